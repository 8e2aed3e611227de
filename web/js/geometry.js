// Board geometry, pure math (no DOM). Pointy-top hexagons of circumradius R drawn as the usual rhombus:
// cell (col, row) sits at x = (col + row/2)·w, y = row·1.5·R with w = √3·R, so a1 is the top-left acute
// corner and the neighbours of c3 are c2 d2 b3 d3 b4 c4.
//
//        a   b   c            letters over the top edge (Black's), numbers left of the left edge (White's)
//     1 ⬡ ⬡ ⬡
//      2 ⬡ ⬡ ⬡
//       3 ⬡ ⬡ ⬡

export const R = 20;
export const W = Math.sqrt(3) * R;

// Corner offsets from a cell's centre, clockwise from the top.
const T = [0, -R];
const UR = [W / 2, -R / 2];
const LR = [W / 2, R / 2];
const B = [0, R];
const LL = [-W / 2, R / 2];
const UL = [-W / 2, -R / 2];
export const CORNERS = [T, UR, LR, B, LL, UL];

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** Cell name of a 0-based column and row: (2, 2) -> "c3". */
export function cellName(col, row) {
  return LETTERS[col] + (row + 1);
}

/** 0-based [col, row] of a cell name: "c3" -> [2, 2]; null if it is not a cell name. */
export function parseCell(name) {
  const match = /^([a-z])([1-9][0-9]?)$/.exec(String(name));
  return match ? [LETTERS.indexOf(match[1]), Number(match[2]) - 1] : null;
}

/** The cells next to (col, row) on a width × height board, as [col, row] pairs (c3: c2 d2 b3 d3 b4 c4). */
export function neighbours(col, row, width, height) {
  return [[0, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [0, 1]]
    .map(([dc, dr]) => [col + dc, row + dr])
    .filter(([c, r]) => c >= 0 && r >= 0 && c < width && r < height);
}

/** Direction from cell `from` to cell `to` in degrees (0 = right, 90 = down, SVG's rotate); null if unknown. */
export function angleBetween(from, to) {
  const a = parseCell(from);
  const b = parseCell(to);
  if (!a || !b || (a[0] === b[0] && a[1] === b[1])) return null;
  const [x0, y0] = center(...a);
  const [x1, y1] = center(...b);
  return (Math.atan2(y1 - y0, x1 - x0) * 180) / Math.PI;
}

/** Column letters of a board `width` wide. */
export function columnLetters(width) {
  return LETTERS.slice(0, width).split('');
}

/** Centre of cell (col, row). */
export function center(col, row) {
  return [(col + row / 2) * W, row * 1.5 * R];
}

/** The `points` attribute of a hexagon centred on the origin, scaled by `scale`. */
export function hexPoints(scale = 1) {
  return CORNERS.map(([x, y]) => `${round(x * scale)},${round(y * scale)}`).join(' ');
}

function round(v) {
  return Math.round(v * 100) / 100;
}

function at(col, row, [dx, dy]) {
  const [x, y] = center(col, row);
  return [round(x + dx), round(y + dy)];
}

/** Outer boundary polylines of the four edges: { top, bottom, left, right }, each a list of [x, y]. */
export function edgePaths(width, height) {
  const top = [at(0, 0, UL)];
  const bottom = [at(0, height - 1, LL)];
  for (let c = 0; c < width; c++) {
    top.push(at(c, 0, T), at(c, 0, UR));
    bottom.push(at(c, height - 1, B), at(c, height - 1, LR));
  }
  const left = [];
  const right = [];
  for (let r = 0; r < height; r++) {
    left.push(at(0, r, UL), at(0, r, LL));
    right.push(at(width - 1, r, UR), at(width - 1, r, LR));
  }
  return { top, bottom, left, right };
}

/** Centre of the board (the middle of the rhombus). */
export function boardCenter(width, height) {
  const [x0, y0] = center(0, 0);
  const [x1, y1] = center(width - 1, height - 1);
  return [(x0 + x1) / 2, (y0 + y1) / 2];
}

/**
 * One clip triangle per edge: the board centre and the edge's two corners pushed far outward, so the
 * edge bands meet on the diagonals through the corners instead of overlapping there.
 */
export function edgeClips(width, height) {
  const [cx, cy] = boardCenter(width, height);
  const far = ([x, y]) => [round(cx + 20 * (x - cx)), round(cy + 20 * (y - cy))];
  const corners = {
    topLeft: at(0, 0, UL),
    topRight: at(width - 1, 0, UR),
    bottomRight: at(width - 1, height - 1, LR),
    bottomLeft: at(0, height - 1, LL),
  };
  const tri = (a, b) => [[round(cx), round(cy)], far(corners[a]), far(corners[b])];
  return {
    top: tri('topLeft', 'topRight'),
    right: tri('topRight', 'bottomRight'),
    bottom: tri('bottomRight', 'bottomLeft'),
    left: tri('bottomLeft', 'topLeft'),
  };
}

// Outward unit normals of the four sides of the rhombus (the left and right sides run down and to the right).
const OUTWARD = {
  top: [0, -1],
  bottom: [0, 1],
  left: [-Math.sqrt(3) / 2, 0.5],
  right: [Math.sqrt(3) / 2, -0.5],
};

/**
 * One band per edge, the area a click picks that edge by: a parallelogram from the line through the
 * edge cells' inner outline corners (the notches between them; the cells, drawn on top, keep their own
 * clicks) out to a line `depth` beyond their outermost corners, as long as the side (the clips of
 * `edgeClips` trim it at the corners). Being symmetric about the middle of the side, its centre lies in
 * the band just outside the cells. { top, bottom, left, right }, each four [x, y].
 */
export function edgeBands(width, height, depth = R) {
  const paths = edgePaths(width, height);
  const bands = {};
  for (const [side, points] of Object.entries(paths)) {
    const [nx, ny] = OUTWARD[side];
    const dot = ([x, y]) => x * nx + y * ny;
    const inner = Math.min(...points.map(dot));
    const outer = Math.max(...points.map(dot)) + depth;
    const onLine = (p, level) => [p[0] + (level - dot(p)) * nx, p[1] + (level - dot(p)) * ny];
    const [start, end] = [points[0], points[points.length - 1]];
    bands[side] = [onLine(start, inner), onLine(end, inner), onLine(end, outer), onLine(start, outer)].map(([x, y]) => [round(x), round(y)]);
  }
  return bands;
}

/** Positions of the coordinate labels: letters above row 1, numbers left of column a. */
export function labelPositions(width, height) {
  const letters = columnLetters(width).map((text, c) => {
    const [x, y] = center(c, 0);
    return { text, x: round(x), y: round(y - 1.8 * R) };
  });
  const numbers = [];
  for (let r = 0; r < height; r++) {
    const [x, y] = center(0, r);
    numbers.push({ text: String(r + 1), x: round(x - W / 2 - 0.7 * R), y: round(y) });
  }
  return { letters, numbers };
}

/** The SVG viewBox [x, y, width, height] holding the board, its edge bands and labels. */
export function viewBox(width, height) {
  const margin = 0.6 * R;
  const minX = -W / 2 - 2.3 * R - margin;
  const maxX = center(width - 1, height - 1)[0] + W / 2 + 0.5 * R + margin;
  const minY = -2.4 * R - margin;
  const maxY = center(0, height - 1)[1] + R + 0.5 * R + margin;
  return [minX, minY, maxX - minX, maxY - minY].map(round);
}
