//! Edge pieces: full connections between two cells *through* the player's edge, for a search
//! whose edges conduct ([`EdgeRole::Conducts`](crate::vc::EdgeRole)). Derived by connection
//! search (see [`generate`]) and kept as a table.
//!
//! A piece joins a start cell on row `depth` (row 1 touches the edge) to an end cell on the
//! second row, on a carrier that takes in the row along the edge: the player either joins the
//! two cells directly or takes both to the edge (on 7x7 for Black, `a6` to `c6` on `b6 a7 b7
//! c7`; `a3` to `c2` on `a1 b1 c1 d1 a2 b2`). On a board whose edges are rows of the player's
//! stones (Benzene's model) these are connections like any other, and H-search combines them
//! with its rules; the only connections a search reads from it, between the player's two edges,
//! mean the same on the real board. Benzene gets the same kind of connection from its ladder
//! patterns; these are derived afresh here.
//!
//! Pieces are written for Black and the top edge: the start at column 0 of row `depth - 1`
//! (0-based), the end and the carrier as column offsets and 0-based rows. The other edges
//! follow by symmetry, as for the [edge templates](super::templates).

pub mod generate;

use std::sync::OnceLock;

use crate::board::{BoardSize, Cell, CellSet, Color};
use crate::position::Position;

use super::edge_shapes::{allowed, placements, Placement, PlacementCache};
use super::templates::parse_table;

/// The committed table (regenerated and compared by `core/tests/vc_soundness.rs`).
const TABLE: &str = include_str!("../../../data/edge_pieces.txt");

/// One edge piece for the top edge.
///
/// Invariant: the start is on row `depth - 1` (0-based) at column 0, the end elsewhere and no
/// farther from the edge; the carrier holds neither end, no cell farther than the start, and at
/// least one cell of row 0.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Piece {
    /// The start's row, 1 being the row along the edge.
    pub depth: u8,
    /// The end: `(column offset from the start, 0-based row)`.
    pub end: (i8, u8),
    /// `(column offset, 0-based row)` of each carrier cell.
    pub cells: Vec<(i8, u8)>,
}

impl Piece {
    /// The line of the table for this piece: `depth > dc,row: dc,row ...`.
    #[must_use]
    pub fn line(&self) -> String {
        let cells: Vec<String> = self
            .cells
            .iter()
            .map(|(dc, r)| format!("{dc},{r}"))
            .collect();
        format!(
            "{} > {},{}: {}",
            self.depth,
            self.end.0,
            self.end.1,
            cells.join(" ")
        )
    }

    /// Reads one line of the table.
    ///
    /// # Errors
    /// A message naming the malformed part.
    pub fn parse(line: &str) -> Result<Piece, String> {
        let pair = |text: &str| -> Result<(i8, u8), String> {
            let (dc, r) = text
                .trim()
                .split_once(',')
                .ok_or_else(|| format!("bad cell '{text}' in '{line}'"))?;
            let dc: i8 = dc
                .parse()
                .map_err(|_| format!("bad offset '{text}' in '{line}'"))?;
            let r: u8 = r
                .parse()
                .map_err(|_| format!("bad row '{text}' in '{line}'"))?;
            Ok((dc, r))
        };
        let (head, rest) = line
            .split_once(':')
            .ok_or_else(|| format!("no ':' in '{line}'"))?;
        let (depth, end) = head
            .split_once('>')
            .ok_or_else(|| format!("no '>' in '{line}'"))?;
        let depth: u8 = depth
            .trim()
            .parse()
            .map_err(|_| format!("bad depth in '{line}'"))?;
        let end = pair(end)?;
        let cells = rest
            .split_whitespace()
            .map(pair)
            .collect::<Result<Vec<_>, _>>()?;
        let start = (0, depth.saturating_sub(1));
        if depth < 2
            || end.1 >= depth
            || end == start
            || cells
                .iter()
                .any(|&c| c == start || c == end || c.1 >= depth)
            || !cells.iter().any(|&(_, r)| r == 0)
        {
            return Err(format!("'{line}' is not a piece through the edge"));
        }
        Ok(Piece { depth, end, cells })
    }

    /// The piece reflected along its edge, moved so that its start is at column 0 again.
    #[must_use]
    pub fn mirrored(&self) -> Piece {
        let top = i16::from(self.depth) - 1;
        let flip = |(dc, r): (i8, u8)| ((-i16::from(dc) - i16::from(r) + top) as i8, r);
        let mut cells: Vec<(i8, u8)> = self.cells.iter().copied().map(flip).collect();
        cells.sort_unstable_by_key(|&(dc, r)| (r, dc));
        Piece {
            depth: self.depth,
            end: flip(self.end),
            cells,
        }
    }
}

/// The committed pieces, parsed once.
///
/// # Panics
/// If the committed table is malformed (a test reads it).
pub fn library() -> &'static [Piece] {
    static LIBRARY: OnceLock<Vec<Piece>> = OnceLock::new();
    LIBRARY.get_or_init(|| parse_table(TABLE, Piece::parse))
}

/// One piece placed on a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placed {
    pub start: Cell,
    pub end: Cell,
    /// The piece's empty cells.
    pub carrier: CellSet,
}

/// Every placement of a library piece for `color` on `position`: ends empty or the player's,
/// cells on the board and not the opponent's.
#[must_use]
pub fn matches(position: &Position, color: Color) -> Vec<Placed> {
    static CACHE: PlacementCache<2> = PlacementCache::new();
    let size = position.size();
    let all = CACHE.get(size, color, || placements_of(size, color, library()));
    placed(position, color, all)
}

/// Every placement of `pieces` (see [`matches`]).
#[must_use]
pub fn place(position: &Position, color: Color, pieces: &[Piece]) -> Vec<Placed> {
    let all = placements_of(position.size(), color, pieces);
    placed(position, color, &all)
}

/// Where `pieces` stand on an empty board of `size` for `color`.
fn placements_of(size: BoardSize, color: Color, pieces: &[Piece]) -> Vec<Placement<2>> {
    placements(size, color, pieces, |p| {
        ([(0, p.depth - 1), p.end], &p.cells, &[])
    })
}

/// The placements of `all` that `position` allows.
fn placed(position: &Position, color: Color, all: &[Placement<2>]) -> Vec<Placed> {
    let mut out = Vec::new();
    allowed(position, color, all, |place, carrier| {
        let [start, end] = place.ends;
        out.push(Placed {
            start,
            end,
            carrier,
        });
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_round_trip_and_bad_lines_are_refused() {
        let piece = Piece::parse("2 > 2,1: 0,0 1,0 2,0 1,1").unwrap();
        assert_eq!(piece.line(), "2 > 2,1: 0,0 1,0 2,0 1,1");
        assert_eq!(piece.mirrored().mirrored(), piece);
        for bad in [
            "2 2,1: 0,0",
            "2 > 2,1 0,0",
            "1 > 2,0: 0,0",
            "2 > 0,1: 0,0",
            "2 > 2,2: 0,0",
            "2 > 2,1: 1,1",
            "2 > 2,1: 0,1 1,1",
            "2 > x,1: 0,0",
        ] {
            assert!(Piece::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_second_row_piece_is_placed_on_every_edge() {
        // a6 to c6 for Black on 7x7 through the bottom edge, and its images on the other edges.
        let position = crate::formats::code::read("size=7")
            .unwrap()
            .position()
            .clone();
        let piece = Piece::parse("2 > 2,1: 0,0 1,0 2,0 1,1").unwrap();
        let black = place(&position, Color::Black, std::slice::from_ref(&piece));
        let white = place(&position, Color::White, std::slice::from_ref(&piece));
        // Five columns on each of two edges.
        assert_eq!(black.len(), 10);
        assert_eq!(white.len(), 10);
        let cell = |name: &str| -> Cell { name.parse().unwrap() };
        assert!(black
            .iter()
            .any(|p| (p.start, p.end) == (cell("c6"), cell("a6"))
                || (p.start, p.end) == (cell("a6"), cell("c6"))));
    }
}
