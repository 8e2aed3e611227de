// Fakes shared by the unit tests of the workers' clients: a Worker that records what it is sent and answers on
// demand, timers fired by hand, and for Play and Analyse a player client answered by hand and a View.

export function fakeWorkers() {
  const workers = [];
  class FakeWorker {
    constructor(url, options) {
      Object.assign(this, { url: String(url), options, posted: [], terminated: false });
      workers.push(this);
    }
    postMessage(msg) {
      this.posted.push(msg);
    }
    terminate() {
      this.terminated = true;
    }
    last(method) {
      return this.posted.filter((m) => m.method === method).at(-1);
    }
    answer(msg, result = {}, ok = true, fatal = false) {
      this.onmessage({ data: ok ? { id: msg.id, ok, result } : { id: msg.id, ok, error: result, fatal } });
    }
    fail(msg, error, fatal = false) {
      this.onmessage({ data: { id: msg.id, ok: false, error, fatal } });
    }
    partial(msg, partial) {
      this.onmessage({ data: { id: msg.id, partial } });
    }
  }
  return { workers, FakeWorker };
}

export function fakeTimers() {
  const timers = new Map();
  let next = 1;
  return {
    timers,
    setTimer: (fn, ms) => (timers.set(next, { fn, ms }), next++),
    clearTimer: (id) => timers.delete(id),
    fire() {
      const all = [...timers.values()];
      timers.clear();
      for (const t of all) t.fn();
    },
  };
}

export const settle = (promise) => promise.then((value) => ({ value }), (error) => ({ error }));
export const tick = () => new Promise((resolve) => setImmediate(resolve));

/** A player client (js/thinker.js) that records each search and lets the test answer it. */
export function fakeThinker() {
  const calls = [];
  return {
    calls,
    stops: 0,
    nows: 0,
    cleared: 0,
    think(code, options) {
      let resolve;
      const promise = new Promise((r) => (resolve = r));
      calls.push({ code, options, resolve });
      return promise;
    },
    stop() {
      this.stops++;
    },
    moveNow() {
      this.nows++;
    },
    clear() {
      this.cleared++;
    },
  };
}

/** A View as the engine gives it (5x5, Black to move, no stones), with `extra` fields. */
export const fakeView = (code, extra = {}) => ({
  code,
  size: 5,
  width: 5,
  height: 5,
  to_move: 'b',
  winner: null,
  legal: ['a1', 'c3'],
  moves: [],
  cursor: 0,
  black: [],
  white: [],
  swap_rule: false,
  swap_legal: false,
  ...extra,
});
