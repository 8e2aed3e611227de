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

use std::fmt;

use crate::board::{BoardSize, Cell, CellSet, Color};
use crate::game::Game;
use crate::notation::Move;
use crate::position::{PlayError, Position};
use crate::rules::RulesConfig;

/// A node's index in its [`GameTree`]: 0 is the root.
pub type NodeId = usize;

/// The two ways of swapping: equivalent in play, different on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SwapForm {
    /// Black's stone becomes White's, reflected in the long diagonal; Black moves next.
    Pieces,
    /// The stone stays; the players exchange colours; White moves next.
    Sides,
}

/// A move of a record that places no stone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Special {
    /// The turn passes to the opponent.
    Pass,
    /// The player gives up; the board is unchanged.
    Resign,
    /// The player loses by forfeit (time, disconnection); the board is unchanged.
    Forfeit,
}

/// The move of a node, with the colour that makes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NodeMove {
    Stone { color: Color, cell: Cell },
    Swap { color: Color, form: SwapForm },
    Special { color: Color, kind: Special },
}

impl NodeMove {
    /// The colour making the move.
    #[must_use]
    pub fn color(self) -> Color {
        match self {
            NodeMove::Stone { color, .. }
            | NodeMove::Swap { color, .. }
            | NodeMove::Special { color, .. } => color,
        }
    }
}

impl fmt::Display for NodeMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self {
            NodeMove::Stone { cell, .. } => cell.to_string(),
            NodeMove::Swap {
                form: SwapForm::Pieces,
                ..
            } => "swap-pieces".to_string(),
            NodeMove::Swap {
                form: SwapForm::Sides,
                ..
            } => "swap-sides".to_string(),
            NodeMove::Special { kind, .. } => match kind {
                Special::Pass => "pass",
                Special::Resign => "resign",
                Special::Forfeit => "forfeit",
            }
            .to_string(),
        };
        write!(f, "{} {what}", self.color())
    }
}

/// What one node says. Any combination is allowed; [`apply`] gives the order of effect.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NodeData {
    pub mv: Option<NodeMove>,
    /// `AB`: stones put on the board for Black.
    pub add_black: Vec<Cell>,
    /// `AW`: stones put on the board for White.
    pub add_white: Vec<Cell>,
    /// `AE`: cells emptied.
    pub add_empty: Vec<Cell>,
    /// `PL`: the side to play after the set-up.
    pub to_play: Option<Color>,
    /// `C`: the comment, as text (unescaped).
    pub comment: Option<String>,
    /// Other properties (`LB`, `BL`, `N`, ...), name and unescaped values, in file order:
    /// kept so that saving loses nothing.
    pub properties: Vec<(String, Vec<String>)>,
}

impl NodeData {
    /// A node holding only `mv`.
    #[must_use]
    pub fn with_move(mv: NodeMove) -> NodeData {
        NodeData {
            mv: Some(mv),
            ..NodeData::default()
        }
    }

    /// Whether the node sets up stones or the side to play.
    #[must_use]
    pub fn has_setup(&self) -> bool {
        !self.add_black.is_empty()
            || !self.add_white.is_empty()
            || !self.add_empty.is_empty()
            || self.to_play.is_some()
    }
}

/// What the root says of the whole game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameInfo {
    /// `SZ`: columns and rows.
    pub size: BoardSize,
    /// Hex or Rex, with or without the swap rule.
    pub config: RulesConfig,
    /// `PB`, `PW`: the players' names, by the colour they start with.
    pub black: Option<String>,
    pub white: Option<String>,
    /// `RE`: the result as written (`B+`, `W+Resign`, ...), by starting colour.
    pub result: Option<String>,
}

impl GameInfo {
    /// A game of `size` with the default rules and nothing else known.
    #[must_use]
    pub fn new(size: BoardSize) -> GameInfo {
        GameInfo {
            size,
            config: RulesConfig::default(),
            black: None,
            white: None,
            result: None,
        }
    }
}

/// Why a node cannot follow the position before it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NodeError {
    /// A set-up stone off the board.
    Setup(PlayError),
    /// An illegal move.
    Move { mv: NodeMove, error: PlayError },
}

impl fmt::Display for NodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NodeError::Setup(e) => write!(f, "bad set-up stone: {e}"),
            NodeError::Move { mv, error } => write!(f, "{mv} is illegal: {error}"),
        }
    }
}

impl std::error::Error for NodeError {}

/// Applies `data` to `position` (see the module documentation for the order); on an error
/// `position` may be partly changed.
pub fn apply(position: &mut Position, data: &NodeData) -> Result<(), NodeError> {
    if !data.add_empty.is_empty() || !data.add_black.is_empty() || !data.add_white.is_empty() {
        set_up(position, data)?;
    }
    if let Some(color) = data.to_play {
        position.set_to_move(color);
    }
    let Some(mv) = data.mv else {
        return Ok(());
    };
    let error = |error| NodeError::Move { mv, error };
    match mv {
        NodeMove::Stone { color, cell } if color == position.to_move() => {
            position.play(Move::Cell(cell)).map_err(error)
        }
        NodeMove::Stone { color, cell } => {
            if let Some(winner) = position.winner() {
                return Err(error(PlayError::GameOver(winner)));
            }
            position.check_empty(cell).map_err(error)?;
            position.set_stone(cell, Some(color)).map_err(error)?;
            position.set_to_move(color.opponent());
            Ok(())
        }
        NodeMove::Swap { color, form } => {
            if color != position.to_move() {
                return Err(error(PlayError::SwapNotAllowed(
                    "only the side to move may swap",
                )));
            }
            match form {
                SwapForm::Pieces => position.play(Move::Swap).map_err(error),
                SwapForm::Sides => {
                    // The same checks as swap-pieces; then the board stays as it is.
                    position.clone().play(Move::Swap).map_err(error)?;
                    let stone = position.stones(Color::Black).first();
                    if let Some(stone) = stone {
                        position
                            .set_stone(stone, Some(Color::Black))
                            .map_err(error)?;
                    }
                    Ok(())
                }
            }
        }
        NodeMove::Special { color, kind } => {
            if kind == Special::Pass {
                position.set_to_move(color.opponent());
            }
            Ok(())
        }
    }
}

/// The set-up stones of `data` put on `position`, in one step: as if each cell of `AE`, then
/// `AB`, then `AW` were set in turn with [`Position::set_stone`] (so the swap closes), at the
/// cost of one position however many stones are set.
fn set_up(position: &mut Position, data: &NodeData) -> Result<(), NodeError> {
    let size = position.size();
    let mut sets = [CellSet::new(); 3];
    for (set, cells) in sets
        .iter_mut()
        .zip([&data.add_empty, &data.add_black, &data.add_white])
    {
        for &cell in cells {
            if !size.contains(cell) {
                return Err(NodeError::Setup(PlayError::OffBoard { cell, size }));
            }
            set.insert(cell);
        }
    }
    let [empty, black, white] = sets;
    let old_black = position.stones(Color::Black);
    let old_white = position.stones(Color::White);
    *position = Position::from_stones(
        size,
        position.config(),
        ((old_black - empty) | black) - white,
        ((old_white - empty) - black) | white,
        position.to_move(),
    );
    Ok(())
}

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
        let mut pending: Vec<usize> = self.nodes.iter().map(|n| n.children.len()).collect();
        let mut positions: Vec<Option<Position>> = vec![None; self.nodes.len()];
        let mut root = self.empty_board();
        apply(&mut root, &self.nodes[0].data).map_err(|e| (0, e))?;
        positions[0] = Some(root);
        for id in 1..self.nodes.len() {
            let parent = self.nodes[id].parent.expect("only the root has no parent");
            pending[parent] -= 1;
            let mut position = if pending[parent] == 0 {
                positions[parent].take()
            } else {
                positions[parent].clone()
            }
            .expect("a parent's position is kept until its last child");
            apply(&mut position, &self.nodes[id].data).map_err(|e| (id, e))?;
            if pending[id] > 0 {
                positions[id] = Some(position);
            }
        }
        Ok(())
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

    /// A [`Game`] for node `id`: its position is [`GameTree::position_at`]`(id)`, and it holds
    /// as many moves of the line through `id` (the path to it, then the main line after it,
    /// as the redo tail) as plain moves can say: it starts after the last node on the path
    /// that is not one (set-up stones, `PL`, a stone out of turn, swap-sides, a pass), and the
    /// tail stops before the first such node after `id`.
    #[must_use]
    pub fn game_at(&self, id: NodeId) -> Game {
        let mut line = self.path_to(id);
        let upto = line.len();
        let mut next = id;
        while let Some(&child) = self.nodes[next].children.first() {
            line.push(child);
            next = child;
        }
        let mut start = self.empty_board();
        let mut current = start.clone();
        let mut moves = Vec::new();
        let mut cursor = 0;
        for (i, &node) in line.iter().enumerate() {
            let data = &self.nodes[node].data;
            // Some(Some(mv)): a plain move; Some(None): no change to the board; None: a break.
            let plain = if data.has_setup() {
                None
            } else {
                match data.mv {
                    None
                    | Some(NodeMove::Special {
                        kind: Special::Resign | Special::Forfeit,
                        ..
                    }) => Some(None),
                    Some(NodeMove::Stone { color, cell }) if color == current.to_move() => {
                        Some(Some(Move::Cell(cell)))
                    }
                    Some(NodeMove::Swap {
                        form: SwapForm::Pieces,
                        ..
                    }) => Some(Some(Move::Swap)),
                    _ => None,
                }
            };
            if i >= upto && plain.is_none() {
                break;
            }
            apply(&mut current, data).expect("every node applies");
            match plain {
                Some(Some(mv)) => moves.push(mv),
                Some(None) => {}
                None => {
                    start = current.clone();
                    moves.clear();
                }
            }
            if i + 1 == upto {
                cursor = moves.len();
            }
        }
        let mut game = Game::from_position(start);
        for mv in moves {
            game.play(mv).expect("plain moves of the tree are legal");
        }
        game.go_to(cursor);
        game
    }

    /// The tree of a [`Game`]: its start position's stones and side to move in the root,
    /// then its moves (the redo tail included) as the main line.
    #[must_use]
    pub fn from_game(game: &Game) -> GameTree {
        let start = game.start();
        let mut info = GameInfo::new(start.size());
        info.config = start.config();
        let mut root = NodeData {
            add_black: start.stones(Color::Black).iter().collect(),
            add_white: start.stones(Color::White).iter().collect(),
            ..NodeData::default()
        };
        if start.to_move() != Color::Black || !start.occupied().is_empty() {
            root.to_play = Some(start.to_move());
        }
        let mut position = start.clone();
        let mut nodes = Vec::new();
        for (i, &mv) in game.moves().iter().enumerate() {
            let color = position.to_move();
            let node_move = match mv {
                Move::Cell(cell) => NodeMove::Stone { color, cell },
                Move::Swap => NodeMove::Swap {
                    color,
                    form: SwapForm::Pieces,
                },
            };
            position.play(mv).expect("a game's moves are legal");
            nodes.push((i, NodeData::with_move(node_move)));
        }
        GameTree::build(info, root, nodes).expect("a game's moves are legal")
    }

    /// The same game with every swap-sides played as swap-pieces: below each swap-sides,
    /// stones, set-up and side to play are reflected in the long diagonal and change colour
    /// (an equivalent game, which links such as HexWorld's can say). Players and result stay.
    #[must_use]
    pub fn with_swap_pieces(&self) -> GameTree {
        let mut tree = self.clone();
        // Whether each node lies below a swap-sides (parents come before children).
        let mut flipped = vec![false; tree.nodes.len()];
        for id in 0..tree.nodes.len() {
            let above = tree.nodes[id].parent.is_some_and(|p| flipped[p]);
            let data = &mut tree.nodes[id].data;
            if above {
                flip_node(data);
            }
            let swap_sides = matches!(
                data.mv,
                Some(NodeMove::Swap {
                    form: SwapForm::Sides,
                    ..
                })
            );
            if swap_sides {
                if let Some(NodeMove::Swap { color, .. }) = data.mv {
                    data.mv = Some(NodeMove::Swap {
                        color,
                        form: SwapForm::Pieces,
                    });
                }
            }
            flipped[id] = above != swap_sides;
        }
        tree.check()
            .expect("the reflected game is as legal as the original");
        tree
    }
}

/// Reflects and recolours what a node puts on the board.
fn flip_node(data: &mut NodeData) {
    let mirror = |cells: &mut Vec<Cell>| {
        for cell in cells.iter_mut() {
            *cell = cell.mirrored();
        }
    };
    mirror(&mut data.add_black);
    mirror(&mut data.add_white);
    mirror(&mut data.add_empty);
    std::mem::swap(&mut data.add_black, &mut data.add_white);
    data.to_play = data.to_play.map(Color::opponent);
    data.mv = data.mv.map(|mv| match mv {
        NodeMove::Stone { color, cell } => NodeMove::Stone {
            color: color.opponent(),
            cell: cell.mirrored(),
        },
        NodeMove::Swap { color, form } => NodeMove::Swap {
            color: color.opponent(),
            form,
        },
        NodeMove::Special { color, kind } => NodeMove::Special {
            color: color.opponent(),
            kind,
        },
    });
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
mod tests {
    use super::*;

    fn stone(color: Color, name: &str) -> NodeData {
        NodeData::with_move(NodeMove::Stone {
            color,
            cell: name.parse().unwrap(),
        })
    }

    fn tree() -> GameTree {
        GameTree::new(GameInfo::new(BoardSize::square(5).unwrap()))
    }

    #[test]
    fn nodes_are_checked_against_their_position() {
        let mut t = tree();
        let a = t.add_child(0, stone(Color::Black, "c3")).unwrap();
        assert_eq!(
            t.add_child(a, stone(Color::White, "c3"))
                .unwrap_err()
                .to_string(),
            "white c3 is illegal: c3 is already occupied"
        );
        let swap = NodeData::with_move(NodeMove::Swap {
            color: Color::Black,
            form: SwapForm::Pieces,
        });
        assert!(t.add_child(0, swap).is_err());
        assert_eq!(t.len(), 2, "refused nodes are not added");
        // Out of turn: a second Black stone, then White to move.
        let b = t.add_child(a, stone(Color::Black, "d4")).unwrap();
        assert_eq!(t.position_at(b).to_move(), Color::White);
    }

    #[test]
    fn variations_and_the_main_line() {
        let mut t = tree();
        let a = t.add_child(0, stone(Color::Black, "a1")).unwrap();
        let b = t.add_child(a, stone(Color::White, "b2")).unwrap();
        let c = t.add_child(a, stone(Color::White, "c3")).unwrap();
        let d = t.add_child(b, stone(Color::Black, "d4")).unwrap();
        assert_eq!(t.main_line(), vec![0, a, b, d]);
        assert_eq!(t.children(a), &[b, c]);
        assert_eq!(t.path_to(c), vec![0, a, c]);
        let game = t.game_at(b);
        assert_eq!(game.moves().len(), 3);
        assert_eq!(game.cursor(), 2);
        assert_eq!(game.position(), &t.position_at(b));
        // The same tree built in another order is equal.
        let mut u = tree();
        let a2 = u.add_child(0, stone(Color::Black, "a1")).unwrap();
        let b2 = u.add_child(a2, stone(Color::White, "b2")).unwrap();
        u.add_child(b2, stone(Color::Black, "d4")).unwrap();
        assert_ne!(t, u);
        u.add_child(a2, stone(Color::White, "c3")).unwrap();
        assert_eq!(t, u);
    }

    /// Set-up in one step gives the position that setting each stone in turn gives.
    #[test]
    fn set_up_equals_stone_by_stone() {
        let mut rng = crate::rng::Rng::new(11);
        for _ in 0..500 {
            let size = BoardSize::new(1 + rng.below(9) as u32, 1 + rng.below(9) as u32).unwrap();
            let mut slow = Position::new(size, RulesConfig::default());
            if rng.below(2) == 0 {
                slow.play(Move::Cell(Cell::new(0, 0))).unwrap();
            }
            let mut fast = slow.clone();
            for _ in 0..4 {
                let mut data = NodeData::default();
                for _ in 0..rng.below(30) {
                    let cell = Cell::new(rng.below(9) as u8, rng.below(9) as u8);
                    [
                        &mut data.add_empty,
                        &mut data.add_black,
                        &mut data.add_white,
                    ][rng.below(3)]
                    .push(cell);
                }
                let mut expected = Ok(());
                'cells: for (cells, stone) in [
                    (&data.add_empty, None),
                    (&data.add_black, Some(Color::Black)),
                    (&data.add_white, Some(Color::White)),
                ] {
                    for &cell in cells {
                        if let Err(e) = slow.set_stone(cell, stone) {
                            expected = Err(NodeError::Setup(e));
                            break 'cells;
                        }
                    }
                }
                assert_eq!(apply(&mut fast, &data), expected);
                if expected.is_err() {
                    break;
                }
                assert_eq!(fast, slow);
            }
        }
    }

    #[test]
    fn games_make_trees_and_back() {
        for text in [
            "size=5&moves=c3,swap,b2,d4&at=2",
            "size=7x5&rules=rex&swap=no&b=a1&w=b1,c1&turn=w&moves=d4",
            "size=1",
        ] {
            let game = crate::formats::code::read(text).unwrap();
            let tree = GameTree::from_game(&game);
            let line = tree.main_line();
            assert_eq!(line.len(), game.moves().len() + 1);
            let back = tree.game_at(line[game.cursor()]);
            assert_eq!(back, game, "{text}");
        }
    }

    #[test]
    fn games_start_after_set_up() {
        let mut t = tree();
        let mut setup = NodeData {
            add_black: vec!["a1".parse().unwrap()],
            ..NodeData::default()
        };
        setup.to_play = Some(Color::White);
        let s = t.add_child(0, setup).unwrap();
        let m = t.add_child(s, stone(Color::White, "b2")).unwrap();
        let game = t.game_at(m);
        assert_eq!(game.start(), &t.position_at(s));
        assert_eq!(game.moves(), &[Move::Cell("b2".parse().unwrap())]);
    }
}
