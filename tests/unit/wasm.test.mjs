// js/wasm.js: the page's engine module is downloaded and compiled once, whoever asks and however often; the
// build follows cross-origin isolation; progress is told; a failure resolves to null (workers load it themselves).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createWasm, wasmUrl } from '../../web/js/wasm.js';

// The smallest valid module: the magic number and version 1.
const EMPTY_MODULE = new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);

function fakeFetch({ status = 200, type = 'application/wasm', bytes = EMPTY_MODULE, encoding = null } = {}) {
  const urls = [];
  const fetch = async (url) => {
    urls.push(String(url));
    const headers = { 'Content-Type': type, 'Content-Length': String(bytes.length) };
    if (encoding) headers['Content-Encoding'] = encoding;
    return new Response(bytes, { status, headers });
  };
  return { urls, fetch };
}

test('wasm: one download and one compile for every caller; the threaded build when isolated', async () => {
  const { urls, fetch } = fakeFetch();
  const seen = [];
  const wasm = createWasm({ isolated: true, fetch, onProgress: (p) => seen.push(p) });
  assert.equal(wasm.package, 'threads');
  assert.equal(urls.length, 0, 'nothing before the first load()');
  const [a, b] = await Promise.all([wasm.load(), wasm.load()]);
  const c = await wasm.load();
  assert.equal(urls.length, 1);
  assert.equal(urls[0], wasmUrl('threads').href);
  assert.match(urls[0], /\/pkg\/threads\/hexlab_wasm_bg\.wasm$/);
  assert.ok(a.module instanceof WebAssembly.Module);
  assert.equal(a.package, 'threads');
  assert.equal(a, b);
  assert.equal(a, c);
  assert.equal(seen[0].stage, 'downloading');
  assert.equal(seen.at(-1).stage, 'compiling');
  assert.ok(seen.every((p) => p.package === 'threads'));
  assert.ok(seen.some((p) => p.stage === 'downloading' && p.total === EMPTY_MODULE.length), 'the size when known');
});

test('wasm: the single-threaded build when not isolated; a wrong content type still compiles (from bytes)', async () => {
  const { urls, fetch } = fakeFetch({ type: 'application/octet-stream', encoding: 'gzip' });
  const seen = [];
  const wasm = createWasm({ isolated: false, fetch, onProgress: (p) => seen.push(p) });
  const got = await wasm.load();
  assert.equal(got.package, 'single');
  assert.ok(got.module instanceof WebAssembly.Module);
  assert.match(urls[0], /\/pkg\/single\/hexlab_wasm_bg\.wasm$/);
  assert.ok(seen.every((p) => p.total === null || p.stage === 'compiling'), 'a compressed response: size not known');
});

test('wasm: a failed download or compile resolves to null, once', async (t) => {
  t.mock.method(console, 'warn', () => {});
  for (const options of [{ status: 404 }, { bytes: new Uint8Array([1, 2, 3]) }]) {
    const { urls, fetch } = fakeFetch(options);
    const wasm = createWasm({ isolated: true, fetch });
    assert.equal(await wasm.load(), null);
    assert.equal(await wasm.load(), null);
    assert.equal(urls.length, 1, 'not asked again');
  }
});
