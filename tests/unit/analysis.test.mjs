// The analysis modules without a browser: marks and texts from a report (analysis.js), the hash's view key,
// arrow directions, and the analysis client's "newest request wins" rules (analyst.js, with a fake Worker).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  analysisCounts, analysisStatusText, cellMarks, claimFacts, createAnalysis, currentReport, focusCell, focusCells,
  kindText, kindsText, markOf,
} from '../../web/js/analysis.js';
import { createAnalyst } from '../../web/js/analyst.js';
import { fakeWorkers, settle, tick } from './fakes.mjs';
import { angleBetween, parseCell } from '../../web/js/geometry.js';
import { hashText, splitView } from '../../web/js/hash.js';

const claim = (cell, kind, extra = {}) => ({ cell, kind, fill: null, by: null, killers: [], witness: [], reason: `${cell} is ${kind}`, ...extra });

const report = {
  to_move: 'w',
  fillin: { b: ['a2', 'b1'], w: ['e5'] },
  inferior: [
    claim('a2', 'dead', { fill: 'b', witness: ['b1', 'top'] }),
    claim('b1', 'captured', { fill: 'b', witness: ['c1'] }),
    claim('e5', 'permanently-inferior', { fill: 'w' }),
    claim('e1', 'vulnerable', { killers: ['d2'], witness: ['d2'] }),
    claim('e2', 'dominated', { by: 'd2', witness: ['e2', 'e3'] }),
    claim('c4', 'reversible', { by: 'c5' }),
    claim('e2', 'vulnerable', { killers: ['e3'] }), // a second claim on a cell: the first one marks it
  ],
  consider: ['d2', 'c5'],
  decided: null,
  notes: [],
  worker_millis: 12.5,
};

test('marks: fill-in by colour with its kind, other claims by kind, unknown kinds kept', () => {
  assert.deepEqual(markOf(report.inferior[0]), { mark: 'dead', fillKind: 'dead' });
  assert.deepEqual(markOf(report.inferior[4]), { mark: 'dominated', fillKind: null });
  const marks = cellMarks(report);
  assert.deepEqual([...marks.keys()], ['a2', 'b1', 'e5', 'e1', 'e2', 'c4']);
  assert.equal(marks.get('e5').mark, 'fillin-w');
  assert.equal(marks.get('e5').fillKind, 'permanently-inferior');
  assert.equal(marks.get('e5').known, false);
  assert.equal(marks.get('c4').mark, 'reversible');
  assert.equal(marks.get('c4').known, false);
  assert.equal(marks.get('e2').mark, 'dominated');
  assert.equal(marks.get('e2').by, 'd2');
  assert.equal(marks.get('e2').claims.length, 2);
  assert.equal(cellMarks(report), cellMarks(report), 'one Map per report');
  assert.equal(cellMarks(null).size, 0);
});

test('focus: witness, killers and by of every claim of the cell', () => {
  const marks = cellMarks(report);
  const { witness, killers, by } = focusCells(marks, 'e2');
  assert.deepEqual([...witness].sort(), ['e2', 'e3']);
  assert.deepEqual([...killers], ['e3']);
  assert.deepEqual([...by], ['d2']);
  assert.equal(focusCells(marks, null).witness.size, 0);

  const state = { view: { code: 'X' }, analysis: { ...createAnalysis(true), code: 'X', status: 'ready', report, selected: 'a2', hover: null } };
  assert.equal(currentReport(state), report);
  assert.equal(focusCell(state, marks), 'a2');
  state.analysis.hover = 'e1';
  assert.equal(focusCell(state, marks), 'e1', 'hover beats the selection');
  state.analysis.hover = 'd2'; // not marked
  assert.equal(focusCell(state, marks), 'a2');
  assert.equal(currentReport({ ...state, view: { code: 'Y' } }), null, 'a report of another position is never shown');
  assert.equal(currentReport({ ...state, analysis: { ...state.analysis, on: false } }), null);
  assert.equal(currentReport({ ...state, analysis: { ...state.analysis, status: 'pending' } }), null);
});

test('counts and texts', () => {
  const counts = analysisCounts(report);
  assert.equal(counts.fillinB, 2);
  assert.equal(counts.fillinW, 1);
  assert.equal(counts.inferior, 4);
  assert.equal(counts.consider, 2);
  assert.equal(kindsText(counts.kinds), 'vulnerable 2, dominated 1, reversible 1');
  assert.equal(kindsText(counts.fillKinds), 'captured 1, dead 1, permanently inferior 1');
  assert.equal(kindText('permanently-inferior'), 'permanently inferior');
  assert.equal(kindText('some-new-kind'), 'some new kind');
  assert.deepEqual(claimFacts(report.inferior[0]), [['witness', 'b1 top edge']]);
  assert.deepEqual(claimFacts(report.inferior[4]), [['by', 'd2'], ['witness', 'e2 e3']]);
  assert.deepEqual(claimFacts(claim('a1', 'vulnerable', { by: 'b1', killers: ['b1'] })), [['killers', 'b1']], 'by is not repeated');
  const state = { view: { code: 'X' }, analysis: { ...createAnalysis(true), code: 'X', status: 'ready', report } };
  assert.equal(analysisStatusText(state), 'for White to move · 13 ms');
  assert.equal(analysisStatusText({ ...state, analysis: { ...state.analysis, status: 'pending', report: null } }), 'analysing…');
  assert.equal(analysisStatusText({ ...state, analysis: { ...state.analysis, status: 'error', error: 'boom' } }), 'Analysis failed: boom');
  assert.equal(analysisStatusText({ ...state, analysis: createAnalysis(false) }), '');
});

test('hash: the view key is split off and put back', () => {
  assert.deepEqual(splitView('size=5&moves=c3&view=ica'), { code: 'size=5&moves=c3', view: 'ica', fillin: false, edges: false });
  assert.deepEqual(splitView('view=ica&size=5'), { code: 'size=5', view: 'ica', fillin: false, edges: false });
  assert.deepEqual(splitView('size=5'), { code: 'size=5', view: null, fillin: false, edges: false });
  assert.deepEqual(splitView('https://trmph.com/hex/board#5,c3b2'), { code: 'https://trmph.com/hex/board#5,c3b2', view: null, fillin: false, edges: false });
  assert.deepEqual(splitView('size=5&overview=1'), { code: 'size=5&overview=1', view: null, fillin: false, edges: false });
  assert.equal(hashText('size=5', 'ica'), 'size=5&view=ica');
  assert.equal(hashText('size=5', null), 'size=5');
});

test('geometry: cell names and arrow directions', () => {
  assert.deepEqual(parseCell('c3'), [2, 2]);
  assert.deepEqual(parseCell('s19'), [18, 18]);
  assert.equal(parseCell('top'), null);
  assert.equal(angleBetween('e2', 'd2'), 180);
  assert.equal(angleBetween('d2', 'e2'), 0);
  assert.ok(Math.abs(angleBetween('c3', 'c4') - 60) < 1e-9, 'c4 is down-right of c3');
  assert.ok(Math.abs(angleBetween('c3', 'c2') + 120) < 1e-9, 'c2 is up-left of c3');
  assert.equal(angleBetween('c3', 'c3'), null);
  assert.equal(angleBetween('c3', 'top'), null);
});

// Fake timers: `fire()` runs the timers that are due at `clock`.
function fakeTimers() {
  const t = { clock: 0, pending: new Map(), next: 1 };
  t.now = () => t.clock;
  t.setTimer = (fn, ms) => {
    t.pending.set(t.next, { fn, at: t.clock + ms });
    return t.next++;
  };
  t.clearTimer = (id) => t.pending.delete(id);
  t.advance = (ms) => {
    t.clock += ms;
    for (const [id, { fn, at }] of [...t.pending]) {
      if (at <= t.clock) {
        t.pending.delete(id);
        fn();
      }
    }
  };
  return t;
}


test('analyst: one worker with the single package; a request waits for init, then runs', async () => {
  const { workers, FakeWorker } = fakeWorkers();
  const timers = fakeTimers();
  const analyst = createAnalyst({ Worker: FakeWorker, ...timers });
  assert.equal(workers.length, 0, 'no worker before the first request');
  const a = settle(analyst.analyze('A'));
  assert.equal(workers.length, 1);
  const [w] = workers;
  assert.match(w.url, /worker\.js$/);
  assert.equal(w.options.type, 'module');
  assert.deepEqual(w.posted[0].args, [1, { package: 'single' }]);
  assert.equal(w.last('analyze'), undefined, 'nothing runs before init answers');
  w.answer(w.posted[0]);
  assert.deepEqual(w.last('analyze').args, ['A']);
  w.answer(w.last('analyze'), { to_move: 'b' });
  assert.deepEqual((await a).value, { to_move: 'b' });
  assert.equal(analyst.starts, 1);
});

test('analyst: given the page\'s module, each worker\'s init waits for it and runs it on one thread', async () => {
  const { workers, FakeWorker } = fakeWorkers();
  const timers = fakeTimers();
  const given = { package: 'threads', module: { fake: 'module' } };
  let asked = 0;
  const analyst = createAnalyst({ Worker: FakeWorker, wasm: async () => (asked++, given), ...timers });
  const a = settle(analyst.analyze('A'));
  const [w] = workers;
  assert.deepEqual(w.posted, [], 'nothing posted before the module is there');
  await tick();
  assert.deepEqual(w.posted[0].args, [1, { pool: false, wasm: given }]);
  w.answer(w.posted[0]);
  w.answer(w.last('analyze'), { to_move: 'b' });
  assert.deepEqual((await a).value, { to_move: 'b' });
  analyst.kill(); // nothing running: the next request starts a fresh worker, with the same module
  const b = settle(analyst.analyze('B'));
  await tick();
  assert.equal(workers.length, 2);
  assert.deepEqual(workers[1].posted[0].args, [1, { pool: false, wasm: given }]);
  workers[1].answer(workers[1].posted[0]);
  workers[1].answer(workers[1].last('analyze'), { to_move: 'w' });
  assert.deepEqual((await b).value, { to_move: 'w' });
  assert.equal(asked, 2, 'asked per worker (js/wasm.js answers every time with the one promise)');
});

test('analyst: a page module that could not load (null): the worker loads the single build itself', async () => {
  const { workers, FakeWorker } = fakeWorkers();
  const analyst = createAnalyst({ Worker: FakeWorker, wasm: async () => null, ...fakeTimers() });
  settle(analyst.analyze('A'));
  await tick();
  assert.deepEqual(workers[0].posted[0].args, [1, { package: 'single' }]);
});

test('analyst: the newest request wins; a superseded one may finish within its budget, its answer dropped', async () => {
  const { workers, FakeWorker } = fakeWorkers();
  const timers = fakeTimers();
  const analyst = createAnalyst({ Worker: FakeWorker, restartAfterMs: 150, ...timers });
  const a = settle(analyst.analyze('A'));
  const b = settle(analyst.analyze('B')); // A was still waiting for init: replaced
  const [w] = workers;
  w.answer(w.posted[0]);
  assert.equal((await a).error.superseded, true);
  assert.deepEqual(w.posted.filter((m) => m.method === 'analyze').map((m) => m.args[0]), ['B']);

  timers.advance(10); // B has run 10 ms: C replaces it, B may still finish
  const c = settle(analyst.analyze('C'));
  assert.equal((await b).error.superseded, true);
  assert.equal(w.last('analyze').args[0], 'B', 'C waits for B to finish');
  timers.advance(100);
  assert.equal(w.terminated, false);
  w.answer(w.last('analyze'), { code: 'B' }); // within its 150 ms: no restart
  assert.equal(w.last('analyze').args[0], 'C');
  timers.advance(1000);
  assert.equal(w.terminated, false, 'the budget timer was cleared');
  w.answer(w.last('analyze'), { code: 'C' });
  assert.deepEqual((await c).value, { code: 'C' });
  assert.equal(analyst.starts, 1);
});

test('analyst: a superseded request still running after its budget is stopped by restarting the worker', async () => {
  const { workers, FakeWorker } = fakeWorkers();
  const timers = fakeTimers();
  const analyst = createAnalyst({ Worker: FakeWorker, restartAfterMs: 150, ...timers });
  const a = settle(analyst.analyze('A'));
  workers[0].answer(workers[0].posted[0]);
  timers.advance(20);
  const b = settle(analyst.analyze('B')); // A superseded early...
  assert.equal((await a).error.superseded, true);
  assert.equal(workers.length, 1);
  timers.advance(129);
  assert.equal(workers[0].terminated, false);
  timers.advance(1); // ...but still running 150 ms after it started
  assert.equal(workers[0].terminated, true);
  assert.equal(workers.length, 2);
  workers[0].answer(workers[0].last('analyze'), { code: 'A' }); // a late answer of the old worker: ignored
  workers[1].answer(workers[1].posted[0]);
  assert.equal(workers[1].last('analyze').args[0], 'B');
  workers[1].answer(workers[1].last('analyze'), { code: 'B' });
  assert.deepEqual((await b).value, { code: 'B' });

  timers.advance(400); // superseded after its budget: restarted at once
  const c = settle(analyst.analyze('C'));
  timers.advance(400);
  const d = settle(analyst.analyze('D'));
  assert.equal((await c).error.superseded, true);
  assert.equal(workers[1].terminated, true);
  assert.equal(workers.length, 3);
  workers[2].answer(workers[2].posted[0]);
  workers[2].answer(workers[2].last('analyze'), { code: 'D' });
  assert.deepEqual((await d).value, { code: 'D' });
  assert.equal(analyst.starts, 3);
});

test('analyst: same code joins, errors reach the caller, a trap restarts, cancel drops everything', async () => {
  const { workers, FakeWorker } = fakeWorkers();
  const timers = fakeTimers();
  const analyst = createAnalyst({ Worker: FakeWorker, ...timers });
  const p1 = analyst.analyze('A');
  const p2 = analyst.analyze('A');
  assert.equal(p1, p2, 'a request for the code already waiting joins it');
  const [w] = workers;
  w.answer(w.posted[0]);
  assert.equal(analyst.analyze('A'), p1, 'and for the code running');
  w.fail(w.last('analyze'), 'bad code');
  const error = (await settle(p1)).error;
  assert.equal(error.message, 'bad code');
  assert.notEqual(error.superseded, true);

  const trap = settle(analyst.analyze('T'));
  w.fail(w.last('analyze'), 'unreachable', true);
  assert.equal((await trap).error.message, 'unreachable');
  assert.equal(w.terminated, true, 'a trap ends the worker');
  const next = settle(analyst.analyze('N'));
  assert.equal(workers.length, 2, 'the next request starts a new one');
  workers[1].answer(workers[1].posted[0]);
  analyst.cancel();
  assert.equal((await next).error.superseded, true);
  await tick();

  const broken = settle(analyst.analyze('X'));
  workers[1].answer(workers[1].last('analyze'), {}); // N's late answer
  assert.equal(workers[1].last('analyze').args[0], 'X');
  workers[1].onerror({ message: 'boom', preventDefault() {} });
  assert.equal(workers[1].terminated, true, 'a worker that errs is ended');
  assert.equal(workers.length, 3, 'and X is asked again of a fresh one');
  workers[2].answer(workers[2].posted[0]);
  assert.equal(workers[2].last('analyze').args[0], 'X');
  workers[2].onerror({ message: 'boom again', preventDefault() {} });
  assert.match((await broken).error.message, /analysis worker failed: boom again/, 'lost twice: rejected');
  assert.equal(workers.length, 3, 'no request owed: no worker started');
  analyst.terminate();
});

test('analyst: a worker killed mid-request is replaced and the request answered; dropped work is not resent', async () => {
  const { workers, FakeWorker } = fakeWorkers();
  const timers = fakeTimers();
  const analyst = createAnalyst({ Worker: FakeWorker, ...timers });
  const a = settle(analyst.analyze('A'));
  workers[0].answer(workers[0].posted[0]);
  assert.equal(analyst.busy, true);
  analyst.kill();
  assert.equal(workers[0].terminated, true);
  assert.equal(workers.length, 2);
  assert.equal(analyst.analyze('A'), analyst.analyze('A'), 'a request for the code resent joins it');
  workers[1].answer(workers[1].posted[0]);
  assert.deepEqual(workers[1].posted.filter((m) => m.method === 'analyze').map((m) => m.args[0]), ['A']);
  workers[1].answer(workers[1].last('analyze'), { code: 'A' });
  assert.deepEqual((await a).value, { code: 'A' });
  assert.equal(analyst.busy, false);

  // B dropped for C (which waits behind it): killing the worker drops B for good, C runs on the new one.
  const b = settle(analyst.analyze('B'));
  const c = settle(analyst.analyze('C'));
  assert.equal((await b).error.superseded, true);
  analyst.kill();
  assert.equal(workers.length, 3);
  workers[2].answer(workers[2].posted[0]);
  assert.deepEqual(workers[2].posted.filter((m) => m.method === 'analyze').map((m) => m.args[0]), ['C']);
  workers[2].answer(workers[2].last('analyze'), { code: 'C' });
  assert.deepEqual((await c).value, { code: 'C' });

  // Lost before its init answered (the script cannot load): everything is rejected, nothing restarts on its own.
  analyst.kill();
  const d = settle(analyst.analyze('D'));
  assert.equal(workers.length, 4);
  workers[3].onerror({ message: '404', preventDefault() {} });
  assert.match((await d).error.message, /analysis worker failed: 404/);
  assert.equal(workers.length, 4);
  assert.equal(analyst.starts, 4);
  analyst.terminate();
});

test('claims in words for players: no internal pattern names, no "Black no stones and White no stones"', async () => {
  const { claimText } = await import('../../web/js/analysis.js');
  assert.equal(
    claimText('e3 is dominated by d4 for white (pattern dominated/r2-edge0/1): with Black no stones and White no stones, after white plays d4 e3 is white captured with e4, so d4 is at least as good for white'),
    'e3 is dominated by d4 for White: with no stones nearby, after White plays d4, e3 is White captured with e4, so d4 is at least as good for White',
  );
  assert.equal(claimText('c1 is black captured with b1 (pattern captured/r2-acute10/4, see b1)'), 'c1 is Black captured with b1 (see b1)');
  assert.equal(
    claimText('a2 is dead (pattern dead/r2-acute10/1): with Black b1 b2 and White no stones around it, no minimal winning chain'),
    'a2 is dead: with Black stones on b1 and b2 and no White stones around it, no minimal winning chain',
  );
  assert.equal(
    claimText('d1 is black captured with c2 (pattern captured/r2-obtuse10/28): with Black c1 b2 and White c3, if white plays'),
    'd1 is Black captured with c2: with Black stones on c1 and b2 and a White stone on c3, if White plays',
  );
  assert.equal(claimText('b2 is found by vulnerable/r3-interior/12'), 'b2 is found by a local pattern');
  assert.equal(claimText(null), '');
});
