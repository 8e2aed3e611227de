// Offline use and isolation by the service worker (web/sw.js, web/js/offline.js, web/manifest.webmanifest), with
// service workers allowed (the other tests block them, helpers.mjs). On a host without COOP/COEP
// (`serve.py --no-isolation`): the first visit is not cross-origin isolated, the page reloads once when the worker
// controls it and comes back isolated with the threaded engine. Then the network is cut (context.setOffline and the
// server stopped): a reload still shows the board, plays, and the threaded engine runs (Playouts on the pool,
// Solve), crossOriginIsolated true; no Content-Security-Policy violation meanwhile. On a host that sends the
// headers, the page never reloads. Chromium finds the page installable (DevTools' Page.getInstallabilityErrors).
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { WEB, cspReports, launchBrowser, startServer, waitReady } from './helpers.mjs';

const cleanups = [];
after(async () => {
  for (const fn of cleanups.reverse()) await fn();
});

/** A page that records CSP violations, errors and its navigations after the first (`reloads()`). */
async function openPage(context, url) {
  const page = await context.newPage();
  // Document loads only: `framenavigated` also fires for the page's own history entries (the
  // game tree's `history.replaceState`), which are no reload.
  let navigations = 0;
  page.on('load', () => navigations++);
  const errors = [];
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => msg.type() === 'error' && errors.push(`console: ${msg.text()}`));
  page.on('requestfailed', (request) => errors.push(`failed: ${request.url()} ${request.failure()?.errorText}`));
  await page.addInitScript(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  await page.goto(url);
  return { page, errors, reloads: () => navigations - 1 };
}

/** Waits for the ready board (a loaded machine compiles the engine slowly); on a timeout, says how far it got. */
async function ready(page, errors) {
  try {
    await waitReady(page, 150_000);
  } catch (err) {
    const where = await page.evaluate(async () => {
      const keys = (await (await caches.open('hexlab-v1')).keys()).map((r) => new URL(r.url).pathname);
      return `${document.getElementById('engine-status')?.textContent} / ${document.getElementById('engine-progress-text')?.textContent}; cached: ${keys.join(' ')}; controlled: ${!!navigator.serviceWorker.controller}`;
    }).catch((e) => e.message);
    throw new Error(`${err.message}\nthe page: ${where}\nerrors: ${errors.join('\n')}`);
  }
}

/**
 * Waits until the service worker controls the page and has cached everything the page loads: every module and
 * stylesheet of web/, the puzzle collection, the threaded build and its thread pool's helper. (Polled from here:
 * page.waitForFunction does not wait for an async predicate's answer.)
 */
async function waitCached(page) {
  const wanted = [
    '/', '/index.html', '/manifest.webmanifest', '/puzzles/collection.json', '/pkg/threads/hexlab_wasm.js', '/pkg/threads/hexlab_wasm_bg.wasm',
    ...readdirSync(path.join(WEB, 'js')).filter((f) => f.endsWith('.js') && f !== 'bench.js').map((f) => `/js/${f}`),
    ...readdirSync(path.join(WEB, 'css')).filter((f) => f !== 'bench.css').map((f) => `/css/${f}`),
  ];
  const deadline = Date.now() + 120_000;
  let missing = wanted;
  while (Date.now() < deadline) {
    const now = await page.evaluate(async () => {
      if (!navigator.serviceWorker.controller) return null;
      return (await (await caches.open('hexlab-v1')).keys()).map((r) => new URL(r.url).pathname);
    });
    if (now) {
      missing = wanted.filter((p) => !now.includes(p));
      if (!missing.length && now.some((p) => p.includes('/snippets/'))) return;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the service worker did not cache ${missing.join(' ') || 'the thread pool helper'} within 120 s`);
}

test('no headers from the host: one reload to isolation, then offline with threads', { timeout: 400_000 }, async () => {
  const server = await startServer({ isolation: false, cspReport: true });
  cleanups.push(() => server.close());
  const browser = await launchBrowser();
  cleanups.push(() => browser.close());
  const context = await browser.newContext({ viewport: { width: 1200, height: 860 }, serviceWorkers: 'allow' });
  const { page, errors, reloads } = await openPage(context, `${server.url}?debug#size=5&moves=c3`);
  // The reload for isolation: the page comes back cross-origin isolated, with the threaded build.
  await page.waitForFunction(() => self.crossOriginIsolated === true, null, { timeout: 60_000, polling: 250 });
  await ready(page, errors);
  assert.equal(reloads(), 1, 'exactly one reload');
  assert.equal(await page.getAttribute('body', 'data-isolated'), 'true');
  assert.ok(Number(await page.getAttribute('body', 'data-threads')) >= 1);
  assert.match(await page.textContent('#engine-status'), /cross-origin isolated/);
  assert.equal(await page.getAttribute('#board', 'data-code'), 'size=5&moves=c3', 'the position survived the reload');
  await waitCached(page);

  // Installable: a manifest with icons and a service worker with a fetch handler.
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  // Playwright's contexts are incognito, which alone forbids installing: any other reason is the page's.
  assert.deepEqual(installabilityErrors.filter((e) => e.errorId !== 'in-incognito'), []);
  const manifest = await cdp.send('Page.getAppManifest');
  assert.deepEqual(manifest.errors, []);

  // The network cut: offline and the server gone.
  assert.deepEqual(await cspReports(server.url), [], 'no CSP report before going offline');
  await context.setOffline(true);
  await server.close();
  await page.reload();
  await ready(page, errors);
  assert.equal(await page.evaluate(() => self.crossOriginIsolated), true);
  assert.equal(await page.getAttribute('body', 'data-isolated'), 'true');
  assert.equal(await page.getAttribute('#board', 'data-code'), 'size=5&moves=c3');
  const threads = Number(await page.getAttribute('body', 'data-threads'));
  assert.ok(threads >= 1);
  // A move, then the threaded engine at work: the playouts on every pool thread, and a solve in its worker.
  await page.click('#board [data-cell="b4"]');
  await page.waitForSelector('#board [data-cell="b4"][data-stone="w"]');
  await page.click('#playouts');
  await page.waitForFunction(() => /random playouts · won by/.test(document.getElementById('playouts-result').textContent), null, { timeout: 60_000 });
  assert.match(await page.textContent('#playouts-result'), new RegExp(`· ${threads} thread${threads === 1 ? '' : 's'} ·`));
  await page.click('#solve');
  await page.waitForSelector('#solve-panel[data-status="solved"]', { timeout: 60_000 });
  assert.equal(await page.evaluate(() => window.__hexlab.starts('solver')), 1);
  assert.equal(await page.evaluate(() => crossOriginIsolated && typeof SharedArrayBuffer === 'function'), true);
  // The collection's file comes from the cache too.
  await page.click('#puzzle-collection');
  await page.waitForSelector('#puzzle-panel[data-status="on"][data-collection]');
  assert.deepEqual(await page.evaluate(() => window.__violations), []);
  assert.deepEqual(errors, []);
});

test('a host that sends the headers: isolated at once, never reloaded; offline after the first visit', { timeout: 400_000 }, async () => {
  const server = await startServer({ isolation: true });
  cleanups.push(() => server.close());
  const browser = await launchBrowser();
  cleanups.push(() => browser.close());
  const context = await browser.newContext({ viewport: { width: 1200, height: 860 }, serviceWorkers: 'allow' });
  const { page, errors, reloads } = await openPage(context, `${server.url}#size=4&moves=b2`);
  await ready(page, errors);
  await waitCached(page);
  assert.equal(reloads(), 0, 'no reload');
  assert.equal(await page.evaluate(() => self.crossOriginIsolated), true);
  await context.setOffline(true);
  await server.close();
  await page.reload();
  await ready(page, errors);
  assert.equal(await page.getAttribute('#board', 'data-code'), 'size=4&moves=b2');
  assert.equal(await page.getAttribute('body', 'data-isolated'), 'true');
  await page.click('#board [data-cell="c3"]');
  await page.waitForSelector('#board [data-cell="c3"][data-stone="w"]');
  assert.deepEqual(errors, []);
});
