// The Openings view without a browser (web/js/openings.js): canonical openings and twins as `hexlab openings`, the
// overlay's marks for the side that moved, reading the store and solving the rest against a fake solver, Stop;
// Export's pure parts (web/js/export.js) and the service worker's registration (web/js/offline.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  canonicalOpenings, createOpenings, createOpeningsState, mapCode, openingCode, openingsOverlay, openingText, summaryText, twinOf,
} from '../../web/js/openings.js';
import { EXPORT_MAX, EXPORT_MIN, exportSize, exportWidth, fileName } from '../../web/js/export.js';
import { startOffline } from '../../web/js/offline.js';

test('canonical openings: of a cell and its 180° turn the first in board order (as hexlab openings)', () => {
  assert.deepEqual(canonicalOpenings(4), ['a1', 'b1', 'c1', 'd1', 'a2', 'b2', 'c2', 'd2']);
  assert.deepEqual(canonicalOpenings(3), ['a1', 'b1', 'c1', 'a2', 'b2']);
  for (const n of [3, 4, 5, 6, 7, 8]) assert.equal(canonicalOpenings(n).length, Math.ceil((n * n) / 2));
  assert.equal(twinOf('a1', 4), 'd4');
  assert.equal(twinOf('b3', 4), 'c2');
  assert.equal(twinOf('b2', 3), 'b2');
  assert.equal(mapCode(5), 'size=5&swap=no');
  assert.equal(openingCode(5, 'c3'), 'size=5&swap=no&moves=c3');
});

test('the overlay marks every known cell for Black, the side that moved, twins included, on the map board only', () => {
  const o = Object.assign(createOpeningsState(4), { on: true });
  o.results.set('d1', { winner: 'b', ms: 3, nodes: 5, source: 'solver' });
  o.results.set('a1', { winner: 'w', ms: 1, nodes: 1, source: 'store' });
  const state = { openings: o, view: { code: 'size=4&swap=no' } };
  assert.deepEqual(Object.fromEntries(openingsOverlay(state).marks), { d1: 'win', a1: 'loss', a4: 'win', d4: 'loss' });
  assert.equal(openingsOverlay({ ...state, view: { code: 'size=4' } }), null, 'not on a board with swap');
  assert.equal(openingsOverlay({ ...state, view: { code: 'size=4&swap=no&moves=a1' } }), null);
  assert.equal(openingText(o, 'a4'), 'a4: Black wins (White to move loses) (as d1, its 180° turn) · 3 ms · 5 nodes · solved here.');
  assert.equal(openingText(o, 'a1'), 'a1: White wins: Black’s first move loses · 1 ms · 1 nodes · from this browser’s store.');
  assert.equal(openingText(o, 'b2'), 'b2: not solved yet.');
  assert.equal(summaryText(o), '4x4: 2 of 8 canonical openings known: 1 won by Black, 1 by White (4 ms, 6 nodes).');
});

test('the actions: on shows the map board and reads the store; Solve the map solves the rest (winner only), stores them; Stop', async () => {
  const state = { view: null };
  const solves = [];
  const solver = {
    solve: (code, options) => new Promise((resolve) => solves.push({ code, options, resolve })),
    stop() {
      solves.at(-1)?.resolve({ status: 'stopped' });
    },
  };
  const kept = new Map([['size=3&swap=no&moves=a1', { report: { winner: 'w', ms: 2, nodes: 3, all_winning: false } }]]);
  const store = { get: async (c) => kept.get(c) ?? null, put: async (c, r) => (kept.set(c, { report: r }), true) };
  const loaded = [];
  const actions = createOpenings({ state, solver, store, load: (code) => loaded.push(code), redraw() {} });
  actions.setSize(3);
  actions.setOn(true);
  assert.deepEqual(loaded, ['size=3&swap=no']);
  const tick = () => new Promise((resolve) => setImmediate(resolve));
  for (let i = 0; i < 10; i++) await tick();
  assert.deepEqual([...state.openings.results.keys()], ['a1']);
  assert.equal(state.openings.results.get('a1').source, 'store');
  const run = actions.run();
  for (let i = 0; i < 5; i++) await tick();
  assert.equal(solves[0].code, 'size=3&swap=no&moves=b1');
  assert.equal(solves[0].options.allWinning, false);
  solves[0].resolve({ status: 'solved', winner: 'b', ms: 9, nodes: 4, threads: 2, all_winning: false });
  for (let i = 0; i < 5; i++) await tick();
  assert.equal(state.openings.results.get('b1').winner, 'b');
  assert.equal(kept.get('size=3&swap=no&moves=b1').report.winner, 'b', 'stored as solved');
  assert.equal(state.openings.status, 'running');
  assert.equal(state.openings.current, 'c1');
  actions.stop();
  await run;
  assert.equal(state.openings.status, 'stopped');
  assert.equal(state.openings.results.size, 2, 'what was solved stays');
  actions.setSize(9);
  assert.equal(state.openings.size, 3, 'only 3x3 to 8x8');
});

test('export: the width asked for is bounded, the height follows the board, the file is named after the position', () => {
  assert.deepEqual(exportWidth('800'), { width: 800 });
  for (const bad of ['', 'abc', '99', String(EXPORT_MAX + 1), '12.5', '-5']) assert.match(exportWidth(bad).error, new RegExp(`from ${EXPORT_MIN} to ${EXPORT_MAX}`));
  assert.deepEqual(exportSize([-10, -20, 400, 300], 800), { width: 800, height: 600 });
  assert.deepEqual(exportSize([0, 0, 3, 1], 100), { width: 100, height: 33 });
  assert.equal(fileName({ size: 5, width: 5, height: 5, moves: ['c3', 'd2', 'b4', 'a1'], cursor: 4 }, 'png'), 'hexlab-5x5-d2-b4-a1.png');
  assert.equal(fileName({ size: 7, moves: [], cursor: 0 }, 'svg'), 'hexlab-7x7.svg');
});

test('offline: registers the service worker; reloads once for isolation, never when isolated or twice', async () => {
  const events = {};
  const registered = [];
  const container = (controller) => ({
    controller,
    register: async (url) => registered.push(String(url)),
    addEventListener: (type, fn) => (events[type] = fn),
  });
  const session = new Map();
  const storage = { getItem: (k) => session.get(k) ?? null, setItem: (k, v) => session.set(k, v), removeItem: (k) => session.delete(k) };
  let reloads = 0;
  const reload = () => reloads++;
  assert.equal(await startOffline({ container: undefined }), 'unsupported');
  assert.equal(await startOffline({ container: container(null), search: '?offline=no' }), 'off');
  // First visit, not isolated: once the worker controls the page, one reload.
  assert.equal(await startOffline({ container: container(null), isolated: false, session: storage, reload }), 'registered');
  assert.match(registered.at(-1), /\/sw\.js$/);
  events.controllerchange();
  assert.equal(reloads, 1);
  // Controlled yet not isolated again (the same tab session): no second reload.
  await startOffline({ container: container({}), isolated: false, session: storage, reload });
  assert.equal(reloads, 1);
  // Isolated: nothing to do, and the next session may reload again.
  await startOffline({ container: container({}), isolated: true, session: storage, reload });
  assert.equal(reloads, 1);
  assert.equal(session.size, 0);
});
