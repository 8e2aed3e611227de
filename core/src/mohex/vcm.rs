//! Connection-restoring replies in the tree (MoHex 2.0's "VC maintenance"): once a node's
//! knowledge has the opponent's connections, every move of the side to move that breaks all
//! the opponent's full connections between two of its chains (or edges) is a *probe*, and the
//! keys of the opponent's semi connections between the same two that avoid the probe are its
//! *replies*: the opponent's moves that connect again. A probe's node gives its replies a
//! larger prior ([`super::params::Params::vcm_gamma`]).
//!
//! A heuristic for move ordering only: no claim rests on it (a reply restores one pair's
//! connection, which need not be the best move).

use crate::board::{Cell, CellSet};
use crate::vc::Connections;

/// For each probe among `moves` (the side to move's), the opponent's replies; `connections`
/// are the opponent's. Probes without a reply are left out.
#[must_use]
pub fn replies(connections: &Connections, moves: CellSet) -> Vec<(Cell, CellSet)> {
    let mut found: Vec<(Cell, CellSet)> = Vec::new();
    for (a, b, pair) in connections.pairs() {
        if connections.points.get(a).empty || connections.points.get(b).empty {
            continue;
        }
        let mut fulls = pair.full();
        let Some(first) = fulls.next() else {
            continue;
        };
        let must = fulls.fold(first.carrier, |r, f| r & f.carrier) & moves;
        if must.is_empty() {
            continue;
        }
        for semi in pair.semi() {
            for probe in must - semi.carrier {
                match found.iter_mut().find(|(p, _)| *p == probe) {
                    Some((_, keys)) => {
                        keys.insert(semi.key);
                    }
                    None => found.push((probe, CellSet::single(semi.key))),
                }
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vc::mustplay::opponent_connections;
    use crate::vc::Limits;

    #[test]
    fn an_intrusion_into_a_bridge_is_answered_by_the_other_cell() {
        // White to move; the bridge of Black c3 and d4 has carrier {c4, d3}: White d3 is
        // answered by c4, and c4 by d3; a1 breaks nothing.
        let game = crate::formats::code::read("size=7&b=c3,d4&turn=w").unwrap();
        let position = game.position();
        let black = opponent_connections(position, Limits::default());
        let found = replies(&black, position.empty_cells());
        let reply_to = |c: &str| {
            let cell: Cell = c.parse().unwrap();
            found.iter().find(|(p, _)| *p == cell).map(|(_, r)| *r)
        };
        let d3: Cell = "d3".parse().unwrap();
        let c4: Cell = "c4".parse().unwrap();
        assert!(reply_to("c4").unwrap().contains(d3));
        assert!(reply_to("d3").unwrap().contains(c4));
        assert!(reply_to("a1").is_none());
    }
}
