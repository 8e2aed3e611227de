//! Captured sets (Henderson 2010, §2.9.1): a set C of uncoloured cells is X captured when X has
//! a second-player strategy inside C after which every opponent stone in C is dead. Filling C
//! with X then leaves the position's value unchanged, for either side to move.
//!
//! This module finds captured **pairs** directly on the board: {a, b} is X captured when an
//! opponent stone on either cell is dead once X answers on the other. Deadness is checked with
//! [`super::dead`], so every pair found here is captured whatever the pattern around it.

use crate::board::{ByColor, Cell, CellSet, Color};
use crate::position::Position;

use std::collections::HashMap;

use super::dead::{is_dead, is_dead_after, probe, DeadProbe};

/// Whether {a, b} (two uncoloured cells) is `color` captured in `position`.
#[must_use]
pub fn is_captured_pair(position: &Position, color: Color, a: Cell, b: Cell) -> bool {
    is_captured_pair_probed(position, color, a, b, None)
}

/// Dead-cell probes (see [`probe`]) of a base position answered by one colour: for each
/// intruded cell and reply, the probe of the intruded cell once the reply is played. Positions
/// that are the base with more stones (a move and the fill-in it brings, or an opponent's
/// reverser) then check their captured pairs with [`is_dead_after`].
#[derive(Clone, Debug)]
pub struct PairProbes {
    base: Position,
    color: Color,
    probes: HashMap<(Cell, Cell), DeadProbe>,
}

impl PairProbes {
    /// Probes of `base`'s pairs answered by `color`, made when first asked for.
    #[must_use]
    pub fn new(base: &Position, color: Color) -> PairProbes {
        PairProbes {
            base: base.clone(),
            color,
            probes: HashMap::new(),
        }
    }

    /// The stones `position` adds to the base, when it is the base with more stones.
    fn extra_stones(&self, position: &Position, color: Color) -> Option<ByColor<CellSet>> {
        if color != self.color {
            return None;
        }
        let mut added = ByColor::default();
        for c in Color::ALL {
            let (before, after) = (self.base.stones(c), position.stones(c));
            if !before.is_subset(&after) {
                return None;
            }
            added[c] = after - before;
        }
        Some(added)
    }
}

/// [`is_captured_pair`], with `probes` used when `position` is their base with more stones.
#[must_use]
pub fn is_captured_pair_probed(
    position: &Position,
    color: Color,
    a: Cell,
    b: Cell,
    mut probes: Option<&mut PairProbes>,
) -> bool {
    let extra = probes
        .as_deref()
        .and_then(|p| p.extra_stones(position, color));
    [(a, b), (b, a)].into_iter().all(|(intruded, reply)| {
        let mut answered = position.clone();
        answered
            .set_stone(reply, Some(color))
            .expect("reply is a board cell");
        match (extra, probes.as_deref_mut()) {
            (Some(added), Some(p)) => {
                let base = &p.base;
                let found = p.probes.entry((intruded, reply)).or_insert_with(|| {
                    let mut answered_base = base.clone();
                    answered_base
                        .set_stone(reply, Some(color))
                        .expect("reply is a board cell");
                    probe(&answered_base, intruded)
                });
                is_dead_after(found, &answered, intruded, added)
            }
            _ => is_dead(&answered, intruded),
        }
    })
}

/// The `color` captured pairs among uncoloured cells of `region` (each cell paired with its
/// neighbours), as disjoint pairs in board order.
#[must_use]
pub fn captured_pairs(position: &Position, color: Color, region: CellSet) -> Vec<(Cell, Cell)> {
    captured_pairs_probed(position, color, region, None)
}

/// [`captured_pairs`], with `probes` used when `position` is their base with more stones.
#[must_use]
pub fn captured_pairs_probed(
    position: &Position,
    color: Color,
    region: CellSet,
    mut probes: Option<&mut PairProbes>,
) -> Vec<(Cell, Cell)> {
    let empty = position.empty_cells();
    let mut used = CellSet::new();
    let mut out = Vec::new();
    for a in (region & empty).iter() {
        if used.contains(a) {
            continue;
        }
        let near = (CellSet::around(a) & empty) - used - CellSet::single(a);
        for b in near.iter().filter(|&b| b > a) {
            if is_captured_pair_probed(position, color, a, b, probes.as_deref_mut()) {
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
