// The board editor (#edit-toggle, #edit-tool, #edit-turn, #edit-clear): clicks place and clear stones as a set-up,
// the address bar follows every change, and the position can then be played or analysed; Undo returns to the game
// left. The Copy link button (#copy-link) copies the address bar.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { boardCode, hashOf, playCell, setAnalysis, setup, stones, waitReady } from './helpers.mjs';

let env;
before(async () => (env = await setup()));
after(() => env?.close());

/** Clicks `cell` in Edit mode and waits until the board shows `code` (the set-up after the change). */
async function edit(page, cell, code) {
  await page.click(`#board [data-cell="${cell}"]`);
  await page.waitForFunction((c) => document.getElementById('board')?.dataset.code === c, code, { timeout: 30_000 });
  await waitReady(page);
}

test('Edit mode: stones placed, replaced and cleared, the side to move set; then play and analyse the set-up', { timeout: 120_000 }, async () => {
  const { page, errors } = await env.open('#size=4&moves=b2,c3');
  assert.equal(await page.isHidden('#edit-panel'), true);
  await page.click('#edit-toggle');
  await page.waitForSelector('#edit-panel[data-status="on"]:not([hidden])', { state: 'attached' });
  assert.equal(await page.getAttribute('body', 'data-edit'), 'black');
  assert.equal(await page.inputValue('#edit-turn'), 'b', 'the side to move of the position');

  // The black tool: a click puts a Black stone; the game's stones become the set-up, the link follows.
  await edit(page, 'a1', 'size=4&b=a1,b2&w=c3&turn=b');
  assert.equal(await hashOf(page), 'size=4&b=a1,b2&w=c3&turn=b');
  // The white tool over a Black stone replaces it; on an empty cell it adds one.
  await page.selectOption('#edit-tool', 'white');
  await page.waitForSelector('body[data-edit="white"]', { state: 'attached' });
  await edit(page, 'a1', 'size=4&b=b2&w=a1,c3&turn=b');
  await edit(page, 'd4', 'size=4&b=b2&w=a1,c3,d4&turn=b');
  // A click on a stone of the tool's colour takes it away again.
  await edit(page, 'd4', 'size=4&b=b2&w=a1,c3&turn=b');
  // The empty tool clears a cell.
  await page.selectOption('#edit-tool', 'empty');
  await edit(page, 'b2', 'size=4&w=a1,c3&turn=b');
  await page.selectOption('#edit-tool', 'black');
  await edit(page, 'd1', 'size=4&b=d1&w=a1,c3&turn=b');
  // The side to move: White.
  await page.selectOption('#edit-turn', 'w');
  await page.waitForFunction(() => document.getElementById('board')?.dataset.code === 'size=4&b=d1&w=a1,c3&turn=w');
  await waitReady(page);
  assert.equal(await page.getAttribute('#board', 'data-to-move'), 'w');
  assert.equal(await hashOf(page), 'size=4&b=d1&w=a1,c3&turn=w');
  assert.deepEqual(await stones(page), { b: ['d1'], w: ['a1', 'c3'] });

  // Leaving the mode keeps the set-up; a click plays again, White first.
  await page.click('#edit-done');
  await page.waitForSelector('#edit-panel[hidden]', { state: 'attached' });
  assert.equal(await page.getAttribute('body', 'data-edit'), null);
  assert.equal(await boardCode(page), 'size=4&b=d1&w=a1,c3&turn=w');
  await playCell(page, 'b3');
  assert.equal(await page.getAttribute('[data-cell="b3"]', 'data-stone'), 'w');
  assert.equal(await hashOf(page), 'size=4&b=d1&w=a1,c3&turn=w&moves=b3');

  // The analysis runs on the set-up as on any position.
  await setAnalysis(page, true);
  assert.equal(await page.getAttribute('#analysis-panel', 'data-code'), 'size=4&b=d1&w=a1,c3&turn=w&moves=b3');
  await setAnalysis(page, false);

  // Undo takes back b3, then returns to the game left when the editing began (a reload keeps the set-up too).
  await page.click('#undo');
  await page.waitForFunction(() => document.getElementById('board')?.dataset.code === 'size=4&b=d1&w=a1,c3&turn=w&moves=b3&at=0');
  await waitReady(page);
  await page.click('#undo');
  await page.waitForFunction(() => document.getElementById('board')?.dataset.code === 'size=4&moves=b2,c3');
  await waitReady(page);
  await page.click('#redo');
  await page.waitForFunction(() => document.getElementById('board')?.dataset.code === 'size=4&b=d1&w=a1,c3&turn=w&moves=b3&at=0');
  await waitReady(page);
  await page.reload();
  await waitReady(page);
  assert.equal(await boardCode(page), 'size=4&b=d1&w=a1,c3&turn=w&moves=b3&at=0');
  assert.deepEqual(errors, []);
});

test('Edit mode by keyboard, Clear board, and the edits taking clicks from the Connections mode', { timeout: 90_000 }, async () => {
  const { page, errors } = await env.open('#size=3&moves=b2&view=vc');
  await page.click('#edit-toggle');
  await page.waitForSelector('#edit-panel[data-status="on"]', { state: 'attached' });
  await page.selectOption('#edit-tool', 'white');
  // A click edits, it picks no endpoint.
  await edit(page, 'a1', 'size=3&b=b2&w=a1&turn=w');
  assert.equal(await page.getAttribute('#connections-panel', 'data-from'), null);
  // Enter on a focused cell edits as a click does.
  await page.focus('#board [data-cell="c3"]');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.getElementById('board')?.dataset.code === 'size=3&b=b2&w=a1,c3&turn=w');
  await waitReady(page);
  await page.click('#edit-clear');
  await page.waitForFunction(() => document.getElementById('board')?.dataset.code === 'size=3');
  await waitReady(page);
  assert.deepEqual(await stones(page), { b: [], w: [] });
  assert.match(await hashOf(page), /^size=3&view=vc$/);
  assert.deepEqual(errors, []);
});

test('Copy link copies the address bar', { timeout: 60_000 }, async () => {
  const { page, errors } = await env.open('#size=5&moves=c3,b4&view=ica');
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.url });
  assert.equal(await page.getAttribute('#copy-link', 'data-copied'), null);
  assert.equal(await page.isHidden('#copy-status'), true);
  await page.click('#copy-link');
  await page.waitForSelector('#copy-link[data-copied="true"]', { state: 'attached' });
  assert.equal(await page.textContent('#copy-status'), 'Link copied.');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  assert.equal(copied, page.url());
  assert.match(copied, /#size=5&moves=c3,b4&view=ica$/);
  // Another position: the message goes (it was about the old link).
  await page.keyboard.press('u');
  await page.waitForSelector('#copy-link:not([data-copied])', { state: 'attached' });
  assert.equal(await boardCode(page), 'size=5&moves=c3,b4&at=1');
  assert.equal(await page.isHidden('#copy-status'), true);
  assert.deepEqual(errors, []);
});
