// 7. The Playouts button runs the job on the pool and reports numbers, on any number of cores (one too).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { playCell, setup } from './helpers.mjs';

let env;
before(async () => (env = await setup()));
after(() => env?.close());

test('playouts report win rates, threads and time', { timeout: 120_000 }, () => playouts(env));

test('on one core: playouts run on the one pool thread', { timeout: 120_000 }, async () => {
  const one = await setup({ cores: 1 });
  try {
    assert.equal(await playouts(one), 1);
  } finally {
    await one.close();
  }
});

/** Plays f6, runs the playouts and checks the result; returns the thread count it reports. */
async function playouts(env) {
  const { page, errors } = await env.open();
  await playCell(page, 'f6');
  await page.click('#playouts');
  await page.waitForSelector('#playouts-result[data-playouts]', { state: 'attached', timeout: 90_000 });
  const data = await page.evaluate(() => ({ ...document.getElementById('playouts-result').dataset }));
  const playouts = Number(data.playouts);
  const black = Number(data.blackWins);
  const white = Number(data.whiteWins);
  assert.equal(playouts, 20000);
  assert.equal(black + white, playouts, 'every Hex playout has a winner');
  assert.ok(black > 0 && white > 0, `both colours win some playouts (${black}/${white})`);
  assert.equal(Number(data.threads), Number(await page.getAttribute('body', 'data-threads')));
  assert.ok(Number(data.threads) >= 1);
  const text = await page.textContent('#playouts-result');
  assert.match(text, /^20000 random playouts · won by Black \d+\.\d% · by White \d+\.\d% · \d+ threads? · \d+ ms/);
  // Not an evaluation: the result's tooltip and the note under it say so.
  assert.match(await page.getAttribute('#playouts-result', 'title'), /not an evaluation/);
  assert.equal(await page.isVisible('#playouts-note'), true);
  assert.match(await page.textContent('#playouts-note'), /not an evaluation/);
  assert.deepEqual(errors, []);
  return Number(data.threads);
}
