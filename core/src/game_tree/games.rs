//! Game trees and [`Game`]s: the game at a node, the tree of a game, and the equivalent game
//! with swap-pieces for swap-sides.

use super::{apply, GameInfo, GameTree, NodeData, NodeId, NodeMove, Special, SwapForm};
use crate::board::{Cell, Color};
use crate::game::Game;
use crate::notation::Move;

/// What a node does to the line of plain moves a [`Game`] can hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// A plain move: a stone of the side to move, or swap-pieces.
    Move(Move),
    /// Nothing on the board: no move (a comment, say), a resignation or a forfeit.
    Same,
    /// What a game's move list cannot say: set-up stones or `PL`, a stone out of turn,
    /// swap-sides or a pass. A game through it starts after it.
    Break,
}

impl Step {
    /// What `data` does when applied to `before` (the position at its parent).
    #[must_use]
    pub fn of(data: &NodeData, before: &crate::position::Position) -> Step {
        if data.has_setup() {
            return Step::Break;
        }
        match data.mv {
            None
            | Some(NodeMove::Special {
                kind: Special::Resign | Special::Forfeit,
                ..
            }) => Step::Same,
            Some(NodeMove::Stone { color, cell }) if color == before.to_move() => {
                Step::Move(Move::Cell(cell))
            }
            Some(NodeMove::Swap {
                form: SwapForm::Pieces,
                ..
            }) => Step::Move(Move::Swap),
            _ => Step::Break,
        }
    }
}

impl GameTree {
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
            let step = Step::of(data, &current);
            if i >= upto && step == Step::Break {
                break;
            }
            apply(&mut current, data).expect("every node applies");
            match step {
                Step::Move(mv) => moves.push(mv),
                Step::Same => {}
                Step::Break => {
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
    /// On a rectangle (no swap-pieces there) the game is returned as it is.
    #[must_use]
    pub fn with_swap_pieces(&self) -> GameTree {
        self.with_swaps_as(SwapForm::Pieces)
    }

    /// The same game with every swap-pieces played as swap-sides (the stones stay where they
    /// are; below the swap everything is reflected and recoloured), as Little Golem says it.
    #[must_use]
    pub fn with_swap_sides(&self) -> GameTree {
        self.with_swaps_as(SwapForm::Sides)
    }

    /// Every swap played as `form`, the nodes below a swap that changes form reflected and
    /// recoloured.
    fn with_swaps_as(&self, form: SwapForm) -> GameTree {
        let mut tree = self.clone();
        if !tree.info().size.is_square() {
            // No swap-pieces on a rectangle (the mirrored cell may be off the board): its
            // swaps are swap-sides and stay so.
            return tree;
        }
        // Whether each node lies below a swap that changed form (parents come before children).
        let mut flipped = vec![false; tree.nodes.len()];
        for id in 0..tree.nodes.len() {
            let above = tree.nodes[id].parent.is_some_and(|p| flipped[p]);
            let data = &mut tree.nodes[id].data;
            if above {
                flip_node(data);
            }
            let mut changed = false;
            if let Some(NodeMove::Swap { color, form: was }) = data.mv {
                if was != form {
                    data.mv = Some(NodeMove::Swap { color, form });
                    changed = true;
                }
            }
            flipped[id] = above != changed;
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
    data.mv = data.mv.map(|mv| match mv.recoloured() {
        NodeMove::Stone { color, cell } => NodeMove::Stone {
            color,
            cell: cell.mirrored(),
        },
        other => other,
    });
}
