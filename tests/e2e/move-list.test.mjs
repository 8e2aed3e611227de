// The move list of a long game: a vertical list of numbered move pairs (Black, White) that scrolls to every
// move and keeps the current one in view.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { act, moveList, settle, setup } from './helpers.mjs';

let env;
before(async () => (env = await setup()));
after(() => env?.close());

// 50 moves on 11x11 that end nothing: Black stays in rows 1-3, White in columns a-e.
const MOVES = (
  'a1,a7,b1,b7,c1,c7,d1,d7,e1,e7,f1,a8,g1,b8,h1,c8,i1,d8,j1,e8,k1,a9,a2,b9,b2,c9,c2,d9,d2,e9,e2,a10,f2,b10,' +
  'g2,c10,h2,d10,i2,e10,j2,a11,k2,b11,a3,c11,b3,d11,c3,e11'
).split(',');

/** Whether move `ply` shows whole inside the list's scroll box. */
function shown(page, ply) {
  return page.evaluate((n) => {
    const list = document.getElementById('moves');
    const move = list.querySelector(`[data-ply="${n}"]`);
    if (!move) return false;
    const box = list.getBoundingClientRect();
    const r = move.getBoundingClientRect();
    return r.height > 0 && r.top >= box.top - 1 && r.bottom <= box.bottom + 1 && r.left >= box.left - 1 && r.right <= box.right + 1;
  }, ply);
}

test('a 50-move game: numbered pairs, every move reachable by the wheel, the current one in view', { timeout: 90_000 }, async () => {
  const { page, errors } = await env.open(`#size=11&moves=${MOVES.join(',')}`);
  assert.deepEqual(await moveList(page), { moves: MOVES, current: 50 });

  // One row per pair: "1. a1 a7", Black's move then White's, under a Black / White head.
  const rows = await page.$$eval('#moves > li', (items) => items.map((li) => li.textContent.replace(/\s+/g, ' ').trim()));
  assert.equal(rows.length, 25);
  assert.equal(rows[0], '1. a1 a7');
  assert.equal(rows[24], '25. c3 e11');
  assert.match(await page.textContent('.moves-head'), /Black\s*White/);
  const colors = await page.$$eval('#moves [data-ply]', (items) => items.map((m) => m.dataset.color).join(''));
  assert.equal(colors, 'bw'.repeat(25));
  const box = (ply) => page.$eval(`#moves [data-ply="${ply}"]`, (m) => m.getBoundingClientRect().toJSON());

  // It grows downwards, never sideways, and scrolls.
  const size = await page.$eval('#moves', (l) => ({ sw: l.scrollWidth, cw: l.clientWidth, sh: l.scrollHeight, ch: l.clientHeight }));
  assert.ok(size.sw <= size.cw + 1, `no sideways overflow: ${JSON.stringify(size)}`);
  assert.ok(size.sh > size.ch, 'a long game scrolls vertically');

  // The current move (the last) is in view on opening.
  assert.equal(await shown(page, 50), true, 'the current move shows');
  assert.equal(await shown(page, 1), false);

  // The wheel reaches the first moves.
  const list = await page.$eval('#moves', (l) => l.getBoundingClientRect().toJSON());
  await page.mouse.move(list.x + list.width / 2, list.y + list.height / 2);
  await page.mouse.wheel(0, -5000);
  await page.waitForFunction(() => document.getElementById('moves').scrollTop === 0);
  assert.equal(await shown(page, 1), true, 'the first move is reached');
  const [b1, w1, b2] = [await box(1), await box(2), await box(3)];
  assert.ok(Math.abs(b1.y - w1.y) < 2 && w1.x > b1.x, 'White answers on the same row, to the right');
  assert.ok(Math.abs(b1.x - b2.x) < 2 && b2.y > b1.y, "Black's moves in one column");

  // A jump to the first move keeps it in view; End brings the last one back into view.
  await act(page, () => page.click('#moves [data-ply="1"]'));
  assert.equal((await moveList(page)).current, 1);
  assert.equal(await shown(page, 1), true);
  await act(page, () => page.keyboard.press('End'));
  await settle(page);
  assert.equal((await moveList(page)).current, 50);
  assert.equal(await shown(page, 50), true, 'the current move is scrolled into view');
  await act(page, () => page.keyboard.press('ArrowLeft'));
  await settle(page);
  assert.equal(await shown(page, 49), true);
  assert.deepEqual(errors, []);
});
