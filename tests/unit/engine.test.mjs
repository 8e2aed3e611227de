// engine.js against a fake Worker: a lost worker (error, unreadable message, trap, killed) is replaced, what it
// owed is asked again once of a fresh, re-initialised worker, and a request lost twice is rejected.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createEngine } from '../../web/js/engine.js';
import { fakeWorkers, settle, tick } from './fakes.mjs';

const methods = (w) => w.posted.map((m) => `${m.method}(${JSON.stringify(m.args)})`);

test('engine: a worker killed mid-request is replaced, re-initialised and asked again', async () => {
  const { workers, FakeWorker } = fakeWorkers();
  const engine = createEngine({ Worker: FakeWorker });
  const init = settle(engine.init(2));
  workers[0].answer(workers[0].last('init'), { threads: 2 });
  assert.deepEqual((await init).value, { threads: 2 });

  const play = settle(engine.play('size=5', 'c3'));
  const outs = settle(engine.playouts('size=5', 100, 1));
  assert.equal(engine.pending, 2);
  engine.kill();
  assert.equal(workers[0].terminated, true);
  assert.equal(workers.length, 2);
  assert.deepEqual(methods(workers[1]), ['init([2])', 'play(["size=5","c3"])', 'playouts(["size=5",100,1])'], 'init first, then what was owed');
  workers[0].answer(workers[0].last('play'), { code: 'stale' }); // the dead worker's late answer: ignored
  workers[1].answer(workers[1].posted[0]);
  workers[1].answer(workers[1].last('play'), { code: 'size=5&moves=c3' });
  workers[1].answer(workers[1].last('playouts'), { playouts: 100 });
  assert.deepEqual((await play).value, { code: 'size=5&moves=c3' });
  assert.deepEqual((await outs).value, { playouts: 100 });
  assert.equal(engine.starts, 2);
  assert.equal(engine.pending, 0);
});

test('engine: onerror and an unreadable message lose the worker; a request lost twice is rejected', async () => {
  const { workers, FakeWorker } = fakeWorkers();
  const engine = createEngine({ Worker: FakeWorker });
  const init = settle(engine.init(1));
  workers[0].answer(workers[0].last('init'));
  await init;

  const play = settle(engine.play('size=5', 'c3'));
  workers[0].onerror({ message: 'boom', preventDefault() {} });
  assert.equal(workers.length, 2);
  assert.equal(workers[1].last('play').args[1], 'c3');
  workers[1].onmessageerror();
  assert.match((await play).error.message, /unreadable message/, 'lost twice: rejected');
  assert.equal(workers.length, 2, 'nothing owed but the fresh worker\'s own init: no worker started');

  const undo = settle(engine.undo('size=5&moves=c3'));
  assert.deepEqual(methods(workers[2]), ['init([1])', 'undo(["size=5&moves=c3"])'], 'the next call starts one');
  workers[2].answer(workers[2].posted[0]);
  workers[2].answer(workers[2].last('undo'), { code: 'size=5' });
  assert.deepEqual((await undo).value, { code: 'size=5' });
});

test('engine: a trap rejects its request and replaces the worker; the others are asked again', async () => {
  const { workers, FakeWorker } = fakeWorkers();
  const engine = createEngine({ Worker: FakeWorker });
  const init = settle(engine.init(1));
  workers[0].answer(workers[0].last('init'));
  await init;
  const trap = settle(engine.loadPosition('boom'));
  const next = settle(engine.play('size=5', 'c3'));
  workers[0].answer(workers[0].last('loadPosition'), 'unreachable', false, true);
  assert.equal((await trap).error.message, 'unreachable');
  assert.equal(workers[0].terminated, true);
  assert.deepEqual(methods(workers[1]), ['init([1])', 'play(["size=5","c3"])']);
  workers[1].answer(workers[1].posted[0]);
  workers[1].answer(workers[1].last('play'), { code: 'x' });
  assert.deepEqual((await next).value, { code: 'x' });
});

test('engine: a worker whose script cannot load fails init after one more try; terminate rejects', async () => {
  const { workers, FakeWorker } = fakeWorkers();
  const engine = createEngine({ Worker: FakeWorker });
  const init = settle(engine.init(4));
  workers[0].onerror({ message: '', preventDefault() {} });
  assert.deepEqual(methods(workers[1]), ['init([4])'], 'the init itself is asked again, once');
  workers[1].onerror({ message: '', preventDefault() {} });
  assert.match((await init).error.message, /could not load js\/worker\.js/);
  assert.equal(workers.length, 2, 'nothing owed: no more workers');
  engine.terminate();
  assert.match((await settle(engine.play('size=5', 'c3'))).error.message, /terminated/);
});

test('engine: init waits for the page\'s module and hands it over, to a worker started again too', async () => {
  const { workers, FakeWorker } = fakeWorkers();
  const given = { package: 'single', module: { fake: 'module' } };
  let asked = 0;
  const engine = createEngine({ Worker: FakeWorker, wasm: async () => (asked++, given) });
  const init = settle(engine.init(2));
  assert.equal(workers[0].last('init'), undefined, 'no init before the module is there');
  await tick();
  assert.deepEqual(workers[0].last('init').args, [2, { wasm: given }]);
  workers[0].answer(workers[0].last('init'), { threads: 2 });
  await init;
  const play = settle(engine.play('size=5', 'c3'));
  engine.kill();
  assert.deepEqual(workers[1].posted[0].args, [2, { wasm: given }], 'the fresh worker gets the same module');
  workers[1].answer(workers[1].posted[0]);
  workers[1].answer(workers[1].last('play'), { code: 'size=5&moves=c3' });
  assert.deepEqual((await play).value, { code: 'size=5&moves=c3' });
  assert.equal(asked, 1);
});

test('engine: a page module that could not load (null): the worker loads the engine itself', async () => {
  const { workers, FakeWorker } = fakeWorkers();
  const engine = createEngine({ Worker: FakeWorker, wasm: async () => null });
  const init = settle(engine.init(3));
  await tick();
  assert.deepEqual(workers[0].last('init').args, [3]);
  workers[0].answer(workers[0].last('init'));
  await init;
});
