//! Edge templates (Henderson 2010, §2.9.2): full connections between a cell and its player's
//! edge, for cells on rows 2 to 4, derived by search (see [`generate`]) and kept as a table.
//!
//! A template is written for Black and the top edge: its anchor sits on row `depth` (row 1
//! touches the edge), and each of its cells is an offset along the edge from the anchor's
//! column and a row. The table holds one template per line, `depth: dc,row dc,row ...`. The
//! other edges follow by symmetry: the half-turn maps the top edge to the bottom one, and the
//! reflection in the long diagonal maps Black's top edge to White's left one.
//!
//! A template applies where all of its cells are on the board and none is the opponent's; its
//! carrier is its empty cells (the player's stones in it only help, by monotonicity).

pub mod generate;

use std::sync::OnceLock;

use crate::board::{BoardSize, Cell, CellSet, Color};
use crate::position::Position;

/// The committed table (regenerated and compared by `core/tests/templates.rs`).
const TABLE: &str = include_str!("../../../data/templates.txt");

/// One edge template, for the top edge: the anchor's row and the carrier's offsets.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Template {
    /// The anchor's row, 1 being the row along the edge.
    pub depth: u8,
    /// `(column offset from the anchor, row from the edge, 0-based)` of each carrier cell.
    pub cells: Vec<(i8, u8)>,
}

impl Template {
    /// The template reflected along its edge (the reflection keeping the edge and the anchor).
    #[must_use]
    pub fn mirrored(&self) -> Template {
        let top = i16::from(self.depth) - 1;
        let mut cells: Vec<(i8, u8)> = self
            .cells
            .iter()
            .map(|&(dc, r)| ((-i16::from(dc) - i16::from(r) + top) as i8, r))
            .collect();
        cells.sort_unstable_by_key(|&(dc, r)| (r, dc));
        Template {
            depth: self.depth,
            cells,
        }
    }

    /// The line of the table for this template.
    #[must_use]
    pub fn line(&self) -> String {
        let cells: Vec<String> = self
            .cells
            .iter()
            .map(|(dc, r)| format!("{dc},{r}"))
            .collect();
        format!("{}: {}", self.depth, cells.join(" "))
    }

    /// Reads one line of the table.
    ///
    /// # Errors
    /// A message naming the malformed part.
    pub fn parse(line: &str) -> Result<Template, String> {
        let (depth, rest) = line
            .split_once(':')
            .ok_or_else(|| format!("no ':' in '{line}'"))?;
        let depth: u8 = depth
            .trim()
            .parse()
            .map_err(|_| format!("bad depth in '{line}'"))?;
        let mut cells = Vec::new();
        for pair in rest.split_whitespace() {
            let (dc, r) = pair
                .split_once(',')
                .ok_or_else(|| format!("bad cell '{pair}'"))?;
            let dc: i8 = dc.parse().map_err(|_| format!("bad offset '{pair}'"))?;
            let r: u8 = r.parse().map_err(|_| format!("bad row '{pair}'"))?;
            if r >= depth {
                return Err(format!(
                    "cell '{pair}' is not nearer the edge than the anchor"
                ));
            }
            cells.push((dc, r));
        }
        Ok(Template { depth, cells })
    }
}

/// The committed templates, parsed once.
///
/// # Panics
/// If the committed table is malformed (a test reads it).
pub fn library() -> &'static [Template] {
    static LIBRARY: OnceLock<Vec<Template>> = OnceLock::new();
    LIBRARY.get_or_init(|| parse_table(TABLE, Template::parse))
}

/// The entries of a committed table (blank lines and `#` comments skipped).
///
/// # Panics
/// If an entry is malformed, with the parser's message (a test reads every table).
pub(super) fn parse_table<T>(text: &str, parse: fn(&str) -> Result<T, String>) -> Vec<T> {
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| parse(l).unwrap_or_else(|e| panic!("a committed table does not parse: {e}")))
        .collect()
}

/// One template placed on a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placed {
    pub anchor: Cell,
    pub edge: Cell,
    /// The template's empty cells.
    pub carrier: CellSet,
}

/// The board cell for top-edge coordinates `(col, row)` (row 0 along the edge) seen from `edge`.
fn oriented(size: BoardSize, edge: Cell, col: i32, row: i32) -> Option<Cell> {
    let (w, h) = (i32::from(size.width()), i32::from(size.height()));
    let (c, r) = match edge {
        Cell::TOP => (col, row),
        Cell::BOTTOM => (w - 1 - col, h - 1 - row),
        Cell::LEFT => (row, col),
        _ => (w - 1 - row, h - 1 - col),
    };
    if c < 0 || r < 0 || c >= w || r >= h {
        return None;
    }
    Some(Cell::new(c as u8, r as u8))
}

/// The length of `edge`'s side on a board of `size`.
fn side(size: BoardSize, edge: Cell) -> i32 {
    match edge {
        Cell::TOP | Cell::BOTTOM => i32::from(size.width()),
        _ => i32::from(size.height()),
    }
}

/// Every placement of a library template for `color` on `position`: anchors empty or the
/// player's, cells on the board and not the opponent's.
#[must_use]
pub fn matches(position: &Position, color: Color) -> Vec<Placed> {
    place(position, color, library())
}

/// Every placement of `templates` (see [`matches`]).
#[must_use]
pub fn place(position: &Position, color: Color, templates: &[Template]) -> Vec<Placed> {
    let mut out = Vec::new();
    place_shapes(
        position,
        color,
        templates,
        |t| ([(0, t.depth - 1)], &t.cells),
        |edge, [anchor], carrier| {
            out.push(Placed {
                anchor,
                edge,
                carrier,
            });
        },
    );
    out
}

/// Places shapes along `color`'s two edges, each edge in turn, then each shape, then each
/// column: a shape is its ends and its cells in top-edge coordinates (column offsets and
/// 0-based rows, row 0 along the edge), and it is placed where all of them are on the board and
/// none is the opponent's. `found` gets the edge, the ends' cells and the shape's empty cells.
pub(super) fn place_shapes<'a, T: 'a, const N: usize>(
    position: &Position,
    color: Color,
    shapes: &'a [T],
    shape: impl Fn(&'a T) -> ([(i8, u8); N], &'a [(i8, u8)]),
    mut found: impl FnMut(Cell, [Cell; N], CellSet),
) {
    let size = position.size();
    let opponent = position.stones(color.opponent());
    let empty = position.empty_cells();
    let (first, second) = BoardSize::edges_of(color);
    for edge in [first, second] {
        for item in shapes {
            let (ends, cells) = shape(item);
            'col: for col in 0..side(size, edge) {
                let at = |(dc, r): (i8, u8)| {
                    oriented(size, edge, col + i32::from(dc), i32::from(r))
                        .filter(|cell| !opponent.contains(*cell))
                };
                let mut placed = [edge; N];
                for (slot, &end) in placed.iter_mut().zip(&ends) {
                    let Some(cell) = at(end) else {
                        continue 'col;
                    };
                    *slot = cell;
                }
                let mut carrier = CellSet::new();
                for &cell in cells {
                    let Some(cell) = at(cell) else {
                        continue 'col;
                    };
                    carrier.insert(cell);
                }
                found(edge, placed, carrier & empty);
            }
        }
    }
}
