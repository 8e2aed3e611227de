// Game records in the page: the file picker and drag and drop open HexGui, Little Golem and red-bean SGF (the
// fixtures of core/tests/records/, whose meaning core/tests/record_fixtures.rs checks), each at the node the command
// line shows (`hexlab convert FILE --to code`); a bad file gets its line and column and the board stays usable;
// Save downloads the whole tree, which opens again as the same tree.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { HEXLAB_BIN, REPO, boardCode, moveList, playCell, setup, stones, treeShape, waitReady } from './helpers.mjs';

let env;
before(async () => (env = await setup()));
after(() => env?.close());

const RECORDS = path.join(REPO, 'core', 'tests', 'records');
const file = (name) => path.join(RECORDS, name);

/** What the command line says the record's node `node` of the main line is (the last by default). */
function cliCode(name, node = null) {
  const args = ['convert', file(name), '--to', 'code', ...(node === null ? [] : ['--node', String(node)])];
  return execFileSync(HEXLAB_BIN, args, { encoding: 'utf8' }).trim();
}

/** Waits until the board shows another position than `before` and nothing is pending. */
async function waitCode(page, before) {
  await page.waitForFunction((code) => document.getElementById('board')?.dataset.code !== code && !document.body.dataset.busy, before, { timeout: 30_000 });
  await waitReady(page);
}

/** Opens `name` with the file picker. */
async function pick(page, name) {
  const before = await boardCode(page);
  await page.setInputFiles('#open-file', file(name));
  await waitCode(page, before);
}

/** Drops `name` on the page as a file dragged from the desktop would (dragenter, dragover, drop). */
async function drop(page, name) {
  const before = await boardCode(page);
  const text = readFileSync(file(name), 'utf8');
  await page.evaluate(([content, fileName]) => {
    const data = new DataTransfer();
    data.items.add(new File([content], fileName, { type: 'application/x-go-sgf' }));
    for (const type of ['dragenter', 'dragover', 'drop']) {
      document.body.dispatchEvent(new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }));
    }
  }, [text, name]);
  await waitCode(page, before);
}

const FORMATS = [
  // name, dialect shown, main-line node the page opens at (null: the last, as the command line)
  ['hexgui.sgf', 'HexGui SGF', null],
  ['golem.sgf', 'Little Golem SGF', null],
  ['redbean.sgf', 'red-bean Hex SGF', 4], // its IP[] is on the fourth move
  ['redbean-swap-sides.sgf', 'red-bean Hex SGF', null],
  ['hexgui-rectangle-swap.sgf', 'HexGui SGF', null], // a swap on a rectangle: swap-sides
  ['redbean-rectangle.sgf', 'red-bean Hex SGF', null],
];

for (const [how, open] of [['the file picker', pick], ['drag and drop', drop]]) {
  test(`${how} opens HexGui, Little Golem and red-bean SGF where the command line puts them`, { timeout: 120_000 }, async () => {
    const { page, errors } = await env.open('#size=5');
    for (const [name, dialect, node] of FORMATS) {
      await open(page, name);
      assert.equal(await boardCode(page), cliCode(name, node), name);
      assert.equal(await page.textContent('#tree-status'), `Opened ${name} (${dialect}).`);
      assert.equal(await page.isHidden('#error'), true);
    }
    // The red-bean record opened at its IP node (W[E3]): its comment-free node, with the main line shown on.
    await open(page, 'redbean.sgf');
    assert.deepEqual(await moveList(page), { moves: ['d4', 'swap', 'c5', 'e3', 'b6', 'c4', 'resign'], current: 4 });
    assert.deepEqual(await treeShape(page), [
      '0:-:A red-bean Hex record: values in any case, a variation, an initial position (IP).',
      '1:d4:Black takes the centre', '2:swap:', '3:c5:', '4:e3:', '5:b6:', '6:c4:', '7:resign:', '4:f2:another try', '5:e2:',
    ]);
    assert.equal(await page.getAttribute('#moves [data-ply="4"]', 'data-variations'), '1', 'e3 has a branch beside it');
    // Undo at the start returns to the game before the file (the rectangle), as after a pasted link.
    let before = await boardCode(page);
    await page.evaluate(() => document.activeElement?.blur());
    await page.keyboard.press('Home');
    await waitCode(page, before);
    before = await boardCode(page);
    await page.click('#undo');
    await waitCode(page, before);
    assert.equal(await boardCode(page), cliCode('redbean-rectangle.sgf'));
    assert.deepEqual(errors, []);
  });
}

test('a bad file: a message naming line and column, and the board as it was, still playable', { timeout: 90_000 }, async () => {
  const { page, errors } = await env.open('#size=5&moves=c3');
  for (const [name, where] of [['bad-column.sgf', 'line 3, column 2'], ['bad-second-ip.sgf', 'line 4, column 7']]) {
    await page.setInputFiles('#open-file', file(name));
    await page.waitForSelector('#error:not([hidden])');
    const message = await page.textContent('#error-text');
    assert.match(message, new RegExp(`^Could not open ${name.replace('.', '\\.')}: ${where}: `), message);
    assert.equal(await boardCode(page), 'size=5&moves=c3');
    await page.click('#error-close');
  }
  assert.match(readFileSync(file('bad-column.sgf'), 'utf8').split('\n')[2], /^;W\[aa27\]/, 'the fixture has its error where said');
  await playCell(page, 'b2');
  assert.deepEqual(await stones(page), { b: ['c3'], w: ['b2'] });
  assert.deepEqual(errors, []);
});

test('Save downloads the whole tree as SGF, which opens again as the same tree at the same move', { timeout: 120_000 }, async () => {
  const { page, errors } = await env.open('#size=5');
  await playCell(page, 'c3');
  await playCell(page, 'b4');
  await playCell(page, 'd2');
  await page.click('#moves [data-ply="1"]');
  await page.waitForFunction(() => document.querySelector('#moves .current')?.dataset.ply === '1' && !document.body.dataset.busy);
  await playCell(page, 'a5'); // a branch after c3
  await page.fill('#comment', 'a new idea: a5 ] \\ here');
  await playCell(page, 'e1');
  const shape = await treeShape(page);
  assert.deepEqual(shape, ['0:-:', '1:c3:', '2:b4:', '3:d2:', '2:a5:a new idea: a5 ] \\ here', '3:e1:']);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#save-game')]);
  assert.equal(download.suggestedFilename(), 'hexlab-game.sgf');
  const saved = readFileSync(await download.path(), 'utf8');
  assert.match(saved, /^\(;FF\[4\]AP\[hexlab:[^\]]*\]GM\[11\]SZ\[5\]/);
  assert.match(saved, /C\[a new idea: a5 \\] \\\\ here\]/, 'the comment, escaped as SGF says');
  assert.match(saved, /;B\[e1\]IP\[\]/, 'the current move marked IP[]');
  await page.waitForSelector('#tree-status[data-file="saved"]');
  assert.equal(await page.textContent('#tree-status'), 'Saved hexlab-game.sgf.');
  // The command line reads the same file back as the same text.
  const again = execFileSync(HEXLAB_BIN, ['convert', await download.path(), '--to', 'sgf'], { encoding: 'utf8' });
  assert.equal(again, saved);

  const fresh = await env.open('#size=7');
  const before = await boardCode(fresh.page);
  await fresh.page.setInputFiles('#open-file', { name: 'saved.sgf', mimeType: 'application/x-go-sgf', buffer: Buffer.from(saved) });
  await waitCode(fresh.page, before);
  assert.deepEqual(await treeShape(fresh.page), shape);
  assert.equal(await boardCode(fresh.page), await boardCode(page), 'at the same move');
  assert.deepEqual(await moveList(fresh.page), await moveList(page));
  assert.deepEqual(errors, []);
  assert.deepEqual(fresh.errors, []);
});
