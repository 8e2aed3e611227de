// The browser's store of solved positions: IndexedDB database `hexlab`, object store `solved`, keyed by the
// position code (the page's link hash, js/hash.js), each value the Solve's report with the time it was stored.
// A reload, or coming back to a position, shows the stored result and never solves it twice.
//
// The policy: the store is a cache, never needed. Without IndexedDB (a private window may refuse it) or on
// any failure, `get` resolves to null and `put` to false: the page then solves as if nothing was stored.

const DB_NAME = 'hexlab';
const STORE = 'solved';
const VERSION = 1;

/** `get(code)` resolves to the stored `{ code, report, stored }` or null; `put(code, report)` to whether it was kept. */
export function createStore({ indexedDB = globalThis.indexedDB } = {}) {
  let db = null;

  function open() {
    db ??= new Promise((resolve) => {
      if (!indexedDB) return resolve(null);
      let request;
      try {
        request = indexedDB.open(DB_NAME, VERSION);
      } catch {
        return resolve(null);
      }
      request.onupgradeneeded = () => {
        if (!request.result.objectStoreNames.contains(STORE)) request.result.createObjectStore(STORE, { keyPath: 'code' });
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(null);
      request.onblocked = () => resolve(null);
    });
    return db;
  }

  /** Runs `fn(objectStore)` in a transaction of `mode`; resolves to its request's result, or `fallback`. */
  async function run(mode, fn, fallback) {
    const handle = await open();
    if (!handle) return fallback;
    return new Promise((resolve) => {
      try {
        const tx = handle.transaction(STORE, mode);
        const request = fn(tx.objectStore(STORE));
        tx.oncomplete = () => resolve(request.result ?? fallback);
        tx.onerror = () => resolve(fallback);
        tx.onabort = () => resolve(fallback);
      } catch {
        resolve(fallback);
      }
    });
  }

  return {
    get: (code) => run('readonly', (s) => s.get(code), null),
    put: (code, report) => run('readwrite', (s) => s.put({ code, report, stored: Date.now() }), null).then((key) => key === code),
    /** Empties the store. */
    clear: () => run('readwrite', (s) => s.clear(), null).then(() => true),
  };
}
