// 2. On 3x3, Black b1 b2 b3 connects top and bottom: the winner is announced and the chain highlighted.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { artifact, chooseSize, playCell, setup, stones } from './helpers.mjs';

let env;
before(async () => (env = await setup()));
after(() => env?.close());

test('3x3: Black connects b1-b2-b3 and wins', { timeout: 90_000 }, async () => {
  const { page, errors } = await env.open();
  await chooseSize(page, 3);
  assert.equal(await page.getAttribute('#board', 'data-size'), '3');
  assert.equal(await page.locator('#board [data-cell]').count(), 9);

  for (const cell of ['b1', 'a2', 'b2', 'a3']) await playCell(page, cell);
  assert.equal(await page.getAttribute('#board', 'data-winner'), null);
  assert.match(await page.textContent('#status'), /Black to move/);
  await playCell(page, 'b3');

  await page.waitForSelector('#board[data-winner="b"]', { state: 'attached' });
  assert.match(await page.textContent('#status'), /Black wins/);
  assert.deepEqual(await stones(page), { b: ['b1', 'b2', 'b3'], w: ['a2', 'a3'] });
  const chain = await page.$$eval('.win-chain[data-cell]', (els) => els.map((e) => e.dataset.cell).sort());
  assert.deepEqual(chain, ['b1', 'b2', 'b3']);
  assert.deepEqual(await page.$$eval('[data-chain="winning"]', (els) => els.map((e) => e.dataset.cell).sort()), chain);
  assert.equal(await page.locator('[data-chain="losing"], .lose-chain').count(), 0);
  for (const cell of chain) assert.equal(await page.getAttribute(`[data-cell="${cell}"]`, 'data-stone'), 'b');

  // The game is over: clicking an empty cell plays nothing.
  await page.click('[data-cell="c1"]');
  await page.click('#playouts'); // an action queued after the click: once it is done, the click was handled
  await page.waitForSelector('#playouts-result[data-playouts]', { state: 'attached', timeout: 60_000 });
  assert.equal(await page.getAttribute('[data-cell="c1"]', 'data-stone'), null);

  await page.screenshot({ path: artifact('win-3x3.png') });
  assert.deepEqual(errors, []);
});

test('3x3 rex (misère): the same line makes White the winner', { timeout: 90_000 }, async () => {
  const { page, errors } = await env.open();
  await chooseSize(page, 3);
  await page.selectOption('#rules', 'rex');
  await page.click('#new-game');
  await page.waitForSelector('#board[data-rules="rex"]', { state: 'attached' });
  for (const cell of ['b1', 'a2', 'b2', 'a3', 'b3']) await playCell(page, cell);
  await page.waitForSelector('#board[data-winner="w"]', { state: 'attached' });
  assert.match(await page.textContent('#status'), /White wins/);
  assert.match(await page.getAttribute('#board', 'data-code'), /rules=rex/);
  // Black's chain decided it, as the loser's: marked losing, never drawn like a winning chain.
  const losing = await page.$$eval('[data-chain="losing"]', (els) => els.map((e) => e.dataset.cell).sort());
  assert.deepEqual(losing, ['b1', 'b2', 'b3']);
  assert.deepEqual(await page.$$eval('.lose-chain[data-cell]', (els) => els.map((e) => e.dataset.cell).sort()), losing);
  assert.equal(await page.locator('.win-chain, [data-chain="winning"]').count(), 0);
  assert.match(await page.textContent('#game-status'), /White wins: Black connected .* loses \(Rex\)/);
  const fill = (cell) => page.$eval(`[data-cell="${cell}"] .hex`, (hex) => getComputedStyle(hex).fill);
  assert.notEqual(await fill('b1'), await fill('a2'), "the loser's chain is shaded");
  await page.screenshot({ path: artifact('rex-3x3.png') });
  assert.deepEqual(errors, []);
});
