//! HexWorld and trmph links: a board size, a comma, then moves written back to back.
//!
//! - HexWorld: `https://hexworld.org/board/#<size>[x<rows>]<flags>,<moves>[,<more moves>]`.
//!   Everything between the size and the first comma is display flags and is ignored. Moves
//!   are cells (`a1b2`) and tokens: `:s` swap (swap-pieces), `:rb`/`:rw` resignation (the list
//!   ends there). A second comma separates the moves shown from moves still to come: the game
//!   holds all of them, with the cursor after the first part (they can be redone).
//! - trmph: `https://trmph.com/hex/board#<size>,<moves>`, with no swap token: a second move
//!   equal to the first is read as swap (as the usual converters do). Anything after a space
//!   (a winner mark in data sets) is ignored.
//!
//! Passes (`:p`) and forfeits are refused with a clear error: hexlab games have neither.
//! The first player is Black (HexWorld's Red), who joins top and bottom.

use std::fmt;

use crate::board::{BoardSize, BoardSizeError, Cell};
use crate::game::Game;
use crate::notation::{Move, ParseCellError};
use crate::position::PlayError;
use crate::quote::quote;
use crate::rules::RulesConfig;

/// Why a HexWorld or trmph move list was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CompactError {
    /// No size before the first comma.
    NoSize(String),
    Size(BoardSizeError),
    /// A token that is not a cell or a known special move.
    Token {
        number: usize,
        text: String,
        error: Option<ParseCellError>,
    },
    /// A special move hexlab does not have (pass, forfeit).
    Unsupported {
        number: usize,
        token: String,
    },
    /// A move that is not legal where it is played.
    Illegal {
        number: usize,
        mv: Move,
        error: PlayError,
    },
}

impl fmt::Display for CompactError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CompactError::NoSize(t) => write!(
                f,
                "'{}' does not start with a board size and a comma, like 11,a1b2",
                quote(t)
            ),
            CompactError::Size(e) => write!(f, "{e}"),
            CompactError::Token {
                number,
                text,
                error: Some(e),
            } => write!(f, "move {number} ('{}'): {e}", quote(text)),
            CompactError::Token {
                number,
                text,
                error: None,
            } => {
                write!(
                    f,
                    "move {number}: '{}' is not a cell or :s (swap)",
                    quote(text)
                )
            }
            CompactError::Unsupported { number, token } => {
                write!(
                    f,
                    "move {number}: '{}' (pass or forfeit) is not supported",
                    quote(token)
                )
            }
            CompactError::Illegal { number, mv, error } => {
                write!(f, "move {number} ({mv}) is illegal: {error}")
            }
        }
    }
}

impl std::error::Error for CompactError {}

/// Whether `fragment` (the part after `#`) has the shape `<digits>...,`.
#[must_use]
pub fn looks_compact(fragment: &str) -> bool {
    let digits = fragment.bytes().take_while(u8::is_ascii_digit).count();
    digits > 0 && fragment.contains(',') && !fragment.contains('=')
}

/// One token of a move list.
enum Token {
    Move(Move),
    Resign,
}

fn tokens(list: &str, first_number: usize) -> Result<Vec<Token>, CompactError> {
    let bytes = list.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let number = first_number + out.len();
        let start = i;
        if bytes[i] == b':' {
            let rest = list[i + 1..].to_ascii_lowercase();
            let (token, len) = if rest.starts_with('s') {
                (Some(Token::Move(Move::Swap)), 2)
            } else if rest.starts_with("rb") || rest.starts_with("rw") {
                (Some(Token::Resign), 3)
            } else if rest.starts_with('p') || rest.starts_with('f') {
                let len = if rest.len() > 1 && matches!(rest.as_bytes()[1], b'.' | b'b' | b'w') {
                    3
                } else {
                    2
                };
                let token = list[i..(i + len).min(list.len())].to_string();
                return Err(CompactError::Unsupported { number, token });
            } else {
                let text = list[i..].chars().take(2).collect();
                return Err(CompactError::Token {
                    number,
                    text,
                    error: None,
                });
            };
            out.extend(token);
            i += len;
            continue;
        }
        while i < bytes.len() && bytes[i].is_ascii_alphabetic() {
            i += 1;
        }
        while i < bytes.len() && bytes[i].is_ascii_digit() {
            i += 1;
        }
        if i == start {
            i += list[start..].chars().next().map_or(1, char::len_utf8);
        }
        let text = &list[start..i];
        let cell: Cell = text.parse().map_err(|e| CompactError::Token {
            number,
            text: text.to_string(),
            error: Some(e),
        })?;
        out.push(Token::Move(Move::Cell(cell)));
    }
    Ok(out)
}

/// Reads the part after `#` of a HexWorld or trmph link.
pub fn read(fragment: &str) -> Result<Game, CompactError> {
    let fragment = fragment.trim().split(' ').next().unwrap_or("");
    let mut parts = fragment.split(',');
    let head = parts.next().unwrap_or("");
    let digits: String = head.chars().take_while(char::is_ascii_digit).collect();
    if digits.is_empty() {
        return Err(CompactError::NoSize(fragment.to_string()));
    }
    let rest = &head[digits.len()..];
    let rows: String = match rest.strip_prefix('x') {
        Some(r) => r.chars().take_while(char::is_ascii_digit).collect(),
        None => String::new(),
    };
    let size_text = if rows.is_empty() {
        digits
    } else {
        format!("{digits}x{rows}")
    };
    let size: BoardSize = size_text.parse().map_err(CompactError::Size)?;
    let shown = parts.next().unwrap_or("");
    let more = parts.next().unwrap_or("");
    let shown_tokens = tokens(shown, 1)?;
    let shown_count = shown_tokens.len();
    let all = shown_tokens
        .into_iter()
        .chain(tokens(more, shown_count + 1)?);
    let mut game = Game::new(size, RulesConfig::default());
    let mut cursor = None;
    for (i, token) in all.enumerate() {
        let number = i + 1;
        let mut mv = match token {
            Token::Move(mv) => mv,
            Token::Resign => break,
        };
        // trmph writes swap as the first move repeated.
        if number == 2 && game.moves().first() == Some(&mv) && game.position().swap_legal() {
            mv = Move::Swap;
        }
        game.play(mv)
            .map_err(|error| CompactError::Illegal { number, mv, error })?;
        if number == shown_count {
            cursor = Some(game.cursor());
        }
    }
    if !more.is_empty() {
        game.go_to(cursor.unwrap_or(0));
    }
    Ok(game)
}

/// Writes a HexWorld board link fragment (`11,f6:se7`) for a game without set-up stones,
/// or `None` when the game starts from a set-up position.
#[must_use]
pub fn write_hexworld(game: &Game) -> Option<String> {
    if !game.start().occupied().is_empty() || game.start().to_move() != crate::board::Color::Black {
        return None;
    }
    let size = game.start().size();
    let mut out = if size.is_square() {
        format!("{}c1,", size.width())
    } else {
        format!("{}x{}c1,", size.width(), size.height())
    };
    for (i, mv) in game.moves().iter().enumerate() {
        if i == game.cursor() {
            out.push(',');
        }
        match mv {
            Move::Cell(cell) => out.push_str(&cell.to_string()),
            Move::Swap => out.push_str(":s"),
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Color;
    use crate::formats::code;

    #[test]
    fn reads_hexworld_links() {
        let game = read("11c1,a1b2").unwrap();
        assert_eq!(code::write(&game), "size=11&moves=a1,b2");
        let game = read("14r1c1,d3:sa3").unwrap();
        assert_eq!(code::write(&game), "size=14&moves=d3,swap,a3");
        let game = read("11c1,h4e7f9,b9c3").unwrap();
        assert_eq!(code::write(&game), "size=11&moves=h4,e7,f9,b9,c3&at=3");
        let game = read("11x9c1,a1").unwrap();
        assert_eq!(game.position().size(), BoardSize::new(11, 9).unwrap());
        let game = read("5c1,a1b2:rw").unwrap();
        assert_eq!(game.moves().len(), 2);
    }

    #[test]
    fn reads_trmph_links() {
        let game = read("13,g7g7d4 b").unwrap();
        assert_eq!(code::write(&game), "size=13&moves=g7,swap,d4");
        assert_eq!(game.position().stones(Color::White).len(), 1);
    }

    #[test]
    fn refuses_what_it_cannot_read() {
        assert_eq!(
            read("11c1,a1:p").unwrap_err().to_string(),
            "move 2: ':p' (pass or forfeit) is not supported"
        );
        assert_eq!(
            read("5c1,a1b2a1").unwrap_err().to_string(),
            "move 3 (a1) is illegal: a1 is already occupied"
        );
        assert_eq!(
            read("30c1,a1").unwrap_err().to_string(),
            "board side 30 is out of range: sizes go from 1 to 19"
        );
        assert_eq!(
            read("5c1,a1%%").unwrap_err().to_string(),
            "move 2 ('%'): '%' is not a cell: expected a column letter then a row number, like c3"
        );
        assert_eq!(read("5c1,a1z9").unwrap_err().to_string(), "move 2 ('z9'): 'z9' is not a cell: columns go from a to s (boards have at most 19 columns)");
    }

    #[test]
    fn hexworld_writer_round_trips() {
        for text in ["11c1,a1:sb2", "7c1,d4,c3e5", "9x7c1,a1b2"] {
            let game = read(text).unwrap();
            let written = write_hexworld(&game).unwrap();
            assert_eq!(read(&written).unwrap(), game, "{text} -> {written}");
        }
    }
}
