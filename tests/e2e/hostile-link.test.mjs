// Hostile links never inject anything or freeze the page: markup, `javascript:` text, control characters and a
// 1 MB hash, opened as the page's address, typed into the hash later or pasted into the link box, each give a
// short, escaped error (#error, role=alert), run no script (no dialog, no global set, no element of a kind the
// page never makes), and the page still plays a click within seconds once a valid link replaces it. The
// browser context bypasses the page's Content-Security-Policy, so the page's own escaping is what is tested.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { hashOf, launchBrowser, startServer, stones, waitReady } from './helpers.mjs';

const PWN = 'window.__pwned=1;alert(1)';
const MB = 1 << 20;
const HOSTILE = {
  'markup in an img tag': `<img src=x onerror="${PWN}">`,
  'a script tag in the moves': `size=5&moves=<script>${PWN}</script>`,
  'javascript: text': `javascript:${PWN}`,
  'markup after a valid position': `size=5&moves=c3&b=<svg onload="${PWN}">`,
  'control and bidirectional characters': 'size=5\u0000\u001b[31m\u202e&moves=c3,\u0007\u0085d4\u200b',
  'a 1 MB list of moves': `size=5&moves=${'c3,'.repeat(Math.ceil(MB / 3))}`,
  'a 1 MB run of markup': `<img src=x onerror="${PWN}">`.repeat(Math.ceil(MB / 40)),
};
// Elements the page never makes: one of them appearing means markup from a link was parsed.
const FOREIGN = ['img', 'script', 'iframe', 'object', 'embed', 'style', 'link', 'meta', 'base', 'form', 'foreignObject', 'image'];

let server;
let browser;
before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

/** A page without the CSP's help, recording dialogs, errors and every element added to the document. */
async function open(hash) {
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 1200, height: 860 }, bypassCSP: true });
  await context.addInitScript((foreign) => {
    // From the end of index.html's parsing on: every element of a foreign kind added, and those of the markup.
    const selector = foreign.join(',');
    window.__added = [];
    document.addEventListener('DOMContentLoaded', () => {
      window.__static = document.querySelectorAll(selector).length;
      new MutationObserver((records) => {
        for (const record of records) {
          for (const node of record.addedNodes) {
            const all = node.nodeType === 1 ? [node, ...node.querySelectorAll('*')] : [];
            for (const el of all) if (foreign.some((tag) => tag.toUpperCase() === el.tagName.toUpperCase())) window.__added.push(el.outerHTML.slice(0, 80));
          }
        }
      }).observe(document, { childList: true, subtree: true });
    });
  }, FOREIGN);
  const page = await context.newPage();
  const seen = { dialogs: [], errors: [] };
  page.on('dialog', (dialog) => {
    seen.dialogs.push(dialog.message());
    dialog.dismiss().catch(() => {});
  });
  page.on('pageerror', (err) => seen.errors.push(`pageerror: ${err.message}`));
  await page.goto(new URL(`#${encodeURIComponent(hash)}`, server.url).href);
  await waitReady(page);
  return { page, seen };
}

/** The error shown for a hostile link: visible, an alert, short, no control character, plain text only. */
async function assertShortError(page) {
  await page.waitForSelector('#error:not([hidden])', { state: 'visible', timeout: 30_000 });
  assert.equal(await page.getAttribute('#error', 'role'), 'alert');
  const message = await page.textContent('#error-text');
  assert.match(message, /^Could not load/);
  assert.ok(message.length <= 600, `a short message (${message.length} characters)`);
  // eslint-disable-next-line no-control-regex
  assert.doesNotMatch(message, /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e]/, 'control characters escaped');
  assert.equal(await page.$$eval('#error-text *', (els) => els.length), 0, 'text, never markup');
  return message;
}

/** Nothing ran and nothing foreign was added; then a valid link plays a click within a few seconds. */
async function assertSafeAndResponsive(page, seen) {
  assert.deepEqual(seen.dialogs, [], 'no dialog');
  assert.equal(await page.evaluate(() => window.__pwned), undefined, 'no script of the link ran');
  assert.deepEqual(await page.evaluate(() => window.__added), [], 'no element the page never makes');
  const count = await page.evaluate((selector) => document.querySelectorAll(selector).length, FOREIGN.join(','));
  assert.equal(count, await page.evaluate(() => window.__static), 'only the head\'s and the link box\'s elements of those kinds');
  assert.deepEqual(seen.errors, []);

  const started = Date.now();
  await page.evaluate(() => (location.hash = '#size=5'));
  await page.waitForFunction(() => document.getElementById('board')?.dataset.code === 'size=5' && !document.body.dataset.busy, null, { timeout: 5_000 });
  await page.click('[data-cell="c3"]', { timeout: 5_000 });
  await page.waitForSelector('[data-cell="c3"][data-stone="b"]', { state: 'attached', timeout: 5_000 });
  assert.ok(Date.now() - started < 5_000, `a valid link and a click took ${Date.now() - started} ms`);
  assert.deepEqual(await stones(page), { b: ['c3'], w: [] });
  assert.equal(await page.isHidden('#error'), true, 'the valid link clears the error');
}

for (const [name, hash] of Object.entries(HOSTILE)) {
  test(`opening a link with ${name}: a short error, nothing runs, the page stays responsive`, { timeout: 90_000 }, async () => {
    const started = Date.now();
    const { page, seen } = await open(hash);
    const message = await assertShortError(page);
    assert.ok(Date.now() - started < 20_000, `the error shows within seconds (${Date.now() - started} ms)`);
    if (hash.length > 100) assert.match(message, /\.\.\."/, 'a long link is cut');
    assert.equal(await page.getAttribute('#board', 'data-size'), '11', 'the default board instead');
    assert.ok((await hashOf(page)).length < 100, 'the address bar shows the board actually shown');
    await assertSafeAndResponsive(page, seen);
    await page.context().close();
  });
}

test('hostile hashes typed later keep the position on the board', { timeout: 120_000 }, async () => {
  const { page, seen } = await open('size=5&moves=c3');
  for (const hash of Object.values(HOSTILE)) {
    await page.evaluate(() => (document.getElementById('error-text').textContent = ''));
    await page.evaluate((text) => (location.hash = `#${encodeURIComponent(text)}`), hash);
    await page.waitForFunction(() => document.getElementById('error-text').textContent !== '', null, { timeout: 30_000 });
    await assertShortError(page);
    await waitReady(page);
    assert.equal(await hashOf(page), 'size=5&moves=c3', 'the address bar is the position kept');
    assert.deepEqual(await stones(page), { b: ['c3'], w: [] });
  }
  await page.evaluate(() => (location.hash = '#size=5'));
  await page.waitForFunction(() => document.getElementById('board')?.dataset.code === 'size=5' && !document.body.dataset.busy);
  await page.evaluate(() => (location.hash = '#x'));
  await waitReady(page);
  await assertSafeAndResponsive(page, seen);
});

test('hostile text pasted into the link box: a short error, nothing runs, the board kept', { timeout: 120_000 }, async () => {
  const { page, seen } = await open('size=5&moves=c3');
  for (const text of [HOSTILE['markup in an img tag'], HOSTILE['javascript: text'], HOSTILE['a 1 MB run of markup']]) {
    await page.evaluate(() => (document.getElementById('error-text').textContent = ''));
    await page.fill('#link', text);
    await page.click('#link-form button[type="submit"]');
    await page.waitForFunction(() => document.getElementById('error-text').textContent !== '', null, { timeout: 30_000 });
    await assertShortError(page);
    await waitReady(page);
    assert.deepEqual(await stones(page), { b: ['c3'], w: [] });
  }
  await assertSafeAndResponsive(page, seen);
});
