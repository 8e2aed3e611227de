// Play: a game against the engine. `state.play` holds everything shown; `createPlay` the actions (dependencies
// injected: the player client js/thinker.js, the controller's actions, the redraw); `renderPlay` the panel.
//
// The policy:
//   - With Play on, whenever the board shows a position where the engine is to move (the human plays `human`),
//     the engine thinks (worker pool, progress after each slice) and plays its move through the controller, as a
//     click would; the page never waits on it (the board, the panel and Undo stay live).
//   - One search at a time, for the position on the board: another position (Undo, a new game, a link) stops it
//     and its answer is dropped; the human's moves are the only clicks taken while Play is on, and only on the
//     human's turn.
//   - The strength is a level from 1 to 10 (the player's simulations per move, core `mohex::level`); the search
//     ends when the level's simulations are spent, the position is proven, "Move now" is pressed, or its time
//     budget `budgetMs` has passed. The search gets the budget less `PLAY_RESERVE_MS` (100 ms) and the thinker
//     answers at most its grace (80 ms) after that (js/thinker.js): the move comes when the budget ends (playing it
//     and drawing it take a little more).
//   - A proven position is said so ("the engine has a proven win"); the engine then plays a winning move (the
//     player plays one whenever it proves the win).
//   - Under the swap rule the engine swaps a first move away from the board's outer ring, and as Black opens
//     on a cell of White's edge (a fair opening to swap or not).

import { colorName, opponent } from './state.js';

export const LEVELS = 10;

/** The time kept back from a move's budget for playing the move and drawing it (ms). */
export const PLAY_RESERVE_MS = 100;

export function createPlayState() {
  return {
    on: false,
    human: 'b', // the human's colour
    level: 5,
    status: 'off', // 'off' | 'your-turn' | 'thinking' | 'over' | 'error'
    code: null, // the position the engine thinks (or thought) about
    progress: null, // the last progress: { move, winrate, visits, games, ms, proven, pv, top }
    proven: null, // 'win' | 'loss' for the engine, once its search proved it
    lastMs: null, // how long the engine's last move took
    budgetMs: null, // the time a move may take, when set (else the page's config)
    error: null,
  };
}

/** The engine's colour. */
export const engineColor = (play) => opponent(play.human);

/** Whether the engine is to move in `view` (and the game goes on). */
export function enginesTurn(play, view) {
  return !!(play.on && view && !view.winner && view.to_move === engineColor(play) && view.legal?.length);
}

/** The opening the engine plays as Black under the swap rule: a cell of White's edge (column a), not a corner. */
export function swapOpening(view, random = Math.random) {
  const rows = view.height ?? view.size;
  const row = 2 + Math.floor(random() * Math.max(1, rows - 3));
  return `a${Math.min(row, rows - 1)}`;
}

/** Whether the engine, White under the swap rule, swaps Black's first stone `cell`: yes unless on the outer ring. */
export function shouldSwap(view, cell) {
  const col = cell.charCodeAt(0) - 97;
  const row = Number(cell.slice(1)) - 1;
  const w = view.width ?? view.size;
  const h = view.height ?? view.size;
  return col > 0 && row > 0 && col < w - 1 && row < h - 1;
}

/**
 * The actions. `actions` is the controller (`play(move)`, `newGame(settings)`); `budgetMs(level)` the time a
 * move may take; `random` can be replaced (unit tests).
 */
export function createPlay({ state, thinker, actions, redraw, budgetMs = () => 15000, random = Math.random }) {
  state.play ??= createPlayState();
  let token = 0; // the newest search: older answers are dropped

  function stopThinking() {
    if (state.play.status === 'thinking') thinker.stop();
    token++;
  }

  /** Starts the engine's move on `view` (its turn). */
  async function move(view) {
    const p = state.play;
    const mine = ++token;
    Object.assign(p, { status: 'thinking', code: view.code, progress: null, error: null });
    redraw();
    // Under the swap rule: the opening, and whether to swap it.
    if (view.swap_rule && view.cursor === 0 && view.black.length + view.white.length === 0) {
      return finish(mine, view, swapOpening(view, random), 0);
    }
    if (view.swap_legal && view.black.length === 1 && view.white.length === 0 && shouldSwap(view, view.black[0])) {
      return finish(mine, view, 'swap', 0);
    }
    const started = performance.now();
    const last = view.cursor > 0 ? view.moves[view.cursor - 1] : '';
    try {
      const result = await thinker.think(view.code, {
        level: p.level,
        // The search ends `PLAY_RESERVE_MS` early: playing the move and drawing it take the rest.
        budgetMs: Math.max(1, (p.budgetMs ?? budgetMs(p.level)) - PLAY_RESERVE_MS),
        last: last === 'swap' ? '' : last,
        onProgress(progress) {
          if (mine !== token) return;
          p.progress = progress;
          redraw();
        },
      });
      if (mine !== token) return;
      p.progress = result;
      if (result.proven) p.proven = result.proven;
      return finish(mine, view, result.move, performance.now() - started);
    } catch (err) {
      if (mine !== token) return;
      Object.assign(p, { status: 'error', error: err.message });
      redraw();
    }
  }

  function finish(mine, view, cell, ms) {
    const p = state.play;
    if (mine !== token || state.view?.code !== view.code) return;
    p.lastMs = ms;
    if (!cell || cell === 'resign') {
      Object.assign(p, { status: 'over' });
      redraw();
      return;
    }
    p.status = 'played';
    redraw();
    return actions.play(cell);
  }

  const play = {
    /** Play on or off (off stops the engine's search). */
    setOn(on) {
      const p = state.play;
      if (p.on === !!on) return;
      p.on = !!on;
      p.code = null;
      p.proven = null;
      if (!on) {
        stopThinking();
        p.status = 'off';
      }
      play.follow(state.view);
      redraw();
    },

    /** The human's colour; the engine takes the other (and moves if it is now its turn). */
    setColor(color) {
      if (color !== 'b' && color !== 'w') return;
      state.play.human = color;
      stopThinking();
      state.play.code = null;
      play.follow(state.view);
      redraw();
    },

    setLevel(level) {
      const n = Math.round(Number(level));
      if (n >= 1 && n <= LEVELS) state.play.level = n;
      redraw();
    },

    /** A new game with the Game settings (size, swap rule): the engine forgets its tree. */
    newGame() {
      stopThinking();
      state.play.proven = null;
      state.play.code = null;
      thinker.clear();
      return actions.newGame();
    },

    /** "Move now": the engine plays its best move so far. */
    moveNow() {
      if (state.play.status === 'thinking') thinker.moveNow();
    },

    /** The board shows `view`: the engine moves if it is its turn (once per position). */
    follow(view) {
      const p = state.play;
      if (!p.on) return;
      const code = view?.code ?? null;
      if (code === p.code && p.status !== 'played') return;
      if (p.status === 'thinking' && code !== p.code) stopThinking();
      p.code = code;
      if (!view) return;
      if (view.winner) {
        p.status = 'over';
      } else if (enginesTurn(p, view)) {
        if (p.status !== 'thinking' || p.code !== code) move(view);
      } else {
        p.status = 'your-turn';
      }
    },

    /** A click on the board while Play is on: swallowed (true) unless it is the human's turn. */
    clickCell() {
      const p = state.play;
      if (!p.on) return false;
      const view = state.view;
      return !view || !!view.winner || view.to_move !== p.human;
    },
  };
  return play;
}

const count = (n) => Math.round(n).toLocaleString('en');

/** The panel's status line. */
export function playText(state) {
  const p = state.play;
  const view = state.view;
  if (!p?.on) return '';
  if (p.status === 'error') return `The engine failed: ${p.error}`;
  const engine = colorName(engineColor(p));
  if (view?.winner) return view.winner === p.human ? 'You win.' : `The engine (${engine}) wins.`;
  if (p.status === 'thinking') {
    const g = p.progress;
    const proven = g?.proven === 'win' ? ' It has a proven win.' : g?.proven === 'loss' ? ' It is proven lost.' : '';
    return g
      ? `The engine (${engine}) is thinking: ${count(g.visits)} visits, best ${g.move} (${Math.round(100 * g.winrate)}%).${proven}`
      : `The engine (${engine}) is thinking…`;
  }
  const proven = p.proven === 'win' ? ' The engine has a proven win.' : p.proven === 'loss' ? ' The engine is proven lost.' : '';
  return `Your move (${colorName(p.human)}).${proven}`;
}
