// 11. The Connections mode's "AND rule through edges" box (`#connections-edges`, `&edges=1`): every `connections`
// call then passes `and_over_edges = true`, so H-search also goes through the player's edges on the way between
// its two edges (which finds more winning connections; other pairs are answered as without it, since an edge
// joins nothing along it). The panel carries `data-edges="on"` while the mode asks that way, and the link has `edges=1` only
// while the mode is on with the box ticked (as `fillin=1`). What the board must show is computed from the
// `connections` export of the page's own wasm package, run in node.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  altMarks, artifact, boardCode, boardEndpoints, engineConnections, expectedAlternatives, hashOf, marksOf, panelAlternatives,
  pickPair, setConnections, setup, waitConnections, waitReady,
} from './helpers.mjs';

// 5x5, White to move: Black's b2 and d2 each reach the top edge by a bridge (b1 c1, d1 e1), White's c2 between
// them. Without the AND rule through edges H-search gives Black only semi connections between its edges; with it,
// a full one (Black's edges become a winning connection). Between b2 and d2 there is none either way: the top
// edge they both reach does not join them. Found with `hexlab vc --size 5 --black b2,d2 --white c2 --player b
// --from top --to bottom [--and-over-edges] --json`.
const CODE = 'size=5&b=b2,d2&w=c2';

let env;
before(async () => (env = await setup()));
after(() => env?.close());

/**
 * Ticks (or unticks) the edges box and waits for the answers asked that way. The pointer then leaves the panel:
 * the list of alternatives grows above the box, and an item sliding under a still pointer counts as pointed at.
 */
async function setEdges(page, on) {
  if ((await page.isChecked('#connections-edges')) !== on) await page.click('#connections-edges');
  await page.mouse.move(0, 0);
  await page.waitForSelector(on ? '#connections-panel[data-edges="on"]' : '#connections-panel:not([data-edges])', { state: 'attached' });
  await waitConnections(page);
}

test('the engine: Black joins its edges fully only with the AND rule through edges; b2–d2 never', async () => {
  const plain = expectedAlternatives(await engineConnections(CODE, 'b', 'top', 'bottom'));
  assert.ok(plain.length > 0 && plain.every((alt) => alt.kind === 'semi'), 'only semi connections without');
  const alts = expectedAlternatives(await engineConnections(CODE, 'b', 'top', 'bottom', false, true));
  assert.equal(alts[0].kind, 'full');
  assert.deepEqual(expectedAlternatives(await engineConnections(CODE, 'b', 'b2', 'd2')), []);
  assert.deepEqual(expectedAlternatives(await engineConnections(CODE, 'b', 'b2', 'd2', false, true)), [], 'the edge joins nothing');
  assert.equal((await engineConnections(CODE, 'b', 'top', 'bottom')).winning, false);
  assert.equal((await engineConnections(CODE, 'b', 'top', 'bottom', false, true)).winning, true);
});

test('ticking the box asks H-search with the AND rule through edges: top–bottom gets a full connection, the link edges=1', { timeout: 90_000 }, async () => {
  const plain = expectedAlternatives(await engineConnections(CODE, 'b', 'top', 'bottom'));
  const thorough = expectedAlternatives(await engineConnections(CODE, 'b', 'top', 'bottom', false, true));
  const { page, errors } = await env.open(`#${CODE}&view=vc`);
  await waitConnections(page);
  assert.equal(await page.isChecked('#connections-edges'), false, 'off by default');
  assert.equal(await page.getAttribute('#connections-panel', 'data-edges'), null);
  assert.equal(await page.getAttribute('#connections-panel', 'data-winning'), null, 'no winning connection without');
  assert.equal(await page.getAttribute('#connections-panel', 'data-winning-semi'), 'b');

  await pickPair(page, 'top', 'bottom');
  assert.equal(await page.getAttribute('#connections-panel', 'data-player'), 'b');
  assert.equal(await page.getAttribute('#connections-panel', 'data-pair'), 'found');
  assert.deepEqual(await panelAlternatives(page), plain);
  assert.match(await page.textContent('#connections-pair'), /^H-search gives Black only a semi connection/);
  assert.equal(await page.isVisible('#connections-search'), true, 'Search deeper offered: no full connection');
  assert.doesNotMatch(await page.textContent('#connections-status'), /AND rule/);

  await setEdges(page, true);
  assert.equal(await page.getAttribute('#connections-panel', 'data-edges'), 'on');
  assert.deepEqual(await boardEndpoints(page), { top: 'from', bottom: 'to' }, 'the endpoints stay');
  assert.equal(await page.getAttribute('#connections-panel', 'data-player'), 'b');
  assert.equal(await page.getAttribute('#connections-panel', 'data-pair'), 'found');
  assert.deepEqual(await panelAlternatives(page), thorough);
  assert.equal(await page.getAttribute('#connections-panel', 'data-alternatives'), String(thorough.length));
  assert.equal(await page.getAttribute('#connections-panel', 'data-shown'), '0', 'the strongest is shown');
  assert.deepEqual(await marksOf(page, ['carrier', 'key']), altMarks(thorough[0]), 'the winning full connection drawn');
  assert.match(await page.textContent('#connections-pair'), /^Black has a full connection/);
  assert.equal(await page.isVisible('#connections-search'), false, 'no search offered: H-search has a full connection');
  assert.match(await page.textContent('#connections-status'), /^H-search for White to move.* · AND rule through edges$/);
  assert.equal(await page.getAttribute('#connections-panel', 'data-winning'), 'b', "Black's edges: a winning connection now");
  assert.equal(await hashOf(page), `${await boardCode(page)}&view=vc&edges=1`);
  await page.screenshot({ path: artifact('connections-edges.png') });

  // Unticked: asked without again, the key leaves the link.
  await setEdges(page, false);
  assert.equal(await page.getAttribute('#connections-panel', 'data-pair'), 'found');
  assert.deepEqual(await panelAlternatives(page), plain);
  assert.deepEqual(await marksOf(page, ['carrier', 'key']), altMarks(plain[0]), 'the best semi connection drawn');
  assert.equal(await page.getAttribute('#connections-panel', 'data-winning'), null);
  assert.equal(await hashOf(page), `${await boardCode(page)}&view=vc`);
  assert.deepEqual(errors, []);
});

test('a link with view=vc&edges=1 ticks the box; leaving the mode drops the key but keeps the box; an edited hash unticks it', { timeout: 90_000 }, async () => {
  const thorough = expectedAlternatives(await engineConnections(CODE, 'b', 'top', 'bottom', false, true));
  const { page, errors } = await env.open(`#${CODE}&view=vc&edges=1`);
  await page.waitForSelector('#connections-panel[data-edges="on"]', { state: 'attached' });
  await waitConnections(page);
  assert.equal(await page.isChecked('#connections-toggle'), true);
  assert.equal(await page.isChecked('#connections-edges'), true, 'the link ticks the box');
  assert.equal(await page.getAttribute('#connections-panel', 'data-winning'), 'b');
  await pickPair(page, 'top', 'bottom');
  assert.deepEqual(await panelAlternatives(page), thorough);
  const code = await boardCode(page);
  assert.equal(await hashOf(page), `${code}&view=vc&edges=1`);

  // The mode off: the link loses the key, the box stays ticked; on again, the key and the answers come back.
  await setConnections(page, false);
  assert.equal(await hashOf(page), code, 'neither view=vc nor edges=1 with the mode off');
  assert.equal(await page.getAttribute('#connections-panel', 'data-edges'), null);
  assert.equal(await page.isChecked('#connections-edges'), true, 'the box is kept');
  await setConnections(page, true);
  await page.waitForSelector('#connections-panel[data-edges="on"]', { state: 'attached' });
  await waitConnections(page);
  assert.equal(await hashOf(page), `${code}&view=vc&edges=1`, 'the key is back with the mode');
  assert.equal(await page.getAttribute('#connections-panel', 'data-winning'), 'b');
  await pickPair(page, 'top', 'bottom');
  assert.deepEqual(await panelAlternatives(page), thorough);

  // A reload keeps it; an edited hash with the mode but without the key unticks the box.
  await page.reload();
  await waitReady(page);
  assert.equal(await page.isChecked('#connections-edges'), true);
  await page.waitForSelector('#connections-panel[data-edges="on"]', { state: 'attached' });
  await waitConnections(page);
  await page.evaluate((c) => (location.hash = `#${c}&view=vc`), CODE);
  await page.waitForSelector('#connections-panel:not([data-edges])', { state: 'attached' });
  await waitConnections(page);
  assert.equal(await page.isChecked('#connections-edges'), false);
  assert.equal(await page.getAttribute('#connections-panel', 'data-winning'), null);
  assert.equal(await hashOf(page), `${code}&view=vc`);
  assert.deepEqual(errors, []);
});

test('a link with edges=1 but without the mode ticks the box and leaves the key out until the mode is on; with fill-in too', { timeout: 90_000 }, async () => {
  const { page, errors } = await env.open(`#${CODE}&edges=1`);
  const code = await boardCode(page);
  await page.waitForFunction((c) => location.hash === `#${c}`, code);
  assert.equal(await page.isChecked('#connections-toggle'), false);
  assert.equal(await page.isChecked('#connections-edges'), true, 'the link ticked the box');
  await setConnections(page, true);
  await page.waitForSelector('#connections-panel[data-edges="on"]', { state: 'attached' });
  await waitConnections(page);
  assert.equal(await hashOf(page), `${code}&view=vc&edges=1`);
  assert.equal(await page.getAttribute('#connections-panel', 'data-winning'), 'b');

  // Both boxes: both keys in the link, and each query passes both flags.
  await page.click('#connections-fillin');
  await page.waitForSelector('#connections-panel[data-fillin-b][data-edges="on"]', { state: 'attached' });
  await waitConnections(page);
  assert.equal(await hashOf(page), `${code}&view=vc&fillin=1&edges=1`);
  await pickPair(page, 'top', 'bottom');
  assert.deepEqual(await panelAlternatives(page), expectedAlternatives(await engineConnections(CODE, 'b', 'top', 'bottom', true, true)));
  await page.click('#connections-edges');
  await page.waitForSelector('#connections-panel[data-fillin-b]:not([data-edges])', { state: 'attached' });
  await waitConnections(page);
  assert.equal(await hashOf(page), `${code}&view=vc&fillin=1`);
  assert.deepEqual(await panelAlternatives(page), expectedAlternatives(await engineConnections(CODE, 'b', 'top', 'bottom', true)));
  assert.deepEqual(errors, []);
});
