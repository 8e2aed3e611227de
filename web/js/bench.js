// Playouts bench: for each pool size, a fresh engine worker (initThreadPool(n)) runs the playouts job
// on an empty board `repeat` times after one warm-up; publishes window.benchResult.
// Solve bench (`job=solve&codes=CODE|CODE...`): for each pool size and position, a fresh solver worker
// (js/solver.js, as the page's Solve: every legal move settled) solves it after a warm-up solve on
// another board size (the pattern tables built, the table of the position's size still empty).

import { createEngine } from './engine.js';
import { createSolver } from './solver.js';
import { createThinker } from './thinker.js';
import { createWasm } from './wasm.js';

// The threaded build, downloaded and compiled once for every pool size (see wasm.js).
const { load: wasm } = createWasm();

function params() {
  const q = new URLSearchParams(location.search);
  const num = (key, fallback) => (q.has(key) ? Number(q.get(key)) : fallback);
  return {
    size: num('size', 11),
    count: num('count', 20000),
    seed: num('seed', 1),
    repeat: Math.max(1, num('repeat', 5)),
    threads: (q.get('threads') ?? '1,2').split(',').map(Number),
    job: q.get('job') ?? 'playouts',
    codes: (q.get('codes') ?? '').split('|').filter(Boolean),
    sliceMs: num('slice', 200),
  };
}

/** One pool size and position: the solve's facts (winner, winning moves, nodes, milliseconds). */
async function benchSolve(threads, code, { sliceMs }) {
  const solver = createSolver({ threads, wasm, sliceMs });
  try {
    await solver.solve('size=3&swap=no'); // warm-up: a worker, its pool and the pattern tables
    const t0 = performance.now();
    const r = await solver.solve(code);
    if (r.status !== 'solved') throw new Error(`${code}: ${r.status}`);
    return {
      code,
      requested_threads: threads,
      pool_threads: r.threads,
      winner: r.winner,
      winning_moves: r.winning_moves,
      nodes: r.nodes,
      worker_ms: r.ms,
      page_ms: performance.now() - t0,
    };
  } finally {
    solver.terminate();
  }
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** One pool size: returns the facts of the engine and the playouts/second of every timed run. */
async function benchPool(threads, { size, count, seed, repeat }) {
  const engine = createEngine({ wasm });
  try {
    const info = await engine.init(threads);
    if (!info.isolated || info.package !== 'threads') {
      throw new Error(`no threaded engine (isolated=${info.isolated}, package=${info.package}: ${info.note})`);
    }
    const view = await engine.newGame(size, size, 'hex', true);
    await engine.playouts(view.code, Math.max(1, Math.floor(count / 10)), seed); // warm-up
    const runs = [];
    for (let i = 0; i < repeat; i++) {
      const r = await engine.playouts(view.code, count, seed);
      runs.push({ millis: r.worker_millis, engine_millis: r.millis, playouts: r.playouts, black_wins: r.black_wins });
    }
    const rates = runs.map((r) => (r.playouts * 1000) / r.millis);
    return {
      requested_threads: threads,
      pool_threads: info.threads,
      version: info.version,
      best_pps: Math.max(...rates),
      median_pps: median(rates),
      runs,
    };
  } finally {
    engine.terminate();
  }
}

async function mainSolve(p) {
  const result = { ok: true, job: 'solve', slice_ms: p.sliceMs, isolated: crossOriginIsolated, solves: [] };
  try {
    for (const threads of p.threads) for (const code of p.codes) result.solves.push(await benchSolve(threads, code, p));
  } catch (err) {
    result.ok = false;
    result.error = err.message;
  }
  return result;
}

/**
 * MCTS games per second (`?job=mcts`): a fresh player worker with a pool of `threads` searches the empty board for
 * `count` simulations (wasm `searchSlice` in 50 ms slices, one tree), `repeat` times after a warm-up.
 */
async function benchMcts(threads, { size, count, repeat }) {
  const thinker = createThinker({ threads, wasm });
  try {
    const code = `size=${size}&swap=no`;
    await thinker.think(code, { maxGames: Math.max(1, Math.floor(count / 10)) }); // warm-up (and the pool)
    const runs = [];
    for (let i = 0; i < repeat; i++) {
      thinker.clear();
      const r = await thinker.think(code, { maxGames: count });
      runs.push({ millis: r.ms, games: r.games, threads: r.threads, nodes: r.nodes });
    }
    const rates = runs.map((r) => (r.games * 1000) / r.millis);
    return { requested_threads: threads, pool_threads: runs[0]?.threads, best_gps: Math.max(...rates), median_gps: median(rates), runs };
  } finally {
    thinker.terminate();
  }
}

async function main() {
  const p = params();
  if (p.job === 'solve') return publish(await mainSolve(p));
  if (p.job === 'mcts') {
    const result = { ok: true, job: 'mcts', size: p.size, count: p.count, repeat: p.repeat, isolated: crossOriginIsolated, pools: [] };
    try {
      for (const threads of p.threads) result.pools.push(await benchMcts(threads, p));
    } catch (err) {
      result.ok = false;
      result.error = err.message;
    }
    return publish(result);
  }
  const result = { ok: true, size: p.size, count: p.count, seed: p.seed, repeat: p.repeat, isolated: crossOriginIsolated, pools: [] };
  try {
    for (const threads of p.threads) result.pools.push(await benchPool(threads, p));
  } catch (err) {
    result.ok = false;
    result.error = err.message;
  }
  publish(result);
}

function publish(result) {
  window.benchResult = result;
  document.getElementById('out').textContent = JSON.stringify(result, null, 2);
  document.body.dataset.bench = 'done';
}

main();
