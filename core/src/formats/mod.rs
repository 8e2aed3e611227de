//! What players paste: hexlab position codes and share links, HexWorld and trmph links; the
//! page's tree links ([`tree_link`]: a code with its variations and comments); and the game
//! records they open ([`sgf`]: HexGui's, Little Golem's and red-bean's SGF).
//!
//! [`read_link`] accepts any of them and decides by content:
//! - a hexlab position code (`size=11&moves=f6,swap,e7`), bare, after `#`, or inside a whole
//!   share URL ([`code`]);
//! - a HexWorld board link (`https://hexworld.org/board/#11c1,a1b2:s`) or a trmph link
//!   (`https://trmph.com/hex/board#13,a1b2c3`), or just their part after `#` ([`compact`]).

pub mod code;
pub mod compact;
pub mod sgf;
pub mod tree_link;

use std::fmt;

use crate::game::Game;

/// Why pasted text could not be read as a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkError {
    /// Nothing but white space.
    Empty,
    /// A hexlab position code with an error.
    Code(code::CodeError),
    /// A HexWorld or trmph move list with an error.
    Compact(compact::CompactError),
}

impl fmt::Display for LinkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LinkError::Empty => f.write_str(
                "empty position: paste a hexlab, HexWorld or trmph link, or a code like size=11",
            ),
            LinkError::Code(e) => write!(f, "bad position code: {e}"),
            LinkError::Compact(e) => write!(f, "bad HexWorld/trmph link: {e}"),
        }
    }
}

impl std::error::Error for LinkError {}

/// Reads a hexlab code or share link, a HexWorld link or a trmph link.
pub fn read_link(text: &str) -> Result<Game, LinkError> {
    let text = text.trim();
    let fragment = match text.split_once('#') {
        Some((_, after)) => after,
        None => text,
    };
    let fragment = fragment.trim();
    if fragment.is_empty() {
        return Err(LinkError::Empty);
    }
    if compact::looks_compact(fragment) {
        compact::read(fragment).map_err(LinkError::Compact)
    } else {
        code::read(fragment).map_err(LinkError::Code)
    }
}

/// Reads a set of positions, one code or link per line (blank lines and lines starting with
/// `#` skipped), as the benchmarks' position sets are written.
///
/// # Errors
/// The first line that does not read: its number among the positions (from 1) and the error.
pub fn read_link_lines(text: &str) -> Result<Vec<Game>, (usize, LinkError)> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .enumerate()
        .map(|(i, line)| read_link(line).map_err(|e| (i + 1, e)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Color;

    #[test]
    fn link_lines_skip_comments_and_blanks_and_number_the_bad_one() {
        let games = read_link_lines("# a set\nsize=3&b=b2\n\n  size=4  \n").unwrap();
        assert_eq!(games.len(), 2);
        let (at, _) = read_link_lines("size=3\n# comment\nsize=x\n").unwrap_err();
        assert_eq!(at, 2);
    }

    /// Random text built from the characters codes and links use: never a panic.
    #[test]
    fn random_text_gives_a_game_or_an_error() {
        let pieces = [
            "size=",
            "5",
            "11",
            "x",
            "&",
            "moves=",
            "b=",
            "w=",
            "turn=",
            "at=",
            "rules=",
            "swap=",
            ",",
            "a1",
            "c3",
            "z9",
            "swap",
            ":s",
            ":p",
            ":r",
            "#",
            "%2C",
            "%",
            "%e9",
            "é",
            "hex",
            "rex",
            "19",
            "0",
            "=",
            "9999999999999",
            " ",
            "c1",
        ];
        let mut rng = crate::rng::Rng::new(99);
        let mut parsed = 0;
        for _ in 0..20_000 {
            let text: String = (0..rng.below(12))
                .map(|_| pieces[rng.below(pieces.len())])
                .collect();
            if let Ok(game) = read_link(&text) {
                parsed += 1;
                assert_eq!(read_link(&code::write(&game)).as_ref(), Ok(&game), "{text}");
            }
        }
        assert!(
            parsed > 10,
            "the generator reaches valid codes too ({parsed})"
        );
    }

    /// Every message that repeats input shows it escaped and cut: no terminal escape, and a
    /// few hundred bytes at most whatever was pasted.
    #[test]
    fn errors_quote_input_safely() {
        let long_cells = format!("size=11&b={}", "a1,".repeat(40_000));
        let long_junk = "\u{1b}[31m".repeat(100_000);
        for text in [
            "size=11&b=%1b[31mX",
            "size=11&b=\u{1b}[31mX",
            "size=\u{1b}]0;title\u{7}",
            "size=5&turn=\u{1b}[2J",
            "size=5&rules=\u{9b}31m",
            "\u{1b}[31m=1&\u{1b}[31m=2",
            "5c1,a1\u{1b}[31m",
            "5c1,:\u{1b}",
            long_cells.as_str(),
            long_junk.as_str(),
            &format!("11c1,{}", ":p".repeat(100_000)),
            &format!("size=5&at={}", "9".repeat(100_000)),
        ] {
            let message = read_link(text).unwrap_err().to_string();
            assert!(!message.chars().any(char::is_control), "{message:?}");
            assert!(message.len() < 400, "{} bytes: {message}", message.len());
        }
        assert_eq!(
            read_link("size=11&b=%1b[31mX").unwrap_err().to_string(),
            "bad position code: in b=: '\\x1b[31mX' is not a cell: expected a column letter then a row number, like c3"
        );
    }

    /// Long input is read in linear time: a quadratic reader would take hours on these
    /// megabyte inputs in a debug build.
    #[test]
    fn long_inputs_are_read_in_linear_time() {
        let swaps = format!("11c1,a1{}", ":s".repeat(500_000));
        assert!(read_link(&swaps).is_err());
        let resigns = format!("11c1,a1{}", ":rb".repeat(350_000));
        assert!(read_link(&resigns).is_err());
        let flags = format!("11{},a1", "c1".repeat(500_000));
        assert!(read_link(&flags).is_ok());
        let keys = format!("size=5{}&moves=a1", "&x=1".repeat(250_000));
        assert!(read_link(&keys).is_ok());
        let cells = format!("size=5&b={}", "a1,".repeat(350_000));
        assert!(read_link(&cells).is_err());
        let moves = format!("size=5&moves={}", "%2C".repeat(350_000));
        assert!(read_link(&moves).is_ok());
        let trmph = format!("11,{}", "a1".repeat(500_000));
        assert!(read_link(&trmph).is_err());
    }

    #[test]
    fn dispatches_by_content() {
        let a = read_link("http://localhost:8080/#size=5&moves=c3,swap").unwrap();
        assert_eq!(a.position().stones(Color::White).len(), 1);
        let b = read_link("https://hexworld.org/board/#5c1,c3:s").unwrap();
        assert_eq!(a.position(), b.position());
        let c = read_link("https://trmph.com/hex/board#5,c3c3").unwrap();
        assert_eq!(a.position(), c.position());
        assert_eq!(read_link("  "), Err(LinkError::Empty));
        assert_eq!(read_link("https://x/#"), Err(LinkError::Empty));
        assert!(matches!(read_link("garbage"), Err(LinkError::Code(_))));
    }
}

/// Random games for the readers' and writers' round-trip tests.
#[cfg(test)]
pub(crate) mod random_games {
    use crate::game::Game;
    use crate::notation::Move;
    use crate::rng::Rng;

    /// Plays up to a board's worth of random legal moves on `game` (a swap, when legal, half
    /// the time), then steps back to a random point of them (links carry the moves still to
    /// come).
    pub(crate) fn play_random(game: &mut Game, rng: &mut Rng) {
        let length = rng.below(game.position().size().cell_count() + 1);
        for _ in 0..length {
            let position = game.position();
            let legal = position.legal_cells();
            if legal.is_empty() {
                break;
            }
            let mv = if position.swap_legal() && rng.below(2) == 0 {
                Move::Swap
            } else {
                Move::Cell(legal.nth(rng.below(legal.len())).unwrap())
            };
            game.play(mv).unwrap();
        }
        game.go_to(rng.below(game.moves().len() + 1));
    }
}
