//! What the search learns about a node once it is visited often enough: proven results from
//! virtual connections and fill-in, and the moves worth searching (Henderson 2010, §6.1.4).
//!
//! - A winning edge-to-edge full connection (H-search) for the side to move: proven win.
//! - One for the opponent (the mustplay is `None`): proven loss.
//! - Fill-in that completes a chain: proven for that chain's owner.
//! - Otherwise the moves kept are the mustplay, intersected with the inferior cell analysis'
//!   consider set when the position has at most `inferior_max_empty` empty cells (the mustplay
//!   alone when they do not meet); the others are pruned.
//!
//! Cost (release build, noisy shared machine): fill-in and H-search take a few milliseconds on
//! 11x11, the full inferior cell analysis 50 to 500 ms on an open 11x11 board; hence the
//! bound, which keeps a node's knowledge well below the 100 ms a cancel may take. The first
//! call in a process also builds the pattern tables.
//!
//! Rex is not analysed by the inferior cell analysis: there knowledge only reads the winner of
//! a finished board.

use crate::board::CellSet;
use crate::ica::fillin::{fill, FillPolicy};
use crate::ica::Analysis;
use crate::position::Position;
use crate::rules::Rules;
use crate::vc::mustplay::{threat, Threat};
use crate::vc::Limits;

use super::tree::{LOSS, UNKNOWN, WIN};

/// The verdict on one position for its side to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Knowledge {
    /// [`UNKNOWN`], [`WIN`] or [`LOSS`] for the side to move.
    pub proven: u8,
    /// The moves to keep searching, when some can be pruned.
    pub keep: Option<CellSet>,
}

/// Computes the knowledge of `position`; the full inferior cell analysis only with at most
/// `inferior_max_empty` empty cells (fill-in always).
#[must_use]
pub fn knowledge(position: &Position, inferior_max_empty: usize) -> Knowledge {
    let mover = position.to_move();
    let verdict = |winner| if winner == mover { WIN } else { LOSS };
    if let Some(winner) = position.winner() {
        return Knowledge {
            proven: verdict(winner),
            keep: None,
        };
    }
    if position.rules() == Rules::Rex {
        return Knowledge {
            proven: UNKNOWN,
            keep: None,
        };
    }
    let analysis = if position.empty_cells().len() <= inferior_max_empty {
        crate::ica::analyze_with(position, &crate::ica::IcaParams::QUICK)
    } else {
        let policy = FillPolicy::Both {
            dead_color: mover.opponent(),
            permanent: crate::ica::fillin::PermanentFill::NotToMove,
        };
        let (filled, fillin) = fill(position, policy, position.cells());
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
        return Knowledge {
            proven: verdict(winner),
            keep: None,
        };
    }
    let limits = Limits::default();
    let mut flipped = analysis.filled.clone();
    flipped.set_to_move(mover.opponent());
    if threat(&flipped, limits) == Threat::Connected {
        return Knowledge {
            proven: WIN,
            keep: None,
        };
    }
    let must = match threat(&analysis.filled, limits) {
        Threat::Connected => {
            return Knowledge {
                proven: LOSS,
                keep: None,
            }
        }
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
