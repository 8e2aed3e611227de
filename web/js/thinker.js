// The player's client (Play and Analyse): its own worker (js/worker.js with a rayon pool of `threads`, given the
// page's compiled module, js/wasm.js), started on first use, so the engine thinking never holds up a move, the
// analysis or a solve.
//
// The worker keeps one player (its search tree) between calls: the next search on the same position goes on
// with the tree, and one on the position a move or two later starts from its subtree. The policy:
//   - One search at a time: a new `think` stops the running one first (its promise resolves `stopped`).
//   - The worker searches in slices (worker.js `think`) and reports progress after each (`onProgress`).
//   - `moveNow()` asks for the best move so far (the search answers `done`); `stop()` ends it (`stopped`).
//   - A search with a budget (`budgetMs`) is answered by then (the worker cuts its last slice to the budget); if
//     no answer came `graceMs` after the budget (or after a Move now / Stop), the worker is terminated (its tree is
//     lost) and the search resolves at once with the last progress (`late: true`): the page always gets its move
//     in time.
//   - A worker that fails (an uncaught error, an unreadable message, a trap, or killed by the debug hook)
//     rejects everything it owed with the reason; the next call starts a fresh worker.

import { send as sendTo, startWorker } from './worker-link.js';

/**
 * `think(code, { level, budgetMs, last, sliceMs, onProgress })` resolves to the search's report (`move`,
 * `winrate`, `visits`, `games`, `pv`, `top`, `proven`, `ms`) with `status: 'done' | 'stopped'`. `wasm()`, when
 * given, resolves to the page's compiled module (js/wasm.js `load`). `Worker`, `setTimer`, `clearTimer` can be
 * replaced (unit tests).
 */
export function createThinker({
  threads = globalThis.navigator?.hardwareConcurrency ?? 1,
  sliceMs = 50,
  graceMs = 80,
  wasm = null,
  Worker: WorkerImpl = globalThis.Worker,
  setTimer = (fn, ms) => setTimeout(fn, ms),
  clearTimer = (id) => clearTimeout(id),
} = {}) {
  let worker = null;
  let nextId = 1;
  let starts = 0;
  const pending = new Map(); // id -> { resolve, reject, onProgress, last, timer }
  let running = null; // the id of the search running

  const current = (w) => w === worker;

  function start() {
    starts++;
    startWorker({
      WorkerImpl,
      label: 'player',
      threads,
      wasm,
      initId: nextId++,
      pending,
      adopt: (w) => (worker = w),
      current,
      settle(id, entry) {
        disarm(entry);
        if (id === running) running = null;
      },
      lose,
    });
  }

  function send(message) {
    sendTo(worker, current, message);
  }

  function disarm(entry) {
    if (entry.timer !== undefined) clearTimer(entry.timer);
    entry.timer = undefined;
  }

  /** Ends the worker; a search it owed resolves with its last progress when one was asked to end, else rejects. */
  function lose(err) {
    worker?.terminate();
    worker = null;
    const owed = [...pending.entries()];
    pending.clear();
    for (const [id, entry] of owed) {
      disarm(entry);
      if (id === running && entry.ending && entry.last) entry.resolve({ ...entry.last, status: entry.ending, late: true });
      else entry.reject(err);
    }
    running = null;
  }

  /** The search running must answer within `graceMs`, else it is answered from its last progress. */
  function arm(entry, ms, status) {
    disarm(entry);
    entry.timer = setTimer(() => {
      entry.timer = undefined;
      if (pending.get(running) !== entry) return;
      entry.ending = status;
      if (entry.last) lose(new Error('the player did not answer in time'));
      else arm(entry, graceMs, status); // nothing to answer with yet: wait for the first slice
    }, ms);
  }

  /** Asks the search running to end: `now` with its best move so far (`done`), else `stopped`. */
  function end(now) {
    const entry = running !== null ? pending.get(running) : null;
    if (!entry || entry.endAsked) return;
    entry.endAsked = true;
    send({ id: nextId++, method: 'stopThinking', args: [now] });
    arm(entry, graceMs, now ? 'done' : 'stopped');
  }

  return {
    /** Searches `code`; see the top of this file. */
    think(code, { level = 0, budgetMs = Infinity, last = '', maxGames = 0, onProgress = null } = {}) {
      end(false);
      if (!worker) start();
      const id = nextId++;
      const promise = new Promise((resolve, reject) => pending.set(id, { resolve, reject, onProgress }));
      const budget = Number.isFinite(budgetMs) ? budgetMs : null;
      send({ id, method: 'think', args: [code, { sliceMs, level, budgetMs: budget ?? Infinity, last, maxGames }] });
      running = id;
      if (budget !== null) arm(pending.get(id), budget + graceMs, 'done');
      return promise;
    },
    /** The best move now (Play's "Move now"). */
    moveNow: () => end(true),
    /** Stops the search (Analyse off, or the position changed). */
    stop: () => end(false),
    /** Forgets the worker's tree (a new game). */
    clear() {
      if (worker) send({ id: nextId++, method: 'clearPlayer', args: [] });
    },
    /** Whether a search is running (the debug hook). */
    get busy() {
      return running !== null;
    },
    get starts() {
      return starts;
    },
    /** Kills the worker as a crash would (the debug hook). */
    kill() {
      if (worker) lose(new Error('the player worker was killed'));
    },
    terminate() {
      if (worker) lose(new Error('player terminated'));
    },
  };
}
