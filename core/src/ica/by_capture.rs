//! Vulnerable-by-capture moves (Henderson 2010, §2.9.1 and §3.1: dead-reversible cells with a
//! carrier; some of Benzene's "strongly reversible" `is` moves are of this kind).
//!
//! An empty cell `c` is vulnerable-by-capture for the mover P, with the opponent O's killer `k`
//! and carrier `X` (empty cells; `c`, `k` and `X` disjoint), when
//! - `X` is O captured in `H + P(c) + O(k)` (P's move answered by the killer; Henderson's
//!   Lemma 1 asks no more, and his §2.9.1 asks it in `H + O(k)`, which implies it), and
//! - `c` is dead in `H + O({k} ∪ X)`.
//!
//! Then P never needs to play `c`: such cells are pruned outright with the plain vulnerable
//! cells (whose carrier is empty), beside the ordered family of captured-reversible moves.
//!
//! **Theorem.** Let `V` be such claims (plain vulnerable ones among them) and `I` an ordered
//! family of captured-reversible claims (`(c_j, r_j, F_j)`: `F_j ∋ c_j` is P captured in
//! `H + O(r_j)`, and no `F_j` holds an earlier `r_i`, [`super::reversible`]). If P, to move,
//! wins `H`, then P has a winning move outside the cells of `V` and `I`, or P wins `H` with O
//! to move too (then every move wins, and the consider set is never empty).
//!
//! *Proof*, by induction on the empty cells. Suppose P wins `H` with P to move, O wins it
//! with O to move, and every winning move of P is a cell of `V` or `I`. Two facts are used throughout. (a) A captured set stays captured when
//! stones of either colour are added outside it, and when its owner's stones are added inside
//! it (the owner plays its strategy as if those cells were still empty, answering anywhere in
//! the set when the strategy names one of them: every terminal position then has the same
//! intruders, dead in a position with more owner stones, and deadness survives added stones).
//! (b) Dead cells stay dead when stones are added.
//!
//! - If some winning move of P lies in `I`, take the one of least index `j`, and
//!   `T = H + O(r_j)`. As in Henderson's Lemma 3, `T ≡ H + P(c_j) + O(r_j)`, so P wins `T`
//!   with P to move; O wins `T` with O to move (it has more O stones than `H`). By induction P
//!   has a winning move `m` of `T` outside `T`'s claims, and `m` wins `H` (monotonicity), so it
//!   is a cell of `V` or `I`. If `m` is in `V` with `(k, X)`: when `k ≠ r_j`, `(m, k, X - r_j)`
//!   is a claim of `T` by (a) and (b); when `k = r_j`, `X` is O captured in `T + P(m)` and `m`
//!   dead once it is filled, so `T + P(m) ≡ T + O(X)` with O to move is a P win, and so is `T`
//!   with O to move: a contradiction. If `m = c_i` is in `I`: when `r_i = r_j`, `F_i` is P captured in `T`
//!   and `m ∈ F_i` wins, so `T` is a P win with O to move (Lemma 2): a contradiction; when
//!   `r_j ∉ F_i`, claim `i` holds in `T` and the claims of `I` that do form an ordered family
//!   there; when `r_j ∈ F_i`, the family's order puts `i` before `j`, and `c_i` is a winning
//!   move of `H` in `I` of smaller index: a contradiction.
//! - Else every winning move lies in `V`; take one, `c` with `(k, X)`, and
//!   `T = H + O({k} ∪ X)`. P wins `H + P(c) + O(k)` with P to move, and `X` is O captured
//!   there, so P wins `H + P(c) + O({k} ∪ X) ≡ T` (`c` is dead: either colour) with P to
//!   move, and O wins `T` with O to move. By induction P has a winning move `m` of `T` outside
//!   its claims; `m ≠ c` (a winning move on a dead cell would make `T` a P win with O to move),
//!   and `m` wins `H`, so `m` lies in `V` with some `(k', X')`. When `k'` is empty in `T`,
//!   `(m, k', X' - k - X)` is a claim of `T` by (a) and (b); else `X' - k - X` is O captured in
//!   `T + P(m)` and `m` dead once it is filled, and `T` is a P win with O to move as above.
//!   Either way a contradiction. ∎
//!
//! For the solver's proof sets (`solver::proof_set`, part 3) a claim is a capture fact and a
//! deadness fact about the position plus a few stones, both stable when P's stones are added
//! outside them: its support is `{k} ∪ X`.
//!
//! The captured set and the deadness are the local patterns' ([`super::pattern`]): `X` is a
//! captured pattern around a neighbour of `c`, read with P's stone on `c` and O's on `k`, with
//! `k` next to that neighbour or to `c`. Each claim costs about 40 frame reads per cell (36 µs
//! on a 7x7 position of the solver's), which is why only the thorough analysis looks for them
//! ([`super::IcaParams::by_capture`]).

use crate::board::{Cell, CellSet, Color};
use crate::position::Position;

use super::pattern::{FrameCache, Hit, Library, Stones};

/// A vulnerable-by-capture claim: O's `killer` and the carrier it captures make `cell` dead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ByCapture {
    pub cell: Cell,
    pub killer: Cell,
    /// O's captured pattern (its set is the carrier `X`), found with P's stone on the cell and
    /// O's on the killer.
    pub captured: Hit,
}

impl ByCapture {
    /// The carrier `X`.
    #[must_use]
    pub fn carrier(&self) -> CellSet {
        self.captured.set
    }

    /// The cells the claim needs empty besides the cell: the killer and the carrier.
    #[must_use]
    pub fn support(&self) -> CellSet {
        self.captured.set | CellSet::single(self.killer)
    }
}

/// The mover's vulnerable-by-capture cells among the empty cells outside `skip`, one claim
/// each (the first found).
#[must_use]
pub fn by_capture(position: &Position, mover: Color, skip: CellSet) -> Vec<ByCapture> {
    if position.connector().is_some() {
        return Vec::new();
    }
    let library = Library::global();
    let opponent = mover.opponent();
    let empty = position.empty_cells();
    let mut cache = FrameCache::new(Stones::of(position));
    let mut out = Vec::new();
    'cells: for cell in (empty - skip).iter() {
        let next = (CellSet::around(cell) & empty) - CellSet::single(cell);
        for centre in next.iter() {
            let killers = ((CellSet::around(centre) | next) & empty)
                - CellSet::single(cell)
                - CellSet::single(centre);
            for killer in killers.iter() {
                let (mine, theirs) = (CellSet::single(cell), CellSet::single(killer));
                let after = match mover {
                    Color::Black => cache.plus(centre, mine, theirs),
                    Color::White => cache.plus(centre, theirs, mine),
                };
                let Some(captured) = library.captured_in(&after, opponent) else {
                    continue;
                };
                let carrier = captured.set;
                if carrier.contains(cell) || carrier.contains(killer) || !carrier.is_subset(&empty)
                {
                    continue;
                }
                let filled = cache.plus_of(cell, carrier | CellSet::single(killer), opponent);
                if library.is_dead_in(&filled) {
                    out.push(ByCapture {
                        cell,
                        killer,
                        captured,
                    });
                    continue 'cells;
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::code;
    use crate::ica::{analyze, MoveWhy};

    fn cells(names: &str) -> CellSet {
        names
            .split(' ')
            .map(|n| n.parse::<Cell>().unwrap())
            .collect()
    }

    /// Black's f4 on a 7x7 board after its fill-in (White g5 among it): White's f3 makes g2
    /// g3 White's captured set, and with White on f3 g2 g3 (and g5) f4 is dead.
    #[test]
    fn a_killer_and_its_captured_carrier_make_a_cell_dead() {
        let game = code::read("size=7&moves=d7,c2,e7,g6,d4,e2,e5,c7,f1,a5,b1,d1").unwrap();
        let analysis = analyze(game.position());
        let f4: Cell = "f4".parse().unwrap();
        let found = by_capture(&analysis.filled, Color::Black, CellSet::new());
        let claim = found
            .iter()
            .find(|b| b.cell == f4)
            .expect("f4 is vulnerable by capture");
        assert_eq!(claim.killer.to_string(), "f3");
        assert_eq!(claim.carrier(), cells("g2 g3"));
        assert_eq!(claim.support(), cells("f3 g2 g3"));
        // The thorough analysis prunes it, with that reason and no `by`.
        let pruned = analysis
            .inferior
            .iter()
            .find(|m| m.cell == f4)
            .expect("f4 is pruned");
        assert!(matches!(pruned.why, MoveWhy::ByCapture { carrier } if carrier == cells("g2 g3")));
        assert_eq!(pruned.by, None);
        assert!(!analysis.consider.contains(f4));
        // Every claim's cells are empty and apart.
        for b in &found {
            let all = b.support() | CellSet::single(b.cell);
            assert!(all.is_subset(&analysis.filled.empty_cells()));
            assert!(!b.carrier().contains(b.killer) && !b.carrier().contains(b.cell));
        }
    }

    /// A board already won has no claims.
    #[test]
    fn a_finished_board_has_none() {
        let game = code::read("size=3&b=a1,a2,a3&w=b1&turn=w").unwrap();
        assert!(by_capture(game.position(), Color::White, CellSet::new()).is_empty());
    }
}
