// Puzzles without a browser: the puzzle state and its texts (web/js/puzzle.js), the actions against a fake solver,
// store, engine and controller (web/js/puzzles.js: making, refusing, judging right and wrong moves, the engine's
// answer, solved, stopping), the link keys (hash.js), and the collection's progress (collection.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  checkOf, checkText, createPuzzle, goalText, inPuzzle, judge, judgmentText, makeCode, moverOf, openPuzzle, plyCode,
  puzzleHash, puzzleKeys, puzzleOverlay, readPuzzleKeys, startCode, strongestDefence, wonOutright,
} from '../../web/js/puzzle.js';
import { createPuzzles } from '../../web/js/puzzles.js';
import { createCollection, readCollection, readProgress } from '../../web/js/collection.js';
import { hashText, splitView } from '../../web/js/hash.js';

const START = 'size=4&swap=no&b=b2&w=c2&turn=b';

/** A view of the puzzle's line `moves` (cursor at `cursor`), with the stones the moves put down. */
function viewOf(moves = [], cursor = moves.length, { winner = null } = {}) {
  const black = ['b2'];
  const white = ['c2'];
  moves.slice(0, cursor).forEach((m, i) => (i % 2 ? white : black).push(m));
  const all = new Set([...black, ...white]);
  const legal = ['a1', 'b1', 'c1', 'd1', 'a2', 'd2', 'a3', 'b3', 'c3', 'd3', 'a4', 'b4', 'c4', 'd4'].filter((c) => !all.has(c));
  const code = moves.length ? `${START}&moves=${moves.join(',')}${cursor < moves.length ? `&at=${cursor}` : ''}` : START;
  return {
    code, size: 4, width: 4, height: 4, rules: 'hex', swap_rule: false, black, white, legal, moves, cursor, winner,
    to_move: cursor % 2 ? 'w' : 'b', can_undo: cursor > 0, can_redo: cursor < moves.length, winning_chain: [],
  };
}

const node = (over) => ({ path: [], to_move: 'w', winner: 'b', reason: 'children', carrier: [], key: null, mustplay: null, fillin_black: [], fillin_white: [], children: [], ...over });
const report = (over) => ({ to_move: 'w', winner: 'b', winning_moves: [], all_winning: false, pv: [], nodes: 10, ms: 5, proof: node({}), ...over });

test('keys, codes and the link: puzzle=win, collection=ID, the set-up without moves', () => {
  assert.deepEqual(splitView(`${START}&moves=c3&puzzle=win&collection=ladder-5`), { code: `${START}&moves=c3`, view: null, fillin: false, edges: false, puzzle: 'win', collection: 'ladder-5' });
  assert.equal(hashText(START, 'ica', { puzzle: 'win', collection: 'x-1' }), `${START}&view=ica&puzzle=win&collection=x-1`);
  assert.deepEqual(readPuzzleKeys({ puzzle: 'win', collection: 'bridge-4' }), { goal: 'win', collection: 'bridge-4' });
  assert.deepEqual(readPuzzleKeys({ puzzle: 'win', collection: '<script>' }), { goal: 'win', collection: null });
  assert.equal(readPuzzleKeys({}), null);
  assert.match(readPuzzleKeys({ puzzle: 'draw' }).error, /the only puzzle goal is "win"/);
  assert.equal(startCode(`${START}&moves=c3,d2&at=1`), START);
  const p = openPuzzle(START, 'b', { collection: 'x-1' });
  assert.equal(puzzleHash(p), `${START}&puzzle=win&collection=x-1`);
  assert.equal(plyCode(p, viewOf(['c3', 'd2'], 1)), `${START}&moves=c3`, 'the position without the moves to redo');
  assert.equal(plyCode(p, viewOf(['c3', 'd2'], 0)), START);
  assert.equal(inPuzzle(p, viewOf(['c3'])), true);
  assert.equal(inPuzzle(p, { ...viewOf(), code: 'size=4' }), false);
  assert.deepEqual(puzzleKeys({ puzzle: p, view: viewOf(['c3']) }), { puzzle: 'win', collection: 'x-1' });
  assert.deepEqual(puzzleKeys({ puzzle: p, view: { ...viewOf(), code: 'size=5' } }), {});
  assert.equal(goalText(p), 'Black to play and win');
  assert.equal(moverOf(viewOf(['c3', 'd2'], 2)), 'b');
  assert.equal(moverOf(viewOf()), 'b');
});

test('making: the stones and side to move as a set-up; a finished game is refused', () => {
  const game = { ...viewOf(), code: 'size=4&moves=b2,c2', black: ['b2'], white: ['c2'], to_move: 'b', moves: ['b2', 'c2'], cursor: 2 };
  assert.deepEqual(makeCode(game), { code: 'size=4&swap=no&b=b2&w=c2&turn=b' });
  assert.match(makeCode({ ...game, winner: 'w' }).error, /game is over \(White has won\)/);
});

test('the check: winning moves (unique or not), a lost position refused in words', () => {
  const won = checkOf(report({ to_move: 'b', winner: 'b', winning_moves: ['c3'], all_winning: true }), { legal: 14 });
  assert.equal(won.status, 'checked');
  assert.equal(won.unique, true);
  assert.equal(checkText(won, { reveal: true, mover: 'b' }), 'Checked by the solver: the unique winning move is c3.');
  assert.equal(checkText(won, { reveal: false, mover: 'b' }), 'Checked by the solver: Black has a winning move, only one.');
  const two = checkOf(report({ to_move: 'b', winner: 'b', winning_moves: ['c3', 'b3'] }), { legal: 14 });
  assert.equal(checkText(two, { reveal: true, mover: 'b' }), 'Checked by the solver: 2 winning moves of 14 legal moves: c3, b3.');
  const lost = checkOf(report({ to_move: 'b', winner: 'w' }));
  assert.equal(lost.status, 'refused');
  assert.equal(lost.message, 'No puzzle here: Black to move loses with perfect play (White wins whatever Black plays), so "Black to play and win" has no solution.');
  assert.equal(checkOf(report({ to_move: 'b', winner: 'w', proof: node({ reason: 'game-over' }) })).status, 'refused');
});

test('judging: right and outright (solved), right with the strongest defence, wrong with the refutation', () => {
  // The opponent to move loses, decided by a connection: solved, the carrier drawn.
  const outright = judge(report({ proof: node({ reason: 'connection', carrier: ['c3', 'd3'] }) }), { move: 'b3', code: 'x', mover: 'b' });
  assert.equal(outright.verdict, 'right');
  assert.equal(outright.outright, true);
  assert.equal(wonOutright(report({ proof: node({ reason: 'mustplay' }) })), true);
  assert.match(judgmentText(outright, 'b'), /^Right: b3 wins\. Solved! Black holds a virtual connection between Black's edges/);
  // Lost by search: the engine answers with the principal variation's move (the hardest reply).
  const deep = judge(report({ pv: ['d1', 'c1'], proof: node({ children: [{ move: 'd1', winner: 'b', work: 40 }, { move: 'a4', winner: 'b', work: 2 }] }) }), { move: 'b3', code: 'x', mover: 'b' });
  assert.deepEqual([deep.verdict, deep.outright, deep.reply], ['right', false, 'd1']);
  assert.equal(strongestDefence(report({ pv: ['d1'] })), 'd1');
  assert.match(judgmentText(deep, 'b'), /White's strongest defence is d1 \(the engine plays it\): the reply whose refutation took the solver the most work/);
  // Wrong, the opponent's win decided at once by a semi connection: its key is the refutation.
  const atOnce = judge(report({ to_move: 'w', winner: 'w', pv: ['a3'], proof: node({ to_move: 'w', winner: 'w', reason: 'connection', key: 'a3', carrier: ['a3', 'a4'] }) }), { move: 'd1', code: 'y', mover: 'b' });
  assert.deepEqual([atOnce.verdict, atOnce.reply, atOnce.explain], ['wrong', 'a3', null]);
  assert.match(judgmentText(atOnce, 'b'), /^Wrong: d1 loses\. White answers a3 and wins: White then holds a virtual connection between White's edges by playing a3/);
  // Wrong, decided by search: the line is explained (the node at its end gives the carrier).
  const searched = judge(report({ to_move: 'w', winner: 'w', pv: ['a3', 'b3', 'a4'], proof: node({ to_move: 'w', winner: 'w' }) }), { move: 'd1', code: 'y', mover: 'b' });
  assert.deepEqual(searched.explain, ['a3', 'b3', 'a4']);
  assert.match(judgmentText(searched, 'b'), /White answers a3 and wins; the line goes on Black b3, White a4: the solver is working out the connection/);
  searched.node = node({ to_move: 'b', winner: 'w', reason: 'connection', carrier: ['a2', 'a3'] });
  assert.match(judgmentText(searched, 'b'), /: White holds a virtual connection between White's edges \(the dotted cells\)/);
});

test('the overlay: the solution when shown, a right move, a wrong one with its refutation line and carrier', () => {
  const p = openPuzzle(START, 'b', { author: true });
  p.check = { status: 'checked', winning: ['b3', 'c1'] };
  const state = { puzzle: p, view: viewOf() };
  assert.deepEqual([...puzzleOverlay(state).marks], [['b3', 'win'], ['c1', 'win']]);
  p.reveal = false;
  assert.equal(puzzleOverlay(state), null);
  state.view = viewOf(['d1']);
  const j = judge(report({ to_move: 'w', winner: 'w', pv: ['a3', 'b3', 'a4'] }), { move: 'd1', code: plyCode(p, state.view), mover: 'b' });
  j.node = node({ to_move: 'b', winner: 'w', reason: 'connection', carrier: ['a2', 'a3', 'a4'], fillin_white: ['a1'] });
  p.judgments.set(j.code, j);
  const o = puzzleOverlay(state);
  assert.deepEqual(Object.fromEntries(o.marks), { a3: 'puzzle-reply', b3: 'puzzle-line', a4: 'puzzle-line', a1: 'puzzle-fill-w', a2: 'puzzle-carrier', d1: 'puzzle-wrong' });
  assert.deepEqual(Object.fromEntries(o.glyphs), { a3: 'w', b3: 'b', a4: 'w', a1: 'w' });
  assert.equal(o.page, 'puzzle');
});

// The actions against fakes ----------------------------------------------------------------------------------

function harness({ reports = {}, stored = {} } = {}) {
  const state = { view: viewOf(), engine: { status: 'ready' }, puzzle: createPuzzle() };
  const solves = [];
  const solver = {
    solve(code, options) {
      return new Promise((resolve) => solves.push({ code, options, resolve }));
    },
    stop() {
      const s = solves.at(-1);
      s?.resolve({ status: 'stopped', nodes: 1 });
    },
    explain: async (code, path) => node({ to_move: 'b', winner: 'w', reason: 'connection', carrier: ['a2'], path }),
  };
  const kept = new Map(Object.entries(stored).map(([code, r]) => [code, { report: r }]));
  const store = { get: async (code) => kept.get(code) ?? null, put: async (code, r) => (kept.set(code, { report: r }), true) };
  const played = [];
  let puzzles;
  const actions = {
    async load(code) {
      state.view = code.startsWith(START) && code.includes('moves=') ? viewOf(code.split('moves=')[1].split(',')) : viewOf();
      puzzles.follow(state.view);
    },
    async play(move) {
      played.push(move);
      const moves = [...state.view.moves.slice(0, state.view.cursor), move];
      state.view = viewOf(moves);
      puzzles.follow(state.view);
    },
    async seek(ply) {
      state.view = viewOf(state.view.moves, ply);
      puzzles.follow(state.view);
    },
    syncLink() {},
  };
  const engine = { loadPosition: async (code) => (code === START ? viewOf() : { ...viewOf(), code }) };
  const marked = [];
  const collection = { markSolved: (id, how) => marked.push([id, how]), find: async () => null };
  puzzles = createPuzzles({ state, solver, store, engine, actions, collection, redraw() {} });
  for (const [code, r] of Object.entries(reports)) kept.set(code, { report: r });
  return { state, solves, puzzles, played, kept, marked, actions };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

test('Make puzzle: checked (every winning move), then the board shows the set-up with the keys; a lost one refused', async () => {
  const h = harness();
  const made = h.puzzles.make();
  await tick();
  assert.equal(h.state.puzzleDraft.status, 'running');
  assert.equal(h.solves[0].code, START);
  assert.equal(h.solves[0].options.allWinning, true);
  h.solves[0].resolve({ status: 'solved', to_move: 'b', winner: 'b', winning_moves: ['b3'], all_winning: true, pv: ['b3'], proof: node({ to_move: 'b' }) });
  await made;
  assert.equal(h.state.puzzleDraft, null);
  assert.equal(h.state.puzzle.on, true);
  assert.equal(h.state.puzzle.author, true);
  assert.deepEqual(h.state.puzzle.check.winning, ['b3']);
  assert.equal(h.kept.has(START), false, 'the check is not stored: the Solve panel never shows a puzzle by itself');

  const lost = harness();
  const refused = lost.puzzles.make();
  await tick();
  lost.solves[0].resolve({ status: 'solved', to_move: 'b', winner: 'w', winning_moves: [], all_winning: true, pv: [], proof: node({ to_move: 'b', winner: 'w' }) });
  await refused;
  assert.equal(lost.state.puzzle.on, false);
  assert.equal(lost.state.puzzleDraft.status, 'refused');
  assert.match(lost.state.puzzleDraft.message, /No puzzle here: Black to move loses/);
  lost.puzzles.follow(lost.state.view);
  assert.equal(lost.state.puzzleDraft.status, 'refused', 'said while the position is on the board');
  lost.state.view = { ...viewOf(), code: 'size=6' };
  lost.puzzles.follow(lost.state.view);
  assert.equal(lost.state.puzzleDraft, null, 'another position drops it');

  // A link naming a goal the page does not know: the position opens, the message says why there is no puzzle.
  const odd = harness();
  await odd.puzzles.open(START, { puzzle: 'draw' });
  assert.equal(odd.state.puzzle.on, false);
  assert.match(odd.state.puzzle.error, /the only puzzle goal is "win"/);
});

test('an attempt: a wrong move refuted, Try again, a right move answered by the strongest defence, then solved', async () => {
  const h = harness();
  await h.puzzles.open(START, { puzzle: 'win' });
  assert.equal(h.state.puzzle.on, true);
  // The check of a link's puzzle runs first.
  await tick();
  assert.equal(h.solves[0].code, START);
  h.solves[0].resolve({ status: 'solved', to_move: 'b', winner: 'b', winning_moves: ['b3'], all_winning: true, pv: ['b3'], proof: node({ to_move: 'b' }) });
  await tick();
  assert.equal(h.state.puzzle.check.status, 'checked');
  assert.equal(h.state.puzzle.reveal, false, 'whoever opens the link does not see the solution');

  // A wrong move: judged, refuted; the board stays, the puzzle takes the clicks until Try again.
  await h.actions.play('d1');
  await tick();
  const judging = h.solves.at(-1);
  assert.equal(judging.code, `${START}&moves=d1`);
  assert.equal(judging.options.allWinning, false);
  assert.equal(h.puzzles.clickCell('a1'), true, 'no move while a move is judged');
  judging.resolve({ status: 'solved', to_move: 'w', winner: 'w', winning_moves: ['a3'], all_winning: false, pv: ['a3', 'b3', 'a4'], proof: node({ to_move: 'w', winner: 'w' }) });
  await tick();
  await tick();
  const wrong = h.state.puzzle.judgments.get(`${START}&moves=d1`);
  assert.equal(wrong.verdict, 'wrong');
  assert.equal(wrong.reply, 'a3');
  assert.equal(wrong.node.reason, 'connection', 'the refutation line explained');
  assert.deepEqual(wrong.node.path, ['a3', 'b3', 'a4']);
  assert.equal(h.played.length, 1, 'a refutation is drawn, not played');
  assert.equal(h.puzzles.clickCell('a1'), true);
  assert.equal(h.state.puzzle.mistakes, 1);
  assert.equal(h.kept.get(`${START}&moves=d1`).report.winner, 'w', 'a judgment is stored');

  await h.puzzles.retry();
  assert.equal(h.state.view.cursor, 0);
  assert.equal(h.puzzles.clickCell('b3'), false);

  // A right move lost by search: the engine plays the hardest reply.
  await h.actions.play('b3');
  await tick();
  h.solves.at(-1).resolve({ status: 'solved', to_move: 'w', winner: 'b', winning_moves: [], all_winning: false, pv: ['c3', 'b4'], proof: node({}) });
  await tick();
  await tick();
  assert.deepEqual(h.played, ['d1', 'b3', 'c3']);
  assert.equal(h.state.view.cursor, 2);
  assert.equal(h.state.puzzle.judgments.get(`${START}&moves=b3`).reply, 'c3');

  // The next right move reaches a position won outright: solved.
  await h.actions.play('b4');
  await tick();
  h.solves.at(-1).resolve({ status: 'solved', to_move: 'w', winner: 'b', winning_moves: [], all_winning: false, pv: [], proof: node({ reason: 'connection', carrier: ['b1', 'c1'] }) });
  await tick();
  assert.equal(h.state.puzzle.solved, true);
  assert.deepEqual(h.played, ['d1', 'b3', 'c3', 'b4'], 'nothing more is played');
  const o = puzzleOverlay(h.state);
  assert.equal(o.marks.get('b4'), 'puzzle-right');
  assert.equal(o.marks.get('b1'), 'puzzle-carrier');

  // Stepping back never judges or plays again.
  const solvesBefore = h.solves.length;
  await h.actions.seek(1);
  await tick();
  assert.equal(h.solves.length, solvesBefore);
  assert.deepEqual(h.played, ['d1', 'b3', 'c3', 'b4']);

  // Another position leaves the puzzle.
  h.state.view = { ...viewOf(), code: 'size=7' };
  h.puzzles.follow(h.state.view);
  assert.equal(h.state.puzzle.on, false);
});

test('a stored judgment is used without solving; Stop leaves a judgment stopped until Check again', async () => {
  const h = harness({ stored: { [`${START}&moves=d1`]: report({ to_move: 'w', winner: 'w', pv: ['a3'], proof: node({ to_move: 'w', winner: 'w', reason: 'connection', key: 'a3', carrier: ['a3'] }) }) } });
  await h.puzzles.open(`${START}`, { puzzle: 'win' });
  await tick();
  h.puzzles.stop(); // the check
  await tick();
  assert.equal(h.state.puzzle.check.status, 'stopped');
  await h.actions.play('d1');
  await tick();
  await tick();
  assert.equal(h.state.puzzle.judgments.get(`${START}&moves=d1`).verdict, 'wrong');
  assert.equal(h.solves.length, 1, 'only the check was solved');
  await h.puzzles.retry();
  await h.actions.play('a1');
  await tick();
  h.puzzles.stop();
  await tick();
  assert.equal(h.state.puzzle.judgments.get(`${START}&moves=a1`).status, 'stopped');
  assert.match(judgmentText(h.state.puzzle.judgments.get(`${START}&moves=a1`), 'b'), /was stopped/);
  h.puzzles.again();
  await tick();
  assert.equal(h.solves.at(-1).code, `${START}&moves=a1`, 'Check again judges it again');
});

test('the collection: its file checked, neighbours, progress kept (and unreadable progress forgotten)', async () => {
  const data = { puzzles: [{ id: 'a', code: START, winning: ['b3'], title: 'A', source: 's' }, { id: 'b', code: 'size=5', winning: ['c3'] }] };
  assert.throws(() => readCollection({ puzzles: [] }), /no puzzles/);
  assert.throws(() => readCollection({ puzzles: [data.puzzles[0], data.puzzles[0]] }), /appears twice/);
  assert.deepEqual(readProgress('{nonsense'), { solved: {}, last: null });
  const memory = new Map();
  const storage = { getItem: (k) => memory.get(k) ?? null, setItem: (k, v) => memory.set(k, v) };
  const fetch = async () => ({ ok: true, json: async () => data });
  const c = createCollection({ fetch, storage, now: () => 7 });
  assert.deepEqual(await c.neighbours('a'), { index: 0, count: 2, previous: null, next: 'b' });
  assert.deepEqual(await c.neighbours('b'), { index: 1, count: 2, previous: 'a', next: null });
  assert.equal(await c.firstUnsolved(), 'a');
  c.markSolved('a', { clean: true });
  c.markSolved('a', { clean: false });
  assert.equal(await c.firstUnsolved(), 'b');
  const again = createCollection({ fetch, storage });
  assert.deepEqual(again.progress(), { solved: { a: { clean: true, at: 7 } }, last: null }, 'kept across pages; a clean solve stays clean');
  const broken = createCollection({ fetch, storage: { getItem() { throw new Error('denied'); }, setItem() { throw new Error('denied'); } } });
  broken.markSolved('a');
  assert.equal(broken.progress().solved.a.clean, false, 'in memory without storage');
});
