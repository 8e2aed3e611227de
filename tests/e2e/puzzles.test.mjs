// Puzzles (web/js/puzzle.js, puzzles.js, puzzle-panel.js, collection.js): making a puzzle from a position (checked
// by the solver, the unique winning move shown to the author, the link carrying it; a lost position refused in
// words), a wrong attempt refuted with the opponent's winning reply and the connection that wins drawn and said,
// a right attempt answered by the engine's strongest defence until the position is won outright, and the built-in
// collection's Next / Previous with the progress kept across a reload. Moves are checked against the native
// solver (`hexlab solve --all-winning --json`). The page is opened with `?debug`.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { HEXLAB_BIN, WEB, artifact, hashOf, setup, waitReady } from './helpers.mjs';

let env;
before(async () => (env = await setup()));
after(() => env?.close());

const COLLECTION = JSON.parse(readFileSync(path.join(WEB, 'puzzles', 'collection.json'), 'utf8')).puzzles;

function nativeSolve(code) {
  return JSON.parse(execFileSync(HEXLAB_BIN, ['solve', '--position', code, '--all-winning', '--json'], { encoding: 'utf8' }));
}

/** Waits until the puzzle panel's verdict for the board shown is one of `words`. */
async function waitVerdict(page, words, timeout = 60_000, move = null) {
  const list = [words].flat();
  // With `move`: the verdict on that move (the one before it may still be shown for a moment after the click).
  await page.waitForFunction(
    ({ l, m }) => l.includes(document.getElementById('puzzle-panel').dataset.verdict) && !document.body.dataset.busy
      && (!m || new RegExp(`^(Right|Wrong): ${m} `).test(document.getElementById('puzzle-verdict').textContent)),
    { l: list, m: move },
    { timeout },
  );
}

/** The board's marks: { cell: mark }. */
function marks(page) {
  return page.evaluate(() => Object.fromEntries([...document.querySelectorAll('#board [data-cell][data-mark]')].map((g) => [g.dataset.cell, g.dataset.mark])));
}

test('Make puzzle: checked by the solver, the unique winning move shown to the author, the link opens it elsewhere; a lost position refused', { timeout: 120_000 }, async () => {
  // White to move after Black's a3 on 5x5 (no swap): White's only winning move is b4 (collection: a3-answer-5).
  const { page, errors } = await env.open('?debug#size=5&swap=no&moves=a3');
  await page.click('#puzzle-make');
  await page.waitForSelector('#puzzle-panel[data-status="on"][data-check="checked"]', { timeout: 90_000 });
  const native = nativeSolve('size=5&swap=no&b=a3&turn=w');
  assert.deepEqual(native.winning_moves, ['b4']);
  assert.equal(await page.textContent('#puzzle-goal'), 'White to play and win.');
  assert.equal(await page.textContent('#puzzle-check'), 'Checked by the solver: the unique winning move is b4.');
  assert.equal(await page.getAttribute('#board [data-cell="b4"]', 'data-mark'), 'win', 'the author sees the solution');
  assert.equal(await page.getAttribute('#board', 'data-code'), 'size=5&swap=no&b=a3&turn=w', 'the puzzle is the set-up');
  const hash = await hashOf(page);
  assert.equal(hash, 'size=5&swap=no&b=a3&turn=w&puzzle=win');
  // Undo returns to the game the puzzle was made from.
  assert.equal(await page.isEnabled('#undo'), true);

  // Whoever opens the link: the same puzzle, the solution hidden until asked for.
  const other = await env.open(`?debug#${hash}`);
  await other.page.waitForSelector('#puzzle-panel[data-status="on"][data-check="checked"]', { timeout: 90_000 });
  assert.equal(await other.page.textContent('#puzzle-check'), 'Checked by the solver: White has a winning move, only one.');
  assert.equal(await other.page.locator('#board [data-mark="win"]').count(), 0);
  await other.page.click('#puzzle-reveal');
  await other.page.waitForSelector('#board [data-cell="b4"][data-mark="win"]');
  assert.deepEqual(other.errors, []);

  // A position the side to move loses: refused, with the reason; nothing changes on the board.
  await page.click('#puzzle-leave');
  await page.waitForSelector('#puzzle-panel[data-status="off"]', { state: 'attached' });
  assert.equal(await hashOf(page), 'size=5&swap=no&b=a3&turn=w');
  await page.evaluate(() => (location.hash = '#size=4&swap=no&moves=a1,c2'));
  await page.waitForSelector('#board[data-code="size=4&swap=no&moves=a1,c2"]');
  await waitReady(page);
  await page.click('#puzzle-make');
  await page.waitForSelector('#puzzle-message[data-status="refused"]', { timeout: 60_000 });
  assert.equal(
    await page.textContent('#puzzle-message'),
    'No puzzle here: Black to move loses with perfect play (White wins whatever Black plays), so "Black to play and win" has no solution.',
  );
  assert.equal(await page.getAttribute('#board', 'data-code'), 'size=4&swap=no&moves=a1,c2');
  assert.deepEqual(errors, []);
});

test('a wrong attempt refuted with the winning reply and its connection; a right one answered until solved', { timeout: 180_000 }, async () => {
  const puzzle = COLLECTION.find((p) => p.id === 'a3-answer-5');
  const { page, errors } = await env.open(`?debug#${puzzle.code}&puzzle=win&collection=${puzzle.id}`);
  await page.waitForSelector('#puzzle-panel[data-status="on"][data-check="checked"]');
  assert.equal(await page.textContent('#puzzle-goal'), 'White to play and win.');
  const legal = await page.evaluate(() => window.hexlab.state.view.legal);
  const wrong = 'c3';
  assert.ok(legal.includes(wrong) && !puzzle.winning.includes(wrong));

  // Wrong: refuted by the native solver's verdict, the reply drawn as a ghost stone, the connection dotted, in words.
  await page.click(`#board [data-cell="${wrong}"]`);
  await waitVerdict(page, 'wrong');
  const after = nativeSolve(`${puzzle.code}&moves=${wrong}`);
  assert.equal(after.winner, 'b', 'Black wins after the wrong move');
  const reply = await page.getAttribute('#puzzle-verdict', 'data-reply');
  assert.ok(after.winning_moves.includes(reply), `${reply} is one of Black's winning replies (${after.winning_moves})`);
  await page.waitForFunction(() => document.querySelectorAll('#board [data-mark="puzzle-carrier"]').length > 0, null, { timeout: 60_000 });
  const m = await marks(page);
  assert.equal(m[wrong], 'puzzle-wrong');
  assert.equal(m[reply], 'puzzle-reply');
  const verdict = await page.textContent('#puzzle-verdict');
  assert.match(verdict, new RegExp(`^Wrong: ${wrong} loses\\. Black answers ${reply} and wins`));
  // The connection that decides the position after the wrong move: a full one, or a semi one keyed at the reply.
  assert.match(verdict, new RegExp(`Black holds a virtual connection between Black's edges \\(the dotted cells\\)|Black then holds a virtual connection between Black's edges by playing ${reply} \\(dotted\\)|Black threatens to connect`));
  assert.equal(await page.getAttribute(`#board [data-cell="${reply}"]`, 'data-stone'), null, 'the reply is drawn, not played');
  // The bar over the board says it in a few words, with the goal.
  assert.equal(await page.textContent('#puzzle-bar-goal'), 'White to play and win');
  assert.equal(await page.textContent('#puzzle-bar-verdict'), `${wrong} loses: Black answers ${reply}.`);
  await page.screenshot({ path: artifact('puzzle-wrong.png') });
  // The board takes no move until Try again.
  await page.click('#board [data-cell="e5"]');
  await page.waitForTimeout(300);
  assert.equal(await page.getAttribute('#board [data-cell="e5"]', 'data-stone'), null);
  await page.click('#puzzle-retry');
  await page.waitForFunction(() => window.hexlab.state.view.cursor === 0 && !document.body.dataset.busy);

  // Right: each move of White checked against the native solver; the engine answers with its strongest defence
  // (Black's reply, played on the board) until the position is won outright.
  for (let round = 0; round < 12; round++) {
    const code = await page.getAttribute('#board', 'data-code');
    const now = nativeSolve(code);
    assert.equal(now.winner, 'w', `White still wins at ${code}`);
    const move = now.winning_moves[0];
    const before = await page.evaluate(() => window.hexlab.state.view.cursor);
    await page.click(`#board [data-cell="${move}"]`);
    await waitVerdict(page, ['right', 'solved'], 60_000, move);
    if ((await page.getAttribute('#puzzle-panel', 'data-verdict')) === 'solved') break;
    // The engine's reply is played: the position moves on two plies, and it is a move of the proof.
    await page.waitForFunction((n) => window.hexlab.state.view.cursor === n + 2 && !document.body.dataset.busy, before, { timeout: 60_000 });
    const answered = await page.getAttribute('#puzzle-verdict', 'data-reply');
    assert.match(await page.textContent('#puzzle-verdict'), new RegExp(`^Right: ${move} wins\\. Black's strongest defence is ${answered}|Every Black reply loses`));
    assert.equal(await page.getAttribute(`#board [data-cell="${answered}"]`, 'data-stone'), 'b');
  }
  assert.equal(await page.getAttribute('#puzzle-panel', 'data-verdict'), 'solved');
  assert.match(await page.textContent('#puzzle-verdict'), /^Right: \w+ wins\. Solved! /);
  assert.ok((await page.locator('#board [data-mark="puzzle-carrier"]').count()) > 0 || (await page.getAttribute('#board', 'data-winner')) === 'w', 'the winning connection is drawn');
  await page.screenshot({ path: artifact('puzzle-solved.png') });
  assert.match(await page.textContent('#puzzle-count'), /· solved · 1 of \d+ solved/);
  assert.deepEqual(errors, []);
});

test('the collection: Next and Previous, the link of each, progress kept across a reload', { timeout: 120_000 }, async () => {
  const { page, errors } = await env.open('?debug');
  await page.click('#puzzle-collection');
  await page.waitForSelector(`#puzzle-panel[data-status="on"][data-collection="${COLLECTION[0].id}"]`);
  await page.waitForSelector('#puzzle-nav[data-index="1"]');
  assert.equal(await page.getAttribute('#board', 'data-code'), COLLECTION[0].code);
  assert.equal(await hashOf(page), `${COLLECTION[0].code}&puzzle=win&collection=${COLLECTION[0].id}`);
  assert.equal(await page.isDisabled('#puzzle-prev'), true);
  assert.match(await page.textContent('#puzzle-source'), new RegExp(COLLECTION[0].title.replace(/[()]/g, '\\$&')));
  await page.click('#puzzle-next');
  await page.waitForSelector(`#puzzle-panel[data-collection="${COLLECTION[1].id}"]`);
  await page.waitForSelector('#puzzle-nav[data-index="2"]');
  assert.equal(await page.getAttribute('#board', 'data-code'), COLLECTION[1].code);
  await page.click('#puzzle-prev');
  await page.waitForSelector(`#puzzle-panel[data-collection="${COLLECTION[0].id}"]`);
  // Solve the first puzzle with its winning move (from the data file, proven natively).
  assert.equal((await page.textContent('#puzzle-count')).includes('0 of'), true);
  for (let round = 0; round < 12; round++) {
    const code = await page.getAttribute('#board', 'data-code');
    const move = round === 0 ? COLLECTION[0].winning[0] : nativeSolve(code).winning_moves[0];
    await page.click(`#board [data-cell="${move}"]`);
    await waitVerdict(page, ['right', 'solved'], 60_000, move);
    if ((await page.getAttribute('#puzzle-panel', 'data-verdict')) === 'solved') break;
    await page.waitForFunction(() => window.hexlab.state.view.to_move === window.hexlab.state.puzzle.mover && !document.body.dataset.busy, null, { timeout: 90_000 });
  }
  await page.waitForSelector('#puzzle-nav[data-solved="1"]');
  // A reload: the progress is still there; the collection opens at the first puzzle not solved.
  await page.goto(new URL('?debug', env.url).href);
  await waitReady(page);
  await page.click('#puzzle-collection');
  await page.waitForSelector(`#puzzle-panel[data-collection="${COLLECTION[1].id}"]`);
  await page.waitForSelector('#puzzle-nav[data-solved="1"]');
  await page.click('#puzzle-prev');
  await page.waitForSelector(`#puzzle-panel[data-collection="${COLLECTION[0].id}"]`);
  // The count's text follows the panel's attribute: wait for it rather than read it at once.
  await page.waitForFunction(() => /^Puzzle 1 of /.test(document.getElementById('puzzle-count').textContent));
  assert.match(await page.textContent('#puzzle-count'), /^Puzzle 1 of \d+ · solved · 1 of \d+ solved$/);
  assert.deepEqual(errors, []);
});
