// A worker that dies mid-work is replaced, and the board and history are kept. The page is opened with `?debug`,
// which exposes `window.__hexlab` (web/js/debug.js): `killWorker(name)` terminates the engine, analysis,
// connections or search worker as a crash would, `busy(name)` says whether it has work in flight, `starts(name)`
// how many workers it has started. Killed once, the work in flight is asked again of a fresh worker and its
// answer shown; killed twice on one request, that request's failure is shown; either way the position, the move
// list and the address bar are those of before, and the next move and analysis work.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  engineAnalysis, expectedMarks, boardMarks, hashOf, moveList, pickPair, playCell, setup, stones, waitAnalysis,
  waitConnections, waitReady, waitSearch,
} from './helpers.mjs';

let env;
before(async () => (env = await setup()));
after(() => env?.close());

/** Runs `start` (a function in the page, may be null), then kills worker `name` as soon as it has work in flight. */
function killWhenBusy(page, name, start = null, times = 1) {
  return page.evaluate(async ({ name, start, times }) => {
    if (start) document.querySelector(start).dispatchEvent(new MouseEvent('click', { bubbles: true }));
    for (let kill = 0; kill < times; kill++) {
      // Up to 60 s (a loaded machine restarts a worker slowly), looking every millisecond or so.
      const deadline = performance.now() + 60_000;
      while (!window.__hexlab.busy(name) && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 0));
      if (!window.__hexlab.busy(name)) return false;
      window.__hexlab.killWorker(name);
    }
    return true;
  }, { name, start, times });
}

/** What must survive a worker's death: the position, stones, move list and address bar. */
async function snapshot(page) {
  return { code: await page.getAttribute('#board', 'data-code'), stones: await stones(page), moves: await moveList(page), hash: await hashOf(page) };
}

const starts = (page, name) => page.evaluate((n) => window.__hexlab.starts(n), name);

test('without ?debug there is no hook', { timeout: 60_000 }, async () => {
  const { page } = await env.open('#size=5');
  assert.equal(await page.evaluate(() => 'hexlab' in window && !('__hexlab' in window)), true);
  const { page: debug } = await env.open('?debug=1#size=5');
  assert.deepEqual(await debug.evaluate(() => window.__hexlab.workers), ['engine', 'analysis', 'connections', 'search', 'solver', 'player']);
});

test('the engine worker killed mid-playouts: restarted, the playouts answered, the game kept', { timeout: 120_000 }, async () => {
  const { page, errors } = await env.open('?debug=1#size=11&moves=f6,e7,g5');
  const before = await snapshot(page);
  assert.equal(before.moves.moves.length, 3);

  assert.equal(await killWhenBusy(page, 'engine', '#playouts'), true, 'killed while the playouts ran');
  await page.waitForSelector('#playouts-result[data-playouts]', { state: 'attached', timeout: 60_000 });
  await waitReady(page);
  assert.equal(await starts(page, 'engine'), 2, 'a second engine worker');
  const first = await page.evaluate(() => ({ ...document.getElementById('playouts-result').dataset }));
  assert.equal(first.playouts, '20000');
  assert.deepEqual(await snapshot(page), before, 'the board, move list and link are untouched');

  // The fresh worker plays, and gives the very same playouts (the seed is fixed) as an undisturbed run.
  // Waits for this run's answer, not the last one's: the result is cleared when a run starts (a watcher set up
  // before the click sees it, however fast the run), then filled again.
  await page.evaluate(() => {
    const result = document.getElementById('playouts-result');
    window.__cleared = false;
    new MutationObserver(() => {
      if (result.dataset.blackWins === undefined) window.__cleared = true;
    }).observe(result, { attributes: true });
  });
  await page.click('#playouts');
  await page.waitForFunction(() => window.__cleared && document.getElementById('playouts-result').dataset.blackWins !== undefined && !document.body.dataset.busy);
  const second = await page.evaluate(() => ({ ...document.getElementById('playouts-result').dataset }));
  assert.deepEqual([second.blackWins, second.whiteWins, second.threads], [first.blackWins, first.whiteWins, first.threads]);
  await playCell(page, 'd8');
  assert.deepEqual(await stones(page), { b: ['f6', 'g5'], w: ['d8', 'e7'] });
  await page.click('#undo');
  await page.waitForFunction(() => !document.querySelector('[data-cell="d8"][data-stone]') && !document.body.dataset.busy);
  assert.deepEqual(await stones(page), before.stones);
  assert.equal((await moveList(page)).current, 3, 'd8 can be redone');
  assert.deepEqual(errors, []);
});

test('the engine worker killed twice on one request: that request fails, the game is kept, the next move works', { timeout: 120_000 }, async () => {
  const { page } = await env.open('?debug=1#size=11&moves=f6,e7');
  const before = await snapshot(page);
  assert.equal(await killWhenBusy(page, 'engine', '#playouts', 2), true);
  await page.waitForFunction(() => /killed/.test(document.getElementById('playouts-result').textContent) && !document.body.dataset.busy);
  assert.equal(await page.getAttribute('#playouts-result', 'data-playouts'), null);
  assert.equal(await starts(page, 'engine'), 2, 'the second worker died too: none is started until the next call');
  assert.deepEqual(await snapshot(page), before);
  await playCell(page, 'g5');
  assert.deepEqual(await stones(page), { b: ['f6', 'g5'], w: ['e7'] });
  assert.equal(await starts(page, 'engine'), 3);
  // Killed while idle: the next move starts a worker.
  await page.evaluate(() => window.__hexlab.killWorker('engine'));
  await playCell(page, 'd8');
  assert.deepEqual(await stones(page), { b: ['f6', 'g5'], w: ['d8', 'e7'] });
  assert.equal(await starts(page, 'engine'), 4);
});

test('the engine worker killed while a click is played: the move is asked again and played once', { timeout: 60_000 }, async () => {
  const { page, errors } = await env.open('?debug=1#size=7&moves=d4');
  const entries = await page.evaluate(() => history.length);
  assert.equal(await killWhenBusy(page, 'engine', '[data-cell="c5"]'), true, 'killed while the move was asked');
  await page.waitForSelector('[data-cell="c5"][data-stone="w"]', { state: 'attached', timeout: 30_000 });
  await waitReady(page);
  assert.deepEqual(await stones(page), { b: ['d4'], w: ['c5'] });
  assert.deepEqual((await moveList(page)).moves, ['d4', 'c5']);
  assert.equal(await hashOf(page), 'size=7&moves=d4,c5');
  assert.equal(await page.evaluate(() => history.length), entries + 1, 'one history entry for the move');
  assert.equal(await starts(page, 'engine'), 2);
  assert.deepEqual(errors, []);
});

test('the analysis worker killed mid-analysis: the analysis is asked again and drawn; the game kept', { timeout: 120_000 }, async () => {
  const code = 'size=19&moves=j10,k9,h11,g12';
  const { page, errors } = await env.open(`?debug=1#${code}`);
  await waitReady(page);
  // The analysis is turned on from within the page and watched from the same moment: opened with the analysis
  // on, a fast one could end before the test starts to look (a failed run on 2026-11-27).
  assert.equal(await killWhenBusy(page, 'analysis', '#analysis-toggle'), true, 'killed while the 19x19 analysis ran');
  const before = await snapshot(page);
  await waitAnalysis(page);
  assert.equal(await page.getAttribute('#analysis-panel', 'data-status'), 'ready');
  assert.equal(await starts(page, 'analysis'), 2);
  assert.deepEqual(await boardMarks(page), expectedMarks(await engineAnalysis(before.code)), 'the engine\'s analysis, drawn');
  assert.deepEqual(await snapshot(page), before);

  // Killed twice: the analysis says it failed; the next position is analysed by a fresh worker. (Analyses are
  // remembered by position: the page forgets them first, so that turning the analysis on again asks the worker.)
  await page.evaluate(() => window.hexlab.state.memo.clear());
  await page.click('#analysis-toggle');
  await page.click('#analysis-toggle');
  assert.equal(await killWhenBusy(page, 'analysis', null, 2), true);
  await page.waitForSelector('#analysis-panel[data-status="error"]', { state: 'attached', timeout: 60_000 });
  assert.match(await page.textContent('#analysis-status'), /killed/);
  assert.deepEqual(await snapshot(page), before);
  await playCell(page, 'f13');
  await waitAnalysis(page);
  assert.equal(await page.getAttribute('#analysis-panel', 'data-status'), 'ready');
  assert.deepEqual(await boardMarks(page), expectedMarks(await engineAnalysis(await page.getAttribute('#board', 'data-code'))));
  assert.deepEqual(errors, []);
});

test('the connections and search workers killed mid-work: their answers still arrive; the game kept', { timeout: 120_000 }, async () => {
  const { page, errors } = await env.open('?debug=1#size=11&moves=f6,e7,g5,d8&edges=1');
  assert.equal(await killWhenBusy(page, 'connections', '#connections-toggle'), true, 'killed during H-search');
  await waitConnections(page);
  assert.equal(await page.getAttribute('#connections-panel', 'data-status'), 'ready');
  assert.equal(await starts(page, 'connections'), 2);

  const { page: search } = await env.open('?debug=1#size=5&b=b5,c3,e5,a3,c5&w=e3,b1&turn=w&view=vc');
  await waitConnections(search);
  await pickPair(search, 'c3', 'top');
  const before = await snapshot(search);
  assert.equal(await killWhenBusy(search, 'search', '#connections-search'), true, 'killed during Search deeper');
  await waitSearch(search, 'connected');
  assert.equal(await starts(search, 'search'), 2);
  assert.deepEqual(await snapshot(search), before);
  assert.deepEqual(errors, []);
});
