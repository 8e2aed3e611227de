// Entry point: state + engine + controller, the board and panel renderers, and the listeners.

import { createAnalyst } from './analyst.js';
import { defaults } from './config.js';
import { createCtrl } from './ctrl.js';
import { bindDebug } from './debug.js';
import { createEngine } from './engine.js';
import { bindBoard, bindGridKeys, bindHover, bindKeys, bindPanel, listen } from './events.js';
import { gridCell } from './grid.js';
import { bindHash, parseViews, readHash } from './hash.js';
import { fillConnectionsLegend, fillFillinLegend, fillLegend, fillSizes, panelDom, renderPanel } from './panel.js';
import { debounceRedraw, renderBoard, renderGrid, renderMarks, wrap } from './render.js';
import { createState } from './state.js';
import { createWasm } from './wasm.js';
import { createSolve, renderSolve, solveDom } from './solve.js';
import { createSolver } from './solver.js';
import { createStore } from './store.js';
import { createThinker } from './thinker.js';
import { createPlay } from './play.js';
import { createAnalyse } from './analyse.js';
import { analyseDom, playDom, renderAnalyse, renderPlay } from './play-panel.js';
import { bindTree, renderTree, treeDom } from './treepanel.js';
import { mountExtras } from './extras.js';
import { startOffline } from './offline.js';
import { puzzleKeys } from './puzzle.js';

/** Mounts the analysis board on the page's fixed elements; returns { state, actions, destroy }. */
export function start(config = defaults) {
  const state = createState(config);
  const boardWrap = document.getElementById('board-wrap');
  const panel = panelDom();
  fillSizes(panel.size, config.minSize, config.maxSize, config.width);
  fillLegend(panel.analysisLegend);
  fillFillinLegend(panel.connectionsFillinLegend);
  fillConnectionsLegend(document.getElementById('connections-legend'));
  // No board is drawn until the engine has given the first position (the link's, or a new game): a placeholder
  // board of another size would take clicks meant for nothing (see ctrl.js: they are dropped anyway).
  let board = null;

  const redraw = debounceRedraw(() => {
    const view = state.view;
    if (view && (!board || !renderBoard(board, view))) {
      board = wrap(boardWrap, view.width ?? view.size, view.height ?? view.size);
      renderBoard(board, view);
    }
    // Analyse and Solve follow the position before the marks are drawn: lines remembered for it show in this very
    // frame, and a solve of the previous position never marks the new one, not even for one frame.
    analyse.follow(view);
    solve.follow(view);
    if (view) renderMarks(board, state);
    if (view) renderGrid(board, gridCell(state.gridCell, view));
    else boardWrap.dataset.empty = state.engine.status === 'failed' ? 'failed' : 'loading';
    if (view) delete boardWrap.dataset.empty;
    renderLoading(loadingDom, state);
    renderPanel(panel, state);
    renderTree(treePanel, state);
    renderSolve(solvePanel, state);
    play.follow(view);
    renderPlay(playPanel, state);
    renderAnalyse(analysePanel, state);
    extras.follow(view);
    extras.render();
  });
  const solvePanel = solveDom();
  const treePanel = treeDom();
  const playPanel = playDom();
  const analysePanel = analyseDom();

  const loadingDom = {
    box: document.getElementById('engine-loading'),
    bar: document.getElementById('engine-progress'),
    text: document.getElementById('engine-progress-text'),
  };
  const onProgress = (progress) => {
    state.engine.progress = progress;
    redraw();
  };
  // The engine's wasm, downloaded and compiled once here and handed to every worker (see wasm.js).
  const { load: wasm } = createWasm({ onProgress });
  const engine = createEngine({ onProgress, wasm });
  // A second worker for the analysis only, so a long analysis never delays a move (see analyst.js).
  const analyst = createAnalyst({ restartAfterMs: config.analysisRestartMs, wasm });
  // A third worker for the Connections mode's H-search, on the same terms.
  const vc = createAnalyst({ restartAfterMs: config.analysisRestartMs, method: 'connections', label: 'connections', wasm });
  // A fourth for its "Search deeper" (started on first use), so a long search never holds up H-search.
  const searcher = createAnalyst({ restartAfterMs: config.analysisRestartMs, method: 'connect', label: 'connection search', wasm });
  // A puzzle on the board adds its keys to the link (puzzle.js).
  const actions = createCtrl({ state, engine, analyst, vc, searcher, config, redraw, linkKeys: () => puzzleKeys(state) });
  // A fifth for Solve (started on first use), with a pool of its own; solved positions are kept in IndexedDB.
  const solver = createSolver({ wasm });
  const store = createStore();
  const solve = createSolve({ state, solver, store, redraw });
  // A sixth for Play and Analyse (started on first use), with a pool of its own: the player keeps its tree.
  const thinker = createThinker({ wasm });
  const play = createPlay({ state, thinker, actions, redraw, budgetMs: () => config.playBudgetMs });
  const analyse = createAnalyse({ state, thinker, actions, redraw });
  // Puzzles, the Openings view and Export (extras.js): Solve's worker and store.
  const extras = mountExtras({ state, engine, solver, store, actions, redraw, boardWrap });
  // A click or Enter on a cell: Play (the player's turn), then Solve's proof explorer, then a puzzle, may take it
  // before the controller.
  const clickCell = (cell, how) =>
    (!state.edit.on && play.clickCell(cell)) ||
    (!state.connections.on && !state.edit.on && !how?.shift && (solve.clickCell(cell) || extras.clickCell(cell))) ||
    actions.clickCell(cell, how);
  // A touch screen (no fine pointer) gets hints without Shift and Esc; the query is followed (a tablet's mouse).
  const coarse = globalThis.matchMedia?.('(pointer: coarse)');
  const followPointer = () => {
    state.device.coarse = !!coarse?.matches;
    redraw();
  };
  followPointer();
  coarse?.addEventListener?.('change', followPointer);
  const unbinds = [
    () => coarse?.removeEventListener?.('change', followPointer),
    bindBoard(boardWrap, clickCell, (edge) => actions.clickEdge(edge)),
    listen(solvePanel.button, 'click', () => solve.solve()),
    listen(solvePanel.stop, 'click', () => solve.stop()),
    listen(solvePanel.crumbs, 'click', (e) => {
      const crumb = e.target.closest?.('[data-crumb]');
      if (crumb) solve.back(Number(crumb.dataset.crumb));
    }),
    listen(solvePanel.children, 'click', (e) => {
      const move = e.target.closest?.('[data-move]');
      if (move) solve.step(move.dataset.move);
    }),
    // Play and Analyse share the player's worker: one on turns the other off.
    listen(playPanel.toggle, 'change', () => {
      if (playPanel.toggle.checked) analyse.setOn(false);
      play.setOn(playPanel.toggle.checked);
    }),
    listen(playPanel.color, 'change', () => play.setColor(playPanel.color.value)),
    listen(playPanel.level, 'change', () => play.setLevel(playPanel.level.value)),
    listen(playPanel.newGame, 'click', () => play.newGame()),
    listen(playPanel.now, 'click', () => play.moveNow()),
    listen(analysePanel.toggle, 'change', () => {
      if (analysePanel.toggle.checked) play.setOn(false);
      analyse.setOn(analysePanel.toggle.checked);
    }),
    listen(analysePanel.stop, 'click', () => analyse.stop()),
    listen(analysePanel.resume, 'click', () => analyse.resume()),
    listen(analysePanel.play, 'click', () => analyse.playBest()),
    listen(analysePanel.back, 'click', () => analyse.setStep(state.analyse.step - 1)),
    listen(analysePanel.next, 'click', () => analyse.setStep(state.analyse.step + 1)),
    listen(analysePanel.pv, 'click', (e) => {
      const item = e.target.closest?.('[data-step]');
      if (item) analyse.setStep(Number(item.dataset.step));
    }),
    bindHover(boardWrap, (cell) => actions.hover(cell)),
    bindGridKeys(boardWrap, { ...actions, clickCell }),
    bindPanel(panel, actions),
    bindTree(treePanel, actions),
    bindKeys(actions),
    bindHash((code, view, { fillin, edges, ...keys }) => {
      const views = parseViews(view);
      actions.setAnalysis(views.has('ica'));
      actions.setConnections(views.has('vc'));
      // The link carries the fill-in and edges boxes only with the mode on: without `view=vc` (and without
      // `fillin=1`, `edges=1`) it says nothing about a box, which keeps its state for the next time the mode is on.
      if (views.has('vc') || fillin) actions.setFillin(fillin);
      if (views.has('vc') || edges) actions.setEdges(edges);
      if (keys.puzzle !== undefined) extras.openLink(code, keys);
      else actions.load(code, 'link');
    }),
    // `?debug` only: tests kill workers through window.__hexlab (debug.js).
    bindDebug({ engine, analysis: analyst, connections: vc, search: searcher, solver, player: thinker }),
    () => extras.unbind(),
  ];
  redraw();
  // A puzzle link: the controller loads its position (and rewrites the address without the puzzle's keys, which
  // it does not know), then the puzzle takes it over.
  const link = readHash();
  actions.start().then(() => {
    if (link.puzzle !== undefined) extras.openLink(link.code, link);
  });
  return {
    state,
    actions,
    engine,
    analyst,
    vc,
    searcher,
    solver,
    solve,
    thinker,
    play,
    analyse,
    extras,
    destroy() {
      unbinds.forEach((unbind) => unbind());
      engine.terminate();
      analyst.terminate();
      vc.terminate();
      searcher.terminate();
      solver.terminate();
      thinker.terminate();
    },
  };
}

const MB = (bytes) => (bytes / 1e6).toFixed(1);

/**
 * The engine's load while no board is drawn: `#engine-loading[data-stage]` (`downloading|compiling|threads`,
 * absent before the first word from the worker) with `#engine-progress` (the bytes downloaded of the size when
 * known, else no value: an indeterminate bar) and a line of text; hidden once the engine is ready or failed.
 */
function renderLoading(dom, state) {
  if (!dom.box) return;
  const loading = state.engine.status === 'loading' && !state.view;
  dom.box.hidden = !loading;
  if (!loading) return;
  const p = state.engine.progress ?? null;
  if (p?.stage) dom.box.dataset.stage = p.stage;
  else delete dom.box.dataset.stage;
  const known = p?.stage === 'downloading' && p.total > 0;
  if (known) {
    dom.bar.max = p.total;
    dom.bar.value = Math.min(p.loaded ?? 0, p.total);
  } else if (p?.stage === 'compiling' || p?.stage === 'threads') {
    dom.bar.max = 1;
    dom.bar.value = 1;
  } else {
    dom.bar.removeAttribute('value'); // indeterminate
  }
  let text = 'Loading the engine…';
  if (p?.stage === 'downloading') {
    text = known
      ? `Downloading the engine… ${MB(p.loaded ?? 0)} of ${MB(p.total)} MB (${Math.floor((100 * (p.loaded ?? 0)) / p.total)}%)`
      : p.loaded
        ? `Downloading the engine… ${MB(p.loaded)} MB`
        : 'Downloading the engine…';
  } else if (p?.stage === 'compiling') text = 'Compiling the engine…';
  else if (p?.stage === 'threads') text = `Starting ${p.total} engine thread${p.total === 1 ? '' : 's'}…`;
  if (dom.text.textContent !== text) dom.text.textContent = text;
}

window.hexlab = start();
// Offline use and cross-origin isolation where the host sends no headers (offline.js, ../sw.js).
startOffline();
