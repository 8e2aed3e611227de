//! Updating H-search's connections after one stone, instead of searching again from scratch.
//!
//! After a stone on `cell`:
//! - a connection whose carrier misses `cell` still holds (a stone outside a carrier changes
//!   nothing the strategy uses);
//! - the player's own stone inside a carrier only helps: the carrier loses the cell, and a semi
//!   connection whose key it is becomes full;
//! - the opponent's stone inside a carrier breaks the connection, which is dropped.
//!
//! Endpoints are renamed to the points holding them afterwards (chains that merged become one
//! point). Connections kept this way are stored without drawing consequences again (those were
//! drawn before, and kept too unless they used the cell); then the new adjacencies and the new
//! full connections are put through the rules. A pair that lost a full connection to the
//! opponent's stone goes through the OR rule again: the rule tried only the cells common to the
//! pair's full connections, and with one gone its semi connections may now make a full one the
//! rule never looked for (a pair that lost only semi connections has no new way to combine the
//! rest). With the same limits, the result can still hold fewer connections than a rebuild (a
//! pair that was full may have had a connection turned away), never a wrong one:
//! `core/tests/vc_soundness.rs` checks updates against brute force like rebuilds.

use crate::board::Cell;
use crate::position::Position;

use super::carrier::{Bits, CarrierSet, Layout};
use super::hsearch::{chain_bit, Chains, Connections, Limits, Search, Semi};
use super::points::{PointId, Points};

/// The connections of `previous`'s player in `position`, which is `previous`'s position with
/// one more stone, on `cell`.
///
/// # Panics
/// If `previous` was built on a board of another size.
#[must_use]
pub fn after_stone(
    previous: &Connections,
    position: &Position,
    cell: Cell,
    limits: Limits,
) -> Connections {
    // Through edges, only the edge-to-edge connections of that search are kept (see
    // [`super::h_search`]); an update would draw the others again, so build anew.
    if limits.and_over_edges {
        return super::h_search(position, previous.points.color, limits);
    }
    match Layout::new(position.size()).words() {
        2 => update::<2>(previous, position, cell, limits),
        3 => update::<3>(previous, position, cell, limits),
        4 => update::<4>(previous, position, cell, limits),
        _ => update::<6>(previous, position, cell, limits),
    }
}

/// [`after_stone`] with carriers of `W` words.
fn update<const W: usize>(
    previous: &Connections,
    position: &Position,
    cell: Cell,
    limits: Limits,
) -> Connections {
    let color = previous.points.color;
    let own_move = position.stone_at(cell) == Some(color);
    let points = Points::new(position, color);
    let old = &previous.points;
    let map = |id: PointId| -> Option<PointId> { points.point_of(old.get(id).name) };
    let rename = |chains: Chains| -> Chains {
        let mut out = 0;
        let mut bits = chains;
        while bits != 0 {
            let id = bits.trailing_zeros() as PointId;
            bits &= bits - 1;
            if let Some(p) = points.point_of(old.get(id).name) {
                out |= chain_bit(p);
            }
        }
        out
    };
    let mut search = Search::<W>::new(position, points.clone(), limits);
    assert_eq!(
        previous.layout(),
        search.layout,
        "the connections were built on another board"
    );
    let played = Bits::<W>::single(search.layout.slot(cell));
    let mut promoted = Vec::new();
    // Pairs that lost a full connection to the opponent's stone (see the module doc).
    let mut broken = Vec::new();
    search.quiet = true;
    for (a, b, pair) in previous.pairs() {
        let (Some(a2), Some(b2)) = (map(a), map(b)) else {
            continue;
        };
        if a2 == b2 {
            continue;
        }
        let mut lost_full = false;
        for full in pair.full_bits::<W>() {
            if full.carrier.intersects(&played) && !own_move {
                lost_full = true;
                continue;
            }
            search.add_full(a2, b2, full.carrier - played, rename(full.chains));
        }
        for semi in pair.semi_bits::<W>() {
            if semi.carrier.intersects(&played) && !own_move {
                continue;
            }
            let carrier = semi.carrier - played;
            if semi.key == cell {
                promoted.push((a2, b2, carrier, rename(semi.chains)));
            } else {
                search.add_semi(
                    a2,
                    b2,
                    Semi {
                        carrier,
                        key: semi.key,
                        chains: rename(semi.chains),
                    },
                );
            }
        }
        if lost_full {
            broken.push((a2, b2));
        }
    }
    search.quiet = false;
    for (a, b) in broken {
        search.queue_or(a, b);
    }
    for (a, b, carrier, chains) in promoted {
        search.add_full(a, b, carrier, chains);
    }
    if own_move {
        // The chain through the new stone: its adjacencies are new, and the connections of the
        // points it merged now meet at one point, so they are combined again.
        let chain = points
            .point_of(cell)
            .expect("the new stone belongs to a point");
        for other in points.adjacent(chain) {
            search.add_full(chain, other, Default::default(), 0);
        }
        search.requeue(chain);
    }
    search.run();
    search.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Color;
    use crate::formats::read_link;
    use crate::vc::hsearch::h_search;

    #[test]
    fn a_pair_that_loses_a_full_connection_goes_through_the_or_rule_again() {
        // White's c5 breaks Black's top-to-bottom connections through c5; the OR rule, asked
        // again, combines the semi connections left into one avoiding it, as a rebuild finds.
        let before = read_link("size=5&b=b2,a4,d4,a5&w=b1,e1,e2")
            .unwrap()
            .position()
            .clone();
        let cell: Cell = "c5".parse().unwrap();
        let mut after = before.clone();
        after.set_stone(cell, Some(Color::White)).unwrap();
        let limits = Limits::default();
        let rebuilt = h_search(&after, Color::Black, limits);
        assert!(rebuilt.edge_to_edge().is_some_and(|e| e.full().len() > 0));
        let updated = after_stone(
            &h_search(&before, Color::Black, limits),
            &after,
            cell,
            limits,
        );
        let edge = updated.edge_to_edge().expect("the edges stay connected");
        assert!(edge.full().len() > 0);
        assert!(edge.full().all(|f| !f.carrier.contains(cell)));
    }
}
