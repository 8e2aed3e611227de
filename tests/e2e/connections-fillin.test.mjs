// 10. The Connections mode's "Fill in dead and captured cells first" box (`#connections-fillin`, `&fillin=1`):
// every `connections` call then passes `fillin = true`, the cells the engine filled are marked `fillin-b` /
// `fillin-w` (the analysis's name for fill-in of no kind of its own, drawn with its ghost stone) and counted in
// the panel, the connections are the filled position's, two endpoints the fill-in gave the player not to move ask
// for that player's connection, an endpoint filled for the opponent of the stones or edge picked is refused like
// any other, and "Search deeper" still searches the position as given. The hash has `fillin=1` only while the
// mode is on with the box ticked. What the board must show is computed from the `connections` and `connect`
// exports of the page's own wasm package, run in node.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { defaults } from '../../web/js/config.js';
import {
  act, altMarks, artifact, boardCode, boardEndpoints, engineConnect, engineConnections, expectedAlternatives, hashOf, marksOf,
  panelAlternatives, pickEnd, pickPair, searchMarks, setAnalysis, setConnections, setup, waitConnections, waitReady, waitSearch,
} from './helpers.mjs';

// 4x4, White to move: b1 and a4 are dead, and the fill-in gives them to Black (the player not to move).
const CODE = 'size=4&b=c1,a2,d2,b3,c3,c4&w=a1,c2,a3,d3,b4,d4&turn=w';
const FILLIN_MARKS = ['fillin-b', 'fillin-w'];

let env;
before(async () => (env = await setup()));
after(() => env?.close());

/** The cells the engine fills in `code`, as the marks the board must show: { cell: 'fillin-b' | 'fillin-w' }. */
async function expectedFillin(code) {
  const { fillin, fillin_used: used } = await engineConnections(code, 'b', 'top', 'bottom', true);
  assert.equal(used, true);
  return Object.fromEntries([...fillin.b.map((c) => [c, 'fillin-b']), ...fillin.w.map((c) => [c, 'fillin-w'])]);
}

/** Ticks (or unticks) the fill-in box and waits for the answers asked that way. */
async function setFillin(page, on) {
  if ((await page.isChecked('#connections-fillin')) !== on) await page.click('#connections-fillin');
  await page.waitForSelector(on ? '#connections-panel[data-fillin-b]' : '#connections-panel:not([data-fillin]):not([data-fillin-b])', { state: 'attached' });
  await waitConnections(page);
}

/** The board's filled cells as drawn: { cell: { mark, fill, glyph } } for every cell with `data-fill`. */
function filledCells(page) {
  return page.evaluate(() => {
    const out = {};
    for (const el of document.querySelectorAll('#board [data-cell][data-fill]')) {
      out[el.dataset.cell] = { mark: el.dataset.mark ?? null, fill: el.dataset.fill, glyph: el.querySelector('.glyphs')?.dataset.glyph ?? null };
    }
    return out;
  });
}

test('fill-in first: b1 and a4 get Black\'s fill-in mark, the panel counts them, the hash keeps it, a reload restores it', { timeout: 90_000 }, async () => {
  const expected = await expectedFillin(CODE);
  assert.deepEqual(expected, { b1: 'fillin-b', a4: 'fillin-b' }, 'the engine fills b1 and a4 for Black');
  const { page, errors } = await env.open(`#${CODE}&view=vc`);
  await waitConnections(page);
  assert.equal(await page.isChecked('#connections-fillin'), false, 'off by default');
  assert.deepEqual(await marksOf(page, FILLIN_MARKS), {});
  assert.equal(await page.isHidden('#connections-fillin-status'), true);
  assert.equal(await page.isHidden('#connections-fillin-legend'), true);

  await setFillin(page, true);
  assert.deepEqual(await marksOf(page, FILLIN_MARKS), expected);
  assert.deepEqual(await filledCells(page), {
    b1: { mark: 'fillin-b', fill: 'b', glyph: 'fillin-b' },
    a4: { mark: 'fillin-b', fill: 'b', glyph: 'fillin-b' },
  });
  assert.equal(await page.isVisible('[data-cell="b1"] .glyphs .g-ghost'), true, 'a small ghost stone on b1');
  assert.equal(await page.isHidden('[data-cell="b1"] .glyphs .g-cross'), true, 'none of the analysis\'s dead-cell extras');
  const panel = await page.evaluate(() => ({ ...document.getElementById('connections-panel').dataset }));
  assert.equal(panel.fillin, 'on');
  assert.equal(panel.fillinB, '2');
  assert.equal(panel.fillinW, '0');
  assert.match(await page.textContent('#connections-fillin-status'), /^Fill-in: 2 cells filled \(Black 2, White 0\)/);
  assert.match(await page.textContent('#connections-status'), /^H-search after fill-in for White to move/);
  assert.equal(await page.isVisible('#connections-fillin-legend'), true);
  assert.match(await hashOf(page), /&view=vc&fillin=1$/);
  // Black wins on the filled position too, as it does on the position as given.
  const black = await engineConnections(CODE, 'b', 'top', 'bottom', true);
  assert.equal(black.winning, true);
  assert.equal(await page.getAttribute('#connections-panel', 'data-winning'), 'b');

  await page.screenshot({ path: artifact('connections-fillin.png') });

  await page.reload();
  await waitReady(page);
  assert.equal(await page.isChecked('#connections-toggle'), true);
  assert.equal(await page.isChecked('#connections-fillin'), true, 'the link ticks the box');
  await page.waitForSelector('#connections-panel[data-fillin-b]', { state: 'attached' });
  await waitConnections(page);
  assert.deepEqual(await marksOf(page, FILLIN_MARKS), expected);
  assert.match(await hashOf(page), /&view=vc&fillin=1$/);
  assert.deepEqual(errors, []);
});

test('fill-in off again removes the marks and the hash key; leaving the mode drops the key but keeps the box for next time', { timeout: 90_000 }, async () => {
  const { page, errors } = await env.open(`#${CODE}&view=vc&fillin=1`);
  await page.waitForSelector('#connections-panel[data-fillin-b]', { state: 'attached' });
  await waitConnections(page);
  assert.deepEqual(await marksOf(page, FILLIN_MARKS), { b1: 'fillin-b', a4: 'fillin-b' });

  await setFillin(page, false);
  assert.deepEqual(await marksOf(page, FILLIN_MARKS), {});
  assert.deepEqual(await filledCells(page), {}, 'no cell keeps data-fill');
  assert.equal(await page.locator('#board .glyphs[data-glyph]').count(), 0, 'no ghost stone left');
  assert.equal(await page.isHidden('#connections-fillin-status'), true);
  assert.match(await page.textContent('#connections-status'), /^H-search for White to move/);
  assert.match(await hashOf(page), /&view=vc$/);

  // On again, then the mode off: nothing of it is drawn and the link loses the key, but the box stays ticked
  // for next time: the mode on again brings back the marks and the key.
  await setFillin(page, true);
  const code = await boardCode(page);
  assert.equal(await hashOf(page), `${code}&view=vc&fillin=1`);
  await setConnections(page, false);
  await page.waitForFunction(() => !document.querySelector('#board [data-mark], #board [data-fill], #board .glyphs[data-glyph]'));
  assert.equal(await hashOf(page), code, 'neither view=vc nor fillin=1 with the mode off');
  // Moves with the mode off (a play, an undo) keep the key out of the link, and so does the analysis.
  await act(page, () => page.click('[data-cell="d1"]'));
  assert.equal(await hashOf(page), await boardCode(page));
  await act(page, () => page.keyboard.press('ArrowLeft'));
  const undone = await boardCode(page);
  assert.equal(await hashOf(page), undone);
  await setAnalysis(page, true);
  assert.equal(await hashOf(page), `${undone}&view=ica`);
  await setAnalysis(page, false);
  await setConnections(page, true);
  assert.equal(await page.isChecked('#connections-fillin'), true, 'the box was kept');
  await page.waitForSelector('#connections-panel[data-fillin-b]', { state: 'attached' });
  await waitConnections(page);
  assert.deepEqual(await marksOf(page, FILLIN_MARKS), { b1: 'fillin-b', a4: 'fillin-b' });
  assert.equal(await hashOf(page), `${undone}&view=vc&fillin=1`, 'the key is back with the mode');

  // An edited hash without the key unticks the box.
  await page.evaluate((code) => (location.hash = `#${code}&view=vc`), CODE);
  await page.waitForSelector('#connections-panel:not([data-fillin])', { state: 'attached' });
  await waitConnections(page);
  assert.equal(await page.isChecked('#connections-fillin'), false);
  assert.deepEqual(await marksOf(page, FILLIN_MARKS), {});
  assert.deepEqual(errors, []);
});

test('a link with fillin=1 but without the mode ticks the box and leaves the key out until the mode is on', { timeout: 90_000 }, async () => {
  const { page, errors } = await env.open(`#${CODE}&fillin=1`);
  await page.waitForFunction((code) => location.hash === `#${code}`, await boardCode(page));
  assert.equal(await page.isChecked('#connections-toggle'), false);
  assert.deepEqual(await marksOf(page, FILLIN_MARKS), {});
  await setConnections(page, true);
  assert.equal(await page.isChecked('#connections-fillin'), true, 'the link ticked the box');
  await page.waitForSelector('#connections-panel[data-fillin-b]', { state: 'attached' });
  await waitConnections(page);
  assert.deepEqual(await marksOf(page, FILLIN_MARKS), { b1: 'fillin-b', a4: 'fillin-b' });
  assert.equal(await hashOf(page), `${await boardCode(page)}&view=vc&fillin=1`);

  // With the mode off, an edited hash without the mode says nothing about the box: it stays ticked.
  await setConnections(page, false);
  await page.evaluate(() => (location.hash = '#size=4&b=c1,a2,d2,b3,c3,c4&w=a1,c2,a3,d3,b4,d4&turn=w&moves=d1'));
  await page.waitForFunction(() => document.getElementById('board').dataset.code.endsWith('moves=d1'));
  await waitReady(page);
  assert.equal(await hashOf(page), await boardCode(page));
  await setConnections(page, true);
  assert.equal(await page.isChecked('#connections-fillin'), true);
  await page.waitForSelector('#connections-panel[data-fillin]', { state: 'attached' });
  assert.match(await hashOf(page), /moves=d1&view=vc&fillin=1$/);
  assert.deepEqual(errors, []);
});

test('fill-in first: two endpoints the fill-in gave the player not to move ask for that player\'s connection', { timeout: 90_000 }, async () => {
  const { page, errors } = await env.open(`#${CODE}&view=vc&fillin=1`);
  await page.waitForSelector('#connections-panel[data-fillin-b]', { state: 'attached' });
  await waitConnections(page);
  assert.equal(await page.getAttribute('#board', 'data-to-move'), 'w');

  // b1 and a4 are empty on the board and both Black's in the filled position: White to move, Black's pair.
  const asWhite = await engineConnections(CODE, 'w', 'b1', 'a4', true).then(() => null, (err) => err.message);
  assert.match(asWhite, /fill-in/, 'the engine refuses them as White\'s endpoints');
  const report = await engineConnections(CODE, 'b', 'b1', 'a4', true);
  const alts = expectedAlternatives(report);
  assert.ok(alts.length > 0 && alts[0].kind === 'full', 'Black has a full connection after fill-in');
  await pickPair(page, 'b1', 'a4');
  assert.equal(await page.getAttribute('#connections-panel', 'data-player'), 'b');
  assert.equal(await page.getAttribute('#connections-panel', 'data-pair'), 'found');
  assert.deepEqual(await panelAlternatives(page), alts);
  assert.deepEqual(await marksOf(page, ['carrier', 'key']), altMarks(alts[0]));
  assert.deepEqual(await marksOf(page, FILLIN_MARKS), { b1: 'fillin-b', a4: 'fillin-b' }, 'the endpoints keep their fill-in mark');
  assert.deepEqual(await boardEndpoints(page), { b1: 'from', a4: 'to' });
  assert.equal(await page.getAttribute('#board', 'data-vc-player'), 'b');
  assert.equal(await page.textContent('#connections-prompt'), 'b1 (empty) – a4 (empty) for Black (the fill-in gives b1 and a4 to Black)');
  assert.match(await page.textContent('#connections-pair'), /^Black has a full connection/);
  assert.equal(await page.$eval('#connections-pair', (el) => el.classList.contains('error')), false, 'not an error');
  await page.screenshot({ path: artifact('connections-fillin-pair.png') });

  // One filled endpoint and a plain empty cell: still Black's.
  await pickPair(page, 'd1', 'b1');
  assert.equal(await page.getAttribute('#connections-panel', 'data-player'), 'b');
  assert.equal(await page.getAttribute('#connections-panel', 'data-pair'), 'found');
  assert.deepEqual(await panelAlternatives(page), expectedAlternatives(await engineConnections(CODE, 'b', 'd1', 'b1', true)));
  assert.equal(await page.textContent('#connections-prompt'), 'd1 (empty) – b1 (empty) for Black (the fill-in gives b1 to Black)');

  // Two plain empty cells: the side to move's, as without fill-in.
  await pickPair(page, 'd1', 'b2');
  assert.equal(await page.getAttribute('#connections-panel', 'data-player'), 'w');
  assert.equal(await page.textContent('#connections-prompt'), 'd1 (empty) – b2 (empty) for White');

  // Unticking the box gives b1–a4 back to the side to move (the position as given has no fill-in); ticking it
  // again makes it Black's again.
  await pickPair(page, 'b1', 'a4');
  assert.equal(await page.getAttribute('#connections-panel', 'data-player'), 'b');
  await setFillin(page, false);
  await page.waitForSelector('#connections-panel[data-player="w"]', { state: 'attached' });
  await waitConnections(page);
  assert.deepEqual(await boardEndpoints(page), { b1: 'from', a4: 'to' }, 'the endpoints stay');
  assert.deepEqual(await panelAlternatives(page), expectedAlternatives(await engineConnections(CODE, 'w', 'b1', 'a4')));
  assert.notEqual(await page.getAttribute('#connections-panel', 'data-pair'), 'error');
  await setFillin(page, true);
  await page.waitForSelector('#connections-panel[data-player="b"]', { state: 'attached' });
  await waitConnections(page);
  assert.deepEqual(await panelAlternatives(page), alts);

  // An explicit colour still decides: b1 (Black's fill-in) with White's left edge is White's pair, refused.
  await pickEnd(page, 'b1');
  await pickEnd(page, 'left');
  await page.waitForSelector('#connections-panel[data-pair="error"]', { state: 'attached', timeout: 30_000 });
  assert.equal(await page.getAttribute('#connections-panel', 'data-player'), 'w');
  assert.deepEqual(errors, []);
});

test('fill-in first: Black\'s endpoints (a filled cell, an edge) give the filled position\'s connections', { timeout: 90_000 }, async () => {
  const { page, errors } = await env.open(`#${CODE}&view=vc&fillin=1`);
  await page.waitForSelector('#connections-panel[data-fillin-b]', { state: 'attached' });
  await waitConnections(page);

  // a4 is empty on the board and Black's in the filled position; with the top edge it is Black's pair.
  await pickPair(page, 'a4', 'top');
  const report = await engineConnections(CODE, 'b', 'a4', 'top', true);
  assert.equal(report.fillin_used, true);
  const alts = expectedAlternatives(report);
  assert.ok(alts.length > 0 && alts[0].kind === 'full', 'the engine has a full connection');
  assert.deepEqual(await panelAlternatives(page), alts);
  assert.deepEqual(await page.getAttribute('#connections-panel', 'data-player'), 'b');
  assert.equal(await page.getAttribute('#connections-panel', 'data-pair'), 'found');
  assert.deepEqual(await marksOf(page, ['carrier', 'key']), altMarks(alts[0]));
  assert.deepEqual(await marksOf(page, FILLIN_MARKS), { b1: 'fillin-b', a4: 'fillin-b' }, 'the fill-in stays drawn, the endpoint too');
  assert.deepEqual(await boardEndpoints(page), { a4: 'from', top: 'to' });

  // Black's own edges, with the winning line's "show" button.
  await page.click('#connections-winning button[data-show="b"]');
  await page.waitForFunction(() => document.getElementById('connections-panel').dataset.to === 'bottom');
  await waitConnections(page);
  const edges = expectedAlternatives(await engineConnections(CODE, 'b', 'top', 'bottom', true));
  assert.deepEqual(await panelAlternatives(page), edges);
  assert.deepEqual(await marksOf(page, ['carrier', 'key']), altMarks(edges[0]));
  assert.deepEqual(errors, []);
});

test('fill-in first: an endpoint filled for the opponent is refused with the engine\'s message; the worker goes on', { timeout: 90_000 }, async () => {
  const { page, errors } = await env.open(`#${CODE}&view=vc&fillin=1`);
  await page.waitForSelector('#connections-panel[data-fillin-b]', { state: 'attached' });
  await waitConnections(page);
  // b1 is empty on the board, so with the left edge it is White's pair; the fill-in gave b1 to Black.
  const message = await engineConnections(CODE, 'w', 'b1', 'left', true).then(() => null, (err) => err.message);
  assert.match(message, /fill-in/);
  await pickEnd(page, 'b1');
  await pickEnd(page, 'left');
  await page.waitForSelector('#connections-panel[data-pair="error"]', { state: 'attached', timeout: 30_000 });
  assert.equal(await page.textContent('#connections-pair'), `The engine refused b1 (empty) – the left edge: ${message}`);
  assert.equal(await page.getAttribute('#connections-pair', 'class'), 'error', 'shown as an error');
  assert.equal(await page.isHidden('#error'), true, 'not a page error');
  assert.equal(await page.isHidden('#connections-search'), true, 'no search of a refused pair');
  assert.equal(await page.getAttribute('#connections-panel', 'data-status'), 'ready', 'the other answers arrived');

  // Still working: a Black pair is answered, and unticking the box lets White ask for b1.
  await pickPair(page, 'top', 'bottom');
  assert.equal(await page.getAttribute('#connections-panel', 'data-pair'), 'found');
  await setFillin(page, false);
  await pickPair(page, 'b1', 'left');
  assert.notEqual(await page.getAttribute('#connections-panel', 'data-pair'), 'error');
  assert.deepEqual(await panelAlternatives(page), expectedAlternatives(await engineConnections(CODE, 'w', 'b1', 'left')));
  assert.deepEqual(errors, []);
});

test('fill-in first: Search deeper still searches the position as given', { timeout: 90_000 }, async () => {
  const nodes = defaults.searchNodes;
  const h = await engineConnections(CODE, 'w', 'left', 'right', true);
  assert.equal(h.full.length, 0, 'H-search (after fill-in) has no full connection for White');
  const refuted = await engineConnect(CODE, 'w', 'left', 'right', nodes);
  assert.equal(refuted.status, 'refuted');
  const { page, errors } = await env.open(`#${CODE}&view=vc&fillin=1`);
  await page.waitForSelector('#connections-panel[data-fillin-b]', { state: 'attached' });
  await waitConnections(page);
  await pickPair(page, 'left', 'right');
  assert.equal(await page.isVisible('#connections-search'), true, 'offered: no full connection');
  await page.click('#connections-search');
  await waitSearch(page, 'refuted');
  assert.deepEqual(await marksOf(page, ['carrier', 'key', 'refutation']), searchMarks(refuted));
  assert.equal(await page.getAttribute('#connections-search-result', 'data-refutation'), refuted.refutation);
  assert.equal(await page.getAttribute('#connections-search-result', 'data-nodes'), String(refuted.nodes));
  // Unticking the box asks H-search again, which drops the pair's search (it was offered on the old answer).
  await setFillin(page, false);
  assert.equal(await page.getAttribute('#connections-panel', 'data-search'), null);
  assert.deepEqual(await boardEndpoints(page), { left: 'from', right: 'to' }, 'the endpoints stay');
  assert.deepEqual(errors, []);
});
