// The strict Content-Security-Policy of web/serve.py: sent on every response, and a whole session (load, moves,
// the analysis, the Connections mode with Search deeper, playouts, the bench page, the single-threaded
// fallback) runs without a single violation. Violations are collected three ways: the server's report endpoint
// (`serve.py --csp-report`, the only one that hears the workers), the document's `securitypolicyviolation`
// events and console errors. A deliberate inline script at the end must be refused and reported: it proves
// the collection works (and that the policy refuses inline script).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  chooseSize, cspReports, launchBrowser, pickPair, playCell, setAnalysis, setConnections, startServer, waitReady,
  waitSearch,
} from './helpers.mjs';

const DIRECTIVES = {
  'default-src': ["'self'"],
  'script-src': ["'self'", "'wasm-unsafe-eval'"],
  'worker-src': ["'self'", 'blob:'],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'none'"],
};

/** A policy header as { directive: [sources] } (report-uri left out). */
function parsePolicy(header) {
  const out = {};
  for (const part of header.split(';').map((p) => p.trim()).filter(Boolean)) {
    const [name, ...sources] = part.split(/\s+/);
    if (name !== 'report-uri') out[name] = sources;
  }
  return out;
}

let browser;
const servers = [];
before(async () => (browser = await launchBrowser()));
after(async () => {
  await browser?.close();
  for (const server of servers) await server.close();
});

async function server(options) {
  const s = await startServer({ cspReport: true, ...options });
  servers.push(s);
  return s;
}

/** A page whose document-level violations and console errors are collected in `seen`. */
async function openPage(url) {
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 1200, height: 860 } });
  await context.addInitScript(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(`${e.effectiveDirective} ${e.blockedURI}`));
  });
  const page = await context.newPage();
  const seen = [];
  page.on('console', (msg) => msg.type() === 'error' && seen.push(`console: ${msg.text()}`));
  page.on('pageerror', (err) => seen.push(`pageerror: ${err.message}`));
  await page.goto(url);
  return { page, seen };
}

/** Waits (polling the server) until a report with `blocked` as its blocked-uri has arrived; returns all reports. */
async function waitReport(url, blocked, timeout = 10_000) {
  const end = Date.now() + timeout;
  for (;;) {
    const reports = await cspReports(url);
    if (reports.some((r) => r['csp-report']?.['blocked-uri'] === blocked)) return reports;
    if (Date.now() > end) throw new Error(`no CSP report of ${blocked} within ${timeout} ms: ${JSON.stringify(reports)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Injects an inline script (the canary), checks it did not run and returns every other report. */
async function canaryAndReports(page, url) {
  const ran = await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__canaryRan = true';
    document.head.append(script);
    return window.__canaryRan === true;
  });
  assert.equal(ran, false, 'an inline script is refused');
  const reports = await waitReport(url, 'inline');
  const violations = await page.evaluate(() => window.__violations);
  assert.deepEqual(violations.filter((v) => !/ inline$/.test(v)), [], 'no violation seen by the document but the canary');
  assert.equal(violations.length, 1, `the document saw the canary once: ${violations}`);
  return reports.filter((r) => r['csp-report']?.['blocked-uri'] !== 'inline');
}

test('serve.py sends the strict policy on every response (page, module, worker, wasm, css)', { timeout: 30_000 }, async () => {
  const s = await startServer();
  servers.push(s);
  for (const file of ['', 'index.html', 'bench.html', 'js/main.js', 'js/worker.js', 'pkg/single/hexlab_wasm_bg.wasm', 'css/base.css', 'missing.txt']) {
    const response = await fetch(new URL(file, s.url));
    const header = response.headers.get('content-security-policy');
    assert.ok(header, `a policy on /${file}`);
    assert.deepEqual(parsePolicy(header), DIRECTIVES, `/${file}`);
    assert.doesNotMatch(header, /report-uri/, 'no report endpoint unless asked');
    assert.doesNotMatch(header, /unsafe-inline|'unsafe-eval'|\*|https?:/, 'no inline, no eval, no other origin');
  }
  // Without --csp-report there is no endpoint to post to.
  assert.equal((await fetch(new URL('/__csp-report', s.url), { method: 'POST', body: '{}' })).status, 405);
});

test('a whole session runs without a CSP violation, in the page or its workers', { timeout: 240_000 }, async () => {
  const s = await server();
  const { page, seen } = await openPage(s.url);
  await waitReady(page);
  assert.equal(await page.getAttribute('body', 'data-package'), 'threads', 'the threaded build, with its blob: pool workers');

  await chooseSize(page, 5);
  await playCell(page, 'c3');
  await playCell(page, 'b4');
  await page.click('#undo');
  await waitReady(page);
  await page.click('#redo');
  await waitReady(page);

  await setAnalysis(page, true);
  await setAnalysis(page, false);

  await page.fill('#link', 'size=5&b=b5,c3,e5,a3,c5&w=e3,b1&turn=w');
  await page.click('#link-form button[type="submit"]');
  await page.waitForSelector('[data-cell="a3"][data-stone="b"]', { state: 'attached' });
  await setConnections(page, true);
  await pickPair(page, 'c3', 'top');
  await page.click('#connections-search');
  await waitSearch(page, 'connected');
  await setConnections(page, false);

  await page.click('#playouts');
  await page.waitForSelector('#playouts-result[data-playouts]', { state: 'attached', timeout: 90_000 });

  const reports = await canaryAndReports(page, s.url);
  assert.deepEqual(reports, [], 'no violation reported by the page or a worker');
  assert.deepEqual(seen.filter((line) => !/Content Security Policy.*inline|Refused to execute inline/i.test(line)), []);
});

test('the bench page and the single-threaded fallback run without a violation', { timeout: 180_000 }, async () => {
  const s = await server();
  const bench = await openPage(new URL('bench.html?count=2000&repeat=1&threads=1', s.url).href);
  await bench.page.waitForSelector('body[data-bench="done"]', { state: 'attached', timeout: 120_000 });
  assert.equal(await bench.page.evaluate(() => getComputedStyle(document.querySelector('pre')).paddingTop), '12px', 'css/bench.css applies');
  assert.deepEqual(await canaryAndReports(bench.page, s.url), []);

  const plain = await server({ isolation: false });
  const { page, seen } = await openPage(plain.url);
  await waitReady(page);
  assert.equal(await page.getAttribute('body', 'data-package'), 'single');
  await playCell(page, 'f6');
  await setAnalysis(page, true);
  assert.deepEqual(await canaryAndReports(page, plain.url), []);
  assert.deepEqual(seen.filter((line) => !/inline/i.test(line)), []);
});

test('a host whose policy refuses blob: workers gets the single-threaded engine, not an endless "loading"', { timeout: 90_000 }, async () => {
  const policy = Object.entries({ ...DIRECTIVES, 'worker-src': ["'self'"] }).map(([k, v]) => `${k} ${v.join(' ')}`).join('; ');
  const s = await server({ csp: policy });
  const { page } = await openPage(s.url);
  const started = Date.now();
  await waitReady(page, 30_000);
  assert.equal(await page.evaluate(() => crossOriginIsolated), true);
  assert.equal(await page.getAttribute('body', 'data-package'), 'single');
  assert.match(await page.textContent('#status'), /threads failed \(the thread pool's workers were refused by the Content-Security-Policy/);
  assert.ok(Date.now() - started < 15_000, `ready in ${Date.now() - started} ms`);
  const reports = await cspReports(s.url);
  assert.ok(reports.some((r) => r['csp-report']['effective-directive'] === 'worker-src'), 'the refusal was reported');
  await playCell(page, 'f6');
  assert.equal(await page.getAttribute('[data-cell="f6"]', 'data-stone'), 'b');
});
