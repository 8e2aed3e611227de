//! Proof sets (van Rijswijck's name; Henderson 2010 §5.3 calls them *winning carriers*): the
//! cells a proof needs, backed up the tree so that one refutation disposes of many siblings.
//!
//! **Definition.** Let `x` be a position won by `W` (the loser is `L`), with side to move `Q`. A
//! set of cells `P` is a *proof set* of `x` when `W` still wins `x_P`, the position `x` with
//! every empty cell outside `P` given to `L` (same side to move). Only `P ∩ empty(x)` matters;
//! `empty(x)` itself is always a proof set.
//!
//! **Monotonicity** (Hex: an extra stone never hurts its owner) is what the arguments below
//! rest on, with one property of fill-in and inferior moves: a claim is *stable* when it stays
//! true in every continuation (stones added) that leaves the cells it names empty. Deadness is
//! stable (a cell whose colour matters in no completion still matters in none when stones are
//! added), and so are captured sets (the local strategy survives stones added elsewhere, and
//! its intruders stay dead; `ica::fillin`'s `DeadAndCaptured` policy rests on the same fact),
//! and so are the captured decompositions the expansion fills (`vc::decomposition`, which proves
//! it).
//! A mutual fill-in (`ica::mutual`: `A` to X and `B` to the opponent) counts as captured: each
//! half is a captured set of its colour in any continuation that holds the other half and
//! leaves it empty. In part 2 below `x_P` holds all of `F_L` from the start, the `L` half
//! included, so the `W` half is a stable captured step there, in whichever order the halves
//! were recorded. Permanently inferior cells are not stable, nor is any fill-in kind this
//! module does not know.
//!
//! **1. Dropping siblings.** At a node `n`, side to move `M`, the children are played on the
//! filled position `n'`. Let the child `c = n' + M(m)` be won by the opponent `O` with proof set
//! `P`. Then every other move `m'` of `n'` outside `P` loses too. *Proof:* `c_P` is an `O` win
//! with `O` to move. `n' + M(m')` has the same `O` stones and side to move, and its `M` stones
//! (`n'`'s and `m'`) are among `c_P`'s (`n'`'s, `m`, and every empty cell of `c` outside `P`,
//! `m'` included). By monotonicity `O` wins it. So the node keeps `m` (and every solved
//! child) and drops its open children outside `P`: their value is known, the node's unchanged.
//!
//! **2. Fill-in.** Let the node's position `x` be filled to `x' = x + F`, `F_W` the cells
//! filled for `W` and `F_L` those for `L`, every step for `W` stable. If `P'` is a proof set of
//! `x'`, then `P' ∪ F_W` is one of `x`. *Proof:* with `P = P' ∪ F_W`,
//! `x_P = x + L(F_L) + L(empty(x') \ P')` and `x'_{P'} = x_P + W(F_W)`, a `W` win. Replay the
//! fill-in steps `X_1, ..., X_k` in order: a step for `L` changes nothing (its cells are `L`'s in
//! `x_P` already); a step for `W` kept the value of `x + X_1 + ... + X_{i-1}`, and `x_P` with the
//! earlier `W` steps added is that position with stones added on cells outside `X_i` only, so by
//! stability the step keeps its value too. Hence `x_P` has the value of `x'_{P'}`: `W` wins it.
//! With a `W` step that is not stable the node's proof set is all of `empty(x)`.
//!
//! An acute-corner fill-in (`ica::corner_fill`: X's stone, X's half `A`, the opponent's half
//! `B`, the carrier `K`, all eight cells empty) is a step of both colours. `B` is captured once
//! `A` is X's, so for an opponent's win it is a stable captured step as a mutual fill-in is. For
//! an X win the node *pins* `B ∪ K`: `P = P' ∪ F_W ∪ B ∪ K`. Then `x_P` leaves all eight cells
//! empty (`A ⊆ F_W`), and the replay above goes through: the earlier steps' cells lie outside
//! the eight (they were filled before the corner was found), so at its turn the corner step
//! finds its eight cells empty and keeps the value; an `L` step whose cells `x_P` left empty
//! (the pinned ones) only adds `L` stones, so `W` winning after it wins before it.
//!
//! **3. Inferior moves carried over.** The analysis prunes the mover's inferior moves on `x'`
//! (`ica::inferior`): vulnerable moves (the opponent's answer at a killer `k` makes the cell
//! dead), dominated moves (after the mover plays `by` the cell is the mover's fill-in: dead or
//! captured for the mover), captured-reversible moves (after the opponent's reverser `r` the
//! cell and its partner are captured for the mover) and vulnerable-by-capture moves (the
//! killer's answer makes a carrier the opponent's captured set, and with it filled the cell is
//! dead; `ica::by_capture`). Each claim is a deadness or capture fact
//! about `x'` plus a stone or two, so each stays true in any `x' + L(...)` (the mover `L` adding stones,
//! as `x'_{P'}` does) that leaves its *support* empty: the killer, `by`, the reverser and its
//! partner, or the killer and the carrier it captures; for a domination by the acute-corner theorem (`ica::corner`), which holds while
//! its nine corner cells are empty, those nine cells. The consider set's theorem (a winning
//! move, if any, survives the pruning: vulnerable moves outright, dominated moves along `by`
//! links to a kept move, reversible moves as an ordered family) uses nothing but the claims and that structure, which a subfamily keeps. So
//! if `P'` holds the support of every pruned move it holds, then in `x'_{P'}` a winning move of
//! `L`, if any, lies among the moves of `P'` the analysis kept.
//!
//! **4. The node's own proof set** `P'` on `x'` (then add `F_W`, part 2):
//! - a finished game or a fill-in completing `W`'s chain: `∅` (`L` stones cannot cut a chain);
//! - `W`'s virtual connection between its edges (full, or semi with `W` to move): its carrier
//!   (the connection's strategy plays only there);
//! - `W` to move, winning by the move `w` to the child `y = x' + W(w)` with proof set `P_y`:
//!   `{w} ∪ P_y` (`W` plays `w` and reaches `y_{P_y}` with, at most, more `L` stones);
//! - `L` to move and losing: the union of the searched children's proof sets `P_j`, of the
//!   proof sets that dropped siblings (part 1; the node keeps them, since the child that dropped
//!   a sibling may leave the table and be dropped itself), of the semi connection carriers that
//!   made the mustplay, and, when it then holds a move the analysis pruned inside the mustplay,
//!   of the supports of all such moves (part 3). `L` has not already won `x'_{P'}`: a searched
//!   child's `y_{P_j}` (or, with no child, the position with `L` on every cell outside a semi
//!   carrier) holds all of its `L` stones and is won by `W`. If `L` had a winning move, one
//!   would be a kept move of `P'` (part 3); outside the mustplay it misses some semi carrier
//!   `S ⊆ P'`, and `W` answers at that connection's key and joins its edges inside `S`; inside,
//!   it is a child: searched (`W` wins, `P_j ⊆ P'`, monotonicity) or dropped by a sibling whose
//!   proof set, inside `P'`, leaves it out (part 1's argument). So `W` wins `x'_{P'}`.
//!
//! **5. Shrinking.** A cell of a proof set `P` of `x` that no chain of `W` between its edges
//! can pass through, using only `W`'s stones and the empty cells of `P`, can leave `P` (Benzene's
//! `ShrinkProof` does the same): every completion of `x_P` colours only cells of `P`, so that
//! cell's colour never decides whether `W` joins its edges: it is dead in `x_P`, and giving it
//! to `L` keeps `W`'s win.
//!
//! A pruned move of the mustplay without a claim of those kinds, a node whose children's proof
//! sets are gone from the table (replaced), the swap open and Rex (where monotonicity fails) all
//! take every empty cell; nodes with the swap open or under Rex never drop siblings either.
//!
//! `core/tests/proof_sets.rs` checks the definition of every proof set of solved trees by brute
//! force, that every dropped sibling loses, and part 3's carrying over on its own.

use crate::board::{BoardSize, Cell, CellSet, Color};
use crate::ica::{InferiorMove, MoveKind, MoveWhy};
use crate::position::Position;

/// What the expansion of a node knows about its proof sets, for either winner (besides the
/// mustplay's semi connection carriers, which the node keeps in its loss base).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ProofBase {
    /// Whether the fill-in of each colour (Black, White) had a step that is not stable.
    pub unstable: [bool; 2],
    /// The moves of the mustplay the analysis pruned as inferior.
    pub inferior: CellSet,
    /// The cells the claims about `inferior` rest on (part 3).
    pub support: CellSet,
    /// Whether some move of `inferior` has no claim that carries over: a loss of the side to
    /// move then takes every empty cell.
    pub unsupported: bool,
    /// Cells every proof set of a win of `pinned_for` must hold (part 2): the carriers and the
    /// opponent's halves of the acute-corner fill-ins of that colour (of both colours' fill-ins
    /// when both have one: a superset of a proof set is one too).
    pub pinned: CellSet,
    /// The winners (Black, White) `pinned` is for.
    pub pinned_for: [bool; 2],
}

impl ProofBase {
    /// No argument at all (the swap open, Rex): every proof set is every empty cell.
    pub const NONE: ProofBase = ProofBase {
        unstable: [true, true],
        inferior: CellSet::new(),
        support: CellSet::new(),
        unsupported: true,
        pinned: CellSet::new(),
        pinned_for: [false, false],
    };

    /// Whether a win of `winner` can build its proof set from parts (else it takes every empty
    /// cell).
    #[must_use]
    pub fn fill_stable(&self, winner: Color) -> bool {
        !self.unstable[color_index(winner)]
    }

    /// Pins `cells` into every proof set of a win of `winner` (part 2).
    pub fn pin(&mut self, winner: Color, cells: CellSet) {
        self.pinned |= cells;
        self.pinned_for[color_index(winner)] = true;
    }

    /// The cells pinned into a proof set of a win of `winner`.
    #[must_use]
    pub fn pinned(&self, winner: Color) -> CellSet {
        if self.pinned_for[color_index(winner)] {
            self.pinned
        } else {
            CellSet::new()
        }
    }

    /// Records the inferior moves `pruned` from the mustplay with the analysis' `claims`.
    pub fn carry_over(&mut self, pruned: CellSet, claims: &[InferiorMove]) {
        self.inferior = pruned;
        for cell in pruned {
            match claims.iter().find(|c| c.cell == cell).and_then(support) {
                Some(cells) => self.support |= cells,
                None => self.unsupported = true,
            }
        }
    }
}

/// The cells a claim rests on (part 3), if it is of a kind that carries over.
fn support(claim: &InferiorMove) -> Option<CellSet> {
    match claim.kind {
        MoveKind::Vulnerable => match &claim.why {
            // The killer and the carrier it captures.
            MoveWhy::ByCapture { carrier } => {
                claim.killers.first().map(|k| CellSet::single(k) | *carrier)
            }
            _ => claim
                .by
                .or_else(|| claim.killers.first())
                .map(CellSet::single),
        },
        MoveKind::Dominated => match &claim.why {
            // The corner's claim needs all nine cells empty, not only `by`.
            MoveWhy::AcuteCorner { corner } => Some(*corner),
            _ => claim.by.map(CellSet::single),
        },
        MoveKind::Reversible => claim.reverser.map(|r| CellSet::single(r) | claim.witness()),
    }
}

/// The index of a colour in `[Black, White]` pairs.
#[must_use]
pub fn color_index(color: Color) -> usize {
    match color {
        Color::Black => 0,
        Color::White => 1,
    }
}

/// The proof set of a node won by its side to move whose proof on the filled position needs
/// `inner` (a connection's carrier, or the winning move and its child's proof set: part 4), the
/// winner's fill-in `fill` added (part 2); `None` when it must be every empty cell.
#[must_use]
pub fn of_win(base: &ProofBase, winner: Color, fill: CellSet, inner: CellSet) -> Option<CellSet> {
    base.fill_stable(winner)
        .then_some(fill | inner | base.pinned(winner))
}

/// The proof set of a node lost by its side to move (part 4): `loss_base` (the mustplay's semi
/// connection carriers and the proof sets that dropped siblings) with the proof sets of its
/// searched `children` and the winner's fill-in `fill` (part 2), and the supports of the
/// inferior moves when it holds one (part 3); `None` when it must be every empty cell.
#[must_use]
pub fn of_loss(
    base: &ProofBase,
    winner: Color,
    fill: CellSet,
    loss_base: CellSet,
    children: impl IntoIterator<Item = CellSet>,
) -> Option<CellSet> {
    if !base.fill_stable(winner) {
        return None;
    }
    let proof = children.into_iter().fold(loss_base, |p, c| p | c);
    let fill = fill | base.pinned(winner);
    if !proof.intersects(&base.inferior) {
        return Some(fill | proof);
    }
    (!base.unsupported).then_some(fill | proof | base.support)
}

/// `proof` (a proof set of `position` for `winner`) without the cells no chain of `winner`
/// between its edges can use (part 5), and without the cells that are not empty.
#[must_use]
pub fn shrink(position: &Position, winner: Color, proof: CellSet) -> CellSet {
    let size = position.size();
    let open = proof & position.empty_cells();
    let within = open | position.stones(winner);
    let (a, b) = BoardSize::edges_of(winner);
    let reach = |edge| CellSet::flood(size.edge_cells(edge) & within, within);
    open & reach(a) & reach(b)
}

/// The open children to drop (part 1), and the union of the proof sets that justify dropping
/// them: the open children outside the proof set of some child lost by the side to move. `lost`
/// pairs each such child's move with its proof set; `open` holds the children not yet solved.
#[must_use]
pub fn drop_siblings(
    open: CellSet,
    lost: impl IntoIterator<Item = (Cell, CellSet)>,
) -> (CellSet, CellSet) {
    lost.into_iter().fold(
        (CellSet::new(), CellSet::new()),
        |(drop, why), (mv, proof)| {
            let out = open - proof - CellSet::single(mv);
            if out.is_empty() {
                (drop, why)
            } else {
                (drop | out, why | proof)
            }
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ica::dead::DeadReason;
    use crate::ica::fillin::FillWhy;
    use crate::ica::{FillKind, Filled, MoveWhy};

    fn cells(names: &str) -> CellSet {
        names
            .split_whitespace()
            .map(|n| n.parse::<Cell>().unwrap())
            .collect()
    }

    fn cell(name: &str) -> Cell {
        name.parse().unwrap()
    }

    #[test]
    fn siblings_outside_a_refutation_are_dropped_but_never_the_refuted_move() {
        let open = cells("a1 b1 c1 d1");
        let (drop, why) = drop_siblings(open, [(cell("a1"), cells("b1 c1"))]);
        assert_eq!(drop, cells("d1"));
        assert_eq!(why, cells("b1 c1"));
        // Two refutations: a sibling survives only inside both; only the refutation that
        // dropped something is kept as a justification.
        let (drop, why) = drop_siblings(
            open,
            [
                (cell("a1"), cells("b1 c1 d1")),
                (cell("b1"), cells("a1 c1")),
            ],
        );
        assert_eq!(drop, cells("d1"));
        assert_eq!(why, cells("a1 c1"));
    }

    #[test]
    fn a_loss_needs_every_child_proof_the_loss_base_and_the_winners_fill() {
        let base = ProofBase::default();
        let proof = of_loss(
            &base,
            Color::White,
            cells("a1"),
            cells("c3 d3 f6"),
            [cells("b2"), cells("e5")],
        );
        assert_eq!(proof, Some(cells("a1 b2 c3 d3 e5 f6")));
        let unstable = ProofBase {
            unstable: [false, true],
            ..base
        };
        assert_eq!(
            of_loss(&unstable, Color::White, cells("a1"), CellSet::new(), []),
            None
        );
        assert!(of_loss(&unstable, Color::Black, cells("a1"), CellSet::new(), []).is_some());
    }

    #[test]
    fn an_inferior_move_inside_a_loss_proof_brings_the_supports() {
        let base = ProofBase {
            inferior: cells("c3"),
            support: cells("d4"),
            ..ProofBase::default()
        };
        // c3 outside the proof: nothing to justify.
        let p = of_loss(&base, Color::Black, CellSet::new(), cells("a1"), []);
        assert_eq!(p, Some(cells("a1")));
        // c3 inside: its support comes too.
        let p = of_loss(&base, Color::Black, CellSet::new(), cells("a1 c3"), []);
        assert_eq!(p, Some(cells("a1 c3 d4")));
        let unsupported = ProofBase {
            unsupported: true,
            ..base
        };
        assert_eq!(
            of_loss(&unsupported, Color::Black, CellSet::new(), cells("c3"), []),
            None
        );
    }

    #[test]
    fn a_win_adds_the_winners_fill() {
        let base = ProofBase::default();
        assert_eq!(
            of_win(&base, Color::Black, cells("a1"), cells("c3 d4")),
            Some(cells("a1 c3 d4"))
        );
        assert_eq!(
            of_win(&ProofBase::NONE, Color::Black, cells("a1"), cells("c3")),
            None
        );
    }

    #[test]
    fn shrinking_drops_cells_no_winning_chain_can_use() {
        // Black to connect top to bottom on 3x3 with b2; a proof set of the whole board keeps
        // only the cells on some top-to-bottom path through Black's stones and the set.
        let mut p = Position::new(
            BoardSize::square(3).unwrap(),
            crate::RulesConfig {
                swap: false,
                ..Default::default()
            },
        );
        p.play("b2".parse().unwrap()).unwrap();
        assert_eq!(shrink(&p, Color::Black, p.empty_cells()), p.empty_cells());
        // A set that leaves c3 isolated from the bottom edge through itself: c3 goes, and with
        // it every cell that reaches only one edge.
        let kept = shrink(&p, Color::Black, cells("b1 c1 c3 a3"));
        assert_eq!(kept, cells("b1 c1 a3"));
        let kept = shrink(&p, Color::Black, cells("c1 c3"));
        assert_eq!(
            kept,
            CellSet::new(),
            "c1 b2 c3 is no chain: c3 and b2 do not touch"
        );
    }

    #[test]
    fn claims_carry_their_supports() {
        let claim =
            |cell_name: &str, kind, by: Option<&str>, reverser: Option<&str>, why| InferiorMove {
                cell: cell(cell_name),
                kind,
                mover: Color::Black,
                by: by.map(cell),
                killers: by.map_or_else(CellSet::new, |b| CellSet::single(cell(b))),
                reverser: reverser.map(cell),
                why,
            };
        let filled = |at: &str| {
            MoveWhy::Fill(Box::new(Filled {
                cell: cell(at),
                color: Color::Black,
                kind: FillKind::Dead,
                why: FillWhy::Dead(DeadReason::CliqueNeighbourhood {
                    color: Color::Black,
                    witness: cells("e5"),
                }),
                round: 1,
            }))
        };
        let captured = MoveWhy::Reversible {
            carrier: cells("c2"),
        };
        let claims = [
            claim(
                "a1",
                MoveKind::Vulnerable,
                Some("b1"),
                None,
                MoveWhy::Vulnerable,
            ),
            claim("c1", MoveKind::Dominated, Some("d1"), None, filled("c1")),
            claim("a2", MoveKind::Reversible, None, Some("b2"), captured),
        ];
        let mut base = ProofBase::default();
        base.carry_over(cells("a1 c1 a2"), &claims);
        assert_eq!(base.support, cells("b1 d1 b2 c2"));
        assert!(!base.unsupported);
        base.carry_over(cells("a1 f6"), &claims);
        assert!(base.unsupported, "f6 has no claim");
        // The acute-corner theorem needs its nine cells empty: all are the support.
        let corner = cells("a1 b1 c1 d1 a2 b2 c2 a3 b3");
        let by_corner = claim(
            "a3",
            MoveKind::Dominated,
            Some("b3"),
            None,
            MoveWhy::AcuteCorner { corner },
        );
        let mut base = ProofBase::default();
        base.carry_over(cells("a3"), &[by_corner]);
        assert_eq!(base.support, corner);
        // A vulnerable-by-capture claim needs its killer and the carrier the killer captures.
        let by_capture = InferiorMove {
            by: None,
            ..claim(
                "e4",
                MoveKind::Vulnerable,
                Some("e3"),
                None,
                MoveWhy::ByCapture {
                    carrier: cells("f2 f3"),
                },
            )
        };
        let mut base = ProofBase::default();
        base.carry_over(cells("e4"), &[by_capture]);
        assert_eq!(base.support, cells("e3 f2 f3"));
        assert!(!base.unsupported);
    }
}
