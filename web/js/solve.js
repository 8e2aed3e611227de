// Solve: proves who wins the position on the board (the solver worker, js/solver.js), marks every legal move
// won or lost for the side to move, and browses the proof (the proof explorer), with the results kept in the
// browser's store (js/store.js).
//
// `state.solve` holds everything shown; `createSolve` the actions (dependencies injected: the solver client,
// the store, the redraw); `solveOverlay(state)` what the board marks (render.js), `renderSolve` the panel.
//
// The policy:
//   - A result belongs to one position (`code`): another position on the board hides it, a solve running is
//     stopped; coming back to a stored position shows it again from the store without solving.
//   - Solve looks in the store first; only a position not stored is solved (progress after each slice), and a
//     solved one is stored.
//   - Stop answers within 100 ms (solver.js); `stopMs` keeps the time from the click to the answer.
//   - The proof explorer: `path` is the list of moves from the solved position, each crumb keeps its node;
//     stepping into a move asks the worker to explain that node (its table knows it after the solve; after a
//     reload it solves the node again, small next to the solve).

import { playedCode } from './memo.js';
import { colorName, opponent } from './state.js';

export function createSolveState() {
  return {
    code: null, // the position the rest is about
    status: 'idle', // 'idle' | 'running' | 'stopping' | 'stopped' | 'solved' | 'error'
    source: null, // 'solver' | 'store'
    progress: null, // the last { nodes, ms, phi, delta, table_entries, table_capacity, threads }
    progressEvents: 0, // progress reports heard for this position (a stored result has none)
    report: null, // the SolveReport
    crumbs: [], // the proof explorer: [{ move, color, node }] from the solved position (empty: at its root)
    node: null, // the ProofNode shown (the root's or the last crumb's)
    nodeStatus: 'idle', // 'idle' | 'loading' | 'error'
    error: null,
    stopMs: null, // from the Stop click to the stopped answer
  };
}

/** The actions. `now` can be replaced (unit tests). */
export function createSolve({ state, solver, store, redraw, now = () => performance.now() }) {
  state.solve ??= createSolveState();
  let token = 0; // the newest request about the position: older answers are dropped

  function reset(code) {
    state.solve = Object.assign(createSolveState(), { code });
    token++;
  }

  function showSolved(report, source) {
    Object.assign(state.solve, { status: 'solved', source, report, crumbs: [], node: report.proof ?? null, nodeStatus: 'idle' });
  }

  /** Looks for `code` in the store; shows it when found (and nothing else happened meanwhile). */
  async function lookUp(code) {
    const mine = token;
    const stored = await store?.get(playedCode(code)).catch(() => null); // by the moves played: any redo tail
    if (mine !== token || state.solve.code !== code) return false;
    if (!stored?.report?.all_winning) return false; // a puzzle's or the openings' solve: the winner only
    showSolved(stored.report, 'store');
    redraw();
    return true;
  }

  const actions = {
    /** The board shows `view`: another position drops the result (a solve running stops) and looks in the store. */
    follow(view) {
      const code = view?.code ?? null;
      if (code === state.solve.code) return;
      if (state.solve.status === 'running' || state.solve.status === 'stopping') solver.stop();
      reset(code);
      if (code) lookUp(code);
    },

    /** The Solve button: the stored result, else a solve in the worker. */
    async solve() {
      const view = state.view;
      if (!view || state.solve.status === 'running' || state.solve.status === 'stopping') return;
      if (state.solve.code !== view.code) reset(view.code);
      const code = view.code;
      Object.assign(state.solve, { status: 'running', error: null, progress: null, stopMs: null });
      redraw();
      if (await lookUp(code)) return;
      if (state.solve.code !== code) return; // another position meanwhile
      const mine = ++token;
      state.solve.status = 'running';
      try {
        const result = await solver.solve(code, {
          onProgress(progress) {
            if (mine !== token) return;
            state.solve.progress = progress;
            state.solve.progressEvents++;
            redraw();
          },
        });
        if (mine !== token) return;
        if (result.status === 'solved') {
          const { status, threads, ...report } = result;
          showSolved(report, 'solver');
          store?.put(playedCode(code), report).catch(() => false);
        } else {
          if (state.solve.stopClicked !== undefined) state.solve.stopMs = now() - state.solve.stopClicked;
          Object.assign(state.solve, { status: 'stopped', progress: { ...(state.solve.progress ?? {}), ...result } });
        }
      } catch (err) {
        if (mine !== token) return;
        Object.assign(state.solve, { status: 'error', error: err.message });
      }
      redraw();
    },

    /** The Stop button. */
    stop() {
      if (state.solve.status !== 'running') return;
      state.solve.status = 'stopping';
      state.solve.stopClicked = now();
      solver.stop();
      redraw();
    },

    /** Steps into `move` of the node shown. */
    step(move) {
      const s = state.solve;
      if (s.status !== 'solved' || !s.node || s.nodeStatus === 'loading') return false;
      const color = s.node.to_move;
      const crumbs = [...s.crumbs, { move, color, parent: s.node, node: null }];
      return showCrumbs(crumbs);
    },

    /** Goes back to crumb `index` (0: the solved position). */
    back(index) {
      const s = state.solve;
      if (s.status !== 'solved' || index < 0 || index > s.crumbs.length) return;
      showCrumbs(s.crumbs.slice(0, index));
    },

    /**
     * A click on the board: steps into a marked move while a result is shown (true). Inside the proof (a crumb
     * taken) the board shows a position of the proof, not the game: other clicks are swallowed (true) too.
     * Otherwise false: the click plays as always.
     */
    clickCell(cell) {
      const overlay = solveOverlay(state);
      if (!overlay) return false;
      const mark = overlay.marks.get(cell);
      if (mark === 'win' || mark === 'loss') actions.step(cell);
      return mark === 'win' || mark === 'loss' || state.solve.crumbs.length > 0;
    },
  };

  function showCrumbs(crumbs) {
    const s = state.solve;
    s.crumbs = crumbs;
    const last = crumbs.at(-1);
    if (!last) {
      Object.assign(s, { node: s.report.proof ?? null, nodeStatus: 'idle' });
      redraw();
      return true;
    }
    if (last.node) {
      Object.assign(s, { node: last.node, nodeStatus: 'idle' });
      redraw();
      return true;
    }
    Object.assign(s, { node: null, nodeStatus: 'loading' });
    redraw();
    const mine = ++token;
    const code = s.code;
    solver.explain(code, crumbs.map((c) => c.move)).then(
      (node) => {
        if (mine !== token || state.solve.code !== code) return;
        last.node = node;
        Object.assign(state.solve, { node, nodeStatus: 'idle' });
        redraw();
      },
      (err) => {
        if (mine !== token || state.solve.code !== code) return;
        Object.assign(state.solve, { nodeStatus: 'error', error: err.message });
        redraw();
      },
    );
    return true;
  }

  return actions;
}

/**
 * What the board marks for the result shown (null: nothing): `marks` cell -> `data-mark`, `mustplay` (cells
 * shaded), `glyphs` cell -> 'b' | 'w' (the stones of the path and the fill-in, as ghost stones), `pv` (the
 * principal variation's first move, at the root). At the solved position every legal move is `win` or `loss`
 * for the side to move; deeper, the node's children are, and its carrier is `proof-carrier`.
 */
export function solveOverlay(state) {
  const s = state.solve;
  const view = state.view;
  if (!s || !view || s.status !== 'solved' || s.code !== view.code || !s.report) return null;
  const marks = new Map();
  const glyphs = new Map();
  const mustplay = new Set();
  const node = s.crumbs.length ? s.crumbs.at(-1).node : s.report.proof;
  let pv = null;
  // The stones on the way: each crumb's move, and each node's fill-in passed on the way (they are stones below).
  for (const crumb of s.crumbs) {
    // A move into the fill-in itself is played on the position as given (wasm `explainSlice`): no fill-in then.
    const fill = [...(crumb.parent?.fillin_black ?? []), ...(crumb.parent?.fillin_white ?? [])];
    if (!fill.includes(crumb.move)) {
      for (const cell of crumb.parent?.fillin_black ?? []) glyphs.set(cell, 'b');
      for (const cell of crumb.parent?.fillin_white ?? []) glyphs.set(cell, 'w');
    }
    if (crumb.move !== 'swap') {
      glyphs.set(crumb.move, crumb.color);
      marks.set(crumb.move, `proof-${crumb.color}`);
    }
  }
  if (!s.crumbs.length) {
    const winning = new Set(s.report.winning_moves);
    for (const cell of view.legal ?? []) marks.set(cell, winning.has(cell) ? 'win' : 'loss');
    pv = s.report.pv?.[0] ?? null;
  }
  if (node) {
    for (const [cells, color] of [[node.fillin_black, 'b'], [node.fillin_white, 'w']]) {
      for (const cell of cells ?? []) {
        if (marks.has(cell)) continue;
        marks.set(cell, `proof-fill-${color}`);
        glyphs.set(cell, color);
      }
    }
    if (s.crumbs.length) {
      for (const child of node.children ?? []) {
        if (child.move !== 'swap') marks.set(child.move, child.winner === node.to_move ? 'win' : 'loss');
      }
      for (const cell of node.carrier ?? []) if (!glyphs.has(cell)) marks.set(cell, 'proof-carrier');
      if (node.key && !glyphs.has(node.key)) {
        marks.set(node.key, 'proof-key'); // the move that wins at once: a ghost stone of the winner
        glyphs.set(node.key, node.winner);
      }
    }
    for (const cell of node.mustplay ?? []) mustplay.add(cell);
  }
  const key = `${s.code}|${s.crumbs.map((c) => c.move).join(' ')}|${node ? 'node' : 'none'}`;
  return { key, marks, glyphs, mustplay, pv };
}

const count = (n) => Math.round(n).toLocaleString('en');

/** The result sentence: "Black to move wins", "White to move loses". */
export function resultText(report) {
  if (!report?.winner) return '';
  const mover = colorName(report.to_move);
  return report.winner === report.to_move ? `${mover} to move wins` : `${mover} to move loses`;
}

/** The progress line: nodes, nodes per second, table fill, elapsed, root proof and disproof numbers. */
export function progressText(p) {
  if (!p) return 'Starting the solver…';
  const secs = (p.ms ?? 0) / 1000;
  const rate = secs > 0 ? (p.nodes ?? 0) / secs : 0;
  const fill = p.table_entries != null && p.table_capacity ? `${((100 * p.table_entries) / p.table_capacity).toFixed(1)}%` : '–';
  const bound = (v) => (v >= 2147483647 ? '∞' : count(v ?? 0));
  return (
    `${count(p.nodes ?? 0)} nodes · ${count(rate)} nodes/s · table ${fill} full · ${secs.toFixed(1)} s` +
    ` · root proof number ${bound(p.phi)}, disproof number ${bound(p.delta)}`
  );
}

/** Why a node of the proof is decided, for players; `drawn`: its carrier is on the board (not at the root). */
export function whyText(node, drawn = true) {
  const shown = drawn ? ' (the carrier is drawn)' : '';
  if (!node) return '';
  const mover = colorName(node.to_move);
  const w = node.winner ? colorName(node.winner) : null;
  if (!w) return 'Not decided within the time given.';
  const moverWins = node.winner === node.to_move;
  const loser = colorName(opponent(node.winner));
  switch (node.reason) {
    case 'game-over':
      return `${w} has already connected: the game is over.`;
    case 'fill-in':
      return `The fill-in completes ${w}'s chain: with the dead and captured cells filled in, ${w}'s edges are joined.`;
    case 'connection':
      if (moverWins && node.key) return `${w} holds a virtual connection between its edges once it plays ${node.key}${shown}.`;
      return `${w} holds a virtual connection between its edges${shown}: ${moverWins ? `${w} connects whatever happens` : `whatever ${loser} plays, ${w} connects`}.`;
    case 'mustplay':
      return `The mustplay is empty: ${w}'s threats to connect${drawn ? ' (their carriers drawn)' : ''} leave ${loser} no move that stops them all.`;
    default: {
      const children = node.children ?? [];
      if (moverWins) {
        const wins = children.filter((c) => c.winner === node.to_move).map((c) => c.move);
        return `${mover} wins by playing ${wins.join(', ') || 'a move'}${children.length > wins.length ? `; the other ${children.length - wins.length} moves searched lose` : ''}.`;
      }
      const restricted = node.mustplay ? ` (${mover} must play in the shaded mustplay)` : '';
      return `Every move of ${mover} loses${restricted}: ${children.length} move${children.length === 1 ? '' : 's'} searched, each answered by ${w}.`;
    }
  }
}

/** The panel's elements (ids from index.html). */
export function solveDom(doc = document) {
  const $ = (id) => doc.getElementById(id);
  return {
    box: $('solve-panel'),
    button: $('solve'),
    stop: $('solve-stop'),
    progress: $('solve-progress'),
    result: $('solve-result'),
    crumbs: $('solve-crumbs'),
    why: $('solve-why'),
    children: $('solve-children'),
    crumbsKey: null,
    childrenKey: null,
  };
}

/** Sets `data-<key>` of `node` to `value` (null or undefined: removes it), touching the DOM only on a change. */
export function setData(node, key, value) {
  if (value === null || value === undefined) delete node.dataset[key];
  else if (node.dataset[key] !== String(value)) node.dataset[key] = String(value);
}

/** Sets `node`'s text, touching the DOM only on a change. */
export function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}

/** Brings the Solve panel in line with `state`. */
export function renderSolve(dom, state) {
  if (!dom.box) return;
  const s = state.solve;
  const shown = !!state.view && s.code === state.view.code;
  const status = shown ? s.status : 'idle';
  setData(dom.box, 'status', status);
  setData(dom.box, 'source', status === 'solved' ? s.source : null);
  setData(dom.box, 'stopMs', s.stopMs === null ? null : Math.round(s.stopMs));
  const running = status === 'running' || status === 'stopping';
  dom.button.disabled = !state.view || state.engine.status !== 'ready' || running;
  dom.stop.hidden = !running;
  dom.stop.disabled = status === 'stopping';
  dom.progress.hidden = !(running || status === 'stopped' || (status === 'solved' && s.source === 'solver'));
  if (!dom.progress.hidden) {
    const p = status === 'solved' ? s.report : s.progress;
    setText(dom.progress, progressText(p));
    setData(dom.progress, 'nodes', p?.nodes ?? 0);
  }
  let result = '';
  if (status === 'solved') {
    const r = s.report;
    const pv = r.pv?.[0];
    result = `${resultText(r)}.`;
    if (r.winner === r.to_move && !r.winning_moves.length) result += ' Yet no move was found to win: the solver contradicts itself here (a swap at the root?); do not trust this result.';
    else if (r.winner === r.to_move) result += ` Winning moves (green): ${r.winning_moves.join(', ')}; the principal variation plays ${pv}.`;
    else result += ` Every move loses (red)${pv ? `; the principal variation tries ${pv}` : ''}.`;
    result += s.source === 'store' ? ' From this browser’s store (solved before, not solved again).' : ` Solved in ${((r.ms ?? 0) / 1000).toFixed(1)} s, ${count(r.nodes ?? 0)} nodes.`;
    result += ' Click a marked move to see why.';
  } else if (status === 'stopped') result = `Stopped${s.stopMs !== null ? ` (${Math.round(s.stopMs)} ms after the click)` : ''}: not decided yet.`;
  else if (status === 'stopping') result = 'Stopping…';
  else if (status === 'error') result = `Solve failed: ${s.error}`;
  setText(dom.result, result);
  setData(dom.result, 'winner', status === 'solved' ? s.report.winner : null);
  setData(dom.result, 'pv', status === 'solved' ? (s.report.pv?.[0] ?? null) : null);

  // The proof explorer: breadcrumbs, why the node is decided, its moves.
  const exploring = status === 'solved';
  dom.crumbs.hidden = !exploring;
  dom.why.hidden = !exploring;
  dom.children.hidden = !exploring;
  if (!exploring) return;
  const crumbsKey = `${s.code}|${s.crumbs.map((c) => c.move).join(' ')}`;
  if (dom.crumbsKey !== crumbsKey) {
    dom.crumbsKey = crumbsKey;
    const items = [['Solved position', 0], ...s.crumbs.map((c, i) => [`${colorName(c.color)} ${c.move}`, i + 1])];
    dom.crumbs.replaceChildren(
      ...items.map(([label, index]) => {
        const b = dom.crumbs.ownerDocument.createElement('button');
        b.type = 'button';
        b.dataset.crumb = String(index);
        b.textContent = label;
        if (index === s.crumbs.length) b.setAttribute('aria-current', 'step');
        return b;
      }),
    );
  }
  setData(dom.crumbs, 'depth', s.crumbs.length);
  const node = s.node;
  setText(dom.why, s.nodeStatus === 'loading' ? 'Working out this node of the proof…' : s.nodeStatus === 'error' ? `Could not explain this node: ${s.error}` : whyText(node, s.crumbs.length > 0));
  setData(dom.why, 'reason', s.nodeStatus === 'idle' ? (node?.reason ?? null) : null);
  const childrenKey = `${crumbsKey}|${s.nodeStatus}|${node ? 1 : 0}`;
  if (dom.childrenKey !== childrenKey) {
    dom.childrenKey = childrenKey;
    const doc = dom.children.ownerDocument;
    const items = s.nodeStatus === 'idle' && node ? (node.children ?? []) : [];
    dom.children.replaceChildren(
      ...items.map((c) => {
        const li = doc.createElement('li');
        const b = doc.createElement('button');
        b.type = 'button';
        b.dataset.move = c.move;
        b.dataset.result = c.winner === node.to_move ? 'win' : 'loss';
        b.textContent = `${c.move}: ${c.winner === node.to_move ? 'wins' : 'loses'}`;
        li.append(b);
        return li;
      }),
    );
  }
}
