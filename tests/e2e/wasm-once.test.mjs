// The engine is downloaded once (issue 27, item 8): the page fetches one .wasm and compiles it once (js/wasm.js),
// and every worker (the engine's, the analysis', the Connections mode's H-search and Search deeper) instantiates
// that module; the analysis, the connections, the search and playouts all still work from it. Both builds: the
// threaded one when cross-origin isolated, the single-threaded one on a plain host.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  engineAnalysis, expectedMarks, boardMarks, launchBrowser, pickPair, playCell, setAnalysis, setConnections, startServer,
  waitReady, waitSearch,
} from './helpers.mjs';

let browser;
const servers = [];
before(async () => (browser = await launchBrowser()));
after(async () => {
  await browser?.close();
  for (const server of servers) await server.close();
});

/**
 * Opens the page on a server (`isolation` or not) with every request for a .wasm file counted, from the page and
 * from its workers (the context hears both); uses every worker once; returns the wasm URLs asked for.
 */
async function session(isolation) {
  const server = await startServer({ isolation });
  servers.push(server);
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 1200, height: 860 } });
  const wasm = [];
  const errors = [];
  context.on('request', (request) => {
    if (new URL(request.url()).pathname.endsWith('.wasm')) wasm.push(new URL(request.url()).pathname);
  });
  const page = await context.newPage();
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => msg.type() === 'error' && errors.push(`console: ${msg.text()}`));
  await page.goto(new URL('#size=5&b=b5,c3,e5,a3,c5&w=e3,b1&turn=w', server.url).href);
  await waitReady(page);
  const pkg = await page.getAttribute('body', 'data-package');

  // The analysis worker.
  await setAnalysis(page, true);
  const report = await engineAnalysis(await page.getAttribute('#board', 'data-code'));
  assert.deepEqual(await boardMarks(page), expectedMarks(report), 'the analysis from the shared module');
  await setAnalysis(page, false);
  // The connections worker and the search worker.
  await setConnections(page, true);
  await pickPair(page, 'c3', 'top');
  assert.equal(await page.getAttribute('#connections-panel', 'data-pair'), 'found');
  await page.click('#connections-search');
  await waitSearch(page, 'connected');
  await setConnections(page, false);
  // The engine worker: a move and playouts.
  await playCell(page, 'd2');
  await page.click('#playouts');
  await page.waitForSelector('#playouts-result[data-playouts]', { state: 'attached', timeout: 60_000 });
  assert.deepEqual(errors, []);
  await context.close();
  return { pkg, wasm };
}

test('cross-origin isolated: one .wasm download (the threaded build) serves all four workers', { timeout: 120_000 }, async () => {
  const { pkg, wasm } = await session(true);
  assert.equal(pkg, 'threads');
  assert.deepEqual(wasm, ['/pkg/threads/hexlab_wasm_bg.wasm'], `wasm requests: ${wasm.join(', ')}`);
});

test('not isolated: one .wasm download (the single-threaded build) serves all four workers', { timeout: 120_000 }, async () => {
  const { pkg, wasm } = await session(false);
  assert.equal(pkg, 'single');
  assert.deepEqual(wasm, ['/pkg/single/hexlab_wasm_bg.wasm'], `wasm requests: ${wasm.join(', ')}`);
});
