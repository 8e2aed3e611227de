// The engine worker (a module worker): owns an instance of the wasm module (compiled once by the page, js/wasm.js)
// and the rayon pool, speaks in messages only.
// Request { id, method, args } -> reply { id, ok: true, result } or { id, ok: false, error, fatal? }.
// A failing export never kills the worker: its message goes back to the page.

import { PACKAGES, fetchCounting, wasmUrl } from './wasm.js';

// How long the threaded package's rayon pool may take to start before the single package is used instead. The
// pool's threads are workers made from a blob: URL; a host whose Content-Security-Policy lacks `worker-src blob:`
// refuses them, and wasm-bindgen-rayon then waits for them forever: the page would never leave "loading". A
// refusal reported to this worker (`securitypolicyviolation`) gives up at once; the timeout covers the rest.
const POOL_START_MS = 10_000;

let wasm = null;
let ready = null; // the init promise; other calls wait for it

/** The human-readable message of anything thrown (wasm-bindgen may throw Errors or plain values). */
function messageOf(err) {
  if (err instanceof Error) return err.message || String(err);
  if (typeof err === 'string') return err;
  try {
    return JSON.stringify(err);
  } catch {
    return String(err);
  }
}

/**
 * Tells the page how the load goes: `{ progress: { stage, loaded, total, package } }` (no id: not an answer),
 * stage 'downloading' (bytes `loaded` of `total`, null when the size is not known: a compressed response),
 * 'compiling' (the download is done, the module still compiling) or 'threads' (the pool starting).
 */
let loading = null; // the package being loaded
function progress(stage, loaded = null, total = null) {
  self.postMessage({ progress: { stage, loaded, total, package: loading } });
}

/**
 * Imports the glue of the build `kind` and instantiates it: from `module` (the page's compiled module, js/wasm.js)
 * when given, else from its `.wasm`, fetched here (with progress messages).
 */
async function load(kind, module = null) {
  let glue;
  loading = kind;
  try {
    glue = await import(PACKAGES[kind]);
  } catch (err) {
    throw new Error(`could not load web/pkg/${kind}/hexlab_wasm.js (built by \`make wasm\`): ${messageOf(err)}`);
  }
  await glue.default({ module_or_path: module ?? fetchCounting(wasmUrl(kind), progress) });
  return glue;
}

/** `wasm.initThreadPool(size)`, rejected if a pool thread is refused by the CSP or it takes over POOL_START_MS. */
function startPool(size) {
  return new Promise((resolve, reject) => {
    const done = (err) => {
      clearTimeout(timer);
      self.removeEventListener('securitypolicyviolation', refused);
      if (err) reject(err);
      else resolve();
    };
    const refused = (e) => {
      if (e.effectiveDirective === 'worker-src' || e.effectiveDirective === 'child-src' || e.effectiveDirective === 'script-src') {
        done(new Error(`the thread pool's workers were refused by the Content-Security-Policy (${e.effectiveDirective} needs blob:)`));
      }
    };
    const timer = setTimeout(() => done(new Error(`the thread pool did not start within ${POOL_START_MS / 1000} s`)), POOL_START_MS);
    self.addEventListener('securitypolicyviolation', refused);
    wasm.initThreadPool(size).then(() => done(), (err) => done(err instanceof Error ? err : new Error(messageOf(err))));
  });
}

/**
 * Loads the engine; resolves to its facts. Options:
 *   - `wasm`: `{ package, module }`, the page's compiled module (js/wasm.js). Without it (or when its build is not
 *     the one needed) the worker fetches and compiles a build itself.
 *   - `pool: false`: one thread, no pool (the analysis workers): the given module whatever its build (the
 *     threaded one then runs on this worker's thread alone), else the single-threaded build.
 *     `package: 'single'` (the older form) means the same.
 * Otherwise: the threaded build with a pool of `threads` when cross-origin isolated, and the single-threaded one
 * when not, or when the pool cannot start.
 */
async function init(threads, options = {}) {
  const isolated = self.crossOriginIsolated === true;
  const size = Math.max(1, Math.floor(threads ?? navigator.hardwareConcurrency ?? 1));
  const given = options?.wasm?.module ? options.wasm : null;
  const moduleOf = (kind) => (given?.package === kind ? given.module : null);
  const pool = options?.pool !== false && options?.package !== 'single';
  let kind = 'single';
  let note = pool ? (isolated ? '' : 'not cross-origin isolated') : 'one thread requested';
  if (!pool && given) {
    wasm = await load(given.package, given.module);
    kind = given.package;
  } else if (isolated && pool) {
    try {
      wasm = await load('threads', moduleOf('threads'));
      progress('threads', size, size);
      await startPool(size);
      kind = 'threads';
    } catch (err) {
      note = messageOf(err);
      wasm = null;
    }
  }
  if (!wasm) wasm = await load('single', moduleOf('single'));
  return {
    version: wasm.version(),
    threads: wasm.threadCount(),
    requestedThreads: kind === 'threads' && pool ? size : 1,
    hardwareConcurrency: navigator.hardwareConcurrency ?? 1,
    isolated,
    package: kind,
    note,
  };
}

/** Undo/redo until the cursor equals `target` (clamped), all inside the worker. */
function seek(code, target) {
  let view = wasm.loadPosition(code);
  for (let guard = 0; guard < 1000 && view.cursor !== target; guard++) {
    if (view.cursor > target && view.can_undo) view = wasm.undo(view.code);
    else if (view.cursor < target && view.can_redo) view = wasm.redo(view.code);
    else break;
  }
  return view;
}

/** Playouts, timed here around the call (the export's own `millis` is kept too). */
function playouts(code, count, seed) {
  const t0 = performance.now();
  const result = wasm.playouts(code, count, seed);
  const workerMillis = performance.now() - t0;
  return { ...result, worker_millis: workerMillis };
}

/** Inferior cell analysis of `code` for its side to move, timed here (`worker_millis`). */
function analyze(code) {
  const t0 = performance.now();
  const report = wasm.analyze(code);
  return { ...report, worker_millis: performance.now() - t0 };
}

/**
 * Virtual connections: one `connections(code, player, from, to, fillin, and_over_edges)` call per query
 * `[player, from, to]` (with `fillin`, on the position with its dead cells and captured sets filled first; with
 * `andOverEdges`, H-search also applies the AND rule through the player's edges), timed here. A query the
 * engine refuses (a bad endpoint, or with fill-in a cell filled for the opponent) gives `{ error }` in its
 * place, so the other answers still arrive; a trap is thrown (the module is unusable after it).
 */
function connections(code, queries, fillin = false, andOverEdges = false) {
  const t0 = performance.now();
  const results = queries.map(([player, from = null, to = null]) => {
    try {
      return { report: wasm.connections(code, player, from, to, !!fillin, !!andOverEdges) };
    } catch (err) {
      if (err instanceof WebAssembly.RuntimeError) throw err;
      return { error: messageOf(err) };
    }
  });
  return { results, worker_millis: performance.now() - t0 };
}

/**
 * Connection search: `connect(code, player, from, to, nodes)` (a ConnectReport: connected, refuted or
 * unknown within `nodes` search nodes), timed here (`worker_millis`). Bad endpoints throw the engine's message.
 */
function connect(code, player, from, to, nodes) {
  const t0 = performance.now();
  const report = wasm.connect(code, player, from, to, nodes);
  return { ...report, worker_millis: performance.now() - t0 };
}

/** Lets the worker read its messages (a Stop) between two slices of work. */
const breathe = () => new Promise((resolve) => setTimeout(resolve, 0));

let solving = null; // the solve running: { stop }

/**
 * Solve (wasm `solveSlice`): the position in `code` is solved in slices of `sliceMs` milliseconds on the pool,
 * the worker's one solver keeping its table between them (and between solves of the same board size). After
 * each slice it tells the page how it goes, `{ id, partial: { nodes, ms, phi, delta, table_entries,
 * table_capacity, threads } }` (nodes so far; the table's fill every `fillEvery` slices), then reads its
 * messages: a `stopSolve` (or a newer solve) ends it with `{ status: 'stopped', ... }` within one slice.
 * Solved: `{ status: 'solved', ...SolveReport }` with `nodes` and `ms` of the whole solve. `allWinning: false`
 * settles the winner only (the report's `all_winning` is then false), as `hexlab openings` does.
 */
async function solve(code, { sliceMs = 15, fillEvery = 8, allWinning = true } = {}) {
  if (solving) solving.stop = true;
  const run = { stop: false };
  solving = run;
  const t0 = performance.now();
  const threads = wasm.threadCount();
  let nodes = 0;
  let entries = null;
  try {
    for (let slice = 0; ; slice++) {
      const s = wasm.solveSlice(code, sliceMs, slice % fillEvery === 0, allWinning !== false);
      nodes += s.nodes;
      entries = s.table_entries ?? entries;
      const ms = performance.now() - t0;
      const progress = { nodes, ms, phi: s.phi, delta: s.delta, table_entries: entries, table_capacity: s.table_capacity, threads };
      if (s.status === 'solved') return { ...s.report, status: 'solved', nodes, ms, threads, table_entries: entries };
      this?.partial?.(progress);
      await breathe();
      if (run.stop) return { ...progress, status: 'stopped', ms: performance.now() - t0 };
    }
  } finally {
    if (solving === run) solving = null;
  }
}

/** Stops the solve running, if any (its own request then answers `stopped`). */
function stopSolve() {
  if (!solving) return false;
  solving.stop = true;
  return true;
}

/**
 * One node of the proof (wasm `explainSlice`): the node reached by `path` (moves from the solved position in
 * `code`), explained, its children settled in slices of `sliceMs` (the table keeps what each slice learnt).
 */
async function explain(code, path = [], { sliceMs = 100 } = {}) {
  for (;;) {
    const node = wasm.explainSlice(code, path.join(' '), sliceMs);
    if (node) return node;
    await breathe();
  }
}

let thinking = null; // the search running (Play and Analyse): { end: null | 'stopped' | 'now' }

/**
 * Play and Analyse (wasm `searchSlice`): the player searches the position in `code` in slices of `sliceMs`
 * milliseconds on the pool, the worker's one player keeping its tree between them (and for the next position of
 * the game). After each slice it tells the page how it goes (`{ id, partial }`: the move so far, win rate, visits,
 * principal variation, top moves, proven), then reads its messages. It ends (answering the last result with
 * `status`) when the level's simulations are spent (`level` 1 to 10; 0: no limit), when `budgetMs` has passed
 * (`done`), when the position is proven (`done`), on `thinkNow` (`done`: the best move so far) or on
 * `stopThinking` or a newer search (`stopped`). A slice never runs past the budget: it is cut to what is left.
 * `maxGames` (the bench) ends it after that many simulations.
 */
async function think(code, { sliceMs = 50, level = 0, budgetMs = Infinity, last = '', maxGames = 0 } = {}) {
  if (thinking) thinking.end = 'stopped';
  const run = { end: null };
  thinking = run;
  const t0 = performance.now();
  let games = 0;
  let report = null;
  try {
    for (;;) {
      const left = budgetMs - (performance.now() - t0);
      const slice = Math.max(1, Math.min(sliceMs, left));
      const cap = maxGames > 0 ? maxGames : report?.level_games ?? 0;
      const gamesLeft = cap > 0 ? Math.max(1, cap - games) : 0;
      report = wasm.searchSlice(code, slice, level, gamesLeft, last ?? '');
      games += report.games;
      const ms = performance.now() - t0;
      const result = { ...report, games, ms, threads: wasm.threadCount() };
      const spent = (report.level_games > 0 && games >= report.level_games) || (maxGames > 0 && games >= maxGames);
      if (report.proven || report.move === 'resign' || spent || ms >= budgetMs) return { ...result, status: 'done' };
      this?.partial?.(result);
      await breathe();
      if (run.end) return { ...result, ms: performance.now() - t0, status: run.end === 'now' ? 'done' : 'stopped' };
    }
  } finally {
    if (thinking === run) thinking = null;
  }
}

/** Ends the search running: `now` answers with its best move so far, else it answers `stopped`. */
function stopThinking(now = false) {
  if (!thinking) return false;
  thinking.end = now ? 'now' : 'stopped';
  return true;
}

const methods = {
  init,
  version: () => wasm.version(),
  threadCount: () => wasm.threadCount(),
  newGame: (width, height, rules, swapRule) => wasm.newGame(width, height, rules, swapRule),
  loadPosition: (code) => wasm.loadPosition(code),
  play: (code, move) => wasm.play(code, move),
  undo: (code) => wasm.undo(code),
  redo: (code) => wasm.redo(code),
  seek,
  openLink: (code) => ({ view: wasm.loadPosition(code), link: wasm.readTreeLink(code) }),
  readRecord: (text) => wasm.readRecord(text),
  writeRecord: (record) => wasm.writeRecord(record),
  shareLinks: (code) => wasm.shareLinks(code),
  playouts,
  analyze,
  connections,
  connect,
  solve,
  stopSolve,
  explain,
  think,
  stopThinking,
  clearPlayer: () => wasm.clearPlayer(),
};

self.onmessage = async (e) => {
  const { id, method, args = [] } = e.data ?? {};
  try {
    if (!Object.hasOwn(methods, method)) throw new Error(`unknown engine method "${method}"`);
    if (method === 'init') {
      ready = init(...args);
    } else if (!ready) {
      throw new Error('engine not initialised');
    }
    await ready;
    // A long method (solve) may tell the page how it goes before it answers: `{ id, partial }`.
    const context = { partial: (partial) => self.postMessage({ id, partial }) };
    const result = method === 'init' ? await ready : await methods[method].apply(context, args);
    self.postMessage({ id, ok: true, result });
  } catch (err) {
    // A trap (panic, out of memory) leaves the module unusable; the client restarts the worker.
    const fatal = err instanceof WebAssembly.RuntimeError;
    self.postMessage({ id, ok: false, error: messageOf(err), fatal });
  }
};
