//! Captured-reversible moves (Henderson 2010, §3.3).
//!
//! A cell c is reversible for the mover P, with reverser r, when after the opponent plays r the
//! cell c belongs to a P captured set F (here a pair {c, d}, carrier {d}). Then P at c answered
//! by the opponent at r is the same as the opponent at r alone: the opponent can always take the
//! move back. Such moves can be pruned together with dead and vulnerable cells (Theorem 1), but
//! only as an ordered family in which no earlier reverser lies in a later carrier (the
//! unordered version is an open question); [`accept_ordered`] keeps that order.

use crate::board::{Cell, CellSet, Color};
use crate::position::Position;

use super::capture::{is_captured_pair_probed, PairProbes};

/// A reversible move with its reverser and carrier.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reversible {
    pub cell: Cell,
    pub reverser: Cell,
    /// The rest of the captured set the reverser creates (excludes `cell` and `reverser`).
    pub carrier: CellSet,
}

/// Candidate reversible moves for `mover` among the uncoloured cells outside `skip`: reversers
/// and partners are looked for next to the cell.
#[must_use]
pub fn reversible(position: &Position, mover: Color, skip: CellSet) -> Vec<Reversible> {
    reversible_probed(position, mover, skip, &mut PairProbes::new(position, mover))
}

/// [`reversible`], with captured pairs checked through `probes` (of `position`, answered by
/// `mover`).
#[must_use]
pub fn reversible_probed(
    position: &Position,
    mover: Color,
    skip: CellSet,
    probes: &mut PairProbes,
) -> Vec<Reversible> {
    let empty = position.empty_cells();
    let mut out = Vec::new();
    for cell in (empty - skip).iter() {
        let around = (CellSet::around(cell) & empty) - CellSet::single(cell);
        'reversers: for reverser in around.iter() {
            let mut after = position.clone();
            after
                .set_stone(reverser, Some(mover.opponent()))
                .expect("reverser is a board cell");
            for partner in (around - CellSet::single(reverser)).iter() {
                if is_captured_pair_probed(&after, mover, cell, partner, Some(&mut *probes)) {
                    out.push(Reversible {
                        cell,
                        reverser,
                        carrier: CellSet::single(partner),
                    });
                    break 'reversers;
                }
            }
        }
    }
    out
}

/// Keeps, in order, the candidates whose carrier holds no reverser kept before them.
#[must_use]
pub fn accept_ordered(candidates: Vec<Reversible>) -> Vec<Reversible> {
    let mut reversers = CellSet::new();
    let mut kept = Vec::new();
    for candidate in candidates {
        if !candidate.carrier.intersects(&reversers) {
            reversers.insert(candidate.reverser);
            kept.push(candidate);
        }
    }
    kept
}
