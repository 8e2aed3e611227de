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
//!
//! Four settings ([`IcaParams`]): [`IcaParams::THOROUGH`] (the page, the CLI) probes every claim
//! with the graph tests and fills the mover's permanently inferior cells never, so that claim 2
//! holds in the position as given; [`IcaParams::SEARCH`] (GTP) and [`IcaParams::SOLVER`] (the
//! solver: also mutual fill-in and reversible moves by patterns) use the local patterns and
//! whole-board graph tests only, and fill permanently inferior cells of both players as Benzene
//! does, so claim 2 holds in the filled position (which has the same value), where a search
//! plays its children; [`IcaParams::QUICK`] (the player) fills them for the player not to move
//! only.

pub mod bench;
pub mod by_capture;
pub mod capture;
pub mod chains;
pub mod corner;
pub mod corner_fill;
pub mod dead;
pub mod fillin;
pub mod graph;
pub mod inferior;
pub mod mutual;
pub mod pattern;
pub mod permanent;
pub mod region;
pub mod report;
pub mod reversible;

use crate::board::{CellSet, Color};
use crate::position::Position;
use crate::rules::Rules;

pub use fillin::{Depth, FillKind, Filled, PermanentFill};
pub use inferior::{Domination, InferiorMove, MoveKind, MoveWhy};
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

/// How an analysis is run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IcaParams {
    /// Quick (patterns and whole-board graph tests) or thorough (probes too).
    pub depth: Depth,
    /// Whose permanently inferior cells are filled.
    pub permanent: PermanentFill,
    /// Look for captured regions of three or more cells (thorough only).
    pub regions: bool,
    /// Look for mutual fill-in ([`mutual`]).
    pub mutual: bool,
    /// At the quick depth, find the mover's reversible moves by the local captured patterns
    /// ([`reversible::reversible_by_patterns`]); the thorough depth always probes for them.
    pub reversible: bool,
    /// Find the mover's vulnerable-by-capture cells ([`by_capture`]). The thorough setting
    /// only: the solver's trees shrank by 2.3% with them (all 49 7x7 openings, 99,432 nodes
    /// against 97,104) but took 6% longer (2026-11-29).
    pub by_capture: bool,
}

impl IcaParams {
    /// Everything, with every claim about a move holding in the position as given.
    pub const THOROUGH: IcaParams = IcaParams {
        depth: Depth::Thorough,
        permanent: PermanentFill::NotToMove,
        regions: true,
        mutual: true,
        reversible: true,
        by_capture: true,
    };
    /// Fast, with every claim about a move holding in the position as given: for a player
    /// that plays its moves on the position as given (the solver plays on the filled one).
    /// Without mutual fill-in and pattern reversible moves: the MCTS player measured weaker
    /// with them (22 of 60 self-play games, 2026-11-28).
    pub const QUICK: IcaParams = IcaParams {
        depth: Depth::Quick,
        permanent: PermanentFill::NotToMove,
        regions: false,
        mutual: false,
        reversible: false,
        by_capture: false,
    };
    /// Fast, and the fill-in of both players: what GTP's `compute-inferior` and `vc-build`
    /// report (the benches measure it beside Benzene's).
    pub const SEARCH: IcaParams = IcaParams {
        depth: Depth::Quick,
        permanent: PermanentFill::Both,
        regions: false,
        mutual: false,
        reversible: false,
        by_capture: false,
    };
    /// What the solver calls at every node: [`IcaParams::SEARCH`] with mutual fill-in and the
    /// pattern reversible moves, which shrink its trees (7x7 openings b2, g1, a3: 21,282 nodes
    /// against 23,424) but cost an 11x11 analysis about a third more.
    pub const SOLVER: IcaParams = IcaParams {
        mutual: true,
        reversible: true,
        ..IcaParams::SEARCH
    };
}

/// Analyses `position` for its side to move, thoroughly ([`IcaParams::THOROUGH`]).
#[must_use]
pub fn analyze(position: &Position) -> Analysis {
    analyze_with(position, &IcaParams::THOROUGH)
}

/// Analyses `position` for its side to move with `params`.
#[must_use]
pub fn analyze_with(position: &Position, params: &IcaParams) -> Analysis {
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
    let rules = fillin::FillRules {
        policy: fillin::FillPolicy::Both {
            dead_color: mover.opponent(),
            permanent: params.permanent,
        },
        depth: params.depth,
        regions: params.regions,
        mutual: params.mutual,
    };
    let (filled, fillin) = fillin::fill_with(position, rules, position.cells(), None);
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
    let (vulnerable, reversible, dominations) = match params.depth {
        Depth::Quick => {
            let (mut vulnerable, dominations) = inferior::inferior_quick(&analysis.filled, mover);
            if params.by_capture {
                add_by_capture(&analysis.filled, mover, &mut vulnerable);
            }
            let reversible = if params.reversible {
                let vulnerable_cells: CellSet = vulnerable.iter().map(|v| v.cell).collect();
                reversible::accept_ordered(reversible::reversible_by_patterns(
                    &analysis.filled,
                    mover,
                    vulnerable_cells,
                ))
            } else {
                Vec::new()
            };
            (vulnerable, reversible, dominations)
        }
        Depth::Thorough => {
            let mut vulnerable = inferior::vulnerable(&analysis.filled, mover);
            if params.by_capture {
                add_by_capture(&analysis.filled, mover, &mut vulnerable);
            }
            let vulnerable_cells: CellSet = vulnerable.iter().map(|v| v.cell).collect();
            // Both look for the mover's captured pairs in positions a stone or a few away.
            let mut probes = capture::PairProbes::new(&analysis.filled, mover);
            let candidates = reversible::reversible_probed(
                &analysis.filled,
                mover,
                vulnerable_cells,
                &mut probes,
            );
            let reversible = reversible::accept_ordered(candidates);
            let dominations = inferior::dominations_probed(&analysis.filled, mover, &mut probes);
            (vulnerable, reversible, dominations)
        }
    };
    // The acute-corner theorem last: where a pattern or a probe also prunes a cell, its
    // reason (and its smaller support) is the one kept.
    let mut dominations = dominations;
    dominations.extend(corner::acute_corner_dominations(&analysis.filled, mover));
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

/// Adds the mover's vulnerable-by-capture cells ([`by_capture`]) of `position` that are not
/// already in `vulnerable`.
fn add_by_capture(position: &Position, mover: Color, vulnerable: &mut Vec<InferiorMove>) {
    let known: CellSet = vulnerable.iter().map(|v| v.cell).collect();
    vulnerable.extend(
        by_capture::by_capture(position, mover, known)
            .iter()
            .map(|found| inferior::by_capture_move(found, mover)),
    );
}
