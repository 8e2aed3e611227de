//! A game tree: a record with variations, as game files hold it.
//!
//! Node 0 is the root; every other node hangs under one parent, and its children are the
//! variations that follow it (the first child is the main line). A node may carry a move
//! ([`NodeMove`]: a stone, a swap, a pass or a resignation), set-up stones (`AB`/`AW`/`AE`),
//! the side to play next (`PL`), a comment, and other properties kept for saving. The
//! [`GameInfo`] holds what the root says of the whole game: size, rules, players, result.
//!
//! The position at a node is the root's empty board with every node on the path applied in
//! order ([`apply`]): set-up stones first (`AE`, then `AB`, then `AW`), then `PL`, then the
//! move. A stone of the side to move is played by the rules of [`Position::play`]; a stone of
//! the other colour is placed out of turn (files from analysis tools hold such lines) and
//! passes the turn to its opponent. Swap-pieces is [`Move::Swap`]; swap-sides keeps the board
//! and exchanges the players, so the stone stays Black and White moves again.
//!
//! Files: `node` (what a node says and how it applies to a position), this module (the
//! tree), `games` (trees to and from [`Game`]s).

mod games;
mod node;
pub mod record;

pub use games::Step;
pub use node::{apply, GameInfo, NodeData, NodeError, NodeMove, Special, SwapForm};

use crate::position::Position;

#[cfg(doc)]
use crate::{game::Game, notation::Move};

/// A node's index in its [`GameTree`]: 0 is the root.
pub type NodeId = usize;

#[derive(Clone, Debug)]
struct Node {
    data: NodeData,
    parent: Option<NodeId>,
    children: Vec<NodeId>,
}

/// A game record with variations.
///
/// Invariants: node 0 is the root and the only node without a parent; every other node's
/// parent has a smaller index and lists it among its children; every node applies (by
/// [`apply`]) to the position at its parent, starting from the empty board of `info.size`
/// with `info.config`.
#[derive(Clone, Debug)]
pub struct GameTree {
    info: GameInfo,
    nodes: Vec<Node>,
}

impl GameTree {
    /// A tree holding only an empty root.
    #[must_use]
    pub fn new(info: GameInfo) -> GameTree {
        GameTree {
            info,
            nodes: vec![Node {
                data: NodeData::default(),
                parent: None,
                children: Vec::new(),
            }],
        }
    }

    /// A tree from nodes given as `(parent, data)`, parents before children (node 0, the
    /// root, has no parent): every node is checked against the position at its parent, in
    /// one pass that keeps a position only while a node still has children to come.
    /// Errors name the first node that does not apply.
    pub fn build(
        info: GameInfo,
        root: NodeData,
        nodes: impl IntoIterator<Item = (NodeId, NodeData)>,
    ) -> Result<GameTree, (NodeId, NodeError)> {
        let mut tree = GameTree::new(info);
        tree.nodes[0].data = root;
        for (parent, data) in nodes {
            assert!(parent < tree.nodes.len(), "parents come before children");
            let id = tree.nodes.len();
            tree.nodes.push(Node {
                data,
                parent: Some(parent),
                children: Vec::new(),
            });
            tree.nodes[parent].children.push(id);
        }
        tree.check()?;
        Ok(tree)
    }

    /// Checks the invariant that every node applies to its parent's position.
    fn check(&self) -> Result<(), (NodeId, NodeError)> {
        let mut walk = Walk::new(self.nodes.iter().map(|n| n.children.len()).collect());
        let mut root = self.empty_board();
        apply(&mut root, &self.nodes[0].data).map_err(|e| (0, e))?;
        walk.keep(0, root);
        for id in 1..self.nodes.len() {
            let mut position =
                walk.before(self.nodes[id].parent.expect("only the root has no parent"));
            apply(&mut position, &self.nodes[id].data).map_err(|e| (id, e))?;
            walk.keep(id, position);
        }
        Ok(())
    }

    /// Calls `visit(id, before, after)` for every node in id order (parents first), with the
    /// position at its parent (the empty board for the root) and the position at the node: one
    /// pass, keeping a position only while a node still has children to come.
    pub fn visit_positions(&self, mut visit: impl FnMut(NodeId, &Position, &Position)) {
        let mut walk = Walk::new(self.nodes.iter().map(|n| n.children.len()).collect());
        let empty = self.empty_board();
        let mut root = empty.clone();
        apply(&mut root, &self.nodes[0].data).expect("every node applies");
        visit(0, &empty, &root);
        walk.keep(0, root);
        for id in 1..self.nodes.len() {
            let before = walk.before(self.nodes[id].parent.expect("only the root has no parent"));
            let mut after = before.clone();
            apply(&mut after, &self.nodes[id].data).expect("every node applies");
            visit(id, &before, &after);
            walk.keep(id, after);
        }
    }

    fn empty_board(&self) -> Position {
        Position::new(self.info.size, self.info.config)
    }

    /// The game information of the root.
    #[must_use]
    pub fn info(&self) -> &GameInfo {
        &self.info
    }

    /// Sets the players and result (not the size or rules, which every node depends on).
    pub fn set_players(
        &mut self,
        black: Option<String>,
        white: Option<String>,
        result: Option<String>,
    ) {
        self.info.black = black;
        self.info.white = white;
        self.info.result = result;
    }

    /// How many nodes the tree holds (at least 1, the root).
    #[must_use]
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Always false: there is a root.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        false
    }

    /// What node `id` says. Panics if there is no such node.
    #[must_use]
    pub fn data(&self, id: NodeId) -> &NodeData {
        &self.nodes[id].data
    }

    /// The variations after node `id`, the main line first.
    #[must_use]
    pub fn children(&self, id: NodeId) -> &[NodeId] {
        &self.nodes[id].children
    }

    /// The node before `id` (none for the root).
    #[must_use]
    pub fn parent(&self, id: NodeId) -> Option<NodeId> {
        self.nodes[id].parent
    }

    /// Adds a node after `parent`, as its last variation, if it applies to the position
    /// there; returns its id.
    pub fn add_child(&mut self, parent: NodeId, data: NodeData) -> Result<NodeId, NodeError> {
        let mut position = self.position_at(parent);
        apply(&mut position, &data)?;
        let id = self.nodes.len();
        self.nodes.push(Node {
            data,
            parent: Some(parent),
            children: Vec::new(),
        });
        self.nodes[parent].children.push(id);
        Ok(id)
    }

    /// The nodes from the root to `id`, root first.
    #[must_use]
    pub fn path_to(&self, id: NodeId) -> Vec<NodeId> {
        let mut path = vec![id];
        let mut at = id;
        while let Some(parent) = self.nodes[at].parent {
            path.push(parent);
            at = parent;
        }
        path.reverse();
        path
    }

    /// The main line: the root, its first child, that child's first child, and so on. Its
    /// `n`-th entry is "node n" of the command line.
    #[must_use]
    pub fn main_line(&self) -> Vec<NodeId> {
        let mut line = vec![0];
        while let Some(&next) = self.nodes[*line.last().expect("not empty")]
            .children
            .first()
        {
            line.push(next);
        }
        line
    }

    /// The position after node `id`.
    #[must_use]
    pub fn position_at(&self, id: NodeId) -> Position {
        let mut position = self.empty_board();
        for node in self.path_to(id) {
            apply(&mut position, &self.nodes[node].data).expect("every node applies");
        }
        position
    }
}

/// The positions of a walk over a tree's nodes, parents first: a node's position is kept only
/// while one of its children is still to come, so a long line holds one position at a time and
/// a branch costs one copy.
pub(crate) struct Walk {
    /// For each node, how many of its children are still to come.
    pending: Vec<usize>,
    positions: Vec<Option<Position>>,
}

impl Walk {
    /// A walk over nodes with `children[id]` children each.
    pub(crate) fn new(children: Vec<usize>) -> Walk {
        let positions = vec![None; children.len()];
        Walk {
            pending: children,
            positions,
        }
    }

    /// The position at `parent`, for one of its children (the last one takes it).
    pub(crate) fn before(&mut self, parent: NodeId) -> Position {
        self.pending[parent] -= 1;
        if self.pending[parent] == 0 {
            self.positions[parent].take()
        } else {
            self.positions[parent].clone()
        }
        .expect("a parent's position is kept until its last child")
    }

    /// The position at `id`, kept if a child of it is to come.
    pub(crate) fn keep(&mut self, id: NodeId, position: Position) {
        if self.pending[id] > 0 {
            self.positions[id] = Some(position);
        }
    }
}

/// Trees are equal when they hold the same information and the same nodes in the same shape
/// (node ids, which depend on the order nodes were added, do not matter).
impl PartialEq for GameTree {
    fn eq(&self, other: &GameTree) -> bool {
        if self.info != other.info || self.nodes.len() != other.nodes.len() {
            return false;
        }
        let mut stack = vec![(0, 0)];
        while let Some((a, b)) = stack.pop() {
            let (x, y) = (&self.nodes[a], &other.nodes[b]);
            if x.data != y.data || x.children.len() != y.children.len() {
                return false;
            }
            stack.extend(x.children.iter().copied().zip(y.children.iter().copied()));
        }
        true
    }
}

impl Eq for GameTree {}

#[cfg(test)]
mod tests;
