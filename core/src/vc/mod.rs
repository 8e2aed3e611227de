//! Virtual connections (Henderson 2010, chapter 4): H-search and the mustplay.
//!
//! Every connection claim is checked against brute force on small boards
//! (`core/tests/vc_soundness.rs`): for a full connection the attacker, playing only inside the
//! carrier, joins the endpoints whatever the defender does, the defender moving first; for a
//! semi connection the same after the attacker plays the key; and a move outside the mustplay
//! loses.

pub(crate) mod arena;
pub mod captured;
pub mod carrier;
pub mod connect;
pub mod connect_report;
pub mod connection;
pub mod connections;
pub mod crossing;
pub mod decomposition;
pub mod edge_pieces;
mod edge_shapes;
pub mod fillin;
pub mod hsearch;
pub mod incremental;
pub mod limits;
pub mod minimal_carriers;
pub mod mustplay;
mod or_rule;
pub mod points;
pub mod report;
pub mod templates;

pub use hsearch::{h_search, Connections, EdgeRole, Full, Limits, PairConnections, Semi};
pub use mustplay::mustplay;
pub use report::VcReport;
