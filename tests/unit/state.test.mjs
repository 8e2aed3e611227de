// The page's DOM-free modules (state, geometry, hash, events parsing), tested without a browser.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  chainKind, chooseSettings, createState, engineText, gameText, lastMoveCell, playoutsText, setView, settingsPending, stoneMap,
} from '../../web/js/state.js';
import { arriveAt, branchGame, canRedo, canUndo, createGames, leaveGame, previousGame } from '../../web/js/games.js';
import { cellName, center, edgePaths, labelPositions, viewBox, W } from '../../web/js/geometry.js';
import { codeFromHash } from '../../web/js/hash.js';
import { parseSize } from '../../web/js/events.js';

const view = {
  code: 'size=5&moves=c3,swap,b4',
  size: 5, width: 5, height: 5, rules: 'hex', swap_rule: true,
  to_move: 'b', black: ['b4'], white: ['c3'], winner: null, winning_chain: [],
  moves: ['c3', 'swap', 'b4'], cursor: 3, can_undo: true, can_redo: false, swap_legal: false, legal: [],
};

test('stones, last move, game line', () => {
  assert.deepEqual([...stoneMap(view)], [['b4', 'b'], ['c3', 'w']]);
  assert.equal(lastMoveCell(view), 'b4');
  assert.equal(lastMoveCell({ ...view, cursor: 2 }), null, 'a swap marks no cell');
  assert.equal(gameText(view), 'Black to move');
  assert.equal(gameText({ ...view, winner: 'w' }), 'White wins');
});

test('setView makes the New game choices follow another game only; chosen settings wait for New game', () => {
  const state = createState();
  setView(state, { ...view, width: 7, height: 5, rules: 'rex', swap_rule: false }, { adopt: true });
  assert.deepEqual(state.settings, { width: 7, height: 5, rules: 'rex', swapRule: false });
  assert.equal(settingsPending(state), false);
  chooseSettings(state, { width: 9, height: 9 });
  assert.equal(settingsPending(state), true);
  setView(state, { ...view, width: 7, height: 5, rules: 'rex', swap_rule: false, code: 'next' }); // a move
  assert.deepEqual(state.settings, { width: 9, height: 9, rules: 'rex', swapRule: false }, 'a move keeps the choices');
  chooseSettings(state, { width: 7, height: 5 });
  assert.equal(settingsPending(state), false);
});

test('games: New game leaves the game on a stack; Undo and Redo (or Back and Forward) walk it', () => {
  const games = createGames();
  const at = (code, can = {}) => ({ code, can_undo: false, can_redo: false, ...can });
  assert.equal(canUndo(at('a'), games), false);
  leaveGame(games, 'a');
  assert.equal(canUndo(at('b'), games), true);
  assert.equal(canRedo(at('b'), games), false);
  assert.equal(previousGame(games), 'a');
  assert.equal(arriveAt(games, 'a', 'b'), true); // Undo (or Back) to a
  assert.deepEqual(games, { back: [], forward: ['b'] });
  assert.equal(canRedo(at('a'), games), true);
  assert.equal(arriveAt(games, 'b', 'a'), true); // Redo (or Forward) to b
  assert.deepEqual(games, { back: ['a'], forward: [] });
  assert.equal(arriveAt(games, 'c', 'b'), false, 'a position of no game left changes nothing');
  arriveAt(games, 'a', 'b');
  branchGame(games); // a move in a: b cannot come back by Redo
  assert.deepEqual(games, { back: [], forward: [] });
  leaveGame(games, 'x');
  leaveGame(games, 'y');
  assert.deepEqual(games.back, ['x', 'y']);
});

test('Rex: the chain that decided the game is the loser\'s, and the line says who connected', () => {
  const over = { ...view, winner: 'w', winning_chain: ['b1', 'b2'] };
  assert.equal(chainKind(over), 'winning');
  assert.equal(gameText(over), 'White wins');
  const rex = { ...over, rules: 'rex' };
  assert.equal(chainKind(rex), 'losing');
  assert.equal(gameText(rex), "White wins: Black connected Black's own edges and loses (Rex)");
  assert.equal(chainKind({ ...rex, winner: null }), null);
});

test('engine line names threads and isolation', () => {
  assert.equal(engineText({ status: 'ready', threads: 2, isolated: true, package: 'threads' }), 'engine ready · 2 threads · cross-origin isolated');
  assert.equal(engineText({ status: 'ready', threads: 1, isolated: false, package: 'single' }), 'engine ready · not cross-origin isolated: 1 thread');
  assert.match(engineText({ status: 'loading' }), /loading/);
});

test('playouts line', () => {
  const text = playoutsText({ playouts: 1000, black_wins: 600, white_wins: 400, threads: 2, millis: 50, worker_millis: 50 });
  assert.equal(text, '1000 random playouts · won by Black 60.0% · by White 40.0% · 2 threads · 50 ms (20,000/s)');
});

test('geometry: c3 and its six neighbours are one hex width apart', () => {
  assert.equal(cellName(2, 2), 'c3');
  const [x, y] = center(2, 2); // c3
  for (const [c, r] of [[2, 1], [3, 1], [1, 2], [3, 2], [1, 3], [2, 3]]) { // c2 d2 b3 d3 b4 c4
    const [nx, ny] = center(c, r);
    assert.ok(Math.abs(Math.hypot(nx - x, ny - y) - W) < 1e-9, cellName(c, r));
  }
  const [ax] = center(0, 0); // a1 is left of b1's... and row 2 starts half a hex to the right
  assert.equal(center(0, 1)[0] - ax, W / 2);
});

test('geometry: edges, labels and view box fit the board', () => {
  const { top, bottom, left, right } = edgePaths(3, 2);
  assert.equal(top.length, 7);
  assert.equal(bottom.length, 7);
  assert.equal(left.length, 4);
  assert.equal(right.length, 4);
  const { letters, numbers } = labelPositions(3, 2);
  assert.deepEqual(letters.map((l) => l.text), ['a', 'b', 'c']);
  assert.deepEqual(numbers.map((l) => l.text), ['1', '2']);
  const [vx, vy, vw, vh] = viewBox(3, 2);
  for (const p of [...top, ...bottom, ...left, ...right, ...letters.map((l) => [l.x, l.y]), ...numbers.map((l) => [l.x, l.y])]) {
    assert.ok(p[0] > vx && p[0] < vx + vw && p[1] > vy && p[1] < vy + vh, `${p} inside the view box`);
  }
});

test('hash and size parsing', () => {
  assert.equal(codeFromHash('#size=7&moves=d4'), 'size=7&moves=d4');
  assert.equal(codeFromHash('size=7%26moves%3Dd4'), 'size=7&moves=d4');
  assert.equal(codeFromHash('#%E0%A4%A'), '%E0%A4%A', 'a broken escape is passed on for the engine to reject');
  assert.equal(codeFromHash(''), '');
  assert.deepEqual(parseSize('11'), [11, 11]);
  assert.deepEqual(parseSize('11x9'), [11, 9]);
});
