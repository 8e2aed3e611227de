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
        if let Some(b) = self.bounds(position) {
            if let Some(winner) = winner_of(position, b) {
                return Ok(winner);
            }
        }
        let outcome = self.solve(position, 1, budget);
        outcome
            .winner
            .ok_or(outcome.stopped.unwrap_or(Stopped::Nodes))
    }

    /// Every winning move of the side to move in `position` (every legal move settled, the
    /// swap included), in move order; `Err` when the budget ran out first.
    pub fn winning_moves(
        &self,
        position: &Position,
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
            if self.settle(&child, budget)? == mover {
                winning.push(mv);
            }
        }
        Ok(winning)
    }

    /// The principal variation from `position`: the winner's move that the table found
    /// (proven), and the loser's reply that took the most work to refute, to the end or as far
    /// as the table knows.
    #[must_use]
    pub fn principal_variation(&self, position: &Position) -> Vec<Move> {
        let mut pv = Vec::new();
        let mut current = position.clone();
        while let Some(node) = self.table().get(key(&current)) {
            if !node.bounds.is_solved() || pv.len() > 400 {
                break;
            }
            let children = self.children(&current, &node);
            let pick = if node.bounds.is_win() {
                // A child lost by its mover; prefer the one settled with least work.
                children
                    .iter()
                    .filter(|(_, _, k)| self.child_bounds(*k).is_loss())
                    .min_by_key(|(_, _, k)| self.table().get(*k).map_or(u32::MAX, |n| n.work))
            } else {
                children
                    .iter()
                    .filter(|(_, _, k)| self.child_bounds(*k).is_win())
                    .max_by_key(|(_, _, k)| self.table().get(*k).map_or(0, |n| n.work))
            };
            let Some((mv, child, _)) = pick else {
                // Decided by its expansion: a connection's key is the move that wins.
                if node.bounds.is_win() {
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
