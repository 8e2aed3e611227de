//! Connection search (McMahan 2000, §4.2): deciding by search, within a node budget, whether a
//! player can join two points when H-search's rules alone do not show it.
//!
//! The search is a win/loss game on a *region* of empty cells: the attacker plays only there,
//! and the defender's moves outside it are irrelevant to a strategy that never leaves it. So a
//! win found on any region is a real full connection, its carrier the cells the strategy may
//! need (McMahan's associated set). Only a loss on the region of every empty cell is a real
//! refutation.
//!
//! An edge only ends a connection: on the way between two other points it joins nothing (two
//! chains touching it stay two points), as in H-search's connections.
//!
//! Pruning, all admissible for the defender:
//! - **Pass test:** the defender, to move, first lets the attacker move (monotonicity: an extra
//!   defender stone never hurts the defender). If the attacker then cannot connect, neither can
//!   it now; if it can with carrier `C`, a defender move outside `C` leaves that strategy intact,
//!   so only moves inside `C` are tried.
//! - A transposition table on (attacker cells, empty cells, side to move).
//!
//! The attacker's moves are ordered by two-distance-like sums of distances to the endpoints.

use std::collections::HashMap;

use crate::board::{Cell, CellSet, Color};
use crate::position::Position;

use super::points::Points;

/// Most cells (and chains) a local search handles: masks are 128 bits wide.
pub const MAX_NODES: usize = 128;

/// The move limit that is no limit (more than any region's cells).
const UNLIMITED: u8 = u8::MAX;

/// Defender moves tried before the pass test.
const HOT_DEFENCES: usize = 3;

/// The answer of a connection search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// A full connection (second-player strategy) with this carrier.
    Connected { carrier: CellSet },
    /// No full connection: the defender, moving first, breaks every attacker strategy.
    /// `refutation` is a defender move that does it, when one is needed (none when the
    /// attacker cannot connect even moving first).
    Refuted { refutation: Option<Cell> },
    /// The budget ran out, or the board is too large to search the whole of it.
    Unknown,
}

/// What [`search`] found, with its cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub verdict: Verdict,
    /// A semi connection (the attacker moving first) when there is no full one: key and carrier.
    pub semi: Option<(Cell, CellSet)>,
    /// Nodes searched, over every region tried.
    pub nodes: u64,
    /// Empty cells in the last region searched.
    pub region: usize,
}

/// Why a search could not start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ConnectError {
    /// An endpoint is an opponent stone or an opponent edge.
    NotOwn(Cell),
    /// An endpoint is off the board.
    OffBoard(Cell),
    /// Both endpoints are the same point.
    SamePoint,
    /// An endpoint is an empty cell the fill-in gives the opponent.
    OpponentFillin(Cell),
}

impl std::fmt::Display for ConnectError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ConnectError::NotOwn(c) => write!(
                f,
                "{c} is not the player's: an endpoint is an empty cell, or the player's stone or edge"
            ),
            ConnectError::OffBoard(c) => write!(f, "{c} is not on the board"),
            ConnectError::SamePoint => write!(f, "the two endpoints are the same point"),
            ConnectError::OpponentFillin(c) => write!(
                f,
                "{c} is the opponent's fill-in: ask without fill-in to connect to it"
            ),
        }
    }
}

impl std::error::Error for ConnectError {}

/// Searches whether `color` connects `from` and `to` (cells, stones or its edges; empty cells
/// count as the player's), widening the region from the cells of short paths to every empty
/// cell, within `budget` nodes in all.
///
/// # Errors
/// When an endpoint is not the player's or is off the board, or both are one point.
pub fn search(
    position: &Position,
    color: Color,
    from: Cell,
    to: Cell,
    budget: u64,
) -> Result<Outcome, ConnectError> {
    check_endpoint(position, color, from)?;
    check_endpoint(position, color, to)?;
    let points = Points::for_ends(position, color, from, to);
    let (a, b) = (
        endpoint(position, &points, color, from)?,
        endpoint(position, &points, color, to)?,
    );
    if a == b {
        return Err(ConnectError::SamePoint);
    }
    let empty = position.empty_cells();
    let mut region = short_path_cells(position, color, from, to) & empty;
    let mut nodes = 0;
    loop {
        let whole = region == empty;
        let Some(mut local) = LocalGame::new(&points, region, from, to) else {
            return Ok(Outcome {
                verdict: Verdict::Unknown,
                semi: None,
                nodes,
                region: region.len(),
            });
        };
        local.budget = budget.saturating_sub(nodes);
        let full = local.defender_to_move(local.start_own, local.start_free);
        nodes += local.nodes;
        match full {
            Err(Aborted) => {
                return Ok(Outcome {
                    verdict: Verdict::Unknown,
                    semi: None,
                    nodes,
                    region: region.len(),
                })
            }
            Ok(Some(carrier)) => {
                return Ok(Outcome {
                    verdict: Verdict::Connected {
                        carrier: local.cells_of(carrier),
                    },
                    semi: None,
                    nodes,
                    region: region.len(),
                })
            }
            Ok(None) if whole => {
                let before = local.nodes;
                local.budget = local.budget.saturating_add(budget / 4);
                let semi = match local.attacker_to_move(local.start_own, local.start_free) {
                    Ok(Some((key, carrier))) if key != usize::MAX => {
                        Some((local.cells[key], local.cells_of(carrier)))
                    }
                    _ => None,
                };
                nodes += local.nodes - before;
                let refutation = local.refutation.map(|i| local.cells[i]);
                return Ok(Outcome {
                    verdict: Verdict::Refuted { refutation },
                    semi,
                    nodes,
                    region: region.len(),
                });
            }
            Ok(None) => {
                let wider = (region.grow() | region) & empty;
                region = if wider == region { empty } else { wider };
            }
        }
    }
}

/// Whether `color` connects `from` and `to` playing only on `region` (empty cells), the
/// defender moving first: `Some(Some(carrier))` when it does, `Some(None)` when it does not
/// on that region, `None` when the budget ran out or the region is too large.
#[must_use]
pub fn connects_within(
    position: &Position,
    color: Color,
    from: Cell,
    to: Cell,
    region: CellSet,
    budget: u64,
) -> Option<Option<CellSet>> {
    let points = Points::for_ends(position, color, from, to);
    let mut local = LocalGame::new(&points, region & position.empty_cells(), from, to)?;
    local.budget = budget;
    let found = local
        .defender_to_move(local.start_own, local.start_free)
        .ok()?;
    Some(found.map(|carrier| local.cells_of(carrier)))
}

/// The point of an endpoint, checked to be the player's.
fn endpoint(
    position: &Position,
    points: &Points,
    color: Color,
    cell: Cell,
) -> Result<u16, ConnectError> {
    check_endpoint(position, color, cell)?;
    points.point_of(cell).ok_or(ConnectError::NotOwn(cell))
}

/// Checks that `cell` can be an endpoint of `color`'s connections: an empty cell or a stone of
/// `color` on the board, or one of `color`'s edges.
///
/// # Errors
/// [`ConnectError::NotOwn`] or [`ConnectError::OffBoard`].
pub fn check_endpoint(position: &Position, color: Color, cell: Cell) -> Result<(), ConnectError> {
    if cell.is_edge() {
        let (first, second) = crate::board::BoardSize::edges_of(color);
        if cell != first && cell != second {
            return Err(ConnectError::NotOwn(cell));
        }
    } else if !position.size().contains(cell) {
        return Err(ConnectError::OffBoard(cell));
    } else if position.stone_at(cell) == Some(color.opponent()) {
        return Err(ConnectError::NotOwn(cell));
    }
    Ok(())
}

/// The empty cells on some shortest path between the endpoints, counting empty cells 1 and the
/// player's stones 0 (the first region searched).
fn short_path_cells(position: &Position, color: Color, from: Cell, to: Cell) -> CellSet {
    let passable = position.empty_cells() | position.stones(color);
    let size = position.size();
    let start = |p: Cell| {
        if p.is_edge() {
            size.edge_cells(p) & passable
        } else {
            CellSet::single(p)
        }
    };
    let da = distances(position, passable, start(from));
    let db = distances(position, passable, start(to));
    let best = passable
        .iter()
        .map(|c| da[c.index()].saturating_add(db[c.index()]))
        .min()
        .unwrap_or(u16::MAX);
    passable
        .iter()
        .filter(|c| da[c.index()].saturating_add(db[c.index()]) <= best.saturating_add(1))
        .collect()
}

/// Distances from `seeds` through `passable`, counting each empty cell 1 and own stones 0 (a
/// cell's distance includes its own cost).
fn distances(position: &Position, passable: CellSet, seeds: CellSet) -> Vec<u16> {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;
    let empty = position.empty_cells();
    let cost = |c: Cell| u16::from(empty.contains(c));
    let mut dist = vec![u16::MAX; Cell::COUNT as usize];
    let mut heap = BinaryHeap::new();
    for c in (seeds & passable).iter() {
        dist[c.index()] = cost(c);
        heap.push(Reverse((cost(c), c.index() as u16)));
    }
    while let Some(Reverse((d, i))) = heap.pop() {
        let cell = Cell::from_index_unchecked(i);
        if d > dist[cell.index()] {
            continue;
        }
        for next in ((CellSet::single(cell).grow() & passable) - CellSet::single(cell)).iter() {
            let nd = d + cost(next);
            if nd < dist[next.index()] {
                dist[next.index()] = nd;
                heap.push(Reverse((nd, next.index() as u16)));
            }
        }
    }
    dist
}

/// The budget ran out.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Aborted;

type Mask = u128;

/// A solved node: the attacker's win (its first move when it was to move, and the cells its
/// strategy may use) or loss (the cells the defender's strategy may use).
#[derive(Clone, Copy, Debug)]
enum Res {
    Win { key: usize, carrier: Mask },
    Loss { defence: Mask },
}

/// The search game on one region, numbered locally: each empty region cell and each of the
/// attacker's points that touches the region (chains, edges, the endpoints) is one node.
pub(crate) struct LocalGame {
    /// The board cell (or the point's name) of each node.
    cells: Vec<Cell>,
    /// The board cells each node stands for (the body of chains and edges).
    bodies: Vec<CellSet>,
    neighbours: Vec<Mask>,
    a: usize,
    b: usize,
    start_own: Mask,
    start_free: Mask,
    /// Solved nodes; a loss with the move limit it was found under.
    table: HashMap<(Mask, Mask, bool), (Res, u8)>,
    pub(crate) nodes: u64,
    pub(crate) budget: u64,
    /// The defender's first move that broke the connection at the root, if one was needed.
    refutation: Option<usize>,
    depth: usize,
}

impl LocalGame {
    /// The game on `region` (empty cells) for the player of `points`, between the points of
    /// `from` and `to`; `None` when the region has more than [`MAX_NODES`] nodes.
    pub(crate) fn new(points: &Points, region: CellSet, from: Cell, to: Cell) -> Option<LocalGame> {
        let pa = points.point_of(from)?;
        let pb = points.point_of(to)?;
        let mut ids = Vec::new();
        for (id, point) in points.points.iter().enumerate() {
            let id = id as u16;
            // An edge that is not an end is no node: it joins nothing along it.
            let wanted = if point.empty {
                region.contains(point.name) || id == pa || id == pb
            } else if point.name.is_edge() {
                id == pa || id == pb
            } else {
                id == pa || id == pb || point.around.intersects(&region)
            };
            if wanted {
                ids.push(id);
            }
        }
        if ids.len() > MAX_NODES {
            return None;
        }
        let mut local_of = HashMap::new();
        for (i, &id) in ids.iter().enumerate() {
            local_of.insert(id, i);
        }
        let mut neighbours = vec![0 as Mask; ids.len()];
        let (mut own, mut free) = (0 as Mask, 0 as Mask);
        for (i, &id) in ids.iter().enumerate() {
            let point = points.get(id);
            for cell in point.around.iter() {
                if let Some(j) = points.point_of(cell).and_then(|p| local_of.get(&p)) {
                    neighbours[i] |= 1 << j;
                }
            }
            if point.empty && id != pa && id != pb {
                free |= 1 << i;
            } else {
                own |= 1 << i;
            }
        }
        Some(LocalGame {
            cells: ids.iter().map(|&id| points.get(id).name).collect(),
            bodies: ids.iter().map(|&id| points.get(id).body).collect(),
            neighbours,
            a: local_of[&pa],
            b: local_of[&pb],
            start_own: own,
            start_free: free,
            table: HashMap::new(),
            nodes: 0,
            budget: u64::MAX,
            refutation: None,
            depth: 0,
        })
    }

    /// The board cells of a mask of empty-cell nodes.
    fn cells_of(&self, mask: Mask) -> CellSet {
        let mut out = CellSet::new();
        let mut m = mask;
        while m != 0 {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            out |= self.bodies[i];
        }
        out
    }

    /// The nodes reachable from `start` through `through`.
    fn reach(&self, start: usize, through: Mask) -> Mask {
        let mut reached: Mask = 1 << start;
        let mut frontier = reached;
        while frontier != 0 {
            let i = frontier.trailing_zeros() as usize;
            frontier &= frontier - 1;
            let fresh = self.neighbours[i] & through & !reached;
            reached |= fresh;
            frontier |= fresh;
        }
        reached
    }

    fn joined(&self, own: Mask) -> bool {
        self.reach(self.a, own) & (1 << self.b) != 0
    }

    fn tick(&mut self) -> Result<(), Aborted> {
        self.nodes += 1;
        if self.nodes > self.budget {
            Err(Aborted)
        } else {
            Ok(())
        }
    }

    /// With the defender to move: the carrier of the attacker's full connection, or `None`.
    ///
    /// Deepens the attacker's move limit one move at a time (McMahan's iterative deepening), so
    /// short connections are found before long refutations are tried.
    pub(crate) fn defender_to_move(
        &mut self,
        own: Mask,
        free: Mask,
    ) -> Result<Option<Mask>, Aborted> {
        // A loss under the last limit (every free cell) is a refutation.
        let last = free.count_ones() as u8;
        for k in 1..=last.max(1) {
            self.refutation = None;
            if let Res::Win { carrier, .. } = self.defend(own, free, k)? {
                return Ok(Some(carrier));
            }
        }
        Ok(None)
    }

    /// With the attacker to move: its first move and the carrier (with the move) of a semi
    /// connection, or `None`. The move is `usize::MAX` when the endpoints are already joined.
    pub(crate) fn attacker_to_move(
        &mut self,
        own: Mask,
        free: Mask,
    ) -> Result<Option<(usize, Mask)>, Aborted> {
        Ok(match self.attack(own, free, UNLIMITED)? {
            Res::Win { key, carrier } => Some((key, carrier)),
            Res::Loss { .. } => None,
        })
    }

    /// The table's answer for a node searched with `k` attacker moves left, if it holds.
    fn known(&self, own: Mask, free: Mask, attacker: bool, k: u8) -> Option<Res> {
        match self.table.get(&(own, free, attacker)) {
            Some(&(res @ Res::Win { .. }, _)) => Some(res),
            Some(&(res @ Res::Loss { .. }, limit)) if limit >= k => Some(res),
            _ => None,
        }
    }

    /// Defender to move; the attacker has at most `k` more moves.
    fn defend(&mut self, own: Mask, free: Mask, k: u8) -> Result<Res, Aborted> {
        let k = k.min(free.count_ones() as u8);
        if self.joined(own) {
            return Ok(Res::Win {
                key: usize::MAX,
                carrier: 0,
            });
        }
        if let Some(known) = self.known(own, free, false, k) {
            return Ok(known);
        }
        self.tick()?;
        let root = self.depth == 0;
        self.depth += 1;
        let result = self.defender_search(own, free, root, k);
        self.depth -= 1;
        let result = result?;
        self.table.insert((own, free, false), (result, k));
        Ok(result)
    }

    fn defender_search(
        &mut self,
        own: Mask,
        free: Mask,
        root: bool,
        k: u8,
    ) -> Result<Res, Aborted> {
        // Moves completing the connection at once: two of them and the defender cannot stop both.
        let finishing = self.finishing_moves(own, free);
        if finishing.count_ones() >= 2 && k >= 1 {
            let first = finishing & finishing.wrapping_neg();
            let rest = finishing & !first;
            let second = rest & rest.wrapping_neg();
            return Ok(Res::Win {
                key: usize::MAX,
                carrier: first | second,
            });
        }
        // The hottest defender moves first: a refutation is usually among them, and trying them
        // is cheaper than refuting the attacker's double move in the pass test.
        let mut carrier: Mask = 0;
        let mut tries: Mask = free;
        let mut tried: Mask = 0;
        let hot: Vec<usize> = if finishing != 0 {
            vec![finishing.trailing_zeros() as usize]
        } else {
            self.ordered_moves(own, free)
                .into_iter()
                .take(HOT_DEFENCES)
                .collect()
        };
        for x in hot {
            tried |= 1 << x;
            match self.attack(own, free & !(1 << x), k)? {
                Res::Loss { defence } => return Ok(self.refuted(root, x, defence)),
                // That reply is a semi connection here too (the cell x only helps): the defender
                // must play inside its carrier as well.
                Res::Win { carrier: reply, .. } => {
                    carrier |= reply;
                    tries &= reply;
                }
            }
        }
        // The pass test: the defender's move must stop the attacker's threat.
        let threat = match self.attack(own, free, k)? {
            Res::Loss { defence } => return Ok(Res::Loss { defence }),
            Res::Win { carrier, .. } => carrier,
        };
        carrier |= threat;
        tries &= threat & !tried;
        while tries != 0 {
            let x = tries.trailing_zeros() as usize;
            tries &= !(1 << x);
            match self.attack(own, free & !(1 << x), k)? {
                Res::Loss { defence } => return Ok(self.refuted(root, x, defence)),
                Res::Win { carrier: reply, .. } => {
                    carrier |= reply;
                    tries &= reply;
                }
            }
        }
        Ok(Res::Win {
            key: usize::MAX,
            carrier,
        })
    }

    fn refuted(&mut self, root: bool, x: usize, defence: Mask) -> Res {
        if root {
            self.refutation = Some(x);
        }
        Res::Loss {
            defence: defence | (1 << x),
        }
    }

    /// The free nodes that join the endpoints when the attacker plays them.
    fn finishing_moves(&self, own: Mask, free: Mask) -> Mask {
        let from_a = self.reach(self.a, own);
        let from_b = self.reach(self.b, own);
        let mut out = 0;
        let mut m = free;
        while m != 0 {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            if self.neighbours[i] & from_a != 0 && self.neighbours[i] & from_b != 0 {
                out |= 1 << i;
            }
        }
        out
    }

    /// Attacker to move, with at most `k` moves left.
    fn attack(&mut self, own: Mask, free: Mask, k: u8) -> Result<Res, Aborted> {
        let k = k.min(free.count_ones() as u8);
        if self.joined(own) {
            return Ok(Res::Win {
                key: usize::MAX,
                carrier: 0,
            });
        }
        if k == 0 || self.reach(self.a, own | free) & (1 << self.b) == 0 {
            return Ok(Res::Loss { defence: 0 });
        }
        if let Some(known) = self.known(own, free, true, k) {
            return Ok(known);
        }
        self.tick()?;
        self.depth += 1;
        let result = self.attacker_search(own, free, k);
        self.depth -= 1;
        let result = result?;
        self.table.insert((own, free, true), (result, k));
        Ok(result)
    }

    fn attacker_search(&mut self, own: Mask, free: Mask, k: u8) -> Result<Res, Aborted> {
        let finishing = self.finishing_moves(own, free);
        if finishing != 0 {
            let m = finishing.trailing_zeros() as usize;
            return Ok(Res::Win {
                key: m,
                carrier: 1 << m,
            });
        }
        // A move outside the defender's strategy set for an earlier move is refuted by the same
        // strategy (the defender's blocking stones all lie in that set), so only moves inside
        // every such set are tried.
        let mut allowed: Mask = free;
        let mut defence: Mask = 0;
        for m in self.ordered_moves(own, free) {
            let bit = 1 << m;
            if allowed & bit == 0 {
                continue;
            }
            match self.defend(own | bit, free & !bit, k - 1)? {
                Res::Win { carrier, .. } => {
                    return Ok(Res::Win {
                        key: m,
                        carrier: carrier | bit,
                    })
                }
                Res::Loss { defence: d } => {
                    defence |= d;
                    allowed &= d;
                }
            }
        }
        Ok(Res::Loss { defence })
    }

    /// The free nodes on paths between the endpoints, shortest (in empty cells) first.
    fn ordered_moves(&self, own: Mask, free: Mask) -> Vec<usize> {
        let da = self.distances(self.a, own, free);
        let db = self.distances(self.b, own, free);
        let mut moves: Vec<(u32, usize)> = Vec::new();
        let mut m = free;
        while m != 0 {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            let (x, y) = (da[i], db[i]);
            if x != u32::MAX && y != u32::MAX {
                moves.push((x + y, i));
            }
        }
        moves.sort_unstable();
        moves.into_iter().map(|(_, i)| i).collect()
    }

    /// Distances from `start` (own nodes 0, free nodes 1), `u32::MAX` when unreachable.
    fn distances(&self, start: usize, own: Mask, free: Mask) -> Vec<u32> {
        let n = self.cells.len();
        let mut dist = vec![u32::MAX; n];
        let passable = own | free;
        let mut layer = self.reach(start, own);
        let mut reached = layer;
        let mut d = 0;
        while layer != 0 {
            let mut m = layer;
            let mut next: Mask = 0;
            while m != 0 {
                let i = m.trailing_zeros() as usize;
                m &= m - 1;
                dist[i] = d + u32::from(free & (1 << i) != 0);
                next |= self.neighbours[i];
            }
            next &= passable & !reached;
            // Own nodes reached through a free cell cost nothing more.
            let mut grown = next;
            let mut frontier = next & own;
            while frontier != 0 {
                let i = frontier.trailing_zeros() as usize;
                frontier &= frontier - 1;
                let fresh = self.neighbours[i] & own & !grown & !reached;
                grown |= fresh;
                frontier |= fresh;
            }
            reached |= grown;
            layer = grown;
            d += 1;
        }
        dist
    }
}
