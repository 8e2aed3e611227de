//! H-search on the fill-in of the inferior cell analysis (Henderson 2010, §3.1 and §4.2.1):
//! dead cells and captured sets coloured first, so connections are looked for on a position of
//! the same value with fewer empty cells.
//!
//! Only dead cells and captured sets are filled (no permanently inferior cells): both stay
//! value-preserving in every continuation, for either side to move, which the mustplay below
//! relies on.
//!
//! Connections found on the reduced position are claims about that position: its extra stones
//! are part of what they use. Whether a side has a winning connection, and the mustplay, carry
//! over to the position as given, because the reduced position has the same value.

use crate::board::CellSet;
use crate::ica::fillin::{fill, FillKind, FillPolicy, Filled};
use crate::position::Position;

use super::hsearch::Limits;
use super::mustplay::{both, mustplay, threat, Threat};

/// A position with its dead cells and captured sets filled in.
#[derive(Clone, Debug)]
pub struct Reduced {
    /// The filled position (same value as the one given, for either side to move).
    pub position: Position,
    /// The cells filled, in the order deduced.
    pub fillin: Vec<Filled>,
}

/// Fills `position`'s dead cells (with the colour of the player not to move) and captured sets.
#[must_use]
pub fn reduce(position: &Position) -> Reduced {
    let policy = FillPolicy::dead_and_captured(position.to_move().opponent());
    let (filled, fillin) = fill(position, policy, position.cells());
    Reduced {
        position: filled,
        fillin,
    }
}

/// The mustplay of the side to move, found on the reduced position (see
/// [`super::mustplay::mustplay`] for the `None` case). When the opponent has a winning semi
/// connection there, a filled cell is outside the mustplay only when playing it is as good as
/// passing, which loses: a dead cell (any colour gives the same value) or a cell of a set the
/// mover has captured (already worth the mover's stones). A cell of a set the opponent captured
/// is put back: the intrusion is answered and the mover is to move again, so it need not lose.
/// Without a threat, every empty cell is in.
///
/// The put-back cells can make that region larger than the mustplay found without the fill-in,
/// so the answer is the intersection of the two ([`both`]): never larger than either.
#[must_use]
pub fn mustplay_after_fillin(position: &Position, limits: Limits) -> Option<CellSet> {
    let reduced = reduce(position);
    let on_reduced = mustplay_on_reduced(position, &reduced, || threat(&reduced.position, limits));
    both(on_reduced, mustplay(position, limits))
}

/// [`mustplay_after_fillin`] with `position` already reduced, and `threat` giving the
/// opponent's threat on the reduced position (asked for only if that position is undecided):
/// the fill-in's mustplay alone, before it meets the one found without the fill-in.
#[must_use]
pub fn mustplay_on_reduced(
    position: &Position,
    reduced: &Reduced,
    threat: impl FnOnce() -> Threat,
) -> Option<CellSet> {
    let mover = position.to_move();
    match reduced.position.winner() {
        Some(winner) if winner == mover => return Some(position.empty_cells()),
        Some(_) => return None,
        None => {}
    }
    let region = match threat() {
        Threat::Connected => return None,
        Threat::Nothing => return Some(position.empty_cells()),
        Threat::Semi(region) => region,
    };
    let put_back: CellSet = reduced
        .fillin
        .iter()
        .filter(|f| f.kind != FillKind::Dead && f.color != mover)
        .map(|f| f.cell)
        .collect();
    Some(region | put_back)
}
