//! The answer of `hexlab solve --json` (and of the page's Solve): the same serde type for both.

use serde::Serialize;

use crate::board::Color;
use crate::position::Position;
use crate::search::Budget;

use super::dfpn::Solver;
use super::proof::ProofNode;

/// What a solve is asked for beyond the winner.
#[derive(Clone, Copy, Debug, Default)]
pub struct SolveOptions {
    /// Threads searching (1 or more).
    pub threads: usize,
    /// Settle every legal move of the side to move, to list all winning moves.
    pub all_winning: bool,
}

/// The result of solving one position.
#[derive(Clone, Debug, Serialize)]
pub struct SolveReport {
    pub to_move: Color,
    /// The winner; `null` only when a limit stopped the search first.
    pub winner: Option<Color>,
    /// Winning moves of the side to move: every one with `all_winning`, else the one the
    /// proof uses (empty when the side to move loses or the search stopped).
    pub winning_moves: Vec<String>,
    /// Whether `winning_moves` is the complete list.
    pub all_winning: bool,
    /// The principal variation, as far as the table knows it.
    pub pv: Vec<String>,
    /// Nodes expanded (each runs the analysis and H-search).
    pub nodes: u64,
    /// Wall-clock milliseconds (0 where no clock was given).
    pub ms: f64,
    /// The root's proof and disproof numbers (from the side to move's view) when it stopped.
    pub phi: u32,
    pub delta: u32,
    /// Why the search stopped before deciding, if it did.
    pub stopped: Option<String>,
    /// Entries in use and the table's capacity.
    pub table_entries: usize,
    pub table_capacity: usize,
    /// The root of the proof, explained (browse deeper with its children's moves).
    pub proof: Option<ProofNode>,
}

/// Solves `position` on `solver` under `budget` and reports it; `clock` (milliseconds) times
/// it.
#[must_use]
pub fn solve_report(
    solver: &Solver,
    position: &Position,
    options: SolveOptions,
    budget: &Budget,
    clock: Option<fn() -> f64>,
) -> SolveReport {
    let start = clock.map_or(0.0, |c| c());
    let before = solver
        .stats
        .expansions
        .load(std::sync::atomic::Ordering::Relaxed);
    let outcome = solver.solve(position, options.threads.max(1), budget);
    let mut stopped = outcome.stopped;
    let mut winning_moves = Vec::new();
    let mut all_winning = false;
    if outcome.winner == Some(position.to_move()) {
        if options.all_winning {
            match solver.winning_moves(position, options.threads.max(1), budget) {
                Ok(moves) => {
                    winning_moves = moves.iter().map(ToString::to_string).collect();
                    all_winning = true;
                }
                Err(why) => stopped = Some(why),
            }
        }
        if !all_winning {
            if let Some(first) = solver.principal_variation(position, budget).first() {
                winning_moves.push(first.to_string());
            }
        }
    } else if outcome.winner.is_some() && options.all_winning {
        all_winning = true; // the side to move loses: no winning move at all
    }
    let pv = solver
        .principal_variation(position, budget)
        .iter()
        .map(ToString::to_string)
        .collect();
    let proof = if outcome.winner.is_some() {
        solver.explain(position, &[], budget, false).ok()
    } else {
        None
    };
    let nodes = solver
        .stats
        .expansions
        .load(std::sync::atomic::Ordering::Relaxed)
        - before;
    SolveReport {
        to_move: position.to_move(),
        winner: outcome.winner,
        winning_moves,
        all_winning,
        pv,
        nodes,
        ms: clock.map_or(0.0, |c| c() - start),
        phi: outcome.bounds.phi,
        delta: outcome.bounds.delta,
        stopped: stopped.map(|s| s.to_string()),
        table_entries: solver.table().len(),
        table_capacity: solver.table().capacity(),
        proof,
    }
}
