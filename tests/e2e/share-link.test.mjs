// 3. The page URL after some moves (including a swap) opened in a fresh page shows the same position.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { act, boardCode, chooseSize, hashOf, moveList, playCell, setup, stones } from './helpers.mjs';

let env;
before(async () => (env = await setup()));
after(() => env?.close());

async function snapshot(page) {
  return {
    size: await page.getAttribute('#board', 'data-size'),
    toMove: await page.getAttribute('#board', 'data-to-move'),
    code: await boardCode(page),
    stones: await stones(page),
    moves: await moveList(page),
    game: await page.textContent('#game-status'),
  };
}

test('share link with a swap reopens the same position', { timeout: 90_000 }, async () => {
  const { page, errors } = await env.open();
  await chooseSize(page, 7);
  await playCell(page, 'd4');
  assert.equal(await page.isEnabled('#swap'), true);
  await act(page, () => page.click('#swap'));
  assert.equal(await page.isDisabled('#swap'), true);
  await playCell(page, 'c5');
  await playCell(page, 'e3');

  const before = await snapshot(page);
  assert.deepEqual(before.moves.moves, ['d4', 'swap', 'c5', 'e3']);
  assert.equal(before.moves.current, 4);
  assert.equal(before.stones.b.length + before.stones.w.length, 3);
  const hash = await hashOf(page);
  assert.equal(hash, before.code, 'the address bar holds the position code');
  assert.match(hash, /swap/);

  const fresh = await env.open(page.url());
  const after = await snapshot(fresh.page);
  assert.deepEqual(after, before);
  assert.equal(await hashOf(fresh.page), hash);

  // The HexWorld link (shown when the engine gives one) leads back to the same position.
  const hexworld = await fresh.page.getAttribute('#hexworld-link', 'href');
  if (hexworld && (await fresh.page.isVisible('#hexworld-link'))) {
    const third = await env.open();
    await third.page.fill('#link', hexworld);
    await act(third.page, () => third.page.click('#link-form button[type="submit"]'));
    assert.equal(await boardCode(third.page), before.code, `${hexworld} reopens the position`);
  }

  // The reopened position is live: the game goes on from it.
  await playCell(fresh.page, 'a1');
  assert.equal((await moveList(fresh.page)).moves.length, 5);
  assert.deepEqual([...errors, ...fresh.errors], []);
});
