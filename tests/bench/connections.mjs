// H-search in wasm: the page's single-threaded package (web/pkg/single) run in node (V8, as in
// Chromium) over the committed position sets, both colours from scratch, best of 3; compare with
// `hexlab bench vc` (native) printed by `make bench` just before.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const wasm = await import(pathToFileURL(path.join(root, 'web/pkg/single/hexlab_wasm.js')).href);
wasm.initSync({ module: readFileSync(path.join(root, 'web/pkg/single/hexlab_wasm_bg.wasm')) });
for (const size of ['11x11', '13x13']) {
  const set = readFileSync(path.join(root, `core/data/bench/${size}.txt`), 'utf8');
  const figures = wasm.benchConnections(set, 3);
  console.log(`wasm H-search ${size}: ${figures.ms_per_color.toFixed(2)} ms per colour over ${figures.positions} positions (best of ${figures.repeat})`);
}
