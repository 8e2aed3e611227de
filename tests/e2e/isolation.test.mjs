// 1. Served with COOP/COEP, the page is cross-origin isolated and the pool has one thread per core
// (navigator.hardwareConcurrency): at least 1, so this passes on a one-core machine too (checked with Chromium
// pinned to one CPU).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { setup } from './helpers.mjs';

let env;
before(async () => (env = await setup()));
after(() => env?.close());

test('cross-origin isolated, threaded package, one pool thread per core', { timeout: 90_000 }, () => isolated(env));

test('on one core: still isolated and threaded, with one pool thread', { timeout: 90_000 }, async () => {
  const one = await setup({ cores: 1 });
  try {
    assert.equal(await isolated(one), 1);
  } finally {
    await one.close();
  }
});

/** The checks of an isolated page; returns the pool's thread count. */
async function isolated(env) {
  const { page, errors } = await env.open();
  assert.equal(await page.evaluate(() => crossOriginIsolated), true);
  const data = await page.evaluate(() => ({ ...document.body.dataset }));
  assert.equal(data.engine, 'ready');
  assert.equal(data.isolated, 'true');
  assert.equal(data.package, 'threads');
  const threads = Number(data.threads);
  assert.ok(threads >= 1, `expected at least 1 pool thread, got ${data.threads}`);
  assert.equal(threads, await page.evaluate(() => navigator.hardwareConcurrency), 'one pool thread per core');

  const status = await page.textContent('#status');
  assert.match(status, /engine ready/);
  assert.match(status, new RegExp(`\\b${threads} thread${threads === 1 ? '' : 's'}\\b`));
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
  return threads;
}
