use std::fmt;

/// The largest number of columns or rows a board may have.
pub const MAX_SIDE: u8 = 19;
/// Distance between vertically adjacent cells in the cell numbering.
pub const STRIDE: u16 = MAX_SIDE as u16;

/// A point of the board: a cell, or one of the four edges.
///
/// Invariant: the index is below [`Cell::COUNT`]. Board cells are `row * STRIDE + col` with
/// `col, row < MAX_SIDE`; the edges come after them. A cell value says nothing about a board's
/// size: use [`super::BoardSize::contains`] to ask whether it lies on a given board.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell(u16);

impl Cell {
    /// Number of board cells on the largest board.
    pub const BOARD_CELLS: u16 = STRIDE * STRIDE;
    /// The top edge (Black's).
    pub const TOP: Cell = Cell(Self::BOARD_CELLS);
    /// The bottom edge (Black's).
    pub const BOTTOM: Cell = Cell(Self::BOARD_CELLS + 1);
    /// The left edge (White's).
    pub const LEFT: Cell = Cell(Self::BOARD_CELLS + 2);
    /// The right edge (White's).
    pub const RIGHT: Cell = Cell(Self::BOARD_CELLS + 3);
    /// Number of points: board cells plus the four edges.
    pub const COUNT: u16 = Self::BOARD_CELLS + 4;
    /// The four edges in the order top, bottom, left, right.
    pub const EDGES: [Cell; 4] = [Cell::TOP, Cell::BOTTOM, Cell::LEFT, Cell::RIGHT];

    /// The cell in column `col` and row `row`, both counted from 0.
    ///
    /// # Panics
    /// If either coordinate is `MAX_SIDE` or more.
    #[track_caller]
    #[must_use]
    pub const fn new(col: u8, row: u8) -> Cell {
        assert!(
            col < MAX_SIDE && row < MAX_SIDE,
            "cell coordinates out of range"
        );
        Cell(row as u16 * STRIDE + col as u16)
    }

    /// The cell in column `col` and row `row`, or `None` when a coordinate is too large.
    #[must_use]
    pub const fn try_new(col: u8, row: u8) -> Option<Cell> {
        if col < MAX_SIDE && row < MAX_SIDE {
            Some(Cell(row as u16 * STRIDE + col as u16))
        } else {
            None
        }
    }

    /// The point with this index (board cell or edge).
    #[must_use]
    pub const fn from_index(index: u16) -> Option<Cell> {
        if index < Self::COUNT {
            Some(Cell(index))
        } else {
            None
        }
    }

    /// The point with this index, unchecked in release builds.
    ///
    /// The caller guarantees `index < Cell::COUNT`; a larger value is not undefined behaviour
    /// (nothing here is `unsafe`) but yields a point that other code may reject or panic on.
    #[inline]
    #[must_use]
    pub const fn from_index_unchecked(index: u16) -> Cell {
        debug_assert!(index < Self::COUNT);
        Cell(index)
    }

    /// This point's index: `row * STRIDE + col` for board cells, above that for edges.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Whether this point is one of the four edges.
    #[inline]
    #[must_use]
    pub const fn is_edge(self) -> bool {
        self.0 >= Self::BOARD_CELLS
    }

    /// Column from 0 (meaningless for edges).
    #[inline]
    #[must_use]
    pub const fn col(self) -> u8 {
        (self.0 % STRIDE) as u8
    }

    /// Row from 0 (meaningless for edges).
    #[inline]
    #[must_use]
    pub const fn row(self) -> u8 {
        (self.0 / STRIDE) as u8
    }

    /// The cell reflected in the long diagonal (column and row exchanged): what swap-pieces does.
    #[must_use]
    pub const fn mirrored(self) -> Cell {
        if self.is_edge() {
            match self {
                Cell::TOP => Cell::LEFT,
                Cell::BOTTOM => Cell::RIGHT,
                Cell::LEFT => Cell::TOP,
                _ => Cell::BOTTOM,
            }
        } else {
            Cell::new(self.row(), self.col())
        }
    }
}

/// Writes the notation: column letter and row number (`c3`), or `top`/`bottom`/`left`/`right`.
impl Cell {
    /// The cell's name (`c3`, `top`, as [`Display`](fmt::Display) writes it), in `buffer` when
    /// it is a board cell's: no allocation, for reports that name many cells.
    #[must_use]
    pub fn name_in(self, buffer: &mut [u8; 3]) -> &str {
        match self {
            Cell::TOP => "top",
            Cell::BOTTOM => "bottom",
            Cell::LEFT => "left",
            Cell::RIGHT => "right",
            _ => {
                let row = self.row() + 1;
                buffer[0] = b'a' + self.col();
                let len = if row >= 10 {
                    buffer[1] = b'0' + row / 10;
                    buffer[2] = b'0' + row % 10;
                    3
                } else {
                    buffer[1] = b'0' + row;
                    2
                };
                std::str::from_utf8(&buffer[..len]).expect("letters and digits")
            }
        }
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name_in(&mut [0; 3]))
    }
}

impl fmt::Debug for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_the_column_letter_and_row_number() {
        for row in 0..MAX_SIDE {
            for col in 0..MAX_SIDE {
                let name = format!("{}{}", (b'a' + col) as char, row + 1);
                assert_eq!(Cell::new(col, row).name_in(&mut [0; 3]), name);
                assert_eq!(Cell::new(col, row).to_string(), name);
            }
        }
        let edges = Cell::EDGES.map(|e| e.to_string());
        assert_eq!(edges, ["top", "bottom", "left", "right"].map(String::from));
    }

    #[test]
    fn coordinates_round_trip() {
        for row in 0..MAX_SIDE {
            for col in 0..MAX_SIDE {
                let cell = Cell::new(col, row);
                assert_eq!((cell.col(), cell.row()), (col, row));
                assert!(!cell.is_edge());
                assert_eq!(Cell::from_index(cell.index() as u16), Some(cell));
            }
        }
        assert!(Cell::EDGES.iter().all(|e| e.is_edge()));
        assert_eq!(Cell::from_index(Cell::COUNT), None);
        assert_eq!(Cell::try_new(19, 0), None);
    }

    #[test]
    fn display_uses_letters_for_columns() {
        assert_eq!(Cell::new(0, 0).to_string(), "a1");
        assert_eq!(Cell::new(2, 2).to_string(), "c3");
        assert_eq!(Cell::new(18, 18).to_string(), "s19");
        assert_eq!(Cell::TOP.to_string(), "top");
    }

    #[test]
    fn mirror_swaps_column_and_row() {
        assert_eq!(Cell::new(0, 2).mirrored(), Cell::new(2, 0)); // a3 -> c1
        assert_eq!(Cell::TOP.mirrored(), Cell::LEFT);
        assert_eq!(Cell::RIGHT.mirrored(), Cell::BOTTOM);
    }
}
