//! A game tree as plain data: what the page and the engine exchange (serde: JavaScript objects
//! in the browser, JSON on the command line).
//!
//! [`TreeRecord::of`] describes a [`GameTree`] node by node (parents first), each with what it
//! does to a game's move list ([`Step`]: `move`, `same`, `break`) and, for a `break` and the
//! root, the position there as a position code: the page builds the code of any line from
//! these (the last `break` on it, then the plain moves after it). [`TreeRecord::to_tree`] is
//! the way back, checking every node against the position before it, so whatever the page
//! hands over is a legal tree or a message naming the node.

use serde::{Deserialize, Serialize};

use super::{GameInfo, GameTree, NodeData, NodeMove, Special, Step, SwapForm, Walk};
use crate::board::{BoardSize, Cell, Color};
use crate::formats::code;
use crate::game::Game;
use crate::position::Position;
use crate::quote::quote;
use crate::rules::{Rules, RulesConfig};

/// The most nodes a record handed to [`TreeRecord::to_tree`] may hold (as many as an SGF file).
pub const MAX_RECORD_NODES: usize = crate::formats::sgf::MAX_NODES;

fn eleven() -> u32 {
    11
}

fn yes() -> bool {
    true
}

/// A game tree as plain data.
///
/// Invariant (of [`TreeRecord::of`]'s result, and checked by [`TreeRecord::to_tree`]): node 0
/// is the root, without a parent; every other node's parent comes before it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TreeRecord {
    /// The start as a position code (size, rules, set-up stones, side to move), given instead of
    /// `width` to `swap_rule` and the root's set-up: the page's own trees start from a code.
    /// Never written.
    #[serde(default, skip_serializing)]
    pub start: Option<String>,
    #[serde(default = "eleven")]
    pub width: u32,
    #[serde(default = "eleven")]
    pub height: u32,
    #[serde(default)]
    pub rules: Rules,
    #[serde(default = "yes")]
    pub swap_rule: bool,
    /// `PB`, `PW`, `RE`, by the colour the players start with.
    #[serde(default)]
    pub black: Option<String>,
    #[serde(default)]
    pub white: Option<String>,
    #[serde(default)]
    pub result: Option<String>,
    pub nodes: Vec<RecordNode>,
}

/// One node of a [`TreeRecord`].
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordNode {
    /// The node before it (none for the root).
    #[serde(default)]
    pub parent: Option<usize>,
    /// `f6`, `swap-pieces` (`swap` is read so too), `swap-sides`, `pass`, `resign`, `forfeit`;
    /// none for a node without a move.
    #[serde(default, rename = "move")]
    pub mv: Option<String>,
    /// Who moves (`b` or `w`); when not given, the side to move at the parent.
    #[serde(default)]
    pub color: Option<Color>,
    #[serde(default)]
    pub add_black: Vec<String>,
    #[serde(default)]
    pub add_white: Vec<String>,
    #[serde(default)]
    pub add_empty: Vec<String>,
    #[serde(default)]
    pub to_play: Option<Color>,
    #[serde(default)]
    pub comment: Option<String>,
    /// Other SGF properties, name and values, kept for saving.
    #[serde(default)]
    pub properties: Vec<(String, Vec<String>)>,
    /// Written only: `move` (a plain move: a stone of the side to move, or swap-pieces), `same`
    /// (nothing on the board: no move, a resignation, a forfeit) or `break` (the root, set-up
    /// stones, a stone out of turn, swap-sides, a pass).
    #[serde(default, skip_deserializing)]
    pub step: String,
    /// Written only, for a `break`: the position at the node as a position code, where the
    /// game of a line through it starts.
    #[serde(default, skip_deserializing)]
    pub code: Option<String>,
}

/// Why a record is not a tree: the node (0 is the root; none: the record as a whole) and what
/// is wrong there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    pub node: Option<usize>,
    pub message: String,
}

impl std::fmt::Display for RecordError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.node {
            Some(node) => write!(f, "node {node}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for RecordError {}

/// A position code of `position` alone (a set-up: its stones and side to move).
fn setup_code(position: &Position) -> String {
    code::write(&Game::from_position(position.clone()))
}

fn cells(list: &[Cell]) -> Vec<String> {
    list.iter().map(Cell::to_string).collect()
}

impl TreeRecord {
    /// Describes `tree`.
    #[must_use]
    pub fn of(tree: &GameTree) -> TreeRecord {
        let info = tree.info();
        let mut nodes = Vec::with_capacity(tree.len());
        tree.visit_positions(|id, before, after| {
            let data = tree.data(id);
            let step = if id == 0 {
                Step::Break
            } else {
                Step::of(data, before)
            };
            nodes.push(RecordNode {
                parent: tree.parent(id),
                mv: data.mv.map(NodeMove::word),
                color: data.mv.map(NodeMove::color),
                add_black: cells(&data.add_black),
                add_white: cells(&data.add_white),
                add_empty: cells(&data.add_empty),
                to_play: data.to_play,
                comment: data.comment.clone(),
                properties: data.properties.clone(),
                step: match step {
                    Step::Move(_) => "move",
                    Step::Same => "same",
                    Step::Break => "break",
                }
                .to_string(),
                code: (step == Step::Break).then(|| setup_code(after)),
            });
        });
        TreeRecord {
            start: None,
            width: u32::from(info.size.width()),
            height: u32::from(info.size.height()),
            rules: info.config.rules,
            swap_rule: info.config.swap,
            black: info.black.clone(),
            white: info.white.clone(),
            result: info.result.clone(),
            nodes,
        }
    }

    /// The tree this record describes, or why it is not one (naming the node: 0 is the root).
    pub fn to_tree(&self) -> Result<GameTree, RecordError> {
        let whole = |message: String| RecordError {
            node: None,
            message,
        };
        let Some(root) = self.nodes.first() else {
            return Err(whole(
                "a game tree has a root node: the record has no node".to_string(),
            ));
        };
        if self.nodes.len() > MAX_RECORD_NODES {
            return Err(whole(format!(
                "the record has {} nodes: trees are read up to {MAX_RECORD_NODES}",
                self.nodes.len()
            )));
        }
        let (mut info, mut root_data) = match &self.start {
            Some(start) => {
                let game = code::read(start)
                    .map_err(|e| whole(format!("the start {}: {e}", quote(start))))?;
                let tree = GameTree::from_game(&Game::from_position(game.start().clone()));
                (tree.info().clone(), tree.data(0).clone())
            }
            None => {
                let size =
                    BoardSize::new(self.width, self.height).map_err(|e| whole(e.to_string()))?;
                let mut info = GameInfo::new(size);
                info.config = RulesConfig {
                    rules: self.rules,
                    swap: self.swap_rule,
                };
                (info, NodeData::default())
            }
        };
        info.black.clone_from(&self.black);
        info.white.clone_from(&self.white);
        info.result.clone_from(&self.result);
        let node_error = |id: usize, message: String| RecordError {
            node: Some(id),
            message,
        };
        if root.parent.is_some() {
            return Err(node_error(0, "the root has no parent".to_string()));
        }
        let empty = Position::new(info.size, info.config);
        let setup = |node: &RecordNode, data: &mut NodeData| -> Result<(), String> {
            for (list, into) in [
                (&node.add_black, &mut data.add_black),
                (&node.add_white, &mut data.add_white),
                (&node.add_empty, &mut data.add_empty),
            ] {
                for name in list {
                    into.push(name.parse::<Cell>().map_err(|e| e.to_string())?);
                }
            }
            if node.to_play.is_some() {
                data.to_play = node.to_play;
            }
            Ok(())
        };
        if self.start.is_none() {
            setup(root, &mut root_data).map_err(|e| node_error(0, e))?;
        }
        root_data.comment.clone_from(&root.comment);
        root_data.properties.clone_from(&root.properties);
        if root.mv.is_some() {
            let mut at_root = empty.clone();
            super::apply(&mut at_root, &root_data).map_err(|e| node_error(0, e.to_string()))?;
            root_data.mv = Some(read_move(root, &at_root).map_err(|e| node_error(0, e))?);
        }
        // The position at each node while a child is still to come, to give moves their colour.
        let mut children = vec![0usize; self.nodes.len()];
        for (id, node) in self.nodes.iter().enumerate().skip(1) {
            match node.parent {
                Some(parent) if parent < id => children[parent] += 1,
                Some(parent) => {
                    return Err(node_error(
                        id,
                        format!("its parent {parent} does not come before it"),
                    ))
                }
                None => return Err(node_error(id, "only the root has no parent".to_string())),
            }
        }
        let mut walk = Walk::new(children);
        let mut root_position = empty;
        super::apply(&mut root_position, &root_data).map_err(|e| node_error(0, e.to_string()))?;
        walk.keep(0, root_position);
        let mut rest = Vec::with_capacity(self.nodes.len() - 1);
        for (id, node) in self.nodes.iter().enumerate().skip(1) {
            let parent = node.parent.expect("checked above");
            let mut position = walk.before(parent);
            let mut data = NodeData {
                comment: node.comment.clone(),
                properties: node.properties.clone(),
                ..NodeData::default()
            };
            setup(node, &mut data).map_err(|e| node_error(id, e))?;
            if node.mv.is_some() {
                // The colour by default is the side to move after the node's own set-up.
                let mut set_up = position.clone();
                super::apply(&mut set_up, &data).map_err(|e| node_error(id, e.to_string()))?;
                data.mv = Some(read_move(node, &set_up).map_err(|e| node_error(id, e))?);
            }
            super::apply(&mut position, &data).map_err(|e| node_error(id, e.to_string()))?;
            walk.keep(id, position);
            rest.push((parent, data));
        }
        GameTree::build(info, root_data, rest).map_err(|(id, e)| node_error(id, e.to_string()))
    }
}

/// The move of `node`, by default of the side to move in `position`.
fn read_move(node: &RecordNode, position: &Position) -> Result<NodeMove, String> {
    let name = node.mv.as_deref().unwrap_or_default();
    let color = node.color.unwrap_or_else(|| position.to_move());
    let swap = |form| NodeMove::Swap { color, form };
    let special = |kind| NodeMove::Special { color, kind };
    Ok(match name.trim().to_ascii_lowercase().as_str() {
        "swap" | "swap-pieces" => swap(SwapForm::Pieces),
        "swap-sides" => swap(SwapForm::Sides),
        "pass" => special(Special::Pass),
        "resign" => special(Special::Resign),
        "forfeit" => special(Special::Forfeit),
        _ => NodeMove::Stone {
            color,
            cell: name.parse::<Cell>().map_err(|e| e.to_string())?,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::sgf;

    #[test]
    fn records_say_steps_and_codes() {
        let tree = sgf::read(
            "(;FF[4]GM[11]SZ[5];B[c3]C[centre];W[swap-pieces];B[b2](;W[pass];B[a1])(;W[d4];B[resign]))",
        )
        .unwrap();
        let record = TreeRecord::of(&tree);
        let steps: Vec<&str> = record.nodes.iter().map(|n| n.step.as_str()).collect();
        assert_eq!(
            steps,
            ["break", "move", "move", "move", "break", "move", "move", "same"]
        );
        assert_eq!(record.nodes[0].code.as_deref(), Some("size=5"));
        assert_eq!(record.nodes[1].mv.as_deref(), Some("c3"));
        assert_eq!(record.nodes[1].comment.as_deref(), Some("centre"));
        assert_eq!(record.nodes[2].mv.as_deref(), Some("swap-pieces"));
        assert_eq!(
            record.nodes[4].code.as_deref(),
            Some("size=5&b=b2&w=c3&turn=b")
        );
        assert_eq!(record.nodes[5].parent, Some(4));
        assert_eq!(record.to_tree().unwrap(), tree);
        let json = serde_json::to_value(&record).unwrap();
        assert_eq!(json["nodes"][1]["move"], "c3");
        assert_eq!(json["nodes"][1]["color"], "b");
        assert!(json.get("start").is_none());
    }

    #[test]
    fn page_trees_start_from_a_code_and_take_colours_from_the_board() {
        let record: TreeRecord = serde_json::from_str(
            r#"{"start":"size=4&b=a1&turn=w","nodes":[{"comment":"set-up"},
                {"parent":0,"move":"b2"},{"parent":1,"move":"c3"},{"parent":0,"move":"d4","comment":"other"}]}"#,
        )
        .unwrap();
        let tree = record.to_tree().unwrap();
        assert_eq!(tree.children(0).len(), 2);
        let b2 = tree.data(1).mv.unwrap();
        assert_eq!(b2.color(), Color::White);
        assert_eq!(tree.data(2).mv.unwrap().color(), Color::Black);
        assert_eq!(tree.data(0).comment.as_deref(), Some("set-up"));
        assert_eq!(tree.data(0).add_black, ["a1".parse().unwrap()]);
        let again = TreeRecord::of(&tree);
        assert_eq!(again.nodes[0].code.as_deref(), Some("size=4&b=a1&turn=w"));
        assert_eq!(again.to_tree().unwrap(), tree);
    }

    #[test]
    fn bad_records_name_the_node() {
        let bad = |json: &str| {
            serde_json::from_str::<TreeRecord>(json)
                .unwrap()
                .to_tree()
                .unwrap_err()
                .to_string()
        };
        assert_eq!(
            bad(
                r#"{"width":3,"height":3,"nodes":[{},{"parent":0,"move":"a1"},{"parent":1,"move":"a1"}]}"#
            ),
            "node 2: white a1 is illegal: a1 is already occupied"
        );
        assert_eq!(
            bad(r#"{"nodes":[{},{"parent":2,"move":"a1"},{"parent":0}]}"#),
            "node 1: its parent 2 does not come before it"
        );
        assert_eq!(
            bad(r#"{"nodes":[]}"#),
            "a game tree has a root node: the record has no node"
        );
        assert_eq!(
            bad(r#"{"start":"size=99","nodes":[{}]}"#),
            "the start size=99: board side 99 is out of range: sizes go from 1 to 19"
        );
        assert_eq!(
            bad(r#"{"nodes":[{},{"parent":0,"move":"zz"}]}"#),
            "node 1: 'zz' is not a cell: the row must be a number, like c3"
        );
    }
}
