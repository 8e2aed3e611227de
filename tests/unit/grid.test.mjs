// The board as a keyboard grid (grid.js), the move announcements (state.js) and the Ctrl shortcuts (events.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cellLabel, gridCell, gridStep, isGridKey } from '../../web/js/grid.js';
import { moveAnnouncement } from '../../web/js/state.js';
import { ctrlKeyAction } from '../../web/js/events.js';

test('arrows step within rows and columns, never wrapping', () => {
  assert.equal(gridStep('c3', 'ArrowLeft', 5, 5), 'b3');
  assert.equal(gridStep('c3', 'ArrowRight', 5, 5), 'd3');
  assert.equal(gridStep('c3', 'ArrowUp', 5, 5), 'c2');
  assert.equal(gridStep('c3', 'ArrowDown', 5, 5), 'c4');
  assert.equal(gridStep('a1', 'ArrowLeft', 5, 5), 'a1');
  assert.equal(gridStep('a1', 'ArrowUp', 5, 5), 'a1');
  assert.equal(gridStep('e5', 'ArrowRight', 5, 5), 'e5');
  assert.equal(gridStep('c3', 'ArrowDown', 4, 3), 'c3', 'a 4x3 board has three rows');
  assert.equal(isGridKey('ArrowUp'), true);
  assert.equal(isGridKey('Enter'), false);
});

test('the roving cell: the one chosen while on the board, else the centre', () => {
  const view = { size: 5, width: 5, height: 5 };
  assert.equal(gridCell(null, view), 'c3');
  assert.equal(gridCell('e5', view), 'e5');
  assert.equal(gridCell('k11', view), 'c3');
  assert.equal(gridCell(null, { size: 4, width: 4, height: 3 }), 'b2');
  assert.equal(gridCell('a1', null), null);
});

test('cell labels name the stone and the deciding chain', () => {
  const view = { black: ['b2', 'b1', 'b3'], white: ['a3'], winner: 'b', winning_chain: ['b1', 'b2', 'b3'], rules: 'hex' };
  assert.equal(cellLabel('b2', view), 'b2, black stone, winning chain');
  assert.equal(cellLabel('a3', view), 'a3, white stone');
  assert.equal(cellLabel('c3', view), 'c3, empty');
  assert.equal(cellLabel('b2', { ...view, rules: 'rex' }), 'b2, black stone, losing chain');
});

test('announcements: the move played, where undo lands, the result', () => {
  const view = { code: 'x', moves: ['b2', 'swap', 'a1'], cursor: 3, black: ['a1'], white: ['b2'], winner: null, to_move: 'w' };
  assert.equal(moveAnnouncement(null, view, { played: true }), 'Black a1');
  assert.equal(moveAnnouncement(null, { ...view, cursor: 2, black: [] }, { played: true }), 'White swaps');
  assert.equal(moveAnnouncement(null, { ...view, winner: 'b', rules: 'hex' }, { played: true }), 'Black a1. Black wins');
  assert.equal(moveAnnouncement(view, { ...view, cursor: 2, black: [], to_move: 'b' }), 'Move 2, White swaps. Black to move');
  assert.equal(moveAnnouncement(view, { ...view, cursor: 0, black: [], white: [], to_move: 'b' }), 'No moves. Black to move');
});

test('Ctrl+Z undoes, Ctrl+Y and Ctrl+Shift+Z redo', () => {
  assert.equal(ctrlKeyAction({ key: 'z', shiftKey: false }), 'undo');
  assert.equal(ctrlKeyAction({ key: 'Z', shiftKey: true }), 'redo');
  assert.equal(ctrlKeyAction({ key: 'y', shiftKey: false }), 'redo');
  assert.equal(ctrlKeyAction({ key: 'r', shiftKey: false }), null);
});
