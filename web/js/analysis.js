// Inferior cell analysis without DOM: from the engine's report (`analyze(code)`, see README) to one mark
// per cell, the cells to highlight for the claim in focus, counts and sentences for the panel.
//
// Every claim marks its cell with its kind when the page contract has a mark for it ("dead",
// "captured", "vulnerable", "dominated", "reversible"); other fill-in (permanently inferior, later
// kinds) marks "fillin-b" / "fillin-w". Fill-in also keeps its kind as the fill kind and its colour
// (drawn as a ghost stone of that colour); unknown move kinds are drawn generically.

const COLOR_NAME = { b: 'Black', w: 'White' };
const colorName = (color) => COLOR_NAME[color] ?? String(color);

/** Kinds with their own glyph; any other kind gets the generic one. */
export const KNOWN_KINDS = new Set(['dead', 'captured', 'vulnerable', 'dominated']);

const KIND_TEXT = {
  dead: 'dead',
  captured: 'captured',
  vulnerable: 'vulnerable',
  dominated: 'dominated',
  reversible: 'reversible',
  'permanently-inferior': 'permanently inferior',
};

/** A fresh analysis state (the toggle off). */
export function createAnalysis(on = false) {
  return {
    on, // the Analysis toggle
    code: null, // the position the report (or the request in flight) is for
    status: on ? 'pending' : 'off', // 'off' | 'pending' | 'ready' | 'error'
    report: null,
    error: null,
    selected: null, // cell clicked for explanation
    hover: null, // marked cell under the pointer
  };
}

/** True if `claim` is fill-in (it gives its cell a colour). */
export function isFillin(claim) {
  return claim?.fill === 'b' || claim?.fill === 'w';
}

/** Kinds that are `data-mark` values of their own (README, "The page's contract for tests"). */
const OWN_MARKS = new Set(['dead', 'captured', 'vulnerable', 'dominated', 'reversible']);

/** The mark `claim` puts on its cell: { mark, fillKind } (fillKind only for fill-in). */
export function markOf(claim) {
  const kind = String(claim.kind);
  if (isFillin(claim)) return { mark: OWN_MARKS.has(kind) ? kind : `fillin-${claim.fill}`, fillKind: kind };
  return { mark: kind, fillKind: null };
}

/**
 * Map from cell to { mark, fillKind, kind, fill, by, known, claims }: the first claim of a cell gives its mark
 * (the report lists fill-in first), every claim of the cell is kept for the panel.
 */
export function cellMarks(report) {
  if (!report) return new Map();
  let marks = marksCache.get(report);
  if (!marks) marksCache.set(report, (marks = buildMarks(report)));
  return marks;
}

const marksCache = new WeakMap(); // report -> its marks (a report is never modified)

function buildMarks(report) {
  const marks = new Map();
  for (const claim of report?.inferior ?? []) {
    if (!claim || typeof claim.cell !== 'string') continue;
    const known = marks.get(claim.cell);
    if (known) {
      known.claims.push(claim);
      continue;
    }
    const { mark, fillKind } = markOf(claim);
    marks.set(claim.cell, {
      mark,
      fillKind,
      kind: String(claim.kind),
      fill: isFillin(claim) ? claim.fill : null,
      by: claim.by ?? null,
      known: KNOWN_KINDS.has(claim.kind),
      claims: [claim],
    });
  }
  return marks;
}

/** The report shown for the current position, or null (off, pending, failed, or for another position). */
export function currentReport(state) {
  const a = state.analysis;
  if (!a?.on || a.status !== 'ready' || !a.report || !state.view || a.code !== state.view.code) return null;
  return a.report;
}

/** The cell whose claims the panel explains: the hovered one, else the selected one (if still marked). */
export function focusCell(state, marks) {
  const a = state.analysis;
  for (const cell of [a?.hover, a?.selected]) if (cell && marks.has(cell)) return cell;
  return null;
}

/** Cells to highlight for the claims of `cell`: { witness, killers, by } (Sets). */
export function focusCells(marks, cell) {
  const witness = new Set();
  const killers = new Set();
  const by = new Set();
  for (const claim of marks.get(cell)?.claims ?? []) {
    for (const c of claim.witness ?? []) witness.add(c);
    for (const c of claim.killers ?? []) killers.add(c);
    if (claim.reverser) killers.add(claim.reverser);
    if (claim.by) by.add(claim.by);
  }
  return { witness, killers, by };
}

/** Counts for the panel: fill-in by colour, inferior moves (not fill-in) by kind, consider. */
export function analysisCounts(report) {
  const kinds = new Map();
  let inferior = 0;
  for (const claim of report?.inferior ?? []) {
    if (isFillin(claim)) continue;
    inferior++;
    kinds.set(claim.kind, (kinds.get(claim.kind) ?? 0) + 1);
  }
  const fillKinds = new Map();
  for (const claim of report?.inferior ?? []) {
    if (isFillin(claim)) fillKinds.set(claim.kind, (fillKinds.get(claim.kind) ?? 0) + 1);
  }
  return {
    fillinB: report?.fillin?.b?.length ?? 0,
    fillinW: report?.fillin?.w?.length ?? 0,
    fillKinds,
    inferior,
    kinds,
    consider: report?.consider?.length ?? 0,
  };
}

/** "dead", "permanently inferior", or the kind as the engine spells it. */
export function kindText(kind) {
  return KIND_TEXT[kind] ?? String(kind).replace(/-/g, ' ');
}

/** "dominated 43, vulnerable 7" from a Map of kind -> count, largest first. */
export function kindsText(kinds) {
  return [...kinds]
    .sort((a, b) => b[1] - a[1] || String(a[0]).localeCompare(String(b[0])))
    .map(([kind, n]) => `${kindText(kind)} ${n}`)
    .join(', ');
}

/** One line under the toggle: what is going on. */
export function analysisStatusText(state) {
  const a = state.analysis;
  if (!a?.on) return '';
  if (a.status === 'error') return `Analysis failed: ${a.error}`;
  const report = currentReport(state);
  if (!report) return 'analysing…';
  const ms = report.worker_millis;
  const time = typeof ms === 'number' ? ` · ${ms < 10 ? ms.toFixed(1) : Math.round(ms)} ms` : '';
  return `for ${colorName(report.to_move)} to move${time}`;
}

/** Label/value rows describing one claim (under its heading, which names the kind and the fill colour, and its reason). */
export function claimFacts(claim) {
  const rows = [];
  const killers = claim.killers ?? [];
  if (claim.by && !killers.includes(claim.by)) rows.push(['by', claim.by]);
  if (killers.length) rows.push(['killers', killers.join(' ')]);
  if (claim.reverser) rows.push(['reverser', claim.reverser]);
  if (claim.witness?.length) rows.push(['witness', claim.witness.map(placeText).join(' ')]);
  return rows;
}

const EDGES = new Set(['top', 'bottom', 'left', 'right']);

/** A cell name as is, a board edge as "top edge". */
export function placeText(place) {
  return EDGES.has(place) ? `${place} edge` : String(place);
}

const COLOR_WORD = { black: 'Black', white: 'White' };

/** "b1 b2" as "b1 and b2", "a1 b1 c1" as "a1, b1 and c1". */
function cellList(text) {
  const cells = text.trim().split(/\s+/);
  return cells.length > 1 ? `${cells.slice(0, -1).join(', ')} and ${cells.at(-1)}` : cells[0];
}

/** "with Black b1 b2 and White no stones" as players say it: "with Black stones on b1 and b2 and no White stones". */
function stonesText(black, white, around) {
  const none = (s) => s === 'no stones';
  const on = (color, cells) => `${cells.trim().split(/\s+/).length > 1 ? `${color} stones` : `a ${color} stone`} on ${cellList(cells)}`;
  const where = around ? ' around it' : '';
  if (none(black) && none(white)) return `with no stones${around ? ' around it' : ' nearby'}`;
  if (none(white)) return `with ${on('Black', black)} and no White stones${where}`;
  if (none(black)) return `with ${on('White', white)} and no Black stones${where}`;
  return `with ${on('Black', black)} and ${on('White', white)}${where}`;
}

/**
 * The engine's reason for a claim, as the page shows it to players: no internal pattern names ("(pattern
 * dominated/r2-interior/8)" goes, "(pattern …, see b1)" becomes "(see b1)"), the stones a pattern needs in words
 * ("with Black no stones and White no stones" becomes "with no stones nearby"), colours capitalised.
 */
export function claimText(reason) {
  if (!reason) return '';
  const PATTERN = '[a-z][a-z-]*\\/[a-z0-9-]+\\/\\d+';
  return String(reason)
    .replace(new RegExp(` ?\\(pattern ${PATTERN}, (see [^)]*)\\)`, 'g'), ' ($1)')
    .replace(new RegExp(` ?\\(pattern ${PATTERN}\\)`, 'g'), '')
    .replace(new RegExp(`(a |the )?(local )?pattern ${PATTERN}`, 'g'), 'a local pattern')
    .replace(new RegExp(PATTERN, 'g'), 'a local pattern')
    .replace(/with Black ((?:no stones)|(?:[a-z]\d+(?: [a-z]\d+)*)) and White ((?:no stones)|(?:[a-z]\d+(?: [a-z]\d+)*))( around it)?/g,
      (_, black, white, around) => stonesText(black, white, !!around))
    .replace(/\binside \{([a-z]\d+(?: [a-z]\d+)*)\}/g, (_, cells) => `inside ${cellList(cells)}`)
    .replace(/\bcaptured with ([a-z]\d+(?: [a-z]\d+)+)/g, (_, cells) => `captured with ${cellList(cells)}`)
    .replace(/\b(black|white)\b/g, (word) => COLOR_WORD[word])
    .replace(/\bafter (Black|White) plays ([a-z]\d+) ([a-z]\d+) is\b/g, 'after $1 plays $2, $3 is');
}
