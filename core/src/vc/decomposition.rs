//! Captured decompositions (Henderson 2010, §3.7.3 and §3.8.4): a region that a player's
//! virtual connection between two of its chains (or a chain and an edge) walls off from the
//! player's other edges is that player's captured set, found from H-search's connections.
//!
//! **The rule.** For player `X`, take two of `X`'s points `a` and `b` (chains, or an edge with
//! the chains touching it; not the two edges) with a full connection. Let the *walls* be the
//! stones of `a` and `b`, the *stops* the empty cells next to a wall (next to an edge: its whole
//! row), and let a flood start from the cells along `X`'s edges that are neither `a` nor `b`
//! (the *free* edges) and spread through empty cells and `X`'s other stones, entering a stop
//! but never leaving one. The *region* is the set of empty cells the flood does not reach. When
//! some full connection of the pair has its carrier inside the region, the whole region is `X`
//! captured: `X` may fill it.
//!
//! **Why.** `X`'s second-player strategy in the region: answer an intrusion into the carrier by
//! the connection's strategy, any other intrusion anywhere in the region (an extra stone of
//! `X`'s never spoils a connection strategy). At the end `a`, `b` and `X`'s stones of the
//! carrier form one connected piece `K` (through an edge of `X`'s, if the connection uses one:
//! below, a path reaching such an edge is already a winning path). Take any completion of the
//! board and any cell `y` of the region, and a chain `π` of `X`'s stones joining `X`'s edges
//! through `y`. Walk back along `π` from `y`: its cells were empty or `X`'s when the region was
//! found (an opponent stone stays one), so the walk stays among unreached cells until it meets a
//! wall (a cell of `K`), or an edge that is `a` or `b` (part of `K`), or a reached cell; a
//! reached cell next to an unreached one that is not a wall is a stop, since the flood leaves
//! every reached cell that is not one. Stops touch walls. The same holds walking forward. So
//! `π` touches `K` before and after `y`, and cutting out the piece between through `K` joins
//! `X`'s edges without `y`. Hence whether `X` wins never depends on `y`'s colour: every cell of
//! the region, an opponent's intrusion included, is dead once `K` stands, and the region may be
//! all `X`'s (Henderson's Theorem 7).
//!
//! The walk cannot start at a free edge: every cell of a free edge's row that an `X` chain can
//! use is where the flood starts, so it is reached.
//!
//! **What it rests on.** The full connection between `a` and `b`, as the solver's H-search finds
//! it with the edges conducting (`EdgeRole::Conducts`, under which only edge-to-edge
//! connections are the searched claims): a connection through `a`'s or `b`'s own edge is fine
//! (a walk meeting that edge holds a winning path already), and one through a free edge has a
//! carrier cell on that edge's row, which the flood reaches, so it is never inside a region.
//! `captured_decompositions_hold` checks the regions end to end, whatever the connection.
//!
//! **Stable** (`solver::proof_set`, part 2): stones of either colour added outside the region
//! leave the claim true. The argument above reads the region as found, not as recomputed: it
//! uses only that the cells of `π` were empty or `X`'s when the region was found (stones added
//! never change that) and that the carrier, inside the region, is still empty.
//!
//! Checked against brute force on random positions in `core/tests/vc_soundness.rs`
//! (`captured_decompositions_hold`), with random stones added outside the region.

use crate::board::{BoardSize, CellSet};
use crate::position::Position;

use super::connections::Connections;
use super::points::PointId;

/// A captured decomposition of one player: the region to fill, and the carrier of the full
/// connection that walls it off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CapturedRegion {
    /// The empty cells the player may fill (the carrier among them).
    pub region: CellSet,
    /// The full connection's carrier, inside `region`.
    pub carrier: CellSet,
}

/// The first captured decomposition of `connections`' player in `position` (the position H-search
/// ran on), if any: see the module's rule.
#[must_use]
pub fn find_captured_region(
    position: &Position,
    connections: &Connections,
) -> Option<CapturedRegion> {
    captured_regions(position, connections).next()
}

/// Every captured decomposition of `connections`' player in `position` (the position H-search
/// ran on), one per pair of points at most, in the order of the pairs (each found on the
/// position as given, not with the ones before filled).
pub fn captured_regions<'a>(
    position: &'a Position,
    connections: &'a Connections,
) -> impl Iterator<Item = CapturedRegion> + 'a {
    let points = &connections.points;
    let color = points.color;
    let size = position.size();
    let board = size.cells();
    let empty = position.empty_cells();
    let open = (empty | position.stones(color)) & board;
    let edges = BoardSize::edges_of(color);
    connections.pairs().filter_map(move |(a, b, pair)| {
        if (a, b) == (0, 1) || pair.full().len() == 0 {
            return None;
        }
        let (pa, pb) = (points.get(a), points.get(b));
        if pa.empty || pb.empty {
            return None;
        }
        let walls = (pa.body | pb.body) & board;
        let stops = (pa.around | pb.around) & empty;
        let passable = open - walls;
        let free = |id: PointId, edge| (id != a && id != b).then(|| size.edge_cells(edge));
        let start = [free(0, edges.0), free(1, edges.1)]
            .into_iter()
            .flatten()
            .fold(CellSet::new(), |s, row| s | row)
            & passable;
        let crossed = CellSet::flood(start - stops, passable - stops);
        let reached = crossed | (crossed.grow() & passable) | (start & stops);
        let region = empty - reached;
        if region.is_empty() {
            return None;
        }
        let full = pair.full().find(|f| f.carrier.is_subset(&region))?;
        Some(CapturedRegion {
            region,
            carrier: full.carrier,
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Cell, Color};
    use crate::vc::{h_search, EdgeRole, Limits};
    use crate::{BoardSize, RulesConfig};

    fn position(size: u32, black: &[&str], white: &[&str], to_move: Color) -> Position {
        let mut p = Position::new(
            BoardSize::square(size).unwrap(),
            RulesConfig {
                swap: false,
                ..RulesConfig::default()
            },
        );
        for (color, cells) in [(Color::Black, black), (Color::White, white)] {
            for c in cells {
                p.set_stone(c.parse::<Cell>().unwrap(), Some(color))
                    .unwrap();
            }
        }
        p.set_to_move(to_move);
        p
    }

    fn cells(names: &[&str]) -> CellSet {
        names.iter().map(|n| n.parse::<Cell>().unwrap()).collect()
    }

    fn limits() -> Limits {
        Limits {
            edges: EdgeRole::Conducts,
            ..Limits::default()
        }
    }

    fn found(p: &Position, color: Color) -> Option<CapturedRegion> {
        find_captured_region(p, &h_search(p, color, limits()))
    }

    #[test]
    fn a_second_row_stone_captures_its_edge_bridge() {
        // Black c2 reaches the top through c1 or d1; Black's free edge (the bottom) reaches
        // them only through cells next to c2 or along the top row.
        let p = position(5, &["c2"], &[], Color::White);
        let found = found(&p, Color::Black).expect("a captured decomposition");
        assert_eq!(found.carrier, cells(&["c1", "d1"]));
        assert_eq!(found.region, cells(&["c1", "d1"]));
    }

    #[test]
    fn the_region_takes_the_corner_walled_off_with_it() {
        // With White a3, the flood from the bottom meets the corner a1 b1 a2 b2 only at b3
        // (next to c2): once c2 stands on the top, no Black chain needs any of it.
        let p = position(5, &["c2"], &["a3"], Color::Black);
        let found = found(&p, Color::Black).expect("a captured decomposition");
        assert_eq!(found.carrier, cells(&["c1", "d1"]));
        assert_eq!(found.region, cells(&["a1", "b1", "a2", "b2", "c1", "d1"]));
    }

    #[test]
    fn a_connection_open_to_a_free_edge_captures_nothing() {
        // No Black stone: the edges alone make no pair.
        let p = position(5, &[], &["c3"], Color::Black);
        assert_eq!(found(&p, Color::Black), None);
        // A third-row stone: the flood from the bottom passes beside it to the top row, so its
        // connections to the top wall nothing off.
        let p = position(7, &["d3"], &[], Color::White);
        assert_eq!(found(&p, Color::Black), None);
    }
}
