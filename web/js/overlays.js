// The overlays of the page's later modules, for render.js: the puzzle's (js/puzzle.js) and the Openings view's
// (js/openings.js), each of the shape of solve.js `solveOverlay` (null when it has nothing on the board shown).
// The Connections mode's and Solve's come first (render.js); then the puzzle's, then the map's.

import { openingsOverlay } from './openings.js';
import { puzzleOverlay } from './puzzle.js';

/** The first of the page's later overlays that has something to draw, or null. */
export function pageOverlay(state) {
  return (state.puzzle && puzzleOverlay(state)) ?? (state.openings && openingsOverlay(state)) ?? null;
}
