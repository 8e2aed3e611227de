// Shared helpers for the browser tests: the static server (web/serve.py), Debian's Chromium via
// playwright-core, and small waits on DOM attributes (never on sleeps).

import { execFileSync, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { once } from 'node:events';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const WEB = process.env.HEXLAB_WEB_DIR ? path.resolve(process.env.HEXLAB_WEB_DIR) : path.join(REPO, 'web');
export const ARTIFACTS = path.join(REPO, 'tests', 'artifacts');
export const HEXLAB_BIN = process.env.HEXLAB_BIN ? path.resolve(process.env.HEXLAB_BIN) : path.join(REPO, 'target', 'release', 'hexlab');

const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--headless',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Starts `python3 web/serve.py --port 0`; resolves to { url, close } once it prints its URL. With `cspReport`
 * the policy asks the browser to report violations to the server (`--csp-report`), read by `cspReports(url)`;
 * `csp` replaces the policy (`--csp`).
 */
export async function startServer({ isolation = true, cspReport = false, csp = null } = {}) {
  const args = [path.join(WEB, 'serve.py'), '--port', '0'];
  if (!isolation) args.push('--no-isolation');
  if (csp !== null) args.push('--csp', csp);
  if (cspReport) args.push('--csp-report');
  const child = spawn('python3', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const lines = createInterface({ input: child.stdout });
  const url = await new Promise((resolve, reject) => {
    lines.once('line', (line) => {
      const match = /^serving (http:\/\/\S+)/.exec(line);
      if (match) resolve(match[1]);
      else reject(new Error(`unexpected first line from serve.py: ${line}`));
    });
    child.once('exit', (code) => reject(new Error(`serve.py exited (${code}): ${stderr}`)));
    child.once('error', reject);
  });
  lines.on('line', () => {}); // keep draining stdout
  return {
    url,
    async close() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * Launches headless Debian Chromium. With `cores: 1` it runs pinned to one CPU (`taskset -c 0`, through a small
 * wrapper script): `navigator.hardwareConcurrency` is 1 there, as on a one-core machine.
 */
export async function launchBrowser({ cores = null } = {}) {
  if (!cores) return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hexlab-chromium-'));
  const executablePath = path.join(dir, 'chromium');
  const cpus = Array.from({ length: cores }, (_, i) => i).join(',');
  writeFileSync(executablePath, `#!/bin/sh\nexec taskset -c ${cpus} ${JSON.stringify(CHROMIUM)} "$@"\n`);
  chmodSync(executablePath, 0o755);
  try {
    return await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  } finally {
    rmSync(dir, { recursive: true, force: true }); // the browser runs: the wrapper has done its work
  }
}

/** The CSP violation reports the server (started with `cspReport`) has received so far. */
export async function cspReports(url) {
  const response = await fetch(new URL('/__csp-report', url));
  if (!response.ok) throw new Error(`GET /__csp-report: ${response.status}`);
  return response.json();
}

/**
 * A server plus a browser (`cores`: pinned to that many CPUs, see launchBrowser); `open(hashOrPath)` gives a fresh
 * page (own context) at the ready board.
 */
export async function setup({ isolation = true, cspReport = false, cores = null } = {}) {
  const server = await startServer({ isolation, cspReport });
  let browser;
  try {
    browser = await launchBrowser({ cores });
  } catch (err) {
    await server.close();
    throw err;
  }
  return {
    url: server.url,
    browser,
    /**
     * Opens `server.url + suffix` in a new context; returns { page, errors } after the engine is ready. With `phone`
     * the context is a phone's: 390x844, a touch screen (no fine pointer).
     */
    async open(suffix = '', { ready = true, phone = false } = {}) {
      // Service workers are blocked: they would answer requests that tests route or count, and isolate pages the
      // fallback tests want without isolation (tests/e2e/offline.test.mjs allows them).
      const screen = phone ? { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } : { viewport: { width: 1200, height: 860 } };
      const context = await browser.newContext({ serviceWorkers: 'block', ...screen });
      const page = await context.newPage();
      const errors = [];
      page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
      page.on('console', (msg) => msg.type() === 'error' && errors.push(`console: ${msg.text()}`));
      await page.goto(new URL(suffix, server.url).href);
      if (ready) await waitReady(page);
      return { page, errors };
    },
    async close() {
      await browser?.close();
      await server.close();
    },
  };
}

/** Waits until the engine is ready and no request is in flight. */
export async function waitReady(page, timeout = 60_000) {
  await page.waitForSelector('body[data-engine="ready"]:not([data-busy])', { state: 'attached', timeout });
}

/** The current position code drawn on the board. */
export function boardCode(page) {
  return page.getAttribute('#board', 'data-code');
}

/** Runs `action` (a click, a key...) and waits until the board shows another position and nothing is pending. */
export async function act(page, action) {
  const before = await boardCode(page);
  await action();
  await page.waitForFunction(
    (code) => {
      const board = document.getElementById('board');
      return board?.dataset.code !== code && !document.body.dataset.busy;
    },
    before,
    { timeout: 30_000 },
  );
}

/** Clicks cell `name` (with `tap`: taps it, on a touch screen) and waits until it holds a stone. */
export async function playCell(page, name, { tap = false } = {}) {
  await (tap ? page.tap(`[data-cell="${name}"]`) : page.click(`[data-cell="${name}"]`));
  await page.waitForSelector(`[data-cell="${name}"][data-stone]`, { state: 'attached', timeout: 30_000 });
  await waitReady(page);
}

/** Chooses a square board size in the panel, presses New game and waits for the new empty board. */
export async function chooseSize(page, size) {
  await page.selectOption('#size', String(size));
  await page.click('#new-game');
  await page.waitForFunction(
    (n) => {
      const board = document.getElementById('board');
      return board?.dataset.size === String(n) && board.dataset.code && !document.querySelector('[data-stone]') && !document.body.dataset.busy;
    },
    size,
    { timeout: 30_000 },
  );
}

/** Stones on the board: { b: [...], w: [...] }, each sorted. */
export function stones(page) {
  return page.evaluate(() => {
    const of = (c) => [...document.querySelectorAll(`[data-stone="${c}"]`)].map((e) => e.dataset.cell).sort();
    return { b: of('b'), w: of('w') };
  });
}

/** Waits two animation frames (the page redraws on the next one) and until nothing is pending. */
export async function settle(page) {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
  await waitReady(page);
}

/** The move list as shown: { moves: [...], current: ply or 0 }. */
export function moveList(page) {
  return page.evaluate(() => {
    const items = [...document.querySelectorAll('#moves [data-ply]')];
    const current = items.find((li) => li.classList.contains('current'));
    return { moves: items.map((li) => li.textContent.trim()), current: current ? Number(current.dataset.ply) : 0 };
  });
}

/** The game tree the page holds, as web/js/tree.js `treeShape` gives it (`depth:move:comment` per node). */
export function treeShape(page) {
  return page.evaluate(async () => (await import(new URL('js/tree.js', location.href).href)).treeShape(window.hexlab.state.tree));
}

/** The page's hash without '#'. */
export async function hashOf(page) {
  return new URL(page.url()).hash.replace(/^#/, '');
}

/** Makes tests/artifacts/ and returns the path of `name` in it. */
export function artifact(name) {
  mkdirSync(ARTIFACTS, { recursive: true });
  return path.join(ARTIFACTS, name);
}

// Analysis -------------------------------------------------------------------------------------------

/** Waits until the analysis panel shows a finished analysis (or its error) of the position on the board. */
export async function waitAnalysis(page, timeout = 60_000) {
  await page.waitForFunction(
    () => {
      const panel = document.getElementById('analysis-panel');
      const board = document.getElementById('board');
      const status = panel?.dataset.status;
      if (status === 'error') return true;
      return status === 'ready' && panel.dataset.code === board?.dataset.code && !document.body.dataset.busy;
    },
    null,
    { timeout },
  );
  // Marks are drawn on the animation frame that shows the panel; one more frame makes sure.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve())));
}

/** Turns the Analysis toggle on (or off) and, when on, waits for the analysis of the board's position. */
export async function setAnalysis(page, on = true) {
  if ((await page.isChecked('#analysis-toggle')) !== on) await page.click('#analysis-toggle');
  if (on) await waitAnalysis(page);
  else await page.waitForSelector('#analysis-panel[data-status="off"]', { state: 'attached' });
}

/** Every marked cell on the board: { cell: { mark, fillKind, by } } (fillKind and by only when present). */
export function boardMarks(page) {
  return page.evaluate(() => {
    const out = {};
    for (const el of document.querySelectorAll('#board [data-mark]')) {
      const entry = { mark: el.dataset.mark };
      if (el.dataset.fillKind) entry.fillKind = el.dataset.fillKind;
      if (el.dataset.by) entry.by = el.dataset.by;
      out[el.dataset.cell] = entry;
    }
    return out;
  });
}

/** Cells with `className` on the board, sorted. */
export function cellsWithClass(page, className) {
  return page.$$eval(`#board [data-cell].${className}`, (els) => els.map((e) => e.dataset.cell).sort());
}

let wasm = null;

/** The page's own single-threaded wasm package (web/pkg/single), loaded in node with `initSync` once. */
async function pageWasm() {
  if (!wasm) {
    const pkg = path.join(WEB, 'pkg', 'single');
    wasm = await import(pathToFileURL(path.join(pkg, 'hexlab_wasm.js')).href);
    wasm.initSync({ module: readFileSync(path.join(pkg, 'hexlab_wasm_bg.wasm')) });
  }
  return wasm;
}

/**
 * The engine's analysis of `code` from the very package the page runs (web/pkg/single, loaded in node with
 * `initSync`): the reference for what the page must show, whatever the state of the native build.
 */
export async function engineAnalysis(code) {
  return structuredClone((await pageWasm()).analyze(code));
}

/**
 * The engine's `connections(code, player, from, to, fillin, and_over_edges)` report from the page's own package
 * (as engineAnalysis); with `fillin`, H-search on the position with its dead cells and captured sets filled
 * first; with `andOverEdges`, H-search also applies the AND rule through the player's edges.
 */
export async function engineConnections(code, player, from = null, to = null, fillin = false, andOverEdges = false) {
  return structuredClone((await pageWasm()).connections(code, player, from, to, fillin, andOverEdges));
}

/**
 * The engine's connection search `connect(code, player, from, to, nodes)` from the page's own package (as
 * engineAnalysis): the ConnectReport the page's "Search deeper" must show, `millis` aside.
 */
export async function engineConnect(code, player, from, to, nodes) {
  return structuredClone((await pageWasm()).connect(code, player, from, to, nodes));
}

/** The native engine's analysis of `code` (`hexlab analyze --position CODE --json`, the same JSON as the export). */
export function nativeAnalysis(code) {
  const out = execFileSync(HEXLAB_BIN, ['analyze', '--position', code, '--json'], { encoding: 'utf8' });
  return JSON.parse(out);
}

/**
 * The marks the page contract asks for, from an engine report: dead and captured fill-in mark their kind,
 * other fill-in `fillin-<colour>`, both with the kind as fill kind; other claims mark their kind (dominated ones name `by`); a cell's first claim wins.
 */
export function expectedMarks(report) {
  const out = {};
  for (const claim of report.inferior) {
    if (out[claim.cell]) continue;
    if (claim.fill) {
      const own = ['dead', 'captured'].includes(claim.kind);
      out[claim.cell] = { mark: own ? claim.kind : `fillin-${claim.fill}`, fillKind: claim.kind };
    }
    else out[claim.cell] = { mark: claim.kind };
    if (claim.by) out[claim.cell].by = claim.by;
  }
  return out;
}

// Connections ----------------------------------------------------------------------------------------

/**
 * Waits until the Connections panel has every answer for the position on the board (both colours' edges,
 * and the pair when two endpoints are picked), then one more frame so the marks are drawn.
 */
export async function waitConnections(page, timeout = 60_000) {
  await page.waitForFunction(
    () => {
      const panel = document.getElementById('connections-panel');
      const board = document.getElementById('board');
      if (panel?.dataset.status === 'error') return true;
      const pairDone = !panel?.dataset.to || (panel.dataset.pair && panel.dataset.pair !== 'pending');
      return panel?.dataset.status === 'ready' && panel.dataset.code === board?.dataset.code && pairDone && !document.body.dataset.busy;
    },
    null,
    { timeout },
  );
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

/** Turns the Connections mode on (or off) and, when on, waits for its answers. */
export async function setConnections(page, on = true) {
  if ((await page.isChecked('#connections-toggle')) !== on) await page.click('#connections-toggle');
  if (on) await waitConnections(page);
  else await page.waitForSelector('#connections-panel[data-status="off"]', { state: 'attached' });
}

/** Clicks an endpoint: an edge name clicks its band (`[data-edge]`), anything else the cell. */
export async function pickEnd(page, end) {
  const edge = ['top', 'bottom', 'left', 'right'].includes(end);
  await page.click(edge ? `#board [data-edge="${end}"]` : `#board [data-cell="${end}"]`);
}

/** Picks `from` then `to` and waits for the pair's answer. */
export async function pickPair(page, from, to) {
  await pickEnd(page, from);
  await page.waitForFunction((end) => document.getElementById('connections-panel').dataset.from === end, from);
  await pickEnd(page, to);
  await page.waitForFunction((end) => document.getElementById('connections-panel').dataset.to === end, to);
  await waitConnections(page);
}

/** The list of alternatives in the panel: [{ kind, key, carrier }]. */
export function panelAlternatives(page) {
  return page.$$eval('#connections-list li[data-alt]', (items) =>
    items.map((li) => ({ kind: li.dataset.kind, key: li.dataset.key ?? null, carrier: li.dataset.carrier ? li.dataset.carrier.split(' ') : [] })),
  );
}

/** The endpoints marked on the board: { "b2": "from", "top": "to" } (cells and edge bands). */
export function boardEndpoints(page) {
  return page.evaluate(() => {
    const out = {};
    for (const el of document.querySelectorAll('#board [data-endpoint]')) out[el.dataset.cell ?? el.dataset.edge] = el.dataset.endpoint;
    return out;
  });
}

/** Cells with `data-mark` equal to one of `kinds`, as { cell: mark }. */
export function marksOf(page, kinds = ['carrier', 'key', 'mustplay']) {
  return page.evaluate((wanted) => {
    const out = {};
    for (const el of document.querySelectorAll('#board [data-mark]')) if (wanted.includes(el.dataset.mark)) out[el.dataset.cell] = el.dataset.mark;
    return out;
  }, kinds);
}

/**
 * The engine's connections between two points as the page must list them: full ones, then semi ones, each
 * smallest carrier first (ties in the engine's order). The first is the strongest.
 */
export function expectedAlternatives(report) {
  const sized = (list, kind) => list.map((c, i) => ({ kind, key: c.key ?? null, carrier: c.carrier, i })).sort((a, b) => a.carrier.length - b.carrier.length || a.i - b.i);
  return [...sized(report.full, 'full'), ...sized(report.semi, 'semi')].map(({ kind, key, carrier }) => ({ kind, key, carrier }));
}

/** The marks one alternative puts on the board: its carrier `carrier`, its key (semi) `key`. */
export function altMarks(alt) {
  const out = {};
  for (const cell of alt.carrier) out[cell] = cell === alt.key ? 'key' : 'carrier';
  if (alt.key) out[alt.key] = 'key';
  return out;
}

/**
 * Waits until the pair's "Search deeper" has one of `statuses` (`#connections-panel[data-search]`: running,
 * connected, refuted, unknown, error), then one more frame so the marks are drawn.
 */
export async function waitSearch(page, statuses, timeout = 60_000) {
  const wanted = [statuses].flat();
  await page.waitForFunction((list) => list.includes(document.getElementById('connections-panel')?.dataset.search), wanted, { timeout });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

/**
 * The marks a search's answer puts on the board: a proof's carrier `carrier`; for a refutation, the semi
 * connection that came with it (`carrier`, its key `key`) and the refutation `refutation` over them.
 */
export function searchMarks(report) {
  const out = {};
  if (report.status === 'connected') for (const cell of report.carrier) out[cell] = 'carrier';
  if (report.status === 'refuted') {
    for (const cell of report.semi?.carrier ?? []) out[cell] = 'carrier';
    if (report.semi?.key) out[report.semi.key] = 'key';
    if (report.refutation) out[report.refutation] = 'refutation';
  }
  return out;
}
