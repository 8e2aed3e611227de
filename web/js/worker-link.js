// What the clients of a worker of their own share (js/solver.js: Solve; js/thinker.js: Play and Analyse): the
// worker (js/worker.js with a rayon pool of `threads`, given the page's compiled module) started with its init
// first, answers and progress routed to the client's pending calls, and a worker that fails reported once.
//
// The client keeps its calls in `pending` (id -> { resolve, reject, onProgress, last, init, ... }) and decides
// what a lost worker means for them (`lose`); this module never retries anything.

const WORKER_URL = new URL('./worker.js', import.meta.url);

/**
 * Starts a worker for the client named `label` ("solver", "player"); the init call (id `initId`) goes first.
 * `adopt(w)` makes `w` the client's worker (at once, before anything is posted); `current(w)` tells whether `w` is still the client's worker (a terminated one's late answers are dropped);
 * `settle(id, entry)` runs when a call is answered, before its promise resolves; `lose(err)` when the worker
 * fails (an uncaught error, an unreadable message, a trap, a failed init). Returns the worker; `send` posts to it.
 */
export function startWorker({ WorkerImpl, label, threads, wasm, initId, pending, adopt, current, settle, lose }) {
  const w = new WorkerImpl(WORKER_URL, { type: 'module', name: `hexlab ${label}` });
  adopt(w);
  pending.set(initId, { resolve() {}, reject() {}, init: true });
  w.onmessage = (e) => {
    if (!current(w)) return; // a terminated worker's late answer
    const { id, ok, result, error, fatal, partial } = e.data ?? {};
    if (e.data?.progress) return; // how the worker's load goes: not an answer
    const entry = pending.get(id);
    if (!entry) return;
    if (partial) {
      entry.last = partial;
      return void entry.onProgress?.(partial);
    }
    pending.delete(id);
    settle(id, entry);
    if (entry.init && !ok) return lose(new Error(`the ${label} worker could not start: ${error}`));
    if (ok) entry.resolve(result);
    else entry.reject(new Error(error));
    if (fatal) lose(new Error(`the ${label} crashed (${error})`));
  };
  w.onerror = (e) => {
    e.preventDefault?.();
    if (current(w)) lose(new Error(`the ${label} worker failed: ${e.message || 'could not load js/worker.js'}`));
  };
  w.onmessageerror = () => {
    if (current(w)) lose(new Error(`the ${label} worker sent an unreadable message`));
  };
  const post = (given) => {
    if (current(w)) w.postMessage({ id: initId, method: 'init', args: given ? [threads, { wasm: given }] : [threads] });
  };
  // Requests go after the init (which waits for the page's module): `send` posts through `w.inited`.
  w.inited = wasm ? Promise.resolve(wasm()).then(post, () => post(null)) : Promise.resolve(post(null));
  return w;
}

/** Posts `message` to `w` once its init has gone (dropped if `w` is no longer current by then). */
export function send(w, current, message) {
  w.inited.then(() => {
    if (current(w)) w.postMessage(message);
  });
}
