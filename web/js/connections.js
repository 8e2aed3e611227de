// The Connections mode without DOM: the endpoints picked and whose connection they ask for, the engine
// queries that needs (`connections(code, player, from, to, fillin, and_over_edges)`, see README), the
// alternatives between the endpoints, the "Search deeper" run (`connect(code, player, from, to, nodes)`) when
// H-search finds no full connection, the marks on the board and the panel's sentences.
//
// With the "Fill in dead and captured cells first" box ticked (`fillin`), every query passes `fillin = true`:
// the engine fills the position's dead cells and captured sets first and runs H-search on what is left, so
// connections, carriers and `winning` are those of the filled position (the mustplay still holds for the
// position as given), and each report lists the filled cells by colour (`fillin: { b, w }`), drawn as small
// stones. "Search deeper" always searches the position as given.
//
// With the "AND rule through edges" box ticked (`edges`), every query passes `and_over_edges = true`: H-search
// also joins two points through the player's edge they both connect to (Benzene's `and_over_edge`), which finds
// more connections (about a fifth more edge-to-edge semi ones on 11x11) at over ten times the cost.
//
// An endpoint is a cell name ("c3": a stone stands for its chain, an empty cell for itself) or an edge
// ("top", "bottom": Black's; "left", "right": White's). The player is the colour of the stones and edges
// picked; two empty cells ask for the side to move's connection, unless the fill-in (box ticked) gave them a
// colour: then that colour's (see settlePlayer). For every position the mode asks for
// each colour's connection between its own two edges (cheap, and it gives `winning`, `winning_semi` and
// the side to move's `mustplay`), plus the pair picked.

import { parseCell } from './geometry.js';

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

/**
 * A fresh Connections state (the toggle `on`, the "Shade mustplay" checkbox `mustplay`, the "Fill in dead and
 * captured cells first" checkbox `fillin`, the "AND rule through edges" checkbox `edges`).
 */
export function createConnections(on = false, mustplay = false, fillin = false, edges = false) {
  return {
    on,
    mustplay,
    fillin,
    edges,
    ends: [], // the endpoints picked, in click order (0, 1 or 2)
    player: null, // whose connection the two endpoints ask for (fixed when the second one is picked)
    auto: false, // the page chose `player` (two empty cells: no stone or edge said whose pair it is)
    message: null, // why the last pick was refused, or what a move did to the endpoints
    code: null, // the position `results` are for (asked with `fillin` and `edges` as they are now)
    results: new Map(), // query key -> { report } | { error }
    pending: null, // the key of the request in flight, if any
    error: null, // the request failed as a whole (worker trouble)
    millis: null, // worker time of the last answer
    chosen: 0, // what the board shows: an index into `alternatives` (clicked in the list), or 'search'
    hover: null, // the alternative under the pointer
    search: null, // the pair's connection search (see searchOf)
    playNext: false, // the bar's "Play a move": the next click on a cell plays instead of picking (touch has no Shift)
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
  conn.search = null;
  if (conn.ends.length !== 1 || conn.ends[0] === end) {
    conn.ends = conn.ends.length === 1 ? [] : [end];
    conn.player = null;
    conn.auto = false;
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
  conn.auto = !a && !b;
  conn.player = a ?? b ?? view?.to_move ?? 'b';
}

/**
 * The player of a pair the page chose (`conn.auto`: two empty cells, given to the side to move by pickEnd), once
 * the fill-in of the board's position is known (box ticked, an edge report answered): if the endpoints' colours
 * there (a filled cell's fill colour, a stone's colour) are all one colour, the pair is that colour's. Endpoints
 * of two colours, or none, keep the player they have (the engine then refuses an endpoint filled for the
 * other player, with its message). Returns true if the player changed (the pair's answer is then another query).
 */
export function settlePlayer(state) {
  const conn = state.connections;
  const filled = fillinOf(state);
  if (!conn?.auto || conn.ends.length !== 2 || !filled) return false;
  const fill = new Map([...filled.b.map((cell) => [cell, 'b']), ...filled.w.map((cell) => [cell, 'w'])]);
  const colors = new Set(conn.ends.map((end) => colorOf(state.view, end) ?? fill.get(end)).filter(Boolean));
  if (colors.size !== 1) return false;
  const [color] = colors;
  if (color === conn.player) return false;
  Object.assign(conn, { player: color, chosen: 0, hover: null, search: null });
  return true;
}

/**
 * Gives a pair the page chose the player back to the side to move, as pickEnd does (the fill-in box changed:
 * settlePlayer decides again once the answers asked the new way are there). Pairs picked by colour keep theirs.
 */
export function resetAutoPlayer(conn, view) {
  if (conn.auto && conn.ends.length === 2) conn.player = view?.to_move ?? 'b';
}

/** The endpoints the fill-in gave the pair's player (empty cells only), when the page chose that player: [] otherwise. */
export function filledForPlayer(state) {
  const conn = state.connections;
  const filled = fillinOf(state);
  if (!conn?.auto || conn.ends.length !== 2 || !filled) return [];
  return conn.ends.filter((end) => filled[conn.player]?.includes(end));
}

/** Sets both endpoints at once (the "show" button of a winning connection): the player given is kept. */
export function setPair(conn, player, from, to) {
  Object.assign(conn, { ends: [from, to], player, auto: false, message: null, chosen: 0, hover: null, search: null });
}

/** Drops the endpoints and the message. */
export function clearEnds(conn) {
  Object.assign(conn, { ends: [], player: null, auto: false, message: null, chosen: 0, hover: null, search: null });
}

/**
 * Brings the endpoints in line with a new position `view`: endpoints off the board are dropped, and so is
 * an endpoint that now holds a stone of the other player (saying so); the player of a pair never changes here
 * (one the page chose may follow the new position's fill-in: settlePlayer).
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
  conn.search = null;
  if (conn.ends.length < 2) return;
  const lost = conn.ends.filter((end) => {
    const color = colorOf(view, end);
    return color && color !== conn.player;
  });
  if (!lost.length) return;
  conn.ends = conn.ends.filter((end) => !lost.includes(end));
  conn.message = `${lost.join(' and ')} now hold${lost.length === 1 ? 's' : ''} a ${colorName(other(conn.player))} stone: pick another endpoint.`;
  conn.player = null;
  conn.auto = false;
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

/**
 * The pair's report and alternatives, with the one shown: the alternative hovered, else the one clicked or
 * the search's answer (`'search'`, once it has one to draw), else the strongest. Two endpoints that are
 * already one point (`joined`: one chain, or a chain on that edge) have no alternatives to show.
 */
export function pairView(state) {
  const conn = state.connections;
  const query = pairQuery(conn);
  const result = resultOf(state, query);
  const joined = !!result?.report?.joined;
  const alts = result?.report && !joined ? alternatives(result.report) : [];
  const search = searchOf(state);
  const valid = (i) => (Number.isInteger(i) && i >= 0 && i < alts.length) || (i === 'search' && drawable(search));
  const shown = [conn.hover, conn.chosen].find(valid) ?? (alts.length ? 0 : null);
  return { query, result, joined, alts, shown, search };
}

// Search deeper ---------------------------------------------------------------------------------------

/**
 * The pair's connection search for the board's position, or null: { key (the pair's query key), query
 * ([player, from, to]), code, nodes (the budget), status: 'running' | 'connected' | 'refuted' | 'unknown' |
 * 'error', report (the engine's ConnectReport), error }.
 */
export function searchOf(state) {
  const conn = state.connections;
  if (!conn?.on || !conn.search || !state.view) return null;
  const query = pairQuery(conn);
  return query && conn.search.code === state.view.code && conn.search.key === queryKey(query) ? conn.search : null;
}

/** Whether a finished search has something to draw: a proof carrier, or a refutation (and its semi). */
function drawable(search) {
  return search?.status === 'connected' || search?.status === 'refuted';
}

/** True when H-search answered the pair with no full connection (none, or only semis): "Search deeper" is offered. */
export function searchOffered(state) {
  const { query, result, joined, alts } = pairView(state);
  return !!(state.connections?.on && query && result?.report && !joined && !alts.some((alt) => alt.kind === 'full'));
}

/** A new search of the pair picked (status 'running'), to store in `conn.search`; null when none is offered. */
export function startSearch(state, nodes) {
  if (!searchOffered(state)) return null;
  const query = pairQuery(state.connections);
  return { key: queryKey(query), code: state.view.code, query, nodes, status: 'running', report: null, error: null };
}

/** The most nodes "Search longer" asks for (about 30 to 100 s in wasm). */
export const SEARCH_NODES_MAX = 30_000_000;

/**
 * The budget "Search longer" offers after the pair's search ran out of nodes (`unknown` with its whole budget
 * spent): ten times the last one, at most SEARCH_NODES_MAX; null when not offered (no such answer, or the last
 * budget was already the largest).
 */
export function longerBudget(state) {
  const search = searchOf(state);
  if (!search || search.status !== 'unknown' || !searchOffered(state)) return null;
  if (typeof search.report?.nodes === 'number' && search.report.nodes < search.nodes) return null; // it gave up for another reason
  if (search.nodes >= SEARCH_NODES_MAX) return null;
  return Math.min(search.nodes * 10, SEARCH_NODES_MAX);
}

/** Stores the engine's answer (a ConnectReport) in `search`; the board then shows it, if there is anything to draw. */
export function finishSearch(conn, search, report) {
  const status = ['connected', 'refuted', 'unknown'].includes(report?.status) ? report.status : 'error';
  Object.assign(search, { status, report, error: status === 'error' ? `unexpected answer ${JSON.stringify(report?.status)}` : null });
  if (conn.search === search && drawable(search)) {
    conn.chosen = 'search';
    conn.hover = null;
  }
}

/**
 * The marks of a search's answer: a proof (`connected`) marks its carrier; a refutation marks the
 * defender's move `refutation`, and the semi connection that came with it (key and carrier). The
 * refutation beats the key, which beats the carrier.
 */
export function searchMarks(report) {
  const marks = new Map();
  if (report?.status === 'connected') for (const cell of report.carrier ?? []) marks.set(cell, 'carrier');
  if (report?.status === 'refuted') {
    for (const cell of report.semi?.carrier ?? []) marks.set(cell, 'carrier');
    if (report.semi?.key) marks.set(report.semi.key, 'key');
    if (report.refutation) marks.set(report.refutation, 'refutation');
  }
  return marks;
}

/** The two colours' edge reports for the current position: { b, w } (null until answered or on error). */
export function edgeReports(state) {
  const of = (color) => resultOf(state, edgesQuery(color))?.report ?? null;
  return { b: of('b'), w: of('w') };
}

/**
 * The cells the fill-in gave a colour, { b: [...], w: [...] }, with the box ticked and an edge report answered
 * (the fill-in depends on the position only, so every report of it lists the same); null otherwise.
 */
export function fillinOf(state) {
  if (!state.connections?.fillin) return null;
  const reports = edgeReports(state);
  const report = [reports.b, reports.w].find((r) => r?.fillin_used);
  if (!report) return null;
  return { b: [...(report.fillin?.b ?? [])], w: [...(report.fillin?.w ?? [])] };
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
 * The Connections overlay for the board: `marks` (cell -> 'refutation' | 'key' | 'carrier' | 'mustplay' |
 * 'fillin-b' | 'fillin-w': the connection shown, an alternative or the search's answer, beats the mustplay,
 * which beats the fill-in), `fill` (every filled cell -> the colour it took, also under another mark),
 * `mustplay` (every mustplay cell shaded, also under a carrier), `endpoints` (endpoint -> 'from' | 'to'),
 * `player` (whose connection is drawn) and a `key` string that changes whenever any of them does. Null with
 * the mode off.
 */
export function connectionOverlay(state) {
  const conn = state.connections;
  if (!conn?.on || !state.view) return null;
  const marks = new Map();
  const fill = new Map();
  const filled = fillinOf(state);
  for (const color of ['b', 'w']) {
    for (const cell of filled?.[color] ?? []) {
      fill.set(cell, color);
      marks.set(cell, `fillin-${color}`);
    }
  }
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
  const { alts, shown, search } = pairView(state);
  if (shown === 'search') {
    for (const [cell, mark] of searchMarks(search.report)) marks.set(cell, mark);
  } else if (shown !== null) {
    const alt = alts[shown];
    for (const cell of alt.carrier) marks.set(cell, cell === alt.key ? 'key' : 'carrier');
    if (alt.key) marks.set(alt.key, 'key');
  }
  const endpoints = new Map(conn.ends.map((end, i) => [end, i === 0 ? 'from' : 'to']));
  const player = shown === null ? null : conn.player;
  const key = JSON.stringify([[...marks], [...fill], [...mustplay], [...endpoints], player]);
  return { marks, fill, mustplay, endpoints, player, key };
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
  const coarse = !!state.device?.coarse;
  const [Click, click] = coarse ? ['Tap', 'tap'] : ['Click', 'click'];
  if (conn.playNext) return `${Click} a cell to play ${view?.to_move ? `${colorName(view.to_move)}'s` : 'a'} move there.`;
  if (conn.ends.length === 0) return `${Click} a stone, an edge or an empty cell: the first endpoint.`;
  if (conn.ends.length === 1) {
    const color = colorOf(view, conn.ends[0]);
    const whose = color ? `another ${colorName(color)} stone or edge, or an empty cell` : 'a stone, an edge or an empty cell';
    return `From ${placeName(view, conn.ends[0])}: ${click} the second endpoint (${whose}).`;
  }
  const filled = filledForPlayer(state);
  const why = filled.length ? ` (the fill-in gives ${filled.join(' and ')} to ${colorName(conn.player)})` : '';
  return `${pairName(state)} for ${colorName(conn.player)}${why}`;
}

/**
 * The bar's hint on how to play and clear: the keys with a fine pointer (a mouse), the bar's buttons without one
 * (`coarse`: a touch screen, where there is neither Shift nor Esc).
 */
export function keysText(coarse) {
  return coarse ? 'Play a move: the next tap plays · Clear drops the endpoints' : 'Shift+click plays · Esc clears';
}

/** "b2 – the top edge". */
export function pairName(state) {
  const [a, b] = state.connections.ends;
  return `${placeName(state.view, a)} – ${placeName(state.view, b)}`;
}

/** The sentence about the pair's answer (panel): pending, error, none, or the strongest connection. */
export function pairText(state) {
  const conn = state.connections;
  const { query, result, joined, alts } = pairView(state);
  if (!conn?.on || !query) return '';
  const [a, b] = conn.ends;
  const who = colorName(conn.player);
  if (!result) return `H-search: ${pairName(state)} for ${who}…`;
  if (result.error) return `The engine refused ${pairName(state)}: ${result.error}`;
  if (joined) {
    const filled = result.report.fillin_used ? ', counting the fill-in' : '';
    return `${placeName(state.view, a)} and ${placeName(state.view, b)} are already joined by ${who}'s stones (one chain${filled}).`;
  }
  if (!alts.length) return `H-search finds no connection between ${placeName(state.view, a)} and ${placeName(state.view, b)} for ${who}.`;
  const full = alts.filter((alt) => alt.kind === 'full').length;
  const semi = alts.length - full;
  const best = alts[0];
  const both = `${placeName(state.view, a)} and ${placeName(state.view, b)}: ${full} full, ${semi} semi.`;
  if (best.kind === 'full') return `${who} has a full connection (${sizeText(best.size)}) between ${both}`;
  return `H-search gives ${who} only a semi connection (key ${best.key}, ${sizeText(best.size)}) between ${both}`;
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
    const stones = view.winner !== color && reports[color].fillin_used ? 'its stones and the fill-in join' : 'its stones join';
    const how = view.winner === color || best?.size === 0 ? stones : `a full connection (${sizeText(best?.size ?? 0)}) joins`;
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
  const after = state.connections.fillin ? ' after fill-in' : '';
  const edges = state.connections.edges ? ' · AND rule through edges' : '';
  return `H-search${after} for ${colorName(state.view.to_move)} to move${time}${edges}${rex}`;
}

/**
 * The fill-in sentence (with the box ticked and the answers there): how many cells were filled, by colour, and
 * what that means for the connections shown; '' otherwise.
 */
export function fillinText(state) {
  const filled = fillinOf(state);
  if (!filled) return '';
  const n = filled.b.length + filled.w.length;
  if (!n) return 'Fill-in: no dead cell or captured set here, so nothing was filled.';
  return (
    `Fill-in: ${cells(n)} filled (Black ${filled.b.length}, White ${filled.w.length}), drawn as small stones. ` +
    'The connections are those of the filled position; the mustplay holds for the position as given.'
  );
}

const count = (n) => (typeof n === 'number' ? n.toLocaleString('en-US') : '?');
const msText = (ms) => (typeof ms !== 'number' ? '? ms' : ms < 10 ? `${ms.toFixed(1)} ms` : `${Math.round(ms).toLocaleString('en-US')} ms`);

/**
 * The search's answer in words: [sentence, more?] (more: the semi connection that came with a refutation),
 * or [] with no search of the pair. "Connected by search (N nodes, T ms)", "Refuted by search (...): White
 * breaks it by playing c3", "Unknown within N nodes (T ms)".
 */
export function searchLines(state) {
  const search = searchOf(state);
  if (!search) return [];
  const conn = state.connections;
  const who = colorName(conn.player);
  const opp = colorName(other(conn.player));
  const [a, b] = conn.ends;
  const both = `${placeName(state.view, a)} and ${placeName(state.view, b)}`;
  if (search.status === 'running') return [`Searching ${pairName(state)} for ${who}, up to ${count(search.nodes)} nodes…`];
  if (search.status === 'error') return [`The search failed: ${search.error}`];
  const r = search.report;
  // A longer search (past the first budget) names its budget too: "1,234 nodes of 3,000,000".
  const budget = search.longer ? ` of ${count(search.nodes)}` : '';
  const cost = `${count(r.nodes)} node${r.nodes === 1 && !budget ? '' : 's'}${budget}, ${msText(r.millis)}`;
  if (search.status === 'unknown') {
    if (typeof r.nodes === 'number' && r.nodes < search.nodes) {
      return [`Unknown (${cost}): too many empty cells here for the connection search to decide.`];
    }
    return [`Unknown within ${count(search.nodes)} nodes (${msText(r.millis)}): the search stopped before deciding.`];
  }
  if (search.status === 'connected') {
    const how = r.by === 'h-search' ? `Connected: H-search shows a full connection (${msText(r.millis)})` : `Connected by search (${cost})`;
    const n = (r.carrier ?? []).length;
    const where = n ? `playing only in the ${cells(n)} shaded` : 'with no empty cell between them';
    return [`${how}: ${who} joins ${both} whatever ${opp} does, ${where}.`];
  }
  const breaks = r.refutation
    ? `${opp} breaks it by playing ${r.refutation}`
    : `${who} cannot join ${both} even moving first`;
  const lines = [`Refuted by search (${cost}): ${breaks}.`];
  if (r.semi?.key) lines.push(`Moving first, ${who} connects by playing ${r.semi.key} (a semi connection, ${sizeText((r.semi.carrier ?? []).length)}).`);
  return lines;
}
