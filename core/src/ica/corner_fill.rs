//! Mutual fill-in in an acute corner: Benzene's `acute-pinf` pattern (its pattern file
//! `misc-patterns.txt`, a "White fill-in" pattern whose marked cells go to Black after).
//!
//! Take X's stone at c2 in the acute corner a1 when X is White (the player whose edge runs down
//! the a column). When the eight cells `a1 a2 a3 a4 b1 b2 b3 c1` are all empty, whatever the
//! rest of the board holds, the position has the value of the one with X on `a1 a2 a3` (the
//! *X half*) and the opponent Y on `b1 c1` (the *Y half*), `a4 b2 b3` (the *carrier*) left
//! empty, for either side to move. After the fill X's edge holds `a3`, which joins X's stone by
//! the bridge `b2 b3`, and Y's edge stones `b1 c1` touch nothing but `b2`.
//! For Black the shape is the image under the reflection that swaps columns and rows (Black's
//! stone at b3, its half `a1 b1 c1`, White's `a2 a3`, the carrier `d1 b2 c2`); the far acute
//! corner is the half-turn image.
//!
//! *Why.* Write `H` for the position and `H' = H + X(a1 a2 a3) + Y(b1 c1)`.
//! - If X wins `H`, X wins `H'`: in `H + X(a1 a2 a3)` the pair `b1 c1` is Y captured (an X stone
//!   on either is dead once Y answers on the other: with X on a2 and c2, an X b1 touches
//!   nothing X's a2 does not, an X c1 nothing X's c2 does not), so that position is `H'`, and it
//!   has more X stones than `H`.
//! - If Y wins `H`, Y wins `H'`: this is the pattern's claim, made by Benzene's authors, that
//!   Y gains nothing by moving in the X half first. X's answers: Y at a1 is dead once X takes
//!   a2; Y at a2 is dead once X takes a3; Y at a3 is met by X at b1, after which Y can join a3
//!   to its edge through neither a2-a1 nor b2-c1 (X answers the one Y starts), and X's stone
//!   reaches X's edge along c1-b1-a1 or a2. We do not have a proof of every line of this part:
//!   it is checked by brute force instead (`core/tests/ica_soundness.rs`: random positions on
//!   4x4 to 7x4 boards, both colours' shapes, both corners, either side to move, and the same
//!   with `a4` not empty, where the claim fails often, so the check can see a wrong claim).
//!
//! The fill is stable for Y: in any continuation that holds the X half and leaves `b1 c1`
//! empty, `b1 c1` is Y captured. For X it holds in any continuation that leaves all eight cells
//! empty, so a proof set of an X win must keep the carrier and the Y half
//! (`solver::proof_set`, part 2). Claims about moves in the filled position hold in the
//! position as given except, perhaps, for the carrier's cells: the analysis fills it only where
//! it fills permanently inferior cells of both players (the search settings).

use crate::board::{BoardSize, Cell, CellSet, Color};
use crate::position::Position;

/// The smallest width and height the pattern is used on (the shape needs four rows along X's
/// edge and four columns along Y's; it was checked by brute force on boards from 4x4 up).
pub const MIN_SIDE: u8 = 4;

/// The shape for White in the corner a1, as (column, row) from a1.
const STONE: (u8, u8) = (2, 1);
const OWN: [(u8, u8); 3] = [(0, 0), (0, 1), (0, 2)];
const OTHER: [(u8, u8); 2] = [(1, 0), (2, 0)];
const CARRIER: [(u8, u8); 3] = [(0, 3), (1, 1), (1, 2)];

/// One acute-corner mutual fill-in.
///
/// Invariant (from [`corner_fills`]): `stone` is X's, and `own`, `other` and `carrier` are
/// disjoint sets of three, two and three empty cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CornerFill {
    /// X: the player with the stone, who gets `own`.
    pub color: Color,
    /// X's stone the pattern rests on.
    pub stone: Cell,
    /// The cells X gets, along X's edge.
    pub own: CellSet,
    /// The cells the opponent gets, along the opponent's edge.
    pub other: CellSet,
    /// The cells that stay empty (and must be empty for the claim).
    pub carrier: CellSet,
}

impl CornerFill {
    /// The shape of `color`'s pattern in one acute corner of a board of `size` (not checked
    /// against a position). `size` must be at least [`MIN_SIDE`] both ways.
    #[must_use]
    pub fn shape(size: BoardSize, color: Color, far_corner: bool) -> CornerFill {
        let place = |(c, r): (u8, u8)| {
            let (c, r) = match color {
                Color::White => (c, r),
                Color::Black => (r, c),
            };
            if far_corner {
                Cell::new(size.width() - 1 - c, size.height() - 1 - r)
            } else {
                Cell::new(c, r)
            }
        };
        let set = |cells: &[(u8, u8)]| cells.iter().map(|&p| place(p)).collect::<CellSet>();
        CornerFill {
            color,
            stone: place(STONE),
            own: set(&OWN),
            other: set(&OTHER),
            carrier: set(&CARRIER),
        }
    }

    /// All eight cells that must be empty.
    #[must_use]
    pub fn cells(&self) -> CellSet {
        self.own | self.other | self.carrier
    }
}

/// The acute-corner mutual fill-ins of `position` whose eight cells lie in `region`, for each
/// colour and corner, in a fixed order; none on a finished game or a board smaller than
/// [`MIN_SIDE`]. Two found may overlap only on a board too small for both corners' shapes to be
/// apart: apply one and ask again.
#[must_use]
pub fn corner_fills(position: &Position, region: CellSet) -> Vec<CornerFill> {
    let size = position.size();
    if size.width() < MIN_SIDE || size.height() < MIN_SIDE || position.connector().is_some() {
        return Vec::new();
    }
    let usable = position.empty_cells() & region;
    let mut out = Vec::new();
    for color in Color::ALL {
        for far_corner in [false, true] {
            let fill = CornerFill::shape(size, color, far_corner);
            if position.stones(color).contains(fill.stone) && fill.cells().is_subset(&usable) {
                out.push(fill);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::code;

    fn names(set: CellSet) -> String {
        set.iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn the_shapes_in_both_corners_for_both_colours() {
        let size = BoardSize::square(7).unwrap();
        let white = CornerFill::shape(size, Color::White, false);
        assert_eq!(white.stone.to_string(), "c2");
        assert_eq!(names(white.own), "a1 a2 a3");
        assert_eq!(names(white.other), "b1 c1");
        assert_eq!(names(white.carrier), "b2 b3 a4");
        let black = CornerFill::shape(size, Color::Black, false);
        assert_eq!(black.stone.to_string(), "b3");
        assert_eq!(names(black.own), "a1 b1 c1");
        assert_eq!(names(black.other), "a2 a3");
        assert_eq!(names(black.carrier), "d1 b2 c2");
        let far = CornerFill::shape(size, Color::White, true);
        assert_eq!(far.stone.to_string(), "e6");
        assert_eq!(names(far.own), "g5 g6 g7");
        assert_eq!(names(far.other), "e7 f7");
        let wide = BoardSize::new(8, 5).unwrap();
        assert_eq!(
            CornerFill::shape(wide, Color::Black, true)
                .stone
                .to_string(),
            "g3"
        );
    }

    #[test]
    fn found_only_with_the_stone_and_eight_empty_cells() {
        let found = |text: &str| {
            let game = code::read(text).unwrap();
            corner_fills(game.position(), game.position().cells())
                .iter()
                .map(|f| (f.color, f.stone.to_string()))
                .collect::<Vec<_>>()
        };
        assert_eq!(found("size=7&w=c2"), [(Color::White, "c2".to_string())]);
        assert_eq!(
            found("size=7&b=b3,f5&w=a7"),
            [
                (Color::Black, "b3".to_string()),
                (Color::Black, "f5".to_string())
            ]
        );
        // A stone on the carrier, or the wrong colour on the stone's cell: nothing.
        assert!(found("size=7&w=c2&b=a4").is_empty());
        assert!(found("size=7&b=c2").is_empty());
        // Outside the region: nothing.
        let game = code::read("size=7&w=c2").unwrap();
        let region = game.position().cells() - CellSet::single(Cell::new(0, 3));
        assert!(corner_fills(game.position(), region).is_empty());
        // Too small a board.
        assert!(found("size=3x4&w=c2").is_empty());
    }
}
