// The controller: actions that ask the engine for a new View, then update state, the address bar and
// the screen. Actions run one after another (a queue), each on the View current when it starts, so
// quick clicks are never lost or applied to a stale position. Until the engine has drawn its first position
// there is nothing to act on: clicks and keys made meanwhile are dropped, never queued for the game that loads.
//
// Games are never thrown away: New game (or a pasted link) leaves the current game on a stack (games.js),
// Undo on a game with no move to take back returns to it, and Redo goes forward again. A game is a tree of
// variations (tree.js, moved through by treectrl.js): Undo and Redo walk its current line, a move that differs
// from the line's next one starts a branch. The panel's Size,
// Rules and Swap rule only choose the next game's settings. The address bar gets a history entry for every
// move, new game and pasted link, so the browser's Back and Forward walk the positions (hash.js).

import { cellMarks, createAnalysis, currentReport } from './analysis.js';
import {
  clearEnds, createConnections, finishSearch, followPosition, missingQueries, pickEnd, queryKey, resetAutoPlayer, searchOf,
  setPair, settlePlayer, startSearch, longerBudget, EDGES_OF,
} from './connections.js';
import { clearCode, editCode, turnCode, TOOLS } from './editor.js';
import { arriveAt, branchGame, leaveGame, nextGame, previousGame } from './games.js';
import { hashText, parseViews, readHash, viewValue, writeHash } from './hash.js';
import { keepPlayouts, rememberedPlayouts } from './lines.js';
import { positionKey } from './memo.js';
import { quote } from './quote.js';
import { chooseSettings, moveAnnouncement, setError, setView } from './state.js';
import { lineView, nextOf, nodeAtPly, treeFromView } from './tree.js';
import { createTreeActions, createTreeNav, currentLink } from './treectrl.js';

/**
 * Creates the actions; `redraw()` schedules a render of `state`; `analyst` runs the analyses, `vc` the
 * Connections mode's H-search and `searcher` its connection search (instances of analyst.js, each with its
 * own worker). `clipboard` (navigator.clipboard) and `href()` (the address bar) serve the Copy link button.
 */
export function createCtrl({
  state, engine, analyst, vc, searcher, config, redraw, clipboard = globalThis.navigator?.clipboard, href = () => location.href,
  linkKeys = () => ({}),
}) {
  let queue = Promise.resolve();
  const nav = createTreeNav({ state, engine });

  /**
   * The address bar shows the current position, `view=ica` while the analysis is on, `view=vc` with Connections,
   * and `fillin=1` (`edges=1`) while the Connections mode is on with its fill-in (AND rule through edges) box
   * ticked (with the mode off the boxes are kept for next time, but the link does not carry them).
   */
  function syncHash({ push = false } = {}) {
    const c = state.connections;
    const views = viewValue({ analysis: state.analysis.on, connections: c.on });
    // `linkKeys()`: keys other modules add while they hold the position (a puzzle's `puzzle=`, js/puzzle.js).
    if (state.view) writeHash(currentLink(state), views, { fillin: c.on && c.fillin, edges: c.on && c.edges, ...linkKeys() }, { push, state: nav.historyState() });
  }

  /** The address of the current line alone: the View's code with the page's keys (no other branch, no comment). */
  function lineLink() {
    const c = state.connections;
    const views = viewValue({ analysis: state.analysis.on, connections: c.on });
    const url = new URL(href());
    url.hash = hashText(state.view.code, views, { fillin: c.on && c.fillin, edges: c.on && c.edges });
    return url.href;
  }

  /**
   * Asks for the analysis of the current position if the toggle is on and it is not there or on its way.
   * Marks of an older position disappear at once (status 'pending'): a stale analysis is never shown.
   * While the Connections mode is on its marks take the board, so the analysis waits until it is off.
   */
  function refreshAnalysis() {
    const a = state.analysis;
    const view = state.view;
    if (!a.on || !view || !analyst || a.code === view.code || state.connections.on) return;
    const code = view.code;
    const key = positionKey(view);
    const known = state.memo.get(key, 'analysis');
    if (known) return void Object.assign(a, { code, status: 'ready', report: known, error: null, selected: null, hover: null });
    Object.assign(a, { code, status: 'pending', report: null, error: null, selected: null, hover: null });
    analyst.analyze(code).then(
      (report) => {
        state.memo.set(key, 'analysis', report); // the position's, whatever is shown now
        if (state.analysis !== a || !a.on || a.code !== code) return; // turned off, or another position since
        Object.assign(a, { status: 'ready', report });
        redraw();
      },
      (err) => {
        if (err?.superseded || state.analysis !== a || !a.on || a.code !== code) return;
        Object.assign(a, { status: 'error', error: err.message });
        redraw();
      },
    );
  }

  /**
   * Asks for the H-search answers the Connections mode lacks for the current position (both colours' edges,
   * the pair picked), with fill-in first and the AND rule through edges if their boxes are ticked. A new
   * position drops the old answers at once (never shown on another position) and re-checks the endpoints; the
   * newest request replaces any in flight (analyst.js). Once the fill-in is known, a pair of empty cells is
   * asked for the colour it gave them (settlePlayer; this runs again when the answers arrive).
   */
  function refreshConnections() {
    const c = state.connections;
    const view = state.view;
    if (!c.on || !view || !vc) return;
    if (c.code !== view.code) {
      Object.assign(c, { code: view.code, results: vcAnswers(view, c), pending: null, error: null });
      followPosition(c, view); // drops the search too
      searcher?.cancel();
    }
    if (settlePlayer(state)) searcher?.cancel();
    const missing = missingQueries(c);
    const { fillin, edges } = c;
    const request = JSON.stringify([view.code, fillin, edges, missing]);
    if (!missing.length || c.pending === request || c.error) return;
    const code = view.code;
    const stale = () => state.connections !== c || !c.on || c.code !== code || c.fillin !== fillin || c.edges !== edges;
    c.pending = request;
    vc.run(code, missing, fillin, edges).then(
      ({ results, worker_millis: millis }) => {
        if (stale()) return; // turned off, another position or a box changed since
        missing.forEach((query, i) => c.results.set(queryKey(query), results?.[i] ?? { error: 'no answer from the worker' }));
        if (c.pending === request) c.pending = null;
        c.millis = millis;
        refreshConnections(); // the pair may have been picked meanwhile
        redraw();
      },
      (err) => {
        if (err?.superseded || stale()) return;
        if (c.pending === request) c.pending = null;
        c.error = err.message;
        redraw();
      },
    );
  }

  /** The H-search answers already known for `view`'s position with the boxes of `c` (kept with the position). */
  function vcAnswers(view, c) {
    return state.memo.answers(positionKey(view), `connections ${c.fillin ? 1 : 0}${c.edges ? 1 : 0}`);
  }

  /**
   * "Search deeper": runs `connect` on the pair picked in the search worker (only when H-search found no full
   * connection). A new pick, another position or the mode off drops it (its worker is restarted if it runs
   * on); its answer is shown only if it is still the pair's search.
   */
  function runSearch(nodes = config.searchNodes, longer = false) {
    const c = state.connections;
    const search = startSearch(state, nodes);
    if (!search || !searcher || searchOf(state)?.status === 'running') return;
    search.longer = longer;
    c.search = search;
    searcher.run(search.code, ...search.query, search.nodes).then(
      (report) => {
        if (state.connections !== c || c.search !== search) return; // another pair, position or mode since
        finishSearch(c, search, report);
        redraw();
      },
      (err) => {
        if (err?.superseded || state.connections !== c || c.search !== search) return;
        Object.assign(search, { status: 'error', error: err.message });
        redraw();
      },
    );
    redraw();
  }

  /** Stops the pair's search (the "Stop" button): the pair goes back to what H-search shows. */
  function stopSearch() {
    const c = state.connections;
    searcher?.cancel();
    if (c.search?.status === 'running') {
      c.search = null;
      redraw();
    }
  }

  /** Turns the Connections mode on or off (no queue: it never changes the position). */
  function setConnections(on) {
    on = !!on;
    const c = state.connections;
    if (on === c.on) return;
    if (!on) {
      vc?.cancel();
      searcher?.cancel();
    }
    state.connections = createConnections(on, c.mustplay, c.fillin, c.edges);
    syncHash();
    refreshConnections();
    refreshAnalysis();
    redraw();
  }

  /**
   * A box that changes how H-search is asked (`changes`: `fillin` or `edges`) drops every answer, the one in
   * flight and the pair's search (what it is offered for depends on H-search's answer); the endpoints stay.
   */
  function askAgain(changes) {
    searcher?.cancel();
    Object.assign(state.connections, changes, { pending: null, error: null, millis: null, search: null, chosen: 0, hover: null });
    state.connections.results = state.view ? vcAnswers(state.view, state.connections) : new Map();
  }

  /** After a change of endpoints (which drops the pair's search): ask for what is missing, redraw. */
  function endsChanged() {
    searcher?.cancel();
    state.connections.error = null;
    refreshConnections();
    redraw();
  }

  /** Turns the Analysis toggle on or off (no queue: it never changes the position). */
  function setAnalysis(on) {
    on = !!on;
    if (on === state.analysis.on) return;
    if (!on) analyst?.cancel();
    state.analysis = createAnalysis(on);
    syncHash();
    refreshAnalysis();
    redraw();
  }

  /** The analysis marks shown right now (current position, analysis on and done, no Connections), else an empty Map. */
  function shownMarks() {
    return state.connections.on ? new Map() : cellMarks(currentReport(state));
  }

  /** Runs `job` after every earlier action; its error (if any) goes to #error. */
  function enqueue(job) {
    state.busy++;
    redraw();
    const run = queue.then(job).catch((err) => setError(state, err.message));
    queue = run.finally(() => {
      state.busy--;
      redraw();
    });
    return queue;
  }

  /**
   * Makes `view` current, clears the error unless told otherwise, and syncs the hash (a new history entry with
   * `push`). With `adopt` (another game) the New game choices follow it. The live region says what changed (the
   * move, when `played`).
   */
  function show(view, { keepError = false, push = false, adopt = false, played = false } = {}) {
    if (state.tree) view = lineView(state.tree, view); // the tree's line over the engine's View
    if (view.code !== state.view?.code) state.announcement = moveAnnouncement(state.view, view, { played });
    // The Playouts result shown is the position's: remembered (lines.js) or none.
    const key = positionKey(view);
    if (!state.view || positionKey(state.view) !== key) state.playouts = rememberedPlayouts(state.memo, key);
    setView(state, view, { adopt });
    if (!keepError) setError(state, null);
    syncHash({ push });
    refreshAnalysis();
    refreshConnections();
    redraw();
  }

  async function fresh(settings = state.settings) {
    const { width, height, rules, swapRule } = settings;
    return engine.newGame(width, height, rules, swapRule);
  }

  /**
   * Loads a link or code; on failure keeps the current position (or a default board) and says why. A pasted
   * link (`leave`) leaves the current game on the stack and gets a history entry; a position from the address
   * bar (Back, Forward, an edited hash) that is a game left earlier moves the current one to the other stack.
   */
  async function loadCode(code, source, { leave = false } = {}) {
    try {
      const { view, tree } = await nav.open(code);
      const current = nav.leave(); // kept whole, should it be returned to
      if (leave) leaveGame(state.games, current);
      else arriveAt(state.games, code, current);
      state.tree = tree;
      show(view, { adopt: true, push: leave });
    } catch (err) {
      const what = source ? `${source} ` : '';
      // The link is quoted (quote.js): at most 40 characters of it, control characters escaped.
      setError(state, `Could not load ${what}"${quote(code)}": ${err.message}`);
      if (state.view) syncHash();
      else showNew(await fresh({ width: config.width, height: config.height, rules: config.rules, swapRule: config.swapRule }), { keepError: true, adopt: true });
      redraw();
    }
  }

  /** Undo or Redo across games: shows the game left on top of `games.back` or `games.forward` (`code`, its link). */
  async function returnTo(code) {
    const { view, tree } = await nav.open(code);
    arriveAt(state.games, code, nav.leave());
    state.tree = tree;
    show(view, { adopt: true });
  }

  /** Shows `view` as a new game of one line (New game, an edit, the start). */
  function showNew(view, options) {
    state.tree = treeFromView(view);
    show(view, options);
  }

  /**
   * The Edit mode's change: loads the set-up `code` (null: nothing changes). The first change of an Edit session
   * leaves the game on the stack (Undo returns to it, as after a pasted link) and gets a history entry; the next
   * ones replace it, so Back leaves the whole edit.
   */
  function applyEdit(code) {
    if (!live() || !code) return queue;
    return enqueue(async () => {
      if (!state.view || code === state.view.code) return;
      const view = await engine.loadPosition(code);
      const first = state.edit.edits === 0;
      if (first) leaveGame(state.games, nav.leave());
      else branchGame(state.games);
      state.edit.edits++;
      showNew(view, { adopt: true, push: first });
    });
  }

  /** Whether there is a position to act on (the engine has drawn one): else a click or key is dropped. */
  const live = () => !!state.view && state.engine.status === 'ready';

  const actions = {
    /** Starts the engine, then shows the position in the hash (or a new default game). */
    start: () =>
      enqueue(async () => {
        try {
          const info = await engine.init(config.threads);
          Object.assign(state.engine, info, { status: 'ready' });
        } catch (err) {
          state.engine.status = 'failed';
          throw new Error(`The engine could not start: ${err.message}`);
        }
        const link = readHash();
        const code = link.code;
        const views = parseViews(link.view);
        if (views.has('ica')) state.analysis = createAnalysis(true);
        const { mustplay, fillin, edges } = state.connections;
        if (views.has('vc')) state.connections = createConnections(true, mustplay, fillin, edges);
        if (link.fillin) state.connections.fillin = true;
        if (link.edges) state.connections.edges = true;
        if (code) await loadCode(code, 'link');
        else showNew(await fresh(), { adopt: true });
      }),

    /** Plays a cell or "swap"; clicks on cells the engine does not list as legal are ignored. */
    play: (move) => {
      if (!live()) return queue; // a click on no position (the engine still loading) is not kept for later
      return enqueue(async () => {
        const view = state.view;
        if (!view || state.engine.status !== 'ready') return;
        if (move !== 'swap' && Array.isArray(view.legal) && !view.legal.includes(move)) return;
        const next = await nav.playIn(view, move);
        branchGame(state.games);
        show(next, { push: true, played: true });
      });
    },

    /** Takes back a move (to the node before); with none, returns to the game left by New game (or a pasted link). */
    undo: () => {
      if (!live()) return queue;
      return enqueue(async () => {
        const view = state.view;
        const back = state.tree?.current.parent;
        if (back) show(await nav.navigate(back));
        else if (view && previousGame(state.games)) await returnTo(previousGame(state.games));
      });
    },

    /** Redoes a move (the line's next node); at the end of a game left by Undo across games, goes forward to the newer game. */
    redo: () => {
      if (!live()) return queue;
      return enqueue(async () => {
        const view = state.view;
        const next = state.tree && nextOf(state.tree.current);
        if (next) show(await nav.navigate(next));
        else if (view && nextGame(state.games)) await returnTo(nextGame(state.games));
      });
    },

    /** Jumps to the node after `ply` moves of the current line (0 = the start, Infinity = the end). */
    seek: (ply) =>
      !live() ? queue : enqueue(async () => {
        const view = state.view;
        if (!view || !state.tree) return;
        const target = nodeAtPly(state.tree, Math.max(0, Math.min(ply, view.moves.length)));
        if (target !== state.tree.current) show(await nav.navigate(target));
      }),

    /**
     * A new empty game with the given (or the chosen) settings. The game on the board is left on the stack:
     * Undo (or the browser's Back) brings it back.
     */
    newGame: (settings) => {
      if (!live()) return queue;
      if (settings) chooseSettings(state, settings);
      return enqueue(async () => {
        const view = await fresh(state.settings);
        leaveGame(state.games, nav.leave());
        showNew(view, { adopt: true, push: true });
      });
    },

    /** The panel's Size, Rules or Swap rule changed: the choices wait for New game (the game stays). */
    chooseSettings(settings) {
      chooseSettings(state, settings);
      redraw();
    },

    /**
     * Loads a link or a hash (ignored if it is already the current position). A pasted link (`source` "pasted
     * link") is a new game: the current one is left on the stack and the link gets a history entry.
     */
    load: (code, source) =>
      enqueue(async () => {
        if (!code || code === currentLink(state)) return;
        await loadCode(code, source, { leave: source === 'pasted link' });
      }),

    /**
     * Runs the playouts job on the current position and shows its result (`source: 'run'`), kept with the
     * position: stepping back to it shows the result again (`source: 'memo'`, see show).
     */
    playouts: () =>
      !live() ? queue : enqueue(async () => {
        const view = state.view;
        if (!view) return;
        const key = positionKey(view);
        state.playouts = { running: true };
        redraw();
        let shown;
        try {
          const result = await engine.playouts(view.code, config.playoutCount, config.playoutSeed);
          keepPlayouts(state.memo, key, result);
          shown = { ...result, source: 'run' };
        } catch (err) {
          shown = { error: err.message };
        }
        // Actions run one at a time, so the board still shows the position; should that change, its own shows.
        if (state.view && positionKey(state.view) === key) state.playouts = shown;
      }),

    /** Writes the address bar again (a module's `linkKeys()` changed: a puzzle opened or left). */
    syncLink: () => syncHash(),

    dismissError: () => {
      setError(state, null);
      redraw();
    },

    setAnalysis,
    setConnections,

    /**
     * A click on a cell. In the Edit mode it edits. In the Connections mode it picks an endpoint (with Shift, or
     * once after the bar's "Play a move", it plays). With the
     * analysis on, a cell that shows a mark is selected for explanation (a second click on it deselects
     * it); any other cell clears the selection and is played if legal.
     */
    clickCell(cell, { shift = false } = {}) {
      state.gridCell = cell; // the keyboard's focus follows (Tab comes back here)
      if (state.edit.on) return applyEdit(editCode(state.view, cell, state.edit.tool));
      if (state.connections.on) {
        if (shift) return actions.play(cell);
        if (state.connections.playNext) {
          // One move ("the next tap"), then taps pick again; a tap on a cell that cannot be played keeps waiting.
          if (!(state.view?.legal ?? []).includes(cell)) return queue;
          state.connections.playNext = false;
          redraw();
          return actions.play(cell);
        }
        actions.pick(cell);
        return queue;
      }
      const a = state.analysis;
      if (a.on && shownMarks().has(cell)) {
        a.selected = a.selected === cell ? null : cell;
        redraw();
        return queue;
      }
      if (a.selected) {
        a.selected = null;
        redraw();
      }
      return actions.play(cell);
    },

    /**
     * The Edit mode (`#edit-toggle`): while it is on a click (or Enter) on a cell uses the tool instead of playing,
     * whatever other mode is on. Every change is already the position on the board (a set-up), so leaving it only
     * ends the session.
     */
    setEdit(on) {
      on = !!on;
      if (on === state.edit.on) return;
      Object.assign(state.edit, { on, edits: 0 });
      redraw();
    },

    /** The editor's tool: black, white or empty. */
    setEditTool(tool) {
      if (!TOOLS.includes(tool) || state.edit.tool === tool) return;
      state.edit.tool = tool;
      redraw();
    },

    /** The editor's side to move: the stones become a set-up with `turn` to move. */
    setEditTurn: (turn) => applyEdit(turnCode(state.view, turn)),

    /** The editor's Clear: the empty board of this shape and rules (a set-up, Black to move). */
    clearBoard: () => applyEdit(clearCode(state.view)),

    /** The Copy link button: the address bar (the position's link) to the clipboard; the panel says how it went. */
    copyLink: async () => {
      const link = href();
      try {
        if (!clipboard?.writeText) throw new Error('no clipboard');
        await clipboard.writeText(link);
        state.copied = { status: 'copied', href: link };
      } catch {
        state.copied = { status: 'failed', href: link };
      }
      redraw();
    },

    /** The board cell with the roving keyboard focus (arrow keys, a focus by Tab or click): tabindex 0 goes there. */
    focusCell(cell) {
      if (state.gridCell === cell) return;
      state.gridCell = cell;
      redraw();
    },

    /** A click on an edge band ("top", "bottom", "left", "right"): an endpoint in the Connections mode. */
    clickEdge(edge) {
      if (state.connections.on) actions.pick(edge);
    },

    /** Picks an endpoint (a cell or an edge name) in the Connections mode (see connections.js pickEnd). */
    pick(end) {
      const c = state.connections;
      if (!c.on || !state.view || !end) return;
      pickEnd(c, state.view, String(end));
      endsChanged();
    },

    /** Shows `color`'s connection between its own two edges (the panel's "show" buttons). */
    showEdges(color) {
      const c = state.connections;
      if (!c.on || !EDGES_OF[color]) return;
      setPair(c, color, ...EDGES_OF[color]);
      endsChanged();
    },

    /** The bar's "Play a move" toggle: the next click (tap) on a cell plays there instead of picking an endpoint. */
    setPlayNext(on) {
      const c = state.connections;
      on = !!on && c.on;
      if (c.playNext === on) return;
      c.playNext = on;
      redraw();
    },

    /** Drops the endpoints (the bar's Clear button). */
    clearEnds() {
      clearEnds(state.connections);
      endsChanged();
    },

    /** Escape: drops the endpoints; with none picked, leaves the Connections mode. Also clears the explained cell. */
    escape() {
      const c = state.connections;
      if (c.on) {
        if (c.playNext) actions.setPlayNext(false);
        else if (c.ends.length || c.message) actions.clearEnds();
        else setConnections(false);
      }
      actions.select(null);
    },

    /** The "Shade mustplay" checkbox. */
    setMustplay(on) {
      state.connections.mustplay = !!on;
      redraw();
    },

    /**
     * The "Fill in dead and captured cells first" checkbox (and the hash's `fillin=1`): every answer was asked
     * for the other way, so all are dropped and asked again; the endpoints stay, the pair's search goes (what
     * it is offered for depends on H-search's answer), and a pair of empty cells is the side to move's again
     * until the fill-in (if any) gives it a colour.
     */
    setFillin(on) {
      on = !!on;
      const c = state.connections;
      if (on === c.fillin) return;
      askAgain({ fillin: on });
      resetAutoPlayer(c, state.view); // a pair of empty cells: the side to move's again, until the new fill-in is known
      syncHash();
      refreshConnections();
      redraw();
    },

    /**
     * The "AND rule through edges" checkbox (and the hash's `edges=1`): as the fill-in box, every answer is asked
     * again, now with (or without) `and_over_edges`; the endpoints and their player stay (the fill-in, which
     * may have given a pair of empty cells its colour, does not depend on it).
     */
    setEdges(on) {
      on = !!on;
      if (on === state.connections.edges) return;
      askAgain({ edges: on });
      syncHash();
      refreshConnections();
      redraw();
    },

    /** Shows alternative `index` of the pair while the pointer is on it (null: back to the clicked one). */
    hoverAlternative(index) {
      const c = state.connections;
      const next = Number.isInteger(index) ? index : null;
      if (c.hover === next) return;
      c.hover = next;
      redraw();
    },

    /** Keeps alternative `index` of the pair on the board ('search': the search's answer). */
    chooseAlternative(index) {
      const c = state.connections;
      if (!(Number.isInteger(index) || index === 'search') || c.chosen === index) return;
      c.chosen = index;
      redraw();
    },

    /** The "Search deeper" button: starts the pair's connection search, or stops the one running. */
    searchDeeper() {
      if (searchOf(state)?.status === 'running') stopSearch();
      else runSearch();
    },

    /** "Search longer": after an `unknown` that spent its whole budget, the same search with ten times the nodes. */
    searchLonger() {
      const nodes = longerBudget(state);
      if (nodes) runSearch(nodes, true);
    },
    stopSearch,

    /** Selects a marked cell for explanation (null clears the selection). */
    select(cell) {
      const a = state.analysis;
      const next = cell && shownMarks().has(cell) ? cell : null;
      if (a.selected === next) return;
      a.selected = next;
      redraw();
    },

    /** The pointer is over `cell` (null: off the board); only marked cells are explained on hover. */
    hover(cell) {
      const a = state.analysis;
      const next = a.on && !state.connections.on && cell && shownMarks().has(cell) ? cell : null;
      if (a.hover === next) return;
      a.hover = next;
      redraw();
    },
  };
  // The tree's own actions (branches, comments, files, share links): treectrl.js.
  const leaveForFile = (link) => leaveGame(state.games, link);
  Object.assign(actions, createTreeActions({ state, engine, nav, enqueue, show, live, redraw, sync: () => syncHash(), leaveGame: leaveForFile, lineLink, clipboard }));
  return actions;
}
