// The built-in puzzle collection: `puzzles/collection.json` (each puzzle's set-up code, its winning moves as
// `hexlab solve --all-winning` proves them, where it comes from), read once, and the player's progress kept in the
// browser (localStorage `hexlab.puzzles`: which puzzles are solved, and whether without a wrong move; the last one
// visited). No DOM.
//
// The policy: progress is a convenience, never needed. Without localStorage (a private window may refuse it) or
// with unreadable contents, the page starts from nothing and keeps going in memory.

const URL_DEFAULT = new URL('../puzzles/collection.json', import.meta.url);
const KEY = 'hexlab.puzzles';

/** Progress read from `text` (localStorage's value): `{ solved: { id: { clean, at } }, last }`, empty if unreadable. */
export function readProgress(text) {
  const empty = { solved: {}, last: null };
  if (!text) return empty;
  try {
    const data = JSON.parse(text);
    const solved = {};
    for (const [id, entry] of Object.entries(data?.solved ?? {})) {
      if (typeof id === 'string' && id.length <= 40) solved[id] = { clean: !!entry?.clean, at: Number(entry?.at) || 0 };
    }
    return { solved, last: typeof data?.last === 'string' ? data.last : null };
  } catch {
    return empty;
  }
}

/** Checks the collection file's shape: `{ puzzles: [{ id, code, winning, title, source }] }`; throws what is wrong. */
export function readCollection(data) {
  const list = data?.puzzles;
  if (!Array.isArray(list) || !list.length) throw new Error('the puzzle collection has no puzzles');
  const seen = new Set();
  return list.map((p, i) => {
    if (typeof p?.id !== 'string' || typeof p.code !== 'string' || !Array.isArray(p.winning) || !p.winning.length) {
      throw new Error(`puzzle ${i + 1} of the collection lacks an id, a code or its winning moves`);
    }
    if (seen.has(p.id)) throw new Error(`puzzle id ${p.id} appears twice in the collection`);
    seen.add(p.id);
    return { id: p.id, code: p.code, winning: [...p.winning], title: String(p.title ?? p.id), source: String(p.source ?? ''), size: p.size ?? null };
  });
}

/**
 * `load()` resolves to the list of puzzles; `find(id)`, `neighbours(id)` ({ index, count, previous, next }),
 * `progress()`, `markSolved(id, { clean })`, `visit(id)`, `firstUnsolved()`. `fetch` and `storage` can be
 * replaced (unit tests).
 */
export function createCollection({ url = URL_DEFAULT, fetch: fetchImpl = globalThis.fetch, storage = safeStorage(), now = () => Date.now() } = {}) {
  let list = null;
  let memory = readProgress(read(storage));

  function save() {
    try {
      storage?.setItem(KEY, JSON.stringify(memory));
    } catch {
      // Kept in memory only.
    }
  }

  const api = {
    load: () => (list ??= fetchImpl(url).then((r) => {
      if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
      return r.json();
    }).then(readCollection).catch((err) => {
      list = null; // try again next time
      throw err;
    })),
    async find(id) {
      return (await api.load()).find((p) => p.id === id) ?? null;
    },
    /** Where `id` is in the collection: its index (from 0), the count, and the ids before and after it (null at the ends). */
    async neighbours(id) {
      const all = await api.load();
      const index = all.findIndex((p) => p.id === id);
      return { index, count: all.length, previous: all[index - 1]?.id ?? null, next: index >= 0 ? (all[index + 1]?.id ?? null) : null };
    },
    progress: () => memory,
    markSolved(id, { clean = false } = {}) {
      const before = memory.solved[id];
      memory.solved[id] = { clean: clean || !!before?.clean, at: now() };
      save();
    },
    visit(id) {
      memory.last = id;
      save();
    },
    /** The puzzle to open: the last visited if still unsolved, else the first unsolved, else the first. */
    async firstUnsolved() {
      const all = await api.load();
      if (memory.last && all.some((p) => p.id === memory.last) && !memory.solved[memory.last]) return memory.last;
      return (all.find((p) => !memory.solved[p.id]) ?? all[0]).id;
    },
    /** Forgets the progress (reloads it from storage: tests). */
    reload() {
      memory = readProgress(read(storage));
    },
  };
  return api;
}

function read(storage) {
  try {
    return storage?.getItem(KEY) ?? null;
  } catch {
    return null;
  }
}

function safeStorage() {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}
