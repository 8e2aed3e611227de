// The board: `wrap` builds the SVG skeleton once per board shape (one <g data-cell> per cell), and
// `renderBoard` then only reconciles attributes and classes on those nodes. `renderMarks` does the same
// for the overlays (the analysis, or the Connections mode's, which takes the board while it is on: its
// own attributes and classes, glyph nodes created on first use).
//
//   svg#board.board [data-size data-width data-height data-to-move data-winner data-rules data-code]
//                   (.analysis while analysis marks are shown, .connections in the Connections mode,
//                    [data-vc-player] while a connection is drawn, [data-overlay="analyse"|...] and
//                    [data-overlay-source="search"|"memo"] while Analyse's lines are shown, remembered or not)
//     defs       clipPath#edge-clip-{top,right,bottom,left} (the bands meet on the corner diagonals)
//     g.edges    polygon.edge-hit[data-edge="top"…] ×4 (the click target of each edge; [data-endpoint]),
//                polyline.edge-glow ×4 (.endpoint: the rim of a picked edge),
//                polyline.edge.edge-black ×2 (top, bottom), polyline.edge.edge-white ×2 (left, right)
//     g.cells[role=grid] > g.row[role=row] ×height  (a keyboard grid: grid.js, renderGrid)
//                g.cell[role=gridcell][tabindex=0|-1][aria-label="c3, black stone"]
//                  [data-cell="c3"][data-stone="b"|"w"]  (.legal .last-move .win-chain | .lose-chain)
//                  [data-chain="winning"|"losing"]  (the chain that decided the game; under Rex the loser's)
//                  [data-mark data-fill-kind data-by]  (.consider .witness .killer .dominator .analysis-focus)
//                  [data-endpoint="from"|"to"] (.mustplay) [data-fill]  (Connections)
//                  polygon.hex, polygon.pat.pat-carrier, polygon.pat.pat-mustplay, circle.stone, circle.dot,
//                  path.vc-cross (the refutation's cross, or a lost move's), path.mark-check (a won move),
//                  g.glyphs[data-glyph data-glyph-kind] (analysis marks, the Connections fill-in),
//                  polygon.hl (highlight outline)
//     polygon.focus-ring[data-cell-ring]  (over the roving cell; shown while a cell has the keyboard focus)
//     g.labels   text.label ×(width + height)

import { cellMarks, currentReport, focusCell, focusCells } from './analysis.js';
import { connectionOverlay } from './connections.js';
import { pageOverlay } from './overlays.js';
import { solveOverlay } from './solve.js';
import { analyseOverlay } from './analyse.js';
import {
  R, W, angleBetween, cellName, center, edgeBands, edgeClips, edgePaths, hexPoints, labelPositions, viewBox,
} from './geometry.js';
import { cellLabel } from './grid.js';
import { chainKind, lastMoveCell, stoneMap } from './state.js';

const SVG = 'http://www.w3.org/2000/svg';
const f = (v) => (v * R).toFixed(2);

function el(name, attrs = {}, parent = null) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

/** Builds the board skeleton for a width × height board inside `container` (replacing any old one). */
/** The narrowest a cell gets on a touch screen, in CSS pixels (a fingertip's width, about). */
export const MIN_CELL_PX = 24;

export function wrap(container, width, height) {
  const svg = el('svg', {
    id: 'board',
    class: 'board',
    viewBox: viewBox(width, height).join(' '),
    'aria-label': `Hex board ${width}×${height}`,
    'data-size': width,
    'data-width': width,
    'data-height': height,
  });
  const defs = el('defs', {}, svg);
  const edges = el('g', { class: 'edges' }, svg);
  const paths = edgePaths(width, height);
  const clips = edgeClips(width, height);
  const bands = edgeBands(width, height);
  const join = (points) => points.map((p) => p.join(',')).join(' ');
  const edgeHits = new Map();
  const sides = [['top', 'black'], ['bottom', 'black'], ['left', 'white'], ['right', 'white']];
  for (const [side, owner] of sides) {
    el('polygon', { points: join(clips[side]) }, el('clipPath', { id: `edge-clip-${side}` }, defs));
    const hit = el('polygon', {
      class: `edge-hit edge-hit-${owner}`,
      points: join(bands[side]),
      'clip-path': `url(#edge-clip-${side})`,
      'data-edge': side,
      'aria-label': `${side} edge`,
    }, edges);
    edgeHits.set(side, hit);
  }
  for (const [side] of sides) {
    el('polyline', { class: `edge-glow edge-glow-${side}`, points: join(paths[side]), 'clip-path': `url(#edge-clip-${side})` }, edges);
  }
  for (const [side, owner] of sides) {
    el('polyline', { class: `edge edge-${owner} edge-${side}`, points: join(paths[side]), 'clip-path': `url(#edge-clip-${side})` }, edges);
  }
  // The cells are a keyboard grid (grid.js): one row element per board row, one focusable gridcell per cell, a
  // roving tabindex (renderGrid gives the one cell in the tab order tabindex 0).
  const cellGroup = el('g', { class: 'cells', role: 'grid', 'aria-label': `Board ${width}×${height}: Black joins top and bottom, White left and right`, 'aria-rowcount': height, 'aria-colcount': width }, svg);
  const hex = hexPoints();
  const cells = new Map();
  for (let row = 0; row < height; row++) {
    const rowGroup = el('g', { class: 'row', role: 'row', 'aria-rowindex': row + 1 }, cellGroup);
    for (let col = 0; col < width; col++) {
      const name = cellName(col, row);
      const [x, y] = center(col, row);
      const g = el('g', {
        class: 'cell', role: 'gridcell', tabindex: -1, 'aria-colindex': col + 1, 'data-cell': name, 'aria-label': `${name}, empty`,
        transform: `translate(${x.toFixed(2)} ${y.toFixed(2)})`,
      }, rowGroup);
      cellParts(g, hex);
      cells.set(name, g);
    }
  }
  // The keyboard focus ring, drawn over every cell (an SVG cell's own outline would be hidden under its neighbours):
  // renderGrid moves it onto the roving cell, CSS shows it while a cell has the keyboard focus.
  const focusRing = el('polygon', { class: 'focus-ring', points: hexPoints(0.97), 'aria-hidden': 'true' }, svg);
  const labels = el('g', { class: 'labels', 'aria-hidden': 'true' }, svg);
  const { letters, numbers } = labelPositions(width, height);
  for (const { text, x, y } of letters) el('text', { class: 'label label-col', x, y }, labels).textContent = text;
  for (const { text, x, y } of numbers) el('text', { class: 'label label-row', x, y }, labels).textContent = text;

  // On a touch screen (base.css) the board is never narrower than MIN_CELL_PX a cell: the board area scrolls
  // sideways instead (a 19x19 board on a 390-px phone). A custom property set through the CSSOM (the CSP forbids
  // style attributes in markup, not this).
  const boxWidth = viewBox(width, height)[2];
  svg.style.setProperty('--board-min-width', `${Math.ceil((boxWidth / W) * MIN_CELL_PX)}px`);

  container.replaceChildren(svg);
  return { svg, cells, edgeHits, focusRing, width, height, key: null, gridCell: null };
}

/**
 * The drawing of one cell inside `g` (a board cell, or a legend icon: panel.js): the hexagon, the Connections
 * mode's patterns (dots on a carrier or key, hatching on the mustplay: marks told apart without colour), the stone
 * (a ghost stone for a key or refutation), the last-move dot and the refutation's cross.
 */
export function cellParts(g, hex = hexPoints()) {
  el('polygon', { class: 'hex', points: hex }, g);
  el('polygon', { class: 'pat pat-carrier', points: hex }, g);
  el('polygon', { class: 'pat pat-mustplay', points: hex }, g);
  el('circle', { class: 'stone', r: (0.7 * R).toFixed(2) }, g);
  el('circle', { class: 'dot', r: (0.17 * R).toFixed(2) }, g);
  el('path', { class: 'vc-cross', d: `M${f(-0.42)} ${f(-0.42)}L${f(0.42)} ${f(0.42)}M${f(0.42)} ${f(-0.42)}L${f(-0.42)} ${f(0.42)}` }, g);
  // A check mark: a move won (Solve, the Openings map, a puzzle's right move), told from a lost one (a small cross,
  // the vc-cross scaled down) by its shape as well as its colour (css/extras.css).
  el('path', { class: 'mark-check', d: `M${f(-0.32)} ${f(0.02)}L${f(-0.1)} ${f(0.26)}L${f(0.34)} ${f(-0.24)}` }, g);
  return g;
}

function setAttr(node, name, value) {
  if (value === null || value === undefined) {
    if (node.hasAttribute(name)) node.removeAttribute(name);
  } else if (node.getAttribute(name) !== String(value)) {
    node.setAttribute(name, value);
  }
}

/** Brings the skeleton `dom` in line with `view` (attributes and classes only); returns false if its shape differs. */
export function renderBoard(dom, view) {
  const width = view.width ?? view.size;
  const height = view.height ?? view.size;
  if (dom.width !== width || dom.height !== height) return false;
  if (dom.key === view.code) return true; // the canonical code determines everything drawn here
  const stones = stoneMap(view);
  // The chain that decided the game: the winner's, or under Rex (misère) the loser's, who joined their own edges.
  const chain = new Set(view.winning_chain ?? []);
  const kind = chainKind(view);
  const legal = new Set(view.legal ?? []);
  const last = lastMoveCell(view);
  for (const [name, g] of dom.cells) {
    setAttr(g, 'data-stone', stones.get(name));
    g.classList.toggle('legal', legal.has(name));
    g.classList.toggle('win-chain', kind === 'winning' && chain.has(name));
    g.classList.toggle('lose-chain', kind === 'losing' && chain.has(name));
    setAttr(g, 'data-chain', chain.has(name) ? kind : null);
    g.classList.toggle('last-move', name === last);
    setAttr(g, 'aria-label', cellLabel(name, view, stones));
  }
  setAttr(dom.svg, 'data-to-move', view.winner ? null : view.to_move);
  setAttr(dom.svg, 'data-winner', view.winner || null);
  setAttr(dom.svg, 'data-rules', view.rules);
  setAttr(dom.svg, 'data-code', view.code);
  dom.key = view.code;
  return true;
}

/**
 * The roving tabindex: `cell` (grid.js gridCell) is the board's one cell in the tab order (tabindex 0), every other
 * cell -1. Focus itself moves only by the keyboard (events.js) or a click, never by a redraw.
 */
export function renderGrid(dom, cell) {
  if (dom.gridCell === cell) return;
  const old = dom.gridCell && dom.cells.get(dom.gridCell);
  if (old) old.setAttribute('tabindex', '-1');
  const next = cell && dom.cells.get(cell);
  if (next) next.setAttribute('tabindex', '0');
  if (next) dom.focusRing.setAttribute('transform', next.getAttribute('transform'));
  setAttr(dom.focusRing, 'data-cell-ring', next ? cell : null);
  dom.gridCell = next ? cell : null;
}

/** Returns `redraw()`, which runs `fn` once on the next animation frame however often it is called. */
export function debounceRedraw(fn) {
  let scheduled = false;
  return function redraw() {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(() => {
      scheduled = false;
      fn();
    });
  };
}

// Analysis overlay ------------------------------------------------------------------------------------

/**
 * Appends the glyphs of one analysis mark to `parent` (a cell, or a legend icon), all hidden by CSS until
 * `data-glyph` picks one: ghost stone (fill-in; dead adds the shade and cross, captured a dashed outline),
 * ring (vulnerable), arrow (dominated, rotated toward `by`), diamond (kinds without their own glyph).
 */
export function glyphs(parent) {
  const g = el('g', { class: 'glyphs' });
  parent.insertBefore(g, parent.querySelector(':scope > .hl')); // under the highlight outline, if any
  el('polygon', { class: 'g-shade', points: hexPoints(0.97) }, g);
  el('circle', { class: 'g-ghost', r: f(0.4) }, g);
  el('path', { class: 'g-cross', d: `M${f(-0.3)} ${f(-0.3)}L${f(0.3)} ${f(0.3)}M${f(0.3)} ${f(-0.3)}L${f(-0.3)} ${f(0.3)}` }, g);
  el('circle', { class: 'g-ring', r: f(0.42) }, g);
  const arrow = el('g', { class: 'g-arrow' }, g);
  el('path', { class: 'g-arrow-shaft', d: `M${f(-0.38)} 0L${f(0.1)} 0` }, arrow);
  el('path', { class: 'g-arrow-head', d: `M${f(0.46)} 0L${f(0.08)} ${f(-0.22)}L${f(0.08)} ${f(0.22)}Z` }, arrow);
  el('path', { class: 'g-other', d: `M0 ${f(-0.3)}L${f(0.3)} 0L0 ${f(0.3)}L${f(-0.3)} 0Z` }, g);
  return g;
}

/** Sets which glyph `g` shows for `mark` (an entry of cellMarks) pointing from `cell`; null hides it. */
export function setGlyph(g, mark, cell) {
  const glyph = !mark ? null : mark.fill ? `fillin-${mark.fill}` : mark.known ? mark.kind : 'other';
  setAttr(g, 'data-glyph', glyph);
  setAttr(g, 'data-glyph-kind', mark?.fillKind ?? null);
  const angle = mark?.by ? angleBetween(cell, mark.by) : null;
  setAttr(g.querySelector('.g-arrow'), 'transform', angle === null ? null : `rotate(${angle.toFixed(1)})`);
}

const HIGHLIGHTS = ['witness', 'killer', 'dominator', 'analysis-focus'];

/**
 * Brings the overlays in line with `state`. In the Connections mode its overlay takes the board (the
 * analysis marks are hidden until the mode is off): `data-mark` = refutation / key / carrier / mustplay /
 * fillin-b / fillin-w, class `mustplay` on every mustplay cell, `data-fill` and the analysis's fill-in glyph
 * (a small ghost stone) on every filled cell, `data-endpoint` on the endpoints picked (cells and edge
 * bands). Otherwise the analysis overlay: data-mark / data-fill-kind / data-by and a glyph on every claimed
 * cell of the current report, `consider` on the consider set, and highlight classes on the cells of the
 * claim in focus. With no report for the board's position (off, pending) nothing is marked.
 */
export function renderMarks(dom, state) {
  const current = !!state.view && dom.key === state.view.code;
  const vc = current ? connectionOverlay(state) : null;
  // The Solve's result (win / loss on every move, the proof explorer's node) takes the board from the analysis.
  // Then a puzzle's marks or the Openings map (overlays.js): the same shape.
  const so = current && !vc ? (solveOverlay(state) ?? pageOverlay(state)) : null;
  // Analyse's heat map and principal variation (analyse.js) come over the analysis's marks, under Solve's.
  const ao = current && !vc && !so ? analyseOverlay(state) : null;
  const report = current && !state.connections?.on && !so ? currentReport(state) : null;
  const marks = cellMarks(report);
  const focus = focusCell(state, marks);
  const vcKey = vc?.key ?? null;
  const soKey = so?.key ?? null;
  const aoKey = ao?.key ?? null;
  if (dom.marksReport === report && dom.marksFocus === focus && dom.marksVc === vcKey && dom.marksSolve === soKey && dom.marksAnalyse === aoKey && dom.marksBoard === dom.key) return;
  dom.marksBoard = dom.key; // renderBoard wrote the cells' labels again: the marks' words go back on
  dom.marksSolve = soKey;
  dom.marksAnalyse = aoKey;
  const stones = current ? stoneMap(state.view) : null;
  dom.marksReport = report;
  dom.marksFocus = focus;
  dom.marksVc = vcKey;
  const consider = new Set(report?.consider ?? []);
  const { witness, killers, by } = focusCells(marks, focus);
  const lit = { witness, killer: killers, dominator: by, 'analysis-focus': new Set(focus ? [focus] : []) };
  for (const [name, g] of dom.cells) {
    const mark = marks.get(name);
    const shown = vc ? vc.marks.get(name) : so ? so.marks.get(name) : (ao?.marks.get(name) ?? mark?.mark);
    setAttr(g, 'data-mark', shown);
    if (stones) setAttr(g, 'aria-label', cellLabel(name, state.view, stones, shown));
    g.classList.toggle('pv', so?.pv === name);
    setAttr(g, 'data-visits', ao?.visits.get(name));
    setAttr(g, 'data-winrate', ao?.winrate.get(name)?.toFixed(3));
    setAttr(g, 'data-heat', ao?.heat.get(name));
    setAttr(g, 'data-pv-order', ao?.order.get(name));
    g.classList.toggle('best', ao?.best === name);
    setAttr(g, 'data-fill-kind', mark?.fillKind);
    const fill = vc ? vc.fill.get(name) : mark?.fill;
    setAttr(g, 'data-fill', fill);
    setAttr(g, 'data-by', mark?.by);
    setAttr(g, 'data-endpoint', vc?.endpoints.get(name));
    g.classList.toggle('mustplay', !!(vc ?? so)?.mustplay.has(name));
    g.classList.toggle('consider', consider.has(name));
    // The Connections fill-in has no kind: the analysis's ghost stone of its colour, without the kind's extras.
    const ghost = so?.glyphs.get(name) ?? ao?.glyphs.get(name);
    const glyphMark = vc ? (fill ? { fill, fillKind: null } : null) : so || ghost ? (ghost ? { fill: ghost, fillKind: null } : null) : mark;
    let glyphNode = g.querySelector(':scope > .glyphs');
    if (glyphMark && !glyphNode) glyphNode = glyphs(g);
    if (glyphNode) setGlyph(glyphNode, glyphMark, name);
    let any = !!vc?.endpoints.has(name);
    for (const cls of HIGHLIGHTS) {
      const on = lit[cls].has(name);
      g.classList.toggle(cls, on);
      any ||= on;
    }
    if (any && !g.querySelector(':scope > .hl')) el('polygon', { class: 'hl', points: hexPoints(0.86) }, g);
  }
  // A witness can be a board edge ("top", "bottom", "left", "right"): its band is highlighted.
  for (const edge of dom.svg.querySelectorAll('.edges .edge')) {
    const side = ['top', 'bottom', 'left', 'right'].find((name) => edge.classList.contains(`edge-${name}`));
    edge.classList.toggle('witness', witness.has(side));
  }
  for (const [side, hit] of dom.edgeHits ?? []) setAttr(hit, 'data-endpoint', vc?.endpoints.get(side));
  for (const glow of dom.svg.querySelectorAll('.edges .edge-glow')) {
    const side = ['top', 'bottom', 'left', 'right'].find((name) => glow.classList.contains(`edge-glow-${name}`));
    glow.classList.toggle('endpoint', !!vc?.endpoints.has(side));
  }
  setAttr(dom.svg, 'data-vc-player', vc?.player);
  dom.svg.classList.toggle('analysis', !!report);
  dom.svg.classList.toggle('connections', !!vc);
  dom.svg.classList.toggle('solved', !!so && !so.page);
  setAttr(dom.svg, 'data-overlay', so?.page ?? (so ? 'solve' : ao ? 'analyse' : null));
  setAttr(dom.svg, 'data-overlay-source', ao?.source); // Analyse's lines: 'search', or 'memo' (remembered)
}
