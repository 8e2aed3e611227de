//! From a [`GameTree`] to SGF text: HexGui's dialect, or Little Golem's where it can say the
//! game. Invariant: [`super::read`] of the text gives back an equal tree (for every tree
//! [`super::read`] gives; a tree built otherwise may hold a swap-pieces followed by a move
//! of the swapper's colour, which HexGui's files cannot tell from swap-sides).

use std::fmt;

use super::points::{golem_point, hexgui_point};
use crate::board::{Cell, Color};
use crate::game_tree::{GameTree, NodeData, NodeId, NodeMove, SwapForm};
use crate::rules::{Rules, RulesConfig};

/// Why a game cannot be written in Little Golem's dialect.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WriteError(pub &'static str);

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Little Golem's records cannot say this game: {}", self.0)
    }
}

impl std::error::Error for WriteError {}

/// Lines are broken before a node or tree that would take them past this many characters.
const LINE: usize = 72;

/// The text being written, with the length of its last line.
struct Out {
    text: String,
    line: usize,
}

impl Out {
    fn token(&mut self, token: &str) {
        if self.line > 0 && self.line + token.len() > LINE {
            self.text.push('\n');
            self.line = 0;
        }
        self.text.push_str(token);
        self.line = match token.rfind('\n') {
            Some(i) => token.len() - i - 1,
            None => self.line + token.len(),
        };
    }
}

fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace(']', "\\]")
}

fn property(out: &mut String, name: &str, values: &[String]) {
    out.push_str(name);
    for value in values {
        out.push('[');
        out.push_str(&escape(value));
        out.push(']');
    }
}

/// How one dialect writes colours, points and swaps.
struct Style {
    golem: bool,
}

impl Style {
    fn letter(&self, color: Color) -> &'static str {
        match (color, self.golem) {
            (Color::Black, false) | (Color::White, true) => "B",
            _ => "W",
        }
    }

    fn point(&self, cell: Cell) -> String {
        if self.golem {
            golem_point(cell)
        } else {
            hexgui_point(cell)
        }
    }

    fn points(&self, cells: &[Cell]) -> Vec<String> {
        cells.iter().map(|&c| self.point(c)).collect()
    }

    fn node(&self, data: &NodeData) -> String {
        let mut out = String::new();
        if let Some(mv) = data.mv {
            let value = match mv {
                NodeMove::Stone { cell, .. } => self.point(cell),
                NodeMove::Swap { .. } if self.golem => "swap".to_string(),
                other => other.word(),
            };
            property(&mut out, self.letter(mv.color()), &[value]);
        }
        let (black, white) = if self.golem {
            ("AW", "AB")
        } else {
            ("AB", "AW")
        };
        for (name, cells) in [
            (black, &data.add_black),
            (white, &data.add_white),
            ("AE", &data.add_empty),
        ] {
            if !cells.is_empty() {
                property(&mut out, name, &self.points(cells));
            }
        }
        if let Some(color) = data.to_play {
            property(&mut out, "PL", &[self.letter(color).to_string()]);
        }
        if let Some(comment) = &data.comment {
            property(&mut out, "C", std::slice::from_ref(comment));
        }
        for (name, values) in &data.properties {
            property(&mut out, name, values);
        }
        out
    }
}

fn write(tree: &GameTree, style: &Style, flip_players: bool) -> String {
    let info = tree.info();
    let mut root = String::from("FF[4]");
    if !style.golem {
        root.push_str(&format!("AP[hexlab:{}]GM[11]", crate::VERSION));
    }
    let size = info.size;
    if size.is_square() {
        root.push_str(&format!("SZ[{}]", size.width()));
    } else {
        root.push_str(&format!("SZ[{}:{}]", size.width(), size.height()));
    }
    if info.config != RulesConfig::default() {
        let rules = match info.config.rules {
            Rules::Hex => "hex",
            Rules::Rex => "rex",
        };
        let swap = if info.config.swap { "" } else { " noswap" };
        root.push_str(&format!("RU[{rules}{swap}]"));
    }
    let (black, white) = if flip_players {
        (&info.white, &info.black)
    } else {
        (&info.black, &info.white)
    };
    for (name, value) in [("PB", black), ("PW", white)] {
        if let Some(value) = value {
            property(&mut root, name, std::slice::from_ref(value));
        }
    }
    if let Some(result) = &info.result {
        let result = if flip_players {
            super::read::flip_result(result)
        } else {
            result.clone()
        };
        property(&mut root, "RE", &[result]);
    }
    enum Step {
        Open,
        Close,
        Node(NodeId),
    }
    let mut out = Out {
        text: String::new(),
        line: 0,
    };
    let mut stack = vec![Step::Close, Step::Node(0), Step::Open];
    // A `(` waiting to be written with the node after it.
    let mut open = false;
    while let Some(step) = stack.pop() {
        match step {
            Step::Open => open = true,
            Step::Close => out.token(")"),
            Step::Node(id) => {
                let mut text = String::from(if open { "(;" } else { ";" });
                open = false;
                if id == 0 {
                    text.push_str(&root);
                }
                text.push_str(&style.node(tree.data(id)));
                out.token(&text);
                match tree.children(id) {
                    [only] => stack.push(Step::Node(*only)),
                    children => {
                        for &child in children.iter().rev() {
                            stack.extend([Step::Close, Step::Node(child), Step::Open]);
                        }
                    }
                }
            }
        }
    }
    out.text.push('\n');
    out.text
}

/// Writes `tree` in HexGui's dialect (`FF[4]AP[hexlab:...]GM[11]`, points `a1`).
#[must_use]
pub fn write_hsgf(tree: &GameTree) -> String {
    write(tree, &Style { golem: false }, false)
}

/// Writes `tree` in Little Golem's dialect (no `GM`, the first mover labelled `W`, points
/// `mf`, swaps as `swap`), or says why it cannot: set-up stones, rules other than Hex with
/// swap, a main line starting with White, or a swap its `swap` word would misread.
pub fn write_little_golem(tree: &GameTree) -> Result<String, WriteError> {
    if tree.info().config != RulesConfig::default() {
        return Err(WriteError("it is not Hex with the swap rule"));
    }
    let first = tree.main_line().into_iter().find_map(|id| tree.data(id).mv);
    if first.is_some_and(|mv| mv.color() != Color::Black) {
        return Err(WriteError("White moves first"));
    }
    if first.is_none() && (0..tree.len()).any(|id| tree.data(id).mv.is_some()) {
        return Err(WriteError("its main line has no move"));
    }
    for id in 0..tree.len() {
        let data = tree.data(id);
        if data.has_setup() {
            return Err(WriteError("it has set-up stones"));
        }
        if let Some(NodeMove::Swap { color, form }) = data.mv {
            let next = tree
                .children(id)
                .iter()
                .find_map(|&child| tree.data(child).mv.map(NodeMove::color));
            let read_as = match next {
                Some(next) if next == color => SwapForm::Sides,
                _ => SwapForm::Pieces,
            };
            if read_as != form {
                return Err(WriteError("a swap that its `swap` word would not say"));
            }
        }
    }
    Ok(write(tree, &Style { golem: true }, first.is_some()))
}
