// Play without a mouse: the board is a grid of focusable cells (role grid/row/gridcell, a roving tabindex), the
// arrows move the focus, Enter or Space plays, a live region announces each move and the result; the move list
// is focusable (Enter goes there); u/r and Ctrl+Z/Ctrl+Y undo and redo from anywhere but a text field.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { boardCode, moveList, settle, setup, stones, waitReady } from './helpers.mjs';

let env;
before(async () => (env = await setup()));
after(() => env?.close());

/** The focused element: its cell name (or ply in the move list), role, label and tabindex. */
function focused(page) {
  return page.evaluate(() => {
    const el = document.activeElement;
    return {
      cell: el?.dataset?.cell ?? null,
      ply: el?.dataset?.ply ?? null,
      role: el?.getAttribute('role') ?? null,
      label: el?.getAttribute('aria-label') ?? null,
      tabindex: el?.getAttribute('tabindex') ?? null,
      // The focus ring drawn over the focused cell (an SVG cell's own outline hides under its neighbours).
      ring: (() => {
        const ring = document.querySelector('#board .focus-ring');
        const shown = ring && getComputedStyle(ring).display !== 'none' && getComputedStyle(ring).stroke !== 'none';
        return shown && ring.getAttribute('transform') === el?.getAttribute('transform') ? ring.dataset.cellRing : null;
      })(),
    };
  });
}

/** The cells in the tab order (tabindex 0) on the board. */
function tabbable(page) {
  return page.$$eval('#board [data-cell][tabindex="0"]', (els) => els.map((e) => e.dataset.cell));
}

/** Presses `keys` one after another and checks where the focus ends up; nothing is played meanwhile. */
async function walk(page, keys, cell) {
  const code = await boardCode(page);
  for (const key of keys) await page.keyboard.press(key);
  await settle(page);
  const now = await focused(page);
  assert.equal(now.cell, cell, `${keys.join(' ')} moves the focus to ${cell}`);
  assert.equal(now.ring, cell, 'the focus ring is drawn on it');
  assert.deepEqual(await tabbable(page), [cell], 'one cell is in the tab order: the focused one');
  assert.equal(await boardCode(page), code, 'moving the focus neither plays nor undoes');
}

/** Presses `key` (Enter or Space) on the focused cell and waits for the stone and the announcement. */
async function playHere(page, key, cell, color, announced) {
  await page.keyboard.press(key);
  await page.waitForSelector(`#board [data-cell="${cell}"][data-stone="${color}"]`, { state: 'attached', timeout: 30_000 });
  await waitReady(page);
  await page.waitForFunction((text) => document.getElementById('announcer').textContent === text, announced);
  const label = await page.getAttribute(`[data-cell="${cell}"]`, 'aria-label');
  assert.match(label, new RegExp(`^${cell}, ${color === 'b' ? 'black' : 'white'} stone`));
  assert.equal((await focused(page)).cell, cell, 'the focus stays on the cell played');
}

test('a whole 3x3 game by keyboard: Tab to the board, arrows, Enter and Space, the winner announced', { timeout: 120_000 }, async () => {
  const { page, errors } = await env.open('#size=3&swap=no');

  // The grid: 3 rows of 3 gridcells, every cell labelled, one of them (the centre) in the tab order.
  assert.equal(await page.locator('#board [role="grid"]').count(), 1);
  assert.equal(await page.locator('#board [role="grid"] > [role="row"]').count(), 3);
  assert.equal(await page.locator('#board [role="row"] > [role="gridcell"][data-cell]').count(), 9);
  assert.equal(await page.getAttribute('[data-cell="a1"]', 'aria-label'), 'a1, empty');
  assert.equal(await page.getAttribute('[data-cell="a1"]', 'tabindex'), '-1');
  assert.deepEqual(await tabbable(page), ['b2']);
  assert.equal(await page.getAttribute('#announcer', 'aria-live'), 'polite');

  // Tab reaches the board's cell; its focus is clearly visible (an outline).
  await page.keyboard.press('Tab');
  const first = await focused(page);
  assert.deepEqual(
    { cell: first.cell, role: first.role, label: first.label, tabindex: first.tabindex, ring: first.ring },
    { cell: 'b2', role: 'gridcell', label: 'b2, empty', tabindex: '0', ring: 'b2' },
  );

  await playHere(page, 'Enter', 'b2', 'b', 'Black b2');
  await walk(page, ['ArrowUp'], 'b1');
  await walk(page, ['ArrowUp'], 'b1'); // no wrapping at the border
  await playHere(page, ' ', 'b1', 'w', 'White b1');
  await walk(page, ['ArrowRight', 'ArrowRight'], 'c1');
  await playHere(page, 'Enter', 'c1', 'b', 'Black c1');
  // Up and down keep the column (c1 → c2 → c3), left and right stay in the row.
  await walk(page, ['ArrowDown'], 'c2');
  await walk(page, ['ArrowDown', 'ArrowDown'], 'c3');
  await walk(page, ['ArrowLeft', 'ArrowLeft', 'ArrowLeft'], 'a3');
  await playHere(page, 'Enter', 'a3', 'w', 'White a3');
  await walk(page, ['ArrowUp'], 'a2');
  await walk(page, ['ArrowDown', 'ArrowRight'], 'b3');
  await playHere(page, 'Enter', 'b3', 'b', 'Black b3. Black wins');

  assert.equal(await page.getAttribute('#board', 'data-winner'), 'b');
  assert.deepEqual(await stones(page), { b: ['b2', 'b3', 'c1'], w: ['a3', 'b1'] });
  assert.match(await page.getAttribute('[data-cell="b2"]', 'aria-label'), /^b2, black stone, winning chain$/);
  assert.match(await page.textContent('#game-status'), /Black wins/);

  // Enter on an empty cell plays nothing once the game is over.
  await walk(page, ['ArrowLeft', 'ArrowUp'], 'a2');
  await page.keyboard.press('Enter');
  await settle(page);
  assert.equal(await page.getAttribute('[data-cell="a2"]', 'data-stone'), null);
  assert.deepEqual(errors, []);
});

test('from a cell u/r and Ctrl+Z/Ctrl+Y undo and redo; the move list takes the focus and Enter goes there', { timeout: 120_000 }, async () => {
  const { page, errors } = await env.open('#size=3&swap=no&moves=b2,b1,c1');
  await page.keyboard.press('Tab');
  assert.equal((await focused(page)).cell, 'b2');

  const waitCursor = (n) => page.waitForFunction((c) => document.querySelector('#moves .current')?.dataset.ply === String(c) || (c === 0 && !document.querySelector('#moves .current')), n);
  await page.keyboard.press('u');
  await waitCursor(2);
  await page.waitForFunction(() => document.getElementById('announcer').textContent === 'Move 2, White b1. Black to move');
  await page.keyboard.press('Control+z');
  await waitCursor(1);
  await page.keyboard.press('r');
  await waitCursor(2);
  await page.keyboard.press('Control+y');
  await waitCursor(3);
  await waitReady(page);
  assert.equal((await focused(page)).cell, 'b2', 'the focus stayed on the board');

  // The move list: every move is in the tab order; Tab from the board gets there (past the panel's controls).
  const plies = await page.$$eval('#moves [data-ply]', (els) => els.map((e) => e.getAttribute('tabindex')));
  assert.deepEqual(plies, ['0', '0', '0']);
  for (let i = 0; i < 40 && (await focused(page)).ply !== '1'; i++) await page.keyboard.press('Tab');
  assert.equal((await focused(page)).ply, '1', 'Tab reaches the first move');
  await page.keyboard.press('Enter');
  await waitCursor(1);
  await waitReady(page);
  assert.equal((await moveList(page)).current, 1);
  assert.deepEqual(await stones(page), { b: ['b2'], w: [] });
  assert.equal((await focused(page)).ply, '1', 'the focus stays on the move after the list is redrawn');
  await page.keyboard.press('Tab');
  assert.equal((await focused(page)).ply, '2');
  await page.keyboard.press(' ');
  await waitCursor(2);
  await waitReady(page);
  assert.deepEqual(await stones(page), { b: ['b2'], w: ['b1'] });

  // Out of the board the arrows still undo and redo.
  await page.keyboard.press('ArrowLeft');
  await waitCursor(1);
  await waitReady(page);
  assert.deepEqual(errors, []);
});

test('a mouse click plays without taking the focus: the arrows still undo afterwards', { timeout: 90_000 }, async () => {
  const { page, errors } = await env.open('#size=5');
  await page.click('[data-cell="c3"]');
  await page.waitForSelector('[data-cell="c3"][data-stone="b"]', { state: 'attached' });
  await waitReady(page);
  assert.equal((await focused(page)).cell, null);
  assert.equal(await page.isVisible('#board .focus-ring'), false, 'no focus ring after a click');
  await page.keyboard.press('ArrowLeft');
  await page.waitForSelector('[data-cell="c3"]:not([data-stone])', { state: 'attached' });
  assert.deepEqual(errors, []);
});
