//! The serde answer of `hexlab connect --json` (and the page's connection search).

use serde::Serialize;

use crate::board::{Cell, CellSet, Color};
use crate::report::cell_names as names;

use crate::position::Position;

use super::connect::{quick, search_within, ConnectError, Outcome, Verdict, DEFAULT_TABLE_BYTES};
use super::hsearch::{h_search, Limits};

/// A semi connection found by the search: the attacker's first move and the carrier.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SemiFound {
    pub key: String,
    pub carrier: Vec<String>,
}

/// `hexlab connect --json`.
///
/// Invariant: `connected` is `Some(true)` exactly when `carrier` is a proof (a full connection:
/// the defender moves first), `Some(false)` when every empty cell was searched and the defender
/// breaks every strategy, `None` when the budget ran out (`status` says which, as a word).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ConnectReport {
    pub player: Color,
    pub from: String,
    pub to: String,
    pub connected: Option<bool>,
    /// `connected`, `refuted` or `unknown`.
    pub status: &'static str,
    /// `h-search` when H-search already holds the connection, else `search`.
    pub by: &'static str,
    pub carrier: Vec<String>,
    /// A defender move that breaks the connection (when refuted and a move is needed).
    pub refutation: Option<String>,
    /// A semi connection when there is no full one.
    pub semi: Option<SemiFound>,
    pub nodes: u64,
    /// Empty cells in the last region searched.
    pub region: usize,
    pub millis: f64,
}

impl ConnectReport {
    /// Whether `player` has a full connection between `from` and `to`: H-search's when it holds
    /// one, else connection search within `budget` nodes (`millis` is left for the caller).
    ///
    /// # Errors
    /// An endpoint that is not the player's or off the board, or both the same cell or edge.
    pub fn decide(
        position: &Position,
        player: Color,
        from: Cell,
        to: Cell,
        budget: u64,
    ) -> Result<ConnectReport, ConnectError> {
        Self::decide_within(position, player, from, to, budget, DEFAULT_TABLE_BYTES)
    }

    /// [`ConnectReport::decide`] with the search's table bounded to `table_bytes` bytes. The
    /// answers that need no search come first, with 0 nodes (endpoints already one point:
    /// connected; no path of the player's stones and empty cells between them, as when the
    /// opponent's chain joins its edges: refuted), before H-search.
    ///
    /// # Errors
    /// An endpoint that is not the player's or off the board, or both the same cell or edge.
    pub fn decide_within(
        position: &Position,
        player: Color,
        from: Cell,
        to: Cell,
        budget: u64,
        table_bytes: usize,
    ) -> Result<ConnectReport, ConnectError> {
        if let Some(outcome) = quick(position, player, from, to)? {
            return Ok(ConnectReport::from_search(player, from, to, &outcome));
        }
        let connections = h_search(position, player, Limits::default());
        let known = connections
            .between(from, to)
            .and_then(|pair| pair.full().next().map(|f| f.carrier));
        Ok(match known {
            Some(carrier) => ConnectReport::from_h_search(player, from, to, carrier),
            None => {
                let outcome = search_within(position, player, from, to, budget, table_bytes)?;
                ConnectReport::from_search(player, from, to, &outcome)
            }
        })
    }

    /// A connection H-search already holds.
    #[must_use]
    pub fn from_h_search(player: Color, from: Cell, to: Cell, carrier: CellSet) -> ConnectReport {
        ConnectReport {
            player,
            from: from.to_string(),
            to: to.to_string(),
            connected: Some(true),
            status: "connected",
            by: "h-search",
            carrier: names(carrier),
            refutation: None,
            semi: None,
            nodes: 0,
            region: 0,
            millis: 0.0,
        }
    }

    /// What a search found.
    #[must_use]
    pub fn from_search(player: Color, from: Cell, to: Cell, outcome: &Outcome) -> ConnectReport {
        let (connected, status, carrier, refutation) = match &outcome.verdict {
            Verdict::Connected { carrier } => (Some(true), "connected", names(*carrier), None),
            Verdict::Refuted { refutation } => (
                Some(false),
                "refuted",
                Vec::new(),
                refutation.map(|c| c.to_string()),
            ),
            Verdict::Unknown => (None, "unknown", Vec::new(), None),
        };
        ConnectReport {
            player,
            from: from.to_string(),
            to: to.to_string(),
            connected,
            status,
            by: "search",
            carrier,
            refutation,
            semi: outcome.semi.map(|(key, carrier)| SemiFound {
                key: key.to_string(),
                carrier: names(carrier),
            }),
            nodes: outcome.nodes,
            region: outcome.region,
            millis: 0.0,
        }
    }
}
