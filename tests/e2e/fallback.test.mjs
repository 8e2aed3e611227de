// 6. Without COOP/COEP the page falls back to the single-threaded package and says so.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { act, boardMarks, engineAnalysis, expectedMarks, playCell, setAnalysis, setup, stones } from './helpers.mjs';

let env;
before(async () => (env = await setup({ isolation: false })));
after(() => env?.close());

test('not isolated: 1 thread, says so, still plays', { timeout: 90_000 }, async () => {
  const { page, errors } = await env.open();
  assert.equal(await page.evaluate(() => crossOriginIsolated), false);
  const data = await page.evaluate(() => ({ ...document.body.dataset }));
  assert.equal(data.engine, 'ready');
  assert.equal(data.isolated, 'false');
  assert.equal(data.package, 'single');
  assert.equal(data.threads, '1');
  assert.match(await page.textContent('#status'), /not cross-origin isolated: 1 thread\b/);

  await playCell(page, 'f6');
  await playCell(page, 'e7');
  assert.deepEqual(await stones(page), { b: ['f6'], w: ['e7'] });

  await act(page, () => page.click('#undo'));
  assert.deepEqual(await stones(page), { b: ['f6'], w: [] });

  // The analysis worker uses the single package in any case.
  await setAnalysis(page, true);
  const report = await engineAnalysis(await page.getAttribute('#board', 'data-code'));
  assert.deepEqual(await boardMarks(page), expectedMarks(report));

  await page.click('#playouts');
  await page.waitForSelector('#playouts-result[data-playouts]', { state: 'attached', timeout: 60_000 });
  assert.equal(await page.getAttribute('#playouts-result', 'data-threads'), '1');
  assert.deepEqual(errors, []);
});
