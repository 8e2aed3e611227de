// solver.js against a fake Worker (the init goes first, progress reaches the caller, Stop is answered by the
// worker or by ending it after `stopAfterMs`, a lost worker rejects what it owed), and solve.js' state and texts
// against a fake solver and store (a stored result is shown without solving, a solved one is stored, the proof
// explorer's crumbs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createSolver } from '../../web/js/solver.js';
import { createSolve, createSolveState, progressText, resultText, solveOverlay, whyText } from '../../web/js/solve.js';
import { fakeTimers, fakeWorkers, settle, tick } from './fakes.mjs';

test('solver: init first, progress to the caller, the answer; Stop answered by the worker', async () => {
  const { workers, FakeWorker } = fakeWorkers();
  const timers = fakeTimers();
  const solver = createSolver({ Worker: FakeWorker, threads: 2, ...timers });
  const heard = [];
  const done = settle(solver.solve('size=5', { onProgress: (p) => heard.push(p.nodes) }));
  await tick();
  const w = workers[0];
  assert.deepEqual(w.posted.map((m) => m.method), ['init', 'solve'], 'the init goes first');
  assert.deepEqual(w.posted[0].args, [2]);
  assert.equal(solver.busy, true);
  const solve = w.last('solve');
  w.partial(solve, { nodes: 10 });
  w.partial(solve, { nodes: 25 });
  assert.deepEqual(heard, [10, 25]);
  solver.stop();
  await tick();
  assert.equal(w.posted.at(-1).method, 'stopSolve');
  assert.equal(timers.timers.size, 1, 'a deadline for the answer');
  w.answer(solve, { status: 'stopped', nodes: 30 });
  assert.deepEqual((await done).value, { status: 'stopped', nodes: 30 });
  assert.equal(timers.timers.size, 0, 'the deadline is dropped');
  assert.equal(solver.busy, false);
  assert.equal(w.terminated, false);
  assert.equal(solver.starts, 1);
});

test('solver: a Stop not answered within stopAfterMs ends the worker, the solve resolves stopped with the last progress', async () => {
  const { workers, FakeWorker } = fakeWorkers();
  const timers = fakeTimers();
  const solver = createSolver({ Worker: FakeWorker, ...timers, stopAfterMs: 90 });
  const done = settle(solver.solve('size=9'));
  await tick();
  const w = workers[0];
  w.partial(w.last('solve'), { nodes: 7, ms: 500 });
  solver.stop();
  assert.equal([...timers.timers.values()][0].ms, 90);
  timers.fire();
  assert.deepEqual((await done).value, { nodes: 7, ms: 500, status: 'stopped', restarted: true });
  assert.equal(w.terminated, true);
  // The next call starts a fresh worker.
  const node = settle(solver.explain('size=9', ['e5']));
  await tick();
  assert.equal(workers.length, 2);
  assert.deepEqual(workers[1].last('explain').args, ['size=9', ['e5']]);
  workers[1].answer(workers[1].last('explain'), { reason: 'children' });
  assert.deepEqual((await node).value, { reason: 'children' });
});

test('solver: a lost worker rejects what it owed; a new solve stops the one running', async () => {
  const { workers, FakeWorker } = fakeWorkers();
  const timers = fakeTimers();
  const solver = createSolver({ Worker: FakeWorker, ...timers });
  const first = settle(solver.solve('size=7'));
  const second = settle(solver.solve('size=6'));
  await tick();
  const w = workers[0];
  assert.deepEqual(w.posted.map((m) => m.method), ['init', 'solve', 'stopSolve', 'solve']);
  w.answer(w.posted[1], { status: 'stopped' });
  assert.equal((await first).value.status, 'stopped');
  solver.kill();
  assert.match((await second).error.message, /killed/);
  assert.equal(solver.busy, false);
});

function fakeStore(stored = new Map()) {
  return {
    stored,
    get: async (code) => stored.get(code) ?? null,
    put: async (code, report) => (stored.set(code, { code, report }), true),
  };
}

const REPORT = {
  to_move: 'b', winner: 'b', winning_moves: ['b2'], all_winning: true, pv: ['b2'], nodes: 12, ms: 30,
  proof: { path: [], to_move: 'b', winner: 'b', reason: 'connection', carrier: ['a1'], key: 'b2', mustplay: null, fillin_black: [], fillin_white: [], children: [] },
};

test('solve: a stored position is shown from the store, not solved; a solved one is stored', async () => {
  const view = { code: 'size=2', legal: ['a1', 'b1', 'a2', 'b2'] };
  const state = { view, solve: createSolveState() };
  const calls = [];
  const solver = {
    solve: async (code, { onProgress }) => (calls.push(code), onProgress({ nodes: 3, ms: 10 }), { status: 'solved', threads: 1, ...REPORT }),
    stop() {},
    explain: async (code, path) => ({ ...REPORT.proof, path, to_move: 'w', reason: 'children', carrier: [], children: [{ move: 'a1', winner: 'b', work: 1 }] }),
  };
  const store = fakeStore();
  const solve = createSolve({ state, solver, store, redraw() {} });
  solve.follow(view);
  await solve.solve();
  assert.deepEqual(calls, ['size=2']);
  assert.equal(state.solve.status, 'solved');
  assert.equal(state.solve.source, 'solver');
  assert.equal(state.solve.progressEvents, 1);
  assert.equal(store.stored.get('size=2').report.winner, 'b');
  const marks = solveOverlay(state).marks;
  assert.deepEqual(Object.fromEntries(marks), { a1: 'loss', b1: 'loss', a2: 'loss', b2: 'win' });
  assert.equal(solveOverlay(state).pv, 'b2');

  // Into b2 and back.
  assert.equal(solve.clickCell('b2'), true);
  await tick();
  assert.deepEqual(state.solve.crumbs.map((c) => [c.move, c.color]), [['b2', 'b']]);
  assert.equal(state.solve.node.reason, 'children');
  assert.deepEqual(Object.fromEntries(solveOverlay(state).marks), { b2: 'proof-b', a1: 'loss' }, 'the path stone, the node\'s moves for White');
  assert.equal(solve.clickCell('a2'), true, 'inside the proof a click never plays');
  assert.equal(state.solve.crumbs.length, 1);
  solve.back(0);
  assert.equal(state.solve.crumbs.length, 0);
  assert.equal(solve.clickCell('c9'), false, 'an unmarked cell is not the explorer\'s');

  // Another position, then back: from the store, nothing solved.
  solve.follow({ code: 'size=3' });
  assert.equal(state.solve.status, 'idle');
  solve.follow(view);
  await tick();
  assert.equal(state.solve.status, 'solved');
  assert.equal(state.solve.source, 'store');
  assert.equal(state.solve.progressEvents, 0);
  assert.deepEqual(calls, ['size=2']);
});

test('solve: texts for players', () => {
  assert.equal(resultText(REPORT), 'Black to move wins');
  assert.equal(resultText({ ...REPORT, winner: 'w' }), 'Black to move loses');
  assert.match(progressText({ nodes: 2000, ms: 1000, phi: 3, delta: 2147483647, table_entries: 50, table_capacity: 1000 }), /^2,000 nodes · 2,000 nodes\/s · table 5\.0% full · 1\.0 s · root proof number 3, disproof number ∞$/);
  assert.match(whyText({ ...REPORT.proof, reason: 'connection', to_move: 'w', key: null }), /Black holds a virtual connection between its edges/);
  assert.match(whyText({ ...REPORT.proof, reason: 'mustplay', to_move: 'w' }), /mustplay is empty/);
  assert.match(whyText({ ...REPORT.proof, reason: 'fill-in' }), /fill-in completes Black's chain/);
  assert.match(whyText({ ...REPORT.proof, reason: 'children', to_move: 'w', children: [{ move: 'a1', winner: 'b' }] }), /Every move of White loses/);
});

test('store: without IndexedDB (or when it fails) nothing is stored and nothing found', async () => {
  const { createStore } = await import('../../web/js/store.js');
  const none = createStore({ indexedDB: null });
  assert.equal(await none.get('size=5'), null);
  assert.equal(await none.put('size=5', REPORT), false);
  const refusing = createStore({ indexedDB: { open() { throw new Error('denied'); } } });
  assert.equal(await refusing.get('size=5'), null);
  assert.equal(await refusing.put('size=5', REPORT), false);
});
