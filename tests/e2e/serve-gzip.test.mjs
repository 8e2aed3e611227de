// web/serve.py sends .wasm and .js gzip-compressed to a client whose Accept-Encoding has gzip (Content-Encoding:
// gzip, Vary: Accept-Encoding), the same bytes once decompressed, with every other header kept; plain otherwise.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import { startServer } from './helpers.mjs';

let server;
before(async () => (server = await startServer()));
after(() => server?.close());

/** GET `path` with node:http (which never decompresses): { status, headers, body (the raw bytes) }. */
function get(path, headers = {}, method = 'GET') {
  return new Promise((resolve, reject) => {
    const req = http.request(new URL(path, server.url), { method, headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const KEPT = ['content-type', 'content-security-policy', 'cross-origin-opener-policy', 'cross-origin-embedder-policy', 'cross-origin-resource-policy', 'cache-control', 'vary'];

for (const [path, type] of [['pkg/threads/hexlab_wasm_bg.wasm', 'application/wasm'], ['js/main.js', 'text/javascript']]) {
  test(`${path}: gzip with Accept-Encoding: gzip, plain without, the same bytes`, async () => {
    const plain = await get(path);
    assert.equal(plain.status, 200);
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(plain.headers['content-type'], type);
    assert.equal(plain.headers.vary, 'Accept-Encoding');
    assert.equal(Number(plain.headers['content-length']), plain.body.length);

    for (const accept of ['gzip', 'gzip, deflate, br, zstd', 'br;q=1.0, gzip;q=0.8']) {
      const zipped = await get(path, { 'Accept-Encoding': accept });
      assert.equal(zipped.status, 200);
      assert.equal(zipped.headers['content-encoding'], 'gzip', accept);
      assert.equal(Number(zipped.headers['content-length']), zipped.body.length);
      assert.ok(zipped.body.length < plain.body.length, 'smaller');
      assert.ok(gunzipSync(zipped.body).equals(plain.body), 'the same bytes once decompressed');
      for (const name of KEPT) assert.equal(zipped.headers[name], plain.headers[name], name);
    }
    // Asked again: the same (cached) bytes; refused gzip: plain.
    const again = await get(path, { 'Accept-Encoding': 'gzip' });
    assert.ok(gunzipSync(again.body).equals(plain.body));
    const refused = await get(path, { 'Accept-Encoding': 'gzip;q=0, identity' });
    assert.equal(refused.headers['content-encoding'], undefined);
    assert.ok(refused.body.equals(plain.body));
    const head = await get(path, { 'Accept-Encoding': 'gzip' }, 'HEAD');
    assert.equal(head.headers['content-encoding'], 'gzip');
    assert.equal(head.body.length, 0);
  });
}

test('other files are never compressed', async () => {
  const page = await get('index.html', { 'Accept-Encoding': 'gzip' });
  assert.equal(page.status, 200);
  assert.equal(page.headers['content-encoding'], undefined);
  assert.equal(page.headers.vary, undefined);
  assert.match(page.headers['content-type'], /^text\/html/);
  assert.ok(page.headers['content-security-policy']);
  const missing = await get('js/nothing-here.js', { 'Accept-Encoding': 'gzip' });
  assert.equal(missing.status, 404);
});
