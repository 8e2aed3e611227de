//! Tree links: the board page's address bar and its Copy link. A position code of the current
//! line (its moves and cursor, as ever: every reader of codes reads the position) followed by
//! `&var=`, the rest of a game tree: the other branches and the comments.
//!
//! `size=11&moves=f6,e7,d8&at=2&var=1(d5(c6)(e6))2{a+fine+reply}(c9)*` is the line f6 e7 d8
//! shown at e7; after f6, d5 is a variation of e7 (with c6 and e6 after it); e7 has a comment,
//! and after it c9 comes before the line's d8 (c9 is the main line there). The grammar of the
//! `var` value:
//!
//! ```text
//! var     = entry*
//! entry   = PLY item+          the line's node after PLY moves (0: the root), PLY increasing
//! item    = "{" text "}"       that node's comment (at most one, before the rest)
//!         | "*"                where the line's next node stands among the node's children
//!                              (first when no "*" is written)
//!         | "(" branch ")"     another child, with what follows it
//! branch  = node+ ("(" branch ")")*   moves one after another, then the variations after
//!                                     the last (the first continues its main line)
//! node    = move ("{" text "}")?
//! move    = a cell (c3) | ":s" (swap-pieces)
//! text    = letters, digits, "." "-" "_" as they are; "+" a space; "~XX" the byte XX (UTF-8)
//! ```
//!
//! A link carries moves of the side to move (cells and swap-pieces) and comments only: set-up
//! stones after the start, passes, swap-sides, resignations, stones out of turn and other SGF
//! properties need a game record ([`write`] gives `None` for such a tree). Reading is linear
//! and bounded (as many nodes as an SGF file), with no recursion.

use std::fmt;

use super::code;
use super::{read_link, LinkError};
use crate::game::Game;
use crate::game_tree::record::{RecordNode, TreeRecord};
use crate::game_tree::{GameTree, NodeId, Step};
use crate::notation::Move;
use crate::quote::quote;

/// The most nodes a link's tree may hold.
pub const MAX_LINK_NODES: usize = crate::formats::sgf::MAX_NODES;

/// A tree read from a link: the tree, its current line (node ids, the root first, to the end of
/// the line) and the cursor (the index in `line` of the node the link shows).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeLink {
    pub tree: GameTree,
    pub line: Vec<NodeId>,
    pub cursor: usize,
}

/// Why a tree link could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TreeLinkError {
    /// The position code (or HexWorld, trmph link) before `var`.
    Link(LinkError),
    /// The `var` value, at a character (from 1, after `%XX` escapes are decoded).
    Var { at: usize, message: String },
}

impl fmt::Display for TreeLinkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TreeLinkError::Link(e) => e.fmt(f),
            TreeLinkError::Var { at, message } => {
                write!(f, "bad variations (var=), at character {at}: {message}")
            }
        }
    }
}

impl std::error::Error for TreeLinkError {}

/// A node while the link is read: its move (none for the root), comment, children in order,
/// and where its move is in `var` (none for the line's nodes, which the code gives).
struct Node {
    mv: Option<Move>,
    comment: Option<String>,
    children: Vec<usize>,
    at: Option<usize>,
}

/// The `var` value of `text` (none without one), `%XX` escapes decoded.
fn var_value(text: &str) -> Result<Option<Vec<u8>>, TreeLinkError> {
    let fragment = text.trim().split_once('#').map_or(text.trim(), |(_, f)| f);
    if super::compact::looks_compact(fragment.trim()) {
        return Ok(None);
    }
    let mut found = None;
    for field in fragment.trim().trim_start_matches('?').split('&') {
        let Some(value) = field.trim().strip_prefix("var=") else {
            continue;
        };
        if found.is_some() {
            return Err(TreeLinkError::Var {
                at: 1,
                message: "var is given twice".to_string(),
            });
        }
        found = Some(percent_decode(value.trim()));
    }
    Ok(found)
}

fn hex_digit(b: u8) -> Option<u8> {
    (b as char).to_digit(16).map(|d| d as u8)
}

/// `%XX` escapes decoded (others kept as they are): what a browser or a chat may have encoded.
fn percent_decode(text: &str) -> Vec<u8> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let escaped = (bytes[i] == b'%')
            .then(|| Some(hex_digit(*bytes.get(i + 1)?)? * 16 + hex_digit(*bytes.get(i + 2)?)?))
            .flatten();
        match escaped {
            Some(b) => {
                out.push(b);
                i += 3;
            }
            None => {
                out.push(bytes[i]);
                i += 1;
            }
        }
    }
    out
}

/// Reads `var` (decoded bytes) onto the line's nodes.
struct Parser<'a> {
    text: &'a [u8],
    pos: usize,
}

impl Parser<'_> {
    fn error(&self, at: usize, message: impl Into<String>) -> TreeLinkError {
        TreeLinkError::Var {
            at: at + 1,
            message: message.into(),
        }
    }

    fn peek(&self) -> Option<u8> {
        self.text.get(self.pos).copied()
    }

    /// A number of at most 7 digits (the cursor is on its first digit).
    fn number(&mut self) -> Result<usize, TreeLinkError> {
        let start = self.pos;
        while self.peek().is_some_and(|b| b.is_ascii_digit()) {
            self.pos += 1;
        }
        let digits = &self.text[start..self.pos];
        if digits.len() > 7 {
            return Err(self.error(start, "a move number of more than 7 digits"));
        }
        Ok(digits
            .iter()
            .fold(0, |n, &d| n * 10 + usize::from(d - b'0')))
    }

    /// A comment (the cursor is on `{`), unescaped.
    fn comment(&mut self) -> Result<String, TreeLinkError> {
        let start = self.pos;
        self.pos += 1;
        let mut bytes = Vec::new();
        loop {
            let at = self.pos;
            let Some(b) = self.peek() else {
                return Err(self.error(start, "a comment is not closed: '}' is missing"));
            };
            self.pos += 1;
            match b {
                b'}' => break,
                b'+' => bytes.push(b' '),
                b'~' => {
                    let pair = self.text.get(self.pos..self.pos + 2);
                    let byte = pair.and_then(|p| Some(hex_digit(p[0])? * 16 + hex_digit(p[1])?));
                    let Some(byte) = byte else {
                        return Err(
                            self.error(at, "'~' in a comment is followed by two hex digits (~20)")
                        );
                    };
                    bytes.push(byte);
                    self.pos += 2;
                }
                b if b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b'_') => bytes.push(b),
                other => {
                    return Err(self.error(
                        at,
                        format!(
                            "'{}' in a comment: write it ~{other:02X}",
                            quote(&String::from_utf8_lossy(&[other]))
                        ),
                    ))
                }
            }
        }
        String::from_utf8(bytes).map_err(|_| self.error(start, "a comment is not UTF-8 text"))
    }

    /// A move (the cursor is on a letter or `:`).
    fn mv(&mut self) -> Result<Move, TreeLinkError> {
        let start = self.pos;
        if self.peek() == Some(b':') {
            if self
                .text
                .get(self.pos + 1)
                .is_some_and(|b| b.eq_ignore_ascii_case(&b's'))
            {
                self.pos += 2;
                return Ok(Move::Swap);
            }
            return Err(self.error(start, "':' starts a swap, ':s'"));
        }
        self.pos += 1;
        while self.peek().is_some_and(|b| b.is_ascii_digit()) && self.pos - start < 4 {
            self.pos += 1;
        }
        let name = String::from_utf8_lossy(&self.text[start..self.pos]);
        name.parse::<crate::Cell>()
            .map(Move::Cell)
            .map_err(|e| self.error(start, e.to_string()))
    }
}

/// Reads a tree link (a position code, or any link [`read_link`] reads, with an optional
/// `var=`).
pub fn read(text: &str) -> Result<TreeLink, TreeLinkError> {
    let game = read_link(text).map_err(TreeLinkError::Link)?;
    let var = var_value(text)?;
    let mut nodes = vec![Node {
        mv: None,
        comment: None,
        children: Vec::new(),
        at: None,
    }];
    for (i, &mv) in game.moves().iter().enumerate() {
        nodes[i].children.push(i + 1);
        nodes.push(Node {
            mv: Some(mv),
            comment: None,
            children: Vec::new(),
            at: None,
        });
    }
    let line_len = nodes.len();
    if let Some(var) = var {
        read_var(&var, &mut nodes)?;
    }
    // Parents before children, children in order: a preorder walk, with no recursion.
    let mut record = TreeRecord {
        start: Some(code::write(&Game::from_position(game.start().clone()))),
        width: 0,
        height: 0,
        rules: crate::Rules::Hex,
        swap_rule: true,
        black: None,
        white: None,
        result: None,
        nodes: Vec::with_capacity(nodes.len()),
    };
    let mut ids = vec![0; nodes.len()];
    let mut places = Vec::with_capacity(nodes.len());
    let mut stack = vec![(0usize, None)];
    while let Some((node, parent)) = stack.pop() {
        ids[node] = record.nodes.len();
        places.push(nodes[node].at);
        record.nodes.push(RecordNode {
            parent,
            mv: nodes[node].mv.map(|mv| mv.to_string()),
            comment: nodes[node].comment.take(),
            ..RecordNode::default()
        });
        for &child in nodes[node].children.iter().rev() {
            stack.push((child, Some(ids[node])));
        }
    }
    let tree = record
        .to_tree()
        .map_err(|e| match e.node.and_then(|n| places[n]) {
            Some(at) => TreeLinkError::Var {
                at: at + 1,
                message: e.message,
            },
            None => TreeLinkError::Var {
                at: 1,
                message: e.to_string(),
            },
        })?;
    Ok(TreeLink {
        tree,
        line: ids[..line_len].to_vec(),
        cursor: game.cursor(),
    })
}

/// Reads the entries of `var` onto `nodes` (the line's, node `k` after `k` moves).
fn read_var(var: &[u8], nodes: &mut Vec<Node>) -> Result<(), TreeLinkError> {
    let mut p = Parser { text: var, pos: 0 };
    let line_len = nodes.len();
    let mut last_ply: Option<usize> = None;
    while let Some(b) = p.peek() {
        let start = p.pos;
        if !b.is_ascii_digit() {
            return Err(p.error(start, "an entry starts with a move number (0: the start)"));
        }
        let ply = p.number()?;
        if ply >= line_len {
            return Err(p.error(
                start,
                format!("move {ply} is past the line's end (move {})", line_len - 1),
            ));
        }
        if last_ply.is_some_and(|last| ply <= last) {
            return Err(p.error(start, "entries go by increasing move number"));
        }
        last_ply = Some(ply);
        let line_child = nodes[ply].children.first().copied();
        let mut order = Vec::new();
        let mut starred = false;
        let mut items = 0;
        loop {
            let at = p.pos;
            match p.peek() {
                Some(b'{') if items == 0 => nodes[ply].comment = Some(p.comment()?),
                Some(b'{') => return Err(p.error(at, "the comment comes first in an entry")),
                Some(b'*') => {
                    let Some(child) = line_child else {
                        return Err(p.error(at, "'*' where the line ends: there is no next move"));
                    };
                    if starred {
                        return Err(p.error(at, "'*' is given twice in one entry"));
                    }
                    starred = true;
                    p.pos += 1;
                    order.push(child);
                }
                Some(b'(') => order.push(branch(&mut p, nodes, ply)?),
                _ => break,
            }
            items += 1;
        }
        if items == 0 {
            return Err(p.error(p.pos, "expected '{', '*' or '(' after the move number"));
        }
        if let (Some(child), false) = (line_child, starred) {
            order.insert(0, child);
        }
        nodes[ply].children = order;
    }
    Ok(())
}

/// Reads one `( branch )` hanging under `parent` (the cursor is on `(`); returns its first node.
/// Its nodes are added to `nodes`; the first is not put among `parent`'s children (the caller
/// orders them).
fn branch(p: &mut Parser, nodes: &mut Vec<Node>, parent: usize) -> Result<usize, TreeLinkError> {
    // Each open branch: the node new moves hang under, whether its variations have begun, and
    // whether it is the outermost (its first node is the caller's).
    struct Open {
        last: usize,
        forked: bool,
        moves: usize,
    }
    let outer_at = p.pos;
    p.pos += 1;
    let mut open = vec![Open {
        last: parent,
        forked: false,
        moves: 0,
    }];
    let mut first = None;
    loop {
        let at = p.pos;
        let Some(b) = p.peek() else {
            return Err(p.error(outer_at, "a variation is not closed: ')' is missing"));
        };
        let depth = open.len();
        let top = open.last_mut().expect("a branch is open");
        match b {
            b')' => {
                if top.moves == 0 {
                    return Err(p.error(at, "an empty variation '()'"));
                }
                p.pos += 1;
                open.pop();
                if open.is_empty() {
                    return Ok(first.expect("a branch has a move"));
                }
            }
            b'(' => {
                if top.moves == 0 {
                    return Err(p.error(at, "a variation starts with a move"));
                }
                top.forked = true;
                let last = top.last;
                p.pos += 1;
                open.push(Open {
                    last,
                    forked: false,
                    moves: 0,
                });
            }
            b'{' => {
                if top.moves == 0 || top.forked {
                    return Err(p.error(at, "a comment follows a move"));
                }
                let last = top.last;
                let comment = p.comment()?;
                if nodes[last].comment.replace(comment).is_some() {
                    return Err(p.error(at, "a move has one comment"));
                }
            }
            b if b.is_ascii_alphabetic() || b == b':' => {
                if top.forked {
                    return Err(p.error(at, "a move after the variations: they come last"));
                }
                if nodes.len() >= MAX_LINK_NODES {
                    return Err(p.error(
                        at,
                        format!("more than {MAX_LINK_NODES} moves: too large a tree"),
                    ));
                }
                let mv = p.mv()?;
                let id = nodes.len();
                nodes.push(Node {
                    mv: Some(mv),
                    comment: None,
                    children: Vec::new(),
                    at: Some(at),
                });
                if depth == 1 && top.moves == 0 {
                    first = Some(id);
                } else {
                    nodes[top.last].children.push(id);
                }
                top.last = id;
                top.moves += 1;
            }
            other => {
                let shown = quote(&String::from_utf8_lossy(&[other]));
                return Err(p.error(
                    at,
                    format!("unexpected '{shown}': expected a move, '{{', '(' or ')'"),
                ));
            }
        }
    }
}

/// A comment written for a link: letters, digits, `.-_` as they are, a space as `+`, every
/// other byte as `~XX`.
fn escape_comment(text: &str, out: &mut String) {
    out.push('{');
    for &b in text.as_bytes() {
        match b {
            b' ' => out.push('+'),
            b if b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b'_') => {
                out.push(b as char)
            }
            b => out.push_str(&format!("~{b:02X}")),
        }
    }
    out.push('}');
}

/// Writes the tree link of `tree` whose current line is `line` (node ids from the root, each
/// the next one's parent) at `line[cursor]`; `None` when the tree holds something a link cannot
/// say (see the module documentation), or `line` is not a path from the root.
///
/// Invariant: [`read`] of the link gives back an equal tree, the same line and cursor (node
/// ids may differ).
#[must_use]
pub fn write(tree: &GameTree, line: &[NodeId], cursor: usize) -> Option<String> {
    if line.first() != Some(&0) || cursor >= line.len() || tree.data(0).mv.is_some() {
        return None;
    }
    if line.windows(2).any(|w| tree.parent(w[1]) != Some(w[0])) {
        return None;
    }
    let mut moves = vec![None; tree.len()];
    let mut plain = true;
    tree.visit_positions(|id, before, _| {
        if id > 0 {
            match Step::of(tree.data(id), before) {
                Step::Move(mv) => moves[id] = Some(mv),
                _ => plain = false,
            }
        }
    });
    if !plain {
        return None;
    }
    let mut game = Game::from_position(tree.position_at(0));
    for &id in &line[1..] {
        game.play(moves[id]?).ok()?;
    }
    game.go_to(cursor);
    let mut var = String::new();
    for (ply, &id) in line.iter().enumerate() {
        let children = tree.children(id);
        let next = line.get(ply + 1).copied();
        let comment = tree.data(id).comment.as_deref();
        if comment.is_none() && children.len() <= usize::from(next.is_some()) {
            continue;
        }
        var.push_str(&ply.to_string());
        if let Some(text) = comment {
            escape_comment(text, &mut var);
        }
        for (i, &child) in children.iter().enumerate() {
            if Some(child) == next {
                if i > 0 {
                    var.push('*');
                }
            } else {
                write_branch(tree, &moves, child, &mut var);
            }
        }
    }
    let mut link = code::write(&game);
    if !var.is_empty() {
        link.push_str("&var=");
        link.push_str(&var);
    }
    Some(link)
}

/// Writes `( branch )` starting at `first`, with no recursion.
fn write_branch(tree: &GameTree, moves: &[Option<Move>], first: NodeId, out: &mut String) {
    enum Part {
        Open(NodeId),
        Close,
    }
    let mut stack = vec![Part::Open(first)];
    while let Some(part) = stack.pop() {
        match part {
            Part::Close => out.push(')'),
            Part::Open(start) => {
                out.push('(');
                stack.push(Part::Close);
                let mut at = start;
                loop {
                    match moves[at].expect("every node below the root is a plain move") {
                        Move::Cell(cell) => out.push_str(&cell.to_string()),
                        Move::Swap => out.push_str(":s"),
                    }
                    if let Some(text) = tree.data(at).comment.as_deref() {
                        escape_comment(text, out);
                    }
                    match tree.children(at) {
                        [only] => at = *only,
                        children => {
                            stack.extend(children.iter().rev().map(|&c| Part::Open(c)));
                            break;
                        }
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests;
