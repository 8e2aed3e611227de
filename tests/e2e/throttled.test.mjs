// The load on a slow phone-class connection (issue 27, defect 3, measured this way): Chromium throttled through
// the DevTools protocol to 4x slower CPU and 1.6 Mbit/s down with 150 ms latency. A 13x13 link shows no other
// board meanwhile, a click and Undo's key made while the engine loads are not played into the game, and the
// linked position shows once the engine is ready. The wasm comes once, throttled like the rest (js/wasm.js).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { boardCode, moveList, settle, setup, stones, waitReady } from './helpers.mjs';

let env;
before(async () => (env = await setup()));
after(() => env?.close());

const GAME = 'size=13&moves=g7,f8,h6';
const KBIT = 1000 / 8; // bytes per second in one kbit/s

test('throttled (4x CPU, 1.6 Mbit/s, 150 ms): a click while loading is dropped, the 13x13 link shows', { timeout: 60_000 }, async (t) => {
  const context = await env.browser.newContext({ serviceWorkers: 'block', viewport: { width: 1200, height: 860 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => msg.type() === 'error' && errors.push(`console: ${msg.text()}`));
  // Every .wasm request, and how long the one download took (request sent to body received) for how many bytes.
  const wasm = [];
  const isWasm = (request) => new URL(request.url()).pathname.endsWith('.wasm');
  let wasmSent = 0;
  const wasmDone = new Promise((resolve) => {
    context.on('requestfinished', async (request) => {
      if (isWasm(request)) resolve({ ms: Date.now() - wasmSent, bytes: (await request.sizes()).responseBodySize });
    });
  });
  context.on('request', (request) => {
    if (!isWasm(request)) return;
    wasm.push(request.url());
    wasmSent = Date.now();
  });

  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: 1600 * KBIT,
    uploadThroughput: 750 * KBIT,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });

  const started = Date.now();
  await page.goto(new URL(`#${GAME}`, env.url).href, { waitUntil: 'domcontentloaded' });
  // The page is up and the engine still loading: a click where the board will be, and Undo's key.
  await page.waitForSelector('#board-wrap', { state: 'attached' });
  assert.equal(await page.getAttribute('body', 'data-engine'), 'loading', 'the throttled engine is still loading');
  const size = await page.$eval('#board', (b) => b.dataset.size).catch(() => null);
  assert.ok(size === null || size === '13', `no placeholder board of another size (${size})`);
  const placeholder = await page.$('[data-cell="a1"]');
  if (placeholder) await placeholder.click();
  else await page.mouse.click(300, 300); // where the board will be (the empty area has no size yet)
  await page.keyboard.press('ArrowLeft');
  assert.equal(await page.getAttribute('body', 'data-engine'), 'loading', 'the click and key came while loading');

  await waitReady(page, 45_000);
  const loadMs = Date.now() - started;
  await settle(page);
  assert.equal(await page.getAttribute('#board', 'data-size'), '13');
  assert.equal(await boardCode(page), GAME, 'the linked position, nothing added or taken back');
  assert.deepEqual(await stones(page), { b: ['g7', 'h6'], w: ['f8'] });
  assert.deepEqual((await moveList(page)).moves, ['g7', 'f8', 'h6']);
  assert.equal(wasm.length, 1, `one wasm download: ${wasm}`);
  // The throttle holds: the wasm (gzipped) took at least most of the time 1.6 Mbit/s needs for its bytes.
  const download = await wasmDone;
  const needed = (download.bytes * 8) / 1600; // ms at 1600 kbit/s
  assert.ok(download.bytes > 100_000 && download.ms >= 0.8 * needed, `${download.bytes} bytes in ${download.ms} ms (${needed} ms needed)`);

  // Still throttled, the board plays as usual.
  await page.click('[data-cell="a1"]');
  await page.waitForSelector('[data-cell="a1"][data-stone="w"]', { state: 'attached', timeout: 20_000 });
  assert.deepEqual(errors, []);
  t.diagnostic(`ready in ${loadMs} ms; the wasm: ${download.bytes} bytes in ${download.ms} ms`);
  await cdp.detach();
  await context.close();
});
