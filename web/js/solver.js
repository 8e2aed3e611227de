// The Solve client: its own worker (js/worker.js with a rayon pool of `threads`, given the page's compiled
// module, js/wasm.js), started on first use, so a long solve never holds up a move, the analysis or H-search.
//
// The worker keeps one solver (its table) between calls: a second solve of the same board size, and the proof
// explorer's `explain` after a solve, reuse what the table learnt. The policy:
//   - One solve at a time: a new `solve` stops the running one first (its promise resolves `stopped`).
//   - The worker solves in slices (worker.js `solve`) and reports progress after each (`onProgress`).
//   - `stop()` asks the worker to stop; it answers `stopped` after the slice running (15 ms, plus the node
//     being expanded: tens of ms on 9x9). If no answer came within `stopAfterMs`, the worker is terminated
//     (its table is lost) and the solve resolves `stopped` at once with the last progress: a Stop is always
//     answered within `stopAfterMs`.
//   - A worker that fails (an uncaught error, an unreadable message, a trap, or killed by the debug hook)
//     rejects everything it owed with the reason; the next call starts a fresh worker. A solve is never sent
//     again by itself: it may run for minutes, and the page offers Solve again.

import { send as sendTo, startWorker } from './worker-link.js';

/**
 * `solve(code, { onProgress })` resolves to `{ status: 'solved', ...SolveReport }` or `{ status: 'stopped',
 * nodes, ms, phi, delta, ... }`; `explain(code, path)` to the ProofNode at `path`. `wasm()`, when given,
 * resolves to the page's compiled module (js/wasm.js `load`). `Worker`, `setTimer`, `clearTimer` can be
 * replaced (unit tests).
 */
export function createSolver({
  threads = globalThis.navigator?.hardwareConcurrency ?? 1,
  stopAfterMs = 50,
  sliceMs = 15,
  wasm = null,
  Worker: WorkerImpl = globalThis.Worker,
  setTimer = (fn, ms) => setTimeout(fn, ms),
  clearTimer = (id) => clearTimeout(id),
} = {}) {
  let worker = null;
  let nextId = 1;
  let starts = 0;
  const pending = new Map(); // id -> { resolve, reject, onProgress, last, solve }
  let solving = null; // the id of the solve running

  const current = (w) => w === worker;

  function start() {
    starts++;
    startWorker({
      WorkerImpl,
      label: 'solver',
      threads,
      wasm,
      initId: nextId++,
      pending,
      adopt: (w) => (worker = w),
      current,
      settle(id, entry) {
        finishStop(entry);
        if (id === solving) solving = null;
      },
      lose,
    });
  }

  function send(message) {
    sendTo(worker, current, message);
  }

  /** Ends the worker; everything it owed is rejected with `err` (a solve being stopped resolves `stopped`). */
  function lose(err) {
    worker?.terminate();
    worker = null;
    const owed = [...pending.entries()];
    pending.clear();
    for (const [id, entry] of owed) {
      finishStop(entry);
      if (id === solving && entry.stopping) entry.resolve({ ...(entry.last ?? {}), status: 'stopped', restarted: true });
      else entry.reject(err);
    }
    solving = null;
  }

  function finishStop(entry) {
    if (entry.stopTimer !== undefined) clearTimer(entry.stopTimer);
    entry.stopTimer = undefined;
  }

  /** Posts `method(...args)`, starting the worker if there is none; resolves to the answer. */
  function call(method, args, extra = {}) {
    if (!worker) start();
    const id = nextId++;
    const promise = new Promise((resolve, reject) => pending.set(id, { resolve, reject, ...extra }));
    send({ id, method, args });
    return { id, promise };
  }

  /** Stops the solve running: answered by the worker within a slice, else by ending it after `stopAfterMs`. */
  function stop() {
    const entry = solving !== null ? pending.get(solving) : null;
    if (!entry || entry.stopping) return;
    entry.stopping = true;
    send({ id: nextId++, method: 'stopSolve', args: [] });
    entry.stopTimer = setTimer(() => {
      entry.stopTimer = undefined;
      if (pending.get(solving) === entry) lose(new Error('the solver was stopped'));
    }, stopAfterMs);
  }

  return {
    /**
     * Solves `code` (every legal move settled; with `allWinning: false` the winner and principal variation only);
     * `onProgress(progress)` after each slice.
     */
    solve(code, { onProgress = null, allWinning = true } = {}) {
      stop();
      const { id, promise } = call('solve', [code, { sliceMs, allWinning }], { onProgress });
      solving = id;
      return promise;
    },
    stop,
    /** The proof node reached by `path` (moves from the solved position `code`). */
    explain(code, path = []) {
      return call('explain', [code, path]).promise;
    },
    /** Whether a solve is running (the debug hook). */
    get busy() {
      return solving !== null;
    },
    /** How many workers were started. */
    get starts() {
      return starts;
    },
    /** Kills the worker as a crash would (the debug hook). */
    kill() {
      if (worker) lose(new Error('the solver worker was killed'));
    },
    terminate() {
      if (worker) lose(new Error('solver terminated'));
    },
  };
}
