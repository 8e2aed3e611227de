//! HexWorld and trmph links: a board size, a comma, then moves written back to back.
//!
//! - HexWorld: `https://hexworld.org/board/#<size>[x<rows>]<flags>,<moves>[,<more moves>]`.
//!   Everything between the size and the first comma is display flags and is ignored (an `x`
//!   right after the size must be followed by the number of rows). Moves are cells (`a1b2`)
//!   and tokens: `:s` swap (swap-pieces), `:rb`/`:rw` resignation (the list must end there).
//!   A second comma separates the moves shown from moves still to come: the game holds all of
//!   them, with the cursor after the first part (they can be redone). A third comma is refused.
//!   HexWorld links always mean Hex with the swap rule from the empty board: the writer gives
//!   `None` for any other game rather than a link to a different one.
//! - trmph: `https://trmph.com/hex/board#<size>,<moves>`, with no swap token: a second move
//!   equal to the first is read as swap (as the usual converters do). Anything after a space
//!   (a winner mark in data sets) is ignored. [`write_trmph`] writes the moves up to the
//!   cursor (trmph links have no redo tail).
//!
//! Passes (`:p`) and forfeits are refused with a clear error: hexlab games have neither.
//! Reading is linear in the length of the text.
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
    /// More than two comma-separated move lists.
    ExtraSection,
    /// Moves after a resignation (`number` is the first of them).
    AfterResign {
        number: usize,
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
            CompactError::ExtraSection => f.write_str(
                "a third comma: a link has a size, the moves shown and the moves still to come",
            ),
            CompactError::AfterResign { number } => {
                write!(f, "move {number} comes after a resignation")
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
            // The two bytes after the colon, lower-cased (0 past the end): looking at a fixed
            // number of bytes keeps reading linear.
            let at = |k: usize| bytes.get(i + k).map_or(0, u8::to_ascii_lowercase);
            let (token, len) = if at(1) == b's' {
                (Some(Token::Move(Move::Swap)), 2)
            } else if at(1) == b'r' && matches!(at(2), b'b' | b'w') {
                (Some(Token::Resign), 3)
            } else if matches!(at(1), b'p' | b'f') {
                let len = if matches!(at(2), b'.' | b'b' | b'w') {
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

/// The board size at the start of `head` (the text before the first comma), whose leading
/// digits are `digits`: `N`, or `NxM` when an `x` follows (then digits must follow it).
fn read_size(head: &str, digits: &str) -> Result<BoardSize, CompactError> {
    let Some(after_x) = head[digits.len()..].strip_prefix('x') else {
        return digits.parse().map_err(CompactError::Size);
    };
    let rows_len = after_x.bytes().take_while(u8::is_ascii_digit).count();
    if rows_len == 0 {
        let shown = &head[..digits.len() + 1];
        return Err(CompactError::Size(BoardSizeError::Malformed(
            shown.to_string(),
        )));
    }
    format!("{digits}x{}", &after_x[..rows_len])
        .parse()
        .map_err(CompactError::Size)
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
    let size = read_size(head, &digits)?;
    let shown = parts.next().unwrap_or("");
    let more = parts.next().unwrap_or("");
    if parts.next().is_some() {
        return Err(CompactError::ExtraSection);
    }
    let shown_tokens = tokens(shown, 1)?;
    let shown_count = shown_tokens.len();
    let all: Vec<Token> = shown_tokens
        .into_iter()
        .chain(tokens(more, shown_count + 1)?)
        .collect();
    if let Some(resign) = all.iter().position(|t| matches!(t, Token::Resign)) {
        if resign + 1 < all.len() {
            return Err(CompactError::AfterResign { number: resign + 2 });
        }
    }
    let mut game = Game::new(size, RulesConfig::default());
    let mut cursor = None;
    for (i, token) in all.into_iter().enumerate() {
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

/// Writes a HexWorld board link fragment (`11c1,f6:se7`) for a game of Hex with the swap rule
/// from the empty board, or `None` for any other game (set-up stones, White to start, Rex, no
/// swap): HexWorld links cannot say so, and a link to another game would be wrong.
///
/// Invariant: `read(&write_hexworld(g)?) == g`.
#[must_use]
pub fn write_hexworld(game: &Game) -> Option<String> {
    let start = game.start();
    if !start.occupied().is_empty()
        || start.to_move() != crate::board::Color::Black
        || start.config() != RulesConfig::default()
    {
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

/// Writes a trmph link fragment (`13,g7g7d4`) for a game of Hex with the swap rule from the
/// empty square board, or `None` for any other game. trmph links have no swap token and no
/// redo tail: swap is written as the first move repeated, and only the moves up to the
/// cursor are written.
///
/// Invariant: `read(&write_trmph(g)?)` is `g` without its redo tail.
#[must_use]
pub fn write_trmph(game: &Game) -> Option<String> {
    let start = game.start();
    if !start.occupied().is_empty()
        || start.to_move() != crate::board::Color::Black
        || start.config() != RulesConfig::default()
        || !start.size().is_square()
    {
        return None;
    }
    let mut out = format!("{},", start.size().width());
    let moves = &game.moves()[..game.cursor()];
    for mv in moves {
        match (mv, moves.first()) {
            (Move::Cell(cell), _) | (Move::Swap, Some(Move::Cell(cell))) => {
                out.push_str(&cell.to_string());
            }
            (Move::Swap, _) => return None,
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Color;
    use crate::formats::code;
    use crate::rules::Rules;

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

    /// Nothing is silently dropped: what cannot be read is refused.
    #[test]
    fn refuses_rather_than_drops() {
        let cases = [
            (
                "11c1,a1,b2,c3,d4",
                "a third comma: a link has a size, the moves shown and the moves still to come",
            ),
            (
                "11c1,a1,b2,",
                "a third comma: a link has a size, the moves shown and the moves still to come",
            ),
            (
                "11x,a1",
                "'11x' is not a board size: write N (like 11) or WxH (like 11x9)",
            ),
            (
                "11xc1,a1",
                "'11x' is not a board size: write N (like 11) or WxH (like 11x9)",
            ),
            ("5c1,a1:rbb2", "move 3 comes after a resignation"),
            ("5c1,a1:rw,b2", "move 3 comes after a resignation"),
        ];
        for (text, message) in cases {
            assert_eq!(read(text).unwrap_err().to_string(), message, "{text}");
        }
        assert_eq!(read("11x9c1,a1").unwrap().position().size().height(), 9);
    }

    #[test]
    fn hexworld_links_only_for_games_they_can_say() {
        for code_text in [
            "size=5&rules=rex&moves=a1,b2",
            "size=5&swap=no&moves=a1",
            "size=5&b=a1",
            "size=5&turn=w",
        ] {
            let game = code::read(code_text).unwrap();
            assert_eq!(write_hexworld(&game), None, "{code_text}");
        }
        let game = code::read("size=5&moves=a1,swap,b2&at=1").unwrap();
        assert_eq!(write_hexworld(&game).as_deref(), Some("5c1,a1,:sb2"));
    }

    /// Every link written reads back as the same game.
    #[test]
    fn written_links_mean_the_same_game() {
        let mut rng = crate::rng::Rng::new(17);
        let mut written = 0;
        for trial in 0..600 {
            let size = BoardSize::new(1 + rng.below(9) as u32, 1 + rng.below(9) as u32).unwrap();
            let config = RulesConfig {
                rules: if trial % 3 == 0 {
                    Rules::Rex
                } else {
                    Rules::Hex
                },
                swap: trial % 5 != 0,
            };
            let mut game = Game::new(size, config);
            crate::formats::random_games::play_random(&mut game, &mut rng);
            if let Some(link) = write_hexworld(&game) {
                written += 1;
                assert_eq!(read(&link).as_ref(), Ok(&game), "{link}");
            }
        }
        assert!(written > 100, "{written}");
    }

    #[test]
    fn trmph_links_read_back_without_the_tail() {
        let game = read("11c1,a1:sb2,c3").unwrap();
        assert_eq!(write_trmph(&game).as_deref(), Some("11,a1a1b2"));
        let mut cut = read("11c1,a1:sb2").unwrap();
        assert_eq!(read(&write_trmph(&game).unwrap()), Ok(cut.clone()));
        cut.go_to(0);
        assert_eq!(write_trmph(&cut).as_deref(), Some("11,"));
        assert_eq!(write_trmph(&read("11x9c1,a1").unwrap()), None);
        let mut rng = crate::rng::Rng::new(5);
        for _ in 0..300 {
            let mut game = Game::new(
                BoardSize::square(1 + rng.below(19) as u32).unwrap(),
                RulesConfig::default(),
            );
            crate::formats::random_games::play_random(&mut game, &mut rng);
            let link = write_trmph(&game).unwrap();
            let back = read(&link).unwrap();
            assert_eq!(back.position(), game.position(), "{link}");
            assert_eq!(back.moves(), &game.moves()[..game.cursor()], "{link}");
        }
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
