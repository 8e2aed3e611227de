// Touch: on a phone (390x844, touch, no fine pointer) the Connections bar words its hint without Shift and Esc, and
// its buttons do what those keys do: #connections-play-mode (the next tap plays a move) and #connections-clear.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, stones, waitConnections, waitReady } from './helpers.mjs';

let env;
before(async () => (env = await setup()));
after(() => env?.close());

/** A phone-sized touch page at `hash`, the engine ready. */
const openPhone = (hash) => env.open(hash, { phone: true });

const panel = (page) => page.evaluate(() => ({ ...document.getElementById('connections-panel').dataset }));

test('phone: the Connections bar has no Shift/Esc hint, and its buttons play a move and clear the endpoints', { timeout: 120_000 }, async () => {
  const { page, errors } = await openPhone('#size=5&b=b2&view=vc');
  assert.equal(await page.evaluate(() => matchMedia('(pointer: coarse)').matches), true, 'a touch screen');
  await waitConnections(page);
  const keys = await page.textContent('#connections-keys');
  assert.doesNotMatch(keys, /Shift|Esc/, `the hint "${keys}" names no key a phone lacks`);
  assert.match(keys, /tap/i);
  assert.match(await page.textContent('#connections-prompt'), /^Tap /);
  for (const id of ['#connections-play-mode', '#connections-clear', '#connections-exit']) {
    assert.equal(await page.isVisible(`#connections-bar ${id}`), true, `${id} is in the bar`);
    const box = await page.locator(id).boundingBox();
    assert.ok(box.height >= 44, `${id} is big enough for a finger (${box.height}px)`);
  }

  // Taps pick endpoints; Clear drops them.
  await page.tap('#board [data-cell="b2"]');
  await page.waitForFunction(() => document.getElementById('connections-panel').dataset.from === 'b2');
  await page.tap('#board [data-cell="d4"]');
  await page.waitForFunction(() => document.getElementById('connections-panel').dataset.to === 'd4');
  await waitConnections(page);
  assert.deepEqual(await stones(page), { b: ['b2'], w: [] }, 'picking plays nothing');
  await page.tap('#connections-clear');
  await page.waitForFunction(() => !document.getElementById('connections-panel').dataset.from);
  assert.equal(await page.locator('#board [data-endpoint]').count(), 0);

  // "Play a move": the next tap plays (White is to move), then taps pick again.
  assert.equal(await page.getAttribute('#connections-play-mode', 'aria-pressed'), 'false');
  await page.tap('#connections-play-mode');
  await page.waitForSelector('#connections-play-mode[aria-pressed="true"]', { state: 'attached' });
  assert.match(await page.textContent('#connections-prompt'), /^Tap a cell to play White's move/);
  await page.tap('#board [data-cell="b2"]'); // a stone: cannot be played, the button keeps waiting
  await waitReady(page);
  assert.equal(await page.getAttribute('#connections-play-mode', 'aria-pressed'), 'true');
  assert.equal((await panel(page)).from, undefined);
  await page.tap('#board [data-cell="c3"]');
  await page.waitForSelector('#board [data-cell="c3"][data-stone="w"]', { state: 'attached' });
  await waitReady(page);
  assert.equal(await page.getAttribute('#connections-play-mode', 'aria-pressed'), 'false', 'one move, then picking again');
  assert.equal(await page.isChecked('#connections-toggle'), true, 'still in the Connections mode');
  await waitConnections(page);
  await page.tap('#board [data-cell="d2"]');
  await page.waitForFunction(() => document.getElementById('connections-panel').dataset.from === 'd2');
  assert.deepEqual(await stones(page), { b: ['b2'], w: ['c3'] });

  // Tapping the button again before a move turns it off.
  await page.tap('#connections-play-mode');
  await page.waitForSelector('#connections-play-mode[aria-pressed="true"]', { state: 'attached' });
  await page.tap('#connections-play-mode');
  await page.waitForSelector('#connections-play-mode[aria-pressed="false"]', { state: 'attached' });
  assert.deepEqual(errors, []);
});

test('with a mouse the bar keeps the keys; the buttons work there too (Esc also leaves "Play a move")', { timeout: 90_000 }, async () => {
  const { page, errors } = await env.open('#size=5&b=b2&view=vc');
  await waitConnections(page);
  assert.equal(await page.textContent('#connections-keys'), 'Shift+click plays · Esc clears');
  assert.match(await page.textContent('#connections-prompt'), /^Click /);
  await page.click('#connections-play-mode');
  await page.waitForSelector('#connections-play-mode[aria-pressed="true"]', { state: 'attached' });
  await page.keyboard.press('Escape');
  await page.waitForSelector('#connections-play-mode[aria-pressed="false"]', { state: 'attached' });
  assert.equal(await page.isChecked('#connections-toggle'), true, 'Escape left "Play a move", not the mode');
  await page.click('#connections-play-mode');
  await page.click('#board [data-cell="c3"]');
  await page.waitForSelector('#board [data-cell="c3"][data-stone="w"]', { state: 'attached' });
  assert.deepEqual(errors, []);
});

test('phone: a 19x19 board keeps cells at least 20 px wide, scrolling sideways; the page pinch-zooms', { timeout: 120_000 }, async () => {
  const { page, errors } = await openPhone('#size=19');
  const meta = await page.getAttribute('meta[name="viewport"]', 'content');
  assert.doesNotMatch(meta, /user-scalable\s*=\s*(no|0)|maximum-scale\s*=\s*1(\.0*)?\b/, `pinch zoom allowed (${meta})`);
  await page.waitForSelector('#board[data-size="19"] [data-cell="s19"]', { state: 'attached' });
  const widths = await page.$$eval('#board [data-cell] .hex', (hexes) => hexes.map((h) => h.getBoundingClientRect().width));
  assert.equal(widths.length, 361);
  assert.ok(Math.min(...widths) >= 20, `cells at least 20 px wide (${Math.min(...widths).toFixed(1)})`);
  const wrap = await page.$eval('#board-wrap', (w) => ({ scroll: w.scrollWidth, client: w.clientWidth, page: document.documentElement.scrollWidth }));
  assert.ok(wrap.scroll > wrap.client, 'the board area scrolls sideways');
  assert.ok(wrap.page <= 390 + 1, `the page itself is no wider than the screen (${wrap.page})`);
  // The far corner scrolls into reach and a tap there plays.
  await page.$eval('#board-wrap', (w) => (w.scrollLeft = w.scrollWidth));
  await page.tap('[data-cell="s1"]');
  await page.waitForSelector('[data-cell="s1"][data-stone="b"]', { state: 'attached' });
  assert.deepEqual(errors, []);
  await page.context().close();
});
