// Entry point: state + engine + controller, the board and panel renderers, and the listeners.

import { defaults } from './config.js';
import { createCtrl } from './ctrl.js';
import { createEngine } from './engine.js';
import { bindBoard, bindKeys, bindPanel } from './events.js';
import { bindHash } from './hash.js';
import { fillSizes, panelDom, renderPanel } from './panel.js';
import { debounceRedraw, renderBoard, wrap } from './render.js';
import { createState } from './state.js';

/** Mounts the analysis board on the page's fixed elements; returns { state, actions, destroy }. */
export function start(config = defaults) {
  const state = createState(config);
  const boardWrap = document.getElementById('board-wrap');
  const panel = panelDom();
  fillSizes(panel.size, config.minSize, config.maxSize, config.width);
  let board = wrap(boardWrap, config.width, config.height);

  const redraw = debounceRedraw(() => {
    const view = state.view;
    if (view && !renderBoard(board, view)) {
      board = wrap(boardWrap, view.width ?? view.size, view.height ?? view.size);
      renderBoard(board, view);
    }
    renderPanel(panel, state);
  });

  const engine = createEngine();
  const actions = createCtrl({ state, engine, config, redraw });
  const unbinds = [
    bindBoard(boardWrap, (cell) => actions.play(cell)),
    bindPanel(panel, actions),
    bindKeys(actions),
    bindHash((code) => actions.load(code, 'link')),
  ];
  redraw();
  actions.start();
  return {
    state,
    actions,
    destroy() {
      unbinds.forEach((unbind) => unbind());
      engine.terminate();
    },
  };
}

window.hexlab = start();
