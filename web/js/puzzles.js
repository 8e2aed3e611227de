// The puzzle actions: making a puzzle, opening one from a link or the collection, judging each attempt, the
// engine's answers. Dependencies injected (the solver client js/solver.js, the browser's store js/store.js, the
// engine client for canonical codes, the controller's actions, the collection, the redraw), no DOM.
//
// The policy:
//   - One solve at a time in the solver worker (solver.js stops the one running when another starts). A judgment
//     comes first: a move played while the check of the set-up runs stops the check, which runs again once the
//     move is judged (the worker's table keeps what it learnt).
//   - Judgments are kept per position (`judgments`, by code): stepping back and forth never judges twice. Their
//     solves are stored in IndexedDB like any (without every winning move: `all_winning` false, which the Solve
//     panel never shows as its own result); the check of the set-up is not stored, so the Solve panel never shows
//     a puzzle's solution by itself.
//   - A stopped check or judgment stays stopped until "Check again": nothing restarts by itself what the user (or
//     another solve) stopped.
//   - The engine answers a right move by itself only at the end of the line (nothing to redo): stepping back
//     through an attempt never plays.

import {
  checkOf, createPuzzle, inPuzzle, judge, makeCode, moverOf, openPuzzle, plyCode, puzzleHash, readPuzzleKeys, startCode,
} from './puzzle.js';

/**
 * `engine.loadPosition(code)` canonicalises a code; `actions` are ctrl.js' (`load`, `play`, `seek`, `syncLink`);
 * `collection` js/collection.js (or null); `clipboard` and `baseHref()` serve Copy puzzle link.
 */
export function createPuzzles({
  state, solver, store = null, engine, actions, collection = null, redraw, clipboard = globalThis.navigator?.clipboard,
  baseHref = () => location.href.split('#')[0],
}) {
  state.puzzle ??= createPuzzle();
  state.puzzleDraft ??= null; // Make puzzle's check before the puzzle exists: { code, mover, status, progress, message }
  let token = 0; // the newest solve the puzzle asked for: older answers are dropped

  /** Solves `code` (the store first); resolves to `{ report, source }`, `{ stopped }`, or null when superseded. */
  async function solveOf(code, { allWinning, onProgress, keep = true }) {
    const mine = ++token;
    const stored = keep ? await store?.get(code).catch(() => null) : null;
    if (mine !== token) return null;
    if (stored?.report?.winner && (stored.report.all_winning || !allWinning)) return { report: stored.report, source: 'store' };
    const result = await solver.solve(code, { allWinning, onProgress: (p) => mine === token && onProgress(p) });
    if (mine !== token) return null;
    if (result.status !== 'solved') return { stopped: true };
    const { status, threads, ...report } = result;
    if (keep) store?.put(code, report).catch(() => false);
    return { report, source: 'solver' };
  }

  /** Drops the solve running for `p` (its answer will be ignored): what it was for is marked stopped. */
  function stopJob(p = state.puzzle) {
    if (p.job) {
      solver.stop();
      if (p.job.kind === 'check') p.check = { status: 'stopped' };
      else p.judgments.set(p.job.code, { status: 'stopped', move: p.judgments.get(p.job.code)?.move ?? null });
      p.job = null;
    }
    if (state.puzzleDraft?.status === 'running') {
      solver.stop();
      state.puzzleDraft = null;
    }
    token++;
  }

  /** The check of the puzzle on the board (its set-up solved, every winning move). */
  async function check(p) {
    p.check = { status: 'running' };
    p.job = { kind: 'check', code: p.start, progress: null };
    redraw();
    let answer;
    try {
      answer = await solveOf(p.start, { allWinning: true, keep: false, onProgress: (progress) => (p.job.progress = progress, redraw()) });
    } catch (err) {
      answer = { error: err.message };
    }
    if (!answer || state.puzzle !== p) return;
    p.job = null;
    if (answer.error) p.check = { status: 'error', message: answer.error };
    else if (answer.stopped) p.check = { status: 'stopped' };
    else p.check = { ...checkOf(answer.report, { legal: state.view?.cursor === 0 ? legalCount(state.view) : null }), source: answer.source };
    redraw();
    next();
  }

  /** Judges the mover's move that led to `view`. */
  async function judgeView(p, view) {
    const code = plyCode(p, view);
    const move = view.moves[view.cursor - 1];
    const pending = { status: 'judging', move };
    p.judgments.set(code, pending);
    if (p.job?.kind === 'check') p.check = { status: 'idle' }; // stopped by this solve: it runs again afterwards
    p.job = { kind: 'judge', code, progress: null };
    redraw();
    let answer;
    try {
      answer = await solveOf(code, { allWinning: false, onProgress: (progress) => (p.job.progress = progress, redraw()) });
    } catch (err) {
      answer = { error: err.message };
    }
    if (!answer || state.puzzle !== p || p.judgments.get(code) !== pending) return;
    p.job = null;
    if (answer.error || answer.stopped) {
      p.judgments.set(code, { status: answer.error ? 'error' : 'stopped', error: answer.error ?? null, move });
      redraw();
      return;
    }
    const j = judge(answer.report, { move, code, mover: p.mover });
    if (j.verdict === 'right' && !j.outright && !j.reply) {
      // No hardest reply known (the proof's root has no child to name): every reply loses, the engine plays one.
      j.reply = (view.legal ?? [])[0] ?? null;
      j.anyReply = true;
    }
    p.judgments.set(code, j);
    if (j.verdict === 'wrong') p.mistakes++;
    if (j.verdict === 'right' && j.outright) solvedNow(p);
    redraw();
    if (j.explain) explainLine(p, j);
    next();
  }

  /** The node where a refutation's line ends, for its carrier (the solver worker's `explain`). */
  async function explainLine(p, j) {
    try {
      j.node = await solver.explain(j.code, j.explain);
    } catch (err) {
      j.explainError = err.message;
    }
    if (state.puzzle === p) redraw();
  }

  function solvedNow(p) {
    if (p.solved) return;
    p.solved = true;
    if (p.collection) collection?.markSolved(p.collection, { clean: p.mistakes === 0 });
  }

  /** What comes next on the board shown: a judgment, the engine's answer, or the check. */
  function next() {
    const p = state.puzzle;
    const view = state.view;
    if (!inPuzzle(p, view) || p.job) return;
    const ply = view.cursor ?? 0;
    if (ply % 2 === 1) {
      const j = p.judgments.get(plyCode(p, view));
      if (!j) return void judgeView(p, view);
      if (j.verdict === 'right' && !j.outright && j.reply && !view.can_redo && !view.winner) {
        j.replied = true;
        actions.play(j.reply);
        return;
      }
    }
    if (p.check.status === 'idle') check(p);
  }

  /** Shows `code` of puzzle `p` on the board (the controller's queue), the link with the puzzle's keys. */
  async function show(p, code, source) {
    p.loading = true; // until the board shows it, the old position is not a reason to leave
    try {
      await actions.load(code, source);
    } finally {
      p.loading = false;
    }
    actions.syncLink();
    redraw();
  }

  const api = {
    /** The board shows `view`: a position outside the puzzle leaves it; else what comes next (see `next`). */
    follow(view) {
      // Make puzzle's refusal, or a link's unknown goal, is about the position it came with: another one drops it.
      const draft = state.puzzleDraft;
      if (draft && draft.status !== 'running' && draft.at !== view?.code) state.puzzleDraft = null;
      if (state.puzzle.error && state.puzzle.errorAt !== view?.code) state.puzzle = createPuzzle();
      const p = state.puzzle;
      if (p.on && !p.loading && !inPuzzle(p, view)) {
        stopJob(p);
        state.puzzle = createPuzzle();
        return;
      }
      next();
    },

    /** Make puzzle: the position on the board (its stones, its side to move) as a puzzle, once the solver says it is one. */
    async make() {
      const view = state.view;
      if (!view || state.puzzleDraft?.status === 'running') return;
      const made = makeCode(view);
      const at = view.code; // the position the draft is about (its message goes with it)
      if (made.error) {
        state.puzzleDraft = { status: 'refused', message: made.error, at };
        return void redraw();
      }
      let canonical;
      try {
        canonical = await engine.loadPosition(made.code);
      } catch (err) {
        state.puzzleDraft = { status: 'error', message: err.message, at };
        return void redraw();
      }
      stopJob(state.puzzle);
      const draft = { code: canonical.code, mover: canonical.to_move, status: 'running', progress: null, legal: legalCount(canonical), at };
      state.puzzleDraft = draft;
      redraw();
      let answer;
      try {
        answer = await solveOf(draft.code, { allWinning: true, keep: false, onProgress: (progress) => (draft.progress = progress, redraw()) });
      } catch (err) {
        answer = { error: err.message };
      }
      if (!answer || state.puzzleDraft !== draft) return;
      if (answer.error) Object.assign(draft, { status: 'error', message: answer.error });
      else if (answer.stopped) Object.assign(draft, { status: 'stopped', message: 'Stopped: the puzzle was not made.' });
      else {
        const verdict = checkOf(answer.report, { legal: draft.legal });
        if (verdict.status === 'refused') Object.assign(draft, { status: 'refused', message: verdict.message });
        else {
          state.puzzleDraft = null;
          const p = openPuzzle(startCode(draft.code), draft.mover, { author: true });
          p.check = { ...verdict, source: answer.source };
          state.puzzle = p;
          await show(p, draft.code, 'pasted link');
        }
      }
      redraw();
    },

    /**
     * Opens the puzzle of a link: `code` with its `keys` (`splitView`'s `puzzle`, `collection`). The same puzzle
     * (Back or Forward within an attempt) keeps its judgments. Resolves when the board shows it.
     */
    async open(code, keys, source = 'link') {
      const wanted = readPuzzleKeys(keys);
      if (!wanted || wanted.error) {
        await actions.load(code, source);
        if (wanted?.error) state.puzzle = Object.assign(createPuzzle(), { error: wanted.error, errorAt: state.view?.code ?? null });
        return void redraw();
      }
      state.puzzleDraft = null;
      let view;
      try {
        view = await engine.loadPosition(code);
      } catch {
        return actions.load(code, source); // the controller says what is wrong with it
      }
      const start = startCode(view.code);
      const p0 = state.puzzle;
      let p = state.puzzle;
      if (!(p.on && p.start === start && p.collection === wanted.collection)) {
        stopJob(p);
        p = openPuzzle(start, moverOf(view), { goal: wanted.goal, collection: wanted.collection });
        // A puzzle of the collection comes with its winning moves, proven natively (core/tests/puzzle_collection.rs).
        const entry = wanted.collection ? await collection?.find(wanted.collection).catch(() => null) : null;
        if (entry && entry.code === start) p.check = { status: 'checked', winning: [...entry.winning], unique: entry.winning.length === 1, legal: legalCount(view), source: 'collection' };
        else p.collection = null;
        state.puzzle = p;
      }
      await show(p, view.code, source);
    },

    /** Opens puzzle `id` of the collection at its set-up. */
    async openCollection(id) {
      const entry = await collection?.find(id).catch(() => null);
      if (!entry) return;
      collection.visit(id);
      await api.open(entry.code, { puzzle: 'win', collection: id }, 'pasted link');
    },

    /** Stops the check or the judgment running (Make puzzle's check too). */
    stop() {
      const p = state.puzzle;
      const draft = state.puzzleDraft;
      if (draft?.status === 'running') {
        solver.stop();
        return;
      }
      if (p.job) solver.stop();
    },

    /** "Check again": a stopped or failed check or judgment of the position shown runs again. */
    again() {
      const p = state.puzzle;
      const view = state.view;
      if (!inPuzzle(p, view) || p.job) return;
      const key = plyCode(p, view);
      const j = p.judgments.get(key);
      if (j?.status === 'stopped' || j?.status === 'error') p.judgments.delete(key);
      if (p.check.status === 'stopped' || p.check.status === 'error') p.check = { status: 'idle' };
      next();
    },

    /** "Try again": back to the position before the wrong move shown. */
    retry() {
      const view = state.view;
      if (!inPuzzle(state.puzzle, view) || !view.cursor) return;
      return actions.seek(view.cursor - 1);
    },

    /** "Start over": back to the set-up. */
    restart() {
      if (inPuzzle(state.puzzle, state.view)) return actions.seek(0);
    },

    /** Shows (or hides) the winning moves at the set-up. */
    reveal(on) {
      state.puzzle.reveal = !!on;
      redraw();
    },

    /** Leaves the puzzle: the position stays, the link loses its puzzle keys. */
    leave() {
      stopJob(state.puzzle);
      state.puzzle = createPuzzle();
      state.puzzleDraft = null;
      actions.syncLink();
      redraw();
    },

    /** Copies the puzzle's link (its set-up and keys, no moves). */
    async copy() {
      const p = state.puzzle;
      if (!p.on) return;
      const link = `${baseHref()}#${puzzleHash(p)}`;
      try {
        if (!clipboard?.writeText) throw new Error('no clipboard');
        await clipboard.writeText(link);
        p.copied = { status: 'copied', link };
      } catch {
        p.copied = { status: 'failed', link };
      }
      redraw();
    },

    /**
     * A click (or Enter) on a cell: true when the puzzle takes it (nothing is played): while a move is judged, and
     * while the opponent is to move (after a wrong move: Try again; after a right one: the engine answers).
     */
    clickCell() {
      const p = state.puzzle;
      const view = state.view;
      if (!inPuzzle(p, view)) return false;
      if (p.job?.kind === 'judge') return true;
      return view.to_move !== p.mover || !!view.winner;
    },
  };
  return api;
}

/** How many legal moves `view` has (the swap included). */
function legalCount(view) {
  return (view?.legal?.length ?? 0) + (view?.swap_legal ? 1 : 0);
}
