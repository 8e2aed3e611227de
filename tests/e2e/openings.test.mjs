// The Openings view (web/js/openings.js, openings-panel.js): the 4x4 map solved in the page's solver worker marks
// every cell `win` or `loss` for Black, the side that moved, exactly as `hexlab openings --size 4 --json` says
// (canonical openings, and each twin under the 180° turn); pointing at a cell gives its time and nodes; a reload
// reads the map from IndexedDB without starting the solver; Stop during the 6x6 map keeps what is solved. The
// page is opened with `?debug` to count the solver's workers.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { HEXLAB_BIN, artifact, setup } from './helpers.mjs';

let env;
before(async () => (env = await setup()));
after(() => env?.close());

const twin = (cell, n) => String.fromCharCode(96 + n - (cell.charCodeAt(0) - 96) + 1) + (n - Number(cell.slice(1)) + 1);

/** `{ cell: 'win' | 'loss' }` for every cell of the native map (canonical openings and their twins). */
function nativeMap(n) {
  const map = JSON.parse(execFileSync(HEXLAB_BIN, ['openings', '--size', String(n), '--json'], { encoding: 'utf8' }));
  const out = {};
  for (const o of map.openings) {
    const mark = o.winner === 'b' ? 'win' : 'loss';
    out[o.move] = mark;
    out[twin(o.move, n)] = mark;
  }
  return { marks: out, openings: map.openings };
}

function boardMarks(page) {
  return page.evaluate(() => Object.fromEntries([...document.querySelectorAll('#board [data-cell][data-mark]')].map((g) => [g.dataset.cell, g.dataset.mark])));
}

test('the 4x4 map as hexlab openings says, with time and nodes on hover; a reload reads the store', { timeout: 120_000 }, async () => {
  const native = nativeMap(4);
  assert.equal(Object.keys(native.marks).length, 16);
  const { page, errors } = await env.open('?debug#size=7&moves=d4');
  await page.click('#openings-toggle');
  await page.selectOption('#openings-size', '4');
  await page.waitForSelector('#board[data-code="size=4&swap=no"]');
  await page.waitForSelector('#openings-panel[data-status="idle"][data-size="4"]');
  assert.equal(await page.getAttribute('#openings-panel', 'data-known'), '0');
  await page.click('#openings-run');
  await page.waitForSelector('#openings-panel[data-status="done"]', { timeout: 90_000 });
  assert.deepEqual(await boardMarks(page), native.marks, 'every cell marked for Black, as hexlab openings --size 4');
  assert.equal(await page.getAttribute('#board', 'data-overlay'), 'openings');
  // The list: one entry per canonical opening, with its winner, time and nodes.
  const list = await page.$$eval('#openings-list li', (items) => items.map((li) => ({ move: li.dataset.move, winner: li.dataset.winner, ms: Number(li.dataset.ms), nodes: Number(li.dataset.nodes), source: li.dataset.source })));
  assert.deepEqual(list.map((o) => [o.move, o.winner]), native.openings.map((o) => [o.move, o.winner]));
  assert.ok(list.every((o) => o.source === 'solver' && o.nodes >= 1 && o.ms >= 0));
  // Hover: the cell's result with its time and nodes (a twin names its canonical opening).
  await page.hover('#board [data-cell="a4"]');
  await page.waitForSelector('#openings-detail[data-cell="a4"]');
  const d1 = list.find((o) => o.move === 'd1');
  assert.match(await page.textContent('#openings-detail'), new RegExp(`^a4: Black wins \\(White to move loses\\) \\(as d1, its 180° turn\\) · [\\d.]+ m?s · ${d1.nodes.toLocaleString('en')} nodes · solved here\\.$`));
  await page.hover('#board [data-cell="b2"]');
  await page.waitForSelector('#openings-detail[data-cell="b2"]');
  assert.match(await page.textContent('#openings-detail'), /^b2: White wins: Black’s first move loses · [\d.]+ m?s · [\d,]+ nodes · solved here\.$/);
  await page.screenshot({ path: artifact('openings-4x4.png') });
  // The keyboard reaches a cell's result too.
  await page.focus('#board [data-cell="c2"]');
  await page.waitForSelector('#openings-detail[data-cell="c2"]');

  // A click plays that opening: the map leaves the board, Show the map brings it back.
  await page.click('#board [data-cell="c2"]');
  await page.waitForSelector('#board[data-code="size=4&swap=no&moves=c2"]');
  assert.deepEqual(await boardMarks(page), {});
  await page.click('#openings-show');
  await page.waitForSelector('#board[data-code="size=4&swap=no"]');
  await page.waitForFunction(() => document.querySelectorAll('#board [data-mark]').length === 16);

  // A reload: the map comes from this browser's store, no solver worker is started.
  await page.reload();
  await page.waitForSelector('body[data-engine="ready"]', { state: 'attached' });
  await page.click('#openings-toggle');
  await page.waitForSelector('#openings-panel[data-status="done"]');
  assert.deepEqual(await boardMarks(page), native.marks);
  assert.ok((await page.$$eval('#openings-list li', (items) => items.map((li) => li.dataset.source))).every((s) => s === 'store'));
  assert.equal(await page.evaluate(() => window.__hexlab.starts('solver')), 0, 'nothing solved again');
  assert.deepEqual(errors, []);
});

test('Stop during the 6x6 map answers at once and keeps the openings solved so far', { timeout: 120_000 }, async () => {
  const { page, errors } = await env.open('?debug');
  await page.click('#openings-toggle');
  await page.selectOption('#openings-size', '6');
  await page.waitForSelector('#board[data-code="size=6&swap=no"]');
  await page.click('#openings-run');
  await page.waitForSelector('#openings-panel[data-status="running"]');
  // Progress of the opening being solved: nodes, rate, the table, the time, the root's numbers.
  await page.waitForFunction(() => /nodes · [\d,]+ nodes\/s/.test(document.getElementById('openings-progress').textContent), null, { timeout: 60_000 });
  await page.click('#openings-stop');
  await page.waitForSelector('#openings-panel[data-status="stopped"]');
  assert.match(await page.textContent('#openings-status'), /Stopped: the openings solved so far are kept/);
  const known = Number(await page.getAttribute('#openings-panel', 'data-known'));
  assert.equal(await page.locator('#openings-list li').count(), known);
  assert.equal(await page.isHidden('#openings-stop'), true);
  assert.deepEqual(errors, []);
});
