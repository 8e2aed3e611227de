// The board as a keyboard grid, without DOM: which cell has the roving focus (the one cell with tabindex 0), where
// an arrow key moves it, and what a screen reader says about a cell. Rows are the board's rows (1, 2, …), cells in
// a row its columns (a, b, …): left/right stay in the row, up/down keep the column (on the rhombus that is the
// neighbour up-right / down-left, the cell with the same letter), and no key wraps around.

import { cellName, parseCell } from './geometry.js';
import { stoneMap } from './state.js';

const STEPS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/** Whether `key` moves the focus on the board (the four arrows). */
export function isGridKey(key) {
  return key in STEPS;
}

/** The cell the arrow `key` moves to from `cell` on a width × height board (the same cell at a border). */
export function gridStep(cell, key, width, height) {
  const at = parseCell(cell);
  const step = STEPS[key];
  if (!at || !step) return cell;
  const col = Math.min(width - 1, Math.max(0, at[0] + step[0]));
  const row = Math.min(height - 1, Math.max(0, at[1] + step[1]));
  return cellName(col, row);
}

/** Whether `cell` is a cell of a width × height board. */
export function onBoard(cell, width, height) {
  const at = parseCell(cell);
  return !!at && at[0] < width && at[1] < height;
}

/**
 * The cell that has the roving focus on `view`'s board: `chosen` (the last cell the keyboard or a click went to)
 * while it is on this board, else the board's centre (the first move most players look at).
 */
export function gridCell(chosen, view) {
  if (!view) return null;
  const width = view.width ?? view.size;
  const height = view.height ?? view.size;
  if (chosen && onBoard(chosen, width, height)) return chosen;
  return cellName(Math.floor((width - 1) / 2), Math.floor((height - 1) / 2));
}

// What a mark on a cell means, in words (the marks of Solve, the Openings map and puzzles; other overlays have
// their own panels): read after the cell's stone, so a screen reader tells the marks apart as the eye does.
const MARK_WORDS = {
  win: 'winning move',
  loss: 'losing move',
  'puzzle-right': 'right move',
  'puzzle-wrong': 'wrong move',
  'puzzle-reply': 'the winning reply',
  'puzzle-line': 'next in the winning line',
  'puzzle-carrier': 'in the winning connection',
  'puzzle-key': 'the key of the winning connection',
  'proof-carrier': 'in the proof\'s connection',
  'proof-key': 'the key of the proof\'s connection',
};

/** The words for `mark` (null when it has none). */
export function markWords(mark) {
  return MARK_WORDS[mark] ?? null;
}

/**
 * What a screen reader says about `cell` of `view`: "c3, black stone", "c3, empty" (", winning chain" and so on),
 * then what its `mark` means (", winning move").
 */
export function cellLabel(cell, view, stones = stoneMap(view), mark = null) {
  const stone = stones.get(cell);
  const parts = [cell, stone === 'b' ? 'black stone' : stone === 'w' ? 'white stone' : 'empty'];
  if (view?.winner && (view.winning_chain ?? []).includes(cell)) parts.push(view.rules === 'rex' ? 'losing chain' : 'winning chain');
  const words = markWords(mark);
  if (words) parts.push(words);
  return parts.join(', ');
}
