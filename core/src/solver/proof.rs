//! Reading a solved tree back out of the solver's table: every winning move of a position,
//! the principal variation, and one node of the proof explained (why it is decided, and its
//! children's results) for the proof explorer.
//!
//! Nothing here trusts a node the table has lost: a missing or open child is searched again
//! under the same budget.

use serde::Serialize;

use crate::board::Color;
use crate::notation::Move;
use crate::position::Position;
use crate::report::cell_names;
use crate::search::{Budget, Stopped};

use super::bounds::Bounds;
use super::dfpn::{key, Solver};
use super::expand::{expand, Reason};

/// Why a node of the proof is decided.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ProofNode {
    /// The moves from the solved position to this node.
    pub path: Vec<String>,
    pub to_move: Color,
    /// The winner, `None` if unknown within the budget.
    pub winner: Option<Color>,
    /// How it is decided: `game-over`, `fill-in`, `connection`, `mustplay`, or `children`
    /// (by searching its moves).
    pub reason: String,
    /// The cells the reason rests on: the winning chain or connection carrier, or (for an
    /// empty mustplay) the opponent's semi connection carriers.
    pub carrier: Vec<String>,
    /// The key of a winning semi connection (the move that wins at once).
    pub key: Option<String>,
    /// The mustplay, when the opponent threatens to win.
    pub mustplay: Option<Vec<String>>,
    /// The cells the fill-in coloured, by colour.
    pub fillin_black: Vec<String>,
    pub fillin_white: Vec<String>,
    /// The moves searched here with their results (the winner of the child position).
    pub children: Vec<ChildResult>,
    /// A proof set: the empty cells the winner's proof needs (the winner still wins with every
    /// other empty cell given to the loser; see [`super::proof_set`]); `None` while unsolved.
    pub proof_set: Option<Vec<String>>,
}

/// One searched move of a node and who wins after it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ChildResult {
    #[serde(rename = "move")]
    pub mv: String,
    pub winner: Option<Color>,
    /// Nodes the table records below the child (how hard it was to settle).
    pub work: u32,
}

impl Solver {
    /// Solves `position` if the table does not hold its result, with one thread.
    pub fn settle(&self, position: &Position, budget: &Budget) -> Result<Color, Stopped> {
        self.settle_on(position, 1, budget)
    }

    /// [`Solver::settle`] with `threads` threads sharing the table (each running df-pn from
    /// `position`, as [`Solver::solve`]).
    pub fn settle_on(
        &self,
        position: &Position,
        threads: usize,
        budget: &Budget,
    ) -> Result<Color, Stopped> {
        if let Some(b) = self.bounds(position) {
            if let Some(winner) = winner_of(position, b) {
                return Ok(winner);
            }
        }
        let outcome = self.solve(position, threads, budget);
        outcome
            .winner
            .ok_or(outcome.stopped.unwrap_or(Stopped::Nodes))
    }

    /// Every winning move of the side to move in `position` (every legal move settled, the
    /// swap included, each by `threads` threads), in move order; `Err` when the budget ran out
    /// first.
    pub fn winning_moves(
        &self,
        position: &Position,
        threads: usize,
        budget: &Budget,
    ) -> Result<Vec<Move>, Stopped> {
        let mover = position.to_move();
        let mut moves: Vec<Move> = position.legal_cells().iter().map(Move::Cell).collect();
        if position.swap_legal() {
            moves.push(Move::Swap);
        }
        let mut winning = Vec::new();
        for mv in moves {
            let mut child = position.clone();
            child.play(mv).expect("legal moves play");
            if self.settle_on(&child, threads, budget)? == mover {
                winning.push(mv);
            }
        }
        Ok(winning)
    }

    /// The principal variation from `position`: the winner's move that the table found
    /// (proven), and the loser's reply that took the most work to refute, to the end or as far
    /// as `budget` allows. A node or child the table has lost (a small table replaces entries
    /// all the time) is solved again within `budget`, so a won position always gets its winning
    /// first move when the budget suffices; `Budget::nodes(0)` reads the table only.
    #[must_use]
    pub fn principal_variation(&self, position: &Position, budget: &Budget) -> Vec<Move> {
        let mut pv = Vec::new();
        let mut current = position.clone();
        while pv.len() <= 400 {
            let Some(winner) = self.known_winner(&current, budget) else {
                break;
            };
            let Ok(node) = self.node(&current, &mut budget.meter()) else {
                break;
            };
            let mover = current.to_move();
            let children = self.children(&current, &node);
            let known = |k: u64| self.table().get(k).filter(|n| n.bounds.is_solved());
            let pick = if winner == mover {
                // A child lost by its mover, preferring the one settled with least work; when
                // the table lost them all, the first that loses when solved again.
                children
                    .iter()
                    .filter(|(_, _, k)| known(*k).is_some_and(|n| n.bounds.is_loss()))
                    .min_by_key(|(_, _, k)| known(*k).map_or(u32::MAX, |n| n.work))
                    .or_else(|| {
                        children
                            .iter()
                            .find(|(_, child, _)| self.settle(child, budget) == Ok(mover))
                    })
            } else {
                // Every child is won by the winner: the hardest refuted one the table knows.
                children
                    .iter()
                    .filter(|(_, _, k)| known(*k).is_some_and(|n| n.bounds.is_win()))
                    .max_by_key(|(_, _, k)| known(*k).map_or(0, |n| n.work))
                    .or_else(|| children.first())
            };
            let Some((mv, child, _)) = pick else {
                // Decided by its expansion: a connection's key is the move that wins.
                if winner == mover {
                    if let Some(mv) = node.best {
                        pv.push(mv);
                    }
                }
                break;
            };
            pv.push(*mv);
            current = child.clone();
        }
        pv
    }

    /// The winner of `position`: the table's, else solved again within `budget`; `None` when
    /// the budget runs out first.
    fn known_winner(&self, position: &Position, budget: &Budget) -> Option<Color> {
        match self.bounds(position) {
            Some(b) if b.is_solved() => winner_of(position, b),
            _ if budget.node_limit() == 0 => None,
            _ => self.settle(position, budget).ok(),
        }
    }

    /// The node of the proof at `path` from `position`, explained. Its children's results come
    /// from the table; with `settle_children`, those the table does not know are solved within
    /// `budget` (a losing node's children all need a proof: that can cost as much again as the
    /// solve).
    pub fn explain(
        &self,
        position: &Position,
        path: &[Move],
        budget: &Budget,
        settle_children: bool,
    ) -> Result<ProofNode, Stopped> {
        let mut current = position.clone();
        for mv in path {
            // The path follows the table's children, which are played on the filled position.
            let node = self.node(&current, &mut budget.meter())?;
            let mut next = node.filled(&current);
            next.play(*mv).map_err(|_| Stopped::Nodes)?;
            current = next;
        }
        let winner = match self.bounds(&current) {
            Some(b) if b.is_solved() => winner_of(&current, b),
            _ => self.settle(&current, budget).ok(),
        };
        let expansion = expand(&current, self.features());
        let proof_set = self
            .table()
            .get(key(&current))
            .filter(|n| n.bounds.is_solved())
            .map(|n| cell_names(n.proof))
            .or_else(|| expansion.verdict.map(|v| cell_names(v.proof)));
        let (fillin_black, fillin_white) = (
            cell_names(expansion.fillin.black),
            cell_names(expansion.fillin.white),
        );
        let mustplay = expansion.mustplay.map(cell_names);
        let path_names: Vec<String> = path.iter().map(ToString::to_string).collect();
        if let Some(verdict) = expansion.verdict {
            return Ok(ProofNode {
                path: path_names,
                to_move: current.to_move(),
                winner: Some(verdict.winner),
                reason: reason_name(verdict.reason).into(),
                carrier: cell_names(verdict.carrier),
                key: verdict.key.map(|k| k.to_string()),
                mustplay,
                fillin_black,
                fillin_white,
                children: Vec::new(),
                proof_set,
            });
        }
        let node = self.node(&current, &mut budget.meter())?;
        let mut children = Vec::new();
        for (mv, child, k) in self.children(&current, &node) {
            let result = match self.table().get(k) {
                Some(n) if n.bounds.is_solved() => winner_of(&child, n.bounds),
                _ if settle_children => self.settle(&child, budget).ok(),
                _ => None,
            };
            children.push(ChildResult {
                mv: mv.to_string(),
                winner: result,
                work: self.table().get(k).map_or(0, |n| n.work),
            });
        }
        Ok(ProofNode {
            path: path_names,
            to_move: current.to_move(),
            winner,
            reason: "children".into(),
            carrier: Vec::new(),
            key: None,
            mustplay,
            fillin_black,
            fillin_white,
            children,
            proof_set,
        })
    }
}

/// The winner a solved `bounds` of `position` names.
#[must_use]
pub fn winner_of(position: &Position, bounds: Bounds) -> Option<Color> {
    if bounds.is_win() {
        Some(position.to_move())
    } else if bounds.is_loss() {
        Some(position.to_move().opponent())
    } else {
        None
    }
}

/// The word for a reason in reports.
#[must_use]
pub fn reason_name(reason: Reason) -> &'static str {
    match reason {
        Reason::GameOver => "game-over",
        Reason::FillIn => "fill-in",
        Reason::Connection => "connection",
        Reason::Mustplay => "mustplay",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::Features;
    use crate::BoardSize;

    fn empty(size: u32) -> Position {
        let config = crate::RulesConfig {
            swap: false,
            ..Default::default()
        };
        Position::new(BoardSize::square(size).unwrap(), config)
    }

    /// The first move of a line must win: checked by solving the position after it afresh.
    fn first_move_wins(position: &Position, pv: &[Move]) {
        let first = *pv.first().expect("a won position has a line");
        let mut after = position.clone();
        after.play(first).unwrap();
        let fresh = Solver::new(4, Features::default());
        let winner = fresh.settle(&after, &Budget::unlimited()).unwrap();
        assert_eq!(winner, position.to_move(), "{first} does not win");
    }

    #[test]
    fn a_table_that_lost_the_proof_still_gives_the_winning_line() {
        let position = empty(4);
        let solver = Solver::new(4, Features::default());
        let budget = Budget::unlimited();
        assert_eq!(solver.settle(&position, &budget), Ok(Color::Black));
        // Everything the solve stored is gone (as a small table loses entries): reading the
        // table alone gives nothing, and a budget solves the line again.
        solver.clear();
        assert!(solver
            .principal_variation(&position, &Budget::nodes(0))
            .is_empty());
        let pv = solver.principal_variation(&position, &budget);
        first_move_wins(&position, &pv);
    }

    #[test]
    fn the_line_of_a_solved_position_is_read_from_the_table() {
        let position = empty(4);
        let solver = Solver::new(4, Features::default());
        solver.settle(&position, &Budget::unlimited()).unwrap();
        let pv = solver.principal_variation(&position, &Budget::nodes(0));
        first_move_wins(&position, &pv);
    }
}
