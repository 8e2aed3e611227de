// An 11x11 game in progress, saved to tests/artifacts/board.png for a human to look at.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { artifact, playCell, setup, stones } from './helpers.mjs';

let env;
before(async () => (env = await setup()));
after(() => env?.close());

test('screenshot of an 11x11 game in progress', { timeout: 90_000 }, async () => {
  const { page, errors } = await env.open();
  const moves = ['f6', 'e7', 'e6', 'd7', 'g4', 'c9', 'h3', 'j2', 'i2', 'b10', 'k1', 'a11'];
  for (const cell of moves) await playCell(page, cell);
  const { b, w } = await stones(page);
  assert.equal(b.length + w.length, moves.length);
  await page.screenshot({ path: artifact('board.png') });
  assert.deepEqual(errors, []);
});
