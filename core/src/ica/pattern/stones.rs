//! The stones of a board as the local patterns read them: a light view that probes can copy
//! and change without a [`Position`]'s bookkeeping (edge reach, hashes), which a flood keeps
//! up to date on every stone added or taken off.

use crate::board::{BoardSize, Cell, CellSet, Color};
use crate::position::Position;

/// What the pattern queries of [`super::Library`] read: a board's size and its stones.
pub trait StoneView {
    /// Board dimensions.
    fn size(&self) -> BoardSize;
    /// The stones of `color`.
    fn stones(&self, color: Color) -> CellSet;
}

impl StoneView for Position {
    #[inline]
    fn size(&self) -> BoardSize {
        Position::size(self)
    }

    #[inline]
    fn stones(&self, color: Color) -> CellSet {
        Position::stones(self, color)
    }
}

/// A board's stones and nothing else: a few words to copy, a bit to set.
///
/// Invariant: the Black and White stones are disjoint cells of the board of `size` (kept by
/// [`Stones::set`], which only takes board cells).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stones {
    size: BoardSize,
    black: CellSet,
    white: CellSet,
}

impl Stones {
    /// The stones of `position`.
    #[must_use]
    pub fn of(position: &Position) -> Stones {
        Stones {
            size: position.size(),
            black: position.stones(Color::Black),
            white: position.stones(Color::White),
        }
    }

    /// Puts a stone of `color` on `cell`, or empties it with `None`.
    ///
    /// # Panics
    /// If `cell` is not a cell of the board.
    #[inline]
    pub fn set(&mut self, cell: Cell, stone: Option<Color>) {
        assert!(self.size.contains(cell), "{cell} is off the board");
        self.black.discard(cell);
        self.white.discard(cell);
        match stone {
            Some(Color::Black) => self.black.insert(cell),
            Some(Color::White) => self.white.insert(cell),
            None => false,
        };
    }

    /// Puts `color` stones on every cell of `cells` (board cells).
    #[inline]
    pub fn fill(&mut self, cells: CellSet, color: Color) {
        debug_assert!(cells.is_subset(&self.size.cells()));
        let (own, other) = match color {
            Color::Black => (&mut self.black, &mut self.white),
            Color::White => (&mut self.white, &mut self.black),
        };
        *own |= cells;
        *other -= cells;
    }

    /// The uncoloured cells of the board.
    #[inline]
    #[must_use]
    pub fn empty_cells(&self) -> CellSet {
        self.size.cells() - self.black - self.white
    }
}

impl StoneView for Stones {
    #[inline]
    fn size(&self) -> BoardSize {
        self.size
    }

    #[inline]
    fn stones(&self, color: Color) -> CellSet {
        match color {
            Color::Black => self.black,
            Color::White => self.white,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::code;

    #[test]
    fn a_view_changes_like_its_position() {
        let game = code::read("size=5&b=c3&w=d2").unwrap();
        let mut position = game.position().clone();
        let mut view = Stones::of(&position);
        for (cell, stone) in [
            ("c3", Some(Color::White)),
            ("a1", Some(Color::Black)),
            ("d2", None),
        ] {
            let cell: Cell = cell.parse().unwrap();
            view.set(cell, stone);
            position.set_stone(cell, stone).unwrap();
            assert_eq!(view, Stones::of(&position));
        }
        assert_eq!(view.empty_cells(), position.empty_cells());
        let more = CellSet::single("c3".parse().unwrap()) | CellSet::single("e5".parse().unwrap());
        view.fill(more, Color::Black);
        for cell in more.iter() {
            position.set_stone(cell, Some(Color::Black)).unwrap();
        }
        assert_eq!(view, Stones::of(&position));
    }
}
