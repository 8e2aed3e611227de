//! The SGF syntax: game trees of nodes of properties, with no meaning attached yet.
//!
//! `(;FF[4]SZ[11];B[a1](;W[b2])(;W[c3]))`: a game tree is `(`, a sequence of nodes (each `;`
//! then properties), then variations (game trees), then `)`. A property is an upper-case
//! name (lower-case letters, as old files write `AddBlack`, are dropped) and one or more
//! `[values]`; in a value `\` escapes the next character and `\` before a line break removes
//! it (and `]]` ends a value with `]`, as Little Golem writes names). One pass over the text
//! with an explicit stack of open trees: linear time, and no recursion for deep nesting to
//! overflow. Sizes are bounded ([`MAX_BYTES`], [`MAX_NODES`],
//! [`MAX_VALUES`]), so hostile input cannot take much memory either.

use super::{Place, SgfError};
use crate::quote::quote;

/// The longest file read.
pub const MAX_BYTES: usize = 4 << 20;
/// The most nodes a file may hold.
pub const MAX_NODES: usize = 100_000;
/// The most property values a file may hold.
pub const MAX_VALUES: usize = 500_000;

/// A property as written: its name, unescaped values, and where its name starts.
#[derive(Clone, Debug)]
pub struct RawProperty {
    pub name: String,
    pub values: Vec<String>,
    pub at: Place,
}

/// A node as written.
///
/// Invariant (of [`parse`]'s result): node 0 is the root, with no parent; every other node's
/// parent comes before it (nodes are in file order).
#[derive(Clone, Debug)]
pub struct RawNode {
    pub parent: Option<usize>,
    pub properties: Vec<RawProperty>,
    /// Where its `;` is.
    pub at: Place,
}

/// A cursor over the text that knows its line and column.
struct Cursor<'a> {
    chars: std::iter::Peekable<std::str::Chars<'a>>,
    place: Place,
}

impl Cursor<'_> {
    fn peek(&mut self) -> Option<char> {
        self.chars.peek().copied()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.chars.next()?;
        if c == '\n' {
            self.place.line += 1;
            self.place.column = 1;
        } else {
            self.place.column += 1;
        }
        Some(c)
    }

    fn skip_space(&mut self) {
        while self
            .peek()
            .is_some_and(|c| c.is_whitespace() || c == '\u{feff}')
        {
            self.bump();
        }
    }
}

fn error(at: Place, message: impl Into<String>) -> SgfError {
    SgfError {
        at,
        message: message.into(),
    }
}

/// Reads one `[value]` (the cursor is on `[`), unescaping it.
fn value(cursor: &mut Cursor) -> Result<String, SgfError> {
    let start = cursor.place;
    cursor.bump();
    let mut text = String::new();
    loop {
        match cursor.bump() {
            None => return Err(error(start, "a value is not closed: ']' is missing")),
            Some(']') => {
                // Little Golem writes player names unescaped: `PW[name]]` is the name `name]`
                // (a `]` right after a value is an error in SGF, so nothing valid changes).
                while cursor.peek() == Some(']') {
                    cursor.bump();
                    text.push(']');
                }
                return Ok(text);
            }
            Some('\\') => match cursor.bump() {
                None => return Err(error(start, "a value is not closed: ']' is missing")),
                // A soft line break: `\` then `\n`, `\r\n`, `\r` or `\n\r` is removed.
                Some(c @ ('\n' | '\r')) => {
                    let other = if c == '\n' { '\r' } else { '\n' };
                    if cursor.peek() == Some(other) {
                        cursor.bump();
                    }
                }
                Some(c) => text.push(c),
            },
            Some(c) => text.push(c),
        }
    }
}

/// Parses the text of an SGF file holding one game.
pub fn parse(text: &str) -> Result<Vec<RawNode>, SgfError> {
    let mut cursor = Cursor {
        chars: text.chars().peekable(),
        place: Place { line: 1, column: 1 },
    };
    if text.len() > MAX_BYTES {
        return Err(error(
            cursor.place,
            format!(
                "the file has {} bytes: game records are read up to {MAX_BYTES}",
                text.len()
            ),
        ));
    }
    let mut nodes: Vec<RawNode> = Vec::new();
    // The node each open tree started after (`None` for the outermost), and where its `(` is.
    let mut open: Vec<(Option<usize>, Place)> = Vec::new();
    let mut current: Option<usize> = None;
    // Just after `(`: a node must come next.
    let mut node_expected = false;
    let mut values = 0usize;
    loop {
        cursor.skip_space();
        let at = cursor.place;
        let Some(c) = cursor.peek() else {
            break;
        };
        match c {
            '(' => {
                if open.is_empty() && !nodes.is_empty() {
                    return Err(error(at, "a second game: hexlab reads files of one game"));
                }
                if node_expected {
                    return Err(error(at, "'(' where a node ';' must start the game tree"));
                }
                cursor.bump();
                open.push((current, at));
                node_expected = true;
            }
            ';' => {
                if open.is_empty() {
                    return Err(error(at, "';' outside a game tree: a file starts with (;"));
                }
                if nodes.len() == MAX_NODES {
                    return Err(error(
                        at,
                        format!("more than {MAX_NODES} nodes: too large a game record"),
                    ));
                }
                cursor.bump();
                nodes.push(RawNode {
                    parent: current,
                    properties: Vec::new(),
                    at,
                });
                current = Some(nodes.len() - 1);
                node_expected = false;
            }
            ')' => {
                let Some((before, _)) = open.pop() else {
                    return Err(error(at, "')' closes no game tree"));
                };
                if node_expected {
                    return Err(error(
                        at,
                        "an empty game tree '()': a node ';' must come first",
                    ));
                }
                cursor.bump();
                current = before;
            }
            c if c.is_ascii_alphabetic() => {
                let Some(node) = current.filter(|_| !node_expected && !open.is_empty()) else {
                    return Err(error(at, "a property outside a node: nodes start with ';'"));
                };
                let mut name = String::new();
                let mut letters = 0usize;
                while let Some(c) = cursor.peek().filter(char::is_ascii_alphabetic) {
                    cursor.bump();
                    letters += 1;
                    if c.is_ascii_uppercase() {
                        name.push(c);
                    }
                }
                if name.is_empty() || letters > 32 {
                    return Err(error(
                        at,
                        "a property name must be upper-case letters, like AB or SZ",
                    ));
                }
                cursor.skip_space();
                if cursor.peek() != Some('[') {
                    return Err(error(
                        at,
                        format!("property {} has no value: expected '['", quote(&name)),
                    ));
                }
                let mut list = Vec::new();
                while cursor.peek() == Some('[') {
                    if values == MAX_VALUES {
                        return Err(error(
                            cursor.place,
                            format!("more than {MAX_VALUES} values: too large a game record"),
                        ));
                    }
                    values += 1;
                    list.push(value(&mut cursor)?);
                    cursor.skip_space();
                }
                nodes[node].properties.push(RawProperty {
                    name,
                    values: list,
                    at,
                });
            }
            other => {
                let shown = quote(&other.to_string());
                return Err(error(
                    at,
                    format!("unexpected '{shown}': expected '(', ';', ')' or a property"),
                ));
            }
        }
    }
    if let Some(&(_, at)) = open.last() {
        return Err(error(
            at,
            "this game tree is not closed: ')' is missing at the end",
        ));
    }
    if nodes.is_empty() {
        return Err(error(
            cursor.place,
            "no game tree: an SGF file starts with (;",
        ));
    }
    Ok(nodes)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message(text: &str) -> String {
        parse(text).unwrap_err().to_string()
    }

    #[test]
    fn reads_nodes_variations_and_values() {
        let nodes =
            parse("(;FF[4]AB[a1][b2]\n(;B[c3];W[d4])(;B[e5]C[a \\] b\\\\ \\\nc]))").unwrap();
        assert_eq!(nodes.len(), 4);
        assert_eq!(nodes[0].properties[1].values, ["a1", "b2"]);
        assert_eq!(nodes[2].parent, Some(1));
        assert_eq!(nodes[3].parent, Some(0));
        assert_eq!(nodes[3].properties[1].values, ["a ] b\\ c"]);
        assert_eq!(
            nodes[3].at,
            Place {
                line: 2,
                column: 16
            }
        );
        assert_eq!(
            parse("(;AddBlack[a1])").unwrap()[0].properties[0].name,
            "AB"
        );
        let golem = parse("(;PB[lazy]PW[Shumacher;]]SZ[11])").unwrap();
        assert_eq!(golem[0].properties[1].values, ["Shumacher;]"]);
    }

    #[test]
    fn errors_name_line_and_column() {
        let cases = [
            (
                "",
                "line 1, column 1: no game tree: an SGF file starts with (;",
            ),
            (
                "(;B[a1]",
                "line 1, column 1: this game tree is not closed: ')' is missing at the end",
            ),
            (
                "(;B[a1)",
                "line 1, column 4: a value is not closed: ']' is missing",
            ),
            ("(;B[a1]))", "line 1, column 9: ')' closes no game tree"),
            (
                "(;)(;)",
                "line 1, column 4: a second game: hexlab reads files of one game",
            ),
            (
                "(\n  ()",
                "line 2, column 3: '(' where a node ';' must start the game tree",
            ),
            (
                "(;B[a1]\n  X)",
                "line 2, column 3: property X has no value: expected '['",
            ),
            (
                "(;B [a1] %)",
                "line 1, column 10: unexpected '%': expected '(', ';', ')' or a property",
            ),
            (
                "(B[a1])",
                "line 1, column 2: a property outside a node: nodes start with ';'",
            ),
            (
                ";",
                "line 1, column 1: ';' outside a game tree: a file starts with (;",
            ),
            (
                "(;())",
                "line 1, column 4: an empty game tree '()': a node ';' must come first",
            ),
            (
                "(;b[a1])",
                "line 1, column 3: a property name must be upper-case letters, like AB or SZ",
            ),
        ];
        for (text, expected) in cases {
            assert_eq!(message(text), expected, "{text:?}");
        }
    }

    #[test]
    fn deep_nesting_and_long_files_are_bounded() {
        let deep = format!("(;{}{}", "(;".repeat(50_000), ")".repeat(50_001));
        assert_eq!(parse(&deep).unwrap().len(), 50_001);
        let too_many = format!("(;{})", ";".repeat(MAX_NODES));
        assert!(message(&too_many).contains("more than 100000 nodes"));
        let values = format!("(;AB{})", "[]".repeat(MAX_VALUES + 1));
        assert!(message(&values).contains("more than 500000 values"));
    }
}
