// Playouts bench, all measured in one run: wasm with a 1-thread pool, wasm with a 2-thread pool
// (web/bench.html in headless Chromium), and the native CLI on 1 thread. Prints one JSON object.
//
//   node bench/playouts.mjs [--count 1000000] [--repeat 5] [--seed 1]      (from tests/)
//
// Playouts are fast (millions per second), so the default count keeps each timed run near a second.
//
// The native binary is ../target/release/hexlab (relative to the repo root), or $HEXLAB_BIN.

import { execFile } from 'node:child_process';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { REPO, setup } from '../e2e/helpers.mjs';

const SIZE = 11;
const { values: opts } = parseArgs({
  options: {
    count: { type: 'string', default: '1000000' },
    repeat: { type: 'string', default: '5' },
    seed: { type: 'string', default: '1' },
  },
});
const count = Number(opts.count);
const repeat = Number(opts.repeat);
const seed = Number(opts.seed);

/** wasm playouts/second for pools of 1 and 2 threads, from bench.html. */
async function wasmBench() {
  const env = await setup();
  try {
    const { page } = await env.open(`bench.html?size=${SIZE}&count=${count}&seed=${seed}&repeat=${repeat}&threads=1,2`, { ready: false });
    await page.waitForSelector('body[data-bench="done"]', { state: 'attached', timeout: 15 * 60_000 });
    const result = await page.evaluate(() => window.benchResult);
    if (!result.ok) throw new Error(`bench.html failed: ${result.error}`);
    return result;
  } finally {
    await env.close();
  }
}

/** Native playouts/second: best of `repeat` runs of `hexlab bench playouts --json`. */
async function nativeBench() {
  const bin = process.env.HEXLAB_BIN ?? path.join(REPO, 'target', 'release', 'hexlab');
  const args = ['bench', 'playouts', '--size', String(SIZE), '--count', String(count), '--threads', '1', '--seed', String(seed), '--json'];
  const runs = [];
  for (let i = 0; i < repeat; i++) {
    const { stdout } = await promisify(execFile)(bin, args, { cwd: REPO, timeout: 15 * 60_000 });
    const json = JSON.parse(stdout);
    if (typeof json.playouts_per_second !== 'number') throw new Error(`no playouts_per_second in: ${stdout}`);
    runs.push(json);
  }
  const rates = runs.map((r) => r.playouts_per_second);
  return { command: `${path.relative(REPO, bin)} ${args.join(' ')}`, best_pps: Math.max(...rates), rates, last: runs.at(-1) };
}

const round = (x, digits = 3) => (x == null ? null : Number(x.toFixed(digits)));

const out = { size: SIZE, count, seed, repeat, measure: 'best of repeat runs, playouts per second' };
let failed = false;
try {
  const wasm = await wasmBench();
  const [one, two] = wasm.pools;
  out.wasm_1thread_pps = Math.round(one.best_pps);
  out.wasm_2threads_pps = Math.round(two.best_pps);
  out.wasm_pool_threads = [one.pool_threads, two.pool_threads];
  out.wasm_median_pps = [Math.round(one.median_pps), Math.round(two.median_pps)];
  out.wasm_version = one.version;
} catch (err) {
  out.wasm_error = err.message;
  failed = true;
}
try {
  const native = await nativeBench();
  out.native_1thread_pps = Math.round(native.best_pps);
  out.native_command = native.command;
} catch (err) {
  out.native_error = err.message;
  failed = true;
}
out.ratio_wasm1_over_native = out.native_1thread_pps && out.wasm_1thread_pps ? round(out.wasm_1thread_pps / out.native_1thread_pps) : null;
out.ratio_wasm2_over_wasm1 = out.wasm_1thread_pps && out.wasm_2threads_pps ? round(out.wasm_2threads_pps / out.wasm_1thread_pps) : null;
console.log(JSON.stringify(out, null, 2));
process.exitCode = failed ? 1 : 0;
