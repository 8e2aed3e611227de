// The Connections mode without DOM: the endpoints picked and whose connection they ask for, the engine
// queries that needs (`connections(code, player, from, to)`, see README), the alternatives between the
// endpoints, the marks on the board and the panel's sentences.
//
// An endpoint is a cell name ("c3": a stone stands for its chain, an empty cell for itself) or an edge
// ("top", "bottom": Black's; "left", "right": White's). The player is the colour of the stones and edges
// picked; two empty cells ask for the side to move's connection. For every position the mode asks for
// each colour's connection between its own two edges (cheap, and it gives `winning`, `winning_semi` and
// the side to move's `mustplay`), plus the pair picked.

import { cellName, neighbours, parseCell } from './geometry.js';

export const EDGE_COLOR = { top: 'b', bottom: 'b', left: 'w', right: 'w' };
export const EDGES_OF = { b: ['top', 'bottom'], w: ['left', 'right'] };
const COLOR_NAME = { b: 'Black', w: 'White' };
const colorName = (color) => COLOR_NAME[color] ?? String(color);
const other = (color) => (color === 'b' ? 'w' : 'b');

/** Map from cell name to 'b' or 'w' for the stones of `view` (as state.js's stoneMap, without importing it). */
function stoneMap(view) {
  const map = new Map();
  for (const cell of view?.black ?? []) map.set(cell, 'b');
  for (const cell of view?.white ?? []) map.set(cell, 'w');
  return map;
}

/** A fresh Connections state (the toggle `on`, the "Shade mustplay" checkbox `mustplay`). */
export function createConnections(on = false, mustplay = false) {
  return {
    on,
    mustplay,
    ends: [], // the endpoints picked, in click order (0, 1 or 2)
    player: null, // whose connection the two endpoints ask for (fixed when the second one is picked)
    message: null, // why the last pick was refused, or what a move did to the endpoints
    code: null, // the position `results` are for
    results: new Map(), // query key -> { report } | { error }
    pending: null, // the key of the request in flight, if any
    error: null, // the request failed as a whole (worker trouble)
    millis: null, // worker time of the last answer
    chosen: 0, // the alternative clicked in the list (index into `alternatives`)
    hover: null, // the alternative under the pointer
  };
}

/** True for "top", "bottom", "left", "right". */
export function isEdge(end) {
  return Object.hasOwn(EDGE_COLOR, end);
}

/** The colour an endpoint belongs to in `view`: its edge's owner or its stone's colour; null for an empty cell. */
export function colorOf(view, end) {
  if (isEdge(end)) return EDGE_COLOR[end];
  return stoneMap(view).get(end) ?? null;
}

/** "the top edge", "b2" (a stone), "b2 (empty)". */
export function placeName(view, end) {
  if (isEdge(end)) return `the ${end} edge`;
  return view && !colorOf(view, end) ? `${end} (empty)` : String(end);
}

/** "the top edge (Black's)", "b2 (a White stone)", "b2 (empty)". */
function placeWithColor(view, end) {
  const color = colorOf(view, end);
  if (isEdge(end)) return `the ${end} edge (${colorName(color)}'s)`;
  return color ? `${end} (a ${colorName(color)} stone)` : `${end} (empty)`;
}

/**
 * Picks `end` (a click on a cell or an edge): the first endpoint, the second (if its colour agrees with
 * the first: else `message` says why and the first stays), or, with two picked, the first of a new pair.
 * Picking the lone first endpoint again drops it.
 */
export function pickEnd(conn, view, end) {
  conn.message = null;
  conn.hover = null;
  conn.chosen = 0;
  if (conn.ends.length !== 1 || conn.ends[0] === end) {
    conn.ends = conn.ends.length === 1 ? [] : [end];
    conn.player = null;
    return;
  }
  const [first] = conn.ends;
  const a = colorOf(view, first);
  const b = colorOf(view, end);
  if (a && b && a !== b) {
    conn.message =
      `${placeWithColor(view, first)} and ${placeWithColor(view, end)} are of different colours: a connection ` +
      `joins points of one player. Pick a ${colorName(a)} stone or edge, or an empty cell (Esc starts again).`;
    return;
  }
  conn.ends = [first, end];
  conn.player = a ?? b ?? view?.to_move ?? 'b';
}

/** Sets both endpoints at once (the "show" button of a winning connection). */
export function setPair(conn, player, from, to) {
  Object.assign(conn, { ends: [from, to], player, message: null, chosen: 0, hover: null });
}

/** Drops the endpoints and the message. */
export function clearEnds(conn) {
  Object.assign(conn, { ends: [], player: null, message: null, chosen: 0, hover: null });
}

/**
 * Brings the endpoints in line with a new position `view`: endpoints off the board are dropped, and so is
 * an endpoint that now holds a stone of the other player (saying so); the player of a pair never changes.
 */
export function followPosition(conn, view) {
  const width = view.width ?? view.size;
  const height = view.height ?? view.size;
  const onBoard = (end) => {
    if (isEdge(end)) return true;
    const at = parseCell(end);
    return !!at && at[0] < width && at[1] < height;
  };
  if (!conn.ends.every(onBoard)) {
    clearEnds(conn);
    return;
  }
  conn.chosen = 0;
  conn.hover = null;
  if (conn.ends.length < 2) return;
  const lost = conn.ends.filter((end) => {
    const color = colorOf(view, end);
    return color && color !== conn.player;
  });
  if (!lost.length) return;
  conn.ends = conn.ends.filter((end) => !lost.includes(end));
  conn.message = `${lost.join(' and ')} now hold${lost.length === 1 ? 's' : ''} a ${colorName(other(conn.player))} stone: pick another endpoint.`;
  conn.player = null;
}

/** The key of a query [player, from, to] in `results`. */
export function queryKey(query) {
  return query.join('|');
}

/** The query for `color`'s own two edges. */
export function edgesQuery(color) {
  return [color, ...EDGES_OF[color]];
}

/** The pair's query [player, from, to], or null while fewer than two endpoints are picked. */
export function pairQuery(conn) {
  return conn.ends.length === 2 && conn.player ? [conn.player, conn.ends[0], conn.ends[1]] : null;
}

/** Every query the mode needs for the current position: both colours' edges, then the pair (no duplicates). */
export function neededQueries(conn) {
  const queries = [edgesQuery('b'), edgesQuery('w')];
  const pair = pairQuery(conn);
  if (pair && !queries.some((q) => queryKey(q) === queryKey(pair))) queries.push(pair);
  return queries;
}

/** The queries of `neededQueries` that have no answer yet for the position in `conn.code`. */
export function missingQueries(conn) {
  return neededQueries(conn).filter((q) => !conn.results.has(queryKey(q)));
}

/** The answer to `query` for the current position: { report } | { error } | null (not there yet). */
export function resultOf(state, query) {
  const conn = state.connections;
  if (!conn?.on || !query || !state.view || conn.code !== state.view.code) return null;
  return conn.results.get(queryKey(query)) ?? null;
}

/** 'off' | 'pending' | 'error' (the request failed) | 'ready' (every query answered for the board's position). */
export function connectionsStatus(state) {
  const conn = state.connections;
  if (!conn?.on) return 'off';
  if (!state.view || conn.code !== state.view.code) return 'pending';
  if (conn.error) return 'error';
  return missingQueries(conn).length ? 'pending' : 'ready';
}

/**
 * The pair's connections as one list: full ones first, then semi ones, each smallest carrier first (ties
 * keep the engine's order): [{ kind: 'full'|'semi', carrier: [...], key (semi only), size }].
 * The first one is the strongest.
 */
export function alternatives(report) {
  const bySize = (a, b) => a.size - b.size;
  const full = (report?.full ?? []).map((c) => ({ kind: 'full', carrier: [...(c.carrier ?? [])], key: null }));
  const semi = (report?.semi ?? []).map((c) => ({ kind: 'semi', carrier: [...(c.carrier ?? [])], key: c.key ?? null }));
  for (const alt of [...full, ...semi]) alt.size = alt.carrier.length;
  return [...full.sort(bySize), ...semi.sort(bySize)];
}

/** The pair's report and alternatives, with the one shown (hovered, else clicked, else the strongest). */
export function pairView(state) {
  const conn = state.connections;
  const query = pairQuery(conn);
  const result = resultOf(state, query);
  const alts = result?.report ? alternatives(result.report) : [];
  const valid = (i) => Number.isInteger(i) && i >= 0 && i < alts.length;
  const shown = alts.length ? ([conn.hover, conn.chosen].find(valid) ?? 0) : null;
  return { query, result, alts, shown };
}

/** The two colours' edge reports for the current position: { b, w } (null until answered or on error). */
export function edgeReports(state) {
  const of = (color) => resultOf(state, edgesQuery(color))?.report ?? null;
  return { b: of('b'), w: of('w') };
}

/**
 * What the side to move faces, from the opponent's edge report: 'over' (the game is over), 'lost' (the
 * opponent already has a winning full connection), 'threat' (a winning semi one: `cells` is the mustplay),
 * 'none', or null (not known yet).
 */
export function threat(state) {
  const view = state.view;
  if (!view) return null;
  if (view.winner) return { kind: 'over', cells: [] };
  const mover = view.to_move;
  const report = edgeReports(state)[other(mover)];
  if (!report) return null;
  if (report.winning) return { kind: 'lost', cells: [], mover };
  if (report.winning_semi) return { kind: 'threat', cells: [...(report.mustplay ?? [])], mover };
  return { kind: 'none', cells: [], mover };
}

/**
 * The Connections overlay for the board: `marks` (cell -> 'key' | 'carrier' | 'mustplay': the key beats the
 * carrier, which beats the mustplay), `mustplay` (every mustplay cell shaded, also under a carrier),
 * `endpoints` (endpoint -> 'from' | 'to'), `player` and a `key` string that changes whenever any of them does.
 * Null with the mode off.
 */
export function connectionOverlay(state) {
  const conn = state.connections;
  if (!conn?.on || !state.view) return null;
  const marks = new Map();
  const mustplay = new Set();
  if (conn.mustplay) {
    const t = threat(state);
    if (t?.kind === 'threat') {
      for (const cell of t.cells) {
        mustplay.add(cell);
        marks.set(cell, 'mustplay');
      }
    }
  }
  const { alts, shown } = pairView(state);
  const alt = shown === null ? null : alts[shown];
  for (const cell of alt?.carrier ?? []) marks.set(cell, cell === alt.key ? 'key' : 'carrier');
  if (alt?.key) marks.set(alt.key, 'key');
  const endpoints = new Map(conn.ends.map((end, i) => [end, i === 0 ? 'from' : 'to']));
  const player = alt ? conn.player : null;
  const key = JSON.stringify([[...marks], [...mustplay], [...endpoints], player]);
  return { marks, mustplay, endpoints, player, key };
}

// Chains, only to word an empty answer: the engine names a chain by one point, so two stones of one chain
// (or a chain and the edge it touches) are the same point and have no connection "between" them.

function chainOf(view, cell) {
  const stones = stoneMap(view);
  const color = stones.get(cell);
  const width = view.width ?? view.size;
  const height = view.height ?? view.size;
  const chain = new Set();
  if (!color) return chain;
  const todo = [cell];
  chain.add(cell);
  while (todo.length) {
    const [col, row] = parseCell(todo.pop());
    for (const [c, r] of neighbours(col, row, width, height)) {
      const name = cellName(c, r);
      if (stones.get(name) === color && !chain.has(name)) {
        chain.add(name);
        todo.push(name);
      }
    }
  }
  return chain;
}

function touches(view, chain, edge) {
  const width = view.width ?? view.size;
  const height = view.height ?? view.size;
  return [...chain].some((cell) => {
    const [col, row] = parseCell(cell);
    return { top: row === 0, bottom: row === height - 1, left: col === 0, right: col === width - 1 }[edge];
  });
}

/** True when the two endpoints are already one point: one chain, or a chain touching that edge (or both edges). */
export function alreadyJoined(view, a, b) {
  if (!view || a === b) return !!view;
  if (isEdge(a) && isEdge(b)) {
    const color = EDGE_COLOR[a];
    if (EDGE_COLOR[b] !== color) return false;
    const stones = stoneMap(view);
    return [...stones].some(([cell, c]) => c === color && touches(view, chainOf(view, cell), a) && touches(view, chainOf(view, cell), b));
  }
  if (isEdge(b)) [a, b] = [b, a];
  if (isEdge(a)) {
    const chain = chainOf(view, b);
    return chain.size > 0 && EDGE_COLOR[a] === colorOf(view, b) && touches(view, chain, a);
  }
  return chainOf(view, a).has(b);
}

// Sentences ---------------------------------------------------------------------------------------------

const cells = (n) => `${n} cell${n === 1 ? '' : 's'}`;

/** "2 cells", or "no empty cell" for adjacent points. */
export function sizeText(n) {
  return n === 0 ? 'no empty cell' : cells(n);
}

/** One alternative in words: "full · 2 cells" / "semi · key d4 · 3 cells". */
export function altText(alt) {
  return alt.kind === 'semi' ? `semi · key ${alt.key} · ${sizeText(alt.size)}` : `full · ${sizeText(alt.size)}`;
}

/** The line that prompts for the next pick or sums up the pair (the bar over the board). */
export function promptText(state) {
  const conn = state.connections;
  const view = state.view;
  if (!conn?.on) return '';
  if (conn.ends.length === 0) return 'Click a stone, an edge or an empty cell: the first endpoint.';
  if (conn.ends.length === 1) {
    const color = colorOf(view, conn.ends[0]);
    const whose = color ? `another ${colorName(color)} stone or edge, or an empty cell` : 'a stone, an edge or an empty cell';
    return `From ${placeName(view, conn.ends[0])}: click the second endpoint (${whose}).`;
  }
  return `${pairName(state)} for ${colorName(conn.player)}`;
}

/** "b2 – the top edge". */
export function pairName(state) {
  const [a, b] = state.connections.ends;
  return `${placeName(state.view, a)} – ${placeName(state.view, b)}`;
}

/** The sentence about the pair's answer (panel): pending, error, none, or the strongest connection. */
export function pairText(state) {
  const conn = state.connections;
  const { query, result, alts } = pairView(state);
  if (!conn?.on || !query) return '';
  const [a, b] = conn.ends;
  const who = colorName(conn.player);
  if (!result) return `H-search: ${pairName(state)} for ${who}…`;
  if (result.error) return `The engine refused ${pairName(state)}: ${result.error}`;
  if (!alts.length) {
    if (alreadyJoined(state.view, a, b)) {
      return `${placeName(state.view, a)} and ${placeName(state.view, b)} are already joined by ${who}'s stones (one chain).`;
    }
    return `H-search finds no connection between ${placeName(state.view, a)} and ${placeName(state.view, b)} for ${who}.`;
  }
  const full = alts.filter((alt) => alt.kind === 'full').length;
  const semi = alts.length - full;
  const best = alts[0];
  const strongest = best.kind === 'full' ? `a full connection (${sizeText(best.size)})` : `only a semi connection (key ${best.key}, ${sizeText(best.size)})`;
  return `${who} has ${strongest} between ${placeName(state.view, a)} and ${placeName(state.view, b)}: ${full} full, ${semi} semi.`;
}

/** The line about winning connections: [{ text, color?, show? }] sentences, `show` a colour whose edges to show. */
export function winningLines(state) {
  const view = state.view;
  const reports = edgeReports(state);
  if (!view || !reports.b || !reports.w) return [];
  const rex = view.rules === 'rex';
  const lines = [];
  const winners = ['b', 'w'].filter((c) => reports[c].winning);
  for (const color of winners) {
    const best = alternatives(reports[color]).find((alt) => alt.kind === 'full');
    const [from, to] = EDGES_OF[color];
    const how = view.winner === color || best?.size === 0 ? 'its stones join' : `a full connection (${sizeText(best?.size ?? 0)}) joins`;
    lines.push({
      color,
      kind: 'winning',
      show: color,
      text: `${colorName(color)} already has a winning connection: ${how} ${from} and ${to}${rex ? ' (under Rex, joining your own edges loses)' : ''}.`,
    });
  }
  if (!winners.length && !view.winner) {
    const mover = view.to_move;
    for (const color of [mover, other(mover)]) {
      if (!reports[color].winning_semi) continue;
      const best = alternatives(reports[color]).find((alt) => alt.kind === 'semi');
      const key = best?.key ? ` (key ${best.key})` : '';
      lines.push({
        color,
        kind: 'semi',
        show: color,
        text:
          color === mover
            ? `${colorName(color)}, to move, has a winning semi connection${key}: playing its key connects.`
            : `${colorName(color)} threatens a winning semi connection${key}: ${colorName(mover)} must play in its mustplay.`,
      });
    }
    if (!lines.length) lines.push({ kind: 'none', text: 'Neither side has a winning connection yet (H-search).' });
  }
  return lines;
}

/** The mustplay sentence (with the checkbox on): what the side to move must do. */
export function mustplayText(state) {
  const t = threat(state);
  if (!state.connections?.mustplay || !t) return '';
  if (t.kind === 'over') return 'The game is over.';
  const mover = colorName(t.mover);
  const opp = colorName(other(t.mover));
  if (t.kind === 'lost') return `${opp} already has a winning connection: no move of ${mover}'s stops it (the mustplay is empty).`;
  if (t.kind === 'threat') return `${mover} must play in one of these ${cells(t.cells.length)} to stop ${opp}'s winning semi connections.`;
  return `No threat: ${opp} has no winning semi connection, so ${mover} may play anywhere.`;
}

/** The status line of the panel: H-search running, failed, or how long it took. */
export function connectionsStatusText(state) {
  const status = connectionsStatus(state);
  if (status === 'off') return '';
  if (status === 'error') return `H-search failed: ${state.connections.error}`;
  if (status === 'pending') return 'H-search…';
  const ms = state.connections.millis;
  const time = typeof ms === 'number' ? ` · ${ms < 10 ? ms.toFixed(1) : Math.round(ms)} ms` : '';
  const rex = state.view?.rules === 'rex' ? ' · Rex: computed as in Hex' : '';
  return `H-search for ${colorName(state.view.to_move)} to move${time}${rex}`;
}
