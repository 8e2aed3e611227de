// An 11x11 game in progress, saved to tests/artifacts/board.png for a human to look at; the same kind of
// game with the analysis on and one claim explained, saved to tests/artifacts/analysis.png.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { artifact, boardMarks, playCell, setup, stones, waitAnalysis } from './helpers.mjs';

let env;
before(async () => (env = await setup()));
after(() => env?.close());

test('screenshot of an 11x11 game in progress', { timeout: 90_000 }, async () => {
  const { page, errors } = await env.open();
  const moves = ['f6', 'e7', 'e6', 'd7', 'g4', 'c9', 'h3', 'j2', 'i2', 'b10', 'k1', 'a11'];
  for (const cell of moves) await playCell(page, cell);
  const { b, w } = await stones(page);
  assert.equal(b.length + w.length, moves.length);
  await page.screenshot({ path: artifact('board.png') });
  assert.deepEqual(errors, []);
});

test('screenshot of an 11x11 game with the analysis on', { timeout: 90_000 }, async () => {
  const moves = 'f6,e7,e6,d7,g4,c9,h3,j2,i2,b10,k1,a11,d9,c8,h5,g7,e9,d10';
  const { page, errors } = await env.open(`#size=11&moves=${moves}&view=ica`);
  await waitAnalysis(page);
  const marks = await boardMarks(page);
  const kinds = new Set(Object.values(marks).map((m) => m.fillKind ?? m.mark));
  for (const kind of ['dead', 'captured', 'vulnerable', 'dominated']) assert.ok(kinds.has(kind), `the position shows ${kind} cells`);
  await page.click('[data-cell="g5"]'); // dominated: its arrow, the dominating cell and the witnesses
  await page.waitForSelector('#analysis-panel[data-focus="g5"]', { state: 'attached' });
  await page.mouse.move(5, 5);
  await page.screenshot({ path: artifact('analysis.png') });
  assert.deepEqual(errors, []);
});
