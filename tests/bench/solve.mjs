// Solve bench, measured in one run: the page's Solve (web/bench.html?job=solve in headless Chromium: the
// threaded wasm engine in a solver worker with a pool of `threads`, every legal move settled, slices of
// `--slice` ms) against the native engine on the same positions (`hexlab gtp`: `dfpn-solve-state`, then
// `dfpn-solver-find-winning`, the same work, `param_dfpn threads`). Both warm up first (the pattern tables
// built outside the timing) and start each position with an empty table. Prints one JSON object.
//
//   node bench/solve.mjs [--threads 2] [--slice 200] [--rounds 2] [CODE ...]      (from tests/)
//
// Rounds take turns: wasm then native, then native then wasm, so a machine shared with other work
// weighs on both alike. The native binary is ../target/release/hexlab, or $HEXLAB_BIN.

import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { REPO, setup } from '../e2e/helpers.mjs';

const { values: opts, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    threads: { type: 'string', default: '2' },
    slice: { type: 'string', default: '200' },
    rounds: { type: 'string', default: '2' },
  },
});
const threads = Number(opts.threads);
const sliceMs = Number(opts.slice);
const rounds = Number(opts.rounds);
// Positions of a few seconds each natively: 6x6 middle games (the side to move loses in the first).
const CODES = positionals.length
  ? positionals
  : ['size=6&b=c3,d2&w=c4&turn=w&swap=no', 'size=6&b=d3&w=c4&swap=no', 'size=6&b=b4,d3&w=c4,e2&swap=no'];

/** The wasm solves of every position, from bench.html. */
async function wasmSolves() {
  const env = await setup();
  try {
    const codes = CODES.map(encodeURIComponent).join('|');
    const { page } = await env.open(`bench.html?job=solve&threads=${threads}&slice=${sliceMs}&codes=${codes}`, { ready: false });
    await page.waitForSelector('body[data-bench="done"]', { state: 'attached', timeout: 60 * 60_000 });
    const result = await page.evaluate(() => window.benchResult);
    if (!result.ok) throw new Error(`bench.html failed: ${result.error}`);
    return result.solves;
  } finally {
    await env.close();
  }
}

/** A GTP session with the native engine: `send(line)` resolves to the answer (`= ...` or `? ...`). */
function gtp(bin) {
  const child = spawn(bin, ['gtp'], { cwd: REPO, stdio: ['pipe', 'pipe', 'ignore'] });
  let buffer = '';
  const waiting = [];
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk) => {
    buffer += chunk;
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const answer = buffer.slice(0, end).trim();
      buffer = buffer.slice(end + 2);
      waiting.shift()?.(answer);
    }
  });
  return {
    send(line) {
      return new Promise((resolve) => {
        waiting.push(resolve);
        child.stdin.write(`${line}\n`);
      });
    },
    async close() {
      child.stdin.end('quit\n');
      await once(child, 'exit');
    },
  };
}

/** The GTP commands that set up the position of a code (`size=N&b=..&w=..&turn=..`). */
function setupCommands(code) {
  const q = new URLSearchParams(code);
  const size = Number(q.get('size'));
  const black = (q.get('b') ?? '').split(',').filter(Boolean);
  const white = (q.get('w') ?? '').split(',').filter(Boolean);
  const toMove = q.get('turn') ?? (black.length > white.length ? 'w' : 'b');
  return { size, toMove, commands: [`boardsize ${size} ${size}`, ...black.map((c) => `play b ${c}`), ...white.map((c) => `play w ${c}`)] };
}

/** One native solve of `code` in a fresh engine, warmed up on another board size first. */
async function nativeSolve(bin, code) {
  const engine = gtp(bin);
  try {
    const check = async (line) => {
      const answer = await engine.send(line);
      if (!answer.startsWith('=')) throw new Error(`${line}: ${answer}`);
      return answer.slice(1).trim();
    };
    await check(`param_dfpn threads ${threads}`);
    await check('boardsize 3 3');
    await check('dfpn-solve-state b'); // warm-up: the pattern tables
    await check('dfpn-clear-tt');
    const { toMove, commands } = setupCommands(code);
    for (const line of commands) await check(line);
    const t0 = performance.now();
    const winner = await check(`dfpn-solve-state ${toMove}`);
    const winning = await check(`dfpn-solver-find-winning ${toMove}`);
    const ms = performance.now() - t0;
    return { code, winner: winner[0], winning_moves: winning.split(/\s+/).filter(Boolean), ms };
  } finally {
    await engine.close();
  }
}

const bin = process.env.HEXLAB_BIN ?? path.join(REPO, 'target', 'release', 'hexlab');
const out = { threads, slice_ms: sliceMs, rounds, native: path.relative(REPO, bin), positions: [] };
const wasmRuns = [];
const nativeRuns = [];
for (let round = 0; round < rounds; round++) {
  const order = round % 2 === 0 ? ['wasm', 'native'] : ['native', 'wasm'];
  for (const which of order) {
    if (which === 'wasm') {
      wasmRuns.push(await wasmSolves());
    } else {
      const runs = [];
      for (const code of CODES) runs.push(await nativeSolve(bin, code));
      nativeRuns.push(runs);
    }
  }
}
let agree = true;
for (const [i, code] of CODES.entries()) {
  const wasm = wasmRuns.map((r) => r[i]);
  const native = nativeRuns.map((r) => r[i]);
  const same = wasm.every((w) => w.winner === native[0].winner && [...w.winning_moves].sort().join() === [...native[0].winning_moves].sort().join());
  agree &&= same;
  const best = (xs) => Math.min(...xs);
  const wasmMs = best(wasm.map((w) => w.worker_ms));
  const nativeMs = best(native.map((n) => n.ms));
  out.positions.push({
    code,
    winner: native[0].winner,
    winning_moves: native[0].winning_moves,
    same_answer: same,
    wasm_pool_threads: wasm[0].pool_threads,
    wasm_nodes: wasm.map((w) => w.nodes),
    wasm_ms: wasm.map((w) => Math.round(w.worker_ms)),
    native_ms: native.map((n) => Math.round(n.ms)),
    ratio_wasm_over_native: Number((wasmMs / nativeMs).toFixed(3)),
  });
}
const total = (key) => out.positions.reduce((sum, p) => sum + Math.min(...p[key]), 0);
out.ratio_total_best = Number((total('wasm_ms') / total('native_ms')).toFixed(3));
out.same_answers = agree;
console.log(JSON.stringify(out, null, 2));
if (!agree) process.exitCode = 1;
