//! The search tree shared by every thread: a fixed arena of nodes made of atomics, with no lock.
//!
//! Why atomics and no locks: a simulation touches every node on its path twice (down and up)
//! and, for RAVE, every child of those nodes; a lock per node would put a lock round trip on
//! each, and a global lock would serialise the threads. Instead:
//! - visit and win counts are `fetch_add`s; the visit is added on the way down and the win on
//!   the way up, so a simulation in flight counts as a loss for its move: a *virtual loss*
//!   that steers other threads to other moves until the result arrives;
//! - RAVE counts, updated for many children per simulation, are plain relaxed load-and-store:
//!   a rare lost update only blurs a statistic (the lock-free MCTS of Enzenberger and Müller,
//!   which MoHex uses), and no locked instruction sits in the inner loop;
//! - a node's children are created once by the thread that wins a compare-and-swap of its
//!   state from [`LEAF`] to [`EXPANDING`]; it takes a block of the arena with one `fetch_add`,
//!   writes the children and publishes them by storing [`EXPANDED`] with release ordering.
//!   Others see a leaf until then and simply play out from it.
//!
//! Invariants: nodes `0..next` are in use and never move; an [`EXPANDED`] node's children are
//! `first_child..first_child + child_count` and their cells are final; `wins <= visits` once
//! every simulation in flight has returned; a proven node stays proven.

use std::sync::atomic::{AtomicBool, AtomicU16, AtomicU32, AtomicU8, Ordering};

use super::facts::{FactStore, Facts};

/// No children yet.
pub const LEAF: u8 = 0;
/// A thread is writing the children.
pub const EXPANDING: u8 = 1;
/// The children are published.
pub const EXPANDED: u8 = 2;
/// The arena was full: stays a leaf.
pub const NO_ROOM: u8 = 3;

/// Not proven.
pub const UNKNOWN: u8 = 0;
/// The side to move at the node wins.
pub const WIN: u8 = 1;
/// The side to move at the node loses.
pub const LOSS: u8 = 2;

const R: Ordering = Ordering::Relaxed;

/// One node: the move that led to it and its statistics, from the view of the player who made
/// that move (wins are that player's).
#[derive(Default, Debug)]
pub struct Node {
    /// The move into this node (padded index of the simulation board).
    pub cell: AtomicU16,
    pub visits: AtomicU32,
    pub wins: AtomicU32,
    pub rave_visits: AtomicU32,
    pub rave_wins: AtomicU32,
    pub first_child: AtomicU32,
    pub child_count: AtomicU16,
    pub state: AtomicU8,
    /// 0: knowledge not computed; 1: being computed; 2: done.
    pub knowledge: AtomicU8,
    /// Pruned by knowledge (inferior, or outside the mustplay).
    pub pruned: AtomicBool,
    /// [`UNKNOWN`], [`WIN`] or [`LOSS`] for the side to move at this node.
    pub proven: AtomicU8,
    /// The prior probability of the move among its siblings (an `f32`'s bits), from the
    /// patterns ([`super::pattern`]); 0 without patterns.
    pub prior: AtomicU32,
    /// The node's [`Facts`] in the tree's [`FactStore`] (1-based; 0: none), stored with
    /// release ordering once the entry is written.
    pub facts: AtomicU32,
}

impl Node {
    /// Visits so far (including simulations in flight).
    #[inline]
    #[must_use]
    pub fn visits(&self) -> u32 {
        self.visits.load(R)
    }

    /// The mean result for the player who moved into this node (0 with no visit).
    #[must_use]
    pub fn mean(&self) -> f64 {
        let n = self.visits.load(R);
        if n == 0 {
            0.0
        } else {
            (f64::from(self.wins.load(R)) / f64::from(n)).min(1.0)
        }
    }

    /// The proof state.
    #[inline]
    #[must_use]
    pub fn proven(&self) -> u8 {
        self.proven.load(R)
    }

    /// The prior probability of the move (see [`Node::prior`]).
    #[inline]
    #[must_use]
    pub fn prior(&self) -> f32 {
        f32::from_bits(self.prior.load(R))
    }

    /// Adds one RAVE result (relaxed load and store: see the module doc).
    #[inline]
    pub fn add_rave(&self, win: bool) {
        self.rave_visits.store(self.rave_visits.load(R) + 1, R);
        if win {
            self.rave_wins.store(self.rave_wins.load(R) + 1, R);
        }
    }

    /// The children's index range, once expanded.
    #[inline]
    #[must_use]
    pub fn children(&self) -> Option<std::ops::Range<usize>> {
        if self.state.load(Ordering::Acquire) != EXPANDED {
            return None;
        }
        let first = self.first_child.load(R) as usize;
        Some(first..first + self.child_count.load(R) as usize)
    }
}

/// The arena: node 0 is the root.
pub struct Tree {
    nodes: Box<[Node]>,
    next: std::sync::atomic::AtomicUsize,
    /// The facts of nodes whose knowledge found some.
    pub facts: FactStore,
}

impl Tree {
    /// A tree holding at most `capacity` nodes (at least 1: the root).
    #[must_use]
    pub fn new(capacity: usize) -> Tree {
        let capacity = capacity.max(1);
        let zeroed = Box::<[Node]>::new_zeroed_slice(capacity);
        // SAFETY: `Node` is made only of atomic integers and an `AtomicBool`, for which the
        // all-zero bit pattern is a valid value (0 and `false`), and `Node::default()` is
        // exactly that pattern, so the zeroed slice is fully initialised. Asking the allocator
        // for zeroed memory (rather than writing every node) lets the system hand over fresh
        // zero pages lazily: a 2,000,000-node tree costs nothing until its nodes are used.
        let nodes = unsafe { zeroed.assume_init() };
        Tree {
            nodes,
            next: std::sync::atomic::AtomicUsize::new(1),
            facts: FactStore::default(),
        }
    }

    /// The node at `index`.
    #[inline]
    #[must_use]
    pub fn node(&self, index: usize) -> &Node {
        &self.nodes[index]
    }

    /// The root.
    #[inline]
    #[must_use]
    pub fn root(&self) -> &Node {
        &self.nodes[0]
    }

    /// Nodes in use.
    #[must_use]
    pub fn len(&self) -> usize {
        self.next.load(R).min(self.nodes.len())
    }

    /// Whether only the root exists.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() <= 1
    }

    /// The most nodes this tree holds.
    #[must_use]
    pub fn capacity(&self) -> usize {
        self.nodes.len()
    }

    /// Gives `node` one child per (cell, prior) of `cells`, each starting with `rave` RAVE
    /// visits of which half are wins (a neutral start, as MoHex gives its new nodes), unless
    /// another thread is doing it or the arena is full. Returns whether this call expanded it.
    pub fn expand(
        &self,
        node: usize,
        cells: impl ExactSizeIterator<Item = (u16, f32)>,
        rave: u32,
    ) -> bool {
        let n = &self.nodes[node];
        if n.state
            .compare_exchange(LEAF, EXPANDING, Ordering::Acquire, R)
            .is_err()
        {
            return false;
        }
        let count = cells.len();
        let first = self.next.fetch_add(count, R);
        if first + count > self.nodes.len() {
            n.state.store(NO_ROOM, Ordering::Release);
            return false;
        }
        for (i, (cell, prior)) in cells.enumerate() {
            let child = &self.nodes[first + i];
            child.cell.store(cell, R);
            child.prior.store(prior.to_bits(), R);
            child.rave_visits.store(rave, R);
            child.rave_wins.store(rave / 2, R);
        }
        n.first_child.store(first as u32, R);
        n.child_count.store(count as u16, R);
        n.state.store(EXPANDED, Ordering::Release);
        true
    }

    /// A new tree of `capacity` nodes holding a copy of the subtree under `index` (its root
    /// becomes node 0), with the statistics and proofs kept: tree reuse between moves.
    #[must_use]
    pub fn subtree(&self, index: usize, capacity: usize) -> Tree {
        let tree = Tree::new(capacity);
        self.copy_node(self.node(index), &tree, 0);
        let mut queue = std::collections::VecDeque::from([(index, 0usize)]);
        while let Some((from, to)) = queue.pop_front() {
            let Some(children) = self.node(from).children() else {
                continue;
            };
            let count = children.len();
            let first = tree.next.load(R);
            if first + count > tree.capacity() {
                continue;
            }
            tree.next.store(first + count, R);
            for (i, child) in children.enumerate() {
                self.copy_node(self.node(child), &tree, first + i);
                queue.push_back((child, first + i));
            }
            let target = tree.node(to);
            target.first_child.store(first as u32, R);
            target.child_count.store(count as u16, R);
            target.state.store(EXPANDED, R);
        }
        tree
    }

    /// Stores `facts` as those of `node` (nothing when the store is full).
    pub fn set_facts(&self, node: usize, facts: Facts) {
        if let Some(index) = self.facts.push(facts) {
            self.nodes[node].facts.store(index, Ordering::Release);
        }
    }

    /// The facts of `node`, if it has some.
    #[must_use]
    pub fn facts(&self, node: usize) -> Option<&Facts> {
        self.facts
            .get(self.nodes[node].facts.load(Ordering::Acquire))
    }

    /// Copies one node's move, statistics, proof and facts (not its children) into node `to`
    /// of `tree`.
    fn copy_node(&self, from: &Node, tree: &Tree, to: usize) {
        if let Some(facts) = self.facts.get(from.facts.load(Ordering::Acquire)) {
            tree.set_facts(to, facts.clone());
        }
        copy_fields(from, tree.node(to));
    }
}

/// Copies one node's move, statistics and proof (not its children or facts).
fn copy_fields(from: &Node, to: &Node) {
    to.cell.store(from.cell.load(R), R);
    to.visits.store(from.visits.load(R), R);
    to.wins.store(from.wins.load(R), R);
    to.rave_visits.store(from.rave_visits.load(R), R);
    to.rave_wins.store(from.rave_wins.load(R), R);
    let knowledge = if from.knowledge.load(R) == 2 { 2 } else { 0 };
    to.knowledge.store(knowledge, R);
    to.pruned.store(from.pruned.load(R), R);
    to.proven.store(from.proven.load(R), R);
    to.prior.store(from.prior.load(R), R);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_tree_holds_default_nodes() {
        let tree = Tree::new(3);
        for i in 0..3 {
            let n = tree.node(i);
            assert_eq!(n.visits(), 0);
            assert_eq!(n.state.load(R), LEAF);
            assert_eq!(n.proven(), UNKNOWN);
            assert_eq!(n.prior(), 0.0);
            assert!(!n.pruned.load(R));
        }
    }

    #[test]
    fn expansion_publishes_children_once_and_respects_the_cap() {
        let tree = Tree::new(6);
        let cells = |c: &[u16]| {
            c.iter()
                .map(|&c| (c, 0.25f32))
                .collect::<Vec<_>>()
                .into_iter()
        };
        assert!(tree.expand(0, cells(&[10, 11, 12]), 8));
        assert!(!tree.expand(0, cells(&[1]), 0));
        assert_eq!(tree.root().children(), Some(1..4));
        assert_eq!(tree.node(2).prior(), 0.25);
        assert_eq!(tree.node(2).rave_visits.load(R), 8);
        assert_eq!(tree.node(2).rave_wins.load(R), 4);
        assert!(!tree.expand(1, cells(&[5, 6, 7]), 0), "no room left");
        assert_eq!(tree.node(1).state.load(R), NO_ROOM);
        tree.node(2).visits.store(7, R);
        let copy = tree.subtree(0, 10);
        assert_eq!(copy.len(), 4);
        assert_eq!(copy.node(2).visits(), 7);
        assert_eq!(copy.node(3).cell.load(R), 12);
    }
}
