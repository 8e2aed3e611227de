//! Mutual fill-in (Young and Hayward, "A reverse Hex solver", Theorem 3.8, with sets for the
//! key cells): two empty cells `a` and `b` and disjoint sets `A ∋ a`, `B ∋ b` of empty cells
//! such that
//! - `A` is X captured (a dead cell counts: a set of one) once the opponent holds `b`, or
//!   once the opponent holds all of `B`, and
//! - `B` is the opponent's captured set once X holds `a`.
//!
//! Then the position `P` has the value of `P' = P + A(X) + B(opponent)`, for either side to
//! move. *Proof*: a captured set stays captured when stones are added outside it, so `A` is X
//! captured in `P + B(opponent)` (which holds `b`) and `B` is the opponent's in `P + A(X)`
//! (which holds `a`). Filling them, `P + B(opponent) ≡ P'` and `P + A(X) ≡ P'`. By
//! monotonicity `P` lies between `P + B(opponent)` and `P + A(X)` (fewer X stones than the
//! one, fewer opponent stones than the other), and both have the value of `P'`: so has `P`.
//! Benzene's "near dead" fill-in patterns (`nd-*`: a cell that is dead once the opponent holds
//! a set the opponent captures once the cell is X's) are of this kind with `A = {a}`.
//!
//! Each half is a captured set of its colour in any continuation that holds the other half
//! and leaves it empty (not on its own: without the other half's key stones it need not be
//! captured).
//! That is what `solver::proof_set` needs: its position `x_P` holds all of the loser's fill-in
//! from the start, so the winner's half is captured wherever the argument replays it, in
//! whichever order the two halves were recorded; a search treats the step as captured fill-in.
//!
//! The captured sets and dead cells are the local patterns' ([`super::pattern`]), read with
//! the extra stones by [`FrameCache::plus_of`]; `b` is looked for among `a`'s neighbours.

use crate::board::{Cell, CellSet, Color};
use crate::position::Position;

use super::pattern::{FrameCache, Hit, Library, Stones};

/// A mutual fill-in found on a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mutual {
    /// X: the player who gets `a_set`.
    pub color: Color,
    /// The captured pattern of `A` (around `a`) with the opponent's stone on `b`.
    pub a_hit: Hit,
    /// The opponent's captured pattern of `B` (around `b`) with X's stone on `a`.
    pub b_hit: Hit,
}

impl Mutual {
    /// `a`: the cell whose X stone makes `B` the opponent's.
    #[must_use]
    pub fn a(&self) -> Cell {
        self.a_hit.cell
    }

    /// `b`: the cell whose opponent stone makes `A` X's.
    #[must_use]
    pub fn b(&self) -> Cell {
        self.b_hit.cell
    }

    /// The cells X gets (`a` among them; `a` alone when its hit is a dead cell's).
    #[must_use]
    pub fn a_set(&self) -> CellSet {
        self.a_hit.set | CellSet::single(self.a_hit.cell)
    }

    /// The cells the opponent gets (`b` among them).
    #[must_use]
    pub fn b_set(&self) -> CellSet {
        self.b_hit.set
    }
}

/// The first mutual fill-in of `position` with `a` in `region` and both sets inside `region`,
/// if any. The sets are empty cells, disjoint.
#[must_use]
pub fn find_mutual(position: &Position, region: CellSet) -> Option<Mutual> {
    if position.connector().is_some() {
        return None;
    }
    let library = Library::global();
    let empty = position.empty_cells();
    let usable = empty & region;
    if usable.len() < 2 {
        return None;
    }
    // Every cell's frames read once, then probed with one stone added.
    let mut cache = FrameCache::new(Stones::of(position));
    // A heuristic, not a theorem: a cell with neither the capturer's stones nor an edge within
    // distance two is not tried as `a` for X (nor as `b` for the opponent). It changed neither
    // the fill-in on the 11x11 and 13x13 bench sets nor the nodes on the 7x7 openings b2, g1
    // and a3, and skipping a candidate only loses a find, never makes a claim.
    let size = position.size();
    let (w, h) = (size.width(), size.height());
    let band = size.row(0)
        | size.row(1)
        | size.row(h.saturating_sub(1))
        | size.row(h.saturating_sub(2))
        | size.column(0)
        | size.column(1)
        | size.column(w.saturating_sub(1))
        | size.column(w.saturating_sub(2));
    let near = |color: Color| position.stones(color).grow().grow() | band;
    let near = [near(Color::Black), near(Color::White)];
    let near_of = |color: Color| near[usize::from(color == Color::White)];
    // Adjacent cells only: partners at distance two added nothing on the 7x7 openings.
    for a in usable.iter() {
        let partners = (CellSet::around(a) & usable) - CellSet::single(a);
        for color in Color::ALL {
            if !near_of(color).contains(a) {
                continue;
            }
            let opponent = color.opponent();
            for b in (partners & near_of(opponent)).iter() {
                let fb = cache.plus_one(b, a, color);
                let Some(b_hit) = library.captured_in(&fb, opponent) else {
                    continue;
                };
                let b_set = b_hit.set;
                if !b_set.is_subset(&usable) || b_set.contains(a) {
                    continue;
                }
                // A: captured or dead with the opponent on b; failing that, on all of B.
                let fa = cache.plus_one(a, b, opponent);
                let mut a_hit = library
                    .captured_in(&fa, color)
                    .or_else(|| library.dead_in(&fa));
                if a_hit.is_none() && b_set.len() > 1 {
                    let fa = cache.plus_of(a, b_set, opponent);
                    a_hit = library
                        .captured_in(&fa, color)
                        .or_else(|| library.dead_in(&fa));
                }
                let Some(a_hit) = a_hit else {
                    continue;
                };
                if !a_hit.set.is_subset(&usable) || a_hit.set.intersects(&b_set) {
                    continue;
                }
                return Some(Mutual {
                    color,
                    a_hit,
                    b_hit,
                });
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::code;

    fn position(text: &str) -> Position {
        code::read(text).unwrap().position().clone()
    }

    /// Black d1, White a4 c4 on 4x4: White at a2 makes {b1 c1} Black captured, Black at b1
    /// makes {a2 a3} White captured, and no other fill-in covers them.
    #[test]
    fn the_analysis_fills_both_halves() {
        let p = position("size=4&b=d1&w=a4,c4&turn=b");
        let found = find_mutual(&p, p.empty_cells()).expect("a mutual fill-in");
        assert!(!found.a_set().intersects(&found.b_set()));
        let analysis = crate::ica::analyze(&p);
        let mutual: Vec<(String, Color)> = analysis
            .fillin
            .iter()
            .filter(|f| matches!(f.why, super::super::fillin::FillWhy::Mutual(_)))
            .map(|f| (f.cell.to_string(), f.color))
            .collect();
        let expected = [
            ("a2", Color::White),
            ("a3", Color::White),
            ("b1", Color::Black),
            ("c1", Color::Black),
        ];
        for (cell, color) in expected {
            assert!(mutual.contains(&(cell.to_string(), color)), "{mutual:?}");
        }
        let sentence = analysis
            .fillin
            .iter()
            .find(|f| f.cell.to_string() == "a2")
            .unwrap()
            .reason();
        assert!(sentence.contains("mutual fill-in"), "{sentence}");
    }

    #[test]
    fn nothing_on_a_finished_or_tiny_board() {
        let p = position("size=2&b=a1,a2");
        assert!(find_mutual(&p, p.empty_cells()).is_none());
    }
}
