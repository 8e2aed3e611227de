//! Depth-first proof-number search (Nagai's df-pn, in the negamax form of Henderson 2010
//! §5.1) over the focused children of [`super::expand`], with the 1+ε trick (Pawlewicz and Lew
//! 2007) and several threads sharing one table.
//!
//! **The table.** Every node's proof numbers, its children and its fill-in live in one
//! [`Table`] of fixed size shared by all threads, replacing by subtree work, so a node is
//! expanded (analysis and H-search, the costly part) once while it stays in the table, and a
//! proof found by one thread is seen by all.
//!
//! **Threads** (after Pawlewicz and Hayward's scalable parallel df-pn, 2013). Each thread runs
//! df-pn from the root on the shared table. A thread inside a node marks it busy in a shared
//! array of counters (lock-free, indexed by the node's key); when choosing a child, a thread
//! sees each busy child's disproof number multiplied by one more than its busy count (a
//! *virtual* disproof number), so it turns to the next most promising sibling instead of
//! repeating another thread's work. Nothing on the path takes a global lock: the table locks
//! one bucket per access and the counters are atomics, so the same code runs on 2 or 64 cores.
//! A thread stops when the root is solved, the budget is spent or the cancel flag is set.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, Ordering};

use crate::board::{Cell, CellSet, Color};
use crate::notation::Move;
use crate::position::Position;
use crate::rules::Rules;
use crate::search::{Budget, Meter, Stopped, Table};

use super::bounds::{add, Bounds, INFINITY, LARGEST};
use super::expand::{expand, Features};
use super::memo::Memo;
use super::proof_set::{self, color_index, ProofBase};

/// Children whose order a [`Node`] remembers (the rest follow in index order): all but the
/// largest consider sets (the first moves of a board). With 8, the 7x7 opening b2 needed 9,162
/// nodes instead of 4,204: its only winning move, e3, ninth by resistance, came fifteenth.
pub const TOP: usize = 32;

/// Busy counters in the shared array (a power of two).
const BUSY_SLOTS: usize = 1 << 16;

/// A node in the table: its proof numbers, and what its expansion found (so it is not
/// expanded again while it stays there).
///
/// Invariant: `children` (and `swap`) are the moves of the position with `fill` added, less
/// the open ones dropped by a sibling's proof set; a node with solved `bounds` from a verdict
/// has no children; a solved node's `proof` is a proof set of its position.
#[derive(Clone, Copy, Debug)]
pub struct Node {
    pub bounds: Bounds,
    /// The focused children's cells.
    pub children: CellSet,
    /// Whether the swap is a child.
    pub swap: bool,
    /// The stones the fill-in added, Black's then White's.
    pub fill: [CellSet; 2],
    /// The child most recently searched (tried first next time).
    pub best: Option<Move>,
    /// The first [`TOP`] children in the expansion's order (cell indices, `u16::MAX` when
    /// fewer): tried in this order, before the rest in index order, when the node is searched
    /// again (so the costly ordering runs once per expansion).
    pub top: [u16; TOP],
    /// Nodes expanded below this one, this one included (saturating).
    pub work: u32,
    /// Open: the node's *loss base*, what a loss of the side to move needs besides its
    /// children's proof sets (the mustplay's semi connection carriers, and the proof sets that
    /// dropped siblings). Solved: a proof set of the position, for its winner (see
    /// [`super::proof_set`]).
    pub proof: CellSet,
    /// What the expansion knows of the node's proof sets.
    pub proof_base: ProofBase,
}

impl Node {
    /// The position the node's children are played on.
    #[must_use]
    pub fn filled(&self, position: &Position) -> Position {
        let mut filled = position.clone();
        for (color, cells) in [(Color::Black, self.fill[0]), (Color::White, self.fill[1])] {
            for cell in cells {
                filled
                    .set_stone(cell, Some(color))
                    .expect("fill-in cells are empty cells of the board");
            }
        }
        // `set_stone` closes the swap; a filled position never had it open.
        filled
    }

    /// The children as moves, in index order (the swap last).
    #[must_use]
    pub fn moves(&self) -> Vec<Move> {
        let mut moves: Vec<Move> = self.children.iter().map(Move::Cell).collect();
        if self.swap {
            moves.push(Move::Swap);
        }
        moves
    }
}

/// The table key of a position: its Zobrist hash (stones and side to move) mixed with the
/// board's shape, the rules and whether the swap is open, so positions that differ in any of
/// them never share an entry.
#[must_use]
pub fn key(position: &Position) -> u64 {
    let size = position.size();
    let shape = u64::from(size.width()) | (u64::from(size.height()) << 8);
    let rules = u64::from(position.rules() == Rules::Rex) << 16;
    let swap = u64::from(position.swap_legal()) << 17;
    position.hash() ^ (shape | rules | swap).wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

/// The outcome of one solve.
#[derive(Clone, Copy, Debug)]
pub struct Outcome {
    /// The winner, unless a limit stopped the search first.
    pub winner: Option<Color>,
    /// The root's proof numbers when the search ended.
    pub bounds: Bounds,
    /// Why the search stopped early, if it did.
    pub stopped: Option<Stopped>,
}

/// Counters over every thread (for progress reports and benchmarks).
#[derive(Debug, Default)]
pub struct Stats {
    /// Nodes expanded (analysis and H-search run).
    pub expansions: AtomicU64,
    /// Nodes decided by their expansion alone.
    pub terminal: AtomicU64,
    /// Open children dropped because a sibling's refutation does not need their cell.
    pub dropped: AtomicU64,
    /// Moves kept by the expansions not decided at once (over `expansions - terminal`, the
    /// mean consider set, as Benzene's "Consider Size").
    pub considered: AtomicU64,
}

/// Why a thread leaves the search.
enum Halt {
    Stopped(Stopped),
    /// Another thread solved the root.
    Finished,
}

/// A df-pn solver: its table, kept between solves (call [`Solver::clear`] to forget).
#[derive(Debug)]
pub struct Solver {
    table: Table<Node>,
    busy: Box<[AtomicU8]>,
    features: Features,
    epsilon: f64,
    /// Progressive widening (on by default; see [`super::bounds::window`]).
    widening: bool,
    pub stats: Stats,
}

impl Solver {
    /// A solver whose table takes at most `megabytes` MB.
    #[must_use]
    pub fn new(megabytes: usize, features: Features) -> Solver {
        Solver {
            table: Table::with_megabytes(megabytes),
            busy: (0..BUSY_SLOTS).map(|_| AtomicU8::new(0)).collect(),
            features,
            epsilon: 0.0,
            widening: true,
            stats: Stats::default(),
        }
    }

    /// The prunings this solver uses.
    #[must_use]
    pub fn features(&self) -> Features {
        self.features
    }

    /// Forgets every node.
    pub fn clear(&self) {
        self.table.clear();
    }

    /// The table (for its size and fill).
    #[must_use]
    pub fn table(&self) -> &Table<Node> {
        &self.table
    }

    /// The proof numbers known for `position`.
    #[must_use]
    pub fn bounds(&self, position: &Position) -> Option<Bounds> {
        self.table.get(key(position)).map(|n| n.bounds)
    }

    /// The table's node for `position`, expanding it (and storing it) when missing.
    pub fn node(&self, position: &Position, meter: &mut Meter<'_>) -> Result<Node, Stopped> {
        self.look_up_or_expand(position, key(position), meter)
            .map(|(node, _)| node)
    }

    /// The table's node of `position` (its key `key`), else the node expanded, charged to
    /// `meter` and stored; and whether it was expanded.
    fn look_up_or_expand(
        &self,
        position: &Position,
        key: u64,
        meter: &mut Meter<'_>,
    ) -> Result<(Node, bool), Stopped> {
        if let Some(node) = self.table.get(key) {
            return Ok((node, false));
        }
        charge_one(meter)?;
        let node = self.expand_node(position);
        self.table.put(key, node, 1);
        Ok((node, true))
    }

    fn expand_node(&self, position: &Position) -> Node {
        let expansion = expand(position, self.features);
        self.stats.expansions.fetch_add(1, Ordering::Relaxed);
        let mut node = Node {
            bounds: Bounds::UNKNOWN,
            children: CellSet::new(),
            swap: false,
            fill: [expansion.fillin.black, expansion.fillin.white],
            best: None,
            top: [u16::MAX; TOP],
            work: 1,
            proof: expansion.semis,
            proof_base: expansion.base,
        };
        if let Some(verdict) = expansion.verdict {
            self.stats.terminal.fetch_add(1, Ordering::Relaxed);
            let won = verdict.winner == position.to_move();
            node.bounds = Bounds::decided(won);
            node.proof = if self.argues(position) {
                proof_set::shrink(position, verdict.winner, verdict.proof)
            } else {
                position.empty_cells()
            };
            // A winning move: the connection's key; else any move keeps a full connection or
            // a completed fill-in (an extra stone never hurts its owner): one in the carrier.
            node.best = if won {
                verdict
                    .key
                    .or_else(|| {
                        let filled = expansion.filled.empty_cells();
                        (filled & verdict.carrier)
                            .first()
                            .or_else(|| filled.first())
                            .or_else(|| position.empty_cells().first())
                    })
                    .map(Move::Cell)
            } else {
                None
            };
            return node;
        }
        for mv in &expansion.moves {
            match mv {
                Move::Cell(cell) => {
                    node.children.insert(*cell);
                }
                Move::Swap => node.swap = true,
            }
        }
        self.stats
            .considered
            .fetch_add(expansion.moves.len() as u64, Ordering::Relaxed);
        node.best = expansion.moves.first().copied();
        let ordered = expansion.moves.iter().filter_map(|m| match m {
            Move::Cell(c) => Some(c.index() as u16),
            Move::Swap => None,
        });
        for (slot, index) in node.top.iter_mut().zip(ordered) {
            *slot = index;
        }
        node
    }

    /// Whether proof sets are argued at `position` (see [`super::proof_set`]): the feature on,
    /// Hex rules (monotonicity fails under Rex) and the swap closed.
    fn argues(&self, position: &Position) -> bool {
        self.features.proof_sets
            && position.rules() == Rules::Hex
            && !position.swap_legal()
            && !(position.config().swap && position.occupied().is_empty())
    }

    /// The proof set of `node` at `position`, just solved, from its children's `views`
    /// (bounds and proof sets, in the order of `children`): see [`super::proof_set`], part 3.
    fn proof_of(
        &self,
        position: &Position,
        node: &Node,
        children: &[(Move, Position, u64)],
        views: &[(Bounds, CellSet)],
    ) -> CellSet {
        let all = position.empty_cells();
        if !self.argues(position) || node.swap {
            return all;
        }
        let mover = position.to_move();
        let proof = if node.bounds.is_win() {
            children
                .iter()
                .zip(views)
                .filter(|(_, (b, _))| b.is_loss())
                .filter_map(|((mv, _, _), (_, p))| match mv {
                    Move::Cell(cell) => Some(*p | CellSet::single(*cell)),
                    Move::Swap => None,
                })
                .min_by_key(CellSet::len)
                .and_then(|inner| {
                    proof_set::of_win(
                        &node.proof_base,
                        mover,
                        node.fill[color_index(mover)],
                        inner,
                    )
                })
        } else {
            let winner = mover.opponent();
            proof_set::of_loss(
                &node.proof_base,
                winner,
                node.fill[color_index(winner)],
                node.proof,
                views.iter().map(|(_, p)| *p),
            )
        };
        proof.map_or(all, |p| {
            proof_set::shrink(position, winner_of_bounds(position, node.bounds), p)
        })
    }

    /// The stored bounds and proof set of the node with key `key`, if the table holds it.
    fn stored_view(&self, key: u64) -> Option<(Bounds, CellSet)> {
        self.table.get_with(key, |n| (n.bounds, n.proof))
    }

    /// Solves `position` with `threads` threads (on the current rayon pool) under `budget`.
    pub fn solve(&self, position: &Position, threads: usize, budget: &Budget) -> Outcome {
        let root_key = key(position);
        let finished = AtomicBool::new(false);
        let stopped = std::sync::Mutex::new(None);
        // The root's result as the thread that settled it saw it: the table may lose the
        // root's entry afterwards (a full bucket replaces its cheapest entry, and another
        // thread may still be storing on its way back up).
        let settled = std::sync::Mutex::new(None);
        let run = || {
            let mut walker = Walker {
                solver: self,
                meter: budget.meter(),
                finished: &finished,
                expanded: 0,
            };
            match walker.root(position, root_key) {
                Walk::Settled(bounds) => {
                    *settled.lock().unwrap_or_else(|e| e.into_inner()) = Some(bounds);
                }
                Walk::Finished => {}
                Walk::Stopped(why) => {
                    *stopped.lock().unwrap_or_else(|e| e.into_inner()) = Some(why);
                    // One thread out of budget stops them all.
                    finished.store(true, Ordering::Relaxed);
                }
            }
        };
        if threads <= 1 {
            run();
        } else {
            rayon::scope(|scope| {
                for _ in 0..threads {
                    scope.spawn(|_| run());
                }
            });
        }
        let bounds = settled
            .into_inner()
            .unwrap_or_else(|e| e.into_inner())
            .or_else(|| self.bounds(position))
            .unwrap_or(Bounds::UNKNOWN);
        let winner = if bounds.is_win() {
            Some(position.to_move())
        } else if bounds.is_loss() {
            Some(position.to_move().opponent())
        } else {
            None
        };
        let stopped = stopped.into_inner().unwrap_or_else(|e| e.into_inner());
        Outcome {
            winner,
            bounds,
            stopped: if winner.is_some() { None } else { stopped },
        }
    }

    fn busy_slot(&self, key: u64) -> &AtomicU8 {
        &self.busy[(key as usize) & (BUSY_SLOTS - 1)]
    }

    /// Orders the node's children for the search, the same order every time (the widening
    /// window depends on it): the expansion's first [`TOP`] in their order, then the rest by
    /// index (the swap last).
    fn order(node: &Node) -> Vec<Move> {
        let mut cells: Vec<Cell> = Vec::with_capacity(node.children.len());
        let mut seen = CellSet::new();
        let top = node.top.iter().filter_map(|&i| Cell::from_index(i));
        for cell in top.chain(node.children.iter()) {
            if node.children.contains(cell) && seen.insert(cell) {
                cells.push(cell);
            }
        }
        let mut moves: Vec<Move> = cells.into_iter().map(Move::Cell).collect();
        if node.swap {
            moves.push(Move::Swap);
        }
        moves
    }

    /// The children of `node` at `position`, each with its position and key.
    #[must_use]
    pub fn children(&self, position: &Position, node: &Node) -> Vec<(Move, Position, u64)> {
        let filled = node.filled(position);
        Self::order(node)
            .into_iter()
            .map(|mv| {
                let mut child = filled.clone();
                child.play(mv).expect("children are legal moves");
                let k = key(&child);
                (mv, child, k)
            })
            .collect()
    }

    /// The proof numbers of the child with key `key` (unknown children count as `1, 1`).
    #[must_use]
    pub fn child_bounds(&self, key: u64) -> Bounds {
        self.table.get(key).map_or(Bounds::UNKNOWN, |n| n.bounds)
    }
}

/// How one thread's walk from the root ended.
enum Walk {
    /// This thread saw the root settled, with these bounds.
    Settled(Bounds),
    /// Another thread settled the root (or stopped the search) first.
    Finished,
    /// A limit stopped the search.
    Stopped(Stopped),
}

/// One thread's walk of the tree.
struct Walker<'a> {
    solver: &'a Solver,
    meter: Meter<'a>,
    finished: &'a AtomicBool,
    /// Nodes this thread expanded.
    expanded: u64,
}

impl Walker<'_> {
    /// Searches from the root until it is solved or the search must stop (and why).
    fn root(&mut self, position: &Position, key: u64) -> Walk {
        let limit = Bounds {
            phi: INFINITY,
            delta: INFINITY,
        };
        loop {
            if let Some(node) = self.solver.table.get(key).filter(|n| n.bounds.is_solved()) {
                self.finished.store(true, Ordering::Relaxed);
                return Walk::Settled(node.bounds);
            }
            let before = self.expanded;
            match self.mid(position, key, limit) {
                Ok(bounds) if bounds.is_solved() => {
                    self.finished.store(true, Ordering::Relaxed);
                    return Walk::Settled(bounds);
                }
                Ok(_) => {}
                Err(Halt::Finished) => return Walk::Finished,
                Err(Halt::Stopped(why)) => return Walk::Stopped(why),
            }
            if self.expanded == before {
                // No progress: another thread holds the work (or the table is too small to
                // keep a path); look again after a pause rather than spin.
                if self.finished.load(Ordering::Relaxed) {
                    return Walk::Finished;
                }
                std::thread::yield_now();
            }
        }
    }

    fn node(&mut self, position: &Position, key: u64) -> Result<Node, Halt> {
        if self.finished.load(Ordering::Relaxed) {
            // Another thread solved the root: take what the table holds, expand nothing.
            return self.solver.table.get(key).ok_or(Halt::Finished);
        }
        let (node, expanded) = self
            .solver
            .look_up_or_expand(position, key, &mut self.meter)
            .map_err(Halt::Stopped)?;
        self.expanded += u64::from(expanded);
        Ok(node)
    }

    /// Multiple iterative deepening at `position` until its proof numbers reach `limit`.
    fn mid(&mut self, position: &Position, key: u64, limit: Bounds) -> Result<Bounds, Halt> {
        let mut node = self.node(position, key)?;
        if !node.bounds.below(limit) {
            return Ok(node.bounds);
        }
        let mut children = self.solver.children(position, &node);
        let slot = self.solver.busy_slot(key);
        slot.fetch_add(1, Ordering::Relaxed);
        let result = self.deepen(position, &mut node, key, &mut children, limit);
        slot.fetch_sub(1, Ordering::Relaxed);
        result
    }

    /// The children's bounds and proof sets, after dropping the open children that a lost
    /// child's proof set refutes too ([`super::proof_set`], part 1).
    fn views(
        &self,
        position: &Position,
        node: &mut Node,
        children: &mut Vec<(Move, Position, u64)>,
        memo: &Memo,
    ) -> Vec<(Bounds, CellSet)> {
        let views: Vec<(Bounds, CellSet)> = children
            .iter()
            .map(|(_, _, k)| memo.view(*k, self.solver.stored_view(*k)))
            .collect();
        if node.swap || !self.solver.argues(position) {
            return views;
        }
        let mut open = CellSet::new();
        let mut lost = Vec::new();
        for ((mv, _, _), (bounds, proof)) in children.iter().zip(&views) {
            if let Move::Cell(cell) = mv {
                if !bounds.is_solved() {
                    open.insert(*cell);
                } else if bounds.is_win() {
                    lost.push((*cell, *proof));
                }
            }
        }
        if lost.is_empty() || open.is_empty() {
            return views;
        }
        let (drop, why) = proof_set::drop_siblings(open, lost);
        if drop.is_empty() {
            return views;
        }
        node.children -= drop;
        node.proof |= why;
        self.solver
            .stats
            .dropped
            .fetch_add(drop.len() as u64, Ordering::Relaxed);
        let (kept, views): (Vec<_>, Vec<_>) = children
            .drain(..)
            .zip(views)
            .filter(|((mv, _, _), _)| !matches!(mv, Move::Cell(cell) if drop.contains(*cell)))
            .unzip();
        *children = kept;
        views
    }

    /// Sets `node`'s bounds to `bounds` (and its proof set when that solves it), and stores it.
    fn record(
        &self,
        position: &Position,
        node: &mut Node,
        key: u64,
        bounds: Bounds,
        children: &[(Move, Position, u64)],
        views: &[(Bounds, CellSet)],
    ) {
        node.bounds = bounds;
        if bounds.is_solved() {
            node.proof = self.solver.proof_of(position, node, children, views);
        }
        self.solver.table.put(key, *node, node.work);
    }

    fn deepen(
        &mut self,
        position: &Position,
        node: &mut Node,
        key: u64,
        children: &mut Vec<(Move, Position, u64)>,
        limit: Bounds,
    ) -> Result<Bounds, Halt> {
        let mut memo = Memo::default();
        loop {
            let views = self.views(position, node, children, &memo);
            let bounds: Vec<Bounds> = views.iter().map(|(b, _)| *b).collect();
            let window = self.window(&bounds);
            let widened = Bounds::widened(bounds.iter().copied(), window);
            self.record(position, node, key, widened, children, &views);
            if !node.bounds.below(limit) {
                return Ok(node.bounds);
            }
            if self.finished.load(Ordering::Relaxed) {
                return Err(Halt::Finished);
            }
            let (best, second) = self.select(&children[..window], &bounds[..window], limit);
            let child = bounds[best];
            node.best = Some(children[best].0);
            let epsilon = (f64::from(second) * (1.0 + self.solver.epsilon)).ceil() as u64;
            let child_limit = Bounds {
                // The node's delta reaches its limit when this child's phi does the rest.
                phi: limit
                    .delta
                    .saturating_sub(node.bounds.delta - child.phi)
                    .min(INFINITY),
                delta: limit
                    .phi
                    .min(add(second, 1).max(epsilon.min(u64::from(LARGEST)) as u32)),
            };
            let before = self.expanded;
            let (_, child_position, child_key) = &children[best];
            let returned = self.mid(child_position, *child_key, child_limit)?;
            memo.remember(
                *child_key,
                returned,
                child_position,
                self.solver.stored_view(*child_key),
            );
            let spent = self.expanded - before;
            node.work = node
                .work
                .saturating_add(spent.min(u64::from(u32::MAX)) as u32);
            if spent == 0 && !returned.is_solved() {
                // The child came back at once, unsolved: its stored bounds were out of date
                // (a transposition, another thread, a sibling's drop) and the frame now knows
                // better. Give the turn back with the bounds of every child (no widening
                // window), so the ancestors re-weigh the line: on 7x7 this costs fewer nodes
                // than going on here (8,168 against 9,019 for d4, c3, a2). Each give-back
                // leaves the node it came from consistent, so a line of such returns ends.
                let views = self.views(position, node, children, &memo);
                let bounds = Bounds::from_children(views.iter().map(|(b, _)| *b));
                self.record(position, node, key, bounds, children, &views);
                return Ok(bounds);
            }
        }
    }

    /// The progressive widening window over the children's `bounds` (all of them when
    /// widening is off).
    fn window(&self, bounds: &[Bounds]) -> usize {
        if self.solver.widening {
            super::bounds::window(bounds)
        } else {
            bounds.len()
        }
    }

    /// The child to search: the least (virtual) disproof number, ties to the first in order;
    /// and the second least disproof number.
    fn select(
        &self,
        children: &[(Move, Position, u64)],
        bounds: &[Bounds],
        limit: Bounds,
    ) -> (usize, u32) {
        let virtual_delta = |i: usize| -> u32 {
            let b = bounds[i];
            if b.is_solved() {
                return b.delta;
            }
            let busy = u32::from(self.solver.busy_slot(children[i].2).load(Ordering::Relaxed));
            if busy == 0 {
                b.delta
            } else {
                b.delta.saturating_mul(1 + busy).min(LARGEST)
            }
        };
        let mut best = 0;
        let mut best_delta = u32::MAX;
        let mut second = INFINITY;
        for i in 0..children.len() {
            let d = virtual_delta(i);
            if d < best_delta {
                second = second.min(best_delta);
                best = i;
                best_delta = d;
            } else {
                second = second.min(d);
            }
        }
        // A virtual number must never send the search to a child beyond the node's own limit
        // (it would return at once): then take the real least.
        if bounds[best].delta >= limit.phi {
            best = (0..children.len())
                .min_by_key(|&i| bounds[i].delta)
                .expect("an unsolved node has children");
            second = (0..children.len())
                .filter(|&i| i != best)
                .map(|i| bounds[i].delta)
                .min()
                .unwrap_or(INFINITY);
        }
        (best, second.min(INFINITY))
    }
}

/// The winner named by the solved `bounds` of `position`.
fn winner_of_bounds(position: &Position, bounds: Bounds) -> Color {
    if bounds.is_win() {
        position.to_move()
    } else {
        position.to_move().opponent()
    }
}

/// Counts one expansion against the budget and asks at once whether to stop: an expansion
/// costs far more than the check, and the flag must be seen within milliseconds.
fn charge_one(meter: &mut Meter<'_>) -> Result<(), Stopped> {
    meter.tick()?;
    meter.check()
}
