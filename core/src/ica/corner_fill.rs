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
//! **The general form.** Benzene matches its patterns with an edge read as a line of stones of
//! its colour, so the same fill applies wherever X holds the five points beside `a1` to `a5`
//! (the left edge in the corner) and Y the three above `b1 c1 d1` (the top edge), edges or
//! stones, in any of the grid's twelve orientations (`a1`'s sixth neighbour, above it, may hold
//! anything). For example on 13x13 with White's k11 and the right edge, and Black's l13 and the
//! cells j13 k13 filled for Black: White gets m10 m11 m12 and Black k12 l12. The literal-corner
//! form stays for boards whose corners leave no room for the lines (height or width 4).
//!
//! *Why.* Write `H` for the position and `H' = H + X(a1 a2 a3) + Y(b1 c1)`.
//! - If X wins `H`, X wins `H'`: in `H + X(a1 a2 a3)` the pair `b1 c1` is Y captured (an X stone
//!   on either is dead once Y answers on the other: with X on a2 and c2 and Y's line above,
//!   an X b1 touches no empty cell or X stone that X's a2 does not, an X c1 none that X's c2
//!   does not), so that position is `H'`, and it has more X stones than `H`.
//! - If Y wins `H`, Y wins `H'`: this is the pattern's claim, made by Benzene's authors, that
//!   Y gains nothing by moving in the X half first. X's answers: Y at a1 is dead once X takes
//!   a2; Y at a2 is dead once X takes a3; Y at a3 is met by X at b1, after which Y can join a3
//!   to its line through neither a2-a1 nor b2-c1 (X answers the one Y starts), and X's stone
//!   reaches X's line along c1-b1-a1 or a2. We do not have a proof of every line of this part:
//!   it is checked by brute force instead (`core/tests/ica_soundness.rs`,
//!   `acute_corner_fills_hold`: random positions with either form, both colours, every
//!   orientation, either side to move, and the same with a carrier cell taken, where the fill
//!   changes the winner often enough that the check would see a wrong fill).
//!
//! The fill is stable for Y: in any continuation that holds the X half and leaves `b1 c1`
//! empty, `b1 c1` is Y captured. For X it holds in any continuation that leaves all eight cells
//! empty, so a proof set of an X win must keep the carrier and the Y half
//! (`solver::proof_set`, part 2). Claims about moves in the filled position hold in the
//! position as given except, perhaps, for the carrier's cells: the analysis fills it only where
//! it fills permanently inferior cells of both players (the search settings).

use crate::board::{BoardSize, Cell, CellSet, Color};
use crate::position::Position;

/// The smallest width and height the literal-corner form is used on (the shape needs four rows
/// along X's edge and four columns along Y's; it was checked by brute force on boards from 4x4
/// up). The general form needs no such bound: its lines must exist.
pub const MIN_SIDE: u8 = 4;

/// The shape for White in the corner a1, as (column, row) from a1.
const STONE: (i8, i8) = (2, 1);
const OWN: [(i8, i8); 3] = [(0, 0), (0, 1), (0, 2)];
const OTHER: [(i8, i8); 2] = [(1, 0), (2, 0)];
const CARRIER: [(i8, i8); 3] = [(0, 3), (1, 1), (1, 2)];
/// The general form's lines: X's five cells along `OWN` and the carrier's `a4` (the left
/// edge beside `a1` to `a5`), and the opponent's three above `b1 c1 d1` (the top edge). `a1`'s
/// sixth neighbour, above it, may hold anything.
const X_LINE: [(i8, i8); 5] = [(-1, 0), (-1, 1), (-1, 2), (-1, 3), (-1, 4)];
const Y_LINE: [(i8, i8); 3] = [(1, -1), (2, -1), (3, -1)];

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
    /// The cells X gets, along X's line.
    pub own: CellSet,
    /// The cells the opponent gets, along the opponent's line.
    pub other: CellSet,
    /// The cells that stay empty (and must be empty for the claim).
    pub carrier: CellSet,
    /// The stones standing in for an edge in the lines (none in a board's own corner).
    pub line_stones: CellSet,
}

impl CornerFill {
    /// The shape of `color`'s pattern in one acute corner of a board of `size` (not checked
    /// against a position). `size` must be at least [`MIN_SIDE`] both ways.
    #[must_use]
    pub fn shape(size: BoardSize, color: Color, far_corner: bool) -> CornerFill {
        let place = |(c, r): (i8, i8)| {
            let (c, r) = (c as u8, r as u8);
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
        let set = |cells: &[(i8, i8)]| cells.iter().map(|&p| place(p)).collect::<CellSet>();
        CornerFill {
            color,
            stone: place(STONE),
            own: set(&OWN),
            other: set(&OTHER),
            carrier: set(&CARRIER),
            line_stones: CellSet::new(),
        }
    }

    /// All eight cells that must be empty.
    #[must_use]
    pub fn cells(&self) -> CellSet {
        self.own | self.other | self.carrier
    }
}

/// The twelve symmetries of the hexagonal grid in (column, row) coordinates, as functions of a
/// point: the six turns (a sixth turn maps `(q, r)` to `(-r, q + r)`, which takes the six
/// neighbour offsets round in order) and each after the reflection `(q, r) -> (r, q)`.
const fn symmetry(index: usize, p: (i8, i8)) -> (i8, i8) {
    let (mut q, mut r) = if index >= 6 { (p.1, p.0) } else { p };
    let mut turns = index % 6;
    while turns > 0 {
        (q, r) = (-r, q + r);
        turns -= 1;
    }
    (q, r)
}

/// Where each part of the general form lies in [`POINTS`], in the order they are checked.
const CARRIER_AT: std::ops::Range<usize> = 0..3;
const OTHER_AT: std::ops::Range<usize> = 3..5;
const OWN_AT: std::ops::Range<usize> = 5..8;
const X_LINE_AT: std::ops::Range<usize> = 8..13;
const Y_LINE_AT: std::ops::Range<usize> = 13..16;

/// The general form's points other than the stone, in the order they are checked: the
/// carrier, the opponent's half, X's half, X's line, the opponent's line.
const POINTS: [(i8, i8); 16] = {
    let mut out = [(0, 0); 16];
    let mut i = 0;
    while i < 16 {
        out[i] = if i < OTHER_AT.start {
            CARRIER[i]
        } else if i < OWN_AT.start {
            OTHER[i - OTHER_AT.start]
        } else if i < X_LINE_AT.start {
            OWN[i - OWN_AT.start]
        } else if i < Y_LINE_AT.start {
            X_LINE[i - X_LINE_AT.start]
        } else {
            Y_LINE[i - Y_LINE_AT.start]
        };
        i += 1;
    }
    out
};

/// [`POINTS`] in each orientation, relative to the stone.
const ORIENTED: [[(i8, i8); 16]; 12] = {
    let mut out = [[(0, 0); 16]; 12];
    let mut index = 0;
    while index < 12 {
        let stone = symmetry(index, STONE);
        let mut i = 0;
        while i < 16 {
            let (q, r) = symmetry(index, POINTS[i]);
            out[index][i] = (q - stone.0, r - stone.1);
            i += 1;
        }
        index += 1;
    }
    out
};

/// Where the general form's points fall in orientation `index` (0 to 11) with its stone on the
/// grid point `stone` (column, row; off-board points included), for tests that build positions
/// around it: the stone, X's half, the opponent's half, the carrier, X's line, the opponent's
/// line.
#[must_use]
pub fn layout(index: usize, stone: (i32, i32)) -> [Vec<(i32, i32)>; 6] {
    let part = |at: std::ops::Range<usize>| -> Vec<(i32, i32)> {
        ORIENTED[index][at]
            .iter()
            .map(|&(q, r)| (stone.0 + i32::from(q), stone.1 + i32::from(r)))
            .collect()
    };
    [
        vec![stone],
        part(OWN_AT),
        part(OTHER_AT),
        part(CARRIER_AT),
        part(X_LINE_AT),
        part(Y_LINE_AT),
    ]
}

/// What a point of a line holds: an off-board point is its edge's colour; an empty cell, and a
/// point off two edges at once (beyond an obtuse corner), hold nothing a line may use.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Holds {
    Stone(Color),
    Edge(Color),
    Nothing,
}

fn holds(position: &Position, (q, r): (i32, i32)) -> Holds {
    let size = position.size();
    let (w, h) = (i32::from(size.width()), i32::from(size.height()));
    let off_columns = q < 0 || q >= w;
    let off_rows = r < 0 || r >= h;
    match (off_columns, off_rows) {
        (true, true) => Holds::Nothing,
        (true, false) => Holds::Edge(Color::White),
        (false, true) => Holds::Edge(Color::Black),
        (false, false) => {
            let cell = Cell::new(q as u8, r as u8);
            position.stone_at(cell).map_or(Holds::Nothing, Holds::Stone)
        }
    }
}

/// The acute-corner mutual fill-ins of `position` whose eight cells lie in `region`, in a fixed
/// order; none on a finished game. The general form is the pattern in any of the twelve
/// orientations, for either colour, wherever its two lines are the right colour (edges or
/// stones, Benzene's reading of its pattern). The literal-corner form is tried on every board
/// of at least [`MIN_SIDE`] both ways: where the general form also matches it is the same fill
/// (kept once), and on boards 4 wide or high it is the only form that fits, since a line would
/// run past an obtuse corner. Two found may overlap: apply one and check the next again.
#[must_use]
pub fn corner_fills(position: &Position, region: CellSet) -> Vec<CornerFill> {
    if position.connector().is_some() {
        return Vec::new();
    }
    let usable = position.empty_cells() & region;
    let mut out: Vec<CornerFill> = Vec::new();
    let size = position.size();
    if size.width() >= MIN_SIDE && size.height() >= MIN_SIDE {
        for color in Color::ALL {
            for far_corner in [false, true] {
                let fill = CornerFill::shape(size, color, far_corner);
                if position.stones(color).contains(fill.stone) && fill.cells().is_subset(&usable) {
                    out.push(fill);
                }
            }
        }
    }
    for color in Color::ALL {
        // White's pattern as drawn; Black's is its colour-swapped image, which the twelve
        // symmetries (the reflection among them) place as well.
        for stone in position.stones(color) {
            for index in 0..12 {
                if let Some(fill) = general_at(position, usable, color, stone, index) {
                    if !out
                        .iter()
                        .any(|f| f.own == fill.own && f.other == fill.other)
                    {
                        out.push(fill);
                    }
                }
            }
        }
    }
    out
}

/// The general form for `color` with its stone on `stone`, in orientation `index`, if it
/// matches.
fn general_at(
    position: &Position,
    usable: CellSet,
    color: Color,
    stone: Cell,
    index: usize,
) -> Option<CornerFill> {
    let (col, row) = (i32::from(stone.col()), i32::from(stone.row()));
    let at = |i: usize| {
        let (q, r) = ORIENTED[index][i];
        (col + i32::from(q), row + i32::from(r))
    };
    // The eight empty cells first (carrier, then the halves): a bitset test each, and most
    // placements fail there.
    let mut empty = [CellSet::new(); 3];
    for i in CARRIER_AT.start..OWN_AT.end {
        let (q, r) = at(i);
        let cell = Cell::try_new(u8::try_from(q).ok()?, u8::try_from(r).ok()?)?;
        if !usable.contains(cell) {
            return None;
        }
        let part = usize::from(i >= OTHER_AT.start) + usize::from(i >= OWN_AT.start);
        empty[part].insert(cell);
    }
    let [carrier, other, own] = empty;
    let mut line_stones = CellSet::new();
    for i in X_LINE_AT.start..Y_LINE_AT.end {
        let owner = if X_LINE_AT.contains(&i) {
            color
        } else {
            color.opponent()
        };
        match holds(position, at(i)) {
            Holds::Edge(c) if c == owner => {}
            Holds::Stone(c) if c == owner => {
                let (q, r) = at(i);
                line_stones.insert(Cell::new(q as u8, r as u8));
            }
            _ => return None,
        }
    }
    Some(CornerFill {
        color,
        stone,
        own,
        other,
        carrier,
        line_stones,
    })
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

    #[test]
    fn the_general_form_reads_stones_as_an_edge() {
        // 13x13: White's k11 and the right edge, Black's j13 k13 l13 under the cells: White gets
        // m10 m11 m12 and Black k12 l12, with l10 l11 m9 left empty.
        let game = code::read("size=13&b=j13,k13,l13&w=k11").unwrap();
        let fills = corner_fills(game.position(), game.position().cells());
        let fill = fills
            .iter()
            .find(|f| f.stone.to_string() == "k11")
            .expect("the general form at k11");
        assert_eq!(fill.color, Color::White);
        assert_eq!(names(fill.own), "m10 m11 m12");
        assert_eq!(names(fill.other), "k12 l12");
        assert_eq!(names(fill.carrier), "m9 l10 l11");
        assert_eq!(names(fill.line_stones), "j13 k13 l13");
        // Without the Black stone under l12 the opponent's line is broken.
        let broken = code::read("size=13&b=j13,k13&w=k11").unwrap();
        assert!(corner_fills(broken.position(), broken.position().cells())
            .iter()
            .all(|f| f.stone.to_string() != "k11"));
        // The analysis fills it with the search settings only.
        let searched = crate::ica::analyze_with(game.position(), &crate::ica::IcaParams::SEARCH);
        let corner: Vec<String> = searched
            .fillin
            .iter()
            .filter(|f| matches!(f.why, crate::ica::fillin::FillWhy::AcuteCorner(_)))
            .map(|f| f.cell.to_string())
            .collect();
        assert_eq!(corner, ["m10", "m11", "m12", "k12", "l12"]);
        let thorough = crate::ica::analyze(game.position());
        assert!(thorough
            .fillin
            .iter()
            .all(|f| !matches!(f.why, crate::ica::fillin::FillWhy::AcuteCorner(_))));
    }
}
