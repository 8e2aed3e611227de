//! What a move search reports: the move, its win rate and visits, the principal variation,
//! the top moves and whether the position is proven (printed by `hexlab play --json`).

use serde::Serialize;

use crate::board::Cell;

/// Whether the side to move is proven to win or to lose.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Proven {
    Win,
    Loss,
}

/// One root move's statistics.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MoveStat {
    pub cell: Cell,
    /// Simulations through the move.
    pub visits: u32,
    /// The mover's mean result after the move (1 or 0 when the move is proven).
    pub winrate: f64,
}

/// The result of one search.
///
/// Invariant: `best` is an empty cell of the position searched, or `None` exactly when it had
/// no legal move (the game was over).
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult {
    pub best: Option<Cell>,
    /// The mover's expected result with `best` (1 proven won, 0 proven lost).
    pub winrate: f64,
    /// Simulations through the root (this search and those of the reused subtree).
    pub visits: u64,
    /// Simulations run by this search.
    pub games: u64,
    pub pv: Vec<Cell>,
    /// The most visited root moves, most visited first (at most the player's `top_count`).
    pub top: Vec<MoveStat>,
    pub proven: Option<Proven>,
    /// Nodes in the tree after the search.
    pub nodes: usize,
    /// Whether the move came from the solver.
    pub solved: bool,
}

/// A top move as JSON.
#[derive(Clone, Debug, Serialize)]
pub struct TopMove {
    #[serde(rename = "move")]
    pub mv: String,
    pub visits: u32,
    pub winrate: f64,
}

/// The JSON of `hexlab play`.
#[derive(Clone, Debug, Serialize)]
pub struct PlayReport {
    /// The cell, or `resign` when the game is over.
    #[serde(rename = "move")]
    pub mv: String,
    pub winrate: f64,
    pub visits: u64,
    pub pv: Vec<String>,
    pub top: Vec<TopMove>,
    pub proven: Option<Proven>,
    pub games: u64,
    pub nodes: usize,
    pub solved: bool,
    pub ms: f64,
}

/// Rounds to three decimals for printing.
fn round3(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

impl SearchResult {
    /// The report of this result, which took `ms` milliseconds.
    #[must_use]
    pub fn report(&self, ms: f64) -> PlayReport {
        PlayReport {
            mv: self
                .best
                .map_or_else(|| "resign".to_string(), |c| c.to_string()),
            winrate: round3(self.winrate),
            visits: self.visits,
            pv: self.pv.iter().map(ToString::to_string).collect(),
            top: self
                .top
                .iter()
                .map(|m| TopMove {
                    mv: m.cell.to_string(),
                    visits: m.visits,
                    winrate: round3(m.winrate),
                })
                .collect(),
            proven: self.proven,
            games: self.games,
            nodes: self.nodes,
            solved: self.solved,
            ms: (ms * 10.0).round() / 10.0,
        }
    }
}
