// Analyse: the engine searches the position on the board continuously and shows what it thinks: its top moves
// as a heat map on the board, the side to move's win rate as a bar, and the principal variation, which can be
// stepped through (its moves drawn as ghost stones). `state.analyse` holds everything shown; `createAnalyse` the
// actions (dependencies injected: the player client js/thinker.js, the controller's actions, the redraw);
// `analyseOverlay(state)` what the board marks (render.js), `renderAnalyse` the panel (js/play-panel.js).
//
// The policy:
//   - While Analyse is on, the position on the board is searched until Stop, until Analyse is turned off, or
//     until the position changes (the search of the new position starts at once: the worker's tree carries
//     over to a position a move or two later).
//   - Progress comes after each slice of the search (js/thinker.js); an answer about another position is
//     dropped.
//   - A proven position ends the search: the panel says who wins, and "Play best" plays a winning move.
//   - Play and Analyse share the player's worker: turning one on turns the other off (main.js).
//   - What the engine found is remembered per position (js/lines.js, in the page's memo): every progress and
//     answer is kept with the position searched, even one that comes after the board moved on. A position
//     already searched shows its remembered lines at once (`source: 'memo'`, "Remembered, N visits"); a proven
//     one is not searched again, any other is searched again (the worker's tree may not hold it any more), and
//     the remembered lines stay on show until the new search has more visits (`source: 'search'` from then on):
//     the figures never go back to nothing.

import { better, keepLines, rememberedLines } from './lines.js';
import { createMemo, positionKey } from './memo.js';
import { colorName, opponent } from './state.js';

export function createAnalyseState() {
  return {
    on: false,
    status: 'off', // 'off' | 'running' | 'stopped' | 'proven' | 'error'
    code: null, // the position searched
    result: null, // the lines shown (js/lines.js): { move, winrate, visits, games, pv, top, proven, ms }
    source: null, // where `result` comes from: 'search' (this search) | 'memo' (remembered from an earlier one)
    searched: 0, // the visits of this search so far (while remembered lines with more are shown)
    step: 0, // how many moves of the principal variation the board shows
    error: null,
  };
}

/**
 * The actions (see the top of this file). `memo` (the page's, state.memo) keeps the lines by position, keyed by
 * `keyOf(view)` (memo.js `positionKey`).
 */
export function createAnalyse({ state, thinker, actions, redraw, memo = state.memo ?? createMemo(), keyOf = positionKey }) {
  state.analyse ??= createAnalyseState();
  let token = 0;

  async function run(view) {
    const a = state.analyse;
    const mine = ++token;
    const key = keyOf(view);
    const over = !!view.winner || !view.legal?.length;
    const kept = over ? null : rememberedLines(memo, key);
    // Searching on after a Stop: the lines shown stay what they were (this search's, or remembered).
    const source = kept && kept === a.result && a.code === view.code ? a.source : 'memo';
    Object.assign(a, { status: 'running', code: view.code, result: kept, source: kept ? source : null, searched: 0, step: 0, error: null });
    if (over || kept?.proven) {
      a.status = over ? 'stopped' : 'proven';
      return redraw();
    }
    redraw();
    /**
     * Keeps `report` with the position; shows the position's best lines if the board still shows it (this
     * search's, or remembered ones with more visits: an earlier search's answer may come in meanwhile).
     */
    const show = (report) => {
      const fresh = better(report, rememberedLines(memo, key));
      const best = keepLines(memo, key, report);
      if (mine !== token) return false;
      a.searched = report.visits ?? 0;
      if (best !== a.result) Object.assign(a, { result: best, source: fresh ? 'search' : 'memo' });
      return true;
    };
    const last = view.cursor > 0 ? view.moves[view.cursor - 1] : '';
    try {
      const result = await thinker.think(view.code, {
        level: 0,
        last: last === 'swap' ? '' : last,
        onProgress(progress) {
          if (show(progress)) redraw();
        },
      });
      if (!show(result)) return;
      a.status = a.result?.proven ? 'proven' : 'stopped';
    } catch (err) {
      if (mine !== token) return;
      Object.assign(a, { status: 'error', error: err.message });
    }
    redraw();
  }

  const analyse = {
    /** Analyse on (searching the board's position) or off. */
    setOn(on) {
      const a = state.analyse;
      if (a.on === !!on) return;
      a.on = !!on;
      if (!on) {
        if (a.status === 'running') thinker.stop();
        token++;
        Object.assign(a, createAnalyseState());
      } else {
        a.code = null;
        analyse.follow(state.view);
      }
      redraw();
    },

    /** The board shows `view`: a new position is searched (the old search stops). */
    follow(view) {
      const a = state.analyse;
      if (!a.on) return;
      const code = view?.code ?? null;
      if (code === a.code) return;
      if (a.status === 'running') thinker.stop();
      token++;
      a.code = code;
      if (view) run(view);
    },

    /** Stop: the search ends, its result stays. */
    stop() {
      if (state.analyse.status !== 'running') return;
      thinker.stop();
    },

    /** Searches again after a Stop (the tree goes on). */
    resume() {
      const a = state.analyse;
      if (!a.on || a.status === 'running' || !state.view) return;
      run(state.view);
    },

    /** Shows `step` moves of the principal variation (0: none). */
    setStep(step) {
      const pv = state.analyse.result?.pv ?? [];
      state.analyse.step = Math.max(0, Math.min(pv.length, Math.round(step)));
      redraw();
    },

    /** Plays the engine's best move (a winning one when proven). */
    playBest() {
      const move = state.analyse.result?.move;
      if (!move || move === 'resign' || state.analyse.code !== state.view?.code) return null;
      return actions.play(move);
    },
  };
  return analyse;
}

/** The heat of a candidate: its share of the visits of the most visited move, in ten steps (0 to 9). */
export function heat(visits, most) {
  if (!most) return 0;
  return Math.max(0, Math.min(9, Math.floor((9.999 * visits) / most)));
}

/**
 * What the board marks (null: nothing): `marks` cell -> 'candidate' (the top moves, with `visits`, `winrate` and
 * `heat` per cell), `best` (the best move), and `glyphs` cell -> 'b' | 'w' with `order` cell -> 1.. for the
 * principal variation's first `step` moves (ghost stones); `source` says whose lines they are ('search' or
 * 'memo', remembered).
 */
export function analyseOverlay(state) {
  const a = state.analyse;
  const view = state.view;
  if (!a?.on || !view || a.code !== view.code || !a.result) return null;
  const r = a.result;
  const marks = new Map();
  const visits = new Map();
  const winrate = new Map();
  const heats = new Map();
  const glyphs = new Map();
  const order = new Map();
  const top = (r.top ?? []).filter((m) => m.visits > 0);
  const most = Math.max(0, ...top.map((m) => m.visits));
  for (const m of top) {
    marks.set(m.move, 'candidate');
    visits.set(m.move, m.visits);
    winrate.set(m.move, m.winrate);
    heats.set(m.move, heat(m.visits, most));
  }
  let color = view.to_move;
  for (const [i, cell] of (r.pv ?? []).slice(0, a.step).entries()) {
    glyphs.set(cell, color);
    order.set(cell, i + 1);
    marks.delete(cell);
    color = opponent(color);
  }
  const key = `${a.code}|${r.visits}|${a.step}|${r.move}|${a.source}`;
  return { key, marks, visits, winrate, heat: heats, glyphs, order, best: r.move, source: a.source };
}

const count = (n) => Math.round(n).toLocaleString('en');

/** The side to move's win rate (0 to 1) shown by the bar: 1 or 0 once proven. */
export function winRate(result) {
  if (!result) return null;
  if (result.proven === 'win') return 1;
  if (result.proven === 'loss') return 0;
  return result.winrate;
}

/** The panel's status line. */
export function analyseText(state) {
  const a = state.analyse;
  const view = state.view;
  if (!a?.on) return '';
  if (a.status === 'error') return `The engine failed: ${a.error}`;
  if (view?.winner) return `${colorName(view.winner)} has won.`;
  const r = a.result;
  if (!r) return 'Searching…';
  const mover = colorName(view?.to_move);
  const remembered = a.source === 'memo' ? ' (remembered)' : '';
  if (r.proven === 'win') return `Proven: ${mover} to move wins, with ${r.move}.${remembered}`;
  if (r.proven === 'loss') return `Proven: ${mover} to move loses (best resistance ${r.move}).${remembered}`;
  const best = `Best ${r.move} (${Math.round(100 * r.winrate)}% for ${mover}).`;
  if (a.source === 'memo') {
    const again = a.status === 'running' ? ` Searching again: ${count(a.searched)} visits so far.` : '';
    return `Remembered, ${count(r.visits)} visits. ${best}${again}`;
  }
  const state_ = a.status === 'running' ? 'Searching' : 'Stopped';
  return `${state_}: ${count(r.visits)} visits, ${count(r.games / Math.max(r.ms / 1000, 1e-3))} games/s. Best ${r.move} (${Math.round(100 * r.winrate)}% for ${mover}).`;
}
