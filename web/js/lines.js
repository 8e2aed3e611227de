// The engine's lines remembered per position, in the page's memo (memo.js): Analyse's candidates, principal
// variation and win rate (js/analyse.js), and the Playouts button's statistics (js/ctrl.js). Stepping back to a
// position already searched shows what the engine found there at once, marked as remembered.
//
// What is kept for a position is the report that says the most: a proof beats any count of visits, and otherwise
// the report with more visits wins. A report is kept whatever is on the board when it arrives (the answer of a
// search stopped because the board moved on is the position's best). The memo's bound (its newest positions)
// bounds them too: a report keeps its candidates (at most 40, the worker's `top_count`) and its variation only.

/** The memo's kind for Analyse's lines, and for the Playouts button's statistics. */
export const LINES = 'lines';
export const PLAYOUTS = 'playouts';

/** Whether search report `next` says more than `kept`: a proof beats any number of visits, else more visits. */
export function better(next, kept) {
  if (!next) return false;
  if (!kept) return true;
  if (kept.proven) return false;
  if (next.proven) return true;
  return (next.visits ?? 0) > (kept.visits ?? 0);
}

/** What is kept of a search report (js/thinker.js): the figures the Analyse panel and the board show. */
export function linesOf(report) {
  const { move, winrate, visits, games, ms, pv, top, proven } = report;
  return {
    move,
    winrate,
    visits: visits ?? 0,
    games: games ?? 0,
    ms: ms ?? 0,
    pv: [...(pv ?? [])],
    top: (top ?? []).map(({ move: m, visits: v, winrate: w }) => ({ move: m, visits: v, winrate: w })),
    proven: proven ?? null,
  };
}

/**
 * Keeps search `report` as position `key`'s lines if it says more than those kept; returns the position's lines
 * now (the report's, or the ones kept before).
 */
export function keepLines(memo, key, report) {
  const kept = memo.get(key, LINES) ?? null;
  if (!better(report, kept)) return kept;
  const lines = linesOf(report);
  memo.set(key, LINES, lines);
  return lines;
}

/** The lines remembered for position `key`, or null. */
export function rememberedLines(memo, key) {
  return memo.get(key, LINES) ?? null;
}

/** Keeps a playouts result (js/engine.js `playouts`) as position `key`'s; an error is not kept. */
export function keepPlayouts(memo, key, result) {
  if (!result || result.error || result.running) return;
  memo.set(key, PLAYOUTS, { ...result });
}

/** The playouts result remembered for position `key`, marked `source: 'memo'`, or null. */
export function rememberedPlayouts(memo, key) {
  const kept = memo.get(key, PLAYOUTS);
  return kept ? { ...kept, source: 'memo' } : null;
}
