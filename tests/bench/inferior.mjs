// Inferior cell analysis in wasm against native, in one run: the page's single-threaded package
// (web/pkg/single, run in node: V8, as in Chromium) and `hexlab bench ica` on the same positions,
// the same settings, rounds taking turns (wasm then native, then native then wasm), each round the
// best of `--repeat` passes over the set (at least 2: the first builds the pattern indices). Prints
// one JSON object with each round's figures and the wasm/native ratio of the best rounds.
//
//   node bench/inferior.mjs [--rounds 3] [--repeat 5] [--settings search|thorough] [SET ...]   (from tests/)
//
// A SET is a file of position codes, one per line. Without one, 300 fresh positions per size
// (`hexlab bench positions --size 11|13 --count 300 --seed 1234 --min-stones 16 --max-stones 40`):
// the committed sets (30 positions each) take a few milliseconds a round, too short for the
// millisecond clock wasm reads. The native binary is ../target/release/hexlab, or $HEXLAB_BIN.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const { values: opts, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    rounds: { type: 'string', default: '3' },
    repeat: { type: 'string', default: '5' },
    settings: { type: 'string', default: 'search' },
  },
});
if (!['search', 'thorough'].includes(opts.settings)) throw new Error('--settings takes search or thorough');
const rounds = Number(opts.rounds);
const repeat = Number(opts.repeat);
// Each native run is a new process whose first pass builds the pattern indices (about 0.3 s), as
// the first wasm pass does: with two passes or more the best one leaves that out.
if (!(repeat >= 2)) throw new Error('--repeat takes 2 or more (the first pass builds the pattern indices)');
const bin = process.env.HEXLAB_BIN ?? path.join(root, 'target/release/hexlab');

const wasm = await import(pathToFileURL(path.join(root, 'web/pkg/single/hexlab_wasm.js')).href);
wasm.initSync({ module: readFileSync(path.join(root, 'web/pkg/single/hexlab_wasm_bg.wasm')) });

const scratch = mkdtempSync(path.join(os.tmpdir(), 'hexlab-bench-'));
const sets = positionals.length
  ? positionals.map((file) => ({ name: file, file, text: readFileSync(file, 'utf8') }))
  : [11, 13].map((size) => {
      const text = execFileSync(bin, ['bench', 'positions', '--size', String(size), '--count', '300', '--seed', '1234',
        '--min-stones', '16', '--max-stones', '40'], { encoding: 'utf8' });
      const file = path.join(scratch, `${size}.txt`);
      writeFileSync(file, text);
      return { name: `${size}x${size}, 300 fresh positions (seed 1234)`, file, text };
    });

/** Native figures of one set: `hexlab bench ica --set FILE --only SETTINGS --json`, by size. */
function native(set) {
  const out = execFileSync(bin, ['bench', 'ica', '--set', set.file, '--repeat', String(repeat), '--only', opts.settings,
    '--json'], { encoding: 'utf8' });
  return JSON.parse(out)[opts.settings];
}

/** Wasm figures of one set, by size. */
function inWasm(text) {
  return wasm.benchInferior(text, repeat, opts.settings === 'search');
}

const results = [];
for (const set of sets) {
  const times = { wasm: [], native: [] };
  let counts = null;
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? ['wasm', 'native'] : ['native', 'wasm'];
    for (const engine of order) {
      const figures = engine === 'wasm' ? inWasm(set.text) : native(set);
      times[engine].push(figures.map((f) => Number(f.mean_ms.toFixed(4))));
      if (engine === 'wasm') counts = figures.map((f) => ({ size: f.size, fillin: f.mean_fillin, inferior: f.mean_inferior }));
      else {
        // The same analysis: the same counts in both.
        for (const [i, f] of figures.entries()) {
          if (counts && Math.abs(counts[i].fillin - f.mean_fillin) > 1e-9) throw new Error(`fill-in differs on ${set.name}`);
        }
      }
    }
  }
  const best = (engine) => times[engine][0].map((_, i) => Math.min(...times[engine].map((r) => r[i])));
  const [w, n] = [best('wasm'), best('native')];
  results.push({
    set: set.name,
    ms_per_position: times,
    best_ms: { wasm: w, native: n },
    ratio_wasm_over_native: w.map((x, i) => Number((x / n[i]).toFixed(3))),
    counts,
  });
}
console.log(JSON.stringify({ settings: opts.settings, rounds, repeat, native: bin, results }, null, 2));
