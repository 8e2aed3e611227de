//! Inferior cell analysis (Henderson 2010, chapter 3): fill-in, inferior moves and the consider
//! set of a position for its side to move.
//!
//! Every claim is sound for Hex, and checked against a brute-force solver on small boards
//! (`core/tests/ica_soundness.rs`):
//! 1. the fill-in does not change who wins, for either side to move;
//! 2. if the side to move wins, some winning move lies in the consider set;
//! 3. a dominated move's `by` wins whenever the dominated move wins;
//! 4. a dead cell may take either colour without changing the winner.
//!
//! Claims about moves refer to the position after fill-in. Under Rex the analysis is not
//! available yet (misère rules change which claims hold): it reports no claims and considers
//! every legal move, which is trivially sound.

pub mod capture;
pub mod dead;
pub mod fillin;
pub mod graph;
pub mod inferior;
pub mod pattern;
pub mod permanent;
pub mod report;
pub mod reversible;

use crate::board::{CellSet, Color};
use crate::position::Position;
use crate::rules::Rules;

pub use fillin::{FillKind, Filled};
pub use inferior::{Domination, InferiorMove, MoveKind};
pub use report::InferiorReport;

/// The analysis of a position for its side to move.
#[derive(Clone, Debug)]
pub struct Analysis {
    /// The analysed position.
    pub position: Position,
    /// The position with all fill-in added.
    pub filled: Position,
    /// Cells filled, in the order deduced.
    pub fillin: Vec<Filled>,
    /// Inferior moves of the filled position (each pruned from the consider set).
    pub inferior: Vec<InferiorMove>,
    /// The moves worth searching (uncoloured cells of the filled position, never empty while
    /// the game goes on).
    pub consider: CellSet,
    /// The winner when fill-in completes a chain (every move then keeps that result).
    pub decided: Option<Color>,
    /// Remarks for the reader (for example, that Rex is not analysed).
    pub notes: Vec<String>,
}

/// Analyses `position` for its side to move.
#[must_use]
pub fn analyze(position: &Position) -> Analysis {
    let mover = position.to_move();
    let mut analysis = Analysis {
        position: position.clone(),
        filled: position.clone(),
        fillin: Vec::new(),
        inferior: Vec::new(),
        consider: position.legal_cells(),
        decided: position.winner(),
        notes: Vec::new(),
    };
    if position.winner().is_some() {
        analysis.notes.push("the game is over".into());
        return analysis;
    }
    if position.rules() == Rules::Rex {
        analysis.notes.push(
            "inferior cell analysis for Rex is not available yet: every move is considered".into(),
        );
        return analysis;
    }
    let policy = fillin::FillPolicy::Both {
        dead_color: mover.opponent(),
    };
    let (filled, fillin) = fillin::fill(position, policy, position.cells());
    analysis.decided = filled.winner();
    analysis.filled = filled;
    analysis.fillin = fillin;
    if analysis.decided.is_some() {
        // Every legal move keeps the decided result; consider what is left, or everything.
        let left = analysis.filled.empty_cells();
        analysis.consider = if left.is_empty() {
            position.empty_cells()
        } else {
            left
        };
        let winner = analysis.decided.map_or("", |w| w.name());
        analysis.notes.push(format!(
            "the fill-in completes a winning chain for {winner}: every move keeps that result, so none is pruned"
        ));
        return analysis;
    }
    let vulnerable = inferior::vulnerable(&analysis.filled, mover);
    let vulnerable_cells: CellSet = vulnerable.iter().map(|v| v.cell).collect();
    // Both look for the mover's captured pairs in positions a stone or a few away.
    let mut probes = capture::PairProbes::new(&analysis.filled, mover);
    let candidates =
        reversible::reversible_probed(&analysis.filled, mover, vulnerable_cells, &mut probes);
    let reversible = reversible::accept_ordered(candidates);
    let dominations = inferior::dominations_probed(&analysis.filled, mover, &mut probes);
    let (consider, claims) = inferior::consider_set(
        &analysis.filled,
        mover,
        &vulnerable,
        &reversible,
        &dominations,
    );
    analysis.consider = consider;
    analysis.inferior = claims;
    analysis
}
