// The New game settings never wipe a game: Size, Rules and Swap rule apply to the next game (New game), a
// New game can be undone, and the browser's Back and Forward walk the positions.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { act, boardCode, hashOf, playCell, settle, setup, stones } from './helpers.mjs';

let env;
before(async () => (env = await setup()));
after(() => env?.close());

const GAME = 'size=11&moves=f6,e7,g5,d8';
const STONES = { b: ['f6', 'g5'], w: ['d8', 'e7'] };

/** The choosers as shown: { size, rules, swap }. */
async function choosers(page) {
  return { size: await page.inputValue('#size'), rules: await page.inputValue('#rules'), swap: await page.isChecked('#swap-rule') };
}

test('Size, Rules and Swap rule wait for New game; Undo after New game brings the game back', { timeout: 90_000 }, async () => {
  const { page, errors } = await env.open(`#${GAME}`);
  assert.equal(await boardCode(page), GAME);
  assert.deepEqual(await choosers(page), { size: '11', rules: 'hex', swap: true });
  assert.equal(await page.isHidden('#settings-note'), true);

  await page.selectOption('#size', '13');
  await settle(page);
  await page.selectOption('#rules', 'rex');
  await settle(page);
  await page.uncheck('#swap-rule');
  await settle(page);
  assert.equal(await boardCode(page), GAME, 'the game on the board is untouched');
  assert.deepEqual(await stones(page), STONES);
  assert.equal(await hashOf(page), GAME);
  assert.equal(await page.isEnabled('#undo'), true);
  assert.deepEqual(await choosers(page), { size: '13', rules: 'rex', swap: false }, 'the choices stay shown');
  assert.equal(await page.getAttribute('#settings', 'data-pending'), 'true');
  assert.equal(await page.isVisible('#settings-note'), true);

  // A move keeps both the game going and the choices waiting.
  await playCell(page, 'c3');
  assert.deepEqual(await choosers(page), { size: '13', rules: 'rex', swap: false });
  const played = await boardCode(page);

  // New game applies them.
  await act(page, () => page.click('#new-game'));
  assert.equal(await boardCode(page), 'size=13&rules=rex&swap=no');
  assert.deepEqual(await stones(page), { b: [], w: [] });
  assert.equal(await page.getAttribute('#settings', 'data-pending'), null);
  assert.equal(await page.isEnabled('#undo'), true, 'a New game can be undone');
  assert.equal(await page.isDisabled('#redo'), true);

  // Undo returns to the game left, with its settings; Redo goes forward to the new game again.
  await act(page, () => page.click('#undo'));
  assert.equal(await boardCode(page), played);
  assert.equal(await hashOf(page), played);
  assert.deepEqual(await choosers(page), { size: '11', rules: 'hex', swap: true });
  assert.equal(await page.isEnabled('#redo'), true);
  await act(page, () => page.click('#redo'));
  assert.equal(await boardCode(page), 'size=13&rules=rex&swap=no');
  await act(page, () => page.keyboard.press('ArrowLeft'));
  assert.equal(await boardCode(page), played);
  // Undo goes on through the old game's moves as usual.
  await act(page, () => page.click('#undo'));
  assert.deepEqual(await stones(page), STONES);
  assert.deepEqual(errors, []);
});

test("the browser's Back and Forward walk the positions, across a New game", { timeout: 90_000 }, async () => {
  const { page, errors } = await env.open(`#${GAME}`);
  await playCell(page, 'c3');
  const played = await boardCode(page);
  await act(page, () => page.click('#new-game'));
  const fresh = await boardCode(page);
  assert.equal(fresh, 'size=11');

  await act(page, () => page.goBack());
  assert.equal(await boardCode(page), played, 'Back returns to the game left');
  assert.equal(await hashOf(page), played);
  await act(page, () => page.goBack());
  assert.equal(await boardCode(page), GAME, 'Back again: the position before the move');
  assert.deepEqual(await stones(page), STONES);
  await act(page, () => page.goForward());
  assert.equal(await boardCode(page), played);
  await act(page, () => page.goForward());
  assert.equal(await boardCode(page), fresh, 'Forward to the new game');
  assert.equal(await page.isEnabled('#undo'), true);
  await act(page, () => page.click('#undo'));
  assert.equal(await boardCode(page), played, 'Undo after Forward still returns to the game left');
  assert.deepEqual(errors, []);
});
