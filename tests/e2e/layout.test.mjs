// Pointing at marked cells with the analysis on changes the explanation, never the place of the controls below.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, waitAnalysis } from './helpers.mjs';

let env;
before(async () => (env = await setup()));
after(() => env?.close());

/** Where the move list, the link box and the Playouts button are. */
function boxes(page) {
  return page.evaluate(() =>
    Object.fromEntries(['.moves-box', '#link-form', '#playouts'].map((sel) => {
      const r = document.querySelector(sel).getBoundingClientRect();
      return [sel, [r.x, r.y, r.width, r.height].map(Math.round)];
    })),
  );
}

test('hovering marked cells in analysis mode leaves the move list and link box in place', { timeout: 90_000 }, async () => {
  const { page, errors } = await env.open('#size=5&b=a1,b2&w=c3&view=ica');
  await waitAnalysis(page);
  const before = await boxes(page);
  for (const cell of ['d3', 'e1', 'a2']) {
    await page.hover(`[data-cell="${cell}"]`);
    await page.waitForSelector(`#analysis-panel[data-focus="${cell}"]`, { state: 'attached' });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
    assert.deepEqual(await boxes(page), before, `hovering ${cell}`);
  }
  // Clicking one keeps it explained, with its Play anyway button: still nothing moves.
  await page.click('[data-cell="d3"]');
  await page.waitForSelector('#analysis-play:not([hidden])', { state: 'attached' });
  assert.deepEqual(await boxes(page), before, 'with the Play anyway button');
  await page.mouse.move(5, 5);
  await page.keyboard.press('Escape');
  await page.waitForSelector('#analysis-panel:not([data-focus])', { state: 'attached' });
  assert.deepEqual(await boxes(page), before);
  assert.deepEqual(errors, []);
});
