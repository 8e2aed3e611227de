// Turns clicks, changes and keys into controller actions. Every bind function returns its unbind function.
//
// Keys: on a board cell (it has the focus) the arrows move the focus between cells and Enter or Space acts as a
// click there (bindGridKeys); that handler runs before the document's (bindKeys), which leaves a key alone once it
// is handled (defaultPrevented). Elsewhere the arrows undo and redo (Home/End: start/end), as do u and r, Ctrl+Z and
// Ctrl+Y (or Ctrl+Shift+Z), and Up/Down go to the previous/next branch, except in a form control that uses those
// keys itself (a select, a text field).

import { gridStep, isGridKey } from './grid.js';

/** Adds a listener and returns the function that removes it. */
export function listen(target, type, fn, options) {
  target.addEventListener(type, fn, options);
  return () => target.removeEventListener(type, fn, options);
}

function all(unbinds) {
  return () => unbinds.forEach((unbind) => unbind());
}

/**
 * Clicking a cell (any element inside `[data-cell]` within `container`) calls `onCell(name, { shift })`;
 * clicking an edge band (`[data-edge]`) calls `onEdge(name)`.
 */
export function bindBoard(container, onCell, onEdge = () => {}) {
  return listen(container, 'click', (e) => {
    const cell = e.target.closest?.('[data-cell]');
    if (cell && container.contains(cell)) return onCell(cell.dataset.cell, { shift: e.shiftKey });
    const edge = e.target.closest?.('[data-edge]');
    if (edge && container.contains(edge)) onEdge(edge.dataset.edge);
  });
}

/** Calls `onHover(name)` when the pointer enters a cell within `container`, `onHover(null)` when it leaves the board. */
export function bindHover(container, onHover) {
  return all([
    listen(container, 'pointerover', (e) => {
      const cell = e.target.closest?.('[data-cell]');
      onHover(cell && container.contains(cell) ? cell.dataset.cell : null);
    }),
    listen(container, 'pointerleave', () => onHover(null)),
  ]);
}

/**
 * The board's keyboard grid (grid.js): on a focused cell the arrows move the focus (`actions.focusCell`, then the
 * cell's element takes the focus), Enter or Space clicks it (`actions.clickCell`, Shift as for a click: in the
 * Connections mode it plays). A cell taking the focus (Tab, a click) gets the roving tabindex, and with the
 * analysis on a focused marked cell is explained as on hover.
 */
export function bindGridKeys(container, actions) {
  const cellOf = (e) => {
    const cell = e.target.closest?.('[data-cell]');
    return cell && container.contains(cell) ? cell : null;
  };
  return all([
    listen(container, 'keydown', (e) => {
      const cell = cellOf(e);
      if (!cell || e.altKey || e.ctrlKey || e.metaKey || e.defaultPrevented) return;
      if (isGridKey(e.key)) {
        e.preventDefault();
        const board = cell.closest('[data-width]');
        const next = gridStep(cell.dataset.cell, e.key, Number(board?.dataset.width), Number(board?.dataset.height));
        actions.focusCell(next);
        container.querySelector(`[data-cell="${next}"]`)?.focus();
      } else if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        if (!e.repeat) actions.clickCell(cell.dataset.cell, { shift: e.shiftKey });
      }
    }),
    // A mouse click does not move the focus into the grid (the arrows keep undoing and redoing after a click), but
    // with the focus already on a cell it follows the click.
    listen(container, 'mousedown', (e) => {
      if (cellOf(e) && !container.contains(document.activeElement)) e.preventDefault();
    }),
    listen(container, 'focusin', (e) => {
      const cell = cellOf(e);
      if (!cell) return;
      actions.focusCell(cell.dataset.cell);
      actions.hover(cell.dataset.cell);
    }),
    listen(container, 'focusout', (e) => {
      if (cellOf(e) && !container.contains(e.relatedTarget)) actions.hover(null);
    }),
  ]);
}

/** Parses the size chooser's value: "11" -> [11, 11], "11x9" -> [11, 9]. */
export function parseSize(value) {
  const [w, h] = String(value).split('x').map(Number);
  return [w, h ?? w];
}

/** The New game choices currently shown in the panel. */
function choices(dom) {
  const [width, height] = parseSize(dom.size.value);
  return { width, height, rules: dom.rules.value, swapRule: dom.swapRule.checked };
}

/** Binds the panel's controls to `actions` (see ctrl.js). */
export function bindPanel(dom, actions) {
  const loadLink = () => {
    const text = dom.link.value.trim();
    if (text) actions.load(text, 'pasted link');
  };
  return all([
    // The choices apply to the next game only (New game): a form control never replaces the game on the board.
    listen(dom.size, 'change', () => actions.chooseSettings(choices(dom))),
    listen(dom.rules, 'change', () => actions.chooseSettings(choices(dom))),
    listen(dom.swapRule, 'change', () => actions.chooseSettings(choices(dom))),
    listen(dom.newGame, 'click', () => actions.newGame(choices(dom))),
    listen(dom.undo, 'click', () => actions.undo()),
    listen(dom.redo, 'click', () => actions.redo()),
    listen(dom.swap, 'click', () => actions.play('swap')),
    listen(dom.playouts, 'click', () => actions.playouts()),
    listen(dom.editToggle, 'change', () => actions.setEdit(dom.editToggle.checked)),
    listen(dom.editDone, 'click', () => actions.setEdit(false)),
    listen(dom.editTool, 'change', () => actions.setEditTool(dom.editTool.value)),
    listen(dom.editTurn, 'change', () => actions.setEditTurn(dom.editTurn.value)),
    listen(dom.editClear, 'click', () => actions.clearBoard()),
    listen(dom.copyLink, 'click', () => actions.copyLink()),
    listen(dom.linkForm, 'submit', (e) => {
      e.preventDefault();
      loadLink();
    }),
    listen(dom.errorClose, 'click', () => actions.dismissError()),
    listen(dom.analysisToggle, 'change', () => actions.setAnalysis(dom.analysisToggle.checked)),
    listen(dom.analysisPlay, 'click', () => {
      const cell = dom.analysisPlay.dataset.cell;
      if (cell) actions.play(cell);
    }),
    listen(dom.connectionsToggle, 'change', () => actions.setConnections(dom.connectionsToggle.checked)),
    listen(dom.connectionsExit, 'click', () => actions.setConnections(false)),
    listen(dom.connectionsClear, 'click', () => actions.clearEnds()),
    listen(dom.connectionsPlayMode, 'click', () => actions.setPlayNext(dom.connectionsPlayMode.getAttribute('aria-pressed') !== 'true')),
    listen(dom.mustplayToggle, 'change', () => actions.setMustplay(dom.mustplayToggle.checked)),
    listen(dom.connectionsFillin, 'change', () => actions.setFillin(dom.connectionsFillin.checked)),
    listen(dom.connectionsEdges, 'change', () => actions.setEdges(dom.connectionsEdges.checked)),
    listen(dom.connectionsWinning, 'click', (e) => {
      const button = e.target.closest('button[data-show]');
      if (button) actions.showEdges(button.dataset.show);
    }),
    ...bindAlternatives(dom.connectionsList, actions),
    listen(dom.connectionsSearch, 'click', () => actions.searchDeeper()),
    listen(dom.connectionsSearchMore, 'click', () => actions.searchLonger()),
    listen(dom.connectionsSearchResult, 'click', (e) => {
      if (e.target.closest('button[data-show-search]')) actions.chooseAlternative('search');
    }),
    listen(dom.moves, 'click', (e) => {
      const move = e.target.closest('[data-ply]');
      if (move) actions.seek(Number(move.dataset.ply));
      const branch = e.target.closest('[data-node]');
      if (branch) actions.goToNode(branch.dataset.node);
    }),
    // The moves (and the branches) are focusable: Enter (or Space) goes there, as a click does.
    listen(dom.moves, 'keydown', (e) => {
      const move = e.target.closest?.('[data-ply], [data-node]');
      if (!move || (e.key !== 'Enter' && e.key !== ' ')) return;
      e.preventDefault();
      if (move.dataset.ply) actions.seek(Number(move.dataset.ply));
      else actions.goToNode(move.dataset.node);
    }),
  ]);
}

/** The list of alternatives: hover (or focus) shows one on the board, a click (or Enter) keeps it. */
function bindAlternatives(list, actions) {
  const indexOf = (e) => {
    const li = e.target.closest?.('li[data-alt]');
    return li && list.contains(li) ? Number(li.dataset.alt) : null;
  };
  return [
    listen(list, 'pointerover', (e) => actions.hoverAlternative(indexOf(e))),
    listen(list, 'pointerleave', () => actions.hoverAlternative(null)),
    listen(list, 'focusin', (e) => actions.hoverAlternative(indexOf(e))),
    listen(list, 'focusout', () => actions.hoverAlternative(null)),
    listen(list, 'click', (e) => {
      const index = indexOf(e);
      if (index !== null) actions.chooseAlternative(index);
    }),
    listen(list, 'keydown', (e) => {
      const index = indexOf(e);
      if (index === null || (e.key !== 'Enter' && e.key !== ' ')) return;
      e.preventDefault();
      actions.chooseAlternative(index);
    }),
  ];
}

// Form controls that use these keys themselves (a select changes its value with the arrows, a text field moves
// its caret): while one has the focus, the board's shortcuts stay off. Checkboxes and buttons do not use them.
const OWN_KEYS = 'input:not([type="checkbox"]):not([type="button"]):not([type="submit"]):not([type="reset"]):not([type="file"]), select, textarea, [contenteditable]:not([contenteditable="false"])';

/** Whether a key pressed on `target` belongs to that form control (no board shortcut). */
export function keyForControl(target) {
  return !!target?.closest?.(OWN_KEYS);
}

/** The action of a key with Ctrl (or Cmd): Z undoes, Y and Shift+Z redo; null for any other. */
export function ctrlKeyAction(e) {
  const key = e.key.toLowerCase();
  if (key === 'z') return e.shiftKey ? 'redo' : 'undo';
  if (key === 'y' && !e.shiftKey) return 'redo';
  return null;
}

/**
 * Left/right arrows undo/redo (so do u and r, Ctrl+Z and Ctrl+Y; Home/End: start/end), Escape clears the explained
 * cell or the Connections endpoints (and with none picked leaves that mode), unless the focus is in a form control
 * that uses the keys itself (a select, a text field: `keyForControl`) or a handler nearer the focus took the key
 * (a board cell's arrows move the focus: bindGridKeys).
 */
export function bindKeys(actions) {
  return listen(document, 'keydown', (e) => {
    if (e.altKey || e.defaultPrevented) return;
    if (keyForControl(e.target) || keyForControl(document.activeElement)) return;
    const action = e.ctrlKey || e.metaKey
      ? ctrlKeyAction(e)
      : { ArrowLeft: 'undo', ArrowRight: 'redo', Home: 'first', End: 'last', Escape: 'deselect', u: 'undo', r: 'redo', ArrowUp: 'up', ArrowDown: 'down' }[e.key];
    if (!action) return;
    // Up and Down go between branches; with none that way the page scrolls as usual.
    const dir = { up: -1, down: 1 }[action];
    if (dir && !actions.canStepVariation?.(dir)) return;
    e.preventDefault();
    if (dir) actions.stepVariation(dir);
    else if (action === 'deselect') actions.escape();
    else if (action === 'first') actions.seek(0);
    else if (action === 'last') actions.seek(Infinity);
    else actions[action]();
  });
}
