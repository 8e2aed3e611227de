// The games the player left, without DOM: New game (or a pasted link) never throws a game away. The one
// left goes on `back`, so Undo on a game with no move to take back returns to it (and Redo at the end of
// that game goes forward to the newer one again), as the browser's Back/Forward do through the address bar.
// Only position codes are kept: the engine rebuilds the game from its code.

/** No game left yet. */
export function createGames() {
  return { back: [], forward: [] };
}

/** `current` (a position code, or null) is left for another game: it goes on `back`; the newer games are dropped. */
export function leaveGame(games, current) {
  if (current) games.back.push(current);
  games.forward.length = 0;
}

/** A move was played in the current game: a newer game that was left by Undo cannot come back by Redo. */
export function branchGame(games) {
  games.forward.length = 0;
}

/** The code Undo returns to when the current game has no move to take back (null: none). */
export function previousGame(games) {
  return games.back.at(-1) ?? null;
}

/** The code Redo goes to when the current game has no move to redo (null: none). */
export function nextGame(games) {
  return games.forward.at(-1) ?? null;
}

/**
 * The board now shows `code`, reached from `current` (Undo or Redo across games, or the browser's Back or
 * Forward): a game on top of one stack moves the current game onto the other. Returns true if it was one.
 */
export function arriveAt(games, code, current) {
  const [from, to] = previousGame(games) === code ? [games.back, games.forward] : nextGame(games) === code ? [games.forward, games.back] : [];
  if (!from || code === current) return false;
  from.pop();
  if (current) to.push(current);
  return true;
}

/** Whether Undo can do anything: a move to take back, or a game to return to. */
export function canUndo(view, games) {
  return !!view && (!!view.can_undo || games.back.length > 0);
}

/** Whether Redo can do anything: a move to redo, or a newer game to go forward to. */
export function canRedo(view, games) {
  return !!view && (!!view.can_redo || games.forward.length > 0);
}
