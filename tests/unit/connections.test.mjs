// The Connections mode without a browser: endpoints and their colour (connections.js), the queries it asks,
// the alternatives and the overlay's precedence, its sentences, fill-in first (its marks and words), "Search
// deeper" (when it is offered, its answer's marks and words, errors), the `view`, `fillin` and `edges` hash values,
// the edge bands' geometry, and the analysis client running another worker method.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  alternatives, altText, clearEnds, connectionOverlay, connectionsStatus, connectionsStatusText, createConnections, fillinOf,
  fillinText, filledForPlayer, finishSearch, followPosition, missingQueries, mustplayText, neededQueries, pairQuery, pairText, pairView,
  pickEnd, promptText, queryKey, resetAutoPlayer, searchLines, searchMarks, searchOf, searchOffered, setPair, settlePlayer, startSearch,
  threat, winningLines, keysText,
} from '../../web/js/connections.js';
import { createAnalyst } from '../../web/js/analyst.js';
import { center, edgeBands, edgePaths, neighbours, R } from '../../web/js/geometry.js';
import { hashText, parseViews, splitView, viewValue } from '../../web/js/hash.js';

// 5x5, White to move: Black b2 c3 (a bridge), White e5.
const view = {
  code: 'size=5&b=b2,c3&w=e5&turn=w', size: 5, width: 5, height: 5, rules: 'hex', to_move: 'w', winner: null,
  black: ['b2', 'c3'], white: ['e5'],
};

test('picking endpoints: colours, the player, refusals, a new pair, dropping the lone one', () => {
  const c = createConnections(true);
  pickEnd(c, view, 'b2');
  assert.deepEqual(c.ends, ['b2']);
  pickEnd(c, view, 'left');
  assert.deepEqual(c.ends, ['b2'], 'a White edge after a Black stone is refused');
  assert.match(c.message, /b2 \(a Black stone\) and the left edge \(White's\) are of different colours/);
  pickEnd(c, view, 'e5');
  assert.deepEqual(c.ends, ['b2']);
  assert.match(c.message, /e5 \(a White stone\)/);
  pickEnd(c, view, 'top');
  assert.deepEqual(c.ends, ['b2', 'top']);
  assert.equal(c.player, 'b');
  assert.equal(c.message, null);

  pickEnd(c, view, 'b2'); // with a pair picked, a click starts a new one
  assert.deepEqual(c.ends, ['b2']);
  assert.equal(c.player, null);
  pickEnd(c, view, 'b2'); // the lone endpoint again: dropped
  assert.deepEqual(c.ends, []);

  pickEnd(c, view, 'a1');
  pickEnd(c, view, 'd4');
  assert.equal(c.player, 'w', 'two empty cells: the side to move');
  pickEnd(c, view, 'a1');
  pickEnd(c, view, 'right');
  assert.equal(c.player, 'w', 'an empty cell takes the colour of the other endpoint');
  pickEnd(c, view, 'c3');
  pickEnd(c, view, 'a4');
  assert.equal(c.player, 'b');
});

test('a new position keeps the pair and its player, drops endpoints taken by the other colour or off the board', () => {
  const c = createConnections(true);
  pickEnd(c, view, 'b2');
  pickEnd(c, view, 'd2');
  assert.equal(c.player, 'b');
  c.chosen = 3;
  followPosition(c, { ...view, to_move: 'b', white: ['e5', 'a1'] });
  assert.deepEqual(c.ends, ['b2', 'd2']);
  assert.equal(c.player, 'b', 'the side to move changed, the player did not');
  assert.equal(c.chosen, 0, 'back to the strongest');
  followPosition(c, { ...view, white: ['e5', 'd2'] });
  assert.deepEqual(c.ends, ['b2']);
  assert.match(c.message, /d2 now holds a White stone/);
  pickEnd(c, view, 'e4');
  assert.deepEqual(c.ends, ['b2', 'e4']);
  followPosition(c, { ...view, size: 3, width: 3, height: 3 });
  assert.deepEqual(c.ends, [], 'off the board');
});

test('queries: both colours\' edges, then the pair, once each; missing ones only', () => {
  const c = createConnections(true);
  assert.deepEqual(neededQueries(c), [['b', 'top', 'bottom'], ['w', 'left', 'right']]);
  setPair(c, 'b', 'top', 'bottom');
  assert.equal(neededQueries(c).length, 2, 'the pair is already asked for');
  setPair(c, 'b', 'b2', 'c3');
  assert.deepEqual(neededQueries(c).at(-1), ['b', 'b2', 'c3']);
  c.results.set(queryKey(['b', 'top', 'bottom']), { report: {} });
  assert.deepEqual(missingQueries(c).map(queryKey), ['w|left|right', 'b|b2|c3']);
});

const report = (extra) => ({ player: 'b', full: [], semi: [], winning: false, winning_semi: false, mustplay: [], joined: false, ...extra });

/** A state whose answers are `answers` (query key -> report) for `view`. */
function stateWith(answers, { ends = [], player = null, mustplay = false, v = view } = {}) {
  const c = createConnections(true, mustplay);
  Object.assign(c, { code: v.code, ends, player, millis: 12.3 });
  for (const [key, r] of Object.entries(answers)) c.results.set(key, r instanceof Error ? { error: r.message } : { report: r });
  return { view: v, connections: c };
}

test('alternatives: full first, smallest first (ties in the engine\'s order); hover beats the click', () => {
  const r = report({
    full: [{ from: 'b2', to: 'c3', carrier: ['a1', 'b1', 'c1'] }, { from: 'b2', to: 'c3', carrier: ['c2', 'b3'] }],
    semi: [{ from: 'b2', to: 'c3', key: 'd2', carrier: ['d2', 'd1'] }, { from: 'b2', to: 'c3', key: 'b3', carrier: ['b3'] }, { key: 'c2', carrier: ['c2'] }],
  });
  const alts = alternatives(r);
  assert.deepEqual(alts.map((a) => [a.kind, a.key, a.size]), [['full', null, 2], ['full', null, 3], ['semi', 'b3', 1], ['semi', 'c2', 1], ['semi', 'd2', 2]]);
  assert.equal(altText(alts[0]), 'full · 2 cells');
  assert.equal(altText(alts[2]), 'semi · key b3 · 1 cell');
  assert.equal(altText({ kind: 'full', size: 0 }), 'full · no empty cell');

  const state = stateWith({ 'b|top|bottom': report(), 'w|left|right': report({ player: 'w' }), 'b|b2|c3': r }, { ends: ['b2', 'c3'], player: 'b' });
  assert.equal(connectionsStatus(state), 'ready');
  assert.equal(pairView(state).shown, 0);
  state.connections.chosen = 4;
  assert.equal(pairView(state).shown, 4);
  state.connections.hover = 2;
  assert.equal(pairView(state).shown, 2);
  state.connections.hover = 99;
  assert.equal(pairView(state).shown, 4, 'an index out of range is ignored');
  assert.equal(connectionsStatus({ ...state, view: { ...view, code: 'other' } }), 'pending', 'answers of another position are never used');
});

test('overlay: the key beats the carrier, which beats the mustplay; endpoints from/to; nothing with the mode off', () => {
  const pair = report({ semi: [{ key: 'c2', carrier: ['c2', 'd1', 'a1'] }] });
  const white = report({ player: 'w', winning_semi: true, mustplay: ['a1', 'c2', 'e1'] });
  const state = stateWith(
    { 'b|top|bottom': report({ winning_semi: true }), 'w|left|right': white, 'b|b2|top': pair },
    { ends: ['b2', 'top'], player: 'b', mustplay: true, v: { ...view, to_move: 'b' } },
  );
  const overlay = connectionOverlay(state);
  assert.deepEqual(Object.fromEntries(overlay.marks), { a1: 'carrier', c2: 'key', e1: 'mustplay', d1: 'carrier' });
  assert.deepEqual([...overlay.mustplay].sort(), ['a1', 'c2', 'e1']);
  assert.deepEqual(Object.fromEntries(overlay.endpoints), { b2: 'from', top: 'to' });
  assert.equal(overlay.player, 'b');
  state.connections.mustplay = false;
  const plain = connectionOverlay(state);
  assert.deepEqual(Object.fromEntries(plain.marks), { c2: 'key', d1: 'carrier', a1: 'carrier' });
  assert.notEqual(plain.key, overlay.key);
  state.connections.on = false;
  assert.equal(connectionOverlay(state), null);
});

test('threat and mustplay sentences: threat, none, already lost, game over', () => {
  const base = { 'b|top|bottom': report() };
  const threatened = stateWith({ ...base, 'w|left|right': report({ player: 'w', winning_semi: true, mustplay: ['a1', 'b1'] }) }, { mustplay: true, v: { ...view, to_move: 'b' } });
  assert.deepEqual(threat(threatened), { kind: 'threat', cells: ['a1', 'b1'], mover: 'b' });
  assert.equal(mustplayText(threatened), "Black must play in one of these 2 cells to stop White's winning semi connections.");
  const calm = stateWith({ ...base, 'w|left|right': report({ player: 'w' }) }, { mustplay: true, v: { ...view, to_move: 'b' } });
  assert.equal(threat(calm).kind, 'none');
  assert.match(mustplayText(calm), /^No threat: White has no winning semi connection/);
  const lost = stateWith({ 'b|top|bottom': report({ winning: true }), 'w|left|right': report({ player: 'w' }) }, { mustplay: true });
  assert.equal(threat(lost).kind, 'lost');
  assert.match(mustplayText(lost), /Black already has a winning connection: no move of White's stops it/);
  const over = stateWith({}, { mustplay: true, v: { ...view, winner: 'b' } });
  assert.equal(threat(over).kind, 'over');
  assert.equal(threat(stateWith({}, { mustplay: true })), null, 'not known yet');
});

test('winning lines, pair sentences and the prompt', () => {
  const won = stateWith({ 'b|top|bottom': report({ winning: true, full: [{ carrier: ['b1', 'c1', 'a3', 'b3'] }] }), 'w|left|right': report({ player: 'w' }) });
  assert.deepEqual(winningLines(won).map((l) => [l.kind, l.color, l.text]), [
    ['winning', 'b', 'Black already has a winning connection: a full connection (4 cells) joins top and bottom.'],
  ]);
  const rex = stateWith({ 'b|top|bottom': report({ winning: true, full: [{ carrier: [] }] }), 'w|left|right': report({ player: 'w' }) }, { v: { ...view, rules: 'rex' } });
  assert.match(winningLines(rex)[0].text, /its stones join top and bottom \(under Rex, joining your own edges loses\)/);
  const semis = stateWith({
    'b|top|bottom': report({ winning_semi: true, semi: [{ key: 'd4', carrier: ['d4', 'd5'] }, { key: 'c4', carrier: ['c4'] }] }),
    'w|left|right': report({ player: 'w', winning_semi: true, semi: [{ key: 'a1', carrier: ['a1'] }] }),
  });
  assert.deepEqual(winningLines(semis).map((l) => l.text), [
    'White, to move, has a winning semi connection (key a1): playing its key connects.',
    'Black threatens a winning semi connection (key c4): White must play in its mustplay.',
  ]);
  const none = stateWith({ 'b|top|bottom': report(), 'w|left|right': report({ player: 'w' }) });
  assert.deepEqual(winningLines(none).map((l) => l.kind), ['none']);
  assert.deepEqual(winningLines(stateWith({})), [], 'nothing before the answers');

  const pairState = (answer, ends = ['b2', 'top']) =>
    stateWith({ 'b|top|bottom': report(), 'w|left|right': report({ player: 'w' }), [`b|${ends.join('|')}`]: answer }, { ends, player: 'b' });
  assert.equal(pairText(pairState(report())), 'H-search finds no connection between b2 and the top edge for Black.');
  assert.equal(pairText(pairState(report(), ['b2', 'a1'])), 'H-search finds no connection between b2 and a1 (empty) for Black.');
  assert.match(pairText(pairState(new Error("'z9' is not on the board"))), /^The engine refused b2 – the top edge: 'z9' is not on the board$/);
  assert.equal(
    pairText(pairState(report({ full: [{ carrier: ['b1', 'c1'] }], semi: [{ key: 'b1', carrier: ['b1'] }] }))),
    'Black has a full connection (2 cells) between b2 and the top edge: 1 full, 1 semi.',
  );
  assert.match(pairText(pairState(report({ semi: [{ key: 'b1', carrier: ['b1'] }] }))), /only a semi connection \(key b1, 1 cell\)/);
  // One chain: the engine says `joined` and lists one full connection with no carrier; the page lists nothing.
  const joined = stateWith({ 'b|b2|c2': report({ joined: true, full: [{ from: 'b2', to: 'c2', carrier: [] }] }) }, { ends: ['b2', 'c2'], player: 'b', v: { ...view, black: ['b2', 'c2', 'c3'] } });
  assert.equal(pairText(joined), "b2 and c2 are already joined by Black's stones (one chain).");
  assert.deepEqual(pairView(joined).alts, []);
  assert.equal(pairView(joined).joined, true);
  assert.equal(connectionOverlay(joined).marks.size, 0);

  const c = createConnections(true);
  assert.match(promptText({ view, connections: c }), /first endpoint/);
  pickEnd(c, view, 'c3');
  assert.equal(promptText({ view, connections: c }), 'From c3: click the second endpoint (another Black stone or edge, or an empty cell).');
  pickEnd(c, view, 'bottom');
  assert.equal(promptText({ view, connections: c }), 'c3 – the bottom edge for Black');
});

test('fill-in first: the filled cells marked by colour under the other marks, counted in words; nothing with the box off', () => {
  // 4x4, White to move: the engine fills b1 and a4 for Black (dead), and finds Black's top-bottom through d1 or b2.
  const v4 = {
    code: 'size=4&b=c1,a2,d2,b3,c3,c4&w=a1,c2,a3,d3,b4,d4&turn=w', size: 4, width: 4, height: 4, rules: 'hex', to_move: 'w',
    winner: null, black: ['c1', 'a2', 'd2', 'b3', 'c3', 'c4'], white: ['a1', 'c2', 'a3', 'd3', 'b4', 'd4'],
  };
  const fillin = { b: ['b1', 'a4'], w: [] };
  const black = report({ winning: true, winning_semi: true, full: [{ carrier: ['d1', 'b2'] }], fillin_used: true, fillin });
  const white = report({ player: 'w', fillin_used: true, fillin, mustplay: [] });
  const state = stateWith({ 'b|top|bottom': black, 'w|left|right': white, 'b|top|a4': black }, { ends: ['top', 'a4'], player: 'b', v: v4 });
  assert.equal(fillinOf(state), null, 'the box is off');
  assert.equal(fillinText(state), '');
  state.connections.fillin = true;
  assert.deepEqual(fillinOf(state), fillin);
  const overlay = connectionOverlay(state);
  assert.deepEqual(Object.fromEntries(overlay.marks), { b1: 'fillin-b', a4: 'fillin-b', d1: 'carrier', b2: 'carrier' });
  assert.deepEqual(Object.fromEntries(overlay.fill), { b1: 'b', a4: 'b' });
  assert.equal(
    fillinText(state),
    'Fill-in: 2 cells filled (Black 2, White 0), drawn as small stones. The connections are those of the filled position; the mustplay holds for the position as given.',
  );
  assert.match(connectionsStatusText(state), /^H-search after fill-in for White to move/);
  assert.doesNotMatch(connectionsStatusText(state), /AND rule/);
  state.connections.edges = true; // the AND rule through edges box: said in the status line
  assert.match(connectionsStatusText(state), /^H-search after fill-in for White to move.* · AND rule through edges$/);
  state.connections.edges = false;
  // A carrier or the mustplay on a filled cell (the search's answer is for the position as given) beats the fill-in mark; `fill` keeps it.
  state.connections.results.set('b|top|a4', { report: { ...black, full: [{ carrier: ['b1', 'd1'] }] } });
  assert.equal(connectionOverlay(state).marks.get('b1'), 'carrier');
  assert.equal(connectionOverlay(state).fill.get('b1'), 'b');
  // Nothing to fill: said so, nothing marked.
  const bare = stateWith({ 'b|top|bottom': report({ fillin_used: true, fillin: { b: [], w: [] } }), 'w|left|right': report({ player: 'w' }) });
  bare.connections.fillin = true;
  assert.equal(fillinText(bare), 'Fill-in: no dead cell or captured set here, so nothing was filled.');
  assert.equal(connectionOverlay(bare).fill.size, 0);
  // Not answered yet: nothing.
  const pending = stateWith({});
  pending.connections.fillin = true;
  assert.equal(fillinOf(pending), null);
  // The fill-in completes a chain: the winning line and a joined pair say the fill-in counts.
  const joinedByFill = report({ winning: true, full: [{ carrier: [] }], fillin_used: true, fillin, joined: true });
  const done = stateWith({ 'b|top|bottom': joinedByFill, 'w|left|right': white }, { ends: ['top', 'bottom'], player: 'b', v: v4 });
  done.connections.fillin = true;
  assert.match(winningLines(done)[0].text, /its stones and the fill-in join top and bottom/);
  assert.equal(pairText(done), "the top edge and the bottom edge are already joined by Black's stones (one chain, counting the fill-in).");
  // The engine's refusal of an endpoint filled for the opponent reads like its other refusals.
  const refused = stateWith(
    { 'b|top|bottom': black, 'w|left|right': white, 'w|b1|left': new Error("b1 is the opponent's fill-in: ask without fill-in to connect to it") },
    { ends: ['b1', 'left'], player: 'w', v: v4 },
  );
  refused.connections.fillin = true;
  assert.equal(pairText(refused), "The engine refused b1 (empty) – the left edge: b1 is the opponent's fill-in: ask without fill-in to connect to it");
  assert.equal(searchOffered(refused), false);
});

test('fill-in first: a pair of empty cells is asked for the colour the fill-in gave them; picked colours and two colours keep theirs', () => {
  // 4x4, White to move: the fill-in gives b1 and a4 to Black (and, in the made-up report below, d1 to White); b2 is not filled.
  const v4 = {
    code: 'size=4&b=c1,a2,d2,b3,c3,c4&w=a1,c2,a3,d3,b4,d4&turn=w', size: 4, width: 4, height: 4, rules: 'hex', to_move: 'w',
    winner: null, black: ['c1', 'a2', 'd2', 'b3', 'c3', 'c4'], white: ['a1', 'c2', 'a3', 'd3', 'b4', 'd4'],
  };
  const fillin = { b: ['b1', 'a4'], w: ['d1'] };
  const edges = { 'b|top|bottom': report({ fillin_used: true, fillin }), 'w|left|right': report({ player: 'w', fillin_used: true, fillin }) };
  /** Picks `from`, `to` on a state with the edge answers in (or not: `answered`), the box ticked (or not). */
  const picked = (from, to, { answered = true, fillin: box = true } = {}) => {
    const state = stateWith(answered ? edges : {}, { v: v4 });
    state.connections.fillin = box;
    pickEnd(state.connections, v4, from);
    pickEnd(state.connections, v4, to);
    return state;
  };

  // Both filled for Black: White to move, but Black's pair (pickEnd gives it the side to move, settlePlayer the fill-in's colour).
  const both = picked('b1', 'a4');
  assert.equal(both.connections.player, 'w');
  assert.equal(both.connections.auto, true);
  assert.equal(settlePlayer(both), true);
  assert.deepEqual(pairQuery(both.connections), ['b', 'b1', 'a4']);
  assert.equal(settlePlayer(both), false, 'settled once');
  assert.deepEqual(filledForPlayer(both), ['b1', 'a4']);
  assert.equal(promptText(both), 'b1 (empty) – a4 (empty) for Black (the fill-in gives b1 and a4 to Black)');
  // One filled, one not: the filled one's colour.
  const one = picked('b2', 'a4');
  assert.equal(settlePlayer(one), true);
  assert.equal(one.connections.player, 'b');
  assert.equal(promptText(one), 'b2 (empty) – a4 (empty) for Black (the fill-in gives a4 to Black)');
  // Filled for two colours: they cannot be one player's; the side to move's, and the engine refuses one with its message.
  const mixed = picked('b1', 'd1');
  assert.equal(settlePlayer(mixed), false);
  assert.equal(mixed.connections.player, 'w');
  assert.deepEqual(filledForPlayer(mixed), ['d1']);
  // The box off, or the fill-in not known yet: the side to move's.
  const off = picked('b1', 'a4', { fillin: false });
  assert.equal(settlePlayer(off), false);
  assert.equal(off.connections.player, 'w');
  assert.equal(promptText(off), 'b1 (empty) – a4 (empty) for White');
  const early = picked('b1', 'a4', { answered: false });
  assert.equal(settlePlayer(early), false);
  assert.equal(early.connections.player, 'w');
  for (const [key, r] of Object.entries(edges)) early.connections.results.set(key, { report: r });
  assert.equal(settlePlayer(early), true, 'settled when the answers arrive');
  assert.equal(early.connections.player, 'b');
  // A stone or an edge picked decides, whatever the fill-in: b1 (Black's fill-in) with the left edge stays White's.
  const edge = picked('b1', 'left');
  assert.equal(edge.connections.auto, false);
  assert.equal(settlePlayer(edge), false);
  assert.equal(edge.connections.player, 'w');
  assert.deepEqual(filledForPlayer(edge), []);
  // And so does the "show" button's explicit player.
  const shown = stateWith(edges, { v: v4 });
  shown.connections.fillin = true;
  setPair(shown.connections, 'w', 'left', 'right');
  assert.equal(settlePlayer(shown), false);
  // The box changed: a pair the page chose goes back to the side to move until the new fill-in is known.
  resetAutoPlayer(both.connections, v4);
  assert.equal(both.connections.player, 'w');
  resetAutoPlayer(edge.connections, { ...v4, to_move: 'b' });
  assert.equal(edge.connections.player, 'w', 'a picked colour stays');
  // Clearing the endpoints forgets the choice.
  clearEnds(both.connections);
  assert.equal(both.connections.auto, false);
});

// Search deeper ---------------------------------------------------------------------------------------

/** A pair whose H-search answer is `answer`, with both edge reports in. */
function pairState(answer, { ends = ['b2', 'top'], player = 'b', v = view } = {}) {
  return stateWith({ 'b|top|bottom': report(), 'w|left|right': report({ player: 'w' }), [`${player}|${ends.join('|')}`]: answer }, { ends, player, v });
}

test('search deeper: offered only when H-search has no full connection for the pair', () => {
  assert.equal(searchOffered(pairState(report())), true, 'no connection at all');
  assert.equal(searchOffered(pairState(report({ semi: [{ key: 'b1', carrier: ['b1'] }] }))), true, 'only semis');
  assert.equal(searchOffered(pairState(report({ full: [{ carrier: ['b1', 'c1'] }] }))), false, 'a full connection');
  assert.equal(searchOffered(pairState(report({ joined: true, full: [{ carrier: [] }] }))), false, 'already joined');
  assert.equal(searchOffered(pairState(new Error('z9 is not on the board'))), false, 'the engine refused the pair');
  const pending = pairState(report());
  pending.connections.results.delete('b|b2|top');
  assert.equal(searchOffered(pending), false, 'not before H-search answers');
  const one = pairState(report());
  one.connections.ends = ['b2'];
  assert.equal(searchOffered(one), false, 'one endpoint');
  assert.equal(startSearch(one, 1000), null);
});

test('search deeper: a proof is drawn as the carrier, shown until another alternative is picked; a new pick drops it', () => {
  const state = pairState(report({ semi: [{ key: 'b1', carrier: ['b1'] }, { key: 'c1', carrier: ['c1', 'd1'] }] }));
  const c = state.connections;
  const search = startSearch(state, 300000);
  assert.deepEqual({ ...search }, { key: 'b|b2|top', code: view.code, query: ['b', 'b2', 'top'], nodes: 300000, status: 'running', report: null, error: null });
  c.search = search;
  assert.equal(searchOf(state), search);
  assert.deepEqual(searchLines(state), ['Searching b2 – the top edge for Black, up to 300,000 nodes…']);
  assert.equal(pairView(state).shown, 0, 'the strongest semi stays on the board while the search runs');

  const proof = { player: 'b', from: 'b2', to: 'top', connected: true, status: 'connected', by: 'search', carrier: ['b1', 'c1', 'a2'], refutation: null, semi: null, nodes: 1234, region: 20, millis: 12.4 };
  finishSearch(c, search, proof);
  assert.equal(search.status, 'connected');
  assert.equal(pairView(state).shown, 'search');
  assert.deepEqual(Object.fromEntries(connectionOverlay(state).marks), { b1: 'carrier', c1: 'carrier', a2: 'carrier' });
  assert.equal(connectionOverlay(state).player, 'b');
  assert.deepEqual(searchLines(state), ['Connected by search (1,234 nodes, 12 ms): Black joins b2 and the top edge whatever White does, playing only in the 3 cells shaded.']);
  // Hovering or clicking an alternative shows it; 'search' shows the proof again.
  c.hover = 1;
  assert.deepEqual(Object.fromEntries(connectionOverlay(state).marks), { c1: 'key', d1: 'carrier' });
  c.hover = null;
  c.chosen = 0;
  assert.deepEqual(Object.fromEntries(connectionOverlay(state).marks), { b1: 'key' });
  c.chosen = 'search';
  assert.equal(pairView(state).shown, 'search');
  // Another position, or another pair: the search is not this pair's any more.
  assert.equal(searchOf({ ...state, view: { ...view, code: 'other' } }), null);
  pickEnd(c, view, 'c3');
  assert.equal(c.search, null);
  c.search = search;
  clearEnds(c);
  assert.equal(c.search, null);
  c.search = search;
  setPair(c, 'b', 'top', 'bottom');
  assert.equal(c.search, null);
});

test('search deeper: a refutation is marked `refutation` over its semi connection; unknown and errors in words', () => {
  const state = pairState(report());
  const c = state.connections;
  let search = (c.search = startSearch(state, 500));
  const refuted = {
    player: 'b', from: 'b2', to: 'top', connected: false, status: 'refuted', by: 'search', carrier: [], refutation: 'c1',
    semi: { key: 'c1', carrier: ['b1', 'c1'] }, nodes: 202, region: 7, millis: 1,
  };
  finishSearch(c, search, refuted);
  assert.deepEqual(Object.fromEntries(searchMarks(refuted)), { b1: 'carrier', c1: 'refutation' }, 'the refutation beats the key');
  assert.deepEqual(Object.fromEntries(connectionOverlay(state).marks), { b1: 'carrier', c1: 'refutation' });
  assert.deepEqual(searchLines(state), [
    'Refuted by search (202 nodes, 1.0 ms): White breaks it by playing c1.',
    'Moving first, Black connects by playing c1 (a semi connection, 2 cells).',
  ]);
  assert.deepEqual(Object.fromEntries(searchMarks({ ...refuted, semi: { key: 'a2', carrier: ['a2', 'b1'] } })), { a2: 'key', b1: 'carrier', c1: 'refutation' });

  search = c.search = startSearch(state, 500);
  c.chosen = 0;
  finishSearch(c, search, { ...refuted, refutation: null, semi: null, nodes: 1 });
  assert.deepEqual(searchLines(state), ['Refuted by search (1 node, 1.0 ms): Black cannot join b2 and the top edge even moving first.']);
  assert.equal(connectionOverlay(state).marks.size, 0);

  search = c.search = startSearch(state, 300000);
  c.chosen = 0;
  finishSearch(c, search, { ...refuted, status: 'unknown', connected: null, refutation: null, semi: null, nodes: 300001, millis: 307.2 });
  assert.equal(search.status, 'unknown');
  assert.equal(pairView(state).shown, null, 'nothing to draw');
  assert.deepEqual(searchLines(state), ['Unknown within 300,000 nodes (307 ms): the search stopped before deciding.']);
  // A region too large to search at all (13x13 and up, the whole board): unknown at once.
  search = c.search = startSearch(state, 300000);
  finishSearch(c, search, { ...refuted, status: 'unknown', connected: null, refutation: null, semi: null, nodes: 0, millis: 16 });
  assert.deepEqual(searchLines(state), ['Unknown (0 nodes, 16 ms): too many empty cells here for the connection search to decide.']);

  // The engine's refusal (an endpoint that is not the player's) reads as such, for H-search and for the search.
  search = c.search = startSearch(state, 300000);
  Object.assign(search, { status: 'error', error: "c3 is not the player's: an endpoint is an empty cell, or the player's stone or edge" });
  assert.deepEqual(searchLines(state), ["The search failed: c3 is not the player's: an endpoint is an empty cell, or the player's stone or edge"]);
  const refused = pairState(new Error("top is not the player's: an endpoint is an empty cell, or the player's stone or edge"), { ends: ['c3', 'top'], player: 'w' });
  assert.equal(pairText(refused), "The engine refused c3 – the top edge: top is not the player's: an endpoint is an empty cell, or the player's stone or edge");
  assert.equal(searchOffered(refused), false);
});

test('hash: the view value names the analysis and the Connections mode; fillin=1 the fill-in box, edges=1 the edges box', () => {
  assert.deepEqual([...parseViews('ica,vc')], ['ica', 'vc']);
  assert.deepEqual([...parseViews('vc')], ['vc']);
  assert.deepEqual([...parseViews(null)], []);
  assert.equal(viewValue({ analysis: true, connections: true }), 'ica,vc');
  assert.equal(viewValue({ connections: true }), 'vc');
  assert.equal(viewValue({}), null);
  assert.deepEqual(splitView('size=5&view=ica,vc'), { code: 'size=5', view: 'ica,vc', fillin: false, edges: false });
  assert.deepEqual(splitView('size=5&b=a1&view=vc&fillin=1'), { code: 'size=5&b=a1', view: 'vc', fillin: true, edges: false });
  assert.deepEqual(splitView('fillin=1&size=5'), { code: 'size=5', view: null, fillin: true, edges: false });
  assert.deepEqual(splitView('size=5&fillin=0'), { code: 'size=5', view: null, fillin: false, edges: false }, 'the key goes, only 1 ticks the box');
  assert.deepEqual(splitView('size=5&nofillin=1'), { code: 'size=5&nofillin=1', view: null, fillin: false, edges: false });
  assert.deepEqual(splitView('size=5&b=a1&view=vc&edges=1'), { code: 'size=5&b=a1', view: 'vc', fillin: false, edges: true });
  assert.deepEqual(splitView('edges=1&size=5&fillin=1'), { code: 'size=5', view: null, fillin: true, edges: true });
  assert.deepEqual(splitView('size=5&edges=0'), { code: 'size=5', view: null, fillin: false, edges: false }, 'the key goes, only 1 ticks the box');
  assert.deepEqual(splitView('size=5&redges=1'), { code: 'size=5&redges=1', view: null, fillin: false, edges: false });
  assert.equal(hashText('size=5', 'vc', { fillin: true }), 'size=5&view=vc&fillin=1');
  assert.equal(hashText('size=5', null, { fillin: true }), 'size=5&fillin=1');
  assert.equal(hashText('size=5', 'vc', { fillin: false }), 'size=5&view=vc');
  assert.equal(hashText('size=5', 'vc', { edges: true }), 'size=5&view=vc&edges=1');
  assert.equal(hashText('size=5', 'vc', { fillin: true, edges: true }), 'size=5&view=vc&fillin=1&edges=1');
  const text = hashText('size=4&b=b1', 'ica,vc', { fillin: true });
  assert.deepEqual(splitView(text), { code: 'size=4&b=b1', view: 'ica,vc', fillin: true, edges: false }, 'round trip');
  const both = hashText('size=4&b=b1', 'vc', { fillin: true, edges: true });
  assert.deepEqual(splitView(both), { code: 'size=4&b=b1', view: 'vc', fillin: true, edges: true }, 'round trip');
});

test('geometry: neighbours, and each edge band holds its own centre just outside the cells', () => {
  assert.deepEqual(neighbours(2, 2, 5, 5), [[2, 1], [3, 1], [1, 2], [3, 2], [1, 3], [2, 3]]);
  assert.deepEqual(neighbours(0, 0, 5, 5), [[1, 0], [0, 1]]);
  for (const [w, h] of [[1, 1], [3, 3], [11, 11], [7, 4]]) {
    const bands = edgeBands(w, h);
    const paths = edgePaths(w, h);
    for (const side of ['top', 'bottom', 'left', 'right']) {
      const band = bands[side];
      assert.equal(band.length, 4);
      const xs = band.map((p) => p[0]);
      const ys = band.map((p) => p[1]);
      const mid = [(Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...ys) + Math.max(...ys)) / 2];
      // The middle of the band's bounding box (where a test's click lands) is inside the parallelogram...
      const [a, b, c] = band;
      const inside = [[a, b], [b, c], [c, band[3]], [band[3], a]].map(([p, q]) => Math.sign((q[0] - p[0]) * (mid[1] - p[1]) - (q[1] - p[1]) * (mid[0] - p[0])));
      assert.ok(inside.every((s) => s === inside[0]), `${w}x${h} ${side}: centre inside`);
      // ...and farther than any cell corner of that edge is from every cell centre of the board.
      let nearest = Infinity;
      for (let col = 0; col < w; col++) for (let row = 0; row < h; row++) nearest = Math.min(nearest, Math.hypot(mid[0] - center(col, row)[0], mid[1] - center(col, row)[1]));
      assert.ok(nearest > R, `${w}x${h} ${side}: centre off the cells`);
      assert.ok(paths[side].length > 0);
    }
  }
});

test('analyst: another method and label (the Connections worker), keyed by all its arguments', async () => {
  const posted = [];
  const workers = [];
  class FakeWorker {
    constructor(url, options) {
      this.options = options;
      workers.push(this);
    }
    postMessage(msg) {
      posted.push(msg);
    }
    terminate() {}
  }
  const client = createAnalyst({ Worker: FakeWorker, method: 'connections', label: 'connections', setTimer: () => 0, clearTimer: () => {}, now: () => 0 });
  const p1 = client.run('size=3', [['b', 'top', 'bottom']]);
  assert.equal(client.run('size=3', [['b', 'top', 'bottom']]), p1, 'same arguments join');
  assert.equal(workers[0].options.name, 'hexlab connections');
  workers[0].onmessage({ data: { id: posted[0].id, ok: true } });
  const request = posted.at(-1);
  assert.equal(request.method, 'connections');
  assert.deepEqual(request.args, ['size=3', [['b', 'top', 'bottom']]]);
  const p2 = client.run('size=3', [['w', 'left', 'right']]);
  const dropped = await p1.then(() => null, (err) => err);
  assert.equal(dropped.superseded, true);
  assert.match(dropped.message, /^connections superseded/);
  workers[0].onmessage({ data: { id: request.id, ok: true, result: 'late' } });
  workers[0].onmessage({ data: { id: posted.at(-1).id, ok: true, result: { results: [] } } });
  assert.deepEqual(await p2, { results: [] });
  client.terminate();
});

test('touch: the hint and prompt without Shift and Esc; "Play a move" waiting for a tap', () => {
  assert.equal(keysText(false), 'Shift+click plays · Esc clears');
  assert.doesNotMatch(keysText(true), /Shift|Esc/);
  const view = { size: 5, width: 5, height: 5, black: ['c3'], white: [], to_move: 'w' };
  const c = createConnections(true);
  assert.match(promptText({ view, connections: c, device: { coarse: true } }), /^Tap a stone/);
  assert.match(promptText({ view, connections: c }), /^Click a stone/);
  c.playNext = true;
  assert.equal(promptText({ view, connections: c, device: { coarse: true } }), "Tap a cell to play White's move there.");
});
