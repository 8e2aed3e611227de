// Solve (web/js/solve.js, solver.js, store.js; wasm `solveSlice`, `explainSlice`): a small position solved in the
// page marks every legal move won or lost exactly as `hexlab solve --all-winning --json` does; Stop during a long
// solve is answered within 100 ms; the proof explorer steps into a move and back through its breadcrumbs; a
// reload shows the result from IndexedDB without solving again. The page is opened with `?debug`
// (`window.__hexlab`, web/js/debug.js) to count the solver's workers. About 15 s in all.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { HEXLAB_BIN, setup } from './helpers.mjs';

let env;
before(async () => (env = await setup()));
after(() => env?.close());

function nativeSolve(code) {
  return JSON.parse(execFileSync(HEXLAB_BIN, ['solve', '--position', code, '--all-winning', '--json'], { encoding: 'utf8' }));
}

/** Waits until the Solve panel's status is one of `statuses`. */
async function waitSolve(page, statuses, timeout = 30_000) {
  const list = [statuses].flat();
  await page.waitForFunction((l) => l.includes(document.getElementById('solve-panel').dataset.status), list, { timeout });
}

/** `{ cell: mark }` for every cell marked `win` or `loss`. */
function solveMarks(page) {
  return page.evaluate(() => {
    const out = {};
    for (const g of document.querySelectorAll('#board [data-cell]:is([data-mark="win"], [data-mark="loss"])')) out[g.dataset.cell] = g.dataset.mark;
    return out;
  });
}

const CODE = 'size=5&b=c3&w=b4';

test('a 5x5 position solved in the page: every legal move marked as hexlab solve --all-winning says; the proof explorer; a reload reads the store', { timeout: 60_000 }, async () => {
  const { page, errors } = await env.open(`?debug#${CODE}`);
  const code = await page.getAttribute('#board', 'data-code');
  const native = nativeSolve(code);
  assert.equal(await page.getAttribute('#solve-panel', 'data-status'), 'idle');
  await page.click('#solve');
  await waitSolve(page, 'solved');
  assert.equal(await page.getAttribute('#solve-panel', 'data-source'), 'solver');

  // The marks: the native winning moves `win`, every other legal move `loss`.
  const legal = await page.evaluate(() => window.hexlab.state.view.legal);
  const expected = Object.fromEntries(legal.map((cell) => [cell, native.winning_moves.includes(cell) ? 'win' : 'loss']));
  assert.deepEqual(await solveMarks(page), expected, `marks of ${code} against ${HEXLAB_BIN}`);
  assert.equal(native.all_winning, true);
  const mover = native.to_move === 'b' ? 'Black' : 'White';
  const result = await page.textContent('#solve-result');
  assert.ok(result.startsWith(`${mover} to move ${native.winner === native.to_move ? 'wins' : 'loses'}`), result);
  assert.equal(await page.getAttribute('#solve-result', 'data-winner'), native.winner);
  const pv = await page.getAttribute('#solve-result', 'data-pv');
  assert.equal(pv, native.pv[0]);
  assert.match(result, new RegExp(`principal variation (plays|tries) ${pv}`));
  assert.equal(await page.getAttribute(`#board [data-cell="${pv}"]`, 'class').then((c) => c.split(' ').includes('pv')), true);

  // The proof explorer: the principal variation's move, then back through the breadcrumbs.
  await page.click(`#board [data-cell="${pv}"]`);
  await page.waitForSelector('#solve-crumbs[data-depth="1"]');
  await page.waitForSelector('#solve-why[data-reason]');
  assert.equal(await page.getAttribute('#board', 'data-code'), code, 'stepping in plays no move');
  assert.equal(await page.getAttribute(`#board [data-cell="${pv}"]`, 'data-mark'), `proof-${native.to_move}`);
  const reason = await page.getAttribute('#solve-why', 'data-reason');
  assert.equal(reason, 'connection', 'the winner holds a connection after the first move');
  assert.ok((await page.locator('#board [data-mark="proof-carrier"]').count()) > 0, 'the carrier is drawn');
  assert.match(await page.textContent('#solve-why'), /virtual connection between its edges/);
  assert.equal(await page.locator('#solve-crumbs [data-crumb]').count(), 2);
  // A losing reply of the root: the opponent's children are listed, or a connection decides it.
  await page.click('#solve-crumbs [data-crumb="0"]');
  await page.waitForSelector('#solve-crumbs[data-depth="0"]');
  assert.deepEqual(await solveMarks(page), expected, 'back at the solved position');
  assert.equal(await page.locator('#board [data-mark="proof-carrier"]').count(), 0);
  const loss = Object.keys(expected).find((cell) => expected[cell] === 'loss');
  await page.click(`#board [data-cell="${loss}"]`);
  await page.waitForSelector('#solve-crumbs[data-depth="1"]');
  await page.waitForSelector('#solve-why[data-reason]');
  assert.ok((await page.textContent('#solve-why')).length > 10);
  await page.click('#solve-crumbs [data-crumb="0"]');
  await page.waitForSelector('#solve-crumbs[data-depth="0"]');
  // A move into the root's fill-in (White's a4, a winning move of Black all the same) can be stepped into too.
  assert.ok(native.proof.fillin_white.includes('a4'), `a4 is White fill-in: ${native.proof.fillin_white}`);
  await page.click('#board [data-cell="a4"]');
  await page.waitForSelector('#solve-crumbs[data-depth="1"]');
  await page.waitForSelector('#solve-why[data-reason]');
  assert.match(await page.textContent('#solve-why'), /Black/, 'Black wins after a4');
  assert.equal(await page.getAttribute('#board [data-cell="a4"]', 'data-mark'), 'proof-b');
  await page.click('#solve-crumbs [data-crumb="0"]');
  await page.waitForSelector('#solve-crumbs[data-depth="0"]');

  // A reload: the result comes from IndexedDB, no solver worker is started and no progress is heard.
  await page.reload();
  await page.waitForSelector('body[data-engine="ready"]', { state: 'attached' });
  await waitSolve(page, 'solved', 10_000);
  assert.equal(await page.getAttribute('#solve-panel', 'data-source'), 'store');
  assert.match(await page.textContent('#solve-result'), /store/);
  assert.deepEqual(await solveMarks(page), expected, 'the stored result marks the same moves');
  assert.equal(await page.evaluate(() => window.__hexlab.starts('solver')), 0, 'nothing solved again');
  assert.equal(await page.evaluate(() => window.hexlab.state.solve.progressEvents), 0);
  assert.equal(await page.isHidden('#solve-progress'), true);
  // Solve pressed again reads the store too.
  await page.click('#solve');
  await waitSolve(page, 'solved');
  assert.equal(await page.evaluate(() => window.__hexlab.starts('solver')), 0);
  assert.deepEqual(errors, []);
});

test('Stop during a long solve (empty 8x8) is answered within 100 ms, with live progress before', { timeout: 60_000 }, async (t) => {
  const { page, errors } = await env.open('?debug#size=8');
  assert.match(await page.textContent('#solve-note'), /may take very long/);
  await page.click('#solve');
  await waitSolve(page, 'running');
  assert.equal(await page.isVisible('#solve-stop'), true);
  // Progress: nodes grow, with a rate, the table's fill, the time and the root's numbers.
  await page.waitForFunction(() => Number(document.getElementById('solve-progress').dataset.nodes) > 0, null, { timeout: 30_000 });
  const first = Number(await page.getAttribute('#solve-progress', 'data-nodes'));
  await page.waitForFunction((n) => Number(document.getElementById('solve-progress').dataset.nodes) > n, first, { timeout: 30_000 });
  t.diagnostic(await page.textContent('#solve-progress'));
  assert.match(await page.textContent('#solve-progress'), /nodes · [\d,]+ nodes\/s · table [\d.]+% full · [\d.]+ s · root proof number [\d,∞]+, disproof number [\d,∞]+/);
  // Stop, timed in the page from the click to the panel showing `stopped`.
  const ms = await page.evaluate(
    () =>
      new Promise((resolve) => {
        const box = document.getElementById('solve-panel');
        const t0 = performance.now();
        const seen = new MutationObserver(() => {
          if (box.dataset.status !== 'stopped') return;
          seen.disconnect();
          resolve(performance.now() - t0);
        });
        seen.observe(box, { attributes: true });
        document.getElementById('solve-stop').click();
      }),
  );
  const restarted = (await page.evaluate(() => window.__hexlab.starts('solver'))) > 1;
  t.diagnostic(`stopped ${ms.toFixed(1)} ms after the click (${restarted ? 'the worker was ended' : 'the worker answered'})`);
  assert.ok(ms < 100, `stopped ${ms.toFixed(1)} ms after the click`);
  assert.match(await page.textContent('#solve-result'), /^Stopped/);
  assert.equal(await page.isHidden('#solve-stop'), true);
  assert.equal(await page.isEnabled('#solve'), true);
  assert.equal(await page.evaluate(() => window.__hexlab.busy('solver')), false);
  assert.deepEqual(errors, []);
});
