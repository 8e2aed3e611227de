// Address bar sync: the hash always holds the current position's code, plus the page's own keys (the engine
// ignores keys it does not know, and the page strips them before it asks): `view=ica` while the Analysis toggle
// is on, `view=vc` while the Connections mode is on, `view=ica,vc` with both; `fillin=1` while the Connections
// mode is on and its "Fill in dead and captured cells first" box is ticked (the box keeps its state while the
// mode is off, but the link then leaves it out), and `edges=1` likewise for its "AND rule through edges" box.
// A link's `fillin=1` (`edges=1`) ticks its box, with the mode on or off. A puzzle adds `puzzle=win` (the goal:
// the side to move at the set-up plays and wins) and, for a puzzle of the built-in collection, `collection=ID`
// (js/puzzle.js); the page writes them while the board shows that puzzle.
// History: a move played, a new game and a pasted link push an entry (`history.pushState`), so the browser's
// Back and Forward walk the positions; undo, redo, a jump in the move list and the toggles replace the current
// entry. Back/Forward (`popstate`) and an edited hash (`hashchange`) load the hash's position.
// One edit of the address bar fires both events, popstate at once and hashchange a task later. When the edit
// turns a view or box on or off, the page rewrites the address in between (the old position with the new keys,
// until the new position loads); the second event must not read that as an edit back to the old position. So an
// event whose hash is exactly the text the page itself wrote last is ignored: it is the page's own writing, or
// the very position and keys already shown (nothing to do either way). Each handled event forgets that text.

/** The text of a location hash ("#size=7&moves=d4" -> "size=7&moves=d4"); "" if none. */
export function codeFromHash(hash) {
  let code = (hash || '').replace(/^#/, '');
  try {
    code = decodeURIComponent(code);
  } catch {
    // Keep the raw text: the engine will say what is wrong with it.
  }
  return code.trim();
}

/**
 * Splits off the page's own keys: "size=5&moves=c3&view=ica&fillin=1" -> { code: "size=5&moves=c3", view: "ica",
 * fillin: true, edges: false }. `view` is null without the key; `fillin` is true only for `fillin=1`, `edges`
 * only for `edges=1`; `puzzle` and `collection` are there (the keys' text) only when the link has them.
 */
export function splitView(text) {
  let view = null;
  let fillin = false;
  let edges = false;
  let puzzle = null;
  let collection = null;
  const parts = String(text).split('&').filter((part) => {
    const match = /^(view|fillin|edges|puzzle|collection)=(.*)$/.exec(part);
    if (match?.[1] === 'view') view = match[2];
    if (match?.[1] === 'fillin') fillin = match[2] === '1';
    if (match?.[1] === 'edges') edges = match[2] === '1';
    if (match?.[1] === 'puzzle') puzzle = match[2];
    if (match?.[1] === 'collection') collection = match[2];
    return !match;
  });
  const split = { code: parts.join('&'), view, fillin, edges };
  if (puzzle !== null) split.puzzle = puzzle;
  if (collection !== null) split.collection = collection;
  return split;
}

/**
 * The hash text for `code` with the page's `view` key (none if `view` is null), `fillin=1` if `fillin`,
 * `edges=1` if `edges`, then `puzzle=` and `collection=` when given.
 */
export function hashText(code, view = null, { fillin = false, edges = false, puzzle = null, collection = null } = {}) {
  const tail = `${puzzle ? `&puzzle=${puzzle}` : ''}${collection ? `&collection=${collection}` : ''}`;
  return `${code}${view ? `&view=${view}` : ''}${fillin ? '&fillin=1' : ''}${edges ? '&edges=1' : ''}${tail}`;
}

/** The views named by a `view` value: "ica,vc" -> Set { "ica", "vc" } (null or "" -> an empty Set). */
export function parseViews(view) {
  return new Set(String(view ?? '').split(',').map((v) => v.trim()).filter(Boolean));
}

/** The `view` value for the views that are on, in a fixed order: (true, true) -> "ica,vc"; null when none. */
export function viewValue({ analysis = false, connections = false } = {}) {
  const views = [analysis && 'ica', connections && 'vc'].filter(Boolean);
  return views.length ? views.join(',') : null;
}

/** The current page's hash, split as by `splitView`: `{ code, view, fillin, edges, puzzle, collection }`. */
export function readHash() {
  return splitView(codeFromHash(location.hash));
}

/**
 * Shows `code` (and `view`, `fillin=1` if `options.fillin`, `edges=1` if `options.edges`) in the address bar,
 * without a hashchange event: as a new history entry if `push` and the position code changed (a move, a new
 * game), else in place of the current entry. `state`, when given, is what the entry keeps (`history.state`: the
 * page keeps its game tree there, see treectrl.js); it is kept up to date even when the address stays the same.
 */
let written = null; // the hash text the page wrote last, until an event is handled (see the top of this file)

export function writeHash(code, view = null, options = {}, { push = false, state } = {}) {
  const text = hashText(code, view, options);
  const keep = state === undefined ? history.state : state;
  if (codeFromHash(location.hash) === text) {
    if (state !== undefined) replaceState(keep, location.hash);
    return;
  }
  written = text;
  if (push && splitView(codeFromHash(location.hash)).code !== code) pushState(keep, '#' + text);
  else replaceState(keep, '#' + text);
}

/** `history.pushState`, without the entry's state when it cannot be kept (too large, not cloneable). */
function pushState(state, url) {
  try {
    history.pushState(state, '', url);
  } catch {
    history.pushState(null, '', url);
  }
}

/** `history.replaceState`, likewise. */
function replaceState(state, url) {
  try {
    history.replaceState(state, '', url);
  } catch {
    history.replaceState(null, '', url);
  }
}

/**
 * Calls `onChange(code, view, { fillin, edges, puzzle, collection })` when the user edits or pastes the hash, or walks the history
 * (Back, Forward: `popstate`; both events may come for one step, the page ignores a position it already shows);
 * returns the unbind function.
 */
export function bindHash(onChange) {
  const listener = () => {
    const text = codeFromHash(location.hash);
    const own = text === written;
    written = null;
    if (own) return; // the page's own rewrite between the two events of one edit (see the top of this file)
    const { code, view, ...keys } = splitView(text);
    onChange(code, view, keys);
  };
  window.addEventListener('hashchange', listener);
  window.addEventListener('popstate', listener);
  return () => {
    window.removeEventListener('hashchange', listener);
    window.removeEventListener('popstate', listener);
  };
}
