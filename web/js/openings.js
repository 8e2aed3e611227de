// The Openings view without DOM: the map of first moves of a 3x3 to 8x8 board, each opening (Black's first stone,
// White to move, no swap: as `hexlab openings`) solved in the solver worker or read from the browser's store.
//
// `state.openings` holds the map shown; `createOpenings` the actions (dependencies injected: the solver client,
// the store, the controller's `load`, the redraw); `openingsOverlay(state)` what the board marks: on the empty
// board of that size (`size=N&swap=no`), every cell whose opening is known carries `data-mark="win"` when Black,
// the side that moved, wins, `"loss"` when White does.
//
// The policy:
//   - Only the canonical openings are solved (a cell and its 180° turn have the same winner; of the two, the one
//     first in board order a1, b1, ..., as core/src/bin/hexlab/openings.rs); the other cell shows its twin's result.
//   - Turning the view on (or choosing a size) reads the store for every opening of the size: known ones show at
//     once, nothing is solved. "Solve the map" then solves the rest one by one (progress after each slice of the
//     one running), each stored as it is solved, so a reload or a second visit never solves it again.
//   - Stop (or another solve taking the worker: Solve, a puzzle) stops the map where it is; what is solved stays.
//   - Solves ask for the winner only (`allWinning: false`, as `hexlab openings`): their stored reports do not
//     list every winning move, so the Solve panel does not show them as its own.

import { cellName, parseCell } from './geometry.js';
import { colorName } from './state.js';

export const OPENING_SIZES = [3, 4, 5, 6, 7, 8];

export function createOpeningsState(size = 4) {
  return {
    on: false,
    size,
    results: new Map(), // canonical cell -> { winner, ms, nodes, source: 'solver' | 'store' }
    status: 'idle', // 'idle' | 'reading' | 'running' | 'stopped' | 'done' | 'error'
    current: null, // the opening being solved
    progress: null, // its last progress report
    hover: null, // the cell the pointer (or the keyboard focus) is on
    error: null,
  };
}

/** The empty board the map is drawn on. */
export function mapCode(size) {
  return `size=${size}&swap=no`;
}

/** The position of opening `cell`: Black's stone there, White to move, no swap. */
export function openingCode(size, cell) {
  return `size=${size}&swap=no&moves=${cell}`;
}

/** The cell's image under the 180° turn of a size x size board. */
export function twinOf(cell, size) {
  const [col, row] = parseCell(cell);
  return cellName(size - 1 - col, size - 1 - row);
}

/** The canonical openings of a size x size board in board order: of a cell and its twin, the one first (row, then column). */
export function canonicalOpenings(size) {
  const cells = [];
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      const [tc, tr] = [size - 1 - col, size - 1 - row];
      if (row < tr || (row === tr && col <= tc)) cells.push(cellName(col, row));
    }
  }
  return cells;
}

/** The result shown on `cell`: its own (canonical) or its twin's; null while unknown. */
export function resultOf(o, cell) {
  return o.results.get(cell) ?? o.results.get(twinOf(cell, o.size)) ?? null;
}

/** Whether the board shows the map's empty board. */
export function showsMap(state) {
  const o = state.openings;
  return !!(o?.on && state.view && state.view.code === mapCode(o.size));
}

/** The board's marks (the shape of solve.js `solveOverlay`), or null when the map is not on the board. */
export function openingsOverlay(state) {
  if (!showsMap(state)) return null;
  const o = state.openings;
  const marks = new Map();
  for (let row = 0; row < o.size; row++) {
    for (let col = 0; col < o.size; col++) {
      const cell = cellName(col, row);
      const r = resultOf(o, cell);
      if (r?.winner) marks.set(cell, r.winner === 'b' ? 'win' : 'loss');
    }
  }
  const known = [...o.results.keys()].sort().join(',');
  return { key: `openings|${o.size}|${known}`, marks, glyphs: new Map(), mustplay: new Set(), pv: null, page: 'openings' };
}

const count = (n) => Math.round(n).toLocaleString('en');
const seconds = (ms) => (ms >= 10_000 ? `${(ms / 1000).toFixed(0)} s` : ms >= 100 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`);

/** One opening in words: "b2: Black wins (White to move loses) · 0.4 s · 1,234 nodes · solved here". */
export function openingText(o, cell) {
  const r = resultOf(o, cell);
  const canonical = canonicalOpenings(o.size).includes(cell) ? cell : twinOf(cell, o.size);
  const twin = canonical === cell ? '' : ` (as ${canonical}, its 180° turn)`;
  if (!r) return `${cell}: not solved yet${twin}.`;
  const how = r.winner === 'b' ? 'Black wins (White to move loses)' : 'White wins: Black’s first move loses';
  const source = r.source === 'store' ? 'from this browser’s store' : 'solved here';
  return `${cell}: ${how}${twin} · ${seconds(r.ms ?? 0)} · ${count(r.nodes ?? 0)} nodes · ${source}.`;
}

/** The panel's summary: how many are known, won by each side, the time and nodes spent. */
export function summaryText(o) {
  const all = canonicalOpenings(o.size);
  const known = all.filter((c) => o.results.has(c));
  const black = known.filter((c) => o.results.get(c).winner === 'b').length;
  const ms = known.reduce((t, c) => t + (o.results.get(c).ms ?? 0), 0);
  const nodes = known.reduce((t, c) => t + (o.results.get(c).nodes ?? 0), 0);
  const head = `${o.size}x${o.size}: ${known.length} of ${all.length} canonical openings known`;
  if (!known.length) return `${head}.`;
  return `${head}: ${black} won by Black, ${known.length - black} by White (${seconds(ms)}, ${count(nodes)} nodes).`;
}

/** The status line: what runs, or why it stopped. */
export function statusText(o) {
  switch (o.status) {
    case 'reading':
      return 'Reading this browser’s store…';
    case 'running':
      return `Solving ${o.current} (${colorName('w')} to move)…`;
    case 'stopped':
      return 'Stopped: the openings solved so far are kept.';
    case 'done':
      return 'Every opening of this size is known.';
    case 'error':
      return `Failed: ${o.error}`;
    default:
      return '';
  }
}

/**
 * The actions: `setOn(on)`, `setSize(size)`, `run()`, `stop()`, `hover(cell)`. `load(code)` shows a position on the
 * board (the controller's load); `solver` and `store` as in solve.js.
 */
export function createOpenings({ state, solver, store = null, load, redraw }) {
  state.openings ??= createOpeningsState();
  let token = 0; // the newest read or run: an older one stops at its next step

  /** Reads the store for every opening of the size not known yet. */
  async function readStore() {
    const o = state.openings;
    const mine = ++token;
    o.status = 'reading';
    redraw();
    for (const cell of canonicalOpenings(o.size)) {
      if (o.results.has(cell)) continue;
      const stored = await store?.get(openingCode(o.size, cell)).catch(() => null);
      if (mine !== token || state.openings !== o) return;
      if (stored?.report?.winner) o.results.set(cell, { winner: stored.report.winner, ms: stored.report.ms, nodes: stored.report.nodes, source: 'store' });
    }
    o.status = canonicalOpenings(o.size).every((c) => o.results.has(c)) ? 'done' : 'idle';
    redraw();
  }

  function show() {
    const o = state.openings;
    if (o.on) load(mapCode(o.size));
  }

  const actions = {
    /** Turns the view on (the board shows the map's empty board, the store is read) or off. */
    setOn(on) {
      const o = state.openings;
      if (!!on === o.on) return;
      if (!on) actions.stop();
      o.on = !!on;
      if (o.on) {
        show();
        readStore();
      }
      redraw();
    },

    /** Another size: a fresh map of it (read from the store), on the board. */
    setSize(size) {
      size = Number(size);
      if (!OPENING_SIZES.includes(size) || size === state.openings.size) return;
      actions.stop();
      const on = state.openings.on;
      state.openings = Object.assign(createOpeningsState(size), { on });
      if (on) {
        show();
        readStore();
      }
      redraw();
    },

    /** Shows the map's board again (after a move was played on it). */
    show,

    /** Solves every opening not known yet, one after the other. */
    async run() {
      const o = state.openings;
      if (!o.on || o.status === 'running') return;
      const mine = ++token;
      o.error = null;
      for (const cell of canonicalOpenings(o.size)) {
        if (o.results.has(cell)) continue;
        const code = openingCode(o.size, cell);
        const stored = await store?.get(code).catch(() => null);
        if (mine !== token || state.openings !== o) return;
        if (stored?.report?.winner) {
          o.results.set(cell, { winner: stored.report.winner, ms: stored.report.ms, nodes: stored.report.nodes, source: 'store' });
          redraw();
          continue;
        }
        Object.assign(o, { status: 'running', current: cell, progress: null });
        redraw();
        let result;
        try {
          result = await solver.solve(code, {
            allWinning: false,
            onProgress(progress) {
              if (mine !== token) return;
              o.progress = progress;
              redraw();
            },
          });
        } catch (err) {
          if (mine !== token) return;
          Object.assign(o, { status: 'error', error: err.message, current: null });
          return void redraw();
        }
        if (mine !== token || state.openings !== o) return;
        if (result.status !== 'solved') {
          Object.assign(o, { status: 'stopped', current: null });
          return void redraw();
        }
        const { status, threads, ...report } = result;
        o.results.set(cell, { winner: report.winner, ms: report.ms, nodes: report.nodes, source: 'solver' });
        store?.put(code, report).catch(() => false);
      }
      Object.assign(o, { status: 'done', current: null, progress: null });
      redraw();
    },

    /** Stops the map's solve (what is solved stays). */
    stop() {
      const o = state.openings;
      token++;
      if (o.status === 'running') {
        solver.stop();
        Object.assign(o, { status: 'stopped', current: null });
        redraw();
      } else if (o.status === 'reading') {
        o.status = 'idle';
      }
    },

    /** The pointer (or the keyboard focus) is on `cell` of the board (null: off it). */
    hover(cell) {
      const o = state.openings;
      const next = showsMap(state) && cell ? cell : null;
      if (o.hover === next) return;
      o.hover = next;
      redraw();
    },
  };
  return actions;
}
