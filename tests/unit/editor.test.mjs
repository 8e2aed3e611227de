// The board editor's set-up codes (editor.js), without a browser.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clearCode, createEditor, editCode, setupCode, turnCode } from '../../web/js/editor.js';

const view = { size: 4, width: 4, height: 4, rules: 'hex', swap_rule: true, black: ['b2'], white: ['c3'], to_move: 'b', moves: ['b2', 'c3'] };

test('a tool puts, replaces or takes away a stone; the side to move stays', () => {
  assert.equal(editCode(view, 'a1', 'black'), 'size=4&b=b2,a1&w=c3&turn=b');
  assert.equal(editCode(view, 'c3', 'black'), 'size=4&b=b2,c3&turn=b');
  assert.equal(editCode(view, 'b2', 'black'), 'size=4&w=c3&turn=b', 'the same colour again takes it away');
  assert.equal(editCode(view, 'b2', 'empty'), 'size=4&w=c3&turn=b');
  assert.equal(editCode(view, 'a1', 'empty'), null, 'nothing to clear');
  assert.equal(editCode(view, 'a1', 'pencil'), null);
});

test('shape, rules and swap rule carry over; turn and clear', () => {
  const rex = { ...view, width: 5, height: 3, rules: 'rex', swap_rule: false, to_move: 'w' };
  assert.equal(setupCode(rex, ['a1'], [], 'w'), 'size=5x3&rules=rex&swap=no&b=a1&turn=w');
  assert.equal(turnCode(view, 'w'), 'size=4&b=b2&w=c3&turn=w');
  assert.equal(turnCode({ ...view, moves: [] }, 'b'), null, 'already a set-up with Black to move');
  assert.equal(turnCode(view, 'b'), 'size=4&b=b2&w=c3&turn=b', 'a game becomes a set-up');
  assert.equal(clearCode(rex), 'size=5x3&rules=rex&swap=no&turn=b');
  assert.deepEqual(createEditor(), { on: false, tool: 'black', edits: 0 });
});
