//! A complete proof of a solved position that a checker can replay without trusting the
//! solver (Hayward et al. 2004 checked their 7x7 proofs this way): at each of the winner's
//! turns one move, at each of the loser's turns *every* legal reply, and at the leaves a
//! finished game or a virtual connection between the winner's edges (carrier and key), on the
//! position itself (no fill-in: a checker need not know the inferior cell analysis).
//!
//! The solver prunes the loser's inferior moves and those outside the mustplay; a certificate
//! settles them too (the table makes most of them cheap), so it can be far larger than the
//! search tree: it is meant for small boards and short endgames, and bounded by a node count.

use crate::board::{Cell, CellSet, Color};
use crate::notation::Move;
use crate::position::Position;
use crate::search::{Budget, Stopped};
use crate::vc::{h_search, Limits};

use super::dfpn::Solver;

/// A proof that one player wins a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Certificate {
    /// The game is over: the winner's chain joins its edges.
    GameOver,
    /// The winner holds a virtual connection between its edges: full (the loser to move, or
    /// either), or semi with `key` when the winner is to move.
    Connection { carrier: CellSet, key: Option<Cell> },
    /// The winner is to move: this move, then the proof after it.
    Move { mv: Move, then: Box<Certificate> },
    /// The loser is to move: every legal reply, each with the proof after it.
    Replies { replies: Vec<(Move, Certificate)> },
}

impl Certificate {
    /// Nodes in the proof.
    #[must_use]
    pub fn size(&self) -> usize {
        match self {
            Certificate::GameOver | Certificate::Connection { .. } => 1,
            Certificate::Move { then, .. } => 1 + then.size(),
            Certificate::Replies { replies } => {
                1 + replies.iter().map(|(_, c)| c.size()).sum::<usize>()
            }
        }
    }
}

/// Why no certificate was made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CertificateError {
    /// The budget ran out while settling a move.
    Stopped(Stopped),
    /// The proof would have more than the nodes allowed.
    TooLarge,
    /// The solver's answers contradict each other (a bug: a wrong result somewhere).
    Inconsistent,
}

impl From<Stopped> for CertificateError {
    fn from(s: Stopped) -> Self {
        CertificateError::Stopped(s)
    }
}

impl Solver {
    /// A complete proof that `winner` wins `position`, of at most `max_nodes` nodes.
    pub fn certificate(
        &self,
        position: &Position,
        winner: Color,
        budget: &Budget,
        max_nodes: usize,
    ) -> Result<Certificate, CertificateError> {
        let mut left = max_nodes;
        self.certify(position, winner, budget, &mut left)
    }

    fn certify(
        &self,
        position: &Position,
        winner: Color,
        budget: &Budget,
        left: &mut usize,
    ) -> Result<Certificate, CertificateError> {
        if *left == 0 {
            return Err(CertificateError::TooLarge);
        }
        *left -= 1;
        match position.winner() {
            Some(w) if w == winner => return Ok(Certificate::GameOver),
            Some(_) => return Err(CertificateError::Inconsistent),
            None => {}
        }
        if let Some(leaf) = connection_leaf(position, winner) {
            return Ok(leaf);
        }
        if position.to_move() == winner {
            for mv in self.candidate_moves(position) {
                let mut child = position.clone();
                child.play(mv).map_err(|_| CertificateError::Inconsistent)?;
                if self.settle(&child, budget)? == winner {
                    let then = self.certify(&child, winner, budget, left)?;
                    return Ok(Certificate::Move {
                        mv,
                        then: Box::new(then),
                    });
                }
            }
            Err(CertificateError::Inconsistent)
        } else {
            let mut replies = Vec::new();
            for mv in legal_moves(position) {
                let mut child = position.clone();
                child.play(mv).map_err(|_| CertificateError::Inconsistent)?;
                if self.settle(&child, budget)? != winner {
                    return Err(CertificateError::Inconsistent);
                }
                replies.push((mv, self.certify(&child, winner, budget, left)?));
            }
            Ok(Certificate::Replies { replies })
        }
    }

    /// The winner's moves to try, the principal variation's first (as far as the table knows it).
    fn candidate_moves(&self, position: &Position) -> Vec<Move> {
        let mut moves = legal_moves(position);
        if let Some(first) = self
            .principal_variation(position, &Budget::nodes(0))
            .first()
        {
            if let Some(i) = moves.iter().position(|m| m == first) {
                moves[..=i].rotate_right(1);
            }
        }
        moves
    }
}

/// Every legal move of the side to move, the swap last.
#[must_use]
pub fn legal_moves(position: &Position) -> Vec<Move> {
    let mut moves: Vec<Move> = position.legal_cells().iter().map(Move::Cell).collect();
    if position.swap_legal() {
        moves.push(Move::Swap);
    }
    moves
}

/// A connection between `winner`'s edges on `position` itself that wins at once: full, or
/// semi with the winner to move (not with the swap open: a connection knows no swap).
fn connection_leaf(position: &Position, winner: Color) -> Option<Certificate> {
    let swap_ahead = position.config().swap && position.occupied().is_empty();
    if position.swap_legal() || swap_ahead || position.rules() != crate::rules::Rules::Hex {
        return None;
    }
    let connections = h_search(position, winner, Limits::default());
    let edges = connections.edge_to_edge()?;
    if let Some(full) = edges.full().min_by_key(|f| f.carrier.len()) {
        return Some(Certificate::Connection {
            carrier: full.carrier,
            key: None,
        });
    }
    if position.to_move() == winner {
        if let Some(semi) = edges.semi().min_by_key(|s| s.carrier.len()) {
            return Some(Certificate::Connection {
                carrier: semi.carrier,
                key: Some(semi.key),
            });
        }
    }
    None
}
