//! Captured sets (Henderson 2010, §2.9.1): a set C of uncoloured cells is X captured when X has
//! a second-player strategy inside C after which every opponent stone in C is dead. Filling C
//! with X then leaves the position's value unchanged, for either side to move.
//!
//! This module finds captured **pairs** directly on the board: {a, b} is X captured when an
//! opponent stone on either cell is dead once X answers on the other. Deadness is checked with
//! [`super::dead`], so every pair found here is captured whatever the pattern around it.

use crate::board::{Cell, CellSet, Color};
use crate::position::Position;

use super::dead::is_dead;

/// Whether {a, b} (two uncoloured cells) is `color` captured in `position`.
#[must_use]
pub fn is_captured_pair(position: &Position, color: Color, a: Cell, b: Cell) -> bool {
    [(a, b), (b, a)].into_iter().all(|(intruded, reply)| {
        let mut answered = position.clone();
        answered
            .set_stone(reply, Some(color))
            .expect("reply is a board cell");
        is_dead(&answered, intruded)
    })
}

/// The `color` captured pairs among uncoloured cells of `region` (each cell paired with its
/// neighbours), as disjoint pairs in board order.
#[must_use]
pub fn captured_pairs(position: &Position, color: Color, region: CellSet) -> Vec<(Cell, Cell)> {
    let empty = position.empty_cells();
    let mut used = CellSet::new();
    let mut out = Vec::new();
    for a in (region & empty).iter() {
        if used.contains(a) {
            continue;
        }
        let near = (CellSet::single(a).grow() & empty) - used - CellSet::single(a);
        for b in near.iter().filter(|&b| b > a) {
            if is_captured_pair(position, color, a, b) {
                used.insert(a);
                used.insert(b);
                out.push((a, b));
                break;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::code;

    #[test]
    fn edge_bridge_carrier_is_captured() {
        // Black b2 on 3x3 has a bridge to the top through a1... no: through b1 and c1.
        let game = code::read("size=3&b=b2&turn=w").unwrap();
        let p = game.position();
        let b1 = "b1".parse().unwrap();
        let c1 = "c1".parse().unwrap();
        assert!(is_captured_pair(p, Color::Black, b1, c1));
        assert!(!is_captured_pair(p, Color::White, b1, c1));
    }
}
