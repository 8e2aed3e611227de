//! Wolve's search: alpha-beta (negamax) on the evaluation of [`super::eval`], deepened
//! iteratively 1, 2, then 4 plies (3 plies is skipped: the circuit evaluation swings between
//! odd and even depths, Henderson 2010 §6.2), with at most `ply_width` moves per node, the
//! best move of the last iteration searched first.
//!
//! - Evaluations are kept in a table (by the position's hash) for the whole search, so a deeper
//!   iteration pays only for new leaves.
//! - Proven values are `±(WIN - plies)`, so the quickest win and the slowest loss are preferred.
//! - The budget is checked before every evaluation (each takes milliseconds on 11x11): an
//!   iteration cut short keeps the root moves it finished only when one beats the last
//!   complete iteration's best.
//! - A proven root is searched 1 ply deep only: a win plays the first move (its connection's
//!   carrier first) whose position is proven lost for the opponent, a loss the move with the
//!   best 1-ply evaluation (the one that resists longest by the circuits).

use std::collections::HashMap;

use crate::board::Cell;
use crate::position::Position;
use crate::search::{Budget, Stopped};
use crate::vc::Limits;

use super::eval::{evaluate, Evaluation};

/// The value of a won position (minus the plies to the win).
pub const WIN: f64 = 1000.0;

/// What Wolve searches and for how long.
///
/// Invariants (kept by the setters): `ply_width >= 1`, `max_depth >= 1`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WolveParams {
    /// Seconds per move (`max_time`; 0: no limit but the depth).
    pub max_time: f64,
    /// The deepest iteration (`max_depth`).
    pub max_depth: usize,
    /// Moves searched per node (`ply_width`).
    pub ply_width: usize,
}

impl Default for WolveParams {
    fn default() -> Self {
        WolveParams {
            max_time: 10.0,
            max_depth: 4,
            ply_width: 15,
        }
    }
}

/// One root move's value after the search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Scored {
    pub cell: Cell,
    /// The side to move's value after the move (see [`WIN`]).
    pub value: f64,
}

/// The result of a Wolve search.
#[derive(Clone, Debug, PartialEq)]
pub struct WolveResult {
    /// The move (`None` only when the game is over).
    pub best: Option<Cell>,
    /// Its value for the side to move.
    pub value: f64,
    /// `Some(true)`: proven win, `Some(false)`: proven loss.
    pub proven: Option<bool>,
    /// The deepest iteration completed.
    pub depth: usize,
    /// The root moves of that iteration, best first.
    pub scores: Vec<Scored>,
    /// The principal variation, from the best move.
    pub pv: Vec<Cell>,
    /// Positions evaluated.
    pub evaluations: u64,
}

/// The alpha-beta player (see the module doc).
pub struct Wolve {
    pub params: WolveParams,
    pub limits: Limits,
    table: HashMap<u64, Evaluation>,
    evaluations: u64,
}

impl Wolve {
    /// A player with `params` and H-search's default limits.
    #[must_use]
    pub fn new(params: WolveParams) -> Wolve {
        Wolve {
            params,
            limits: Limits::default(),
            table: HashMap::new(),
            evaluations: 0,
        }
    }

    /// Searches `position` for its side to move until the depth limit or `budget` (the caller
    /// adds the time limit) stops it.
    pub fn search(&mut self, position: &Position, budget: &Budget) -> WolveResult {
        let mut root = position.clone();
        root.disable_swap();
        self.table.clear();
        self.evaluations = 0;
        let mut result = WolveResult {
            best: None,
            value: 0.0,
            proven: None,
            depth: 0,
            scores: Vec::new(),
            pv: Vec::new(),
            evaluations: 0,
        };
        let eval = self.eval(&root);
        if root.winner().is_some() || root.empty_cells().is_empty() {
            result.proven = eval.proven;
            return result;
        }
        let mut order: Vec<Cell> = if eval.moves.is_empty() {
            // Lost: every legal move, to pick the one that resists longest.
            root.empty_cells().iter().collect()
        } else {
            eval.moves.clone()
        };
        result.best = order.first().copied();
        result.proven = eval.proven;
        // A proven root needs no depth: a won one plays the first move keeping the win (its
        // connection's carrier first), a lost one the move the circuits like best.
        let max_depth = if eval.proven.is_some() {
            1
        } else {
            self.params.max_depth.max(1)
        };
        for depth in [1usize, 2, 4].into_iter().filter(|&d| d <= max_depth) {
            let width = if depth == 1 || eval.proven.is_some() {
                order.len()
            } else {
                self.params.ply_width.max(1)
            };
            match self.root_iteration(&root, &order[..width.min(order.len())], depth, budget) {
                Ok(scores) => {
                    let rest: Vec<Cell> = order[width.min(order.len())..].to_vec();
                    order = scores.iter().map(|s| s.cell).chain(rest).collect();
                    result.depth = depth;
                    result.best = scores.first().map(|s| s.cell);
                    result.value = scores.first().map_or(0.0, |s| s.value);
                    result.scores = scores;
                }
                Err(partial) => {
                    if let Some(first) = partial.first() {
                        if result.scores.is_empty() || first.value > result.value {
                            result.best = Some(first.cell);
                            result.value = first.value;
                        }
                    }
                    break;
                }
            }
            if result.value.abs() >= WIN - 100.0 {
                break;
            }
        }
        if result.value >= WIN - 100.0 {
            result.proven = Some(true);
        } else if result.value <= -(WIN - 100.0) && eval.proven != Some(true) {
            result.proven = Some(false);
        }
        if let Some(best) = result.best {
            result.pv = self.principal_variation(&root, best);
        }
        result.evaluations = self.evaluations;
        result
    }

    /// One iteration at the root: every move of `moves` searched to `depth`, sorted best
    /// first; `Err` with the moves finished (sorted) when the budget stopped it.
    fn root_iteration(
        &mut self,
        root: &Position,
        moves: &[Cell],
        depth: usize,
        budget: &Budget,
    ) -> Result<Vec<Scored>, Vec<Scored>> {
        let mut scores: Vec<Scored> = Vec::with_capacity(moves.len());
        let mut alpha = -f64::INFINITY;
        for &cell in moves {
            let mut child = root.clone();
            child.play_unchecked(cell);
            match self.negamax(&child, depth - 1, 1, -f64::INFINITY, -alpha, budget) {
                Ok(v) => {
                    let value = -v;
                    alpha = alpha.max(value);
                    scores.push(Scored { cell, value });
                    if value >= WIN - 100.0 {
                        break; // a proven win: nothing can beat it by much
                    }
                }
                Err(_) => {
                    sort(&mut scores);
                    return Err(scores);
                }
            }
        }
        sort(&mut scores);
        Ok(scores)
    }

    /// The value of `position` for its side to move, `depth` plies deep, `ply` plies below the
    /// root, within the window (`alpha`, `beta`) (fail-hard).
    fn negamax(
        &mut self,
        position: &Position,
        depth: usize,
        ply: usize,
        mut alpha: f64,
        beta: f64,
        budget: &Budget,
    ) -> Result<f64, Stopped> {
        if budget.stopped() {
            return Err(Stopped::Time);
        }
        let eval = self.eval(position);
        match eval.proven {
            Some(true) => return Ok(WIN - ply as f64),
            Some(false) => return Ok(-(WIN - ply as f64)),
            None => {}
        }
        if depth == 0 {
            return Ok(eval.value);
        }
        let width = self.params.ply_width.max(1);
        let moves: Vec<Cell> = eval.moves.iter().take(width).copied().collect();
        let mut best = -f64::INFINITY;
        for cell in moves {
            let mut child = position.clone();
            child.play_unchecked(cell);
            let v = -self.negamax(&child, depth - 1, ply + 1, -beta, -alpha, budget)?;
            best = best.max(v);
            alpha = alpha.max(v);
            if alpha >= beta {
                break;
            }
        }
        Ok(best)
    }

    /// The evaluation of `position`, from the table or computed (and kept).
    fn eval(&mut self, position: &Position) -> Evaluation {
        let key = position.hash();
        if let Some(e) = self.table.get(&key) {
            return e.clone();
        }
        self.evaluations += 1;
        let e = evaluate(position, self.limits);
        self.table.insert(key, e.clone());
        e
    }

    /// The line from `best`: at each later position the first of its moves whose evaluation is
    /// in the table (the moves the search looked at first), while the game goes on.
    fn principal_variation(&self, root: &Position, best: Cell) -> Vec<Cell> {
        let mut pv = vec![best];
        let mut position = root.clone();
        position.play_unchecked(best);
        while pv.len() < 8 && position.winner().is_none() {
            let Some(e) = self.table.get(&position.hash()) else {
                break;
            };
            let Some(&next) = e.moves.first() else {
                break;
            };
            if !position.empty_cells().contains(next) {
                break;
            }
            position.play_unchecked(next);
            pv.push(next);
        }
        pv
    }
}

/// Best first (ties keep their order: the better-ordered move first).
fn sort(scores: &mut [Scored]) {
    scores.sort_by(|a, b| b.value.total_cmp(&a.value));
}
