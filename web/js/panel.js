// The side panel: status line, error, buttons, choosers, move list, playouts result. Reconciled from state.

import {
  analysisCounts, analysisStatusText, cellMarks, claimFacts, claimText, currentReport, focusCell, isFillin, kindText, kindsText,
} from './analysis.js';
import {
  altText, connectionsStatus, connectionsStatusText, fillinOf, fillinText, keysText, mustplayText, pairText, pairView, promptText,
  longerBudget, searchLines, searchOffered, threat, winningLines,
} from './connections.js';
import { cellParts, glyphs, setGlyph } from './render.js';
import { canRedo, canUndo } from './games.js';
import { colorName, engineText, gameText, playoutsText, settingsPending } from './state.js';

/** Looks up the panel's elements (ids from index.html) once. */
export function panelDom(doc = document) {
  const $ = (id) => doc.getElementById(id);
  return {
    body: doc.body,
    gameStatus: $('game-status'),
    announcer: $('announcer'),
    engineStatus: $('engine-status'),
    error: $('error'),
    errorText: $('error-text'),
    settings: $('settings'),
    settingsNote: $('settings-note'),
    size: $('size'),
    rules: $('rules'),
    swapRule: $('swap-rule'),
    newGame: $('new-game'),
    undo: $('undo'),
    redo: $('redo'),
    swap: $('swap'),
    moves: $('moves'),
    link: $('link'),
    linkForm: $('link-form'),
    hexworld: $('hexworld-link'),
    errorClose: $('error-close'),
    playouts: $('playouts'),
    editToggle: $('edit-toggle'),
    edit: $('edit-panel'),
    editTool: $('edit-tool'),
    editTurn: $('edit-turn'),
    editClear: $('edit-clear'),
    editDone: $('edit-done'),
    copyLink: $('copy-link'),
    copyStatus: $('copy-status'),
    playoutsResult: $('playouts-result'),
    playoutsNote: $('playouts-note'),
    movesKey: null,
    analysisToggle: $('analysis-toggle'),
    analysis: $('analysis-panel'),
    analysisStatus: $('analysis-status'),
    analysisFillin: $('analysis-fillin'),
    analysisInferior: $('analysis-inferior'),
    analysisConsider: $('analysis-consider'),
    analysisDecided: $('analysis-decided'),
    analysisNotes: $('analysis-notes'),
    analysisClaim: $('analysis-claim'),
    analysisPlay: $('analysis-play'),
    analysisLegend: $('analysis-legend'),
    claimKey: undefined,
    notesKey: undefined,
    connectionsToggle: $('connections-toggle'),
    connections: $('connections-panel'),
    connectionsBar: $('connections-bar'),
    connectionsPrompt: $('connections-prompt'),
    connectionsExit: $('connections-exit'),
    connectionsKeys: $('connections-keys'),
    connectionsPlayMode: $('connections-play-mode'),
    connectionsStatus: $('connections-status'),
    connectionsWinning: $('connections-winning'),
    connectionsMessage: $('connections-message'),
    connectionsPair: $('connections-pair'),
    connectionsList: $('connections-list'),
    connectionsSearchBox: $('connections-search-box'),
    connectionsSearch: $('connections-search'),
    connectionsSearchMore: $('connections-search-more'),
    connectionsSearchResult: $('connections-search-result'),
    searchKey: undefined,
    connectionsClear: $('connections-clear'),
    mustplayToggle: $('mustplay-toggle'),
    mustplayStatus: $('mustplay-status'),
    connectionsFillin: $('connections-fillin'),
    connectionsFillinStatus: $('connections-fillin-status'),
    connectionsFillinLegend: $('connections-fillin-legend'),
    connectionsEdges: $('connections-edges'),
    winningKey: undefined,
    altsKey: undefined,
  };
}

const SVG = 'http://www.w3.org/2000/svg';

// What the legend shows: a sample mark per glyph. A ghost stone has the colour the fill-in gives the cell.
const LEGEND = [
  [{ mark: 'dead', fillKind: 'dead', fill: 'b' }, 'dead (fill-in)'],
  [{ mark: 'captured', fillKind: 'captured', fill: 'w' }, 'captured (fill-in)'],
  [{ mark: 'vulnerable', fillKind: null, known: true, kind: 'vulnerable' }, 'vulnerable'],
  [{ mark: 'dominated', fillKind: null, known: true, kind: 'dominated', by: 'b1' }, 'dominated (→ by)'],
  [{ mark: 'other', fillKind: null, known: false, kind: 'other' }, 'reversible, other'],
];

/** A legend icon: a cell with the board's glyph for `mark` (see render.js setGlyph). */
function legendIcon(mark) {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('class', 'legend-icon');
  svg.setAttribute('viewBox', '-18 -20 36 40');
  svg.setAttribute('aria-hidden', 'true');
  const hex = document.createElementNS(SVG, 'polygon');
  hex.setAttribute('class', 'hex');
  hex.setAttribute('points', '0,-20 17.32,-10 17.32,10 0,20 -17.32,10 -17.32,-10');
  svg.appendChild(hex);
  setGlyph(glyphs(svg), mark, 'a1');
  return svg;
}

// The outlines drawn round the cells of the claim in focus (render.js HIGHLIGHTS): colour and dashes.
const OUTLINES = [
  ['witness', 'witness cells (dotted outline)'],
  ['killer', 'killers (dashed outline)'],
  ['dominator', 'dominating move (solid outline)'],
  ['analysis-focus', 'cell explained (thick outline)'],
];

/** A legend icon of one cell (the board's drawing, render.js cellParts) set up by `dress(svg, cell)`. */
function cellIcon(dress) {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('class', 'legend-icon');
  svg.setAttribute('viewBox', '-18 -20 36 40');
  svg.setAttribute('aria-hidden', 'true');
  const cell = cellParts(document.createElementNS(SVG, 'g'));
  cell.setAttribute('class', 'cell');
  svg.appendChild(cell);
  dress(svg, cell);
  return svg;
}

/** An outline icon: a cell with the highlight polygon of `kind` (witness, killer, dominator, analysis-focus). */
function outlineIcon(kind) {
  return cellIcon((svg, cell) => {
    cell.classList.add(`legend-${kind}`); // not the board's class: tests look for `.witness` and so on anywhere
    const hl = document.createElementNS(SVG, 'polygon');
    hl.setAttribute('class', 'hl');
    hl.setAttribute('points', '0,-17.2 14.9,-8.6 14.9,8.6 0,17.2 -14.9,8.6 -14.9,-8.6');
    cell.appendChild(hl);
  });
}

/** Fills the marks legend once (small SVG icons drawn with the board's glyphs), then the outlines' colours. */
export function fillLegend(list) {
  list.replaceChildren();
  for (const [mark, text] of LEGEND) {
    const li = document.createElement('li');
    li.append(legendIcon(mark), document.createTextNode(text));
    list.appendChild(li);
  }
  for (const [kind, text] of OUTLINES) {
    const li = document.createElement('li');
    li.dataset.legend = kind;
    li.append(outlineIcon(kind), document.createTextNode(text));
    list.appendChild(li);
  }
}

// The Connections legend (`li[data-legend]` in index.html): how each mark is drawn on a cell, shape and colour. The
// icons' cells carry `data-legend-mark` / `data-legend-endpoint` (CSS draws them as the board's `data-mark` /
// `data-endpoint`): tests look for the board's marks as `[data-mark]` anywhere on the page.
const VC_MARKS = {
  carrier: (cell) => cell.setAttribute('data-legend-mark', 'carrier'),
  key: (cell) => cell.setAttribute('data-legend-mark', 'key'),
  refutation: (cell) => cell.setAttribute('data-legend-mark', 'refutation'),
  mustplay: (cell) => {
    cell.setAttribute('data-legend-mark', 'mustplay');
    cell.classList.add('legend-mustplay');
  },
  endpoint: (cell) => {
    cell.setAttribute('data-legend-endpoint', 'from');
    const hl = document.createElementNS(SVG, 'polygon');
    hl.setAttribute('class', 'hl');
    hl.setAttribute('points', '0,-17.2 14.9,-8.6 14.9,8.6 0,17.2 -14.9,8.6 -14.9,-8.6');
    cell.appendChild(hl);
  },
};

/** Puts an icon in front of each entry of the Connections legend (drawn as the board draws that mark, for Black). */
export function fillConnectionsLegend(list) {
  for (const li of list.querySelectorAll('li[data-legend]')) {
    const dress = VC_MARKS[li.dataset.legend];
    if (!dress) continue;
    li.querySelector('.legend-icon')?.remove();
    li.prepend(cellIcon((svg, cell) => {
      svg.classList.add('connections');
      svg.setAttribute('data-vc-player', 'b');
      dress(cell);
    }));
  }
}

/** Puts the fill-in icon (the analysis's ghost stone, Black's here) in front of the Connections legend's fill-in entry. */
export function fillFillinLegend(li) {
  li.querySelector('.legend-icon')?.remove();
  li.prepend(legendIcon({ fill: 'b', fillKind: null }));
}

/** Fills the size chooser with min..max (square boards). */
export function fillSizes(select, min, max, selected) {
  select.replaceChildren();
  for (let n = min; n <= max; n++) select.add(new Option(`${n} × ${n}`, String(n), false, n === selected));
}

function setData(node, key, value) {
  if (value === null || value === undefined) delete node.dataset[key];
  else if (node.dataset[key] !== String(value)) node.dataset[key] = value;
}

function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}

/** Size chooser shows the current board; a rectangular board gets its own extra option. */
function renderSize(select, width, height) {
  const value = width === height ? String(width) : `${width}x${height}`;
  let extra = select.querySelector('option[data-extra]');
  if (width !== height) {
    if (!extra) {
      extra = new Option('', '');
      extra.dataset.extra = '';
      select.add(extra);
    }
    extra.value = value;
    extra.textContent = `${width} × ${height}`;
  } else if (extra) {
    extra.remove();
  }
  if (select.value !== value) select.value = value;
}

/**
 * Rebuilds the move list when the moves or the cursor change: one row per move pair, "1. f6 e7", Black's move
 * then White's (`span[data-ply][data-color]`; the first player is Black, so odd plies are Black's), and keeps
 * the current move in view.
 */
function renderMoves(dom, view) {
  const key = view ? `${view.moves.join(',')}|${view.cursor}|${JSON.stringify(view.variations ?? [])}` : '';
  if (dom.movesKey === key) return;
  dom.movesKey = key;
  // The list is rebuilt: a move that had the focus (Enter on it, or an arrow key) gives it to the same ply's new item.
  const focused = dom.moves.contains(document.activeElement) ? document.activeElement.closest?.('[data-ply]')?.dataset.ply : null;
  const moves = view?.moves ?? [];
  const rows = [];
  for (let i = 0; i < moves.length; i += 2) {
    const li = document.createElement('li');
    li.className = 'move-pair';
    li.dataset.pair = String(i / 2 + 1);
    const number = document.createElement('span');
    number.className = 'move-no';
    number.textContent = `${i / 2 + 1}.`;
    li.append(number);
    for (const ply of [i + 1, i + 2]) {
      if (ply > moves.length) break;
      const span = document.createElement('span');
      span.className = 'move';
      span.dataset.ply = String(ply);
      span.dataset.color = view.movers?.[ply - 1] ?? (ply % 2 ? 'b' : 'w');
      span.textContent = moves[ply - 1];
      span.tabIndex = 0; // focusable: Enter goes there (events.js)
      span.setAttribute('role', 'button');
      span.setAttribute('aria-label', `move ${ply}, ${span.dataset.color === 'b' ? 'Black' : 'White'} ${moves[ply - 1]}`);
      if (ply > view.cursor) span.classList.add('future');
      if (ply === view.cursor) {
        span.classList.add('current');
        span.setAttribute('aria-current', 'step');
        li.classList.add('current-pair');
      }
      const others = view.variations?.[ply - 1] ?? [];
      if (others.length) span.dataset.variations = String(others.length);
      li.append(' ', span);
    }
    rows.push(li, ...variationRows(view, i + 1, i + 2));
  }
  dom.moves.replaceChildren(...rows);
  if (focused) dom.moves.querySelector(`[data-ply="${focused}"]`)?.focus({ preventScroll: true });
  const current = dom.moves.querySelector('.current');
  if (current) keepInView(dom.moves, current);
  else if (view && !view.cursor) dom.moves.scrollTop = 0;
}

/**
 * The other branches at moves `from` and `to` of the line (tree.js `lineView`): one row per move that has any,
 * "2. or a5 · c4", each branch a focusable `[data-node]` (a click or Enter goes there).
 */
function variationRows(view, ...plies) {
  const rows = [];
  for (const ply of plies) {
    const others = view.variations?.[ply - 1] ?? [];
    if (!others.length) continue;
    const li = document.createElement('li');
    li.className = 'variations';
    li.dataset.afterPly = String(ply);
    const label = document.createElement('span');
    label.className = 'move-no';
    label.textContent = `${Math.ceil(ply / 2)}${ply % 2 ? '.' : '…'} or`;
    li.append(label);
    for (const other of others) {
      const span = document.createElement('span');
      span.className = 'variation';
      span.dataset.node = String(other.id);
      if (other.color) span.dataset.color = other.color;
      span.textContent = other.move;
      span.tabIndex = 0;
      span.setAttribute('role', 'button');
      span.setAttribute('aria-label', `branch: move ${ply}, ${other.move} instead`);
      li.append(' ', span);
    }
    rows.push(li);
  }
  return rows;
}

/** Scrolls `list` (only: never the panel or the page) so that `item` shows whole in it. */
function keepInView(list, item) {
  const box = list.getBoundingClientRect();
  const top = box.top + list.clientTop;
  const bottom = top + list.clientHeight;
  const r = item.getBoundingClientRect();
  if (r.top < top) list.scrollTop -= top - r.top;
  else if (r.bottom > bottom) list.scrollTop += r.bottom - bottom;
}

/** Brings the panel in line with `state`. */
export function renderPanel(dom, state) {
  const { engine, view } = state;
  const ready = engine.status === 'ready' && !!view;
  setData(dom.body, 'engine', ready ? 'ready' : engine.status);
  setData(dom.body, 'threads', engine.status === 'ready' ? engine.threads : null);
  setData(dom.body, 'isolated', engine.status === 'ready' ? String(engine.isolated) : null);
  setData(dom.body, 'package', engine.package || null);
  setData(dom.body, 'busy', state.busy > 0 ? 'true' : null);

  setText(dom.gameStatus, gameText(view));
  setText(dom.announcer, state.announcement ?? '');
  setText(dom.engineStatus, engineText(engine));
  setData(dom.gameStatus, 'winner', view?.winner || null);

  dom.error.hidden = !state.error;
  setText(dom.errorText, state.error ?? '');

  // The choosers show the next game's settings (state.settings), which wait for New game.
  const next = state.settings;
  renderSize(dom.size, next.width, next.height);
  if (dom.rules.value !== next.rules) dom.rules.value = next.rules;
  if (dom.swapRule.checked !== !!next.swapRule) dom.swapRule.checked = !!next.swapRule;
  const pending = settingsPending(state);
  setData(dom.settings, 'pending', pending ? 'true' : null);
  dom.settingsNote.hidden = !pending;
  dom.undo.disabled = !ready || !canUndo(view, state.games);
  dom.redo.disabled = !ready || !canRedo(view, state.games);
  dom.undo.title = ready && !view.can_undo && canUndo(view, state.games) ? 'Undo (←, u, Ctrl+Z): back to the previous game' : 'Undo (←, u, Ctrl+Z)';
  dom.redo.title = ready && !view.can_redo && canRedo(view, state.games) ? 'Redo (→, r, Ctrl+Y): forward to the newer game' : 'Redo (→, r, Ctrl+Y)';
  dom.swap.disabled = !ready || !view.swap_legal;
  dom.newGame.disabled = !ready;
  dom.playouts.disabled = !ready || !!state.playouts?.running;
  renderMoves(dom, view);
  renderEditor(dom, state);
  renderCopy(dom, state);
  renderAnalysis(dom, state);
  renderConnections(dom, state);

  // `hexworld` (the position in HexWorld's notation) is an extra View field; null when it has no equivalent.
  const hexworld = typeof view?.hexworld === 'string' ? `https://hexworld.org/board/#${view.hexworld}` : null;
  dom.hexworld.hidden = !hexworld;
  if (hexworld && dom.hexworld.getAttribute('href') !== hexworld) dom.hexworld.href = hexworld;

  const p = state.playouts;
  setText(dom.playoutsResult, playoutsText(p));
  dom.playoutsNote.hidden = !(p && !p.running && !p.error);
  setData(dom.playoutsResult, 'playouts', p && !p.running && !p.error ? p.playouts : null);
  setData(dom.playoutsResult, 'blackWins', p && !p.running && !p.error ? p.black_wins : null);
  setData(dom.playoutsResult, 'whiteWins', p && !p.running && !p.error ? p.white_wins : null);
  setData(dom.playoutsResult, 'threads', p && !p.running && !p.error ? p.threads : null);
  setData(dom.playoutsResult, 'source', p && !p.running && !p.error ? p.source : null); // 'run' | 'memo' (remembered)
}

/** The Edit mode: the toggle, its panel, the tool and the side to move (the position's), `body[data-edit]`. */
function renderEditor(dom, state) {
  const e = state.edit;
  const ready = state.engine.status === 'ready' && !!state.view;
  if (dom.editToggle.checked !== e.on) dom.editToggle.checked = e.on;
  dom.editToggle.disabled = !ready;
  dom.edit.hidden = !e.on;
  setData(dom.edit, 'status', e.on ? 'on' : 'off');
  setData(dom.body, 'edit', e.on ? e.tool : null);
  if (dom.editTool.value !== e.tool) dom.editTool.value = e.tool;
  const turn = state.view?.to_move ?? 'b';
  if (dom.editTurn.value !== turn) dom.editTurn.value = turn;
  for (const control of [dom.editTool, dom.editTurn, dom.editClear, dom.editDone]) control.disabled = !ready;
}

/** The Copy link button's answer, while the address bar still holds the link copied. */
function renderCopy(dom, state) {
  const c = state.copied;
  const current = c && c.href === location.href ? c : null;
  setData(dom.copyLink, 'copied', current ? String(current.status === 'copied') : null);
  dom.copyStatus.hidden = !current;
  setText(dom.copyStatus, !current ? '' : current.status === 'copied' ? 'Link copied.' : 'Could not copy: select the address bar and copy it.');
}

/** The explanation of the cell in focus: one block per claim (reason, then kind, fill, by, killers, witness). */
function renderClaim(dom, state, marks, focus) {
  const report = currentReport(state);
  const mark = focus ? marks.get(focus) : null;
  const key = mark ?? (!report ? 'pending' : marks.size ? 'hint' : 'none');
  if (dom.claimKey === key) return;
  dom.claimKey = key;
  if (!mark) {
    const p = document.createElement('p');
    p.className = 'placeholder';
    p.textContent = {
      pending: '',
      hint: 'Point at a marked cell, or click it to keep it here, to see why the engine marks it. Clicking an unmarked cell plays there.',
      none: 'No marked cells in this position.',
    }[key];
    dom.analysisClaim.replaceChildren(p);
    delete dom.analysisClaim.dataset.cell;
    return;
  }
  const blocks = mark.claims.map((claim) => {
    const article = document.createElement('article');
    article.className = 'claim';
    article.dataset.kind = claim.kind;
    const title = document.createElement('h3');
    const cell = document.createElement('span');
    cell.className = 'claim-cell';
    cell.textContent = claim.cell;
    const kind = document.createElement('span');
    kind.className = 'claim-kind';
    kind.textContent = isFillin(claim) ? `${kindText(claim.kind)} · ${colorName(claim.fill)} fill-in` : kindText(claim.kind);
    title.append(cell, ' ', kind);
    const reason = document.createElement('p');
    reason.className = 'reason';
    reason.textContent = claimText(claim.reason); // in words for players: no internal pattern names
    const facts = document.createElement('dl');
    facts.className = 'facts';
    for (const [label, value] of claimFacts(claim)) {
      const dt = document.createElement('dt');
      dt.textContent = label;
      const dd = document.createElement('dd');
      dd.textContent = value;
      dd.dataset.fact = label;
      facts.append(dt, dd);
    }
    article.append(title, reason, facts);
    return article;
  });
  dom.analysisClaim.replaceChildren(...blocks);
  dom.analysisClaim.dataset.cell = focus;
}

/** The analysis part of the panel: toggle, status, counts, decided, notes, the claim in focus. */
export function renderAnalysis(dom, state) {
  const a = state.analysis;
  if (dom.analysisToggle.checked !== a.on) dom.analysisToggle.checked = a.on;
  dom.analysisToggle.disabled = state.engine.status === 'failed';
  dom.analysis.hidden = !a.on;
  // While the Connections mode is on its marks take the board: the analysis waits (status 'paused').
  const paused = a.on && !!state.connections?.on;
  const report = paused ? null : currentReport(state);
  const status = !a.on ? 'off' : paused ? 'paused' : report ? 'ready' : a.status === 'error' ? 'error' : 'pending';
  setData(dom.analysis, 'status', status);
  setData(dom.analysis, 'code', report ? a.code : null);
  setText(dom.analysisStatus, paused ? 'Hidden while Connections is on: its marks take the board.' : analysisStatusText(state));
  dom.analysisStatus.classList.toggle('error', status === 'error');

  const counts = report ? analysisCounts(report) : null;
  const fillKinds = counts?.fillKinds.size ? ` (${kindsText(counts.fillKinds)})` : '';
  setText(dom.analysisFillin, counts ? `Black ${counts.fillinB} · White ${counts.fillinW}${fillKinds}` : '–');
  setText(dom.analysisInferior, counts ? `${counts.inferior}${counts.kinds.size ? ` (${kindsText(counts.kinds)})` : ''}` : '–');
  setText(dom.analysisConsider, counts ? `${counts.consider} move${counts.consider === 1 ? '' : 's'}` : '–');
  setData(dom.analysis, 'fillinB', counts?.fillinB);
  setData(dom.analysis, 'fillinW', counts?.fillinW);
  setData(dom.analysis, 'inferior', counts?.inferior);
  setData(dom.analysis, 'consider', counts?.consider);

  const decided = report?.decided === 'b' || report?.decided === 'w' ? report.decided : null;
  dom.analysisDecided.hidden = !decided;
  setText(dom.analysisDecided, decided ? `Decided: ${colorName(decided)} wins (the fill-in completes a ${colorName(decided)} chain).` : '');
  setData(dom.analysis, 'decided', decided);

  const notes = report?.notes ?? [];
  const notesKey = notes.join('\n');
  if (dom.notesKey !== notesKey) {
    dom.notesKey = notesKey;
    dom.analysisNotes.replaceChildren(...notes.map((note) => Object.assign(document.createElement('li'), { textContent: note })));
  }
  dom.analysisNotes.hidden = !notes.length;

  const marks = cellMarks(report);
  const focus = focusCell(state, marks);
  renderClaim(dom, state, marks, report ? focus : null);
  setData(dom.analysis, 'focus', focus);

  // Playing a marked cell takes this button: a click on it on the board explains it instead.
  const view = state.view;
  const playable = !!(focus && view && !view.winner && (view.legal ?? []).includes(focus) && state.engine.status === 'ready');
  dom.analysisPlay.hidden = !playable;
  if (playable) {
    setText(dom.analysisPlay, `Play ${focus} anyway`);
    dom.analysisPlay.dataset.cell = focus;
  } else {
    delete dom.analysisPlay.dataset.cell;
  }
}

/**
 * The Connections part: toggle, the bar over the board, status, winning lines, message, the pair and its list,
 * fill-in, mustplay.
 */
export function renderConnections(dom, state) {
  const c = state.connections;
  if (dom.connectionsToggle.checked !== c.on) dom.connectionsToggle.checked = c.on;
  dom.connectionsToggle.disabled = state.engine.status === 'failed';
  dom.connections.hidden = !c.on;
  dom.connectionsBar.hidden = !c.on;
  const status = connectionsStatus(state);
  setData(dom.connections, 'status', status);
  setData(dom.connections, 'code', status === 'ready' ? c.code : null);
  setText(dom.connectionsStatus, connectionsStatusText(state));
  dom.connectionsStatus.classList.toggle('error', status === 'error');
  setText(dom.connectionsPrompt, promptText(state));
  setText(dom.connectionsKeys, keysText(!!state.device?.coarse));
  dom.connectionsPlayMode.setAttribute('aria-pressed', String(!!(c.on && c.playNext)));
  dom.connectionsPlayMode.disabled = !state.view || !!state.view.winner;

  // Winning connections of either side, each with a button that draws it.
  const lines = c.on ? winningLines(state) : [];
  setData(dom.connections, 'winning', lines.filter((l) => l.kind === 'winning').map((l) => l.color).join(' ') || null);
  setData(dom.connections, 'winningSemi', lines.filter((l) => l.kind === 'semi').map((l) => l.color).join(' ') || null);
  const winningKey = JSON.stringify(lines);
  if (dom.winningKey !== winningKey) {
    dom.winningKey = winningKey;
    dom.connectionsWinning.replaceChildren(
      ...lines.map((line) => {
        const p = document.createElement('p');
        p.className = `winning-line winning-${line.kind}`;
        if (line.color) p.dataset.color = line.color;
        p.append(line.text);
        if (line.show) {
          const button = document.createElement('button');
          button.type = 'button';
          button.className = 'link-button';
          button.dataset.show = line.show;
          button.textContent = 'show';
          button.title = 'Draw this connection between the two edges';
          p.append(' ', button);
        }
        return p;
      }),
    );
  }

  dom.connectionsMessage.hidden = !c.message;
  setText(dom.connectionsMessage, c.message ?? '');

  // The pair: a sentence and the list of alternatives (the one on the board is .shown).
  const { query, result, joined, alts, shown, search } = c.on ? pairView(state) : { query: null, result: null, alts: [], shown: null, search: null };
  setData(dom.connections, 'player', query ? query[0] : null);
  setData(dom.connections, 'from', c.on ? c.ends[0] : null);
  setData(dom.connections, 'to', c.on ? c.ends[1] : null);
  const pair = !query ? null : !result ? 'pending' : result.error ? 'error' : joined ? 'joined' : alts.length ? 'found' : 'none';
  setData(dom.connections, 'pair', pair);
  setData(dom.connections, 'alternatives', result?.report ? alts.length : null);
  setData(dom.connections, 'shown', shown);
  setText(dom.connectionsPair, c.on ? pairText(state) : '');
  dom.connectionsPair.hidden = !query;
  dom.connectionsPair.classList.toggle('error', pair === 'error');
  renderSearch(dom, state, search, shown);
  const altsKey = JSON.stringify(alts);
  if (dom.altsKey !== altsKey) {
    dom.altsKey = altsKey;
    dom.connectionsList.replaceChildren(
      ...alts.map((alt, i) => {
        const li = document.createElement('li');
        li.dataset.alt = String(i);
        li.dataset.kind = alt.kind;
        li.dataset.size = String(alt.size);
        li.dataset.carrier = alt.carrier.join(' ');
        if (alt.key) li.dataset.key = alt.key;
        li.tabIndex = 0;
        const head = document.createElement('span');
        head.className = 'alt-head';
        head.textContent = altText(alt);
        const body = document.createElement('span');
        body.className = 'alt-cells';
        body.textContent = alt.carrier.join(' ');
        li.append(head, body);
        return li;
      }),
    );
  }
  for (const li of dom.connectionsList.children) {
    const on = Number(li.dataset.alt) === shown;
    li.classList.toggle('shown', on);
    if (on) li.setAttribute('aria-current', 'true');
    else li.removeAttribute('aria-current');
  }
  dom.connectionsList.hidden = !alts.length;
  dom.connectionsClear.disabled = !c.ends.length && !c.message;

  // Fill-in: the checkbox, what it filled (counts by colour), and its legend entry.
  if (dom.connectionsFillin.checked !== c.fillin) dom.connectionsFillin.checked = c.fillin;
  const filled = c.on ? fillinOf(state) : null;
  dom.connectionsFillinStatus.hidden = !filled;
  setText(dom.connectionsFillinStatus, filled ? fillinText(state) : '');
  setData(dom.connections, 'fillin', c.on && c.fillin ? 'on' : null);
  setData(dom.connections, 'fillinB', filled ? filled.b.length : null);
  setData(dom.connections, 'fillinW', filled ? filled.w.length : null);
  dom.connectionsFillinLegend.hidden = !c.fillin;

  // The AND rule through edges: the checkbox, and `data-edges` while the mode asks that way.
  if (dom.connectionsEdges.checked !== c.edges) dom.connectionsEdges.checked = c.edges;
  setData(dom.connections, 'edges', c.on && c.edges ? 'on' : null);

  // Mustplay: the checkbox and what it means here.
  if (dom.mustplayToggle.checked !== c.mustplay) dom.mustplayToggle.checked = c.mustplay;
  const t = c.on && c.mustplay ? threat(state) : null;
  dom.mustplayStatus.hidden = !t;
  setText(dom.mustplayStatus, t ? mustplayText(state) : '');
  setData(dom.mustplayStatus, 'threat', t?.kind);
  setData(dom.mustplayStatus, 'count', t ? t.cells.length : null);
}

/**
 * "Search deeper": the button (offered when H-search finds no full connection; "Stop" while running) and the
 * answer, with a "show" button when an alternative is on the board instead. `#connections-panel[data-search]`
 * holds the status (running, connected, refuted, unknown, error); the answer's element holds the figures.
 */
function renderSearch(dom, state, search, shown) {
  const offered = searchOffered(state);
  const status = search?.status ?? null;
  const running = status === 'running';
  dom.connectionsSearchBox.hidden = !offered && !search;
  // Stop stays reachable for as long as a search runs, even while the pair's H-search answer is being asked again.
  dom.connectionsSearch.hidden = !running && (!offered || (!!search && status !== 'error'));
  setText(dom.connectionsSearch, running ? 'Stop search' : status === 'error' ? 'Search again' : 'Search deeper');
  dom.connectionsSearch.classList.toggle('busy', running);
  if (running) dom.connectionsSearch.setAttribute('aria-busy', 'true');
  else dom.connectionsSearch.removeAttribute('aria-busy');
  setData(dom.connections, 'search', status);
  // "Search longer" after an answer of `unknown` that spent its whole budget: ten times the nodes.
  const more = longerBudget(state);
  dom.connectionsSearchMore.hidden = !more;
  if (more) {
    setText(dom.connectionsSearchMore, `Search longer (${more.toLocaleString('en-US')} nodes)`);
    setData(dom.connectionsSearchMore, 'nodes', more);
  }

  const out = dom.connectionsSearchResult;
  const r = search?.report ?? null;
  setData(out, 'status', status);
  setData(out, 'nodes', r?.nodes ?? null);
  setData(out, 'millis', typeof r?.millis === 'number' ? Math.round(r.millis) : null);
  setData(out, 'by', r?.by ?? null);
  setData(out, 'refutation', r?.refutation ?? null);
  setData(out, 'semiKey', r?.semi?.key ?? null);
  setData(out, 'carrier', status === 'connected' ? (r.carrier ?? []).join(' ') : null);
  out.hidden = !search;
  out.classList.toggle('error', status === 'error');
  out.classList.toggle('busy', running);
  const lines = searchLines(state);
  const showable = status === 'connected' || status === 'refuted';
  const key = JSON.stringify([lines, showable && shown !== 'search']);
  if (dom.searchKey === key) return;
  dom.searchKey = key;
  out.replaceChildren(
    ...lines.map((line, i) => {
      const p = document.createElement('p');
      p.className = i === 0 ? 'search-verdict' : 'search-more';
      p.append(line);
      if (i === 0 && showable && shown !== 'search') {
        const button = document.createElement('button');
        button.type = 'button';
        button.className = 'link-button';
        button.dataset.showSearch = '';
        button.textContent = 'show';
        button.title = "Draw the search's answer on the board";
        p.append(' ', button);
      }
      return p;
    }),
  );
}
