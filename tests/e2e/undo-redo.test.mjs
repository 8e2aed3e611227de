// 5. Undo/redo follow the hash; a reloaded undone position can still be redone.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { act, chooseSize, hashOf, moveList, playCell, setup, stones, waitReady } from './helpers.mjs';

let env;
before(async () => (env = await setup()));
after(() => env?.close());

test('undo changes the hash, reload keeps the undone position, redo still works', { timeout: 90_000 }, async () => {
  const { page, errors } = await env.open();
  await chooseSize(page, 5);
  const empty = await hashOf(page);
  await playCell(page, 'c3');
  assert.notEqual(await hashOf(page), empty);
  await playCell(page, 'b4');
  await playCell(page, 'd2');
  const full = await hashOf(page);
  assert.deepEqual(await stones(page), { b: ['c3', 'd2'], w: ['b4'] });

  await act(page, () => page.click('#undo'));
  const undone = await hashOf(page);
  assert.notEqual(undone, full);
  assert.deepEqual(await stones(page), { b: ['c3'], w: ['b4'] });
  assert.deepEqual(await moveList(page), { moves: ['c3', 'b4', 'd2'], current: 2 });

  await page.reload();
  await waitReady(page);
  assert.equal(await hashOf(page), undone);
  assert.deepEqual(await stones(page), { b: ['c3'], w: ['b4'] });
  assert.deepEqual(await moveList(page), { moves: ['c3', 'b4', 'd2'], current: 2 });
  assert.equal(await page.isEnabled('#redo'), true);

  await act(page, () => page.click('#redo'));
  assert.deepEqual(await stones(page), { b: ['c3', 'd2'], w: ['b4'] });
  assert.equal(await hashOf(page), full);
  assert.equal(await page.isDisabled('#redo'), true);

  // Arrow keys undo and redo too.
  await act(page, () => page.keyboard.press('ArrowLeft'));
  await act(page, () => page.keyboard.press('ArrowLeft'));
  assert.deepEqual(await stones(page), { b: ['c3'], w: [] });
  await act(page, () => page.keyboard.press('ArrowRight'));
  assert.deepEqual(await stones(page), { b: ['c3'], w: ['b4'] });

  // Clicking a move in the list jumps there.
  await act(page, () => page.click('#moves [data-ply="3"]'));
  assert.deepEqual(await stones(page), { b: ['c3', 'd2'], w: ['b4'] });
  await act(page, () => page.click('#moves [data-ply="1"]'));
  assert.deepEqual(await stones(page), { b: ['c3'], w: [] });

  // Playing away from the end drops the redo tail.
  await playCell(page, 'a5');
  assert.deepEqual(await moveList(page), { moves: ['c3', 'a5'], current: 2 });
  assert.equal(await page.isDisabled('#redo'), true);
  assert.deepEqual(errors, []);
});
