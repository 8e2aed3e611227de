// Wiring of the page's later modules, so main.js needs only a few hooks: puzzles (js/puzzle.js, puzzles.js,
// puzzle-panel.js) with the built-in collection (collection.js), the Openings view (openings.js, openings-panel.js)
// and Export (export.js). The service worker (offline.js) is started by main.js itself.
//
// Hooks main.js calls: `follow(view)` and `render()` on every redraw, `clickCell(cell)` before the controller
// (true: the click is taken), `openLink(code, keys)` for a link with puzzle keys, `unbind()`.

import { createCollection } from './collection.js';
import { bindExport } from './export.js';
import { createOpenings } from './openings.js';
import { bindOpenings, fillOpeningSizes, openingsDom, renderOpenings } from './openings-panel.js';
import { bindPuzzle, puzzleDom, renderPuzzle } from './puzzle-panel.js';
import { createPuzzles } from './puzzles.js';

/** Mounts them on the page's elements; `actions` are ctrl.js', `solver` and `store` the Solve's. */
export function mountExtras({ state, engine, solver, store, actions, redraw, boardWrap, collection = createCollection() }) {
  const puzzles = createPuzzles({ state, solver, store, engine, actions, collection, redraw });
  const openings = createOpenings({ state, solver, store, load: (code) => actions.load(code, 'pasted link'), redraw });
  state.puzzleProgress = collection.progress();
  let place = null; // the collection's place of the puzzle shown: { id, index, count, previous, next, entry }

  /** Keeps `place` for the collection puzzle on the board (looked up when it changes). */
  function follow(view) {
    puzzles.follow(view);
    const id = state.puzzle.on ? state.puzzle.collection : null;
    if ((place?.id ?? null) === id) return;
    place = id ? { id } : null;
    if (!id) return;
    Promise.all([collection.neighbours(id), collection.find(id)]).then(([n, entry]) => {
      if (place?.id !== id) return;
      place = { id, ...n, entry };
      redraw();
    }, () => {});
  }

  const go = (which) => async () => {
    const id = which === 'first' ? await collection.firstUnsolved().catch(() => null) : place?.[which];
    if (id) await puzzles.openCollection(id);
  };

  const pDom = puzzleDom();
  const oDom = openingsDom();
  fillOpeningSizes(oDom.size, state.openings.size);
  const unbinds = [
    bindPuzzle(pDom, puzzles, { previous: go('previous'), next: go('next'), openCollection: go('first') }),
    bindOpenings(oDom, openings, boardWrap),
    bindExport(state),
  ];

  return {
    puzzles,
    openings,
    collection,
    follow,
    render() {
      state.puzzleProgress = collection.progress();
      renderPuzzle(pDom, state, place?.entry ? place : null);
      renderOpenings(oDom, state);
    },
    clickCell: (cell) => puzzles.clickCell(cell),
    openLink: (code, keys) => puzzles.open(code, keys, 'link'),
    unbind: () => unbinds.forEach((u) => u()),
  };
}
