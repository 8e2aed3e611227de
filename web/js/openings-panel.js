// The Openings box of the panel: the toggle, the size, Solve the map / Stop, the progress, the opening under the
// pointer (or the keyboard focus) with its time and nodes, and the list of canonical openings. Reconciled from
// state; the actions are js/openings.js'.
//
// Test contract: `#openings-panel[data-status="off|idle|reading|running|stopped|done|error"][data-size]`,
// `[data-known]` (canonical openings known), `#openings-detail[data-cell]`, and one
// `#openings-list li[data-move][data-winner][data-ms][data-nodes][data-source]` per canonical opening known.

import { listen } from './events.js';
import { canonicalOpenings, OPENING_SIZES, openingText, showsMap, statusText, summaryText, twinOf } from './openings.js';
import { progressText, setData, setText } from './solve.js';

export function openingsDom(doc = document) {
  const $ = (id) => doc.getElementById(id);
  return {
    toggle: $('openings-toggle'),
    panel: $('openings-panel'),
    size: $('openings-size'),
    run: $('openings-run'),
    stop: $('openings-stop'),
    show: $('openings-show'),
    status: $('openings-status'),
    progress: $('openings-progress'),
    summary: $('openings-summary'),
    detail: $('openings-detail'),
    list: $('openings-list'),
    listKey: null,
  };
}

/** Fills the size chooser once. */
export function fillOpeningSizes(select, size) {
  if (!select || select.options.length) return;
  for (const n of OPENING_SIZES) select.add(new Option(`${n}x${n}`, String(n), n === size, n === size));
}

/** Brings the box in line with `state`. */
export function renderOpenings(dom, state) {
  if (!dom.panel) return;
  const o = state.openings;
  dom.toggle.checked = o.on;
  dom.panel.hidden = !o.on;
  setData(dom.panel, 'status', o.on ? o.status : 'off');
  setData(dom.panel, 'size', o.size);
  if (dom.size.value !== String(o.size)) dom.size.value = String(o.size);
  if (!o.on) return;
  const all = canonicalOpenings(o.size);
  const known = all.filter((c) => o.results.has(c));
  setData(dom.panel, 'known', known.length);
  const running = o.status === 'running';
  dom.run.hidden = running;
  dom.run.disabled = known.length === all.length || o.status === 'reading' || state.engine.status !== 'ready';
  dom.stop.hidden = !running;
  dom.show.hidden = showsMap(state);
  setText(dom.status, statusText(o));
  dom.progress.hidden = !running;
  if (running) setText(dom.progress, progressText(o.progress));
  setText(dom.summary, summaryText(o));
  const hover = o.hover;
  setText(dom.detail, hover ? openingText(o, hover) : showsMap(state) ? 'Point at a cell (or move the keyboard focus onto it) for its result, time and nodes.' : 'The map is drawn on the empty board: Show the map.');
  setData(dom.detail, 'cell', hover);
  const listKey = `${o.size}|${known.map((c) => `${c}:${o.results.get(c).source}`).join(',')}`;
  if (dom.listKey === listKey) return;
  dom.listKey = listKey;
  const doc = dom.list.ownerDocument;
  dom.list.replaceChildren(...known.map((cell) => {
    const r = o.results.get(cell);
    const li = doc.createElement('li');
    li.dataset.move = cell;
    li.dataset.winner = r.winner;
    li.dataset.ms = String(Math.round(r.ms ?? 0));
    li.dataset.nodes = String(r.nodes ?? 0);
    li.dataset.source = r.source;
    const twin = twinOf(cell, o.size);
    li.textContent = openingText(o, cell).replace(/\.$/, twin === cell ? '' : ` (also ${twin})`);
    return li;
  }));
}

/** Binds the box and the board's hover and focus (an opening's detail). Returns the unbind function. */
export function bindOpenings(dom, actions, boardWrap) {
  if (!dom.panel) return () => {};
  const cellOf = (e) => {
    const cell = e.target.closest?.('[data-cell]');
    return cell && boardWrap.contains(cell) ? cell.dataset.cell : null;
  };
  const unbinds = [
    listen(dom.toggle, 'change', () => actions.setOn(dom.toggle.checked)),
    listen(dom.size, 'change', () => actions.setSize(Number(dom.size.value))),
    listen(dom.run, 'click', () => actions.run()),
    listen(dom.stop, 'click', () => actions.stop()),
    listen(dom.show, 'click', () => actions.show()),
    listen(boardWrap, 'pointerover', (e) => actions.hover(cellOf(e))),
    listen(boardWrap, 'pointerleave', () => actions.hover(null)),
    listen(boardWrap, 'focusin', (e) => actions.hover(cellOf(e))),
  ];
  return () => unbinds.forEach((u) => u());
}
