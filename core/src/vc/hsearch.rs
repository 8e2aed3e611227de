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

use crate::board::{Cell, CellSet, Color};
use crate::position::Position;

use super::captured::{self, cover};
use super::crossing;
use super::points::{PointId, Points};
use super::templates;

/// Bounds on the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Full connections kept per pair of points.
    pub full_per_pair: usize,
    /// Semi connections kept per pair of points.
    pub semi_per_pair: usize,
    /// How many semi connections the OR rule may combine.
    pub or_depth: usize,
    /// Whether to apply the crossing rule (Henderson 2010, §4.1).
    pub crossing_rule: bool,
    /// Whether to start from the edge templates (rows 2 to 4) as well as adjacency.
    pub edge_templates: bool,
    /// Whether the AND rule may go through the player's edges. Benzene leaves this off by
    /// default: every point touching an edge would connect to every other one through it, which
    /// costs over ten times the time for a fifth more edge-to-edge semi connections (most
    /// crossing-rule deductions need it; see `hexlab bench vc`).
    pub and_over_edges: bool,
    /// Whether carriers may overlap on cells captured by a key or an empty endpoint
    /// (Henderson 2010, §4.2; see [`super::captured`]).
    pub captured_sets: bool,
}

impl Limits {
    /// The default limits with the AND rule going through edges too: more connections, over
    /// ten times slower.
    #[must_use]
    pub fn thorough() -> Limits {
        Limits {
            and_over_edges: true,
            ..Limits::default()
        }
    }
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            full_per_pair: 6,
            semi_per_pair: 16,
            or_depth: 4,
            crossing_rule: true,
            edge_templates: true,
            and_over_edges: false,
            captured_sets: true,
        }
    }
}

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
/// one to each endpoint (Henderson 2010, Lemma 12).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Full {
    pub carrier: CellSet,
    pub chains: Chains,
    /// The order in which the search stored it (the AND rule combines each connection with the
    /// ones stored before it, so that every two are combined once).
    pub(crate) serial: u32,
}

impl Full {
    /// A full connection on `carrier` with partition chains `chains`.
    #[must_use]
    pub fn new(carrier: CellSet, chains: Chains) -> Full {
        Full {
            carrier,
            chains,
            serial: 0,
        }
    }
}

/// A semi connection's carrier (which holds the key), key and partition chains.
///
/// Invariant: every chain in `chains` splits the carrier into a full connection to one
/// endpoint and a disjoint semi connection to the other.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Semi {
    pub carrier: CellSet,
    pub key: Cell,
    pub chains: Chains,
}

/// The connections between one pair of points, smallest carriers first.
#[derive(Clone, Debug, Default)]
pub struct PairConnections {
    pub full: Vec<Full>,
    pub semi: Vec<Semi>,
}

/// Every connection H-search found for one player.
#[derive(Clone, Debug)]
pub struct Connections {
    pub points: Points,
    /// The connections of every pair, at [`Connections::index`] (a dense triangle-free square:
    /// only `a < b` slots are used).
    pairs: Vec<PairConnections>,
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
        self.pair(pa, pb)
    }

    /// The connections between two points, by id.
    #[must_use]
    pub fn pair(&self, a: PointId, b: PointId) -> Option<&PairConnections> {
        let pair = &self.pairs[self.index(a, b)];
        (!pair.full.is_empty() || !pair.semi.is_empty()).then_some(pair)
    }

    /// Every pair of points with at least one connection, and its connections.
    pub fn pairs(&self) -> impl Iterator<Item = (PointId, PointId, &PairConnections)> {
        let n = self.points.len();
        self.pairs
            .iter()
            .enumerate()
            .filter(|(_, c)| !c.full.is_empty() || !c.semi.is_empty())
            .map(move |(i, c)| ((i / n) as PointId, (i % n) as PointId, c))
    }

    /// The slot of the pair `{a, b}` in `pairs`.
    fn index(&self, a: PointId, b: PointId) -> usize {
        let (a, b) = key(a, b);
        a as usize * self.points.len() + b as usize
    }

    /// The connections between the player's two edges.
    #[must_use]
    pub fn edge_to_edge(&self) -> Option<&PairConnections> {
        self.pair(0, 1)
    }
}

/// Runs H-search for `color` on `position`.
#[must_use]
pub fn h_search(position: &Position, color: Color, limits: Limits) -> Connections {
    let points = Points::new(position, color);
    let n = points.len();
    let mut search = Search::new(position, points, limits);
    for a in 0..n as PointId {
        for b in search.connections.points.adjacent(a) {
            if a < b {
                search.add_full(a, b, Full::new(CellSet::new(), 0));
            }
        }
    }
    if limits.edge_templates {
        for found in templates::matches(position, color) {
            let points = &search.connections.points;
            if let (Some(a), Some(b)) = (points.point_of(found.anchor), points.point_of(found.edge))
            {
                search.add_full(a, b, Full::new(found.carrier, 0));
            }
        }
    }
    search.run();
    search.connections
}

pub(super) struct Search {
    pub(super) limits: Limits,
    pub(super) connections: Connections,
    /// New full connections whose AND-rule consequences are still to be drawn.
    pub(super) queue: std::collections::VecDeque<(PointId, PointId, Full)>,
    /// A buffer the AND rule reuses for one pair's full connections.
    scratch: Vec<Full>,
    /// A buffer the OR rule reuses for a pair's other semi carriers.
    or_scratch: Vec<CellSet>,
    /// Per point, the pairs captured once the point is the player's (empty unless the limits
    /// ask for captured sets).
    captures: Vec<Vec<CellSet>>,
    /// Per point, the cells of its captured pairs (a quick test before [`captured::cover`]).
    captured_cells: Vec<CellSet>,
    /// While set, connections are stored without drawing consequences (an incremental update
    /// restoring connections whose consequences are already there).
    pub(super) quiet: bool,
    /// The serial the next stored full connection gets.
    next_serial: u32,
    /// Per point, its cell when it is an empty cell (carriers hold only empty cells, so a
    /// carrier meets a point's body exactly when it holds this cell).
    empty_cell: Vec<Option<Cell>>,
}

impl Search {
    /// An empty search over `points` (the player's points of `position`).
    pub(super) fn new(position: &Position, points: Points, limits: Limits) -> Search {
        let n = points.len();
        let captures = if limits.captured_sets {
            captured::captured_pairs(position, &points)
        } else {
            vec![Vec::new(); n]
        };
        let captured_cells = captures
            .iter()
            .map(|pairs| pairs.iter().fold(CellSet::new(), |all, p| all | *p))
            .collect();
        let empty_cell = points
            .points
            .iter()
            .map(|p| p.empty.then_some(p.name))
            .collect();
        Search {
            next_serial: 0,
            empty_cell,
            captures,
            captured_cells,
            limits,
            connections: Connections {
                points,
                pairs: vec![PairConnections::default(); n * n],
                full_partners: vec![Vec::new(); n],
            },
            queue: std::collections::VecDeque::new(),
            scratch: Vec::new(),
            or_scratch: Vec::new(),
            quiet: false,
        }
    }

    /// Whether `carrier` (empty cells only) meets the body of point `p`.
    fn meets(&self, carrier: &CellSet, p: PointId) -> bool {
        self.empty_cell[p as usize].is_some_and(|cell| carrier.contains(cell))
    }

    /// Draws the AND rule's consequences of every queued full connection (and theirs).
    pub(super) fn run(&mut self) {
        while let Some((a, b, full)) = self.queue.pop_front() {
            self.and_rule(a, b, full);
        }
    }

    fn body(&self, p: PointId) -> CellSet {
        self.connections.points.get(p).body
    }

    /// Combines the new full connection (a, b) with the full connections at either end.
    fn and_rule(&mut self, a: PointId, b: PointId, first: Full) {
        let mut fulls = std::mem::take(&mut self.scratch);
        for (mid, far) in [(b, a), (a, b)] {
            // Points 0 and 1 are the edges.
            if mid < 2 && !self.limits.and_over_edges {
                continue;
            }
            let (mid_empty, mid_name) = {
                let point = self.connections.points.get(mid);
                (point.empty, point.name)
            };
            // Partners only grow while this runs; the ones present now are the ones combined.
            let count = self.connections.full_partners[mid as usize].len();
            for i in 0..count {
                let other = self.connections.full_partners[mid as usize][i];
                if other == far || self.meets(&first.carrier, other) {
                    continue;
                }
                let slot = self.connections.index(mid, other);
                fulls.clear();
                fulls.extend(
                    self.connections.pairs[slot]
                        .full
                        .iter()
                        .filter(|f| f.serial < first.serial),
                );
                for &second in &fulls {
                    if self.meets(&second.carrier, far) {
                        continue;
                    }
                    let mut carrier = first.carrier | second.carrier;
                    let mut chains = first.chains | second.chains;
                    let overlap = first.carrier & second.carrier;
                    if !overlap.is_empty() {
                        // Theorems 10 and 11: an overlap inside pairs captured by the key or an
                        // empty endpoint; the deduced carrier takes in those pairs, and the
                        // halves no longer split at a partition chain.
                        let sources = [far, other, if mid_empty { mid } else { far }];
                        let avoid = self.body(far) | self.body(other) | self.body(mid);
                        match self.captured_cover(overlap, &sources, avoid) {
                            Some(extra) => carrier |= extra,
                            None => continue,
                        }
                        chains = 0;
                    }
                    if mid_empty {
                        let key_cell = mid_name;
                        let semi = Semi {
                            carrier: carrier | CellSet::single(key_cell),
                            key: key_cell,
                            chains,
                        };
                        self.add_semi(far, other, semi);
                    } else {
                        let chains = chains | chain_bit(mid);
                        self.add_full(far, other, Full::new(carrier, chains));
                    }
                }
            }
        }
        self.scratch = fulls;
    }

    /// The captured pairs of `sources` covering `overlap` and missing `avoid` (see
    /// [`captured::cover`]).
    fn captured_cover(
        &self,
        overlap: CellSet,
        sources: &[PointId],
        avoid: CellSet,
    ) -> Option<CellSet> {
        let reach = sources.iter().fold(CellSet::new(), |all, &p| {
            all | self.captured_cells[p as usize]
        });
        if !overlap.is_subset(&reach) {
            return None;
        }
        let mut lists: [&[CellSet]; 3] = [&[]; 3];
        for (i, &p) in sources.iter().take(3).enumerate() {
            if !sources[..i].contains(&p) {
                lists[i] = &self.captures[p as usize];
            }
        }
        cover(overlap, &lists, avoid)
    }

    /// Adds a full connection unless one with a subset carrier exists; drops supersets.
    pub(super) fn add_full(&mut self, a: PointId, b: PointId, mut full: Full) {
        if a == b {
            return;
        }
        full.serial = self.next_serial;
        let limit = self.limits.full_per_pair;
        let slot = self.connections.index(a, b);
        let pair = &mut self.connections.pairs[slot];
        if pair.full.iter().any(|f| f.carrier.is_subset(&full.carrier))
            || !insert_smallest(&mut pair.full, full, |f| f.carrier, limit)
        {
            return;
        }
        self.next_serial += 1;
        pair.semi.retain(|s| !full.carrier.is_subset(&s.carrier));
        for (x, y) in [(a, b), (b, a)] {
            let partners = &mut self.connections.full_partners[x as usize];
            if !partners.contains(&y) {
                partners.push(y);
            }
        }
        if !self.quiet {
            self.queue.push_back((a, b, full));
        }
    }

    /// Adds a semi connection (unless a subset carrier already connects the pair) and tries the
    /// OR rule and the crossing rule with the pair's other semi connections.
    pub(super) fn add_semi(&mut self, a: PointId, b: PointId, semi: Semi) {
        if a == b {
            return;
        }
        let limit = self.limits.semi_per_pair;
        let slot = self.connections.index(a, b);
        let pair = &mut self.connections.pairs[slot];
        if pair.full.iter().any(|f| f.carrier.is_subset(&semi.carrier))
            || pair.semi.iter().any(|s| s.carrier.is_subset(&semi.carrier))
            || !insert_smallest(&mut pair.semi, semi, |s| s.carrier, limit)
        {
            return;
        }
        if self.quiet {
            return;
        }
        // The OR rule can only succeed when all the pair's semi carriers share no cell, or share
        // only cells captured by an empty endpoint (Theorem 11): those are set aside and the
        // deduced carrier takes in their pairs.
        let common = pair.semi.iter().fold(semi.carrier, |c, s| c & s.carrier);
        let mut set_aside = CellSet::new();
        let mut or_possible = common.is_empty() && pair.semi.len() >= 2;
        if !or_possible && pair.semi.len() >= 2 {
            let (ca, cb) = (&self.captures[a as usize], &self.captures[b as usize]);
            let reach = self.captured_cells[a as usize] | self.captured_cells[b as usize];
            if common.is_subset(&reach) {
                let points = &self.connections.points;
                let avoid = points.get(a).body | points.get(b).body;
                if let Some(extra) = cover(common, &[ca, cb], avoid) {
                    set_aside = extra;
                    or_possible = true;
                }
            }
        }
        let points = &self.connections.points;
        let crossing = self.limits.crossing_rule && points.get(a).empty && points.get(b).empty && {
            let (mut disjoint, mut chained) = (0, 0);
            for s in &pair.semi {
                disjoint += usize::from(!s.carrier.intersects(&semi.carrier));
                chained += usize::from(s.chains != 0);
            }
            disjoint >= 2 && chained >= 2
        };
        if !or_possible && !crossing {
            return;
        }
        if or_possible {
            let mut carriers = std::mem::take(&mut self.or_scratch);
            carriers.clear();
            carriers.extend(
                pair.semi
                    .iter()
                    .filter(|s| **s != semi)
                    .map(|s| s.carrier - set_aside),
            );
            let first = semi.carrier - set_aside;
            let found = or_rule(first, first, &carriers, 0, self.limits.or_depth);
            self.or_scratch = carriers;
            if let Some(carrier) = found {
                self.add_full(a, b, Full::new(carrier | set_aside, 0));
            }
        }
        let points = &self.connections.points;
        if crossing {
            let slot = self.connections.index(a, b);
            let others: Vec<Semi> = self.connections.pairs[slot]
                .semi
                .iter()
                .filter(|s| **s != semi)
                .copied()
                .collect();
            let (x, y) = (points.get(a).name, points.get(b).name);
            for (z1, z2, crossed) in crossing::deductions(x, y, semi, &others) {
                self.add_semi(z1, z2, crossed);
            }
        }
    }
}

/// Inserts `item` into `list` (kept smallest carriers first, at most `limit` long) after
/// dropping the connections whose carriers contain its carrier; a full list gives up its largest
/// carrier for a smaller one. Returns whether `item` was kept (not when `limit` smaller or equal
/// carriers are already there). The caller has checked no carrier in `list` is inside `item`'s.
fn insert_smallest<T>(
    list: &mut Vec<T>,
    item: T,
    carrier: impl Fn(&T) -> CellSet,
    limit: usize,
) -> bool {
    let own = carrier(&item);
    list.retain(|x| !own.is_subset(&carrier(x)));
    let position = list.partition_point(|x| carrier(x).len() <= own.len());
    if position >= limit {
        return false;
    }
    list.truncate(limit - 1);
    list.insert(position, item);
    true
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
