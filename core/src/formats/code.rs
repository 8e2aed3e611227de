//! The hexlab position code: the URL hash of the board page and the `--position` flag.
//!
//! `&`-separated `key=value` fields, written in this order:
//!
//! | key | value | default |
//! |---|---|---|
//! | `size` | `11` or `WxH` (columns x rows) | required |
//! | `rules` | `hex` or `rex` | `hex` |
//! | `swap` | `yes` or `no`: whether the swap rule is in use | `yes` |
//! | `b`, `w` | set-up stones, comma-separated cells | none |
//! | `turn` | `b` or `w`: side to move after the set-up | `b`, or `w` when Black has one stone more |
//! | `moves` | moves played after the set-up: cells and `swap` | none |
//! | `at` | how many of `moves` are applied (the rest can be redone) | all |
//!
//! Examples: `size=11&moves=f6,swap,e7` (a game), `size=7&b=d4,c5&w=e3&turn=w` (a puzzle).
//! The reader also takes a leading `#` or `?`, `%2C` for commas, upper-case cells, and skips
//! unknown keys (so later versions can add fields such as an analysis selection). The writer
//! emits the canonical form; `read(write(g)) == g` for every game.

use std::fmt;

use crate::board::{BoardSize, BoardSizeError, Color};
use crate::game::Game;
use crate::notation::{parse_cell_list, Move, ParseCellError, ParseMoveError};
use crate::position::{PlayError, Position, PositionError, Setup};
use crate::quote::quote;
use crate::rules::{ParseRulesError, Rules, RulesConfig};

/// Why a position code was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CodeError {
    /// A field without `=`.
    NotKeyValue(String),
    /// The same key twice.
    Repeated(String),
    /// No `size` field.
    MissingSize,
    Size(BoardSizeError),
    Rules(ParseRulesError),
    /// `swap=` with something other than yes/no.
    Swap(String),
    /// A bad cell in `b=` or `w=`.
    Stone {
        key: &'static str,
        error: ParseCellError,
    },
    /// `turn=` with something other than b/w.
    Turn(String),
    /// Set-up stones that do not form a position.
    Setup(PositionError),
    /// A move that is not a cell or swap (`number` counts from 1).
    Move {
        number: usize,
        error: ParseMoveError,
    },
    /// A move that is not legal where it is played.
    Illegal {
        number: usize,
        mv: Move,
        error: PlayError,
    },
    /// `at=` that is not a number from 0 to the number of moves.
    At {
        value: String,
        moves: usize,
    },
}

impl fmt::Display for CodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CodeError::NotKeyValue(part) => {
                write!(
                    f,
                    "'{}' is not a key=value field (a code looks like size=11&moves=f6,e7)",
                    quote(part)
                )
            }
            CodeError::Repeated(key) => write!(f, "'{}' is given twice", quote(key)),
            CodeError::MissingSize => f.write_str("no board size: a code starts like size=11"),
            CodeError::Size(e) => write!(f, "{e}"),
            CodeError::Rules(e) => write!(f, "{e}"),
            CodeError::Swap(v) => write!(f, "swap={}: expected swap=yes or swap=no", quote(v)),
            CodeError::Stone { key, error } => write!(f, "in {key}=: {error}"),
            CodeError::Turn(v) => write!(f, "turn={}: expected turn=b or turn=w", quote(v)),
            CodeError::Setup(e) => write!(f, "{e}"),
            CodeError::Move { number, error } => write!(f, "move {number}: {error}"),
            CodeError::Illegal { number, mv, error } => {
                write!(f, "move {number} ({mv}) is illegal: {error}")
            }
            CodeError::At { value, moves } => {
                write!(
                    f,
                    "at={}: expected a move number from 0 to {moves}",
                    quote(value)
                )
            }
        }
    }
}

impl std::error::Error for CodeError {}

/// Decodes the few percent-escapes a browser may put in a hash (`%2C`, `%20`, ...).
fn percent_decode(text: &str) -> String {
    let hex = |b: u8| (b as char).to_digit(16).map(|d| d as u8);
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            if let (Some(hi), Some(lo)) = (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                out.push(hi * 16 + lo);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The fields of a code, each at most once.
#[derive(Default)]
struct Fields {
    size: Option<String>,
    rules: Option<String>,
    swap: Option<String>,
    black: Option<String>,
    white: Option<String>,
    turn: Option<String>,
    moves: Option<String>,
    at: Option<String>,
}

fn split_fields(code: &str) -> Result<Fields, CodeError> {
    let mut fields = Fields::default();
    for part in code.split('&').map(str::trim).filter(|p| !p.is_empty()) {
        let (key, value) = part
            .split_once('=')
            .ok_or_else(|| CodeError::NotKeyValue(part.to_string()))?;
        let key = key.trim().to_ascii_lowercase();
        let slot = match key.as_str() {
            "size" => &mut fields.size,
            "rules" => &mut fields.rules,
            "swap" => &mut fields.swap,
            "b" => &mut fields.black,
            "w" => &mut fields.white,
            "turn" => &mut fields.turn,
            "moves" => &mut fields.moves,
            "at" => &mut fields.at,
            _ => continue,
        };
        if slot.replace(value.trim().to_string()).is_some() {
            return Err(CodeError::Repeated(key));
        }
    }
    Ok(fields)
}

/// Reads a position code (see the module documentation).
pub fn read(code: &str) -> Result<Game, CodeError> {
    let decoded = percent_decode(code.trim());
    let body = decoded.trim_start_matches(['#', '?']);
    let fields = split_fields(body)?;
    let size: BoardSize = fields
        .size
        .ok_or(CodeError::MissingSize)?
        .parse()
        .map_err(CodeError::Size)?;
    let rules: Rules = match fields.rules {
        Some(r) => r.parse().map_err(CodeError::Rules)?,
        None => Rules::Hex,
    };
    let swap = match fields
        .swap
        .as_deref()
        .map(str::to_ascii_lowercase)
        .as_deref()
    {
        None | Some("yes" | "1" | "on") => true,
        Some("no" | "0" | "off") => false,
        Some(_) => return Err(CodeError::Swap(fields.swap.unwrap_or_default())),
    };
    let stones = |key: &'static str, value: Option<String>| {
        parse_cell_list(value.as_deref().unwrap_or(""))
            .map_err(|error| CodeError::Stone { key, error })
    };
    let to_move = match fields.turn {
        None => None,
        Some(t) => Some(Color::parse(&t).ok_or(CodeError::Turn(t))?),
    };
    let setup = Setup {
        size,
        config: RulesConfig { rules, swap },
        black: stones("b", fields.black)?,
        white: stones("w", fields.white)?,
        to_move,
    };
    let mut game = Game::from_position(Position::from_setup(&setup).map_err(CodeError::Setup)?);
    let moves = fields.moves.unwrap_or_default();
    for (i, text) in moves
        .split(',')
        .map(str::trim)
        .filter(|m| !m.is_empty())
        .enumerate()
    {
        let number = i + 1;
        let mv: Move = text
            .parse()
            .map_err(|error| CodeError::Move { number, error })?;
        game.play(mv)
            .map_err(|error| CodeError::Illegal { number, mv, error })?;
    }
    if let Some(at) = fields.at {
        let total = game.moves().len();
        match at.parse::<usize>() {
            Ok(n) if n <= total => game.go_to(n),
            _ => {
                return Err(CodeError::At {
                    value: at,
                    moves: total,
                })
            }
        }
    }
    Ok(game)
}

fn join<T: fmt::Display>(items: impl IntoIterator<Item = T>) -> String {
    items
        .into_iter()
        .map(|i| i.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

/// Writes the canonical position code of `game` (no leading `#`).
#[must_use]
pub fn write(game: &Game) -> String {
    let start = game.start();
    let config = start.config();
    let mut fields = vec![format!("size={}", start.size())];
    if config.rules != Rules::Hex {
        fields.push(format!("rules={}", config.rules));
    }
    if !config.swap {
        fields.push("swap=no".to_string());
    }
    let black = start.stones(Color::Black);
    let white = start.stones(Color::White);
    if !black.is_empty() {
        fields.push(format!("b={}", join(black.iter())));
    }
    if !white.is_empty() {
        fields.push(format!("w={}", join(white.iter())));
    }
    if !start.occupied().is_empty() || start.to_move() == Color::White {
        fields.push(format!("turn={}", start.to_move().letter()));
    }
    if !game.moves().is_empty() {
        fields.push(format!("moves={}", join(game.moves())));
    }
    if game.cursor() < game.moves().len() {
        fields.push(format!("at={}", game.cursor()));
    }
    fields.join("&")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Cell;
    use crate::rng::Rng;

    #[test]
    fn reads_games_and_puzzles() {
        let game = read("size=11&moves=f6,swap,e7").unwrap();
        assert_eq!(game.moves().len(), 3);
        assert_eq!(game.position().to_move(), Color::White);
        let puzzle = read("#size=7&b=d4,c5&w=e3&turn=w").unwrap();
        assert_eq!(puzzle.position().stones(Color::Black).len(), 2);
        assert_eq!(puzzle.position().to_move(), Color::White);
        let rect = read("size=9x5&rules=rex&swap=no&moves=A1%2Cb2").unwrap();
        assert_eq!(rect.position().size(), BoardSize::new(9, 5).unwrap());
        assert_eq!(write(&rect), "size=9x5&rules=rex&swap=no&moves=a1,b2");
        let later = read("size=5&moves=a1,b2,c3&at=1&sel=c3").unwrap();
        assert_eq!(later.position().occupied().len(), 1);
        assert_eq!(write(&later), "size=5&moves=a1,b2,c3&at=1");
    }

    #[test]
    fn errors_say_what_is_wrong() {
        let cases = [
            ("size=99", "board side 99 is out of range: sizes go from 1 to 19"),
            ("moves=a1", "no board size: a code starts like size=11"),
            ("garbage", "'garbage' is not a key=value field (a code looks like size=11&moves=f6,e7)"),
            ("size=5&moves=zz9", "move 1: 'zz9' is not a move: expected a cell like c3, or swap"),
            ("size=5&moves=a1,a1", "move 2 (a1) is illegal: a1 is already occupied"),
            ("size=5&moves=f1", "move 1 (f1) is illegal: f1 is off the 5x5 board"),
            ("size=5&moves=a1,b2,swap", "move 3 (swap) is illegal: swap is not allowed: only White's reply to Black's first move may swap"),
            ("size=5&b=a1&w=a1", "a1 is given to both black and white"),
            ("size=5&b=a0", "in b=: 'a0' is not a cell: rows are numbered from 1"),
            ("size=5&turn=x", "turn=x: expected turn=b or turn=w"),
            ("size=5&size=6", "'size' is given twice"),
            ("size=5&moves=a1&at=4", "at=4: expected a move number from 0 to 1"),
            ("size=5&swap=maybe", "swap=maybe: expected swap=yes or swap=no"),
            ("size=5&rules=go", "unknown rules 'go': expected hex or rex"),
        ];
        for (code, message) in cases {
            assert_eq!(read(code).unwrap_err().to_string(), message, "{code}");
        }
        assert_eq!(
            read("size=5%").unwrap_err().to_string(),
            "'5%' is not a board size: write N (like 11) or WxH (like 11x9)"
        );
    }

    #[test]
    fn random_games_round_trip_exactly() {
        let mut rng = Rng::new(3);
        for trial in 0..2000 {
            let side = 1 + rng.below(19) as u32;
            let size = if trial % 4 == 0 {
                BoardSize::new(side, 1 + rng.below(19) as u32).unwrap()
            } else {
                BoardSize::square(side).unwrap()
            };
            let config = RulesConfig {
                rules: if rng.below(2) == 0 {
                    Rules::Hex
                } else {
                    Rules::Rex
                },
                swap: rng.below(3) > 0,
            };
            let mut start = Position::new(size, config);
            if trial % 3 == 0 {
                for cell in size.cells().iter() {
                    match rng.below(8) {
                        0 => start.set_stone(cell, Some(Color::Black)).unwrap(),
                        1 => start.set_stone(cell, Some(Color::White)).unwrap(),
                        _ => {}
                    }
                }
                start.set_to_move(if rng.below(2) == 0 {
                    Color::Black
                } else {
                    Color::White
                });
            }
            let mut game = Game::from_position(start);
            super::super::random_games::play_random(&mut game, &mut rng);
            let code = write(&game);
            let back = read(&code).unwrap_or_else(|e| panic!("{code}: {e}"));
            assert_eq!(back, game, "{code}");
            assert_eq!(write(&back), code);
        }
        let _ = Cell::TOP;
    }
}
