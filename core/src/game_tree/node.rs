//! What one node of a game tree says, and how it changes the position before it.

use std::fmt;

use crate::board::{BoardSize, Cell, CellSet, Color};
use crate::notation::Move;
use crate::position::{PlayError, Position};
use crate::rules::RulesConfig;

/// The two ways of swapping: equivalent in play, different on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SwapForm {
    /// Black's stone becomes White's, reflected in the long diagonal; Black moves next.
    Pieces,
    /// The stone stays; the players exchange colours; White moves next.
    Sides,
}

/// A move of a record that places no stone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Special {
    /// The turn passes to the opponent.
    Pass,
    /// The player gives up; the board is unchanged.
    Resign,
    /// The player loses by forfeit (time, disconnection); the board is unchanged.
    Forfeit,
}

/// The move of a node, with the colour that makes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NodeMove {
    Stone { color: Color, cell: Cell },
    Swap { color: Color, form: SwapForm },
    Special { color: Color, kind: Special },
}

impl NodeMove {
    /// The colour making the move.
    #[must_use]
    pub fn color(self) -> Color {
        match self {
            NodeMove::Stone { color, .. }
            | NodeMove::Swap { color, .. }
            | NodeMove::Special { color, .. } => color,
        }
    }

    /// The same move made by the other colour.
    #[must_use]
    pub fn recoloured(self) -> NodeMove {
        match self {
            NodeMove::Stone { color, cell } => NodeMove::Stone {
                color: color.opponent(),
                cell,
            },
            NodeMove::Swap { color, form } => NodeMove::Swap {
                color: color.opponent(),
                form,
            },
            NodeMove::Special { color, kind } => NodeMove::Special {
                color: color.opponent(),
                kind,
            },
        }
    }
}

impl NodeMove {
    /// What the move is, without its colour, as HexGui's SGF writes it: the cell (`a1`),
    /// `swap-pieces`, `swap-sides`, `pass`, `resign` or `forfeit`.
    #[must_use]
    pub fn word(self) -> String {
        match self {
            NodeMove::Stone { cell, .. } => cell.to_string(),
            NodeMove::Swap { form, .. } => match form {
                SwapForm::Pieces => "swap-pieces",
                SwapForm::Sides => "swap-sides",
            }
            .to_string(),
            NodeMove::Special { kind, .. } => match kind {
                Special::Pass => "pass",
                Special::Resign => "resign",
                Special::Forfeit => "forfeit",
            }
            .to_string(),
        }
    }
}

impl fmt::Display for NodeMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.color(), self.word())
    }
}

/// What one node says. Any combination is allowed; [`apply`] gives the order of effect.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NodeData {
    pub mv: Option<NodeMove>,
    /// `AB`: stones put on the board for Black.
    pub add_black: Vec<Cell>,
    /// `AW`: stones put on the board for White.
    pub add_white: Vec<Cell>,
    /// `AE`: cells emptied.
    pub add_empty: Vec<Cell>,
    /// `PL`: the side to play after the set-up.
    pub to_play: Option<Color>,
    /// `C`: the comment, as text (unescaped).
    pub comment: Option<String>,
    /// Other properties (`LB`, `BL`, `N`, ...), name and unescaped values, in file order:
    /// kept so that saving loses nothing.
    pub properties: Vec<(String, Vec<String>)>,
}

impl NodeData {
    /// A node holding only `mv`.
    #[must_use]
    pub fn with_move(mv: NodeMove) -> NodeData {
        NodeData {
            mv: Some(mv),
            ..NodeData::default()
        }
    }

    /// Whether the node sets up stones or the side to play.
    #[must_use]
    pub fn has_setup(&self) -> bool {
        !self.add_black.is_empty()
            || !self.add_white.is_empty()
            || !self.add_empty.is_empty()
            || self.to_play.is_some()
    }
}

/// What the root says of the whole game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameInfo {
    /// `SZ`: columns and rows.
    pub size: BoardSize,
    /// Hex or Rex, with or without the swap rule.
    pub config: RulesConfig,
    /// `PB`, `PW`: the players' names, by the colour they start with.
    pub black: Option<String>,
    pub white: Option<String>,
    /// `RE`: the result as written (`B+`, `W+Resign`, ...), by starting colour.
    pub result: Option<String>,
}

impl GameInfo {
    /// A game of `size` with the default rules and nothing else known.
    #[must_use]
    pub fn new(size: BoardSize) -> GameInfo {
        GameInfo {
            size,
            config: RulesConfig::default(),
            black: None,
            white: None,
            result: None,
        }
    }
}

/// Why a node cannot follow the position before it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NodeError {
    /// A set-up stone off the board.
    Setup(PlayError),
    /// An illegal move.
    Move { mv: NodeMove, error: PlayError },
}

impl fmt::Display for NodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NodeError::Setup(e) => write!(f, "bad set-up stone: {e}"),
            NodeError::Move { mv, error } => write!(f, "{mv} is illegal: {error}"),
        }
    }
}

impl std::error::Error for NodeError {}

/// Applies `data` to `position` (see the module documentation for the order); on an error
/// `position` may be partly changed.
pub fn apply(position: &mut Position, data: &NodeData) -> Result<(), NodeError> {
    if !data.add_empty.is_empty() || !data.add_black.is_empty() || !data.add_white.is_empty() {
        set_up(position, data)?;
    }
    if let Some(color) = data.to_play {
        position.set_to_move(color);
    }
    let Some(mv) = data.mv else {
        return Ok(());
    };
    let error = |error| NodeError::Move { mv, error };
    match mv {
        NodeMove::Stone { color, cell } if color == position.to_move() => {
            position.play(Move::Cell(cell)).map_err(error)
        }
        NodeMove::Stone { color, cell } => {
            if let Some(winner) = position.winner() {
                return Err(error(PlayError::GameOver(winner)));
            }
            position.check_empty(cell).map_err(error)?;
            position.set_stone(cell, Some(color)).map_err(error)?;
            position.set_to_move(color.opponent());
            Ok(())
        }
        NodeMove::Swap { color, form } => {
            if color != position.to_move() {
                return Err(error(PlayError::SwapNotAllowed(
                    "only the side to move may swap",
                )));
            }
            match form {
                SwapForm::Pieces => position.play(Move::Swap).map_err(error),
                SwapForm::Sides => {
                    // The board stays as it is (setting the stone again closes the swap).
                    position.check_swap_sides().map_err(error)?;
                    let stone = position.stones(Color::Black).first();
                    if let Some(stone) = stone {
                        position
                            .set_stone(stone, Some(Color::Black))
                            .map_err(error)?;
                    }
                    Ok(())
                }
            }
        }
        NodeMove::Special { color, kind } => {
            if kind == Special::Pass {
                position.set_to_move(color.opponent());
            }
            Ok(())
        }
    }
}

/// The set-up stones of `data` put on `position`, in one step: as if each cell of `AE`, then
/// `AB`, then `AW` were set in turn with [`Position::set_stone`] (so the swap closes), at the
/// cost of one position however many stones are set.
fn set_up(position: &mut Position, data: &NodeData) -> Result<(), NodeError> {
    let size = position.size();
    let mut sets = [CellSet::new(); 3];
    for (set, cells) in sets
        .iter_mut()
        .zip([&data.add_empty, &data.add_black, &data.add_white])
    {
        for &cell in cells {
            if !size.contains(cell) {
                return Err(NodeError::Setup(PlayError::OffBoard { cell, size }));
            }
            set.insert(cell);
        }
    }
    let [empty, black, white] = sets;
    let old_black = position.stones(Color::Black);
    let old_white = position.stones(Color::White);
    *position = Position::from_stones(
        size,
        position.config(),
        ((old_black - empty) | black) - white,
        ((old_white - empty) - black) | white,
        position.to_move(),
    );
    Ok(())
}
