// Promise-based client for js/worker.js. Each call posts { id, method, args } and settles when the
// worker answers { id, ok, result | error }. The main thread never waits on wasm.

const WORKER_URL = new URL('./worker.js', import.meta.url);

/** Starts a worker; `init(threads)` must be the first call. All methods return promises. */
export function createEngine() {
  let worker = null;
  let nextId = 1;
  const pending = new Map();
  let initArgs = null;

  function failAll(message) {
    for (const { reject } of pending.values()) reject(new Error(message));
    pending.clear();
  }

  function start() {
    worker = new Worker(WORKER_URL, { type: 'module', name: 'hexlab engine' });
    worker.onmessage = (e) => {
      const { id, ok, result, error, fatal } = e.data;
      const entry = pending.get(id);
      if (!entry) return;
      pending.delete(id);
      if (ok) entry.resolve(result);
      else entry.reject(new Error(error));
      // A wasm trap leaves the module unusable: replace the worker; the next call re-initialises it.
      if (fatal && initArgs) restart();
    };
    worker.onerror = (e) => {
      e.preventDefault?.();
      failAll(`engine worker failed: ${e.message || 'could not load js/worker.js'}`);
    };
    worker.onmessageerror = () => failAll('engine worker sent an unreadable message');
  }

  function post(method, args) {
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, method, args });
    });
  }

  let restarting = null;
  function restart() {
    worker.terminate();
    failAll('engine crashed and was restarted');
    start();
    restarting = post('init', initArgs).finally(() => (restarting = null));
  }

  async function call(method, ...args) {
    if (restarting) await restarting.catch(() => {});
    return post(method, args);
  }

  start();
  return {
    /** Loads wasm and starts a pool of `threads` (default: all cores); resolves to the engine facts. */
    init(threads) {
      initArgs = [threads];
      return post('init', initArgs);
    },
    /** New empty game: width, height, rules "hex"|"rex", swapRule. */
    newGame: (width, height, rules, swapRule) => call('newGame', width, height, rules, swapRule),
    /** A View from a position code, share URL, HexWorld or trmph link. */
    loadPosition: (code) => call('loadPosition', code),
    /** The View after playing `move` (a cell or "swap") in `code`. */
    play: (code, move) => call('play', code, move),
    undo: (code) => call('undo', code),
    redo: (code) => call('redo', code),
    /** Undo/redo in the worker until `cursor` is reached (or no further step is possible). */
    seek: (code, cursor) => call('seek', code, cursor),
    /** `count` random playouts from `code` on the pool, timed in the worker (`worker_millis`). */
    playouts: (code, count, seed) => call('playouts', code, count, seed),
    /** Stops the worker and its pool. */
    terminate() {
      failAll('engine terminated');
      worker.terminate();
    },
  };
}
