// Without a mouse and without colour: every control shown is reached by Tab (the page's boxes open: a puzzle, the
// Openings view, the Solve panel's proof explorer), a puzzle is played and judged by the keyboard alone, and the
// won and lost marks differ in shape (a check mark, a cross) and in what a screen reader hears ("c2, empty, winning
// move"), not only in colour. The phone layout (390 px wide) keeps the new boxes within the screen.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, waitReady } from './helpers.mjs';

let env;
before(async () => (env = await setup()));
after(() => env?.close());

/** A name for the focused element: its id, cell, ply, or tag and text. */
function focusedName(page) {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return null;
    return el.id || (el.dataset.cell ? `cell:${el.dataset.cell}` : el.dataset.ply ? `ply:${el.dataset.ply}` : el.dataset.crumb ? `crumb:${el.dataset.crumb}` : el.dataset.move ? `move:${el.dataset.move}` : `${el.tagName}:${el.textContent.trim().slice(0, 20)}`);
  });
}

/** Every control a user could use now: shown, enabled, focusable (a grid counts once: its cell in the tab order). */
function controls(page) {
  return page.evaluate(() => {
    const shown = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
    const all = [...document.querySelectorAll('button, input, select, textarea, a[href], [tabindex="0"]')];
    return all
      .filter((el) => shown(el) && !el.disabled && !el.closest('[hidden], [inert]'))
      .map((el) => el.id || (el.dataset.cell ? `cell:${el.dataset.cell}` : el.dataset.ply ? `ply:${el.dataset.ply}` : el.dataset.crumb ? `crumb:${el.dataset.crumb}` : el.dataset.move ? `move:${el.dataset.move}` : `${el.tagName}:${el.textContent.trim().slice(0, 20)}`));
  });
}

/** Tabs through the whole page from the top; returns the names reached. */
async function tabAround(page, max = 400) {
  await page.evaluate(() => document.activeElement?.blur());
  const seen = new Set();
  let first = null;
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const name = await focusedName(page);
    if (name === null) continue;
    if (name === first) break;
    first ??= name;
    seen.add(name);
  }
  return seen;
}

test('Tab reaches every control shown, with a puzzle, the Openings view and the proof explorer open', { timeout: 120_000 }, async () => {
  const { page, errors } = await env.open('#size=4&swap=no&b=b2&w=c2&turn=b&puzzle=win');
  await page.waitForSelector('#puzzle-panel[data-status="on"][data-check="checked"]', { timeout: 60_000 });
  await page.click('#puzzle-reveal');
  let reached = await tabAround(page);
  const shown = await controls(page);
  assert.ok(shown.length > 20 && shown.includes('puzzle-reveal') && shown.some((c) => c.startsWith('cell:')), `the controls shown: ${shown}`);
  let missing = shown.filter((name) => !reached.has(name));
  assert.deepEqual(missing, [], `not reached by Tab: ${missing}`);

  // The Openings view and the Solve panel's proof explorer (its crumbs and moves are buttons).
  await page.click('#puzzle-leave');
  await page.click('#openings-toggle');
  await page.selectOption('#openings-size', '3');
  await page.waitForSelector('#board[data-code="size=3&swap=no"]');
  await page.waitForSelector('#openings-panel[data-status="idle"]');
  await page.click('#solve');
  await page.waitForSelector('#solve-panel[data-status="solved"]', { timeout: 60_000 });
  reached = await tabAround(page);
  missing = (await controls(page)).filter((name) => !reached.has(name));
  assert.deepEqual(missing, [], `not reached by Tab: ${missing}`);
  assert.deepEqual(errors, []);
});

test('a puzzle by the keyboard alone: Tab to the board, arrows, Enter; the verdict announced; marks told apart without colour', { timeout: 120_000 }, async () => {
  // 4x4, Black to move, no swap: the first move puzzle of the collection (winning: the short diagonal).
  const { page, errors } = await env.open('#size=4&swap=no&puzzle=win&collection=first-move-4');
  await page.waitForSelector('#puzzle-panel[data-status="on"][data-check="checked"]');
  // Focus the board's roving cell by Tab, then walk to b2 (a losing first move) and press Enter.
  for (let i = 0; i < 200 && !(await page.evaluate(() => !!document.activeElement?.dataset?.cell)); i++) await page.keyboard.press('Tab');
  const start = await page.evaluate(() => document.activeElement.dataset.cell);
  assert.ok(start, 'Tab reaches the board');
  const [col, row] = [start.charCodeAt(0) - 97, Number(start.slice(1)) - 1];
  for (let c = col; c > 1; c--) await page.keyboard.press('ArrowLeft');
  for (let c = col; c < 1; c++) await page.keyboard.press('ArrowRight');
  for (let r = row; r > 1; r--) await page.keyboard.press('ArrowUp');
  for (let r = row; r < 1; r++) await page.keyboard.press('ArrowDown');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.cell), 'b2');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.getElementById('puzzle-panel').dataset.verdict === 'wrong', null, { timeout: 60_000 });
  assert.match(await page.textContent('#puzzle-verdict'), /^Wrong: b2 loses\. White answers \w+ and wins/);
  assert.equal(await page.getAttribute('#puzzle-verdict', 'aria-live'), 'polite', 'a screen reader hears the verdict');
  assert.match(await page.getAttribute('#board [data-cell="b2"]', 'aria-label'), /^b2, black stone, wrong move$/);
  const reply = await page.getAttribute('#puzzle-verdict', 'data-reply');
  assert.match(await page.getAttribute(`#board [data-cell="${reply}"]`, 'aria-label'), new RegExp(`^${reply}, empty, the winning reply$`));
  // Enter on a cell does not play while the opponent is to move: Try again by Tab and Enter.
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await waitReady(page);
  assert.equal(await page.evaluate(() => window.hexlab.state.view.cursor), 1);
  await page.focus('#puzzle-retry');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => window.hexlab.state.view.cursor === 0);

  // The solution shown: winning moves carry a check mark (a shape), their labels say so.
  await page.focus('#puzzle-reveal');
  await page.keyboard.press('Enter');
  await page.waitForSelector('#board [data-cell="c2"][data-mark="win"]');
  const shapes = await page.evaluate(() => {
    const shown = (el) => el && getComputedStyle(el).display !== 'none';
    const win = document.querySelector('#board [data-cell="c2"]');
    return { check: shown(win.querySelector('.mark-check')), cross: shown(win.querySelector('.vc-cross')), label: win.getAttribute('aria-label') };
  });
  assert.deepEqual(shapes, { check: true, cross: false, label: 'c2, empty, winning move' });
  assert.deepEqual(errors, []);
});

test('Solve\'s won and lost moves: a check mark and a cross, labelled; Enter on a marked cell steps into the proof', { timeout: 60_000 }, async () => {
  const { page, errors } = await env.open('#size=3');
  await page.click('#solve');
  await page.waitForSelector('#solve-panel[data-status="solved"]', { timeout: 60_000 });
  const cells = await page.evaluate(() => [...document.querySelectorAll('#board [data-cell][data-mark]')].map((g) => ({
    cell: g.dataset.cell,
    mark: g.dataset.mark,
    check: getComputedStyle(g.querySelector('.mark-check')).display !== 'none',
    cross: getComputedStyle(g.querySelector('.vc-cross')).display !== 'none',
    label: g.getAttribute('aria-label'),
  })));
  assert.equal(cells.length, 9);
  for (const c of cells) {
    assert.equal(c.check, c.mark === 'win', `${c.cell}: a check mark on a won move only`);
    assert.equal(c.cross, c.mark === 'loss', `${c.cell}: a cross on a lost move only`);
    assert.equal(c.label, `${c.cell}, empty, ${c.mark === 'win' ? 'winning' : 'losing'} move`);
  }
  // The keyboard steps into the proof as a click does (Enter on a marked cell), never playing.
  await page.focus('#board [data-cell="b2"]');
  await page.keyboard.press('Enter');
  await page.waitForSelector('#solve-crumbs[data-depth="1"]');
  assert.equal(await page.getAttribute('#board', 'data-code'), 'size=3');
  assert.deepEqual(errors, []);
});

test('the phone layout: the Puzzle, Openings and Export boxes fit a 390 px screen, their buttons finger-sized', { timeout: 60_000 }, async () => {
  const context = await env.browser.newContext({ serviceWorkers: 'block', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await page.goto(new URL('#size=4&swap=no&puzzle=win&collection=first-move-4', env.url).href);
  await waitReady(page);
  await page.waitForSelector('#puzzle-panel[data-status="on"]');
  await page.tap('#openings-toggle');
  await page.waitForSelector('#openings-panel:not([hidden])');
  const boxes = await page.evaluate(() => ['puzzle-panel', 'openings-panel', 'export-png', 'puzzle-collection', 'openings-run'].map((id) => {
    const r = document.getElementById(id).getBoundingClientRect();
    return { id, left: r.left, right: r.right, height: r.height };
  }));
  for (const b of boxes) {
    assert.ok(b.left >= 0 && b.right <= 390 + 1, `${b.id} within the screen (${b.left}..${b.right})`);
    if (b.id !== 'puzzle-panel' && b.id !== 'openings-panel') assert.ok(b.height >= 44, `${b.id} finger-sized (${b.height} px)`);
  }
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= 391, 'no sideways scrolling of the page');
  await context.close();
});
