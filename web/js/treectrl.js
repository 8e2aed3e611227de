// The game tree's side of the controller (ctrl.js): moving through the tree (each node's View comes from the
// engine, for the code of the line through it), playing into it, opening and saving game records, the links, and
// the branch and comment edits. Dependencies are injected (the engine client, the queue, `show`), so ctrl.js only
// hooks these in.
//
// The policy:
//   - Every step is asked of the engine as the code of the line through the target node (tree.js `codeAt`); the
//     tree changes only once the engine has answered (a refused move never becomes a node).
//   - The address bar holds the whole tree (tree.js `treeLink`: the line's code, then `var=` with the branches
//     and comments); the history entry also keeps the tree itself (`history.state.hexlabTree`), so Back, Forward
//     and a reload give back exactly what a link cannot say (a record's set-up stones, passes, players...).
//   - A game left by New game, an opened file or a pasted link is kept (by its link) until it is returned to.

import { download, readRecordFile, saveName } from './files.js';
import { quote } from './quote.js';
import {
  codeAt, currentLine, goTo, lineView, nextOf, playMove, promote, removeNode, setComment, siblingStep, toRecord, treeFromRecord,
  treeLink,
} from './tree.js';
import { setError, setView } from './state.js';

/** How many games left (by New game, a file, a link) are kept whole for Undo to return to. */
const KEPT_GAMES = 50;

/** Orders the file and share messages (the panel shows the newer). */
let stamps = 0;

/** The link of the page's game: the tree's, or the View's code (null before the first position). */
export function currentLink(state) {
  if (!state.view) return null;
  return state.tree ? treeLink(state.tree, state.view.code) : state.view.code;
}

/** Red-bean's `IP[]` (the node a viewer shows first): the page opens a record there and saves the current node so. */
function isInitial(property) {
  return property?.[0] === 'IP';
}

/**
 * Moving through the tree: `navigate(node)` (the View of `node`, which then becomes current), `playIn(view,
 * move)`, `open(code)` (a link's tree and View, or a game kept whole), `leave()` (keeps the game whole) and
 * `historyState()` (what the history entry keeps).
 */
export function createTreeNav({ state, engine, history = globalThis.history }) {
  const kept = new Map(); // link -> tree, for the games left (oldest first)

  /** The View of `node` of the current tree; `node` becomes current once the engine has answered. */
  async function navigate(node) {
    const view = await engine.loadPosition(codeAt(node));
    goTo(state.tree, node);
    return view;
  }

  return {
    navigate,

    /**
     * Plays `move` at the current node: into the child that has it (its line goes on as it was), else a new child
     * once the engine has played it. Resolves to the View.
     */
    async playIn(view, move) {
      const tree = state.tree;
      const existing = tree.current.children.find((c) => c.move === move && c.step === 'move');
      if (existing) return navigate(existing);
      const next = await engine.play(view.code, move);
      playMove(tree, move, view.to_move);
      return next;
    },

    /**
     * The tree and View of a link (the address bar's, or pasted): the history entry's own tree when it is this
     * link's (Back, Forward, a reload), a game kept whole, else the tree the engine reads from the link.
     */
    async open(code) {
      const entry = history?.state?.hexlabTree;
      const whole = entry?.link === code ? structuredClone(entry.tree) : kept.get(code) ?? null;
      if (whole) {
        kept.delete(code);
        return { view: await engine.loadPosition(codeAt(whole.current)), tree: whole };
      }
      const { view, link } = await engine.openLink(code);
      return { view, tree: treeFromRecord(link.record, { line: link.line, cursor: link.cursor }) };
    },

    /** The current game is left (New game, a file, a link): kept whole under its link. */
    leave() {
      const link = currentLink(state);
      if (!link || !state.tree) return link;
      kept.delete(link);
      kept.set(link, structuredClone(state.tree));
      while (kept.size > KEPT_GAMES) kept.delete(kept.keys().next().value);
      return link;
    },

    /** What the history entry keeps: the tree itself with its link (null when the tree cannot be cloned). */
    historyState() {
      const link = currentLink(state);
      return state.tree && link ? { hexlabTree: { link, tree: state.tree } } : null;
    },
  };
}

/**
 * The actions of the tree panel, the move list's branches and the files. `enqueue(job)` runs a job after every
 * earlier action (ctrl.js), `show(view, options)` makes a View current, `live()` says whether there is a position
 * to act on, `leaveGame(link)` puts a game left on the games stack, `sync()` rewrites the address bar, `lineLink()`
 * is the address of the current line alone.
 */
export function createTreeActions({ state, engine, nav, enqueue, show, live, redraw, sync, leaveGame, lineLink, clipboard = globalThis.navigator?.clipboard }) {
  /** The View follows a change of the tree that leaves the current line's code as it is. */
  function refreshLine() {
    if (!state.view || !state.tree) return;
    setView(state, lineView(state.tree, state.view));
    sync();
    redraw();
  }

  /** After a change of the tree: the current node's View again if its code changed, else the line only. */
  async function reshow() {
    const code = codeAt(state.tree.current);
    if (code === state.view?.code) return refreshLine();
    show(await engine.loadPosition(code));
  }

  const nodeOf = (id) => state.tree?.nodes.get(Number(id)) ?? null;

  async function copy(kind, url) {
    if (!url) {
      state.share = { kind, status: 'unavailable', at: ++stamps };
      return;
    }
    try {
      if (!clipboard?.writeText) throw new Error('no clipboard');
      await clipboard.writeText(url);
      state.share = { kind, status: 'copied', url, at: ++stamps };
    } catch {
      state.share = { kind, status: 'failed', url, at: ++stamps };
    }
  }

  const actions = {
    /** The current node's id (the panel's Make main line and Delete act on it). */
    currentNodeId: () => state.tree?.current.id ?? null,

    /** Goes to node `id` (a click on a branch in the move list or the branches list). */
    goToNode: (id) =>
      !live() ? Promise.resolve() : enqueue(async () => {
        const node = nodeOf(id);
        if (node && node !== state.tree.current) show(await nav.navigate(node));
      }),

    /** Whether Up (`dir` -1) or Down (+1) has a branch to go to. */
    canStepVariation: (dir) => live() && !!state.tree && !!siblingStep(state.tree, dir),

    /** Up or Down: the previous or next branch at the nearest fork of the current path. */
    stepVariation: (dir) =>
      !live() ? Promise.resolve() : enqueue(async () => {
        const target = state.tree && siblingStep(state.tree, dir);
        if (target) show(await nav.navigate(target));
      }),

    /** Makes node `id`'s path the main line (the current line stays as it is). */
    promoteNode: (id) =>
      !live() ? Promise.resolve() : enqueue(async () => {
        const node = nodeOf(id);
        if (!node?.parent) return;
        for (const n of currentLine(state.tree)) n.via = nextOf(n); // keep the current line where it is
        promote(state.tree, node);
        refreshLine();
      }),

    /** Deletes node `id` and everything after it (never the root); the current node moves out of it. */
    deleteNode: (id) =>
      !live() ? Promise.resolve() : enqueue(async () => {
        const node = nodeOf(id);
        if (!node?.parent) return;
        removeNode(state.tree, node);
        await reshow();
      }),

    /** The current node's comment, as typed ('' removes it). */
    setComment(text) {
      if (!state.tree || !state.view) return;
      setComment(state.tree.current, text);
      refreshLine();
    },

    /**
     * Opens a game record (a file picked or dropped): the engine reads it (HexGui's, Little Golem's or red-bean's
     * SGF); the game shows at its `IP[]` node or the end of its main line, and the game on the board is left on the
     * stack (Undo returns to it). A bad file leaves the board as it was, with a message naming line and column.
     */
    openFile: (file) =>
      !live() ? Promise.resolve() : enqueue(async () => {
        const name = file?.name ?? 'the file';
        try {
          const text = await readRecordFile(file);
          const read = await engine.readRecord(text);
          const tree = treeFromRecord(read.record);
          const made = [...tree.nodes.values()]; // in record order
          for (const node of made) if (node.sgf) node.sgf.properties = node.sgf.properties.filter((p) => !isInitial(p));
          let current = made[read.initial ?? -1] ?? null;
          if (!current) for (current = tree.root; current.children.length; ) current = current.children[0];
          tree.name = name;
          const view = await engine.loadPosition(codeAt(current));
          goTo(tree, current);
          leaveGame(nav.leave());
          state.tree = tree;
          state.file = { status: 'opened', name, dialect: read.dialect_name, at: ++stamps };
          show(view, { adopt: true, push: true });
        } catch (err) {
          state.file = { status: 'error', name, at: ++stamps };
          setError(state, `Could not open ${quote(name)}: ${err.message}`);
        }
      }),

    /** Saves the whole tree as HexGui's SGF (red-bean's too), the current node marked `IP[]`: a download. */
    save: () =>
      !live() ? Promise.resolve() : enqueue(async () => {
        const tree = state.tree;
        const record = toRecordWithInitial(tree);
        const text = await engine.writeRecord(record);
        const name = saveName(tree.name);
        download(text, name);
        state.file = { status: 'saved', name, at: ++stamps };
      }),

    /** Copies the HexWorld (`hexworld`) or trmph (`trmph`) link of the current line to the clipboard. */
    copyShare: (kind) =>
      !live() ? Promise.resolve() : enqueue(async () => {
        const links = await engine.shareLinks(state.view.code);
        await copy(kind, links?.[kind] ?? null);
      }),

    /** Copies the link of the current line alone (no other branches, no comments). */
    copyLineLink: () =>
      !live() ? Promise.resolve() : enqueue(async () => {
        await copy('line', lineLink());
      }),
  };
  return actions;
}

/** The tree as a record with the current node marked by red-bean's `IP[]`. */
function toRecordWithInitial(tree) {
  return toRecord(tree, (node) => (node === tree.current ? [['IP', ['']]] : []));
}
