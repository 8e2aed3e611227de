// The engine's lines remembered per position (web/js/lines.js in the page's memo): which report is kept, the
// memo's bound; analyse.js against a fake thinker (stepping back shows the remembered lines at once, the search
// goes on and takes over only with more visits, a late answer is kept, a proven position is not searched
// again), then against the real thinker on a fake worker (nothing asked of the worker before the lines show);
// the Playouts result's words.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { better, keepLines, keepPlayouts, linesOf, rememberedLines, rememberedPlayouts, LINES } from '../../web/js/lines.js';
import { createMemo, positionKey } from '../../web/js/memo.js';
import { analyseOverlay, analyseText, createAnalyse } from '../../web/js/analyse.js';
import { createThinker } from '../../web/js/thinker.js';
import { playoutsText } from '../../web/js/state.js';
import { fakeThinker, fakeTimers, fakeView as view, fakeWorkers, tick } from './fakes.mjs';

/** Position A (the empty board), B (after c3), as the tree's nodes give them. */
const A = view('size=5&moves=c3&at=0', { moves: ['c3'], legal: ['a1', 'b2', 'c3'] });
const B = view('size=5&moves=c3', { moves: ['c3'], cursor: 1, to_move: 'w', black: ['c3'], legal: ['a1', 'b2'] });

const report = (visits, extra = {}) => ({
  move: 'c3',
  winrate: 0.55,
  visits,
  games: visits,
  ms: 100,
  pv: ['c3', 'b4'],
  top: [
    { move: 'c3', visits: Math.round(visits * 0.7), winrate: 0.55, extra: 'dropped' },
    { move: 'b2', visits: Math.round(visits * 0.2), winrate: 0.4 },
  ],
  proven: null,
  nodes: 99,
  status: 'stopped',
  ...extra,
});

/** Analyse on, on position A, with a fake thinker and a memo of its own. */
function analyseOnA() {
  const thinker = fakeThinker();
  const memo = createMemo();
  const state = { view: A, memo };
  const analyse = createAnalyse({ state, thinker, actions: { play() {} }, redraw() {} });
  analyse.setOn(true);
  return { thinker, memo, state, analyse };
}

test('lines: a proof beats any count, else more visits; the memo keeps the newest positions only', () => {
  assert.equal(better(report(10), null), true);
  assert.equal(better(report(10), report(20)), false);
  assert.equal(better(report(30), report(20)), true);
  assert.equal(better(report(20), report(20)), false, 'as many visits: the one kept stays');
  assert.equal(better(report(1, { proven: 'win' }), report(5000)), true);
  assert.equal(better(report(5000), report(1, { proven: 'loss' })), false);
  assert.equal(better(null, null), false);
  const kept = linesOf(report(100));
  assert.deepEqual(Object.keys(kept).sort(), ['games', 'move', 'ms', 'proven', 'pv', 'top', 'visits', 'winrate']);
  assert.deepEqual(kept.top[0], { move: 'c3', visits: 70, winrate: 0.55 });
  const memo = createMemo(2);
  const first = keepLines(memo, 'a', report(100));
  assert.equal(keepLines(memo, 'a', report(50)), first, 'fewer visits: the lines kept stay');
  const more = keepLines(memo, 'a', report(150));
  assert.equal(more.visits, 150);
  assert.equal(rememberedLines(memo, 'a'), more);
  keepLines(memo, 'b', report(1));
  keepLines(memo, 'c', report(1));
  assert.equal(rememberedLines(memo, 'a'), null, "the memo's bound: the oldest position went");
  assert.equal(memo.size, 2);
  // Playouts: kept per position, an error is not.
  keepPlayouts(memo, 'c', { playouts: 10, black_wins: 6, white_wins: 4, threads: 1, millis: 5 });
  keepPlayouts(memo, 'b', { error: 'failed' });
  assert.equal(rememberedPlayouts(memo, 'b'), null);
  const p = rememberedPlayouts(memo, 'c');
  assert.equal(p.source, 'memo');
  assert.match(playoutsText(p), /^remembered: 10 random playouts · won by Black 60\.0%/);
  assert.match(playoutsText({ ...p, source: 'run' }), /^10 random playouts/);
});

test('analyse: stepping back shows the remembered lines at once; the new search shows only once it has more visits', async () => {
  const { thinker, memo, state, analyse } = analyseOnA();
  assert.equal(thinker.calls.length, 1);
  thinker.calls[0].options.onProgress(report(1000));
  assert.equal(state.analyse.source, 'search');
  assert.match(analyseText(state), /^Searching: 1,000 visits/);
  // To B: A's search stops; its answer (more visits) comes after the board moved on, and is kept with A.
  state.view = B;
  analyse.follow(B);
  assert.equal(thinker.stops, 1);
  assert.equal(state.analyse.result, null, 'B was never searched: nothing to show yet');
  thinker.calls[0].resolve(report(1200));
  await tick();
  assert.equal(state.analyse.result, null, "A's answer is not shown on B");
  assert.equal(rememberedLines(memo, positionKey(A)).visits, 1200, "but it is kept with A");
  thinker.calls[1].options.onProgress(report(300, { move: 'b2' }));
  // Back to A: its lines at once, before the worker says anything; the search goes on there.
  state.view = A;
  analyse.follow(A);
  assert.equal(thinker.calls.length, 3, 'A is searched again');
  assert.equal(thinker.calls[2].code, A.code);
  const a = state.analyse;
  assert.equal(a.status, 'running');
  assert.equal(a.source, 'memo');
  assert.equal(a.result.visits, 1200);
  assert.equal(analyseOverlay(state).marks.get('c3'), 'candidate');
  assert.equal(analyseOverlay(state).source, 'memo');
  assert.match(analyseText(state), /^Remembered, 1,200 visits\. Best c3 \(55% for Black\)\. Searching again: 0 visits so far\./);
  // The new search, still behind: the remembered lines stay.
  thinker.calls[2].options.onProgress(report(400, { move: 'a1' }));
  assert.equal(a.result.visits, 1200);
  assert.equal(a.result.move, 'c3');
  assert.match(analyseText(state), /Searching again: 400 visits so far/);
  // B's late answer is B's: nothing changes on A.
  thinker.calls[1].resolve(report(350, { move: 'b2' }));
  await tick();
  assert.equal(rememberedLines(memo, positionKey(B)).visits, 350);
  assert.equal(a.result.visits, 1200);
  // More visits than remembered: the search's own lines.
  thinker.calls[2].options.onProgress(report(1500, { move: 'a1' }));
  assert.equal(a.source, 'search');
  assert.equal(a.result.move, 'a1');
  assert.match(analyseText(state), /^Searching: 1,500 visits/);
  assert.equal(rememberedLines(memo, positionKey(A)).visits, 1500);
  // Stop, then Search on: the lines stay this search's while it goes on.
  analyse.stop();
  thinker.calls[2].resolve(report(1600, { move: 'a1' }));
  await tick();
  assert.equal(a.status, 'stopped');
  analyse.resume();
  assert.equal(a.source, 'search');
  assert.equal(a.result.visits, 1600);
  // Off and on again: the remembered lines at once.
  analyse.setOn(false);
  analyse.setOn(true);
  assert.equal(state.analyse.source, 'memo');
  assert.equal(state.analyse.result.visits, 1600);
});

test('analyse: a remembered proof is shown and not searched again; a Stop before the new search catches up keeps the remembered lines', async () => {
  const { thinker, memo, state, analyse } = analyseOnA();
  thinker.calls[0].resolve(report(80, { move: 'b2', proven: 'win', winrate: 1, status: 'done' }));
  await tick();
  assert.equal(state.analyse.status, 'proven');
  state.view = B;
  analyse.follow(B);
  thinker.calls[1].options.onProgress(report(900));
  state.view = A;
  analyse.follow(A);
  assert.equal(thinker.calls.length, 2, 'a proven position is not searched again');
  assert.equal(state.analyse.status, 'proven');
  assert.equal(state.analyse.source, 'memo');
  assert.match(analyseText(state), /^Proven: Black to move wins, with b2\. \(remembered\)$/);
  // Back to B: its 900 visits at once; Stopped after 100 visits of the new search, the 900 stay.
  state.view = B;
  analyse.follow(B);
  assert.equal(state.analyse.result.visits, 900);
  thinker.calls[2].options.onProgress(report(100));
  analyse.stop();
  thinker.calls[2].resolve(report(120));
  await tick();
  assert.equal(state.analyse.status, 'stopped');
  assert.equal(state.analyse.result.visits, 900);
  assert.match(analyseText(state), /^Remembered, 900 visits\. Best c3 \(55% for White\)\.$/);
});

test('analyse on the real thinker and a fake worker: the remembered lines show before the worker is asked anything', async () => {
  const { workers, FakeWorker } = fakeWorkers();
  const timers = fakeTimers();
  const thinker = createThinker({ Worker: FakeWorker, threads: 1, ...timers });
  const memo = createMemo();
  const state = { view: A, memo };
  let redraws = 0;
  const analyse = createAnalyse({ state, thinker, actions: { play() {} }, redraw: () => redraws++ });
  analyse.setOn(true);
  await tick();
  const w = workers[0];
  const thinkA = w.last('think');
  assert.equal(thinkA.args[0], A.code);
  w.partial(thinkA, report(2000));
  assert.equal(state.analyse.result.visits, 2000);
  state.view = B;
  analyse.follow(B);
  await tick();
  // The worker answers the stop of A's search, then searches B.
  assert.deepEqual(w.posted.map((m) => m.method), ['init', 'think', 'stopThinking', 'think']);
  w.answer(thinkA, report(2100));
  const thinkB = w.last('think');
  w.partial(thinkB, report(50));
  await tick();
  // Back to A: shown at once from the memo, in the very redraw that follows the step.
  const posted = w.posted.length;
  let seen = null;
  const before = redraws;
  state.view = A;
  analyse.follow(A);
  seen = { redraws: redraws - before, source: state.analyse.source, visits: state.analyse.result?.visits, candidates: analyseOverlay(state)?.marks.size };
  assert.deepEqual(seen, { redraws: 1, source: 'memo', visits: 2100, candidates: 2 });
  await tick();
  assert.equal(w.posted.length, posted + 2, 'then the worker is asked to stop B and to search A again');
  assert.deepEqual(w.posted.slice(-2).map((m) => m.method), ['stopThinking', 'think']);
  w.answer(thinkB, report(60));
  const thinkA2 = w.last('think');
  w.partial(thinkA2, report(10));
  assert.equal(state.analyse.result.visits, 2100, 'never back to fewer visits');
  w.partial(thinkA2, report(2500));
  assert.equal(state.analyse.source, 'search');
  assert.equal(memo.get(positionKey(A), LINES).visits, 2500);
  analyse.setOn(false);
  thinker.terminate();
});
