// Fakes shared by the unit tests of the workers' clients: a Worker that records what it is sent and answers on
// demand, and timers fired by hand.

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
