//! A game: a starting position (empty or set up), the moves played from it, and a cursor for
//! undo and redo.

use crate::board::BoardSize;
use crate::notation::Move;
use crate::position::{PlayError, Position};
use crate::rules::RulesConfig;

/// A starting position with its move list and the cursor into it.
///
/// Invariants: every move of `moves` is legal in sequence from `start`; `cursor <= moves.len()`;
/// `current` is `start` with the first `cursor` moves played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    start: Position,
    moves: Vec<Move>,
    cursor: usize,
    current: Position,
}

impl Game {
    /// A new game on the empty board, Black to move.
    #[must_use]
    pub fn new(size: BoardSize, config: RulesConfig) -> Game {
        Game::from_position(Position::new(size, config))
    }

    /// A game starting from `start` (an empty board or a set-up puzzle).
    #[must_use]
    pub fn from_position(start: Position) -> Game {
        Game {
            current: start.clone(),
            start,
            moves: Vec::new(),
            cursor: 0,
        }
    }

    /// The position at the cursor.
    #[inline]
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.current
    }

    /// The starting position.
    #[must_use]
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// Every move after the start, including those undone (the redo tail).
    #[must_use]
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// How many moves of [`Game::moves`] are applied.
    #[must_use]
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// Plays `mv` at the cursor. A redo tail that differs from it is dropped; replaying the
    /// next move of the tail keeps the tail.
    pub fn play(&mut self, mv: Move) -> Result<(), PlayError> {
        self.current.play(mv)?;
        if self.moves.get(self.cursor) != Some(&mv) {
            self.moves.truncate(self.cursor);
            self.moves.push(mv);
        }
        self.cursor += 1;
        Ok(())
    }

    /// Whether there is a move to undo.
    #[must_use]
    pub fn can_undo(&self) -> bool {
        self.cursor > 0
    }

    /// Whether there is a move to redo.
    #[must_use]
    pub fn can_redo(&self) -> bool {
        self.cursor < self.moves.len()
    }

    /// Takes back the last applied move; returns whether there was one.
    pub fn undo(&mut self) -> bool {
        if !self.can_undo() {
            return false;
        }
        self.go_to(self.cursor - 1);
        true
    }

    /// Replays the next move of the redo tail; returns whether there was one.
    pub fn redo(&mut self) -> bool {
        if !self.can_redo() {
            return false;
        }
        let mv = self.moves[self.cursor];
        self.current
            .play(mv)
            .expect("moves in the list are legal in sequence");
        self.cursor += 1;
        true
    }

    /// Moves the cursor to `cursor` (clamped to the move list).
    pub fn go_to(&mut self, cursor: usize) {
        let cursor = cursor.min(self.moves.len());
        let mut position = self.start.clone();
        for &mv in &self.moves[..cursor] {
            position
                .play(mv)
                .expect("moves in the list are legal in sequence");
        }
        self.current = position;
        self.cursor = cursor;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Cell, Color};

    fn game() -> Game {
        Game::new(BoardSize::square(5).unwrap(), RulesConfig::default())
    }

    #[test]
    fn undo_redo_walk_the_history() {
        let mut g = game();
        for m in ["c3", "swap", "b2", "d4"] {
            g.play(m.parse().unwrap()).unwrap();
        }
        let end = g.position().clone();
        assert!(g.undo());
        assert!(g.undo());
        assert_eq!(g.position().stones(Color::Black).len(), 0);
        assert_eq!(
            g.position().stones(Color::White).iter().collect::<Vec<_>>(),
            vec![Cell::new(2, 2)]
        );
        assert!(g.redo());
        assert!(g.redo());
        assert!(!g.redo());
        assert_eq!(g.position(), &end);
        while g.undo() {}
        assert_eq!(g.position(), g.start());
        assert!(!g.undo());
    }

    #[test]
    fn playing_after_undo_replaces_the_tail() {
        let mut g = game();
        for m in ["c3", "b2", "d4"] {
            g.play(m.parse().unwrap()).unwrap();
        }
        g.undo();
        g.undo();
        g.play("b2".parse().unwrap()).unwrap();
        assert_eq!(g.moves().len(), 3, "same move as the tail keeps the tail");
        g.play("e5".parse().unwrap()).unwrap();
        assert_eq!(g.moves().len(), 3);
        assert!(!g.can_redo());
    }

    #[test]
    fn illegal_moves_leave_the_game_unchanged() {
        let mut g = game();
        g.play("c3".parse().unwrap()).unwrap();
        let before = g.clone();
        assert!(g.play("c3".parse().unwrap()).is_err());
        assert_eq!(g, before);
    }
}
