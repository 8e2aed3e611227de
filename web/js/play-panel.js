// The Play and Analyse panels: their elements (`playDom`, `analyseDom`) and what they show (`renderPlay`,
// `renderAnalyse`), read from `state.play` and `state.analyse` (js/play.js, js/analyse.js).

import { analyseText, winRate } from './analyse.js';
import { LEVELS, playText } from './play.js';

const $ = (id) => document.getElementById(id);

export function playDom() {
  const dom = {
    toggle: $('play-toggle'),
    panel: $('play-panel'),
    color: $('play-color'),
    level: $('play-level'),
    newGame: $('play-new'),
    now: $('play-now'),
    progress: $('play-progress'),
    status: $('play-status'),
  };
  if (dom.level && !dom.level.options.length) {
    for (let level = 1; level <= LEVELS; level++) {
      const option = document.createElement('option');
      option.value = String(level);
      option.textContent = level === 1 ? '1 (weakest)' : level === LEVELS ? `${LEVELS} (strongest)` : String(level);
      dom.level.appendChild(option);
    }
  }
  return dom;
}

const setText = (node, text) => {
  if (node && node.textContent !== text) node.textContent = text;
};

export function renderPlay(dom, state) {
  const p = state.play;
  if (!dom.panel || !p) return;
  dom.toggle.checked = p.on;
  dom.panel.hidden = !p.on;
  dom.panel.dataset.status = p.status;
  if (dom.color.value !== p.human) dom.color.value = p.human;
  if (dom.level.value !== String(p.level)) dom.level.value = String(p.level);
  dom.now.disabled = p.status !== 'thinking';
  const g = p.progress;
  const thinking = p.status === 'thinking' && g?.level_games > 0;
  dom.progress.hidden = !thinking;
  if (thinking) dom.progress.value = Math.min(1, g.games / g.level_games);
  setText(dom.status, playText(state));
}

export function analyseDom() {
  return {
    toggle: $('analyse-toggle'),
    panel: $('analyse-panel'),
    bar: $('analyse-bar'),
    fill: $('analyse-bar-fill'),
    barText: $('analyse-bar-text'),
    status: $('analyse-status'),
    stop: $('analyse-stop'),
    resume: $('analyse-resume'),
    play: $('analyse-play'),
    back: $('pv-back'),
    next: $('pv-next'),
    pv: $('analyse-pv'),
    top: $('analyse-top'),
  };
}

/** Replaces the items of list `node` when `items` (text per item) changed; `current` marks one. */
function fillList(node, items, current = -1, attrs = () => ({})) {
  const key = JSON.stringify([items, current]);
  if (node.dataset.key === key) return;
  node.dataset.key = key;
  node.replaceChildren(
    ...items.map((text, i) => {
      const li = document.createElement('li');
      li.textContent = text;
      for (const [k, v] of Object.entries(attrs(i))) li.setAttribute(k, v);
      if (i === current) li.setAttribute('aria-current', 'step');
      return li;
    }),
  );
}

export function renderAnalyse(dom, state) {
  const a = state.analyse;
  if (!dom.panel || !a) return;
  dom.toggle.checked = a.on;
  dom.panel.hidden = !a.on;
  dom.panel.dataset.status = a.status;
  const current = a.code === state.view?.code;
  const r = current ? a.result : null;
  const rate = winRate(r);
  // 'search' (this search's lines) or 'memo' (remembered from an earlier search of the position: js/lines.js).
  if (r && a.source) dom.panel.dataset.source = a.source;
  else delete dom.panel.dataset.source;
  dom.bar.dataset.mover = state.view?.to_move ?? 'b';
  dom.bar.dataset.proven = r?.proven ?? '';
  const pct = rate === null ? 50 : Math.round(100 * rate);
  dom.fill.style.width = `${pct}%`;
  dom.bar.setAttribute('aria-valuenow', String(pct));
  setText(dom.barText, rate === null ? '' : `${pct}%`);
  setText(dom.status, analyseText(state));
  dom.stop.hidden = a.status !== 'running';
  dom.resume.hidden = a.status === 'running' || a.status === 'proven' || !!state.view?.winner;
  dom.play.disabled = !r?.move || r.move === 'resign';
  const pv = r?.pv ?? [];
  fillList(dom.pv, pv, a.step - 1, (i) => ({ 'data-step': String(i + 1) }));
  dom.back.disabled = a.step <= 0;
  dom.next.disabled = a.step >= pv.length;
  const top = (r?.top ?? []).slice(0, 8).map((m) => `${m.move} ${Math.round(100 * m.winrate)}% (${m.visits})`);
  fillList(dom.top, top);
}
