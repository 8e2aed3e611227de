// The engine's wasm, downloaded and compiled once for the whole page. Every worker (the engine's, the
// analysis', the Connections mode's two) is handed the same compiled `WebAssembly.Module` in its init message
// (a Module is structured-cloned between same-origin workers: its code is shared, not compiled again) and
// instantiates it with a memory of its own (worker.js).
//
// Which build: the threaded one when the page is cross-origin isolated (shared memory), else the
// single-threaded one; never both. The analysis workers run the threaded build on their own thread, without a
// pool (rayon then runs everything on the calling thread), so they need nothing else.
//
// The policy:
//   - `load()` starts the download at its first call; every later call (a worker started later, or restarted
//     after a crash) gets the same promise: one download and one compile for the life of the page.
//   - A failed download or compile resolves to null (it never rejects), and stays null: each worker then loads
//     a build itself (as without this module), so a failure is reported the way a worker reports it.
//   - The one download that can still happen later is the engine worker's own: when the threaded build's pool
//     cannot start (a host that refuses `blob:` workers), it falls back to fetching the single-threaded build.
//   - Progress `{ stage, loaded, total, package }` goes to `onProgress` (the shape worker.js' own load uses):
//     'downloading' (bytes `loaded` of `total`, null when the size is not known: a compressed response), then
//     'compiling' once every byte is in.

/** The wasm-bindgen glue of each build; its `.wasm` is `hexlab_wasm_bg.wasm` beside it. */
export const PACKAGES = {
  threads: new URL('../pkg/threads/hexlab_wasm.js', import.meta.url),
  single: new URL('../pkg/single/hexlab_wasm.js', import.meta.url),
};

/** The `.wasm` file of the build `kind` ('threads' | 'single'). */
export const wasmUrl = (kind) => new URL('hexlab_wasm_bg.wasm', PACKAGES[kind]);

/**
 * Fetches `url` (with `fetchImpl`) as a Response whose body counts the bytes as they arrive, telling
 * `progress(stage, loaded, total)` at most once each 50 ms, so a module can still compile while it downloads
 * (`compileStreaming`, `instantiateStreaming`).
 */
export async function fetchCounting(url, progress, fetchImpl = globalThis.fetch) {
  progress('downloading', 0, null);
  const response = await fetchImpl(url);
  if (!response.ok || !response.body || typeof TransformStream !== 'function') return response;
  // Content-Length counts the bytes sent: the decoded body is larger when the host compressed it.
  const length = Number(response.headers.get('Content-Length'));
  const total = !response.headers.get('Content-Encoding') && length > 0 ? length : null;
  let loaded = 0;
  let last = 0;
  progress('downloading', 0, total);
  const counter = new TransformStream({
    transform(chunk, controller) {
      loaded += chunk.byteLength;
      const now = performance.now();
      if (now - last >= 50) {
        last = now;
        progress('downloading', loaded, total);
      }
      controller.enqueue(chunk);
    },
    flush() {
      progress('compiling', loaded, total ?? loaded);
    },
  });
  return new Response(response.body.pipeThrough(counter), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

/** Compiles a wasm Response: streaming when it is served as `application/wasm`, else from its bytes. */
async function compileResponse(response, url) {
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  const type = (response.headers.get('Content-Type') ?? '').split(';')[0].trim();
  if (type === 'application/wasm' && typeof WebAssembly.compileStreaming === 'function') {
    return WebAssembly.compileStreaming(response);
  }
  return WebAssembly.compile(await response.arrayBuffer());
}

/**
 * The page's engine module. `load()` resolves to `{ package, module }` (the build and its compiled
 * `WebAssembly.Module`), or to null when it could not be had (see the top of this file). `isolated` and `fetch`
 * can be replaced (unit tests); `onProgress` hears the download.
 */
export function createWasm({
  isolated = globalThis.crossOriginIsolated === true,
  fetch: fetchImpl = globalThis.fetch,
  onProgress = null,
} = {}) {
  const kind = isolated ? 'threads' : 'single';
  let loaded = null; // the one promise

  async function download() {
    const url = wasmUrl(kind);
    const progress = (stage, bytes = null, total = null) => onProgress?.({ stage, loaded: bytes, total, package: kind });
    try {
      const module = await compileResponse(await fetchCounting(url, progress, fetchImpl), url);
      return { package: kind, module };
    } catch (err) {
      console.warn(`hexlab: the page could not load ${url} (each worker loads the engine itself): ${err?.message ?? err}`);
      return null;
    }
  }

  return {
    /** The build this page uses: 'threads' (cross-origin isolated) or 'single'. */
    package: kind,
    /** The compiled module, downloaded at the first call only. */
    load: () => (loaded ??= download()),
  };
}
