// Without a mouse and without colour: every control shown is reached by Tab (the page's boxes open: a puzzle, the
// Openings view, the Solve panel's proof explorer), a puzzle is played and judged by the keyboard alone, and the
// won and lost marks differ in shape (a check mark, a cross) and in what a screen reader hears ("c2, empty, winning
// move"), not only in colour. With a branch in the game Tab reaches the branches list and the comment, and Enter or
// Space promotes a branch (the focus staying in the list). The phone layout (390 px wide) keeps the boxes, the game tree's and the records' controls
// within the screen, finger-sized, and a tap on a branch or a move goes there.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { act, moveList, playCell, settle, setup, stones, treeShape, waitReady } from './helpers.mjs';

let env;
before(async () => (env = await setup()));
after(() => env?.close());

/**
 * A control's name (runs in the page): its id, cell, ply, branch (`node:`, and in the branches list `go:`,
 * `promote:`, `delete:` with the node's id), crumb, move, or tag and text.
 */
function nameOf(el) {
  const d = el.dataset;
  const data = ['cell', 'ply', 'node', 'go', 'promote', 'delete', 'crumb', 'move'].find((key) => d[key]);
  return el.id || (data ? `${data}:${d[data]}` : `${el.tagName}:${el.textContent.trim().slice(0, 20)}`);
}

/** The focused element's name (nameOf), null when nothing has the focus. */
function focusedName(page) {
  return page.evaluate(`(() => { const el = document.activeElement; return !el || el === document.body ? null : (${nameOf})(el); })()`);
}

/** Every control a user could use now: shown, enabled, focusable (a grid counts once: its cell in the tab order). */
function controls(page) {
  return page.evaluate(`(() => {
    const shown = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
    const all = [...document.querySelectorAll('button, input, select, textarea, a[href], [tabindex="0"]')];
    return all.filter((el) => shown(el) && !el.disabled && !el.closest('[hidden], [inert]')).map(${nameOf});
  })()`);
}

/** Builds c3 b4 d2, then a5 instead of b4, on 5x5 (tapping with `tap`); returns on c3, where the two branches start. */
async function branched(page, tap = false) {
  const press = (selector) => (tap ? page.tap(selector) : page.click(selector));
  for (const cell of ['c3', 'b4', 'd2']) await playCell(page, cell, { tap });
  await act(page, () => press('#moves [data-ply="1"]'));
  await playCell(page, 'a5', { tap });
  await act(page, () => press('#moves [data-ply="1"]'));
  await page.waitForSelector('#branches-box:not([hidden]) [data-branch]');
}

/** The branches listed at the current move: { move: node id }, and the main one. */
async function branchIds(page) {
  const rows = await page.$$eval('#branches li[data-branch]', (items) => items.map((li) => [li.querySelector('[data-go]').textContent, li.dataset.branch, li.dataset.main === 'true']));
  return { ids: Object.fromEntries(rows.map(([move, id]) => [move, id])), main: rows.find((row) => row[2])?.[0] };
}

/** Tabs from the top of the page until `name` has the focus. */
async function tabTo(page, name, max = 400) {
  await page.evaluate(() => document.activeElement?.blur());
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if ((await focusedName(page)) === name) return;
  }
  assert.fail(`Tab never reached ${name}`);
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

test('with a branch, Tab reaches the branches list and the comment; Enter and Space on Promote change the main line', { timeout: 120_000 }, async () => {
  const { page, errors } = await env.open('#size=5');
  await branched(page);
  const { ids, main } = await branchIds(page);
  assert.equal(main, 'b4');
  const reached = await tabAround(page);
  const shown = await controls(page);
  const tree = [`go:${ids.b4}`, `go:${ids.a5}`, `promote:${ids.a5}`, `delete:${ids.b4}`, `delete:${ids.a5}`, `node:${ids.b4}`, 'comment', 'tree-delete', 'open-file', 'save-game', 'copy-line', 'copy-hexworld', 'copy-trmph'];
  assert.deepEqual(tree.filter((name) => !shown.includes(name)), [], `the tree's controls shown: ${shown}`);
  assert.ok(!shown.includes(`promote:${ids.b4}`), 'the main line has no Promote');
  const missing = shown.filter((name) => !reached.has(name));
  assert.deepEqual(missing, [], `not reached by Tab: ${missing}`);

  // Enter on a5's Promote: a5 becomes the main line, the line shown stays.
  const before = await moveList(page);
  await tabTo(page, `promote:${ids.a5}`);
  await page.keyboard.press('Enter');
  await page.waitForSelector(`#branches li[data-branch="${ids.a5}"][data-main]`);
  await settle(page);
  assert.deepEqual(await treeShape(page), ['0:-:', '1:c3:', '2:a5:', '2:b4:', '3:d2:']);
  assert.deepEqual(await moveList(page), before);
  assert.equal(await focusedName(page), `go:${ids.a5}`, 'the focus stays on the promoted branch (its Promote is gone)');
  // Space on b4's Promote (it has one now) makes b4 the main line again.
  await tabTo(page, `promote:${ids.b4}`);
  await page.keyboard.press(' ');
  await page.waitForSelector(`#branches li[data-branch="${ids.b4}"][data-main]`);
  await settle(page);
  assert.deepEqual(await treeShape(page), ['0:-:', '1:c3:', '2:b4:', '3:d2:', '2:a5:']);
  assert.equal(await focusedName(page), `go:${ids.b4}`);
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
  const { page } = await env.open('#size=4&swap=no&puzzle=win&collection=first-move-4', { phone: true });
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
  await page.context().close();
});

test('the phone layout: the game tree and records controls fit a 390 px screen, finger-sized; a tap on a branch or a move goes there', { timeout: 120_000 }, async () => {
  const { page, errors } = await env.open('#size=5', { phone: true });
  await branched(page, true);
  const { ids } = await branchIds(page);
  const boxes = await page.evaluate(() => {
    const rect = (name, el) => {
      const r = el.getBoundingClientRect();
      return { name, left: r.left, right: r.right, width: r.width, height: r.height };
    };
    const byId = ['save-game', 'copy-line', 'copy-hexworld', 'copy-trmph', 'comment', 'tree-promote', 'tree-delete'].map((id) => rect(id, document.getElementById(id)));
    const listed = [...document.querySelectorAll('#branches button, #moves [data-ply], #moves [data-node]')].map((el) => rect(el.dataset.ply ? `ply ${el.dataset.ply}` : `${el.textContent} (${el.dataset.node ? 'move list' : 'branches'})`, el));
    // The file picker is its label (the input covers it, unseen): what a finger touches.
    return { fingers: [rect('open-file', document.getElementById('open-file').closest('label')), ...byId, ...listed], lists: ['branches', 'moves'].map((id) => rect(id, document.getElementById(id))) };
  });
  assert.ok(boxes.fingers.length >= 8 + 6 + 3, `every control measured: ${boxes.fingers.map((b) => b.name)}`);
  for (const b of [...boxes.fingers, ...boxes.lists]) assert.ok(b.left >= 0 && b.right <= 390 + 1, `${b.name} within the screen (${b.left}..${b.right})`);
  for (const b of boxes.fingers) assert.ok(b.height >= 44 && b.width >= 44, `${b.name} finger-sized (${b.width}x${b.height} px)`);
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= 390, 'no sideways scrolling of the page');

  // A tap on a branch in the branches list, on a move of the list, on a branch in the move list: each goes there.
  await act(page, () => page.tap(`#branches [data-go="${ids.b4}"]`));
  assert.deepEqual(await stones(page), { b: ['c3'], w: ['b4'] });
  await act(page, () => page.tap('#moves [data-ply="3"]'));
  assert.deepEqual(await stones(page), { b: ['c3', 'd2'], w: ['b4'] });
  await act(page, () => page.tap(`#moves [data-node="${ids.a5}"]`));
  assert.deepEqual(await stones(page), { b: ['c3'], w: ['a5'] });
  assert.deepEqual(await moveList(page), { moves: ['c3', 'a5'], current: 2 });
  assert.deepEqual(errors, []);
  await page.context().close();
});
