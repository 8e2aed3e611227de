// The game tree without a browser (web/js/tree.js, memo.js, treectrl.js with a fake engine), and its links and
// records checked against the engine's own reader and writer (the page's wasm package, web/pkg/single, in node).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  branchesAt, codeAt, currentLine, escapeComment, goTo, lineView, linkable, nextOf, nodeAtPly, playMove, promote, removeNode,
  setComment, siblingStep, startCode, toRecord, treeFromRecord, treeFromView, treeLink, treeShape as shape, treeVar,
} from '../../web/js/tree.js';
import { createMemo, playedCode, positionKey } from '../../web/js/memo.js';
import { createTreeActions, createTreeNav, currentLink } from '../../web/js/treectrl.js';
import { createState } from '../../web/js/state.js';
import { saveName } from '../../web/js/files.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

let wasm = null;
/** The page's own single-threaded engine package, in node. */
async function engine() {
  if (!wasm) {
    const pkg = path.join(REPO, 'web', 'pkg', 'single');
    wasm = await import(pathToFileURL(path.join(pkg, 'hexlab_wasm.js')).href);
    wasm.initSync({ module: readFileSync(path.join(pkg, 'hexlab_wasm_bg.wasm')) });
  }
  return wasm;
}

/** A View as the engine gives it, reduced to what the tree reads. */
const view = (code, moves, cursor, toMove) => ({ code, moves, cursor, to_move: toMove });

const moves = (tree) => currentLine(tree).slice(1).map((n) => n.move);

test('a tree from a View: its start, the line, the cursor, and the code of every node', () => {
  const tree = treeFromView(view('size=5&moves=c3,swap,b4&at=2', ['c3', 'swap', 'b4'], 2, 'b'));
  assert.equal(tree.start, 'size=5');
  assert.deepEqual(moves(tree), ['c3', 'swap', 'b4']);
  assert.deepEqual(currentLine(tree).slice(1).map((n) => n.color), ['b', 'w', 'b']);
  assert.equal(tree.current.move, 'swap');
  assert.equal(codeAt(tree.current), 'size=5&moves=c3,swap,b4&at=2');
  assert.equal(codeAt(tree.root), 'size=5&moves=c3,swap,b4&at=0');
  assert.equal(codeAt(nodeAtPly(tree, 3)), 'size=5&moves=c3,swap,b4');
  assert.equal(startCode('size=7&b=d4&w=e3&turn=w&moves=c3&at=0'), 'size=7&b=d4&w=e3&turn=w');
});

test('a different move from an earlier position starts a branch; the same move goes on through the line', () => {
  const tree = treeFromView(view('size=5&moves=c3,b4,d2', ['c3', 'b4', 'd2'], 3, 'w'));
  goTo(tree, nodeAtPly(tree, 1));
  const again = playMove(tree, 'b4', 'w');
  assert.equal(again.created, false, 'the line already has b4');
  assert.deepEqual(moves(tree), ['c3', 'b4', 'd2'], 'its line goes on');
  goTo(tree, nodeAtPly(tree, 1));
  const branch = playMove(tree, 'a5', 'w');
  assert.equal(branch.created, true);
  assert.deepEqual(moves(tree), ['c3', 'a5'], 'the line goes through the branch');
  assert.equal(tree.current, branch.node);
  assert.equal(nextOf(tree.current), null, 'nothing to redo at the end of the branch');
  // The old line is still there: Up/Down switch to it (the nearest fork is the current node's).
  assert.equal(siblingStep(tree, 1), null);
  const b4 = siblingStep(tree, -1);
  assert.equal(b4.move, 'b4');
  goTo(tree, b4);
  assert.deepEqual(moves(tree), ['c3', 'b4', 'd2'], "b4's line goes on to d2");
  // Undo keeps the line: the parent goes on through b4 again.
  goTo(tree, b4.parent);
  assert.equal(nextOf(tree.current), b4);
  assert.deepEqual(branchesAt(tree.current).map((b) => [b.move, b.main, b.onLine]), [['b4', true, true], ['a5', false, false]]);
  // The code of a node of the branch ends there; of the fork, it goes on through the line.
  assert.equal(codeAt(branch.node), 'size=5&moves=c3,a5');
  assert.equal(codeAt(tree.current), 'size=5&moves=c3,b4,d2&at=1');
});

test('Up and Down look for the nearest fork above the current move', () => {
  const tree = treeFromView(view('size=5&moves=c3,b4,d2,e1', ['c3', 'b4', 'd2', 'e1'], 4, 'b'));
  goTo(tree, nodeAtPly(tree, 1));
  const a5 = playMove(tree, 'a5', 'w').node;
  playMove(tree, 'e5', 'b');
  assert.equal(siblingStep(tree, -1)?.move, 'b4', "from e5 (no sibling) up to a5's fork");
  goTo(tree, nodeAtPly(tree, 0));
  assert.equal(siblingStep(tree, 1), null, 'the root has no fork above it');
  goTo(tree, a5);
  assert.equal(siblingStep(tree, 1), null, 'a5 is the last branch');
});

test('promote makes a path the main line; delete drops a branch and moves the current node out of it', () => {
  const tree = treeFromView(view('size=5&moves=c3,b4,d2', ['c3', 'b4', 'd2'], 3, 'w'));
  goTo(tree, nodeAtPly(tree, 1));
  const a5 = playMove(tree, 'a5', 'w').node;
  const e1 = playMove(tree, 'e1', 'b').node;
  promote(tree, e1);
  assert.equal(a5.parent.children[0], a5, 'a5 is first after c3');
  assert.deepEqual(branchesAt(a5.parent).map((b) => b.move), ['a5', 'b4']);
  const size = tree.nodes.size;
  removeNode(tree, a5);
  assert.equal(tree.nodes.size, size - 2, 'a5 and e1 are gone');
  assert.equal(tree.current.move, 'c3', 'the current node moved out of the deleted branch');
  assert.deepEqual(moves(tree), ['c3', 'b4', 'd2']);
  assert.equal(removeNode(tree, tree.root), false, 'the root stays');
});

test('comments and branches go into the link; the line alone when the tree has nothing else', () => {
  const tree = treeFromView(view('size=11&moves=f6,e7,d8', ['f6', 'e7', 'd8'], 2, 'b'));
  assert.equal(treeVar(tree), '');
  assert.equal(treeLink(tree, 'size=11&moves=f6,e7,d8&at=2'), 'size=11&moves=f6,e7,d8&at=2');
  const e7 = tree.current;
  goTo(tree, nodeAtPly(tree, 1));
  playMove(tree, 'd5', 'w');
  playMove(tree, 'c6', 'b');
  goTo(tree, nodeAtPly(tree, 2));
  playMove(tree, 'e6', 'b');
  goTo(tree, e7);
  setComment(e7, 'a fine reply');
  playMove(tree, 'c9', 'b');
  goTo(tree, e7.children[0]); // back on d8's line
  goTo(tree, e7);
  // c9 after d8: promote it, keeping the line on d8.
  for (const n of currentLine(tree)) n.via = nextOf(n);
  promote(tree, e7.children[1]);
  assert.equal(treeVar(tree), '1(d5(c6)(e6))2{a+fine+reply}(c9)*');
  setComment(e7, '');
  assert.equal(e7.comment, null, 'an empty comment is none');
  assert.equal(escapeComment('a b~€&#}'), '{a+b~7E~E2~82~AC~26~23~7D}');
});

test('a record read back: moves, colours, steps and codes; what the page does not show is kept for saving', () => {
  const record = {
    width: 5, height: 5, rules: 'hex', swap_rule: true, black: 'Ann', white: null, result: null,
    nodes: [
      { parent: null, move: null, color: null, step: 'break', code: 'size=5&b=a1', add_black: ['a1'], properties: [['IS', ['lock:off']]] },
      { parent: 0, move: 'b2', color: 'w', step: 'break', code: 'size=5&b=a1&w=b2', comment: 'out of turn' },
      { parent: 1, move: 'c3', color: 'b', step: 'move' },
      { parent: 0, move: 'swap-pieces', color: 'w', step: 'move' },
      { parent: 2, move: 'resign', color: 'w', step: 'same' },
    ],
  };
  const tree = treeFromRecord(record);
  assert.equal(tree.info.black, 'Ann');
  assert.deepEqual(tree.root.sgf.properties, [['IS', ['lock:off']]]);
  const [b2, swap] = tree.root.children;
  assert.equal(swap.move, 'swap');
  const resign = b2.children[0].children[0];
  assert.equal(codeAt(resign), 'size=5&b=a1&w=b2&moves=c3');
  assert.equal(codeAt(b2), 'size=5&b=a1&w=b2&moves=c3&at=0');
  assert.equal(linkable(tree), false, 'a stone out of turn and a resignation: no link can say them');
  const back = toRecord(tree);
  assert.deepEqual(back.nodes.map((n) => [n.parent, n.move]), [[null, null], [0, 'b2'], [1, 'c3'], [2, 'resign'], [0, 'swap-pieces']]);
  assert.deepEqual(back.nodes[0].add_black, ['a1']);
  assert.equal(back.black, 'Ann');
  const withInitial = toRecord(tree, (n) => (n === resign ? [['IP', ['']]] : []));
  assert.deepEqual(withInitial.nodes[3].properties, [['IP', ['']]]);
});

test('lineView lays the tree over the View: moves, cursor, undo/redo, movers, branches per move', () => {
  const tree = treeFromView(view('size=5&moves=c3,b4', ['c3', 'b4'], 2, 'b'));
  goTo(tree, nodeAtPly(tree, 1));
  const a5 = playMove(tree, 'a5', 'w').node;
  const shown = lineView(tree, { code: 'size=5&moves=c3,a5', moves: ['c3', 'a5'], cursor: 2, can_undo: true, can_redo: false });
  assert.deepEqual(shown.moves, ['c3', 'a5']);
  assert.equal(shown.cursor, 2);
  assert.equal(shown.can_redo, false);
  assert.deepEqual(shown.movers, ['b', 'w']);
  assert.deepEqual(shown.variations, [[], [{ id: nodeAtPly(tree, 1).children[0].id, move: 'b4', color: 'w' }]]);
  assert.equal(shown.node, a5.id);
});

test('the memo keeps positions by what is on the board, the newest first', () => {
  const a = { width: 5, height: 5, rules: 'hex', swap_rule: true, swap_legal: false, to_move: 'b', black: ['c3', 'a1'], white: ['b2'] };
  assert.equal(positionKey(a), positionKey({ ...a, black: ['a1', 'c3'], code: 'another line' }));
  assert.notEqual(positionKey(a), positionKey({ ...a, to_move: 'w' }));
  const memo = createMemo(2);
  memo.set('x', 'analysis', 1);
  memo.set('y', 'analysis', 2);
  assert.equal(memo.get('x', 'analysis'), 1); // x is now the newest
  memo.set('z', 'analysis', 3);
  assert.equal(memo.get('y', 'analysis'), undefined, 'the oldest went');
  memo.answers('x', 'vc').set('q', 'answer');
  assert.equal(memo.answers('x', 'vc').get('q'), 'answer');
  assert.equal(playedCode('size=5&moves=c3,b4,d2&at=1'), 'size=5&moves=c3');
  assert.equal(playedCode('size=5&b=a1&moves=c3&at=0'), 'size=5&b=a1');
  assert.equal(playedCode('size=5&moves=c3'), 'size=5&moves=c3');
  assert.equal(saveName('my game.sgf'), 'my-game.sgf');
  assert.equal(saveName(null), 'hexlab-game.sgf');
});

/** A random tree of legal plain moves with comments, grown by the engine's own rules (its `legal` cells). */
function randomTree(w, seed) {
  let s = seed;
  const rand = (n) => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s % n;
  };
  const size = 2 + rand(5);
  const start = `size=${size}`;
  const tree = treeFromView(w.loadPosition(start));
  const texts = ['', 'a', 'two words', 'x}y{z', '~+%&#', 'é €', 'line\nbreak'];
  const all = () => [...tree.nodes.values()];
  for (let i = 0, n = rand(25); i < n; i++) {
    const node = all()[rand(tree.nodes.size)];
    goTo(tree, node);
    const at = w.loadPosition(codeAt(node));
    const options = [...at.legal, ...(at.swap_legal ? ['swap'] : [])];
    if (!options.length) continue;
    const move = options[rand(options.length)];
    const { node: child } = playMove(tree, move, at.to_move);
    if (rand(3) === 0) setComment(child, texts[rand(texts.length)]);
  }
  if (rand(3) === 0) setComment(tree.root, 'start');
  goTo(tree, all()[rand(tree.nodes.size)]);
  return tree;
}

test("the page's links are the engine's, and the engine reads them back as the same tree", async () => {
  const w = await engine();
  for (let seed = 1; seed <= 200; seed++) {
    const tree = randomTree(w, seed);
    const code = w.loadPosition(codeAt(tree.current)).code;
    assert.equal(code, codeAt(tree.current), 'the tree writes canonical codes');
    const link = treeLink(tree, code);
    // The engine's writer, given the same tree, line and cursor.
    const record = toRecord(tree);
    const order = [];
    const stack = [tree.root];
    while (stack.length) {
      const n = stack.pop();
      order.push(n);
      for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]);
    }
    const line = currentLine(tree).map((n) => order.indexOf(n));
    const cursor = currentLine(tree).indexOf(tree.current);
    assert.equal(w.writeTreeLink(record, line, cursor), link, `seed ${seed}`);
    // Read back: the same shape, line and node.
    const read = w.readTreeLink(link);
    const again = treeFromRecord(read.record, { line: read.line, cursor: read.cursor });
    assert.deepEqual(shape(again), shape(tree), link);
    assert.deepEqual(moves(again), moves(tree));
    assert.equal(codeAt(again.current), codeAt(tree.current));
    // And saved as SGF, read as a record: the same shape again.
    const sgf = w.writeRecord(record);
    assert.deepEqual(shape(treeFromRecord(w.readRecord(sgf).record)), shape(tree), sgf);
  }
});

/** A fake engine: Views from codes (moves after `moves=`), a record reader, counts of what it was asked. */
function fakeEngine() {
  const asked = [];
  const viewOf = (code) => {
    const m = /moves=([^&]*)/.exec(code);
    const list = m ? m[1].split(',') : [];
    const at = /at=(\d+)/.exec(code);
    const cursor = at ? Number(at[1]) : list.length;
    return { code, moves: list, cursor, to_move: cursor % 2 ? 'w' : 'b', can_undo: cursor > 0, can_redo: cursor < list.length, legal: [] };
  };
  return {
    asked,
    loadPosition: async (code) => (asked.push(['loadPosition', code]), viewOf(code)),
    play: async (code, move) => {
      asked.push(['play', code, move]);
      const v = viewOf(code);
      return viewOf(`size=5&moves=${[...v.moves.slice(0, v.cursor), move].join(',')}`);
    },
  };
}

test('the tree actions: a branch, going to it, promoting, deleting, a comment, with the engine asked once per step', async () => {
  const state = createState();
  const engine = fakeEngine();
  const nav = createTreeNav({ state, engine, history: null });
  state.engine.status = 'ready';
  state.view = view('size=5&moves=c3,b4&at=1', ['c3', 'b4'], 1, 'w');
  state.tree = treeFromView(state.view);
  const shown = [];
  let synced = 0;
  const show = (v) => {
    state.view = lineView(state.tree, v);
    shown.push(v.code);
  };
  const actions = createTreeActions({
    state, engine, nav, enqueue: (job) => job(), show, live: () => true, redraw() {}, sync: () => synced++, leaveGame() {}, lineLink: () => 'line',
  });
  // A move that differs from the line's next one: the engine plays it once; the tree gains a branch.
  show(await nav.playIn(state.view, 'a5'));
  assert.deepEqual(engine.asked.at(-1), ['play', 'size=5&moves=c3,b4&at=1', 'a5']);
  assert.deepEqual(moves(state.tree), ['c3', 'a5']);
  assert.equal(currentLink(state), 'size=5&moves=c3,a5&var=1(b4)*', 'a5 is second: a star');
  const b4 = state.tree.current.parent.children[0];
  await actions.goToNode(b4.id);
  assert.equal(state.view.code, 'size=5&moves=c3,b4');
  assert.equal(currentLink(state), 'size=5&moves=c3,b4&var=1(a5)', 'b4 is first: no star');
  // Promote a5: the main line changes, the current line does not, and the engine is not asked.
  const a5 = b4.parent.children[1];
  const before = engine.asked.length;
  await actions.promoteNode(a5.id);
  assert.equal(engine.asked.length, before);
  assert.equal(currentLink(state), 'size=5&moves=c3,b4&var=1(a5)*');
  actions.setComment('hello world');
  assert.equal(currentLink(state), 'size=5&moves=c3,b4&var=1(a5)*2{hello+world}');
  assert.ok(synced >= 2, 'the address bar follows');
  // Deleting the current node: back to its parent, whose code the engine is asked for.
  await actions.deleteNode(b4.id);
  assert.equal(state.tree.current, a5.parent);
  assert.equal(state.view.code, 'size=5&moves=c3,a5&at=1');
  assert.equal(currentLink(state), 'size=5&moves=c3,a5&at=1');
});
