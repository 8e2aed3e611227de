//! Deriving the edge pieces by search, on a board where the edge is a row of the player's
//! stones: for a start on row `depth` and an end on the second row `gap` columns away, minimal
//! carriers on which the two connect and which reach the row along the edge.
//!
//! The test board has Black's stones on its first row (standing for the conducting edge, the
//! real rows below it), the two ends as Black stones, and a region made of the start's cone
//! towards the edge and the two rows along the edge between the ends, one cell wider on each
//! side. Its minimal carriers come from [`minimal_carriers`], as the templates' do.
//! Two kinds are left out (see [`pieces_of`]).

use std::collections::BTreeSet;

use crate::board::{BoardSize, Cell, CellSet, Color};
use crate::position::Position;
use crate::rules::RulesConfig;
use crate::vc::connect::connects_within;
use crate::vc::minimal_carriers::minimal_carriers;

use super::Piece;

/// The start rows the table covers (row 1 touches the edge).
pub const DEPTHS: [u8; 2] = [2, 3];
/// The largest distance along the edge between the start and the end.
pub const MAX_GAP: i32 = 6;
/// Most cells forbidden at once while looking for further minimal carriers.
const MAX_FORBIDDEN: usize = 1;
/// Node budget of one search.
const BUDGET: u64 = 20_000_000;

/// The test board for one start depth and gap.
struct Corridor {
    position: Position,
    start: Cell,
    end: Cell,
    start_col: i32,
    region: CellSet,
}

/// The board for a piece from row `depth` to the second row `gap` columns away, or `None` when
/// the two ends touch (then there is nothing to join).
fn corridor(depth: u8, gap: i32) -> Option<Corridor> {
    let d = i32::from(depth);
    // Real row r (0-based from the edge) is board row r + 1; board row 0 is the edge's stones.
    let lo = gap.min(0) - 1;
    let hi = (gap + 1).max(d - 1) + 1;
    let start_col = 1 - lo;
    let width = start_col + hi + 2;
    let size = BoardSize::new(width as u32, (d + 2) as u32).expect("a small board");
    let mut position = Position::new(size, RulesConfig::default());
    for col in 0..width {
        position
            .set_stone(Cell::new(col as u8, 0), Some(Color::Black))
            .expect("an empty board");
    }
    let start = Cell::new(start_col as u8, depth);
    let end = Cell::new((start_col + gap) as u8, 2);
    if size.neighbours(start).contains(end) || start == end {
        return None;
    }
    for cell in [start, end] {
        position
            .set_stone(cell, Some(Color::Black))
            .expect("an empty cell");
    }
    let mut region = CellSet::new();
    for real in 0..d - 1 {
        // The start's cone: the cells between it and the edge, one more on each side.
        for col in (start_col - 1)..=(start_col + (d - 1 - real) + 1) {
            region.insert(Cell::new(col as u8, (real + 1) as u8));
        }
    }
    for real in 0..2 {
        for col in (start_col + lo)..=(start_col + hi) {
            region.insert(Cell::new(col as u8, (real + 1) as u8));
        }
    }
    region &= size.cells();
    region.discard(start);
    region.discard(end);
    Some(Corridor {
        position,
        start,
        end,
        start_col,
        region,
    })
}

impl Corridor {
    /// The carrier of a connection on `region`; `None` also when the budget runs out (then a
    /// piece may be missed or left larger than minimal, never wrong).
    fn connects(&self, region: CellSet) -> Option<CellSet> {
        connects_within(
            &self.position,
            Color::Black,
            self.start,
            self.end,
            region,
            BUDGET,
        )
        .flatten()
    }

    fn offset(&self, cell: Cell) -> (i8, u8) {
        (
            (i32::from(cell.col()) - self.start_col) as i8,
            cell.row() - 1,
        )
    }

    fn piece(&self, depth: u8, carrier: CellSet) -> Piece {
        let mut cells: Vec<(i8, u8)> = carrier.iter().map(|c| self.offset(c)).collect();
        cells.sort_unstable_by_key(|&(dc, r)| (r, dc));
        Piece {
            depth,
            end: self.offset(self.end),
            cells,
        }
    }
}

/// Every minimal piece from row `depth` to the second row `gap` columns away found within its
/// region that holds cells of both the row along the edge and the second row. One without a
/// cell along the edge joins the two without the edge (H-search finds it); one without a
/// second-row cell is each end's own bridge to the edge side by side, which the solver is
/// better without (on 7x7, `hexlab bench solve --size 7 --openings d4,c3,a2,a3`: 25,411 nodes
/// in 34.1 s with them, 8,234 in 8.9 s without).
#[must_use]
pub fn pieces_of(depth: u8, gap: i32) -> Vec<Piece> {
    let Some(corridor) = corridor(depth, gap) else {
        return Vec::new();
    };
    let found = minimal_carriers(corridor.region, MAX_FORBIDDEN, |region| {
        corridor.connects(region)
    });
    let size = corridor.position.size();
    let (edge_row, second_row) = (size.row(1), size.row(2));
    found
        .into_iter()
        .filter(|c| c.intersects(&edge_row) && c.intersects(&second_row))
        .map(|c| corridor.piece(depth, c))
        .collect()
}

/// Every piece of the start rows `depths`, with their mirror images, in table order.
#[must_use]
pub fn pieces(depths: &[u8]) -> Vec<Piece> {
    let mut unique: BTreeSet<Piece> = BTreeSet::new();
    for &depth in depths {
        for gap in -MAX_GAP..=MAX_GAP {
            for piece in pieces_of(depth, gap) {
                unique.insert(piece.mirrored());
                unique.insert(piece);
            }
        }
    }
    let mut out: Vec<Piece> = unique.into_iter().collect();
    out.sort_by_key(|p| (p.depth, p.cells.len(), p.end, p.cells.clone()));
    out
}

/// The whole table, as committed in `core/data/edge_pieces.txt`.
#[must_use]
pub fn table() -> String {
    let mut text = String::from(
        "# Edge pieces for Black and the top edge, derived by `hexlab-patterns pieces`.\n\
         # depth > end: cells  (start at column 0 of row depth-1; end and cells as column\n\
         # offset and 0-based row, row 0 along the edge)\n",
    );
    for piece in pieces(&DEPTHS) {
        text.push_str(&piece.line());
        text.push('\n');
    }
    text
}
