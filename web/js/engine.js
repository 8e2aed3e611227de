// Promise-based client for js/worker.js. Each call posts { id, method, args } and settles when the
// worker answers { id, ok, result | error }. The main thread never waits on wasm.
//
// The worker keeps no game: every method is a pure function of its arguments (a position code, a move, a
// count and seed), and the game itself lives in the main thread (state.js). So a worker that dies costs
// no game state, and its work can simply be asked again. The policy:
//   - The worker is *lost* when it reports an uncaught error (`onerror`: a throw outside a request, a script
//     that cannot load), sends an unreadable message, answers with a trap (`fatal`: a panic or out of memory
//     leaves the wasm module unusable), or is killed (`kill()`, the debug hook of js/debug.js).
//   - A lost worker is terminated. Every request it still owed is sent once more to a fresh worker, which is
//     first initialised with the arguments of the last `init` (the pool size), so the caller only sees a delay.
//   - A request sent a second time whose worker is lost again is rejected with the reason (a request that
//     kills every worker it meets never loops), and so is the request that trapped (it would trap again).
//   - With nothing owed, no worker is started until the next call.
// A worker that stops without an error event (which browsers do not do short of the whole page crashing) is
// not detected: its requests would wait.

const WORKER_URL = new URL('./worker.js', import.meta.url);

/**
 * Starts a worker; `init(threads)` must be the first call. All methods return promises. `Worker` can be
 * replaced (unit tests). `onProgress({ stage, loaded, total, package })` hears how the worker's load goes
 * (worker.js). `wasm()`, when given, resolves to the page's compiled module (js/wasm.js `load`): `init` waits for
 * it and hands it to the worker (and to a worker started again after a loss), which then downloads nothing.
 */
export function createEngine({ Worker: WorkerImpl = globalThis.Worker, onProgress = null, wasm = null } = {}) {
  let worker = null;
  let nextId = 1;
  const pending = new Map(); // id -> { method, args, resolve, reject, resent }
  let initArgs = null;
  let starts = 0;
  let ended = false;

  function start() {
    const w = new WorkerImpl(WORKER_URL, { type: 'module', name: 'hexlab engine' });
    worker = w;
    starts++;
    w.onmessage = (e) => {
      if (w !== worker) return; // a lost worker's late answer
      // How the load goes (worker.js' `progress`): not an answer to a request.
      if (e.data?.progress) return void onProgress?.(e.data.progress);
      const { id, ok, result, error, fatal } = e.data ?? {};
      const entry = pending.get(id);
      if (!entry) return;
      pending.delete(id);
      if (ok) entry.resolve(result);
      else entry.reject(new Error(error));
      // A wasm trap leaves the module unusable: replace the worker, asking it again for the rest.
      if (fatal) lose(new Error(`engine crashed (${error}) and was restarted`));
    };
    w.onerror = (e) => {
      e.preventDefault?.();
      if (w === worker) lose(new Error(`engine worker failed: ${e.message || 'could not load js/worker.js'}`));
    };
    w.onmessageerror = () => {
      if (w === worker) lose(new Error('engine worker sent an unreadable message'));
    };
  }

  /** Posts `entry` under a new id, starting (and first initialising) a worker if there is none. */
  function send(entry) {
    if (!worker) {
      start();
      // The fresh worker's init: never sent again, its failure reaches the requests behind it anyway.
      if (initArgs && entry.method !== 'init') send({ method: 'init', args: initArgs, resolve() {}, reject() {}, resent: true });
    }
    const id = nextId++;
    pending.set(id, entry);
    worker.postMessage({ id, method: entry.method, args: entry.args });
  }

  /** The worker is gone (see the top of this file): requests owed go once more to a fresh worker. */
  function lose(err) {
    worker?.terminate();
    worker = null;
    const owed = [...pending.values()];
    pending.clear();
    for (const entry of owed) {
      if (entry.resent) entry.reject(err);
      else send(Object.assign(entry, { resent: true }));
    }
  }

  function call(method, ...args) {
    if (ended) return Promise.reject(new Error('engine terminated'));
    return new Promise((resolve, reject) => send({ method, args, resolve, reject, resent: false }));
  }

  start();
  return {
    /** Loads wasm and starts a pool of `threads` (default: all cores); resolves to the engine facts. */
    init(threads) {
      if (!wasm) {
        initArgs = [threads];
        return call('init', ...initArgs);
      }
      return Promise.resolve(wasm()).then((given) => {
        initArgs = given ? [threads, { wasm: given }] : [threads];
        return call('init', ...initArgs);
      });
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
    /** A link's game tree and the View it shows: `{ view, link: { record, line, cursor } }` (wasm readTreeLink). */
    openLink: (code) => call('openLink', code),
    /** A game record read (SGF of any dialect): `{ dialect, dialect_name, initial, record }`; errors name line and column. */
    readRecord: (text) => call('readRecord', text),
    /** A tree (a TreeRecord) written as SGF text. */
    writeRecord: (record) => call('writeRecord', record),
    /** The HexWorld and trmph links of the game in `code`: `{ hexworld, trmph }` (null where the site cannot say it). */
    shareLinks: (code) => call('shareLinks', code),
    /** `count` random playouts from `code` on the pool, timed in the worker (`worker_millis`). */
    playouts: (code, count, seed) => call('playouts', code, count, seed),
    /** Requests sent and not answered yet (the debug hook waits for work in flight). */
    get pending() {
      return pending.size;
    },
    /** How many workers were started (1 unless one was lost). */
    get starts() {
      return starts;
    },
    /** Kills the worker as a crash would (the debug hook): what it owed is asked again of a fresh one. */
    kill() {
      if (worker) lose(new Error('the engine worker was killed'));
    },
    /** Stops the worker and its pool. */
    terminate() {
      ended = true;
      const owed = [...pending.values()];
      pending.clear();
      worker?.terminate();
      worker = null;
      for (const entry of owed) entry.reject(new Error('engine terminated'));
    },
  };
}
