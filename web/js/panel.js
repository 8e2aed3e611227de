// The side panel: status line, error, buttons, choosers, move list, playouts result. Reconciled from state.

import { engineText, gameText, playoutsText } from './state.js';

/** Looks up the panel's elements (ids from index.html) once. */
export function panelDom(doc = document) {
  const $ = (id) => doc.getElementById(id);
  return {
    body: doc.body,
    gameStatus: $('game-status'),
    engineStatus: $('engine-status'),
    error: $('error'),
    errorText: $('error-text'),
    size: $('size'),
    rules: $('rules'),
    swapRule: $('swap-rule'),
    newGame: $('new-game'),
    undo: $('undo'),
    redo: $('redo'),
    swap: $('swap'),
    moves: $('moves'),
    link: $('link'),
    linkForm: $('link-form'),
    hexworld: $('hexworld-link'),
    errorClose: $('error-close'),
    playouts: $('playouts'),
    playoutsResult: $('playouts-result'),
    movesKey: null,
  };
}

/** Fills the size chooser with min..max (square boards). */
export function fillSizes(select, min, max, selected) {
  select.replaceChildren();
  for (let n = min; n <= max; n++) select.add(new Option(`${n} × ${n}`, String(n), false, n === selected));
}

function setData(node, key, value) {
  if (value === null || value === undefined) delete node.dataset[key];
  else if (node.dataset[key] !== String(value)) node.dataset[key] = value;
}

function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}

/** Size chooser shows the current board; a rectangular board gets its own extra option. */
function renderSize(select, width, height) {
  const value = width === height ? String(width) : `${width}x${height}`;
  let extra = select.querySelector('option[data-extra]');
  if (width !== height) {
    if (!extra) {
      extra = new Option('', '');
      extra.dataset.extra = '';
      select.add(extra);
    }
    extra.value = value;
    extra.textContent = `${width} × ${height}`;
  } else if (extra) {
    extra.remove();
  }
  if (select.value !== value) select.value = value;
}

/** Rebuilds the numbered move list when the moves or the cursor change. */
function renderMoves(dom, view) {
  const key = view ? `${view.moves.join(',')}|${view.cursor}` : '';
  if (dom.movesKey === key) return;
  dom.movesKey = key;
  const items = (view?.moves ?? []).map((move, i) => {
    const li = document.createElement('li');
    li.dataset.ply = String(i + 1);
    li.textContent = move;
    li.tabIndex = -1;
    if (i >= view.cursor) li.classList.add('future');
    if (i === view.cursor - 1) {
      li.classList.add('current');
      li.setAttribute('aria-current', 'step');
    }
    return li;
  });
  dom.moves.replaceChildren(...items);
  dom.moves.querySelector('.current')?.scrollIntoView({ block: 'nearest' });
}

/** Brings the panel in line with `state`. */
export function renderPanel(dom, state) {
  const { engine, view } = state;
  const ready = engine.status === 'ready' && !!view;
  setData(dom.body, 'engine', ready ? 'ready' : engine.status);
  setData(dom.body, 'threads', engine.status === 'ready' ? engine.threads : null);
  setData(dom.body, 'isolated', engine.status === 'ready' ? String(engine.isolated) : null);
  setData(dom.body, 'package', engine.package || null);
  setData(dom.body, 'busy', state.busy > 0 ? 'true' : null);

  setText(dom.gameStatus, gameText(view));
  setText(dom.engineStatus, engineText(engine));
  setData(dom.gameStatus, 'winner', view?.winner || null);

  dom.error.hidden = !state.error;
  setText(dom.errorText, state.error ?? '');

  if (view) {
    renderSize(dom.size, view.width ?? view.size, view.height ?? view.size);
    if (dom.rules.value !== view.rules) dom.rules.value = view.rules;
    dom.swapRule.checked = !!view.swap_rule;
  }
  dom.undo.disabled = !ready || !view.can_undo;
  dom.redo.disabled = !ready || !view.can_redo;
  dom.swap.disabled = !ready || !view.swap_legal;
  dom.newGame.disabled = !ready;
  dom.playouts.disabled = !ready || !!state.playouts?.running;
  renderMoves(dom, view);

  // `hexworld` (the position in HexWorld's notation) is an extra View field; null when it has no equivalent.
  const hexworld = typeof view?.hexworld === 'string' ? `https://hexworld.org/board/#${view.hexworld}` : null;
  dom.hexworld.hidden = !hexworld;
  if (hexworld && dom.hexworld.getAttribute('href') !== hexworld) dom.hexworld.href = hexworld;

  const p = state.playouts;
  setText(dom.playoutsResult, playoutsText(p));
  setData(dom.playoutsResult, 'playouts', p && !p.running && !p.error ? p.playouts : null);
  setData(dom.playoutsResult, 'blackWins', p && !p.running && !p.error ? p.black_wins : null);
  setData(dom.playoutsResult, 'whiteWins', p && !p.running && !p.error ? p.white_wins : null);
  setData(dom.playoutsResult, 'threads', p && !p.running && !p.error ? p.threads : null);
}
