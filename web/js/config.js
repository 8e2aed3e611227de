// Options of the page, one comment each. main.js may override them (e.g. from the query string).

export const defaults = {
  // Board used for a fresh page and for "New game" until the user picks another.
  width: 11,
  height: 11,
  // "hex" or "rex" (misère: connecting your own sides loses; the engine decides).
  rules: 'hex',
  // Whether White may swap after Black's first move.
  swapRule: true,
  // Sizes offered by the size chooser.
  minSize: 1,
  maxSize: 19,
  // The Playouts button: how many random games, and the seed (fixed, so runs compare).
  playoutCount: 20000,
  playoutSeed: 1,
  // Whether the Analysis toggle starts on (a link's `&view=ica` turns it on too).
  analysis: false,
  // Whether the Connections mode starts on (a link's `&view=vc` turns it on too), and its "Shade mustplay" box.
  connections: false,
  mustplay: false,
  // Whether its "Fill in dead and captured cells first" box starts ticked (a link's `&fillin=1` ticks it too):
  // H-search then runs on the position with the fill-in of the inferior cell analysis played.
  fillin: false,
  // Whether its "AND rule through edges" box starts ticked (a link's `&edges=1` ticks it too): H-search then also
  // joins two points through the player's edge (more connections, over ten times slower).
  edges: false,
  // The Connections mode's "Search deeper": at most this many nodes of connection search (0.3 to 1.1 s in wasm).
  searchNodes: 300000,
  // A superseded analysis (or H-search or connection search of the Connections mode) still running this long
  // after it started is stopped by restarting its worker (ms; a restart costs about 20 ms once the wasm is cached).
  analysisRestartMs: 100,
  // Play: the most time the engine takes for a move (ms); its level's simulations usually end it sooner.
  playBudgetMs: 10000,
  // Rayon pool size; undefined means navigator.hardwareConcurrency.
  threads: undefined,
};
