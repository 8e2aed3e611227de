//! The pattern frames of a board's cells, read once and shared by the probes asked on that
//! board (the permanently inferior searches of many cells read the same neighbourhoods).

use crate::board::{Cell, CellSet, Color};

use super::library::{Frames, Library};
use super::stones::{StoneView, Stones};

/// No frames read yet for a cell.
const NONE: u16 = u16::MAX;

/// Frames of cells on one board's stones, read on first use.
///
/// Invariant: every frame held is [`Library::frames`] of its cell on `stones` (the cache empties
/// itself when asked about other stones, see [`FrameCache::sync`]).
#[derive(Clone, Debug)]
pub struct FrameCache {
    stones: Stones,
    /// Where each cell's frames are in `frames`, by cell index ([`NONE`] if not read).
    slot: Vec<u16>,
    frames: Vec<Frames>,
}

impl FrameCache {
    /// An empty cache for `stones`.
    #[must_use]
    pub fn new(stones: Stones) -> FrameCache {
        FrameCache {
            stones,
            slot: vec![NONE; usize::from(Cell::BOARD_CELLS)],
            frames: Vec::new(),
        }
    }

    /// Makes the cache one of `stones`, forgetting what it read if they differ.
    pub fn sync(&mut self, stones: &Stones) {
        if self.stones != *stones {
            self.stones = *stones;
            for frames in self.frames.drain(..) {
                self.slot[frames.cell().index()] = NONE;
            }
        }
    }

    /// The stones the frames are read on.
    #[must_use]
    pub fn stones(&self) -> &Stones {
        &self.stones
    }

    /// The frames of `cell` (a board cell) on the cache's stones.
    pub fn get(&mut self, cell: Cell) -> &Frames {
        let at = self.slot[cell.index()];
        if at != NONE {
            return &self.frames[usize::from(at)];
        }
        let frames = Library::global().frames(&self.stones, cell);
        self.slot[cell.index()] =
            u16::try_from(self.frames.len()).expect("fewer frames than cells");
        self.frames.push(frames);
        self.frames.last().expect("just pushed")
    }

    /// The frames of `cell` with stones added on empty cells: `black` and `white`
    /// ([`Library::frames_plus`] of the cached frames).
    pub fn plus(&mut self, cell: Cell, black: CellSet, white: CellSet) -> Frames {
        Library::global().frames_plus(self.get(cell), black, white)
    }

    /// The frames of `cell` with `color` stones added on the empty cells `at`.
    pub fn plus_of(&mut self, cell: Cell, at: CellSet, color: Color) -> Frames {
        match color {
            Color::Black => self.plus(cell, at, CellSet::new()),
            Color::White => self.plus(cell, CellSet::new(), at),
        }
    }

    /// The frames of `cell` with one `color` stone added on the empty cell `at`.
    pub fn plus_one(&mut self, cell: Cell, at: Cell, color: Color) -> Frames {
        self.plus_of(cell, CellSet::single(at), color)
    }

    /// The frames of `cell` on `now`, which holds the cache's stones and more (on cells
    /// empty in the cache's stones).
    pub fn on(&mut self, now: &Stones, cell: Cell) -> Frames {
        let added = |c: Color| now.stones(c) - self.stones.stones(c);
        let (black, white) = (added(Color::Black), added(Color::White));
        self.plus(cell, black, white)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::code;

    #[test]
    fn cached_and_added_frames_answer_as_read_ones() {
        let game = code::read("size=6&b=c3,d2&w=b4,e3").unwrap();
        let base = Stones::of(game.position());
        let mut cache = FrameCache::new(base);
        let library = Library::global();
        let mut now = base;
        now.set("c4".parse().unwrap(), Some(Color::Black));
        now.set("d3".parse().unwrap(), Some(Color::White));
        for cell in game.position().empty_cells().iter() {
            let read = library.frames(&now, cell);
            let built = cache.on(&now, cell);
            assert_eq!(library.dead_in(&read), library.dead_in(&built), "{cell}");
            assert_eq!(library.is_dead_in(&built), library.dead_in(&read).is_some());
            for color in Color::ALL {
                assert_eq!(
                    library.captured_in(&read, color),
                    library.captured_in(&built, color),
                    "{cell}"
                );
                assert_eq!(
                    library.vulnerable_in(&read, color),
                    library.vulnerable_in(&built, color),
                    "{cell}"
                );
                assert_eq!(
                    library.is_vulnerable_in(&built, color),
                    library.vulnerable_in(&read, color).is_some()
                );
            }
        }
        cache.sync(&now);
        assert_eq!(cache.stones(), &now);
    }
}
