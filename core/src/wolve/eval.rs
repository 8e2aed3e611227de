//! Wolve's evaluation of one position (Henderson 2010, §6.2): fill-in, H-search for both
//! players on the filled board, and the resistance of each player's circuit with its full
//! virtual connections as extra wires.
//!
//! - A winning full connection for the side to move (or fill-in that completes its chain) is a
//!   proven win; one for the opponent, or an empty mustplay (two of the opponent's winning semi
//!   connections with disjoint carriers), a proven loss.
//! - Otherwise the value is the resistance evaluation `ln(R_opponent / R_mover)` (positive when
//!   the side to move is better placed), and the moves worth trying are the mustplay's empty
//!   cells of the filled board (fill-in cells are inferior), ordered by how much current they
//!   carry for both players.

use crate::board::{Cell, CellSet};
use crate::eval::Resistance;
use crate::ica::fillin::{fill, FillPolicy, PermanentFill};
use crate::position::Position;
use crate::vc::mustplay::{threat_in, Threat};
use crate::vc::{h_search, Limits};

/// What the evaluation says about a position, for its side to move.
#[derive(Clone, Debug)]
pub struct Evaluation {
    /// `Some(true)`: the side to move wins (proven); `Some(false)`: it loses.
    pub proven: Option<bool>,
    /// The resistance evaluation for the side to move (0 when proven).
    pub value: f64,
    /// The moves to try, best first by the circuits' current (empty when proven, except the
    /// cells of a winning connection's carrier for a proven win).
    pub moves: Vec<Cell>,
}

/// Evaluates `position` for its side to move with H-search limits `limits` (see the module doc).
#[must_use]
pub fn evaluate(position: &Position, limits: Limits) -> Evaluation {
    let mover = position.to_move();
    let decided = |wins: bool, moves: Vec<Cell>| Evaluation {
        proven: Some(wins),
        value: 0.0,
        moves,
    };
    if let Some(winner) = position.winner() {
        return decided(winner == mover, Vec::new());
    }
    let (filled, _) = fill(
        position,
        FillPolicy::Both {
            dead_color: mover.opponent(),
            permanent: PermanentFill::NotToMove,
        },
        position.cells(),
    );
    if let Some(winner) = filled.winner() {
        let moves = position.empty_cells().iter().collect();
        return decided(winner == mover, moves);
    }
    let (own, theirs) = rayon::join(
        || h_search(&filled, mover, limits),
        || h_search(&filled, mover.opponent(), limits),
    );
    if let Some(edge) = own.edge_to_edge() {
        if let Some(full) = edge.full().next() {
            let carrier: CellSet = full.carrier & position.empty_cells();
            let rest = position.empty_cells() - carrier;
            return decided(true, carrier.iter().chain(rest.iter()).collect());
        }
    }
    let region = match threat_in(&filled, &theirs) {
        Threat::Connected => return decided(false, Vec::new()),
        Threat::Semi(region) => region & filled.empty_cells(),
        Threat::Nothing => filled.empty_cells(),
    };
    if region.is_empty() {
        return decided(false, Vec::new());
    }
    let (black, white) = match mover {
        crate::board::Color::Black => (&own, &theirs),
        crate::board::Color::White => (&theirs, &own),
    };
    let resistance = Resistance::with_weighted_connections(&filled, black, white);
    Evaluation {
        proven: None,
        value: resistance.evaluation(mover),
        moves: resistance.order(region),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_winning_connection_is_proven_for_both_sides() {
        let game = crate::formats::code::read("size=3&b=b2&w=a1&turn=b").unwrap();
        let e = evaluate(game.position(), Limits::default());
        assert_eq!(e.proven, Some(true));
        assert!(!e.moves.is_empty());
        let game = crate::formats::code::read("size=3&b=b2&turn=w").unwrap();
        assert_eq!(
            evaluate(game.position(), Limits::default()).proven,
            Some(false)
        );
    }

    #[test]
    fn the_centre_is_better_than_a_corner() {
        let centre = crate::formats::code::read("size=7&moves=d4").unwrap();
        let corner = crate::formats::code::read("size=7&moves=a1").unwrap();
        let (a, b) = (
            evaluate(centre.position(), Limits::default()),
            evaluate(corner.position(), Limits::default()),
        );
        // White to move in both: worse after Black's centre stone.
        assert!(a.value < b.value, "{} {}", a.value, b.value);
        assert!(a.proven.is_none() && !a.moves.is_empty());
    }
}
