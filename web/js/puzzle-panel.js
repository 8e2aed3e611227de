// The Puzzle box of the panel: Make puzzle, the built-in collection's Previous / Next, and the puzzle on the
// board (its goal, the check, each attempt's verdict, the solver's progress and Stop). Reconciled from state;
// the actions are js/puzzles.js'.
//
// Test contract: `#puzzle-panel[data-status="off|making|on"]`, `[data-check="idle|running|checked|refused|stopped|
// error"]`, `[data-verdict="judging|right|wrong|solved|stopped|error"]` (the position shown), `[data-collection]`;
// `#puzzle-verdict[data-reply]` (the engine's answer or the refutation).

import { checkText, goalText, inPuzzle, judgmentText, plyCode, shortText } from './puzzle.js';
import { progressText, setData, setText } from './solve.js';
import { listen } from './events.js';

/** The box's elements (ids from index.html). */
export function puzzleDom(doc = document) {
  const $ = (id) => doc.getElementById(id);
  return {
    panel: $('puzzle-panel'),
    make: $('puzzle-make'),
    openCollection: $('puzzle-collection'),
    goal: $('puzzle-goal'),
    source: $('puzzle-source'),
    check: $('puzzle-check'),
    reveal: $('puzzle-reveal'),
    verdict: $('puzzle-verdict'),
    progress: $('puzzle-progress'),
    stop: $('puzzle-stop'),
    again: $('puzzle-again'),
    retry: $('puzzle-retry'),
    restart: $('puzzle-restart'),
    copy: $('puzzle-copy'),
    copyStatus: $('puzzle-copy-status'),
    leave: $('puzzle-leave'),
    nav: $('puzzle-nav'),
    prev: $('puzzle-prev'),
    next: $('puzzle-next'),
    count: $('puzzle-count'),
    message: $('puzzle-message'),
    bar: $('puzzle-bar'),
    barGoal: $('puzzle-bar-goal'),
    barVerdict: $('puzzle-bar-verdict'),
  };
}

/** The verdict shown for the position on the board: a word for the contract, and the judgment. */
function verdictOf(p, view) {
  if (!inPuzzle(p, view) || !view.cursor) return { word: null, j: null };
  // The mover's last move: this position's (odd plies), or the one the opponent just answered (even plies).
  const ply = view.cursor % 2 === 1 ? view.cursor : view.cursor - 1;
  const j = p.judgments.get(plyCode(p, view, ply));
  if (!j) return { word: null, j: null };
  if (j.status) return { word: j.status, j };
  return { word: j.verdict === 'right' && j.outright ? 'solved' : j.verdict, j };
}

/**
 * Scrolls the side panel (when it scrolls: on a wide screen) so that `node`, a box that just opened, shows; the
 * page itself never scrolls for it (on a phone the board stays where the player looks).
 */
function inView(node) {
  const box = node.closest('.panel');
  if (!box || box.scrollHeight <= box.clientHeight) return;
  const r = node.getBoundingClientRect();
  const b = box.getBoundingClientRect();
  if (r.bottom > b.bottom) box.scrollTop += Math.min(r.top - b.top - 8, r.bottom - b.bottom + 8);
  else if (r.top < b.top) box.scrollTop += r.top - b.top - 8;
}

/** Brings the box in line with `state`; `neighbours` is the collection's place of the puzzle shown (or null). */
export function renderPuzzle(dom, state, neighbours = null) {
  if (!dom.panel) return;
  const p = state.puzzle;
  const draft = state.puzzleDraft;
  const view = state.view;
  const on = inPuzzle(p, view);
  const status = on ? 'on' : draft?.status === 'running' ? 'making' : 'off';
  setData(dom.panel, 'status', status);
  dom.panel.hidden = status === 'off';
  if (status !== 'off' && (dom.shown ?? 'off') === 'off') inView(dom.panel);
  dom.shown = status;
  dom.make.disabled = !view || state.engine.status !== 'ready' || draft?.status === 'running' || on;
  const running = (on && !!p.job) || draft?.status === 'running';
  dom.stop.hidden = !running;

  // Messages of Make puzzle (refused, stopped) or of a link that named an unknown goal.
  const message = draft && draft.status !== 'running' ? draft.message : !on && p.error ? p.error : '';
  setText(dom.message, message);
  dom.message.hidden = !message;
  setData(dom.message, 'status', draft && draft.status !== 'running' ? draft.status : null);

  const progress = running ? (draft?.status === 'running' ? draft.progress : p.job.progress) : null;
  dom.progress.hidden = !running;
  const what = draft?.status === 'running' || p.job?.kind === 'check' ? 'Checking the puzzle' : 'Judging the move';
  if (running) setText(dom.progress, `${what}: ${progressText(progress)}`);

  setData(dom.panel, 'check', on ? p.check.status : draft?.status === 'running' ? 'running' : null);
  const { word, j } = verdictOf(p, view);
  setData(dom.panel, 'verdict', word);
  setData(dom.panel, 'collection', on ? p.collection : null);
  for (const node of [dom.goal, dom.source, dom.check, dom.verdict, dom.nav]) if (node) node.hidden = !on;
  // The bar over the board: the goal and the verdict in a few words, where the player looks (the panel's box may
  // be out of view: below the board on a phone, at the end of the side panel on a wide screen).
  if (dom.bar) {
    dom.bar.hidden = !on;
    setText(dom.barGoal, on ? goalText(p) : '');
    setText(dom.barVerdict, on ? (j ? shortText(j, p.mover) : view.to_move === p.mover ? 'Your move.' : '') : '');
  }
  for (const node of [dom.retry, dom.restart, dom.copy, dom.leave, dom.reveal, dom.again]) if (node) node.hidden = !on;
  if (!on) {
    setText(dom.goal, '');
    return;
  }
  setText(dom.goal, `${goalText(p)}.`);
  setText(dom.source, p.collection && neighbours?.entry ? `${neighbours.entry.title}. ${neighbours.entry.source}` : p.author ? 'Your puzzle: copy its link to share it (the solution stays hidden for whoever opens it).' : '');
  dom.source.hidden = !dom.source.textContent;
  setText(dom.check, checkText(p.check, { reveal: p.reveal, mover: p.mover }));
  dom.reveal.hidden = p.check.status !== 'checked';
  dom.reveal.textContent = p.reveal ? 'Hide solution' : 'Show solution';
  dom.reveal.setAttribute('aria-pressed', String(p.reveal));
  const stopped = p.check.status === 'stopped' || p.check.status === 'error' || j?.status === 'stopped' || j?.status === 'error';
  dom.again.hidden = !stopped || !!p.job;
  setText(dom.verdict, j ? judgmentText(j, p.mover) : view.cursor === 0 ? 'Your move: click the winning cell.' : view.to_move === p.mover ? 'Your move.' : '');
  setData(dom.verdict, 'reply', j && !j.status ? j.reply : null);
  dom.retry.hidden = word !== 'wrong';
  dom.restart.hidden = !view.cursor;
  dom.copy.hidden = false;
  setText(dom.copyStatus, p.copied ? (p.copied.status === 'copied' ? 'Puzzle link copied.' : `Copy it by hand: ${p.copied.link}`) : '');
  dom.copyStatus.hidden = !p.copied;
  dom.nav.hidden = !p.collection;
  if (p.collection && neighbours) {
    const solved = Object.keys(state.puzzleProgress?.solved ?? {}).length;
    const mark = state.puzzleProgress?.solved?.[p.collection] ? ' · solved' : '';
    setText(dom.count, `Puzzle ${neighbours.index + 1} of ${neighbours.count}${mark} · ${solved} of ${neighbours.count} solved`);
    dom.prev.disabled = !neighbours.previous;
    dom.next.disabled = !neighbours.next;
    setData(dom.nav, 'index', neighbours.index + 1);
    setData(dom.nav, 'solved', solved);
  }
}

/** Binds the box's buttons to the puzzle actions and the collection's Previous / Next. Returns the unbind. */
export function bindPuzzle(dom, puzzles, { previous, next, openCollection }) {
  if (!dom.panel) return () => {};
  const unbinds = [
    listen(dom.make, 'click', () => puzzles.make()),
    listen(dom.openCollection, 'click', () => openCollection()),
    listen(dom.stop, 'click', () => puzzles.stop()),
    listen(dom.again, 'click', () => puzzles.again()),
    listen(dom.retry, 'click', () => puzzles.retry()),
    listen(dom.restart, 'click', () => puzzles.restart()),
    listen(dom.reveal, 'click', () => puzzles.reveal(dom.reveal.getAttribute('aria-pressed') !== 'true')),
    listen(dom.copy, 'click', () => puzzles.copy()),
    listen(dom.leave, 'click', () => puzzles.leave()),
    listen(dom.prev, 'click', () => previous()),
    listen(dom.next, 'click', () => next()),
  ];
  return () => unbinds.forEach((u) => u());
}
