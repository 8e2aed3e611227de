//! Captured-reversible moves (Henderson 2010, §3.3).
//!
//! A cell c is reversible for the mover P, with reverser r, when after the opponent plays r the
//! cell c belongs to a P captured set F (a pair {c, d} found by probing, carrier {d}, or a set
//! of up to four cells found by the local captured patterns). Then P at c answered
//! by the opponent at r is the same as the opponent at r alone: the opponent can always take the
//! move back. Such moves can be pruned together with dead and vulnerable cells (Theorem 1), but
//! only as an ordered family in which no earlier reverser lies in a later carrier (the
//! unordered version is an open question); [`accept_ordered`] keeps that order.

use crate::board::{Cell, CellSet, Color};
use crate::position::Position;

use super::capture::{is_captured_pair_probed, PairProbes};
use super::pattern::{FrameCache, Library, Stones};

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

/// Candidate reversible moves for `mover` found by the local captured patterns alone (what a
/// search can afford at every node): for each uncoloured cell outside `skip` and each empty
/// neighbour `r`, the cell's frames read with an opponent stone on `r`
/// ([`FrameCache::plus_one`]); a `mover` captured pattern holding the cell there, on empty
/// cells, makes `r` its reverser and the rest of the pattern's set its carrier.
#[must_use]
pub fn reversible_by_patterns(position: &Position, mover: Color, skip: CellSet) -> Vec<Reversible> {
    let library = Library::global();
    let empty = position.empty_cells();
    let mut cache = FrameCache::new(Stones::of(position));
    let mut out = Vec::new();
    for cell in (empty - skip).iter() {
        let around = (CellSet::around(cell) & empty) - CellSet::single(cell);
        for reverser in around.iter() {
            let after = cache.plus_one(cell, reverser, mover.opponent());
            let Some(hit) = library.captured_in(&after, mover) else {
                continue;
            };
            if hit.set.contains(reverser) || !hit.set.is_subset(&empty) {
                continue;
            }
            out.push(Reversible {
                cell,
                reverser,
                carrier: hit.set - CellSet::single(cell),
            });
            break;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::code;

    /// Black's g1 in the obtuse corner: White's g2 makes {g1 f1} Black captured (a local
    /// pattern), so the patterns alone find the reversal, as the probes do.
    #[test]
    fn patterns_find_a_corner_reversal() {
        let game = code::read("size=7&b=a1,b1,c1,d1,e1,a2,b2,a3,b3,f3,a4,c5&w=c2,c3,b4,d4&turn=b")
            .unwrap();
        let position = game.position();
        let found = reversible_by_patterns(position, Color::Black, CellSet::new());
        let g1 = found
            .iter()
            .find(|r| r.cell.to_string() == "g1")
            .expect("g1 is reversible");
        assert_eq!(g1.reverser.to_string(), "g2");
        assert!(g1.carrier.contains("f1".parse().unwrap()));
        // Every candidate's set is empty and leaves its reverser out.
        for r in &found {
            assert!(
                !r.carrier.contains(r.reverser) && r.carrier.is_subset(&position.empty_cells())
            );
        }
    }
}
