// The debug hook, for tests only: with `?debug` in the page's query string (never in a link's hash, so a
// shared position cannot turn it on), `window.__hexlab` can kill the page's workers as a crash would, to check
// that the board and history survive and the work is asked again (engine.js and analyst.js say how).
// Without the flag nothing is exposed.

/**
 * Exposes `window.__hexlab` when `search` has `debug`: `killWorker(name)` kills that worker, `busy(name)` says
 * whether it has work in flight, `starts(name)` how many workers it has started. `clients` maps names to
 * engine.js / analyst.js / solver.js clients (`engine`, `analysis`, `connections`, `search`, `solver`). Returns the unbind function.
 */
export function bindDebug(clients, { search = location.search, target = window } = {}) {
  if (!new URLSearchParams(search).has('debug')) return () => {};
  const client = (name) => {
    if (!Object.hasOwn(clients, name)) throw new Error(`no worker "${name}": ${Object.keys(clients).join(', ')}`);
    return clients[name];
  };
  target.__hexlab = {
    workers: Object.keys(clients),
    killWorker: (name) => client(name).kill(),
    busy: (name) => {
      const c = client(name);
      return 'busy' in c ? c.busy : c.pending > 0;
    },
    starts: (name) => client(name).starts,
  };
  return () => delete target.__hexlab;
}
