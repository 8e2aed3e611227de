//! Result types shared by the command line (printed as JSON) and the browser (passed to
//! JavaScript as objects): one serde type per answer, so both speak the same schema.

use serde::{Serialize, Serializer};

use crate::board::{Cell, CellSet, Color};
use crate::formats::{code, compact};
use crate::game::Game;
use crate::rules::Rules;

/// A cell set as a list of cell names, sorted by row then column (edges last).
#[must_use]
pub fn cell_names(set: CellSet) -> Vec<String> {
    set.iter().map(|c| c.to_string()).collect()
}

/// A cell or edge that reports write by its name (`c3`, `top`) without a string of its own:
/// a connection report names tens of thousands of carrier cells.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct CellName(pub Cell);

impl Serialize for CellName {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.0.name_in(&mut [0; 3]))
    }
}

impl std::fmt::Display for CellName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Display::fmt(&self.0, f)
    }
}

impl std::fmt::Debug for CellName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Display::fmt(self, f)
    }
}

/// A cell set as [`CellName`]s, in the order of [`cell_names`].
#[must_use]
pub fn cell_name_list(set: CellSet) -> Vec<CellName> {
    set.iter().map(CellName).collect()
}

/// Names joined by spaces (for text output).
#[must_use]
pub fn spaced(names: &[CellName]) -> String {
    names
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// A game's current position, as `hexlab position --json` prints it and the page draws it.
///
/// Invariant: `black`, `white`, `legal` and `winning_chain` are sorted by row then column;
/// `code` read back gives the same game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PositionReport {
    /// Board width (for square boards, the size).
    pub size: u8,
    pub width: u8,
    pub height: u8,
    pub to_move: Color,
    pub black: Vec<String>,
    pub white: Vec<String>,
    pub rules: Rules,
    /// The winner under the rules, if the game is over.
    pub winner: Option<Color>,
    /// The stones of the chain that decided the game (empty if none).
    pub winning_chain: Vec<String>,
    /// Whether the swap rule is in use.
    pub swap_rule: bool,
    /// Whether White may swap now.
    pub swap_legal: bool,
    /// The empty cells the side to move may play (empty when the game is over).
    pub legal: Vec<String>,
    /// Moves after the start, including any redo tail.
    pub moves: Vec<String>,
    /// How many of `moves` are applied.
    pub cursor: usize,
    pub can_undo: bool,
    pub can_redo: bool,
    /// The canonical position code (the page's URL hash, without `#`).
    pub code: String,
    /// The HexWorld link fragment of a game of Hex with the swap rule from the empty board;
    /// `None` for any other game, which a HexWorld link cannot express.
    pub hexworld: Option<String>,
}

impl PositionReport {
    /// Describes `game` at its cursor.
    #[must_use]
    pub fn of(game: &Game) -> PositionReport {
        let position = game.position();
        let size = position.size();
        PositionReport {
            size: size.width(),
            width: size.width(),
            height: size.height(),
            to_move: position.to_move(),
            black: cell_names(position.stones(Color::Black)),
            white: cell_names(position.stones(Color::White)),
            rules: position.rules(),
            winner: position.winner(),
            winning_chain: cell_names(position.winning_chain()),
            swap_rule: position.config().swap,
            swap_legal: position.swap_legal(),
            legal: cell_names(position.legal_cells()),
            moves: game.moves().iter().map(|m| m.to_string()).collect(),
            cursor: game.cursor(),
            can_undo: game.can_undo(),
            can_redo: game.can_redo(),
            code: code::write(game),
            hexworld: compact::write_hexworld(game),
        }
    }
}

/// The answer of a batch of random playouts, with how it ran.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlayoutReport {
    pub playouts: u64,
    pub black_wins: u64,
    pub white_wins: u64,
    /// Threads in the pool that ran the job.
    pub threads: usize,
    /// Wall time of the job in milliseconds (as measured by the caller's clock).
    pub millis: f64,
    /// Playouts per second over that time.
    pub playouts_per_second: f64,
}
