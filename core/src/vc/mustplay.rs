//! The mustplay of the side to move: the cells that must be played to stop the opponent's
//! winning semi connections (Henderson 2010, §2.9.2).

use crate::board::CellSet;
use crate::position::Position;

use super::hsearch::{search_rules, Connections, Limits};

/// What H-search finds for the opponent of the side to move between its two edges.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Threat {
    /// A winning full connection: every move loses.
    Connected,
    /// Winning semi connections only; the intersection of their carriers (empty cells).
    Semi(CellSet),
    /// No winning semi connection.
    Nothing,
}

/// The opponent's threat against the side to move.
#[must_use]
pub fn threat(position: &Position, limits: Limits) -> Threat {
    // Only the edge-to-edge connections are read: the plain search [`super::h_search`] runs
    // beside the one through edges is not needed.
    threat_in(position, &opponent_connections(position, limits))
}

/// H-search's connections for the opponent of the side to move in `position`, as [`threat`]
/// reads them (for [`threat_in`] and whatever else the caller reads off them).
#[must_use]
pub fn opponent_connections(position: &Position, limits: Limits) -> Connections {
    search_rules(position, position.to_move().opponent(), limits)
}

/// The threat read off `connections`, H-search's connections for the opponent of the side to
/// move in `position`.
#[must_use]
pub fn threat_in(position: &Position, connections: &Connections) -> Threat {
    debug_assert_eq!(connections.points.color, position.to_move().opponent());
    match connections.edge_to_edge() {
        Some(edge) if edge.full().len() > 0 => Threat::Connected,
        Some(edge) if edge.semi().len() > 0 => Threat::Semi(
            edge.semi()
                .fold(position.empty_cells(), |r, s| r & s.carrier),
        ),
        _ => Threat::Nothing,
    }
}

/// The mustplay for the side to move, with the opponent's connections' verdict:
/// - `None` when the opponent already has a winning full connection (every move loses);
/// - all empty cells when the opponent has no winning semi connection;
/// - otherwise the intersection of the opponent's winning semi carriers.
#[must_use]
pub fn mustplay(position: &Position, limits: Limits) -> Option<CellSet> {
    mustplay_for(position, threat(position, limits))
}

/// [`mustplay`] with the opponent's threat already found.
#[must_use]
pub fn mustplay_for(position: &Position, threat: Threat) -> Option<CellSet> {
    match threat {
        Threat::Connected => None,
        Threat::Semi(region) => Some(region),
        Threat::Nothing => Some(position.empty_cells()),
    }
}

/// Two mustplays of the same position, each sound (a move outside it loses): a move outside
/// their intersection is outside one of them and loses too, and `None` from either (every move
/// loses) stands.
#[must_use]
pub fn both(a: Option<CellSet>, b: Option<CellSet>) -> Option<CellSet> {
    Some(a? & b?)
}
