// The board editor without DOM: the Edit mode's state (on, the tool), and the set-up position code a change
// makes. The editor writes set-ups only (`b=`, `w=`, `turn=`: README's position codes): the stones on the board
// become set-up stones, the moves (and the moves still to redo) are gone, and the engine reads the code as any link.

export const TOOLS = ['black', 'white', 'empty'];
const TOOL_COLOR = { black: 'b', white: 'w', empty: null };

/** The Edit mode: off, with the black tool. `edits` counts the changes since it was turned on (the first one leaves the game). */
export function createEditor(on = false, tool = 'black') {
  return { on: !!on, tool: TOOLS.includes(tool) ? tool : 'black', edits: 0 };
}

/** The position code of a set-up: `view`'s shape, rules and swap rule, the stones `black` and `white`, `turn` to move. */
export function setupCode(view, black, white, turn) {
  const width = view.width ?? view.size;
  const height = view.height ?? view.size;
  const fields = [`size=${width === height ? width : `${width}x${height}`}`];
  if (view.rules && view.rules !== 'hex') fields.push(`rules=${view.rules}`);
  if (view.swap_rule === false) fields.push('swap=no');
  if (black.length) fields.push(`b=${[...black].join(',')}`);
  if (white.length) fields.push(`w=${[...white].join(',')}`);
  fields.push(`turn=${turn === 'w' ? 'w' : 'b'}`);
  return fields.join('&');
}

/**
 * The set-up after `tool` is used on `cell` of `view` (the side to move stays): black or white puts that colour's
 * stone there (over any other), or takes it away if the cell already holds it; empty clears the cell. Null if
 * nothing changes.
 */
export function editCode(view, cell, tool) {
  if (!view || !cell || !TOOLS.includes(tool)) return null;
  const black = new Set(view.black ?? []);
  const white = new Set(view.white ?? []);
  const color = TOOL_COLOR[tool];
  const had = black.has(cell) ? 'b' : white.has(cell) ? 'w' : null;
  if (!color && !had) return null;
  black.delete(cell);
  white.delete(cell);
  if (color && had !== color) (color === 'b' ? black : white).add(cell);
  return setupCode(view, [...black], [...white], view.to_move);
}

/** The set-up of `view`'s stones with `turn` to move; null if that is already the side to move of a set-up. */
export function turnCode(view, turn) {
  if (!view || (turn !== 'b' && turn !== 'w')) return null;
  if (turn === view.to_move && !(view.moves ?? []).length) return null;
  return setupCode(view, view.black ?? [], view.white ?? [], turn);
}

/** The empty board of `view`'s shape and rules, with Black to move (the editor's Clear). */
export function clearCode(view) {
  return view ? setupCode(view, [], [], 'b') : null;
}
