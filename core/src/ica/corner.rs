//! Domination in an uncoloured acute corner (Henderson 2010, Appendix A.3, Theorem 17).
//!
//! Take the nine cells of a 4-3-2 shape in an acute corner, laid along the mover's own edge:
//! for Black in the corner a1, the row `a1 b1 c1 d1` on Black's top edge, `a2 b2 c2` below it
//! and `a3 b3` below that (the ziggurat of a stone at b3, the stone's cell included). Number
//! them as the theorem does: 1 = b3, 2 = a3, 3 = c2, and 4 to 9 the six others. When all nine
//! are uncoloured, whatever the rest of the board holds:
//! - 3 dominates each of 4 to 9: after the mover plays 3 they are the mover's fill-in
//!   (capture-domination, the thesis' Figure 3.1);
//! - 1 dominates 2: if the mover plays first in the corner again, 1 and 3 together capture the
//!   whole corner, which holds 2; if the opponent plays first there, their only answer worth
//!   playing to 1 is 3 (Lemma 20: the others are dead-reversible), which leaves a star
//!   decomposition in which 1 is at least as good as 2 (neighbourhood domination).
//!
//! So the mover need consider only 1 and 3 of the nine. The shape for White is the image under
//! the reflection that swaps columns and rows (it swaps the players' edges); the other acute
//! corner is the half-turn image. Boards narrower or lower than five cells are left alone: the
//! shape would touch the far edges, where the thesis' local arguments were not made.
//!
//! Checked against brute force on random 5x5 and 6x6 positions with an uncoloured corner, either
//! colour to move, both corners (`core/tests/ica_soundness.rs`).

use crate::board::{BoardSize, Cell, CellSet, Color};
use crate::position::Position;

use super::inferior::{Domination, MoveWhy};

/// The smallest width and height the rule is used on.
pub const MIN_SIDE: u8 = 5;

/// Cells of the shape for Black in the corner a1, as (column, row) from a1: 1, 2, 3, then 4 to 9.
const SHAPE: [(u8, u8); 9] = [
    (1, 2), // 1: b3
    (0, 2), // 2: a3
    (2, 1), // 3: c2
    (0, 0),
    (1, 0),
    (2, 0),
    (3, 0),
    (0, 1),
    (1, 1),
];

/// The nine cells of one acute corner's shape for `mover`, in the theorem's order.
#[must_use]
pub fn shape(size: BoardSize, mover: Color, far_corner: bool) -> [Cell; 9] {
    let (w, h) = (size.width(), size.height());
    SHAPE.map(|(c, r)| {
        let (c, r) = match mover {
            Color::Black => (c, r),
            Color::White => (r, c),
        };
        if far_corner {
            Cell::new(w - 1 - c, h - 1 - r)
        } else {
            Cell::new(c, r)
        }
    })
}

/// The dominations Theorem 17 gives `mover` in `position`: in each acute corner whose nine
/// cells are all empty, 2 by 1 and 4 to 9 by 3.
#[must_use]
pub fn acute_corner_dominations(position: &Position, mover: Color) -> Vec<Domination> {
    let size = position.size();
    if size.width() < MIN_SIDE || size.height() < MIN_SIDE {
        return Vec::new();
    }
    let empty = position.empty_cells();
    let mut out = Vec::new();
    for far_corner in [false, true] {
        let cells = shape(size, mover, far_corner);
        let corner: CellSet = cells.iter().copied().collect();
        if !corner.is_subset(&empty) {
            continue;
        }
        let why = MoveWhy::AcuteCorner { corner };
        out.push(Domination {
            cell: cells[1],
            by: cells[0],
            why: why.clone(),
        });
        for &cell in &cells[3..] {
            out.push(Domination {
                cell,
                by: cells[2],
                why: why.clone(),
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::code;

    fn names(cells: &[Cell]) -> Vec<String> {
        cells.iter().map(Cell::to_string).collect()
    }

    fn claims(position: &Position, mover: Color) -> Vec<(String, String)> {
        let mut out: Vec<(String, String)> = acute_corner_dominations(position, mover)
            .iter()
            .map(|d| (d.cell.to_string(), d.by.to_string()))
            .collect();
        out.sort();
        out
    }

    fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
        let mut out: Vec<(String, String)> = list
            .iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect();
        out.sort();
        out
    }

    #[test]
    fn the_shapes_lie_along_the_movers_edge_in_both_acute_corners() {
        let size = BoardSize::square(7).unwrap();
        let black_near = shape(size, Color::Black, false);
        assert_eq!(
            names(&black_near),
            ["b3", "a3", "c2", "a1", "b1", "c1", "d1", "a2", "b2"]
        );
        let black_far = shape(size, Color::Black, true);
        assert_eq!(
            names(&black_far),
            ["f5", "g5", "e6", "g7", "f7", "e7", "d7", "g6", "f6"]
        );
        let white_near = shape(size, Color::White, false);
        assert_eq!(
            names(&white_near),
            ["c2", "c1", "b3", "a1", "a2", "a3", "a4", "b1", "b2"]
        );
        // A rectangle: the far corner is the last column's last row.
        let wide = BoardSize::new(8, 5).unwrap();
        assert_eq!(shape(wide, Color::White, true)[0].to_string(), "f4");
    }

    #[test]
    fn an_empty_corner_keeps_two_moves_of_nine() {
        // 7x7 after c3 d4 b6, White to move: the corner a1 is empty in White's shape (c3 lies
        // outside it), and so is Black's corner g7; Black's shape at a1 holds nothing either.
        let game = code::read("size=7&moves=c3,d4,b6").unwrap();
        let position = game.position();
        assert_eq!(
            claims(position, Color::White),
            pairs(&[
                ("c1", "c2"),
                ("a1", "b3"),
                ("a2", "b3"),
                ("a3", "b3"),
                ("a4", "b3"),
                ("b1", "b3"),
                ("b2", "b3"),
                ("e7", "e6"),
                ("g7", "f5"),
                ("g6", "f5"),
                ("g5", "f5"),
                ("g4", "f5"),
                ("f7", "f5"),
                ("f6", "f5"),
            ])
        );
    }

    #[test]
    fn a_stone_in_the_shape_or_a_small_board_turns_the_rule_off() {
        let game = code::read("size=7&b=d1").unwrap();
        let near: Vec<String> = acute_corner_dominations(game.position(), Color::Black)
            .iter()
            .map(|d| d.cell.to_string())
            .collect();
        assert!(!near.contains(&"a3".to_string()), "{near:?}");
        assert!(near.contains(&"g5".to_string()), "{near:?}");
        // d1 is outside White's shape at a1: White keeps its claims there.
        assert!(acute_corner_dominations(game.position(), Color::White)
            .iter()
            .any(|d| d.cell.to_string() == "c1"));
        let small = code::read("size=4").unwrap();
        assert!(acute_corner_dominations(small.position(), Color::Black).is_empty());
    }
}
