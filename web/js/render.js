// The board: `wrap` builds the SVG skeleton once per board shape (one <g data-cell> per cell), and
// `renderBoard` then only reconciles attributes and classes on those nodes, so attributes that other
// code adds later (data-mark overlays) survive redraws.
//
//   svg#board.board [data-size data-width data-height data-to-move data-winner data-rules data-code]
//     defs       clipPath#edge-clip-{top,right,bottom,left} (the bands meet on the corner diagonals)
//     g.edges    polyline.edge.edge-black ×2 (top, bottom), polyline.edge.edge-white ×2 (left, right)
//     g.cells    g.cell[data-cell="c3"][data-stone="b"|"w"]  (.legal .last-move .win-chain)
//                  polygon.hex, circle.stone, circle.dot
//     g.labels   text.label ×(width + height)

import { R, cellName, center, edgeClips, edgePaths, hexPoints, labelPositions, viewBox } from './geometry.js';
import { lastMoveCell, stoneMap } from './state.js';

const SVG = 'http://www.w3.org/2000/svg';

function el(name, attrs = {}, parent = null) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

/** Builds the board skeleton for a width × height board inside `container` (replacing any old one). */
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
  const join = (points) => points.map((p) => p.join(',')).join(' ');
  for (const [side, owner] of [['top', 'black'], ['bottom', 'black'], ['left', 'white'], ['right', 'white']]) {
    el('polygon', { points: join(clips[side]) }, el('clipPath', { id: `edge-clip-${side}` }, defs));
    el('polyline', { class: `edge edge-${owner} edge-${side}`, points: join(paths[side]), 'clip-path': `url(#edge-clip-${side})` }, edges);
  }
  const cellGroup = el('g', { class: 'cells' }, svg);
  const hex = hexPoints();
  const cells = new Map();
  for (let row = 0; row < height; row++) {
    for (let col = 0; col < width; col++) {
      const name = cellName(col, row);
      const [x, y] = center(col, row);
      const g = el('g', { class: 'cell', 'data-cell': name, 'aria-label': name, transform: `translate(${x.toFixed(2)} ${y.toFixed(2)})` }, cellGroup);
      el('polygon', { class: 'hex', points: hex }, g);
      el('circle', { class: 'stone', r: (0.7 * R).toFixed(2) }, g);
      el('circle', { class: 'dot', r: (0.17 * R).toFixed(2) }, g);
      cells.set(name, g);
    }
  }
  const labels = el('g', { class: 'labels', 'aria-hidden': 'true' }, svg);
  const { letters, numbers } = labelPositions(width, height);
  for (const { text, x, y } of letters) el('text', { class: 'label label-col', x, y }, labels).textContent = text;
  for (const { text, x, y } of numbers) el('text', { class: 'label label-row', x, y }, labels).textContent = text;

  container.replaceChildren(svg);
  return { svg, cells, width, height, key: null };
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
  const chain = new Set(view.winning_chain ?? []);
  const legal = new Set(view.legal ?? []);
  const last = lastMoveCell(view);
  for (const [name, g] of dom.cells) {
    setAttr(g, 'data-stone', stones.get(name));
    g.classList.toggle('legal', legal.has(name));
    g.classList.toggle('win-chain', chain.has(name));
    g.classList.toggle('last-move', name === last);
  }
  setAttr(dom.svg, 'data-to-move', view.winner ? null : view.to_move);
  setAttr(dom.svg, 'data-winner', view.winner || null);
  setAttr(dom.svg, 'data-rules', view.rules);
  setAttr(dom.svg, 'data-code', view.code);
  dom.key = view.code;
  return true;
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
