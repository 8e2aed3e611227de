// What the workers already computed, remembered by position, without DOM: stepping back and forth through a
// game (or into a branch that reaches a position seen before) shows the inferior cell analysis and the
// Connections mode's H-search answers again at once, never asking a worker twice, and Analyse's lines and the
// Playouts result (js/lines.js) as they were left.
//
// The key is the position itself (board, stones, side to move, rules, whether the swap is open), not the line
// that led there: the same position reached by another line or with another redo tail is the same entry. The
// memo keeps the newest `limit` positions (least recently used go first); it is a cache, never needed.

/** The key of a View's position: its shape, rules, side to move, swap state and stones. */
export function positionKey(view) {
  const sorted = (list) => [...(list ?? [])].sort().join(',');
  return [view.width ?? view.size, view.height ?? view.size, view.rules, view.swap_rule ? 1 : 0, view.swap_legal ? 1 : 0, view.to_move, sorted(view.black), sorted(view.white)].join('|');
}

/**
 * The code of the moves played so far of a canonical position code: its redo tail (and `at`) dropped. The
 * browser's store of solved positions (store.js) is keyed by it, so a position keeps its result whatever line
 * goes on after it.
 */
export function playedCode(code) {
  const fields = String(code).split('&');
  const at = fields.find((f) => f.startsWith('at='));
  if (!at) return code;
  const n = Number(at.slice(3));
  return fields
    .filter((f) => f !== at)
    .map((f) => (f.startsWith('moves=') ? (n > 0 ? `moves=${f.slice(6).split(',').slice(0, n).join(',')}` : null) : f))
    .filter(Boolean)
    .join('&');
}

/** A memo of at most `limit` positions: `get(key, kind)`, `set(key, kind, value)`, `answers(key, kind)`. */
export function createMemo(limit = 300) {
  const entries = new Map(); // key -> Map(kind -> value), oldest first

  function entry(key, create) {
    let found = entries.get(key);
    if (found) {
      entries.delete(key);
      entries.set(key, found); // now the newest
    } else if (create) {
      found = new Map();
      entries.set(key, found);
      while (entries.size > limit) entries.delete(entries.keys().next().value);
    }
    return found ?? null;
  }

  return {
    /** The value of `kind` (e.g. 'analysis') kept for the position `key`, or undefined. */
    get: (key, kind) => entry(key, false)?.get(kind),
    /** Keeps `value` as the position's `kind`. */
    set(key, kind, value) {
      entry(key, true).set(kind, value);
    },
    /**
     * The position's Map of answers of `kind` (e.g. H-search's, by query and boxes), made empty the first time:
     * answers added to it are kept with the position.
     */
    answers(key, kind) {
      const kept = entry(key, true);
      if (!kept.has(kind)) kept.set(kind, new Map());
      return kept.get(kind);
    },
    /** Forgets everything (a test that wants a worker asked again). */
    clear() {
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
