//! One virtual connection: a full or a semi connection's carrier, key and partition chains, the
//! types H-search and its rules (the crossing rule, the incremental update) share.

use crate::board::{Cell, CellSet};

use super::points::PointId;

/// Partition chains, as a bitmask over point ids: chains and edges come first among the points,
/// so a chain's bit is its id; chains with ids from 64 on are left out (knowing fewer partition
/// chains only means fewer crossing-rule deductions).
pub type Chains = u64;

/// The bit of chain point `id` (none past 63).
#[must_use]
pub fn chain_bit(id: PointId) -> Chains {
    if id < 64 {
        1 << id
    } else {
        0
    }
}

/// A full connection: its carrier, and its partition chains.
///
/// Invariant: every chain in `chains` splits the carrier into two disjoint full connections,
/// one to each endpoint (Henderson 2010, Lemma 12). Carriers hold empty cells only.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Full<C = CellSet> {
    pub carrier: C,
    pub chains: Chains,
}

/// A semi connection's carrier (which holds the key), key and partition chains.
///
/// Invariant: every chain in `chains` splits the carrier into a full connection to one
/// endpoint and a disjoint semi connection to the other.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Semi<C = CellSet> {
    pub carrier: C,
    pub key: Cell,
    pub chains: Chains,
}
