// Everything the page knows, with no DOM: the engine's facts, the current View, the error, the last playouts.
// The page knows no Hex rules: every View (stones, legal cells, winner) comes from the engine.

import { createAnalysis } from './analysis.js';
import { createConnections } from './connections.js';
import { defaults } from './config.js';
import { createEditor } from './editor.js';
import { createGames } from './games.js';
import { createMemo } from './memo.js';
import { clip } from './quote.js';

const COLOR_NAME = { b: 'Black', w: 'White' };

/** A fresh state: engine loading, no position yet. */
export function createState(config = defaults) {
  return {
    engine: {
      status: 'loading', // 'loading' | 'ready' | 'failed'
      version: '',
      threads: 0, // rayon threads in the pool (threadCount())
      isolated: false, // self.crossOriginIsolated in the worker
      package: '', // 'threads' | 'single'
      note: '', // why the single package was used, if it was
    },
    view: null, // the last View from the engine (see README for its fields)
    error: null, // message for #error, or null
    busy: 0, // requests in flight
    playouts: null, // null | { running: true } | the position's playouts result (source 'run' | 'memo') | { error }
    analysis: createAnalysis(config.analysis), // the Analysis toggle and the last report (see analysis.js)
    connections: createConnections(config.connections, config.mustplay, config.fillin, config.edges), // the Connections mode (see connections.js)
    // The New game choices shown in the panel: they apply to the next game only, when New game is pressed.
    settings: { width: config.width, height: config.height, rules: config.rules, swapRule: config.swapRule },
    games: createGames(), // the games left by New game or a pasted link (see games.js)
    tree: null, // the game tree: variations, comments, the current node (see tree.js)
    memo: createMemo(), // analyses and H-search answers already computed, by position (see memo.js)
    file: null, // the last game record opened or saved: { status: 'opened' | 'saved' | 'error', name, dialect }
    share: null, // the last Copy of a line link, HexWorld or trmph link: { kind, status, url }
    edit: createEditor(), // the Edit mode (see editor.js)
    copied: null, // the Copy link button's last result: { status: 'copied' | 'failed', href }
    device: { coarse: false }, // matchMedia('(pointer: coarse)'): a touch screen, no mouse (set by main.js)
    gridCell: null, // the board cell with the roving keyboard focus (null: the board's default, see grid.js)
    announcement: '', // what #announcer says about the last change of position (moveAnnouncement)
  };
}

/** The settings of `view`'s game, as the New game choices: { width, height, rules, swapRule }. */
export function settingsOf(view) {
  return { width: view.width ?? view.size, height: view.height ?? view.size, rules: view.rules, swapRule: !!view.swap_rule };
}

/**
 * Makes `view` the current position. With `adopt` (another game: a new one, a link, a game returned to) the
 * New game choices follow it; a move, undo or redo keeps the choices the player made for the next game.
 */
export function setView(state, view, { adopt = false } = {}) {
  state.view = view;
  if (adopt) state.settings = settingsOf(view);
}

/** Chooses settings for the next game (the panel's Size, Rules and Swap rule); the game on the board is untouched. */
export function chooseSettings(state, settings) {
  state.settings = { ...state.settings, ...settings };
}

/** Whether the New game choices differ from the game on the board (they wait for New game). */
export function settingsPending(state) {
  if (!state.view) return false;
  const now = settingsOf(state.view);
  const next = state.settings;
  return now.width !== next.width || now.height !== next.height || now.rules !== next.rules || now.swapRule !== !!next.swapRule;
}

/** Shows `message` in #error (null clears it). */
export function setError(state, message) {
  state.error = clip(message) || null; // never more than MESSAGE_CHARS characters, whatever a link held
}

/** Map from cell name to 'b' or 'w' for the stones of `view`. */
export function stoneMap(view) {
  const map = new Map();
  for (const cell of view?.black ?? []) map.set(cell, 'b');
  for (const cell of view?.white ?? []) map.set(cell, 'w');
  return map;
}

/** The cell of the last applied move if it holds a stone now (not a swap), else null. */
export function lastMoveCell(view) {
  if (!view || !view.cursor) return null;
  const move = view.moves[view.cursor - 1];
  return stoneMap(view).has(move) ? move : null;
}

/** "Black" / "White" for 'b' / 'w'. */
export function colorName(color) {
  return COLOR_NAME[color] ?? String(color);
}

/** The other colour. */
export function opponent(color) {
  return color === 'b' ? 'w' : 'b';
}

/**
 * What the engine's `winning_chain` is: 'winning' (the winner's chain), 'losing' under Rex (misère), where the
 * chain that decided the game is the loser's, who joined their own edges; null while nobody has won.
 */
export function chainKind(view) {
  if (!view?.winner) return null;
  return view.rules === 'rex' ? 'losing' : 'winning';
}

/** One line about the game: whose turn it is, or who won (under Rex, because the other side connected). */
export function gameText(view) {
  if (!view) return 'no position yet';
  if (view.winner && view.rules === 'rex') {
    const loser = colorName(opponent(view.winner));
    return `${colorName(view.winner)} wins: ${loser} connected ${loser}'s own edges and loses (Rex)`;
  }
  if (view.winner) return `${colorName(view.winner)} wins`;
  return `${colorName(view.to_move)} to move`;
}

/**
 * What the live region (#announcer) says when the board goes from `prev` to `next`: the move just played ("Black
 * c3", "White swaps") when `played`, else where the game now is ("Move 3, White b2", "No moves"); then the result
 * once the game is decided ("Black c3. Black wins").
 */
export function moveAnnouncement(prev, next, { played = false } = {}) {
  if (!next) return '';
  const ply = next.cursor ?? 0;
  const move = ply ? next.moves[ply - 1] : null;
  let text;
  if (move === 'swap') text = 'White swaps';
  else if (move) text = `${colorName(next.movers?.[ply - 1] ?? stoneMap(next).get(move))} ${move}`; // movers: a game tree's line (tree.js)
  if (!played) text = move ? `Move ${ply}, ${text}` : 'No moves';
  const over = next.winner ? gameText(next) : played ? '' : gameText(next);
  return over ? `${text}. ${over}` : text;
}

/** One line about the engine: readiness, pool threads, cross-origin isolation. */
export function engineText(engine) {
  if (engine.status === 'loading') return 'engine loading…';
  if (engine.status === 'failed') return 'engine failed to start';
  const threads = `${engine.threads} thread${engine.threads === 1 ? '' : 's'}`;
  if (engine.isolated && engine.package === 'threads') return `engine ready · ${threads} · cross-origin isolated`;
  if (engine.isolated) return `engine ready · cross-origin isolated, but threads failed (${engine.note}): ${threads}`;
  return `engine ready · not cross-origin isolated: ${threads}`;
}

/** Percent with one decimal. */
function percent(part, whole) {
  return whole ? `${((100 * part) / whole).toFixed(1)}%` : '–';
}

/**
 * One line for the position's playouts run ("remembered: …" when it was run on an earlier visit). The shares are
 * of random games (random moves to the end), not an evaluation of the position: the line says whose random
 * playouts they are ("won by Black"), and the page adds a note.
 */
export function playoutsText(result) {
  if (!result) return '';
  if (result.running) return 'running random playouts…';
  if (result.error) return `playouts failed: ${result.error}`;
  const ms = result.worker_millis ?? result.millis;
  const perSecond = ms > 0 ? Math.round((result.playouts * 1000) / ms) : 0;
  return (
    (result.source === 'memo' ? 'remembered: ' : '') +
    `${result.playouts} random playouts · won by Black ${percent(result.black_wins, result.playouts)}` +
    ` · by White ${percent(result.white_wins, result.playouts)}` +
    ` · ${result.threads} thread${result.threads === 1 ? '' : 's'} · ${Math.round(ms)} ms` +
    ` (${perSecond.toLocaleString('en')}/s)`
  );
}
