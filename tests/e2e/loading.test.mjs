// While the engine loads (a slow connection: the wasm held back), no placeholder board takes clicks for another
// game: a click and an arrow key made meanwhile never reach the linked game once it is drawn.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { boardCode, moveList, settle, setup, stones, waitReady } from './helpers.mjs';

let env;
before(async () => (env = await setup()));
after(() => env?.close());

const GAME = 'size=13&moves=g7,f8,h6';

test('a click and an arrow key during the engine load are not played into the 13x13 link', { timeout: 90_000 }, async () => {
  const context = await env.browser.newContext({ serviceWorkers: 'block', viewport: { width: 1200, height: 860 } });
  const errors = [];
  let release;
  const held = new Promise((resolve) => (release = resolve));
  let requested;
  const wasmRequested = new Promise((resolve) => (requested = resolve));
  // Every wasm download (the engine worker's) waits until the test lets it go.
  await context.route('**/*.wasm', async (route) => {
    requested();
    await held;
    await route.continue();
  });
  const page = await context.newPage();
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => msg.type() === 'error' && errors.push(`console: ${msg.text()}`));
  await page.goto(new URL(`#${GAME}`, env.url).href);
  await wasmRequested;
  assert.equal(await page.getAttribute('body', 'data-engine'), 'loading');

  // Whatever the page shows meanwhile is not another game's board.
  const size = await page.$eval('#board', (b) => b.dataset.size).catch(() => null);
  assert.ok(size === null || size === '13', `no placeholder board of another size (${size})`);
  // A click on the board (a placeholder's cell if there is one) and Undo's key while loading.
  const placeholder = await page.$('[data-cell="a1"]');
  if (placeholder) await placeholder.click();
  else await page.mouse.click(300, 300);
  await page.keyboard.press('ArrowLeft');

  release();
  await waitReady(page);
  await settle(page);
  assert.equal(await page.getAttribute('#board', 'data-size'), '13');
  assert.equal(await boardCode(page), GAME, 'the linked position, nothing added or taken back');
  assert.deepEqual(await stones(page), { b: ['g7', 'h6'], w: ['f8'] });
  assert.deepEqual((await moveList(page)).moves, ['g7', 'f8', 'h6']);

  // Once loaded the board plays as usual.
  await page.click('[data-cell="a1"]');
  await page.waitForSelector('[data-cell="a1"][data-stone="w"]', { state: 'attached' });
  assert.deepEqual(errors, []);
  await context.close();
});

test('while the wasm downloads, a progress bar and its stage show in the board\'s place; gone once ready', { timeout: 90_000 }, async () => {
  const context = await env.browser.newContext({ serviceWorkers: 'block', viewport: { width: 1200, height: 860 } });
  const errors = [];
  let release;
  const held = new Promise((resolve) => (release = resolve));
  let requested;
  const wasmRequested = new Promise((resolve) => (requested = resolve));
  await context.route('**/*.wasm', async (route) => {
    requested();
    await held;
    await route.continue();
  });
  const page = await context.newPage();
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => msg.type() === 'error' && errors.push(`console: ${msg.text()}`));
  // Every stage the box goes through, recorded in the page.
  await page.addInitScript(() => {
    window.__stages = [];
    new MutationObserver(() => {
      const stage = document.getElementById('engine-loading')?.dataset.stage;
      if (stage && window.__stages.at(-1) !== stage) window.__stages.push(stage);
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-stage'] });
  });
  await page.goto(new URL(`#${GAME}`, env.url).href);
  await wasmRequested;
  await page.waitForSelector('#engine-loading[data-stage="downloading"]');
  assert.equal(await page.getAttribute('body', 'data-engine'), 'loading');
  assert.equal(await page.isVisible('#engine-progress'), true, 'the bar shows while the wasm is held back');
  assert.match(await page.textContent('#engine-progress-text'), /^Downloading the engine…/);

  release();
  await waitReady(page);
  await page.waitForSelector('#board [data-cell="a1"]', { state: 'attached' });
  assert.equal(await page.isHidden('#engine-progress'), true, 'gone once ready');
  assert.equal(await page.isHidden('#engine-loading'), true);
  const stages = await page.evaluate(() => window.__stages);
  // Later stages may be drawn in one frame with the next (a redraw per frame): only their kinds are checked.
  assert.equal(stages[0], 'downloading');
  assert.ok(stages.every((stage) => ['downloading', 'compiling', 'threads'].includes(stage)), `${stages}`);
  assert.deepEqual(errors, []);
  await context.close();
});
