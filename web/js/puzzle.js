// Puzzles without DOM: what a puzzle is, where the board stands in it, and how the solver's reports judge it.
//
// A puzzle is a set-up position (README's position code without `moves`), its side to move (the *mover*) and a
// goal; the one goal today is `win`: "Black to play and win". Its link is the set-up's code plus `puzzle=win`
// (and `collection=ID` for a puzzle of the built-in collection, js/collection.js); the moves played in an attempt
// follow as the code's `moves`, so the board, Undo and the history work as in any game.
//
// The mover's moves are the odd plies from the set-up (1, 3, 5, ...), the opponent's the even ones. Each mover's
// move is judged by solving the position after it (the opponent to move):
//   - the opponent loses: the move is right. If that position is *won outright* (the root of its proof is decided
//     without search: a winning chain, fill-in that completes one, a virtual connection between the mover's edges,
//     or threats with no common cell: an empty mustplay) the puzzle is solved; otherwise the engine answers with
//     the *strongest defence*: the reply the proof found hardest, i.e. the opponent's move whose refutation took
//     the most work in the solver's table (the principal variation's first move of a lost position; see
//     core/src/solver/proof.rs `principal_variation`).
//   - the opponent wins: the move is wrong. The refutation is the opponent's winning reply (the key of its winning
//     semi connection, else the principal variation's first move: the winning reply settled with least work), and
//     the connection that wins is drawn: the carrier of the proof node where the principal variation ends.

import { setupCode } from './editor.js';
import { quote } from './quote.js';
import { colorName, opponent, stoneMap } from './state.js';

/** The goals a puzzle link may name (`puzzle=`). */
export const GOALS = ['win'];

/** The proof reasons that decide a node without search: the position is won outright. */
export const OUTRIGHT = ['game-over', 'fill-in', 'connection', 'mustplay'];

/** A collection id: lower-case letters, digits and dashes, at most 40 characters. */
const COLLECTION_ID = /^[a-z0-9][a-z0-9-]{0,39}$/;

/** No puzzle. */
export function createPuzzle() {
  return {
    on: false,
    goal: 'win',
    start: null, // the puzzle's position code (its set-up, no moves)
    mover: null, // 'b' | 'w': the side to move at the set-up
    collection: null, // the id of a built-in puzzle, else null
    author: false, // made on this page: the author sees the solution
    reveal: false, // the solution is shown
    check: { status: 'idle' }, // the solve of the set-up: see checkOf
    judgments: new Map(), // position code after a mover's move -> judgment (see judge)
    job: null, // the solve running: { kind: 'check' | 'judge', code, progress, stopping }
    solved: false, // an attempt reached a position won outright
    mistakes: 0, // wrong moves judged so far
    loading: false, // the board is being brought to the puzzle (js/puzzles.js)
    copied: null, // Copy puzzle link's last result: { status: 'copied' | 'failed', link }
    error: null, // a link's goal the page does not know (shown while the board shows `errorAt`)
    errorAt: null,
  };
}

/**
 * The puzzle keys of a link (`splitView`'s `puzzle` and `collection`): null without `puzzle`, else `{ goal,
 * collection }`, or `{ error }` for a goal the page does not know. A malformed collection id is dropped.
 */
export function readPuzzleKeys({ puzzle = null, collection = null } = {}) {
  if (puzzle === null || puzzle === undefined) return null;
  if (!GOALS.includes(puzzle)) return { error: `This puzzle link asks for "${quote(puzzle)}": the only puzzle goal is "win".` };
  return { goal: puzzle, collection: COLLECTION_ID.test(collection ?? '') ? collection : null };
}

/** The position code of `code` without its moves: the set-up the moves start from (`moves=` and `at=` dropped). */
export function startCode(code) {
  return String(code ?? '').split('&').filter((field) => !/^(moves|at)=/.test(field)).join('&');
}

/**
 * The code of the position after the first `ply` moves of `view`'s line from the puzzle's set-up, without the
 * moves still to redo: the key of a judgment, and the position solved (its canonical code: the set-up's fields,
 * then `moves`).
 */
export function plyCode(p, view, ply = view?.cursor ?? 0) {
  return ply > 0 ? `${p.start}&moves=${view.moves.slice(0, ply).join(',')}` : p.start;
}

/** Whether the board (`view`) shows puzzle `p`: its set-up, or a position reached from it by moves. */
export function inPuzzle(p, view) {
  return !!(p?.on && p.start && view && startCode(view.code) === p.start);
}

/** The keys the address bar carries for the puzzle on the board: `{ puzzle, collection }`, or `{}` when none. */
export function puzzleKeys(state) {
  const p = state.puzzle;
  if (!inPuzzle(p, state.view)) return {};
  return p.collection ? { puzzle: p.goal, collection: p.collection } : { puzzle: p.goal };
}

/** The puzzle's link text (hash) for `p`: its set-up and keys, no moves. */
export function puzzleHash(p) {
  return `${p.start}&puzzle=${p.goal}${p.collection ? `&collection=${p.collection}` : ''}`;
}

/** The side to move at `view`'s set-up: the colour of the first move's stone, or the side to move before any. */
export function moverOf(view) {
  if (!view) return null;
  if (!view.cursor) return view.to_move;
  const first = view.moves?.[0];
  if (first === 'swap') return 'w';
  return stoneMap(view).get(first) ?? view.to_move;
}

/**
 * The puzzle set-up the author makes of `view` (its stones, its side to move; the moves become set-up stones):
 * `{ code }`, or `{ error }` when the game is over.
 */
export function makeCode(view) {
  if (!view) return { error: 'No position on the board yet.' };
  if (view.winner) return { error: `The game is over (${colorName(view.winner)} has won): a puzzle needs a position still to play.` };
  return { code: setupCode(view, view.black ?? [], view.white ?? [], view.to_move) };
}

/** A puzzle of `start` (a canonical set-up code) for `mover`. */
export function openPuzzle(start, mover, { goal = 'win', collection = null, author = false } = {}) {
  return Object.assign(createPuzzle(), { on: true, goal, start, mover, collection, author, reveal: author });
}

/** "Black to play and win". */
export function goalText(p) {
  return p?.mover ? `${colorName(p.mover)} to play and win` : '';
}

/**
 * The check of the set-up from its solve `report` (every legal move settled): `checked` with the winning moves,
 * or `refused` with why (the mover loses, or the game is already over).
 */
export function checkOf(report, { legal = null } = {}) {
  const mover = colorName(report.to_move);
  if (report.proof?.reason === 'game-over') {
    return { status: 'refused', message: 'The game is already over: a puzzle needs a position still to play.' };
  }
  if (report.winner !== report.to_move) {
    const winner = colorName(report.winner);
    return {
      status: 'refused',
      message: `No puzzle here: ${mover} to move loses with perfect play (${winner} wins whatever ${mover} plays), so "${mover} to play and win" has no solution.`,
    };
  }
  const winning = [...(report.winning_moves ?? [])];
  return { status: 'checked', winning, unique: winning.length === 1, legal, nodes: report.nodes ?? 0, ms: report.ms ?? 0 };
}

/** What the author (or anyone who asked for the solution) reads about the check. */
export function checkText(check, { reveal = false, mover = null } = {}) {
  switch (check?.status) {
    case 'running':
      return 'Checking the puzzle with the solver…';
    case 'stopped':
      return 'The check was stopped before the solver decided the position.';
    case 'refused':
      return check.message;
    case 'error':
      return `The check failed: ${check.message}`;
    case 'checked': {
      const who = colorName(mover);
      if (!reveal) return `Checked by the solver: ${who} has a winning move${check.unique ? ', only one' : 's'}.`;
      if (check.unique) return `Checked by the solver: the unique winning move is ${check.winning[0]}.`;
      const of = check.legal ? ` of ${check.legal} legal moves` : '';
      return `Checked by the solver: ${check.winning.length} winning moves${of}: ${check.winning.join(', ')}.`;
    }
    default:
      return '';
  }
}

/** The strongest defence of a lost position's `report`: the reply the proof found hardest (null: none to make). */
export function strongestDefence(report) {
  return report?.pv?.[0] ?? null;
}

/** Whether a solved position's `report` is won outright: its proof's root is decided without search. */
export function wonOutright(report) {
  return !!report?.winner && OUTRIGHT.includes(report.proof?.reason);
}

/**
 * Judges the mover's `move` from the `report` of the position after it (`code`, the opponent to move):
 *   { move, code, verdict: 'right' | 'wrong', reply, outright, node, line, explain }
 * `reply` is the engine's answer (right and not outright: the strongest defence) or the refutation (wrong);
 * `node` the proof node whose carrier is drawn (the report's root when it is decided without search); `explain`
 * the path to ask the solver for when that node is deeper (wrong moves whose refutation needs search: the
 * principal variation), else null. `line` the moves from `code` to that node.
 */
export function judge(report, { move, code, mover }) {
  const right = report.winner === mover;
  const root = report.proof ?? null;
  if (right) {
    const outright = wonOutright(report);
    return { move, code, verdict: 'right', outright, reply: outright ? null : strongestDefence(report), node: outright ? root : null, line: [], explain: null };
  }
  // Wrong: the opponent wins from here. Decided at once (a semi connection whose key wins, or a chain the fill-in
  // completes), or by the principal variation down to the node that decides it.
  if (root && OUTRIGHT.includes(root.reason)) {
    const reply = root.key ?? report.pv?.[0] ?? null;
    return { move, code, verdict: 'wrong', outright: false, reply, node: root, line: reply ? [reply] : [], explain: null };
  }
  const line = [...(report.pv ?? [])];
  return { move, code, verdict: 'wrong', outright: false, reply: line[0] ?? null, node: null, line, explain: line.length ? line : null };
}

/** The moves of a line as words: "White d4, Black c2, White b3". `first` is the colour of the first. */
function lineWords(line, first) {
  return line.map((move, i) => `${colorName(i % 2 ? opponent(first) : first)} ${move}`).join(', ');
}

/** Why `node` is decided, in words, for its winner (a sentence without the final stop). */
export function nodeWords(node) {
  if (!node?.winner) return '';
  const w = colorName(node.winner);
  const loser = colorName(opponent(node.winner));
  switch (node.reason) {
    case 'game-over':
      return `${w}'s chain joins ${w}'s two edges`;
    case 'fill-in':
      return `with the dead and captured cells filled in, ${w}'s chain joins ${w}'s edges`;
    case 'connection':
      if (node.key && node.to_move === node.winner) return `${w} then holds a virtual connection between ${w}'s edges by playing ${node.key} (dotted)`;
      return `${w} holds a virtual connection between ${w}'s edges (the dotted cells): whatever ${loser} plays there, ${w} answers inside it and connects`;
    case 'mustplay':
      return `${w} threatens to connect in several ways at once (the dotted cells) and no ${loser} move stops them all`;
    default:
      return `${w} wins`;
  }
}

/** The verdict in words, for the panel (and the live region). */
export function judgmentText(j, mover) {
  if (!j) return '';
  const me = colorName(mover);
  const them = colorName(opponent(mover));
  if (j.status === 'judging') return `Checking ${j.move} with the solver…`;
  if (j.status === 'stopped') return `The check of ${j.move} was stopped: play it again to have it judged.`;
  if (j.status === 'error') return `Could not judge ${j.move}: ${j.error}`;
  if (j.verdict === 'right') {
    if (j.outright) return `Right: ${j.move} wins. Solved! ${capital(nodeWords(j.node))}.`;
    if (j.anyReply) return `Right: ${j.move} wins. Every ${them} reply loses; the engine plays ${j.reply}. Your move.`;
    return `Right: ${j.move} wins. ${them}'s strongest defence is ${j.reply} (the engine plays it): the reply whose refutation took the solver the most work. Your move.`;
  }
  if (!j.reply) return `Wrong: ${j.move} loses. ${capital(nodeWords(j.node))}.`;
  const rest = j.line.length > 1 ? `; the line goes on ${lineWords(j.line.slice(1), mover)}` : '';
  const why = j.node ? nodeWords(j.node) : 'the solver is working out the connection';
  return `Wrong: ${j.move} loses. ${them} answers ${j.reply} and wins${rest}: ${why}. Try again.`;
}

/** The verdict in a few words, for the bar over the board (the panel has the whole sentence). */
export function shortText(j, mover) {
  if (!j) return '';
  if (j.status === 'judging') return `Checking ${j.move}…`;
  if (j.status) return `${j.move}: not judged.`;
  if (j.verdict === 'right') return j.outright ? `${j.move} wins. Solved!` : `${j.move} wins; ${colorName(opponent(mover))} answers ${j.reply}. Your move.`;
  return j.reply ? `${j.move} loses: ${colorName(opponent(mover))} answers ${j.reply}.` : `${j.move} loses.`;
}

function capital(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

/**
 * What the board marks for the puzzle (null: nothing, the board is left to the other overlays). The shape of
 * solve.js `solveOverlay`: `marks` cell -> `data-mark`, `glyphs` cell -> 'b' | 'w' (ghost stones), `mustplay`, `pv`.
 *   - at the set-up with the solution shown: every winning move `win`;
 *   - after a right move: the move `puzzle-right`; solved, the winning connection's cells `puzzle-carrier`;
 *   - after a wrong move: the move `puzzle-wrong`, the refutation `puzzle-reply` (a ghost stone of the opponent),
 *     the rest of the line `puzzle-line` (ghost stones) and the connection that wins `puzzle-carrier` (its key
 *     `puzzle-key`, a ghost stone), the fill-in of that node as ghost stones.
 */
export function puzzleOverlay(state) {
  const p = state.puzzle;
  const view = state.view;
  if (!inPuzzle(p, view)) return null;
  const marks = new Map();
  const glyphs = new Map();
  const ply = view.cursor ?? 0;
  if (ply === 0) {
    if (!(p.reveal && p.check.status === 'checked')) return null;
    for (const cell of p.check.winning) marks.set(cell, 'win');
    return { key: `puzzle|${view.code}|solution`, marks, glyphs, mustplay: new Set(), pv: null, page: 'puzzle' };
  }
  const j = p.judgments.get(plyCode(p, view));
  if (!j || ply % 2 === 0 || j.status) return null;
  const stones = stoneMap(view);
  const them = opponent(p.mover);
  if (j.verdict === 'wrong') {
    j.line.forEach((move, i) => {
      if (move === 'swap' || stones.has(move)) return;
      marks.set(move, i === 0 ? 'puzzle-reply' : 'puzzle-line');
      glyphs.set(move, i % 2 ? p.mover : them);
    });
  }
  const node = j.node;
  if (node) {
    for (const [cells, color] of [[node.fillin_black, 'b'], [node.fillin_white, 'w']]) {
      for (const cell of cells ?? []) {
        if (marks.has(cell) || stones.has(cell)) continue;
        marks.set(cell, `puzzle-fill-${color}`);
        glyphs.set(cell, color);
      }
    }
    for (const cell of node.carrier ?? []) if (!marks.has(cell) && !stones.has(cell)) marks.set(cell, 'puzzle-carrier');
    if (node.key && !marks.has(node.key) && !stones.has(node.key)) {
      marks.set(node.key, 'puzzle-key');
      glyphs.set(node.key, node.winner);
    }
  }
  if (j.move !== 'swap') marks.set(j.move, j.verdict === 'right' ? 'puzzle-right' : 'puzzle-wrong');
  return { key: `puzzle|${view.code}|${j.verdict}|${node ? 'node' : 'none'}|${p.reveal}`, marks, glyphs, mustplay: new Set(), pv: null, page: 'puzzle' };
}
