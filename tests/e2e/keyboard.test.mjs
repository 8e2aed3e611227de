// The board's shortcuts (arrows: undo/redo) stay off while a form control that uses those keys has the focus,
// and a form control never wipes the game.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { act, boardCode, moveList, settle, setup, stones } from './helpers.mjs';

let env;
before(async () => (env = await setup()));
after(() => env?.close());

const GAME = 'size=11&moves=f6,e7,g5,d8';
const STONES = { b: ['f6', 'g5'], w: ['d8', 'e7'] };

test('arrows in the Size and Rules selects or the link box neither undo nor wipe the game', { timeout: 90_000 }, async () => {
  const { page, errors } = await env.open(`#${GAME}`);
  for (const control of ['#size', '#rules', '#link']) {
    await page.focus(control);
    for (const key of ['ArrowLeft', 'ArrowLeft', 'ArrowUp', 'ArrowRight', 'Home', 'End']) {
      await page.keyboard.press(key);
      await settle(page);
    }
    assert.equal(await boardCode(page), GAME, `keys in ${control} leave the game alone`);
    assert.deepEqual(await stones(page), STONES);
    assert.equal((await moveList(page)).current, 4);
    assert.equal(await page.getAttribute('#board', 'data-size'), '11');
  }
  // Out of the form controls the arrows undo and redo again.
  await page.click('#undo');
  await settle(page);
  assert.equal((await moveList(page)).current, 3);
  await act(page, () => page.keyboard.press('ArrowLeft'));
  assert.equal((await moveList(page)).current, 2);
  await act(page, () => page.keyboard.press('ArrowRight'));
  assert.equal((await moveList(page)).current, 3);
  assert.deepEqual(errors, []);
});
