// Engine lines remembered per position (web/js/lines.js): Analyse on a 9x9 position, a step back with the keyboard
// and forward again shows the position's candidates, win rate and variation in the very frame the board shows
// it, marked remembered (`data-source="memo"`), and the search goes on there; the Playouts result comes back with
// its position without running again.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { act, boardCode, setup } from './helpers.mjs';

let env;
before(async () => (env = await setup()));
after(() => env?.close());

/**
 * Records, in the page, what the board and the panels show each time the board changes while it shows `code`:
 * read back with `shownAt(page)`.
 */
function watch(page, code) {
  return page.evaluate((code) => {
    window.__shown = [];
    const board = document.getElementById('board');
    const look = () => {
      if (board.dataset.code !== code) return;
      const a = window.hexlab.state.analyse;
      window.__shown.push({
        source: board.dataset.overlaySource ?? null,
        panel: document.getElementById('analyse-panel').dataset.source ?? null,
        candidates: board.querySelectorAll('[data-mark="candidate"]').length,
        visits: a.result?.visits ?? 0,
        searched: a.searched,
        bar: document.getElementById('analyse-bar').getAttribute('aria-valuenow'),
        pv: document.querySelectorAll('#analyse-pv li').length,
        text: document.getElementById('analyse-status').textContent,
        playouts: document.getElementById('playouts-result').textContent,
        playoutsSource: document.getElementById('playouts-result').dataset.source ?? null,
      });
    };
    new MutationObserver(look).observe(document.body, { attributes: true, childList: true, characterData: true, subtree: true });
  }, code);
}

const shownAt = (page) => page.evaluate(() => window.__shown);

test('Analyse: back to a position already searched, its candidates show at once, remembered, and the search goes on', { timeout: 180_000 }, async () => {
  const { page, errors } = await env.open('?debug#size=9&moves=e5,d6');
  await page.check('#analyse-toggle');
  // The position after e5 d6, searched until it has a few thousand visits.
  await page.waitForFunction(
    () => (window.hexlab.state.analyse.result?.visits ?? 0) >= 3000 && document.querySelectorAll('#board [data-mark="candidate"]').length >= 3,
    null,
    { timeout: 90_000 },
  );
  const here = await boardCode(page);
  assert.equal(await page.getAttribute('#analyse-panel', 'data-source'), 'search');
  assert.equal(await page.getAttribute('#board', 'data-overlay-source'), 'search');
  // One move back (the left arrow): that position was never searched, its search starts from nothing.
  const left = await page.evaluate(() => window.hexlab.state.analyse.result.visits);
  await act(page, () => page.keyboard.press('ArrowLeft'));
  await page.waitForFunction(() => document.querySelectorAll('#board [data-mark="candidate"]').length >= 1, null, { timeout: 60_000 });
  assert.equal(await page.getAttribute('#analyse-panel', 'data-source'), 'search');
  // Forward again (the right arrow): the remembered lines, in the first frame that shows the position.
  await watch(page, here);
  await act(page, () => page.keyboard.press('ArrowRight'));
  const [first] = await shownAt(page);
  assert.ok(first, 'the board showed the position');
  assert.equal(first.source, 'memo', JSON.stringify(first));
  assert.equal(first.panel, 'memo');
  assert.ok(first.candidates >= 3, `candidates at once: ${first.candidates}`);
  assert.ok(first.visits >= left, `the remembered visits: ${first.visits} (${left} shown when the board left)`);
  assert.ok(first.searched < first.visits, 'not recomputed: the new search is behind what is shown');
  assert.ok(first.pv >= 1, 'the principal variation at once');
  assert.notEqual(first.bar, null);
  assert.match(first.text, /^Remembered, [\d,]+ visits\. Best [a-i]\d \(\d+% for Black\)\. Searching again: [\d,]+ visits so far\.$/);
  // Never back to fewer visits: every frame at this position shows at least the remembered figure.
  await page.waitForFunction(() => window.hexlab.state.analyse.searched > 0, null, { timeout: 30_000 });
  const shown = await shownAt(page);
  assert.ok(shown.every((s) => s.visits >= first.visits && s.candidates >= 3), 'the figures never went back');
  assert.equal(await page.getAttribute('#analyse-panel', 'data-status'), 'running', 'the search goes on');
  await page.uncheck('#analyse-toggle');
  assert.deepEqual(errors, []);
});

test('Playouts: the result comes back with its position, remembered, without running again', { timeout: 120_000 }, async () => {
  const { page, errors } = await env.open('#size=9&moves=e5,d6');
  const here = await boardCode(page);
  await page.click('#playouts');
  await page.waitForSelector('#playouts-result[data-playouts]', { state: 'attached', timeout: 90_000 });
  assert.equal(await page.getAttribute('#playouts-result', 'data-source'), 'run');
  const ran = await page.evaluate(() => ({ ...document.getElementById('playouts-result').dataset }));
  const text = await page.textContent('#playouts-result');
  assert.match(text, /^20000 random playouts/);
  // Another position: not its result.
  await act(page, () => page.keyboard.press('ArrowLeft'));
  assert.equal(await page.textContent('#playouts-result'), '');
  assert.equal(await page.getAttribute('#playouts-result', 'data-playouts'), null);
  // Back: the same figures at once, said to be remembered; no run in between.
  await watch(page, here);
  await act(page, () => page.keyboard.press('ArrowRight'));
  const [first] = await shownAt(page);
  assert.equal(first.playoutsSource, 'memo');
  assert.equal(first.playouts, `remembered: ${text}`);
  assert.ok((await shownAt(page)).every((s) => !/running/.test(s.playouts)), 'not run again');
  const back = await page.evaluate(() => ({ ...document.getElementById('playouts-result').dataset }));
  assert.deepEqual(back, { ...ran, source: 'memo' });
  assert.equal(await page.isVisible('#playouts-note'), true);
  assert.deepEqual(errors, []);
});
