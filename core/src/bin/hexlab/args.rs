//! Command-line flags: the position flags (`--size --black --white --to-move --rules --swap`
//! or `--position CODE`), read with the flag parser both binaries share ([`crate::flags`]).

pub use crate::flags::{no_positional, utf8_args, Flags, UsageError};

use hexlab_core::formats::read_link;
use hexlab_core::notation::parse_cell_list;
use hexlab_core::quote::quote;
use hexlab_core::{BoardSize, Color, Game, Position, Rules, RulesConfig, Setup};

const POSITION_FLAGS: [&str; 6] = ["size", "black", "white", "to-move", "rules", "swap"];

/// Reads the position flags; with none of them, the empty 11x11 board.
pub fn take_game(flags: &mut Flags) -> Result<Game, UsageError> {
    let code = flags.take("position");
    if let Some(code) = code {
        if let Some(other) = POSITION_FLAGS.iter().find(|f| flags.has(f)) {
            return Err(UsageError(format!(
                "--position cannot be combined with --{other}"
            )));
        }
        return Ok(read_link(&code)?);
    }
    let size: BoardSize = match flags.take("size") {
        Some(text) => text.parse()?,
        None => BoardSize::default(),
    };
    let rules: Rules = match flags.take("rules") {
        Some(text) => text.parse()?,
        None => Rules::Hex,
    };
    let swap = match flags.take("swap").as_deref() {
        None | Some("yes") => true,
        Some("no") => false,
        Some(other) => {
            return Err(UsageError(format!(
                "--swap {}: expected yes or no",
                quote(other)
            )))
        }
    };
    let cells = |flags: &mut Flags, name: &str| -> Result<_, UsageError> {
        let text = flags.take(name).unwrap_or_default();
        parse_cell_list(&text).map_err(|e| UsageError(format!("--{name}: {e}")))
    };
    let black = cells(flags, "black")?;
    let white = cells(flags, "white")?;
    let to_move =
        match flags.take("to-move") {
            None => None,
            Some(text) => Some(Color::parse(&text).ok_or_else(|| {
                UsageError(format!("--to-move {}: expected b or w", quote(&text)))
            })?),
        };
    let setup = Setup {
        size,
        config: RulesConfig { rules, swap },
        black,
        white,
        to_move,
    };
    Ok(Game::from_position(Position::from_setup(&setup)?))
}
