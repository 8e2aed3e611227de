// The game tree the page holds, without DOM: variations, comments, the current node and the line through it.
//
// A tree is `{ root, current, nodes, lastId, info, start, name }` (`nodes`: id -> node; ids are the tree's own). Every node is
// `{ id, parent, children, via, move, color, comment, step, code, sgf }`:
//   - `move`: what the move list shows and the engine plays: a cell (`f6`), `swap` (swap-pieces), or, from game
//     records, `swap-sides`, `pass`, `resign`, `forfeit`; null for a node without a move (the root, a set-up).
//   - `step`: what the node does to the engine's move list (core `Step`): `move` (a plain move: the engine's code
//     says it), `same` (nothing on the board: no move, a resignation, a forfeit) or `break` (the root, set-up
//     stones, a stone out of turn, swap-sides, a pass: the code starts again there, from `code`, the position at
//     the node as a position code).
//   - `via`: the child the current line goes on through (null: the first child, the main line). Children are in
//     order, the first on the main line.
//   - `sgf`: what a game record said that the page does not show (set-up stones, `PL`, other properties), kept
//     for saving; null for the page's own nodes.
// The tree's `info` is what a record's root said (`width height rules swap_rule black white result`); a tree made
// from a position code has `start` (that code, with no moves) instead.
//
// The current line: the path from the root to the current node, then on through each node's `via` child to the
// end. Undo goes to the parent, Redo to the next node of the line; playing a move another child already has goes
// there, any other move starts a branch (the line then goes through it). Nothing here asks the engine: the engine
// checks a move before it is added, and gives the View of a node from `codeAt(tree, node)`.

function makeNode(tree, fields) {
  const node = {
    id: ++tree.lastId,
    parent: null,
    children: [],
    via: null,
    move: null,
    color: null,
    comment: null,
    step: 'move',
    code: null,
    sgf: null,
    ...fields,
  };
  tree.nodes.set(node.id, node);
  return node;
}

function emptyTree({ info = null, start = null } = {}) {
  const tree = { root: null, current: null, nodes: new Map(), lastId: 0, info, start, name: null };
  tree.root = makeNode(tree, { step: 'break', code: start });
  tree.current = tree.root;
  return tree;
}

/** The code of `code`'s start: its fields without `moves` and `at` (a canonical code from the engine). */
export function startCode(code) {
  return String(code).split('&').filter((field) => !/^(moves|at)=/.test(field)).join('&');
}

/**
 * A tree of one line from an engine View: the start of its code, then its moves (the redo tail too), the
 * current node at its cursor. Plain moves alternate colours, so the side to move at the cursor gives them all.
 */
export function treeFromView(view) {
  const tree = emptyTree({ start: startCode(view.code) });
  let at = tree.root;
  view.moves.forEach((move, i) => {
    const color = (view.cursor - i) % 2 === 0 ? view.to_move : opponentOf(view.to_move);
    at = addChild(tree, at, { move, color, step: 'move' });
    if (i + 1 === view.cursor) tree.current = at;
  });
  return tree;
}

const opponentOf = (color) => (color === 'b' ? 'w' : 'b');

/** The page's token for a record's move name (`swap-pieces` is the engine's `swap`). */
function token(name) {
  return name === 'swap-pieces' ? 'swap' : name ?? null;
}

/**
 * A tree from a TreeRecord (the engine's `readRecord` or `readTreeLink`): every node's move, colour, comment,
 * step and code, and what the page does not show kept in `sgf`. The current node is the root; `line` (node
 * indices, the root first) sets the current line and `cursor` the node on it.
 */
export function treeFromRecord(record, { line = null, cursor = null } = {}) {
  const { nodes: list, ...info } = record;
  const tree = emptyTree({ info: { width: info.width, height: info.height, rules: info.rules, swap_rule: info.swap_rule, black: info.black ?? null, white: info.white ?? null, result: info.result ?? null } });
  const made = [];
  list.forEach((r, i) => {
    const fields = {
      move: token(r.move),
      color: r.color ?? null,
      comment: r.comment ?? null,
      step: r.step ?? 'move',
      code: r.code ?? null,
      sgf: sgfOf(r),
    };
    if (i === 0) {
      Object.assign(tree.root, fields, { step: 'break' });
      made.push(tree.root);
    } else {
      made.push(addChild(tree, made[r.parent], fields));
    }
  });
  if (line) {
    const path = line.map((i) => made[i]);
    for (let i = 1; i < path.length; i++) path[i - 1].via = path[i];
    tree.current = path[Math.min(cursor ?? path.length - 1, path.length - 1)];
  }
  return tree;
}

function sgfOf(r) {
  const has = (list) => Array.isArray(list) && list.length > 0;
  if (!has(r.add_black) && !has(r.add_white) && !has(r.add_empty) && !r.to_play && !has(r.properties)) return null;
  return { add_black: r.add_black ?? [], add_white: r.add_white ?? [], add_empty: r.add_empty ?? [], to_play: r.to_play ?? null, properties: r.properties ?? [] };
}

/** Adds a child of `parent` (last among its children) and returns it. */
function addChild(tree, parent, fields) {
  const node = makeNode(tree, { ...fields, parent });
  parent.children.push(node);
  return node;
}

/** The node after `node` on the current line (null at its end). */
export function nextOf(node) {
  return node.via ?? node.children[0] ?? null;
}

/** The nodes from the root to `node`. */
export function pathTo(node) {
  const path = [];
  for (let at = node; at; at = at.parent) path.push(at);
  return path.reverse();
}

/** The line through `node`: the path to it, then on through each node's next one to the end. */
export function lineThrough(node) {
  const line = pathTo(node);
  for (let at = nextOf(node); at; at = nextOf(at)) line.push(at);
  return line;
}

/** The current line. */
export function currentLine(tree) {
  return lineThrough(tree.current);
}

/** How many moves from the root `node` is. */
export function depthOf(node) {
  let depth = 0;
  for (let at = node.parent; at; at = at.parent) depth++;
  return depth;
}

/**
 * The position code of the line through `node`, at `node`: the code of the last `break` on the path (the root at
 * least), the plain moves after it (on to the line's end, or the next `break`) and the cursor.
 */
export function codeAt(node) {
  const line = lineThrough(node);
  const at = line.indexOf(node);
  let start = at;
  while (line[start].step !== 'break') start--;
  const moves = [];
  let cursor = 0;
  for (let i = start + 1; i < line.length; i++) {
    const n = line[i];
    if (n.step === 'break') break;
    if (n.step !== 'move') continue;
    moves.push(n.move);
    if (i <= at) cursor++;
  }
  const base = line[start].code;
  return `${base}${moves.length ? `&moves=${moves.join(',')}` : ''}${cursor < moves.length ? `&at=${cursor}` : ''}`;
}

/** Makes `node` current; the line goes through it (each node on its path goes on to the next). */
export function goTo(tree, node) {
  const path = pathTo(node);
  for (let i = 1; i < path.length; i++) path[i - 1].via = path[i];
  tree.current = node;
  return node;
}

/** The child of `node` that plays `move` (a plain move), or null. */
export function childWith(node, move) {
  return node.children.find((child) => child.move === move && child.step === 'move') ?? null;
}

/**
 * Plays `move` (by `color`) at the current node: the child that has it already, else a new child (last: a branch
 * when the node had children). Returns `{ node, created }`; the node is current.
 */
export function playMove(tree, move, color) {
  const existing = childWith(tree.current, move);
  if (existing) return { node: goTo(tree, existing), created: false };
  const node = addChild(tree, tree.current, { move, color, step: 'move' });
  return { node: goTo(tree, node), created: true };
}

/** The node at `ply` moves along the current line (clamped to the line). */
export function nodeAtPly(tree, ply) {
  const line = currentLine(tree);
  return line[Math.max(0, Math.min(ply, line.length - 1))];
}

/**
 * The branch Up (`dir` -1) or Down (+1) goes to: at the nearest node of the current path (the current one first)
 * that has siblings, its previous or next sibling; null when there is none that way.
 */
export function siblingStep(tree, dir) {
  for (let at = tree.current; at.parent; at = at.parent) {
    const siblings = at.parent.children;
    if (siblings.length < 2) continue;
    return siblings[siblings.indexOf(at) + dir] ?? null;
  }
  return null;
}

/** Makes the path to `node` the main line: each node on it becomes its parent's first child. */
export function promote(tree, node) {
  for (let at = node; at.parent; at = at.parent) {
    const siblings = at.parent.children;
    siblings.splice(siblings.indexOf(at), 1);
    siblings.unshift(at);
  }
}

/** Whether `node` is `ancestor` or below it. */
function within(node, ancestor) {
  for (let at = node; at; at = at.parent) if (at === ancestor) return true;
  return false;
}

/** Deletes `node` (not the root) and everything after it; the current node moves up out of it. */
export function removeNode(tree, node) {
  const parent = node.parent;
  if (!parent) return false;
  parent.children.splice(parent.children.indexOf(node), 1);
  if (parent.via === node) parent.via = null;
  if (within(tree.current, node)) tree.current = parent;
  const drop = [node];
  while (drop.length) {
    const at = drop.pop();
    tree.nodes.delete(at.id);
    drop.push(...at.children);
  }
  return true;
}

/** Sets `node`'s comment ('' removes it). */
export function setComment(node, text) {
  node.comment = text === '' ? null : String(text);
}

/** Whether every node but the root is a plain move and the root has none: a link can carry the tree. */
export function linkable(tree) {
  for (const node of tree.nodes.values()) if (node !== tree.root && node.step !== 'move') return false;
  return tree.root.move === null;
}

/** A comment as a link writes it: letters, digits, `.-_` as they are, a space `+`, any other byte `~XX`. */
export function escapeComment(text) {
  let out = '{';
  for (const byte of new TextEncoder().encode(text)) {
    const c = String.fromCharCode(byte);
    if (byte === 32) out += '+';
    else if (/[A-Za-z0-9._-]/.test(c)) out += c;
    else out += `~${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return `${out}}`;
}

const linkMove = (node) => (node.move === 'swap' ? ':s' : node.move);

/** `( branch )` from `first`: its moves one after another, then its variations, with no recursion. */
function branchText(first) {
  let out = '';
  const stack = [first];
  while (stack.length) {
    const item = stack.pop();
    if (item === ')') {
      out += ')';
      continue;
    }
    out += '(';
    stack.push(')');
    let at = item;
    for (;;) {
      out += linkMove(at);
      if (at.comment !== null) out += escapeComment(at.comment);
      if (at.children.length !== 1) {
        for (let i = at.children.length - 1; i >= 0; i--) stack.push(at.children[i]);
        break;
      }
      at = at.children[0];
    }
  }
  return out;
}

/**
 * The `var` value of a link (see core formats/tree_link.rs): for each node of the current line with a comment or
 * other children, its move number, `{comment}`, then its children in order (`*` where the line's own next node
 * stands, when it is not first; `(branch)` for the others). '' when the line is the whole tree, uncommented.
 */
export function treeVar(tree) {
  const line = currentLine(tree);
  let out = '';
  line.forEach((node, ply) => {
    const next = line[ply + 1] ?? null;
    if (node.comment === null && node.children.length <= (next ? 1 : 0)) return;
    out += String(ply);
    if (node.comment !== null) out += escapeComment(node.comment);
    node.children.forEach((child, i) => {
      if (child === next) {
        if (i > 0) out += '*';
      } else {
        out += branchText(child);
      }
    });
  });
  return out;
}

/**
 * The tree's link: the View's code (the current line, as every reader of codes reads it) and `&var=` with the
 * rest of the tree; just the code when there is nothing more, or when the tree holds what a link cannot say.
 */
export function treeLink(tree, code) {
  if (!linkable(tree)) return code;
  const rest = treeVar(tree);
  return rest ? `${code}&var=${rest}` : code;
}

/**
 * The tree as a TreeRecord for the engine (`writeRecord`): nodes parents first, children in order, each with its
 * move (its colour too when it is not a plain move), comment and kept SGF fields; the tree's `info`, or its `start` code. `extra(node)` may give more
 * properties for a node (the page marks the current node with red-bean's `IP[]`).
 */
export function toRecord(tree, extra = () => []) {
  const nodes = [];
  const stack = [[tree.root, null]];
  while (stack.length) {
    const [node, parent] = stack.pop();
    const index = nodes.length;
    const sgf = node.sgf ?? {};
    nodes.push({
      parent,
      move: node.move === 'swap' ? 'swap-pieces' : node.move,
      color: node.step === 'move' ? null : node.color, // a plain move is the side to move's: the engine knows whose
      comment: node.comment,
      add_black: sgf.add_black ?? [],
      add_white: sgf.add_white ?? [],
      add_empty: sgf.add_empty ?? [],
      to_play: sgf.to_play ?? null,
      properties: [...(sgf.properties ?? []), ...extra(node)],
    });
    for (let i = node.children.length - 1; i >= 0; i--) stack.push([node.children[i], index]);
  }
  return tree.info ? { ...tree.info, nodes } : { start: tree.start, nodes };
}

/**
 * What the panel's move list shows of the current line, laid over the engine's View: the line's moves (`moves`,
 * tokens; `set-up` for a node without one), the cursor at the current node, Undo and Redo as the tree allows,
 * who made each move (`movers`) and, for each move, the other children of its parent (`variations[ply]`:
 * `{ id, move, color }`, in order).
 */
export function lineView(tree, view) {
  const line = currentLine(tree);
  const rest = line.slice(1);
  return {
    ...view,
    moves: rest.map((n) => n.move ?? 'set-up'),
    movers: rest.map((n) => n.color),
    cursor: depthOf(tree.current),
    can_undo: !!tree.current.parent,
    can_redo: !!nextOf(tree.current),
    node: tree.current.id,
    variations: rest.map((n) =>
      n.parent.children.length < 2 ? [] : n.parent.children.filter((c) => c !== n).map((c) => ({ id: c.id, move: c.move ?? 'set-up', color: c.color })),
    ),
  };
}

/** The branches at `node` (its children, in order): `{ id, move, color, main, onLine }`. */
export function branchesAt(node) {
  const next = nextOf(node);
  return node.children.map((child, i) => ({ id: child.id, move: child.move ?? 'set-up', color: child.color, main: i === 0, onLine: child === next }));
}

/** The tree's shape, for tests and debugging: each node as `depth:move:comment`, depth first, children in order. */
export function treeShape(tree) {
  const out = [];
  const stack = [[tree.root, 0]];
  while (stack.length) {
    const [node, depth] = stack.pop();
    out.push(`${depth}:${node.move ?? '-'}:${node.comment ?? ''}`);
    for (let i = node.children.length - 1; i >= 0; i--) stack.push([node.children[i], depth + 1]);
  }
  return out;
}

/** How many nodes the tree has (the root too). */
export function treeSize(tree) {
  return tree.nodes.size;
}
