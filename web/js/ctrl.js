// The controller: actions that ask the engine for a new View, then update state, the address bar and
// the screen. Actions run one after another (a queue), each on the View current when it starts, so
// quick clicks are never lost or applied to a stale position.

import { readHash, writeHash } from './hash.js';
import { setError, setView } from './state.js';

/** Creates the actions; `redraw()` schedules a render of `state`. */
export function createCtrl({ state, engine, config, redraw }) {
  let queue = Promise.resolve();

  /** Runs `job` after every earlier action; its error (if any) goes to #error. */
  function enqueue(job) {
    state.busy++;
    redraw();
    const run = queue.then(job).catch((err) => setError(state, err.message));
    queue = run.finally(() => {
      state.busy--;
      redraw();
    });
    return queue;
  }

  /** Makes `view` current, clears the error unless told otherwise, and syncs the hash. */
  function show(view, { keepError = false } = {}) {
    setView(state, view);
    if (!keepError) setError(state, null);
    writeHash(view.code);
    redraw();
  }

  async function fresh(settings = state.settings) {
    const { width, height, rules, swapRule } = settings;
    return engine.newGame(width, height, rules, swapRule);
  }

  /** Loads a link or code; on failure keeps the current position (or a default board) and says why. */
  async function loadCode(code, source) {
    try {
      show(await engine.loadPosition(code));
    } catch (err) {
      const what = source ? `${source} ` : '';
      setError(state, `Could not load ${what}"${code}": ${err.message}`);
      if (state.view) writeHash(state.view.code);
      else show(await fresh({ width: config.width, height: config.height, rules: config.rules, swapRule: config.swapRule }), { keepError: true });
      redraw();
    }
  }

  const actions = {
    /** Starts the engine, then shows the position in the hash (or a new default game). */
    start: () =>
      enqueue(async () => {
        try {
          const info = await engine.init(config.threads);
          Object.assign(state.engine, info, { status: 'ready' });
        } catch (err) {
          state.engine.status = 'failed';
          throw new Error(`The engine could not start: ${err.message}`);
        }
        const code = readHash();
        if (code) await loadCode(code, 'link');
        else show(await fresh());
      }),

    /** Plays a cell or "swap"; clicks on cells the engine does not list as legal are ignored. */
    play: (move) =>
      enqueue(async () => {
        const view = state.view;
        if (!view || state.engine.status !== 'ready') return;
        if (move !== 'swap' && Array.isArray(view.legal) && !view.legal.includes(move)) return;
        show(await engine.play(view.code, move));
      }),

    undo: () => enqueue(async () => state.view?.can_undo && show(await engine.undo(state.view.code))),
    redo: () => enqueue(async () => state.view?.can_redo && show(await engine.redo(state.view.code))),

    /** Jumps to the position after `ply` moves (0 = before the first, Infinity = the end). */
    seek: (ply) =>
      enqueue(async () => {
        const view = state.view;
        if (!view) return;
        const target = Math.max(0, Math.min(ply, view.moves.length));
        if (target !== view.cursor) show(await engine.seek(view.code, target));
      }),

    /** A new empty game with the given (or current) settings. */
    newGame: (settings) => enqueue(async () => show(await fresh(settings ?? state.settings))),

    /** Loads a pasted link or a hash the user typed (ignored if it is already the current position). */
    load: (code, source) =>
      enqueue(async () => {
        if (!code || code === state.view?.code) return;
        await loadCode(code, source);
      }),

    /** Runs the playouts job on the current position and shows its result. */
    playouts: () =>
      enqueue(async () => {
        const view = state.view;
        if (!view) return;
        state.playouts = { running: true };
        redraw();
        try {
          state.playouts = await engine.playouts(view.code, config.playoutCount, config.playoutSeed);
        } catch (err) {
          state.playouts = { error: err.message };
        }
      }),

    dismissError: () => {
      setError(state, null);
      redraw();
    },
  };
  return actions;
}
