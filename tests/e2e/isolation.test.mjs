// 1. Served with COOP/COEP, the page is cross-origin isolated and the pool has at least 2 threads.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { setup } from './helpers.mjs';

let env;
before(async () => (env = await setup()));
after(() => env?.close());

test('cross-origin isolated, threaded package, at least 2 pool threads', { timeout: 90_000 }, async () => {
  const { page, errors } = await env.open();
  assert.equal(await page.evaluate(() => crossOriginIsolated), true);
  const data = await page.evaluate(() => ({ ...document.body.dataset }));
  assert.equal(data.engine, 'ready');
  assert.equal(data.isolated, 'true');
  assert.equal(data.package, 'threads');
  const threads = Number(data.threads);
  assert.ok(threads >= 2, `expected at least 2 pool threads, got ${data.threads}`);

  const status = await page.textContent('#status');
  assert.match(status, /engine ready/);
  assert.match(status, new RegExp(`\\b${threads} threads\\b`));
  assert.match(status, /cross-origin isolated/);
  assert.doesNotMatch(status, /not cross-origin isolated/);

  // The default board: 11x11, every cell present and empty, Black to move.
  assert.equal(await page.getAttribute('#board', 'data-size'), '11');
  assert.equal(await page.getAttribute('#board', 'data-width'), '11');
  assert.equal(await page.getAttribute('#board', 'data-height'), '11');
  assert.equal(await page.locator('#board [data-cell]').count(), 121);
  assert.equal(await page.locator('[data-stone]').count(), 0);
  assert.match(status, /Black to move/);
  assert.equal(await page.isHidden('#error'), true);
  assert.deepEqual(errors, []);
});
