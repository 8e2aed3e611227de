//! The mustplay of the side to move: the cells that must be played to stop the opponent's
//! winning semi connections (Henderson 2010, §2.9.2).

use crate::board::CellSet;
use crate::position::Position;

use super::hsearch::{h_search, Limits};

/// The mustplay for the side to move, with the opponent's connections' verdict:
/// - `None` when the opponent already has a winning full connection (every move loses);
/// - all empty cells when the opponent has no winning semi connection;
/// - otherwise the intersection of the opponent's winning semi carriers.
#[must_use]
pub fn mustplay(position: &Position, limits: Limits) -> Option<CellSet> {
    let opponent = position.to_move().opponent();
    let connections = h_search(position, opponent, limits);
    let mut region = position.empty_cells();
    if let Some(edge) = connections.edge_to_edge() {
        if !edge.full.is_empty() {
            return None;
        }
        for semi in &edge.semi {
            region &= semi.carrier;
        }
    }
    Some(region)
}
