// The analysis client: its own worker (js/worker.js on one thread, no pool, since `analyze` runs on one
// thread; given the page's compiled module, js/wasm.js, it downloads nothing), so a slow analysis never delays
// a move on the engine worker. The Connections mode runs two more instances of it, for `connections` and for
// `connect` (method and label are options).
//
// The newest request wins. At most one request runs in the worker and at most one waits:
//   - a new request replaces the waiting one (its promise rejects with `superseded`);
//   - the running one is dropped too (rejects with `superseded`, its answer is ignored); it may finish
//     until it has run for `restartAfterMs` in all, then the worker is terminated and a fresh one started,
//     because a synchronous wasm call cannot be interrupted (19x19 takes seconds). Short analyses (small
//     boards) thus finish normally and cost no restart.
// A request with the same arguments as the one running (or waiting) joins it instead.
//
// A worker that dies is replaced; the game (in the main thread) never depends on it:
//   - lost while running a request (an uncaught error in it, `onerror`; an unreadable message; or killed by
//     the debug hook, js/debug.js): the worker is terminated and the request, unless dropped, is sent once
//     more to a fresh worker (every method is a pure function of its arguments); lost again, it is rejected
//     with the reason, so a request that kills every worker never loops;
//   - a trap (`fatal`: panic, out of memory) rejects its request (it would trap again) and ends the worker;
//   - a worker that cannot start (its script fails, or its init) rejects everything; the next request
//     starts another.

const WORKER_URL = new URL('./worker.js', import.meta.url);

/** The error of a request that a newer one replaced: `err.superseded === true`. */
export function superseded(label = 'analysis') {
  const err = new Error(`${label} superseded by a newer request`);
  err.superseded = true;
  return err;
}

function deferred(key, args) {
  const entry = { key, args };
  entry.promise = new Promise((resolve, reject) => Object.assign(entry, { resolve, reject }));
  return entry;
}

/**
 * `analyze(code)` resolves to the engine's InferiorReport (plus `worker_millis`), or rejects with the
 * engine's message, or with `superseded()`; `run(...args)` does the same for the worker method `method`
 * (`analyze(code)` is `run(code)` with the default method). `cancel()` drops everything; `terminate()`
 * also ends the worker. `wasm()`, when given, resolves to the page's compiled module (js/wasm.js `load`): each
 * worker's init waits for it and instantiates it (without it, or if it resolves to null, the worker loads the
 * single-threaded build itself). `Worker` and `now` can be replaced (unit tests).
 */
export function createAnalyst({
  restartAfterMs = 100,
  method = 'analyze', // the worker method (worker.js) that `run` calls
  label = 'analysis', // names the worker and its errors ("the analysis worker failed: ...")
  wasm = null, // () => Promise<{ package, module } | null>: the page's module (js/wasm.js)

  Worker: WorkerImpl = globalThis.Worker,
  now = () => performance.now(),
  setTimer = (fn, ms) => setTimeout(fn, ms),
  clearTimer = (id) => clearTimeout(id),
} = {}) {
  let worker = null;
  let initialised = false;
  let running = null; // posted to the worker: { id, key, args, started, promise, resolve, reject, dropped }
  let waiting = null; // not yet posted
  let nextId = 1;
  let starts = 0; // workers started so far (tests and the panel can show restarts)

  function kill() {
    if (running?.timer !== undefined) clearTimer(running.timer);
    worker?.terminate();
    worker = null;
    initialised = false;
  }

  /** Rejects every request (the worker failed); the next request starts a new worker. */
  function failAll(err) {
    if (running && !running.dropped) running.reject(err);
    waiting?.reject(err);
    running = null;
    waiting = null;
    kill();
  }

  function boot() {
    const w = new WorkerImpl(WORKER_URL, { type: 'module', name: `hexlab ${label}` });
    worker = w;
    initialised = false;
    starts++;
    const initId = nextId++;
    w.onmessage = (e) => {
      if (w !== worker) return; // a terminated worker's late answer
      const { id, ok, result, error, fatal } = e.data ?? {};
      if (id === initId) {
        if (!ok) return failAll(new Error(`the ${label} worker could not start: ${error}`));
        initialised = true;
        return pump();
      }
      if (!running || id !== running.id) return;
      const done = running;
      if (done.timer !== undefined) clearTimer(done.timer);
      running = null;
      if (!done.dropped) {
        if (ok) done.resolve(result);
        else done.reject(new Error(error));
      }
      if (fatal) kill(); // a trap leaves the module unusable: the next request starts a new worker
      pump();
    };
    w.onerror = (e) => {
      e.preventDefault?.();
      if (w === worker) lost(new Error(`the ${label} worker failed: ${e.message || 'could not load js/worker.js'}`));
    };
    w.onmessageerror = () => {
      if (w === worker) lost(new Error(`the ${label} worker sent an unreadable message`));
    };
    // Its init goes once the page's module is there (a worker lost meanwhile is not told).
    const post = (given) => {
      if (w === worker) w.postMessage({ id: initId, method: 'init', args: [1, given ? { pool: false, wasm: given } : { package: 'single' }] });
    };
    if (wasm) Promise.resolve(wasm()).then(post, () => post(null));
    else post(null);
  }

  /**
   * The worker is gone (see the top of this file): its running request, unless dropped, goes once more to a
   * fresh worker; one that was sent twice already is rejected with `err`. Before its init answered, everything is.
   */
  function lost(err) {
    if (!initialised) return failAll(err);
    const entry = running;
    kill();
    running = null;
    if (entry && !entry.dropped) {
      // Not dropped means nothing newer came since, so nothing waits: it takes the waiting place again.
      if (entry.resent || waiting) entry.reject(err);
      else waiting = Object.assign(entry, { resent: true, timer: undefined });
    }
    pump();
  }

  function pump() {
    if (running || !waiting) return;
    if (!worker) boot();
    if (!initialised) return;
    running = Object.assign(waiting, { id: nextId++, started: now(), dropped: false });
    waiting = null;
    worker.postMessage({ id: running.id, method, args: running.args });
  }

  /** Ends the worker busy with the dropped request `entry` (if it still is); the next one gets a fresh worker. */
  function restart(entry) {
    if (running !== entry) return;
    kill();
    running = null;
    pump();
  }

  /** Drops the running request (rejecting it); the worker is restarted once it has run `restartAfterMs`. */
  function dropRunning() {
    if (!running || running.dropped) return;
    const entry = running;
    entry.dropped = true;
    entry.reject(superseded(label));
    const left = restartAfterMs - (now() - entry.started);
    if (left <= 0) restart(entry);
    else entry.timer = setTimer(() => restart(entry), left);
  }

  /** Asks the worker for `method(...args)`; the newest request wins (see the top of this file). */
  function run(...args) {
    const key = JSON.stringify(args);
    if (running && !running.dropped && running.key === key) {
      waiting?.reject(superseded(label));
      waiting = null;
      return running.promise;
    }
    if (waiting?.key === key) return waiting.promise;
    waiting?.reject(superseded(label));
    dropRunning();
    const entry = deferred(key, args);
    waiting = entry;
    pump();
    return entry.promise;
  }

  return {
    run,
    analyze: (code) => run(code),
    /** Drops the waiting and running requests (analysis turned off). */
    cancel() {
      waiting?.reject(superseded(label));
      waiting = null;
      dropRunning();
    },
    /** Whether a request (not dropped) is running in the worker (the debug hook waits for work in flight). */
    get busy() {
      return !!(running && !running.dropped);
    },
    /** Kills the worker as a crash would (the debug hook): its running request is asked again of a fresh one. */
    kill() {
      if (worker) lost(new Error(`the ${label} worker was killed`));
    },
    /** How many workers were started (1 unless restarts happened). */
    get starts() {
      return starts;
    },
    terminate() {
      this.cancel();
      kill();
      running = null;
    },
  };
}
