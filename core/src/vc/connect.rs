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
//! - A transposition table on (attacker cells, empty cells, side to move), of bounded size, in
//!   two generations: when the newer is full, the older is dropped and the newer becomes the
//!   older (only known results are lost, so the search stays exact, only slower).
//!
//! Before any search, the cheap answers: two endpoints that are already one point are
//! connected, and two that no path of the player's stones and empty cells joins (an opponent
//! chain between them, such as a winning one between the player's edges) are refuted at once.
//!
//! The attacker's moves are ordered by two-distance-like sums of distances to the endpoints.

use std::collections::HashMap;

use crate::board::{Cell, CellSet, Color};
use crate::position::Position;

use super::points::Points;
use crate::search::Budget;

/// Most cells (and chains) a local search handles: masks are 128 bits wide.
pub const MAX_NODES: usize = 128;

/// The move limit that is no limit (more than any region's cells).
const UNLIMITED: u8 = u8::MAX;

/// The default bound on a search's transposition table, in bytes.
pub const DEFAULT_TABLE_BYTES: usize = 64 << 20;

/// The bytes one table entry takes at most: its key and value, and the hash table's control
/// byte, with the table at its fullest load (7/8) just before it doubles.
const ENTRY_BYTES: usize = (std::mem::size_of::<((Mask, Mask, bool), (Res, u8))>() + 1) * 8 / 7;

/// The most entries a table of at most `bytes` holds: the hash table's room doubles as it
/// grows, so the entries are bounded by the largest power-of-two room that fits (at least 64).
#[must_use]
pub fn table_entries(bytes: usize) -> usize {
    let room = (bytes / ENTRY_BYTES).max(64);
    // The largest power of two no larger than `room`, less the hash table's slack.
    let room = 1usize << (usize::BITS - 1 - room.leading_zeros());
    room / 8 * 7
}

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
    /// Both endpoints name the same cell or edge (two names of one point, such as two stones
    /// of a chain, are connected instead).
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
/// cell, within `budget` nodes in all, with a table of at most [`DEFAULT_TABLE_BYTES`].
///
/// # Errors
/// When an endpoint is not the player's or is off the board, or both name the same cell or
/// edge.
pub fn search(
    position: &Position,
    color: Color,
    from: Cell,
    to: Cell,
    budget: u64,
) -> Result<Outcome, ConnectError> {
    search_within(position, color, from, to, budget, DEFAULT_TABLE_BYTES)
}

/// The answers that need no search: `Some(connected)` when `from` and `to` are one point already
/// (one chain, or a chain touching an edge that is an end), `Some(refuted)` when no path of the
/// player's stones and empty cells joins them (an edge on the way joins nothing), with no
/// refutation needed (the attacker cannot connect even moving first); `None` otherwise.
///
/// # Errors
/// When an endpoint is not the player's or is off the board, or both name the same cell or
/// edge.
pub fn quick(
    position: &Position,
    color: Color,
    from: Cell,
    to: Cell,
) -> Result<Option<Outcome>, ConnectError> {
    check_endpoint(position, color, from)?;
    check_endpoint(position, color, to)?;
    if from == to {
        return Err(ConnectError::SamePoint);
    }
    let points = Points::for_ends(position, color, from, to);
    let (a, b) = (
        endpoint(position, &points, color, from)?,
        endpoint(position, &points, color, to)?,
    );
    let answer = |verdict| Outcome {
        verdict,
        semi: None,
        nodes: 0,
        region: 0,
    };
    if a == b {
        return Ok(Some(answer(Verdict::Connected {
            carrier: CellSet::new(),
        })));
    }
    // Points reachable from `a` through points that are not edges (an edge only ends a path).
    let mut reached = vec![false; points.len()];
    reached[a as usize] = true;
    let mut stack = vec![a];
    while let Some(p) = stack.pop() {
        if p != a && points.get(p).name.is_edge() {
            continue;
        }
        for q in points.adjacent(p) {
            if !reached[q as usize] {
                reached[q as usize] = true;
                stack.push(q);
            }
        }
    }
    Ok((!reached[b as usize]).then(|| answer(Verdict::Refuted { refutation: None })))
}

/// [`search`] with a transposition table of at most `table_bytes` bytes (two generations of
/// [`table_entries`] of half of it each: when the newer is full, the older is dropped), so the
/// search's memory stays bounded whatever the node budget.
///
/// # Errors
/// When an endpoint is not the player's or is off the board, or both name the same cell or
/// edge.
pub fn search_within(
    position: &Position,
    color: Color,
    from: Cell,
    to: Cell,
    budget: u64,
    table_bytes: usize,
) -> Result<Outcome, ConnectError> {
    search_budgeted(
        position,
        color,
        from,
        to,
        &Budget::nodes(budget),
        table_bytes,
    )
}

/// [`search_within`] under a [`Budget`]: its node limit, and its time limit and cancel flag,
/// looked at every 256 nodes (an answer `unknown` as soon as either says stop).
///
/// # Errors
/// As [`search_within`].
pub fn search_budgeted(
    position: &Position,
    color: Color,
    from: Cell,
    to: Cell,
    limits: &Budget,
    table_bytes: usize,
) -> Result<Outcome, ConnectError> {
    let budget = limits.node_limit();
    if let Some(outcome) = quick(position, color, from, to)? {
        return Ok(outcome);
    }
    let points = Points::for_ends(position, color, from, to);
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
        local.stop = Some(limits.clone());
        local.table_limit = table_entries(table_bytes / 2);
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
        for next in ((CellSet::around(cell) & passable) - CellSet::single(cell)).iter() {
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
    /// The solved nodes stored before `table` was last emptied.
    older: HashMap<(Mask, Mask, bool), (Res, u8)>,
    /// The most entries `table` (and `older`) hold: when `table` is full, it becomes `older`
    /// and the older entries are dropped.
    pub(crate) table_limit: usize,
    pub(crate) nodes: u64,
    pub(crate) budget: u64,
    /// A budget whose time limit and cancel flag also stop the search (looked at every 256
    /// nodes).
    pub(crate) stop: Option<Budget>,
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
            older: HashMap::new(),
            table_limit: table_entries(DEFAULT_TABLE_BYTES / 2),
            nodes: 0,
            budget: u64::MAX,
            stop: None,
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
        let stopped =
            self.nodes.is_multiple_of(256) && self.stop.as_ref().is_some_and(|b| b.stopped());
        if self.nodes > self.budget || stopped {
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
        let key = (own, free, attacker);
        match self.table.get(&key).or_else(|| self.older.get(&key)) {
            Some(&(res @ Res::Win { .. }, _)) => Some(res),
            Some(&(res @ Res::Loss { .. }, limit)) if limit >= k => Some(res),
            _ => None,
        }
    }

    /// Stores a solved node. When the table is full, it becomes the older generation and the
    /// entries of the one before are dropped (both keep their room, so the memory never grows
    /// past what twice `table_limit` entries take).
    fn remember(&mut self, key: (Mask, Mask, bool), value: (Res, u8)) {
        if self.table.len() >= self.table_limit && !self.table.contains_key(&key) {
            std::mem::swap(&mut self.table, &mut self.older);
            self.table.clear();
        }
        self.table.insert(key, value);
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
        self.remember((own, free, false), (result, k));
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
        self.remember((own, free, true), (result, k));
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::BoardSize;
    use crate::rules::RulesConfig;

    #[test]
    fn the_table_stays_within_its_bound() {
        assert_eq!(table_entries(0), 56);
        assert!(table_entries(DEFAULT_TABLE_BYTES) * ENTRY_BYTES <= DEFAULT_TABLE_BYTES);
        assert!(table_entries(DEFAULT_TABLE_BYTES) * ENTRY_BYTES * 2 > DEFAULT_TABLE_BYTES);
        // The empty 4x4 board: White, moving first, cuts Black's edges apart, after thousands
        // of nodes.
        let position = Position::new(BoardSize::square(4).unwrap(), RulesConfig::default());
        let points = Points::for_ends(&position, Color::Black, Cell::TOP, Cell::BOTTOM);
        let region = position.empty_cells();
        let mut unbounded = LocalGame::new(&points, region, Cell::TOP, Cell::BOTTOM).unwrap();
        unbounded.table_limit = usize::MAX;
        let found = unbounded.defender_to_move(unbounded.start_own, unbounded.start_free);
        assert!(matches!(found, Ok(None)));
        assert!(unbounded.table.len() > 1000, "{}", unbounded.table.len());
        let mut small = LocalGame::new(&points, region, Cell::TOP, Cell::BOTTOM).unwrap();
        // Room for less than what the search stores unbounded.
        let bytes = unbounded.table.len() * ENTRY_BYTES;
        small.table_limit = table_entries(bytes / 2);
        assert!(small.table_limit * 2 < unbounded.table.len());
        let again = small.defender_to_move(small.start_own, small.start_free);
        assert!(matches!(again, Ok(None)));
        for table in [&small.table, &small.older] {
            assert!(
                table.capacity() <= small.table_limit,
                "{}",
                table.capacity()
            );
        }
        assert!(small.nodes >= unbounded.nodes);
        // The same through `search_within`, with the refutation and semi connection.
        let bounded = search_within(
            &position,
            Color::Black,
            Cell::TOP,
            Cell::BOTTOM,
            10_000_000,
            bytes,
        );
        let whole = search(&position, Color::Black, Cell::TOP, Cell::BOTTOM, 10_000_000);
        assert_eq!(bounded.unwrap().verdict, whole.unwrap().verdict);
    }

    #[test]
    fn a_budget_cancelled_or_out_of_time_stops_the_search() {
        // Black's edges on the empty 9x9 board: millions of nodes, more than the budget allows.
        let position = Position::new(BoardSize::square(9).unwrap(), RulesConfig::default());
        let long = |budget: &Budget| {
            search_budgeted(
                &position,
                Color::Black,
                Cell::TOP,
                Cell::BOTTOM,
                budget,
                1 << 20,
            )
            .unwrap()
        };
        let cancelled = Budget::nodes(10_000_000);
        cancelled.cancel();
        let outcome = long(&cancelled);
        assert_eq!(outcome.verdict, Verdict::Unknown);
        assert!(outcome.nodes <= 256, "{}", outcome.nodes);
        // Another thread sets the flag while the search runs.
        let budget = Budget::nodes(u64::MAX);
        let flag = budget.cancel_flag();
        let started = std::time::Instant::now();
        let outcome = std::thread::scope(|s| {
            s.spawn(|| {
                std::thread::sleep(std::time::Duration::from_millis(20));
                flag.store(true, std::sync::atomic::Ordering::Relaxed);
            });
            long(&budget)
        });
        assert_eq!(outcome.verdict, Verdict::Unknown);
        assert!(started.elapsed() < std::time::Duration::from_secs(5));
        let timed =
            Budget::nodes(u64::MAX).with_time_limit(10.0, crate::search::budget::native_clock);
        let started = std::time::Instant::now();
        assert_eq!(long(&timed).verdict, Verdict::Unknown);
        assert!(started.elapsed() < std::time::Duration::from_secs(5));
    }

    #[test]
    fn answers_that_need_no_search_come_at_once() {
        let mut position = Position::new(BoardSize::square(5).unwrap(), RulesConfig::default());
        for cell in ["a3", "b3", "c3", "d3", "e3"] {
            position
                .set_stone(cell.parse().unwrap(), Some(Color::White))
                .unwrap();
        }
        for cell in ["b1", "b2", "c4"] {
            position
                .set_stone(cell.parse().unwrap(), Some(Color::Black))
                .unwrap();
        }
        let cell = |c: &str| c.parse::<Cell>().unwrap();
        // White's chain joins its edges: Black's edges, and b1 and c4, are cut apart.
        for (from, to) in [(Cell::TOP, Cell::BOTTOM), (cell("b1"), cell("c4"))] {
            let outcome = search(&position, Color::Black, from, to, 1000).unwrap();
            assert_eq!(outcome.verdict, Verdict::Refuted { refutation: None });
            assert_eq!(outcome.nodes, 0);
        }
        // Two stones of one chain, and a chain and the edge it touches, are joined.
        for (from, to) in [(cell("b1"), cell("b2")), (cell("b2"), Cell::TOP)] {
            let outcome = search(&position, Color::Black, from, to, 1000).unwrap();
            assert_eq!(
                outcome.verdict,
                Verdict::Connected {
                    carrier: CellSet::new()
                }
            );
            assert_eq!(outcome.nodes, 0);
        }
        // Two cells on one side of the chain are left to the search.
        let outcome = search(&position, Color::Black, cell("a4"), cell("e5"), 100_000).unwrap();
        assert!(outcome.nodes > 0);
        assert_eq!(
            search(&position, Color::Black, cell("c4"), cell("c4"), 1000),
            Err(ConnectError::SamePoint)
        );
    }
}
