//! The board the GTP `vc-*` commands read, as Benzene's analysis board: both colours'
//! connections built on a position, moved on stone by stone by the incremental update
//! (`vc-build-incremental`) and taken back (`vc-undo-incremental`) without touching the game.

use hexlab_core::vc::incremental::after_stone;
use hexlab_core::vc::{h_search, Connections, Limits};
use hexlab_core::{ByColor, Cell, Color, Position};

/// A position with both colours' connections, and what it was made from.
///
/// Invariant: `connections[c]` are colour `c`'s connections in `position` under `limits`
/// (built there, or updated stone by stone from a build); `history` holds the earlier positions
/// and connections, oldest first.
pub struct VcBoard {
    /// The game position the first build was made on.
    game: Position,
    limits: Limits,
    position: Position,
    connections: ByColor<Connections>,
    history: Vec<(Position, ByColor<Connections>)>,
}

impl VcBoard {
    /// Both colours' connections built from scratch on the game position `game`.
    pub fn build(game: &Position, limits: Limits) -> VcBoard {
        VcBoard {
            game: game.clone(),
            limits,
            position: game.clone(),
            connections: ByColor::new_with(|color| h_search(game, color, limits)),
            history: Vec::new(),
        }
    }

    /// Whether the board was built on `game` under `limits` (else it answers for something
    /// else and should be built again).
    pub fn made_from(&self, game: &Position, limits: Limits) -> bool {
        self.limits == limits && self.game == *game
    }

    /// The position the connections are for.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// `color`'s connections in [`VcBoard::position`].
    pub fn connections(&self, color: Color) -> &Connections {
        &self.connections[color]
    }

    /// Puts a `color` stone on `cell` (the opponent moves next) and updates both colours'
    /// connections incrementally.
    pub fn play(&mut self, color: Color, cell: Cell) -> Result<(), String> {
        self.position.check_empty(cell).map_err(|e| e.to_string())?;
        let mut after = self.position.clone();
        after
            .set_stone(cell, Some(color))
            .map_err(|e| e.to_string())?;
        after.set_to_move(color.opponent());
        let connections =
            ByColor::new_with(|c| after_stone(&self.connections[c], &after, cell, self.limits));
        let before = std::mem::replace(&mut self.position, after);
        let built = std::mem::replace(&mut self.connections, connections);
        self.history.push((before, built));
        Ok(())
    }

    /// Takes back the last [`VcBoard::play`]; false when there is none.
    pub fn undo(&mut self) -> bool {
        let Some((position, connections)) = self.history.pop() else {
            return false;
        };
        self.position = position;
        self.connections = connections;
        true
    }
}
