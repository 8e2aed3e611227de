// thinker.js against a fake Worker (the init goes first, progress reaches the caller, Move now and Stop are
// answered by the worker, a search past its budget is answered from its last progress and the worker ended),
// and play.js / analyse.js against a fake thinker (the engine moves on its turn only, stale answers are
// dropped, clicks are swallowed on the engine's turn, the swap rules; Analyse follows the position, its heat
// map, principal variation steps and proven texts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createThinker } from '../../web/js/thinker.js';
import { createPlay, createPlayState, playText, shouldSwap, swapOpening } from '../../web/js/play.js';
import { analyseOverlay, analyseText, createAnalyse, heat, winRate } from '../../web/js/analyse.js';
import { fakeThinker, fakeTimers, fakeView as view, fakeWorkers, settle, tick } from './fakes.mjs';

test('thinker: init first, progress to the caller, the answer; Move now answered by the worker', async () => {
  const { workers, FakeWorker } = fakeWorkers();
  const timers = fakeTimers();
  const thinker = createThinker({ Worker: FakeWorker, threads: 2, ...timers });
  const heard = [];
  const done = settle(thinker.think('size=5', { level: 3, budgetMs: 1000, onProgress: (p) => heard.push(p.visits) }));
  await tick();
  const w = workers[0];
  assert.deepEqual(w.posted.map((m) => m.method), ['init', 'think']);
  assert.deepEqual(w.posted[0].args, [2]);
  const think = w.last('think');
  assert.equal(think.args[1].level, 3);
  assert.equal(think.args[1].budgetMs, 1000);
  assert.equal(timers.timers.size, 1, 'a deadline: the budget and the grace');
  assert.equal([...timers.timers.values()][0].ms, 1080);
  w.partial(think, { visits: 10, move: 'c3' });
  w.partial(think, { visits: 30, move: 'c3' });
  assert.deepEqual(heard, [10, 30]);
  thinker.moveNow();
  await tick();
  assert.deepEqual(w.posted.at(-1).method, 'stopThinking');
  assert.deepEqual(w.posted.at(-1).args, [true]);
  w.answer(think, { status: 'done', move: 'c3', visits: 40 });
  assert.deepEqual((await done).value, { status: 'done', move: 'c3', visits: 40 });
  assert.equal(timers.timers.size, 0);
  assert.equal(thinker.busy, false);
  assert.equal(w.terminated, false);
});

test('thinker: no answer by the budget plus the grace: the last progress, the worker ended', async () => {
  const { workers, FakeWorker } = fakeWorkers();
  const timers = fakeTimers();
  const thinker = createThinker({ Worker: FakeWorker, ...timers });
  const done = settle(thinker.think('size=5', { budgetMs: 200 }));
  await tick();
  const w = workers[0];
  w.partial(w.last('think'), { visits: 5, move: 'b2' });
  timers.fire();
  const { value } = await done;
  assert.equal(value.move, 'b2');
  assert.equal(value.late, true);
  assert.equal(w.terminated, true);
  // The next search starts a fresh worker.
  thinker.think('size=5');
  await tick();
  assert.equal(workers.length, 2);
});

test('thinker: a new search stops the running one; a lost worker rejects what it owed', async () => {
  const { workers, FakeWorker } = fakeWorkers();
  const timers = fakeTimers();
  const thinker = createThinker({ Worker: FakeWorker, ...timers });
  const first = settle(thinker.think('size=5'));
  await tick();
  const w = workers[0];
  const second = settle(thinker.think('size=5&moves=c3'));
  await tick();
  assert.deepEqual(w.posted.map((m) => m.method), ['init', 'think', 'stopThinking', 'think']);
  w.answer(w.posted[1], { status: 'stopped' });
  assert.equal((await first).value.status, 'stopped');
  thinker.kill();
  assert.match((await second).error.message, /killed/);
});

test('play: the engine moves on its turn only, through the controller; stale answers are dropped', async () => {
  const thinker = fakeThinker();
  const played = [];
  const state = { view: view('p0') };
  const play = createPlay({ state, thinker, actions: { play: (m) => played.push(m), newGame: () => {} }, redraw() {} });
  play.setColor('w'); // the engine is Black, to move
  play.setOn(true);
  assert.equal(state.play.status, 'thinking');
  assert.equal(thinker.calls.length, 1);
  assert.equal(thinker.calls[0].options.level, 5);
  assert.equal(play.clickCell('a1'), true, "a click on the engine's turn is swallowed");
  thinker.calls[0].options.onProgress({ visits: 12, move: 'c3', winrate: 0.6 });
  assert.match(playText(state), /thinking: 12 visits, best c3 \(60%\)/);
  thinker.calls[0].resolve({ status: 'done', move: 'c3', winrate: 0.6, visits: 20 });
  await tick();
  assert.deepEqual(played, ['c3']);
  // The position moved on (the human's turn): no search; the human's click goes through.
  state.view = view('p1', { to_move: 'w', moves: ['c3'], cursor: 1, black: ['c3'] });
  play.follow(state.view);
  assert.equal(state.play.status, 'your-turn');
  assert.equal(play.clickCell('a1'), false);
  // Back to the engine's turn, then the position changes before it answers: its answer is dropped.
  state.view = view('p2', { moves: ['c3', 'a1'], cursor: 2, black: ['c3'], white: ['a1'] });
  play.follow(state.view);
  assert.equal(thinker.calls.length, 2);
  assert.equal(thinker.calls[1].options.last, 'a1');
  state.view = view('p3');
  play.follow(state.view);
  assert.equal(thinker.stops, 1, 'the old search is stopped');
  thinker.calls[1].resolve({ status: 'stopped', move: 'a1' });
  await tick();
  assert.deepEqual(played, ['c3'], 'the stale answer is not played');
  play.moveNow();
  assert.equal(thinker.nows, 1);
  play.setOn(false);
  assert.equal(state.play.status, 'off');
  assert.equal(play.clickCell('a1'), false);
});

test('play: proven results are said; the swap rules', async () => {
  const thinker = fakeThinker();
  const state = { view: view('q0', { to_move: 'w', moves: ['c3'], cursor: 1, black: ['c3'] }) };
  const played = [];
  const play = createPlay({ state, thinker, actions: { play: (m) => played.push(m), newGame: () => {} }, redraw() {} });
  play.setOn(true);
  assert.equal(thinker.calls.length, 1);
  thinker.calls[0].resolve({ status: 'done', move: 'd2', proven: 'win', winrate: 1, visits: 0 });
  await tick();
  assert.equal(state.play.proven, 'win');
  state.view = view('q1', { moves: ['c3', 'd2'], cursor: 2 });
  play.follow(state.view);
  assert.match(playText(state), /proven win/);
  assert.equal(shouldSwap(view('x'), 'c3'), true);
  assert.equal(shouldSwap(view('x'), 'a3'), false);
  assert.equal(shouldSwap(view('x'), 'e5'), false);
  assert.match(swapOpening(view('x'), () => 0.5), /^a[2-4]$/);
  // The engine is White under the swap rule and Black opened in the middle: it swaps, without searching.
  const t2 = fakeThinker();
  const s2 = { view: view('r0', { to_move: 'w', swap_rule: true, swap_legal: true, black: ['c3'], moves: ['c3'], cursor: 1 }) };
  const moves2 = [];
  const p2 = createPlay({ state: s2, thinker: t2, actions: { play: (m) => moves2.push(m), newGame: () => {} }, redraw() {} });
  p2.setOn(true);
  await tick();
  assert.deepEqual(moves2, ['swap']);
  assert.equal(t2.calls.length, 0);
  assert.equal(createPlayState().level, 5);
});

test('analyse: follows the position, shows the heat map and the principal variation, says when proven', async () => {
  const thinker = fakeThinker();
  const state = { view: view('a0') };
  const played = [];
  const analyse = createAnalyse({ state, thinker, actions: { play: (m) => played.push(m) }, redraw() {} });
  analyse.setOn(true);
  assert.equal(thinker.calls.length, 1);
  assert.equal(thinker.calls[0].options.level, 0, 'no limit but Stop');
  const progress = {
    move: 'c3',
    winrate: 0.56,
    visits: 1000,
    games: 900,
    ms: 100,
    pv: ['c3', 'b4', 'd2'],
    top: [
      { move: 'c3', visits: 600, winrate: 0.56 },
      { move: 'b4', visits: 300, winrate: 0.5 },
      { move: 'a1', visits: 0, winrate: 0 },
    ],
  };
  thinker.calls[0].options.onProgress(progress);
  let overlay = analyseOverlay(state);
  assert.equal(overlay.marks.get('c3'), 'candidate');
  assert.equal(overlay.visits.get('b4'), 300);
  assert.equal(overlay.winrate.get('b4'), 0.5);
  assert.equal(overlay.heat.get('c3'), 9);
  assert.equal(overlay.heat.get('b4'), 4);
  assert.equal(overlay.marks.has('a1'), false, 'a move without visits is not a candidate');
  assert.equal(overlay.best, 'c3');
  assert.match(analyseText(state), /Searching: 1,000 visits/);
  analyse.setStep(2);
  overlay = analyseOverlay(state);
  assert.equal(overlay.glyphs.get('c3'), 'b');
  assert.equal(overlay.glyphs.get('b4'), 'w');
  assert.equal(overlay.order.get('b4'), 2);
  assert.equal(overlay.marks.has('c3'), false, 'a stone of the variation is no candidate');
  analyse.setStep(9);
  assert.equal(state.analyse.step, 3, 'at most the whole variation');
  // A new position: the search restarts there.
  state.view = view('a1', { to_move: 'w' });
  analyse.follow(state.view);
  assert.equal(thinker.stops, 1);
  assert.equal(thinker.calls.length, 2);
  assert.equal(analyseOverlay(state), null, 'nothing shown of the old position');
  thinker.calls[0].resolve({ ...progress, status: 'stopped' });
  await tick();
  assert.equal(state.analyse.result, null, 'the old answer is dropped');
  thinker.calls[1].resolve({ ...progress, move: 'd2', proven: 'win', status: 'done' });
  await tick();
  assert.equal(state.analyse.status, 'proven');
  assert.match(analyseText(state), /Proven: White to move wins, with d2/);
  assert.equal(winRate(state.analyse.result), 1);
  analyse.playBest();
  assert.deepEqual(played, ['d2']);
  analyse.setOn(false);
  assert.equal(analyseOverlay(state), null);
  assert.equal(heat(0, 0), 0);
});
