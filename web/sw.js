// The page's service worker (registered by js/offline.js): the page works without network once loaded, and is
// cross-origin isolated (threads) even where the host sends no COOP/COEP headers.
//
//   - Install: the page and everything it loads are put in the cache `hexlab-v1`: a crawl from `./` and the
//     manifest through every same-origin file a page, a stylesheet, a module or the manifest names (the wasm
//     builds, their glue and the thread pool's helper included), at most MAX_FILES of them.
//   - Every same-origin GET goes to the network first (a new version is never hidden behind the cache), and the
//     answer is kept in the cache; without network the cached copy answers (ignoring the query string, so
//     `?debug` finds the page). Requests of other origins and the server's own `/__...` endpoints are left alone.
//   - Every answer goes back to the page with `Cross-Origin-Opener-Policy: same-origin`,
//     `Cross-Origin-Embedder-Policy: require-corp` and `Cross-Origin-Resource-Policy: same-origin` added (the
//     headers kept otherwise: the Content-Security-Policy of the host stays in force). A page loaded before this
//     worker controlled it is not isolated yet: js/offline.js reloads it once.

const CACHE = 'hexlab-v1';
const MAX_FILES = 300;
const ROOTS = ['./', './index.html', './manifest.webmanifest'];

// Relative file names in a module, a page, a stylesheet or the manifest: quoted, or in url(...), with an extension
// the page serves. A false match is a 404, skipped.
const NAMES = /(?:["'`(])((?:\.{1,2}\/)?[\w\-./]+\.(?:m?js|wasm|json|css|webmanifest|png|svg|html))(?=["'`)])/g;

self.addEventListener('install', (event) => {
  self.skipWaiting();
  event.waitUntil(precache());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) if (name !== CACHE) await caches.delete(name);
    await self.clients.claim();
  })());
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin || url.pathname.startsWith('/__')) return;
  if (request.headers.has('range')) return;
  event.respondWith(respond(event, request));
});

/** The cache's key of a request: its URL without query or fragment. */
function keyOf(url) {
  const u = new URL(url);
  return u.origin + u.pathname;
}

/** Network first (the answer kept), the cache without network; the isolation headers added either way. */
async function respond(event, request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok && response.type === 'basic') event.waitUntil(cache.put(keyOf(request.url), response.clone()).catch(() => {}));
    return isolate(response);
  } catch (err) {
    const cached = await cache.match(keyOf(request.url), { ignoreVary: true });
    if (cached) return isolate(cached);
    throw err;
  }
}

/** `response` with the cross-origin isolation headers added. */
function isolate(response) {
  if (response.status === 0 || response.type === 'opaqueredirect') return response;
  const headers = new Headers(response.headers);
  headers.set('Cross-Origin-Opener-Policy', 'same-origin');
  headers.set('Cross-Origin-Embedder-Policy', 'require-corp');
  headers.set('Cross-Origin-Resource-Policy', 'same-origin');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** Fetches and caches the page's files: a crawl from ROOTS through the names each text file gives. */
async function precache() {
  const cache = await caches.open(CACHE);
  const seen = new Set();
  const queue = ROOTS.map((root) => new URL(root, self.registration.scope).href);
  while (queue.length && seen.size < MAX_FILES) {
    const url = queue.shift();
    const key = keyOf(url);
    if (seen.has(key)) continue;
    seen.add(key);
    let response;
    try {
      response = await fetch(url, { cache: 'no-cache' });
    } catch {
      continue; // offline during install: the next visit caches it
    }
    if (!response.ok || response.type !== 'basic') continue;
    await cache.put(key, response.clone());
    const type = response.headers.get('Content-Type') ?? '';
    if (!/javascript|html|css|json/.test(type)) continue;
    const text = await response.text();
    for (const [, name] of text.matchAll(NAMES)) {
      const next = new URL(name, url);
      if (next.origin === self.location.origin && next.href.startsWith(self.registration.scope)) queue.push(next.href);
    }
  }
}
