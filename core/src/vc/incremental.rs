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
//! full connections are put through the rules. With the same limits, the result can hold fewer
//! connections than a rebuild (a pair that was full may have had a connection turned away), never
//! a wrong one: `core/tests/vc_soundness.rs` checks updates against brute force like rebuilds.

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
    search.quiet = true;
    for (a, b, pair) in previous.pairs() {
        let (Some(a2), Some(b2)) = (map(a), map(b)) else {
            continue;
        };
        if a2 == b2 {
            continue;
        }
        for full in pair.full_bits::<W>() {
            if full.carrier.intersects(&played) && !own_move {
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
    }
    search.quiet = false;
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
