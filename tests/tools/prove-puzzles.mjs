// Proves the built-in puzzle collection (web/puzzles/collection.json) with the native solver and writes back what it
// finds: each puzzle's canonical code (`hexlab position`), its side to move, its winning moves and the solver's nodes
// (`hexlab solve --all-winning`). A puzzle whose side to move does not win stops it with a message.
// core/tests/puzzle_collection.rs checks the file again in `make test`.
//
//     node tests/tools/prove-puzzles.mjs [HEXLAB_BIN]

import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const FILE = path.join(REPO, 'web', 'puzzles', 'collection.json');
const BIN = process.argv[2] ?? path.join(REPO, 'target', 'release', 'hexlab');
const hexlab = (...args) => JSON.parse(execFileSync(BIN, [...args, '--json'], { encoding: 'utf8' }));

const data = JSON.parse(readFileSync(FILE, 'utf8'));
for (const puzzle of data.puzzles) {
  const position = hexlab('position', '--position', puzzle.code);
  const report = hexlab('solve', '--position', position.code, '--all-winning');
  if (report.winner !== report.to_move) throw new Error(`${puzzle.id}: ${position.code}: the side to move loses`);
  Object.assign(puzzle, { code: position.code, to_move: report.to_move, winning: report.winning_moves, nodes: report.nodes });
  console.log(`${puzzle.id}: ${report.to_move} wins with ${report.winning_moves.join(', ')} (${report.nodes} nodes)`);
}
writeFileSync(FILE, `${JSON.stringify(data, null, 2)}\n`);
