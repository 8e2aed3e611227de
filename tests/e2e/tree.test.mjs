// The game tree in the page: a different move from an earlier position starts a branch (the old line stays), the
// move list and the branches list show the branches, the keyboard walks them (left/right along the line, Home/End,
// up/down between branches), branches are promoted and deleted, each move has a comment; the address bar carries
// the whole tree (a reload keeps it), "Copy line link" the line alone, and HexWorld and trmph links are copied.
// Analyses already made are remembered by position: stepping back and forth never asks the worker again.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { act, boardCode, hashOf, moveList, playCell, settle, setup, stones, treeShape, waitAnalysis, waitReady } from './helpers.mjs';

let env;
before(async () => (env = await setup()));
after(() => env?.close());

/** The branches listed at the current move: [{ move, main, onLine }]. */
function branches(page) {
  return page.$$eval('#branches li[data-branch]', (items) =>
    items.map((li) => ({ move: li.querySelector('[data-go]').textContent, main: li.dataset.main === 'true', onLine: li.dataset.onLine === 'true' })),
  );
}

/** The other branches the move list shows, by the move they stand beside: { ply: [moves] }. */
function listedVariations(page) {
  return page.evaluate(() => {
    const out = {};
    for (const row of document.querySelectorAll('#moves li.variations')) out[row.dataset.afterPly] = [...row.querySelectorAll('[data-node]')].map((e) => e.textContent);
    return out;
  });
}

/** Presses `key` with the focus off every control and waits for the position to change. */
async function press(page, key) {
  await page.evaluate(() => document.activeElement?.blur());
  await act(page, () => page.keyboard.press(key));
}

/** Builds c3 b4 d2, then a5 instead of b4 (a branch), on 5x5; returns the page on a5. */
async function branched() {
  const opened = await env.open('#size=5');
  const { page } = opened;
  await playCell(page, 'c3');
  await playCell(page, 'b4');
  await playCell(page, 'd2');
  await act(page, () => page.click('#moves [data-ply="1"]'));
  await playCell(page, 'a5');
  return opened;
}

test('a different move from an earlier position starts a branch; the keyboard and the move list walk the tree', { timeout: 120_000 }, async () => {
  const { page, errors } = await branched();
  assert.deepEqual(await moveList(page), { moves: ['c3', 'a5'], current: 2 });
  assert.deepEqual(await stones(page), { b: ['c3'], w: ['a5'] });
  assert.deepEqual(await treeShape(page), ['0:-:', '1:c3:', '2:b4:', '3:d2:', '2:a5:']);
  assert.deepEqual(await listedVariations(page), { 2: ['b4'] }, 'the move list shows b4 beside a5');
  assert.equal(await page.isDisabled('#redo'), true, 'the branch ends here');

  // Up: the other branch at the fork (b4), whose line goes on to d2.
  await press(page, 'ArrowUp');
  assert.deepEqual(await moveList(page), { moves: ['c3', 'b4', 'd2'], current: 2 });
  assert.deepEqual(await listedVariations(page), { 2: ['a5'] });
  await press(page, 'ArrowRight');
  assert.deepEqual(await stones(page), { b: ['c3', 'd2'], w: ['b4'] });
  await press(page, 'Home');
  assert.deepEqual(await stones(page), { b: [], w: [] });
  await press(page, 'End');
  assert.equal((await moveList(page)).current, 3);
  // Down from d2: the nearest fork above is b4's: a5.
  await press(page, 'ArrowDown');
  assert.deepEqual(await moveList(page), { moves: ['c3', 'a5'], current: 2 });
  await press(page, 'ArrowLeft');
  assert.deepEqual(await branches(page), [{ move: 'b4', main: true, onLine: false }, { move: 'a5', main: false, onLine: true }]);
  // A click on a branch in the move list goes there.
  await act(page, () => page.click('#moves [data-node]'));
  assert.deepEqual(await moveList(page), { moves: ['c3', 'b4', 'd2'], current: 2 });
  // Up/Down with no branch that way change nothing (and leave the key to the page).
  const code = await boardCode(page);
  await page.keyboard.press('ArrowUp');
  await settle(page);
  assert.equal(await boardCode(page), code);
  assert.deepEqual(errors, []);
});

test('branches are promoted and deleted; comments are kept per move, in the link too', { timeout: 120_000 }, async () => {
  const { page, errors } = await branched();
  await press(page, 'ArrowLeft'); // on c3: two branches
  assert.deepEqual((await branches(page)).map((b) => b.move), ['b4', 'a5']);
  await page.click('#branches li:nth-child(2) [data-promote]'); // the line stays: no new position
  await settle(page);
  assert.deepEqual(await branches(page), [{ move: 'a5', main: true, onLine: true }, { move: 'b4', main: false, onLine: false }]);
  assert.deepEqual(await moveList(page), { moves: ['c3', 'a5'], current: 1 }, 'the line stays where it was');

  // A comment on c3, and one on a5.
  await page.fill('#comment', 'the centre');
  await settle(page);
  assert.match(await hashOf(page), /var=1\{the\+centre\}\(b4d2\)$/);
  await press(page, 'ArrowRight');
  assert.equal(await page.inputValue('#comment'), '');
  await page.fill('#comment', 'sharp!');
  await settle(page);
  await press(page, 'ArrowLeft');
  assert.equal(await page.inputValue('#comment'), 'the centre');

  // A reload keeps the whole tree, comments and all.
  const shape = await treeShape(page);
  assert.deepEqual(shape, ['0:-:', '1:c3:the centre', '2:a5:sharp!', '2:b4:', '3:d2:']);
  await page.reload();
  await waitReady(page);
  assert.deepEqual(await treeShape(page), shape);
  assert.equal(await page.inputValue('#comment'), 'the centre');

  // Delete b4 (and d2 after it) from the branches list; then the current move a5 with Delete move.
  await page.click('#branches li:nth-child(2) [data-delete]');
  await settle(page);
  assert.deepEqual(await treeShape(page), ['0:-:', '1:c3:the centre', '2:a5:sharp!']);
  assert.equal(await page.isHidden('#branches-box'), true, 'one branch: no list');
  await press(page, 'ArrowRight');
  await act(page, () => page.click('#tree-delete'));
  assert.deepEqual(await treeShape(page), ['0:-:', '1:c3:the centre']);
  assert.deepEqual(await moveList(page), { moves: ['c3'], current: 1 });
  assert.deepEqual(errors, []);
});

test('the address bar carries the whole tree; Copy line link the line alone; HexWorld and trmph links', { timeout: 120_000 }, async () => {
  const { page, errors } = await branched();
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.url });
  const tree = await hashOf(page);
  assert.equal(tree, 'size=5&moves=c3,a5&var=1(b4d2)*');
  // The whole tree in a fresh page: the same tree, at the same move.
  const other = await env.open(page.url());
  assert.deepEqual(await treeShape(other.page), await treeShape(page));
  assert.deepEqual(await moveList(other.page), { moves: ['c3', 'a5'], current: 2 });

  await page.click('#copy-line');
  await page.waitForSelector('#tree-status[data-share="line copied"]');
  const line = await page.evaluate(() => navigator.clipboard.readText());
  assert.equal(new URL(line).hash, '#size=5&moves=c3,a5');
  const lineOnly = await env.open(line);
  assert.deepEqual(await treeShape(lineOnly.page), ['0:-:', '1:c3:', '2:a5:']);

  await page.click('#copy-hexworld');
  await page.waitForSelector('#tree-status[data-share="hexworld copied"]');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), 'https://hexworld.org/board/#5c1,c3a5');
  await press(page, 'ArrowLeft');
  await page.click('#copy-trmph');
  await page.waitForSelector('#tree-status[data-share="trmph copied"]');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), 'https://trmph.com/hex/board#5,c3');
  assert.equal(await page.textContent('#tree-status'), 'trmph link copied.');
  // A game no such link can say: Rex.
  const rex = await env.open('#size=5&rules=rex&moves=c3');
  await rex.page.click('#copy-hexworld');
  await rex.page.waitForSelector('#tree-status[data-share="hexworld unavailable"]');
  assert.deepEqual([...errors, ...other.errors, ...lineOnly.errors, ...rex.errors], []);
});

test('analyses already made are remembered by position: stepping back and forth asks the worker nothing', { timeout: 120_000 }, async () => {
  const { page, errors } = await env.open('#size=5&moves=c3,b4,d2&view=ica');
  await waitAnalysis(page);
  // Count what the analysis worker is asked from now on.
  await page.evaluate(() => {
    const analyst = window.hexlab.analyst;
    const analyze = analyst.analyze.bind(analyst);
    window.__asked = [];
    analyst.analyze = (code) => {
      window.__asked.push(code);
      return analyze(code);
    };
  });
  const asked = () => page.evaluate(() => window.__asked.slice());
  for (const key of ['ArrowLeft', 'ArrowLeft', 'ArrowLeft']) {
    await press(page, key);
    await waitAnalysis(page);
  }
  assert.equal((await asked()).length, 3, 'three new positions, three analyses');
  const marks = await page.getAttribute('#analysis-panel', 'data-consider');
  for (const key of ['ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowLeft', 'Home', 'End']) {
    await press(page, key);
    await waitAnalysis(page);
  }
  assert.equal((await asked()).length, 3, 'positions seen before are not asked again');
  // A branch reaching a new position is analysed; coming back to the old line is not.
  await press(page, 'Home');
  await waitAnalysis(page);
  assert.equal(await page.getAttribute('#analysis-panel', 'data-consider'), marks);
  // A cell the analysis leaves unmarked (a click on a marked one explains it instead of playing), other than c3.
  const free = await page.$eval('#board', (b) => [...b.querySelectorAll('[data-cell]:not([data-stone]):not([data-mark])')].map((c) => c.dataset.cell).find((c) => c !== 'c3'));
  await playCell(page, free);
  await waitAnalysis(page);
  assert.equal((await asked()).length, 4);
  await press(page, 'ArrowUp');
  await waitAnalysis(page);
  assert.equal((await asked()).length, 4);
  assert.deepEqual(errors, []);
});
