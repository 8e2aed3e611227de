//! H-search (Anshelevich; Henderson 2010, §2.9.2 and chapter 4): virtual connections built from
//! adjacency by the AND rule (two full connections in series through a midpoint) and the OR
//! rule (semi connections in parallel whose carriers share no cell).
//!
//! - A **full** connection between two points is a second-player strategy connecting them using
//!   only cells of its carrier.
//! - A **semi** connection needs one move first, its key (in its carrier).
//! - Endpoints that are empty cells count as the player's own when the connection is used.
//!
//! Limits keep the search bounded: connections kept per pair and kind, the OR rule's depth.

use std::collections::HashMap;

use crate::board::{Cell, CellSet, Color};
use crate::position::Position;

use super::points::{PointId, Points};

/// Bounds on the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Full connections kept per pair of points.
    pub full_per_pair: usize,
    /// Semi connections kept per pair of points.
    pub semi_per_pair: usize,
    /// How many semi connections the OR rule may combine.
    pub or_depth: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            full_per_pair: 6,
            semi_per_pair: 16,
            or_depth: 4,
        }
    }
}

/// A semi connection's carrier and key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Semi {
    pub carrier: CellSet,
    pub key: Cell,
}

/// The connections between one pair of points, smallest carriers first.
#[derive(Clone, Debug, Default)]
pub struct PairConnections {
    pub full: Vec<CellSet>,
    pub semi: Vec<Semi>,
}

/// Every connection H-search found for one player.
#[derive(Clone, Debug)]
pub struct Connections {
    pub points: Points,
    pairs: HashMap<(PointId, PointId), PairConnections>,
    /// Pairs each point has a full connection with (for the AND rule).
    full_partners: Vec<Vec<PointId>>,
}

fn key(a: PointId, b: PointId) -> (PointId, PointId) {
    if a < b {
        (a, b)
    } else {
        (b, a)
    }
}

impl Connections {
    /// The connections between the points holding `a` and `b` (cells, stones or edges).
    #[must_use]
    pub fn between(&self, a: Cell, b: Cell) -> Option<&PairConnections> {
        let (pa, pb) = (self.points.point_of(a)?, self.points.point_of(b)?);
        self.pairs.get(&key(pa, pb))
    }

    /// The connections between two points, by id.
    #[must_use]
    pub fn pair(&self, a: PointId, b: PointId) -> Option<&PairConnections> {
        self.pairs.get(&key(a, b))
    }

    /// Every pair of points with at least one connection, and its connections.
    pub fn pairs(&self) -> impl Iterator<Item = (PointId, PointId, &PairConnections)> {
        self.pairs.iter().map(|(&(a, b), c)| (a, b, c))
    }

    /// The connections between the player's two edges.
    #[must_use]
    pub fn edge_to_edge(&self) -> Option<&PairConnections> {
        self.pairs.get(&(0, 1))
    }
}

/// Runs H-search for `color` on `position`.
#[must_use]
pub fn h_search(position: &Position, color: Color, limits: Limits) -> Connections {
    let points = Points::new(position, color);
    let n = points.len();
    let mut search = Search {
        limits,
        connections: Connections {
            points,
            pairs: HashMap::new(),
            full_partners: vec![Vec::new(); n],
        },
        queue: Vec::new(),
    };
    for a in 0..n as PointId {
        for b in search.connections.points.adjacent(a) {
            if a < b {
                search.add_full(a, b, CellSet::new());
            }
        }
    }
    while let Some((a, b, carrier)) = search.queue.pop() {
        search.and_rule(a, b, carrier);
    }
    search.connections
}

struct Search {
    limits: Limits,
    connections: Connections,
    /// New full connections whose AND-rule consequences are still to be drawn.
    queue: Vec<(PointId, PointId, CellSet)>,
}

impl Search {
    fn body(&self, p: PointId) -> CellSet {
        self.connections.points.get(p).body
    }

    /// Combines the new full connection (a, b, carrier) with the full connections at either end.
    fn and_rule(&mut self, a: PointId, b: PointId, carrier: CellSet) {
        for (mid, far) in [(b, a), (a, b)] {
            let mid_point = self.connections.points.get(mid).clone();
            let far_body = self.body(far);
            let partners = self.connections.full_partners[mid as usize].clone();
            for other in partners {
                if other == far {
                    continue;
                }
                let other_body = self.body(other);
                if carrier.intersects(&other_body) {
                    continue;
                }
                let fulls = self.connections.pairs[&key(mid, other)].full.clone();
                for second in fulls {
                    if second.intersects(&carrier) || second.intersects(&far_body) {
                        continue;
                    }
                    let union = carrier | second;
                    if mid_point.empty {
                        let key_cell = mid_point.name;
                        self.add_semi(
                            far,
                            other,
                            Semi {
                                carrier: union | CellSet::single(key_cell),
                                key: key_cell,
                            },
                        );
                    } else {
                        self.add_full(far, other, union);
                    }
                }
            }
        }
    }

    /// Adds a full connection unless one with a subset carrier exists; drops supersets.
    fn add_full(&mut self, a: PointId, b: PointId, carrier: CellSet) {
        if a == b {
            return;
        }
        let limit = self.limits.full_per_pair;
        let pair = self.connections.pairs.entry(key(a, b)).or_default();
        if pair.full.iter().any(|c| c.is_subset(&carrier)) || pair.full.len() >= limit {
            return;
        }
        pair.full.retain(|c| !carrier.is_subset(c));
        let position = pair.full.partition_point(|c| c.len() <= carrier.len());
        pair.full.insert(position, carrier);
        pair.semi.retain(|s| !carrier.is_subset(&s.carrier));
        for (x, y) in [(a, b), (b, a)] {
            let partners = &mut self.connections.full_partners[x as usize];
            if !partners.contains(&y) {
                partners.push(y);
            }
        }
        self.queue.push((a, b, carrier));
    }

    /// Adds a semi connection (unless a subset carrier already connects the pair) and tries the
    /// OR rule with the pair's other semi connections.
    fn add_semi(&mut self, a: PointId, b: PointId, semi: Semi) {
        if a == b {
            return;
        }
        let limit = self.limits.semi_per_pair;
        let pair = self.connections.pairs.entry(key(a, b)).or_default();
        if pair.full.iter().any(|c| c.is_subset(&semi.carrier))
            || pair.semi.iter().any(|s| s.carrier.is_subset(&semi.carrier))
            || pair.semi.len() >= limit
        {
            return;
        }
        pair.semi.retain(|s| !semi.carrier.is_subset(&s.carrier));
        let others: Vec<CellSet> = pair.semi.iter().map(|s| s.carrier).collect();
        let position = pair
            .semi
            .partition_point(|s| s.carrier.len() <= semi.carrier.len());
        pair.semi.insert(position, semi);
        if let Some(full) = or_rule(semi.carrier, semi.carrier, &others, 0, self.limits.or_depth) {
            self.add_full(a, b, full);
        }
    }
}

/// The OR rule: semi carriers (the new one, then some of `others`) whose intersection is empty
/// give a full connection on their union. Returns the first union found.
fn or_rule(
    intersection: CellSet,
    union: CellSet,
    others: &[CellSet],
    from: usize,
    depth: usize,
) -> Option<CellSet> {
    if intersection.is_empty() {
        return Some(union);
    }
    if depth == 0 {
        return None;
    }
    for (i, other) in others.iter().enumerate().skip(from) {
        let narrower = intersection & *other;
        if narrower == intersection {
            continue;
        }
        if let Some(found) = or_rule(narrower, union | *other, others, i + 1, depth - 1) {
            return Some(found);
        }
    }
    None
}
