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

use super::edge_shapes::{allowed, placements, Placement, PlacementCache};

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

/// Every placement of a library template for `color` on `position`: anchors empty or the
/// player's, cells on the board and not the opponent's.
#[must_use]
pub fn matches(position: &Position, color: Color) -> Vec<Placed> {
    static CACHE: PlacementCache<1> = PlacementCache::new();
    let size = position.size();
    let all = CACHE.get(size, color, || placements_of(size, color, library()));
    placed(position, color, all)
}

/// Every placement of `templates` (see [`matches`]).
#[must_use]
pub fn place(position: &Position, color: Color, templates: &[Template]) -> Vec<Placed> {
    let all = placements_of(position.size(), color, templates);
    placed(position, color, &all)
}

/// Where `templates` stand on an empty board of `size` for `color`.
fn placements_of(size: BoardSize, color: Color, templates: &[Template]) -> Vec<Placement<1>> {
    placements(size, color, templates, |t| ([(0, t.depth - 1)], &t.cells))
}

/// The placements of `all` that `position` allows.
fn placed(position: &Position, color: Color, all: &[Placement<1>]) -> Vec<Placed> {
    let mut out = Vec::new();
    allowed(position, color, all, |edge, [anchor], carrier| {
        out.push(Placed {
            anchor,
            edge,
            carrier,
        });
    });
    out
}
