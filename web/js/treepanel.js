// The game tree's part of the panel (index.html `#tree`): the branches at the current node (each can be gone to,
// promoted to the main line or deleted), the current move's Make main line and Delete, its comment, and the
// files and share links (Open, Save, Copy line link, Copy as HexWorld / trmph link). Reconciled from state;
// `bindTree` turns its clicks into actions (treectrl.js).

import { bindDrop } from './files.js';
import { listen } from './events.js';
import { branchesAt } from './tree.js';

/** The section's elements (ids from index.html). */
export function treeDom(doc = document) {
  const $ = (id) => doc.getElementById(id);
  return {
    box: $('tree'),
    promote: $('tree-promote'),
    remove: $('tree-delete'),
    branchesBox: $('branches-box'),
    branches: $('branches'),
    comment: $('comment'),
    open: $('open-file'),
    save: $('save-game'),
    copyLine: $('copy-line'),
    copyHexworld: $('copy-hexworld'),
    copyTrmph: $('copy-trmph'),
    status: $('tree-status'),
    branchesKey: undefined,
    branchesNode: undefined,
    commentNode: undefined,
  };
}

const SHARE_NAMES = { line: 'Line link', hexworld: 'HexWorld link', trmph: 'trmph link' };

/** The status line: the last file opened or saved, or the last link copied (the newer of the two). */
export function treeStatusText(state) {
  const s = state.share;
  if (s && s.at >= (state.file?.at ?? 0)) {
    const name = SHARE_NAMES[s.kind] ?? 'Link';
    if (s.status === 'copied') return `${name} copied.`;
    if (s.status === 'failed') return `Could not copy the ${name}: the clipboard refused it.`;
    return s.kind === 'line'
      ? 'No line link here.'
      : `This game has no ${name}: set-up stones, Rex, no swap rule${s.kind === 'trmph' ? ', a rectangular board' : ''} or moves the site cannot say.`;
  }
  const f = state.file;
  if (f?.status === 'opened') return `Opened ${f.name} (${f.dialect}).`;
  if (f?.status === 'saved') return `Saved ${f.name}.`;
  return '';
}

function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}

/** Brings the section in line with `state`. */
export function renderTree(dom, state) {
  if (!dom.box) return;
  const tree = state.tree;
  const ready = state.engine.status === 'ready' && !!state.view && !!tree;
  const node = tree?.current ?? null;
  dom.promote.disabled = !ready || !node.parent || isMainLine(node);
  dom.remove.disabled = !ready || !node.parent;
  for (const button of [dom.save, dom.copyLine, dom.copyHexworld, dom.copyTrmph]) button.disabled = !ready;
  dom.open.disabled = !ready;
  setData(dom.box, 'node', node ? node.id : null);
  setData(dom.box, 'size', tree ? tree.nodes.size : null);

  // The branches after the current node, when there is more than one.
  const branches = node ? branchesAt(node) : [];
  const key = JSON.stringify(branches);
  const rebuild = dom.branchesKey !== key;
  // A branch promoted or deleted (the same node, from the keyboard too): the focus stays in the list if it is shown.
  const inList = rebuild && dom.branchesNode === node?.id ? focusedBranchControl(dom) : null;
  if (rebuild) {
    dom.branchesKey = key;
    dom.branchesNode = node?.id;
    dom.branches.replaceChildren(...branches.map(branchItem));
  }
  dom.branchesBox.hidden = branches.length < 2;
  if (inList && !dom.branchesBox.hidden) refocusBranchControl(dom, inList);

  // The comment box shows the current node's comment; while it has the focus, what is typed is the truth.
  const comment = node?.comment ?? '';
  const focused = dom.comment.ownerDocument.activeElement === dom.comment;
  if (dom.commentNode !== node?.id || (!focused && dom.comment.value !== comment)) {
    dom.comment.value = comment;
    dom.commentNode = node?.id;
  }
  dom.comment.disabled = !ready;

  const text = treeStatusText(state);
  dom.status.hidden = !text;
  setText(dom.status, text);
  setData(dom.status, 'share', state.share?.status ? `${state.share.kind} ${state.share.status}` : null);
  setData(dom.status, 'file', state.file?.status ?? null);
}

const BRANCH_CONTROLS = ['go', 'promote', 'delete'];

/** The branches list's control that has the focus, as { kind, id } (kind: go, promote or delete), or null. */
function focusedBranchControl(dom) {
  const el = dom.branches.ownerDocument.activeElement;
  if (!el || !dom.branches.contains(el)) return null;
  const kind = BRANCH_CONTROLS.find((k) => el.dataset[k]);
  return kind ? { kind, id: el.dataset[kind] } : null;
}

/**
 * After the list is rebuilt the focus goes back to the same control, else its branch's "go" (a promoted branch has
 * no Promote), else the first branch's: a keyboard user goes on from there, not from the top of the page.
 */
function refocusBranchControl(dom, { kind, id }) {
  const candidates = [`[data-${kind}="${id}"]`, `[data-go="${id}"]`, '[data-go]'].map((sel) => dom.branches.querySelector(sel));
  candidates.find((el) => el && !el.disabled)?.focus({ preventScroll: true });
}

/** Whether `node` is on the main line (every node on its path is its parent's first child). */
function isMainLine(node) {
  for (let at = node; at.parent; at = at.parent) if (at.parent.children[0] !== at) return false;
  return true;
}

function branchItem(branch) {
  const li = document.createElement('li');
  li.dataset.branch = String(branch.id);
  if (branch.main) li.dataset.main = 'true';
  if (branch.onLine) li.dataset.onLine = 'true';
  const go = document.createElement('button');
  go.type = 'button';
  go.className = 'link-button branch-go';
  go.dataset.go = String(branch.id);
  go.textContent = branch.move;
  go.title = 'Go to this branch';
  const tag = document.createElement('span');
  tag.className = 'branch-tag';
  tag.textContent = branch.main ? 'main line' : branch.onLine ? 'this line' : '';
  const promote = document.createElement('button');
  promote.type = 'button';
  promote.dataset.promote = String(branch.id);
  promote.textContent = 'Promote';
  promote.title = 'Make this branch the main line';
  promote.disabled = branch.main;
  const remove = document.createElement('button');
  remove.type = 'button';
  remove.dataset.delete = String(branch.id);
  remove.textContent = 'Delete';
  remove.title = 'Delete this branch';
  li.append(go, ' ', tag, ' ', promote, ' ', remove);
  return li;
}

function setData(node, key, value) {
  if (value === null || value === undefined) delete node.dataset[key];
  else if (node.dataset[key] !== String(value)) node.dataset[key] = value;
}

/** Binds the section to `actions`, and files dropped on `dropTarget` (the page) to `actions.openFile`. */
export function bindTree(dom, actions, dropTarget = document.body) {
  if (!dom.box) return () => {};
  const unbinds = [
    listen(dom.branches, 'click', (e) => {
      const button = e.target.closest?.('button');
      if (!button) return;
      if (button.dataset.go) actions.goToNode(button.dataset.go);
      else if (button.dataset.promote) actions.promoteNode(button.dataset.promote);
      else if (button.dataset.delete) actions.deleteNode(button.dataset.delete);
    }),
    listen(dom.promote, 'click', () => actions.promoteNode(actions.currentNodeId?.())),
    listen(dom.remove, 'click', () => actions.deleteNode(actions.currentNodeId?.())),
    listen(dom.comment, 'input', () => actions.setComment(dom.comment.value)),
    listen(dom.open, 'change', () => {
      const file = dom.open.files?.[0];
      if (file) actions.openFile(file);
      dom.open.value = ''; // the same file may be opened again
    }),
    listen(dom.save, 'click', () => actions.save()),
    listen(dom.copyLine, 'click', () => actions.copyLineLink()),
    listen(dom.copyHexworld, 'click', () => actions.copyShare('hexworld')),
    listen(dom.copyTrmph, 'click', () => actions.copyShare('trmph')),
    bindDrop(dropTarget, (file) => actions.openFile(file)),
  ];
  return () => unbinds.forEach((unbind) => unbind());
}
