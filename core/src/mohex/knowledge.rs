//! What the search learns about a node once it is visited often enough: proven results from
//! virtual connections and fill-in, and the moves worth searching (Henderson 2010, §6.1.4).
//!
//! - A winning edge-to-edge full connection (H-search) for the side to move: proven win.
//! - One for the opponent (the mustplay is `None`): proven loss.
//! - Fill-in that completes a chain: proven for that chain's owner.
//! - Otherwise the moves kept are the mustplay, intersected with the inferior cell analysis'
//!   consider set when the position has at most `inferior_max_empty` empty cells (every
//!   position by default; the mustplay alone when they do not meet); the others are pruned.
//! - The fill-in, which the simulations below the node start from.
//!
//! The analysis is the quick one a search calls ([`crate::ica::IcaParams::QUICK`]: every claim
//! about a move holds in the position as given, which the player plays on). Cost (release
//! build, 300 fresh 11x11 positions of 16 to 40 stones): 2.3 ms per position, most of it the
//! two H-searches; 4.0 ms on 13x13. The first call in a process also builds the pattern
//! tables.
//!
//! Rex is not analysed by the inferior cell analysis: there knowledge only reads the winner of
//! a finished board.

use crate::board::{Cell, CellSet, Color};
use crate::ica::fillin::{fill_with, FillPolicy, FillRules};
use crate::ica::Analysis;
use crate::position::Position;
use crate::rules::Rules;
use crate::vc::mustplay::{opponent_connections, threat, threat_in, Threat};
use crate::vc::Limits;

use super::tree::{LOSS, UNKNOWN, WIN};

/// The verdict on one position for its side to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Knowledge {
    /// [`UNKNOWN`], [`WIN`] or [`LOSS`] for the side to move.
    pub proven: u8,
    /// The moves to keep searching, when some can be pruned.
    pub keep: Option<CellSet>,
    /// The fill-in (cells and the colour each takes), for the simulations below the node.
    pub fill: Vec<(Cell, Color)>,
    /// The opponent's connection-restoring replies to the kept moves ([`super::vcm`]).
    pub replies: Vec<(Cell, CellSet)>,
}

impl Knowledge {
    /// A verdict alone: nothing pruned, no fill-in, no replies.
    fn only(proven: u8) -> Knowledge {
        Knowledge {
            proven,
            keep: None,
            fill: Vec::new(),
            replies: Vec::new(),
        }
    }
}

/// Computes the knowledge of `position`; the inferior cell analysis' consider set only with at
/// most `inferior_max_empty` empty cells (fill-in always).
#[must_use]
pub fn knowledge(position: &Position, inferior_max_empty: usize) -> Knowledge {
    let mover = position.to_move();
    let verdict = |winner| if winner == mover { WIN } else { LOSS };
    if let Some(winner) = position.winner() {
        return Knowledge::only(verdict(winner));
    }
    if position.rules() == Rules::Rex {
        return Knowledge::only(UNKNOWN);
    }
    let analysis = if position.empty_cells().len() <= inferior_max_empty {
        crate::ica::analyze_with(position, &crate::ica::IcaParams::QUICK)
    } else {
        let policy = FillPolicy::Both {
            dead_color: mover.opponent(),
            permanent: crate::ica::fillin::PermanentFill::NotToMove,
        };
        let (filled, fillin) =
            fill_with(position, FillRules::quick(policy), position.cells(), None);
        Analysis {
            position: position.clone(),
            decided: filled.winner(),
            consider: filled.empty_cells(),
            filled,
            fillin,
            inferior: Vec::new(),
            notes: Vec::new(),
        }
    };
    if let Some(winner) = analysis.decided {
        return Knowledge::only(verdict(winner));
    }
    let limits = Limits::default();
    let mut flipped = analysis.filled.clone();
    flipped.set_to_move(mover.opponent());
    if threat(&flipped, limits) == Threat::Connected {
        return Knowledge::only(WIN);
    }
    let theirs = opponent_connections(&analysis.filled, limits);
    let must = match threat_in(&analysis.filled, &theirs) {
        Threat::Connected => return Knowledge::only(LOSS),
        Threat::Semi(region) => region,
        Threat::Nothing => analysis.filled.empty_cells(),
    };
    let both = analysis.consider & must;
    let keep = if both.is_empty() {
        must & position.empty_cells()
    } else {
        both
    };
    Knowledge {
        proven: UNKNOWN,
        keep: (!keep.is_empty()).then_some(keep),
        fill: analysis.fillin.iter().map(|f| (f.cell, f.color)).collect(),
        replies: super::vcm::replies(&theirs, keep),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_winning_connection_is_a_proven_win_and_a_loss_for_the_other_side() {
        // On 3x3 the centre stone's bridges to both edges win for Black.
        let game = crate::formats::code::read("size=3&b=b2&turn=w").unwrap();
        assert_eq!(knowledge(game.position(), 100).proven, LOSS);
        let game = crate::formats::code::read("size=3&b=b2&w=a1&turn=b").unwrap();
        assert_eq!(knowledge(game.position(), 100).proven, WIN);
    }
}
