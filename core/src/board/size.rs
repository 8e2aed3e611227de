use std::fmt;
use std::str::FromStr;

use super::cell::{Cell, MAX_SIDE};
use super::cellset::{column_mask, row_mask, CellSet};

/// `FIRST_COLUMNS[w]`: the cells in columns `0..w` of the largest board.
const FIRST_COLUMNS: [CellSet; MAX_SIDE as usize + 1] = {
    let mut table = [CellSet::EMPTY; MAX_SIDE as usize + 1];
    let mut w = 1;
    while w <= MAX_SIDE as usize {
        table[w] = table[w - 1].union_const(column_mask(w as u8 - 1));
        w += 1;
    }
    table
};

/// `FIRST_ROWS[h]`: the cells in rows `0..h` of the largest board.
const FIRST_ROWS: [CellSet; MAX_SIDE as usize + 1] = {
    let mut table = [CellSet::EMPTY; MAX_SIDE as usize + 1];
    let mut h = 1;
    while h <= MAX_SIDE as usize {
        table[h] = table[h - 1].union_const(row_mask(h as u8 - 1));
        h += 1;
    }
    table
};

/// Every row and column of the largest board.
const ROWS: [CellSet; MAX_SIDE as usize] = {
    let mut table = [CellSet::EMPTY; MAX_SIDE as usize];
    let mut r = 0;
    while r < MAX_SIDE as usize {
        table[r] = row_mask(r as u8);
        r += 1;
    }
    table
};
const COLUMNS: [CellSet; MAX_SIDE as usize] = {
    let mut table = [CellSet::EMPTY; MAX_SIDE as usize];
    let mut c = 0;
    while c < MAX_SIDE as usize {
        table[c] = column_mask(c as u8);
        c += 1;
    }
    table
};
use super::color::Color;

/// The dimensions of a board: `width` columns and `height` rows, each 1..=19.
///
/// Invariant: both sides are in `1..=MAX_SIDE`. Square boards are the norm; rectangular ones
/// are supported by the core (rules, notation, codes) wherever swap is not involved.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct BoardSize {
    width: u8,
    height: u8,
}

/// Why a board size was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardSizeError {
    /// A side outside `1..=19`.
    OutOfRange(u32),
    /// Text that is not `N` or `WxH`.
    Malformed(String),
}

impl fmt::Display for BoardSizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardSizeError::OutOfRange(n) => {
                write!(
                    f,
                    "board side {n} is out of range: sizes go from 1 to {MAX_SIDE}"
                )
            }
            BoardSizeError::Malformed(text) => {
                write!(
                    f,
                    "'{}' is not a board size: write N (like 11) or WxH (like 11x9)",
                    crate::quote::quote(text)
                )
            }
        }
    }
}

impl std::error::Error for BoardSizeError {}

impl BoardSize {
    /// The largest board.
    pub const MAX: BoardSize = BoardSize {
        width: MAX_SIDE,
        height: MAX_SIDE,
    };

    /// A board of `width` columns and `height` rows.
    pub fn new(width: u32, height: u32) -> Result<BoardSize, BoardSizeError> {
        for side in [width, height] {
            if side == 0 || side > MAX_SIDE as u32 {
                return Err(BoardSizeError::OutOfRange(side));
            }
        }
        Ok(BoardSize {
            width: width as u8,
            height: height as u8,
        })
    }

    /// An `n` by `n` board.
    pub fn square(n: u32) -> Result<BoardSize, BoardSizeError> {
        BoardSize::new(n, n)
    }

    /// Number of columns.
    #[inline]
    #[must_use]
    pub const fn width(self) -> u8 {
        self.width
    }

    /// Number of rows.
    #[inline]
    #[must_use]
    pub const fn height(self) -> u8 {
        self.height
    }

    /// Whether width equals height.
    #[must_use]
    pub const fn is_square(self) -> bool {
        self.width == self.height
    }

    /// Number of board cells.
    #[must_use]
    pub const fn cell_count(self) -> usize {
        self.width as usize * self.height as usize
    }

    /// Whether `cell` is a board cell of this size (edges are not).
    #[inline]
    #[must_use]
    pub const fn contains(self, cell: Cell) -> bool {
        !cell.is_edge() && cell.col() < self.width && cell.row() < self.height
    }

    /// All board cells of this size.
    #[inline]
    #[must_use]
    pub fn cells(self) -> CellSet {
        FIRST_COLUMNS[self.width as usize] & FIRST_ROWS[self.height as usize]
    }

    /// The cells of row `row` (from 0; empty past the last row).
    #[inline]
    #[must_use]
    pub fn row(self, row: u8) -> CellSet {
        if row >= self.height {
            return CellSet::new();
        }
        ROWS[row as usize] & FIRST_COLUMNS[self.width as usize]
    }

    /// The cells of column `col` (from 0; empty past the last column).
    #[inline]
    #[must_use]
    pub fn column(self, col: u8) -> CellSet {
        if col >= self.width {
            return CellSet::new();
        }
        COLUMNS[col as usize] & FIRST_ROWS[self.height as usize]
    }

    /// The board cells touching `edge` (one of the four edge points).
    #[must_use]
    pub fn edge_cells(self, edge: Cell) -> CellSet {
        match edge {
            Cell::TOP => self.row(0),
            Cell::BOTTOM => self.row(self.height - 1),
            Cell::LEFT => self.column(0),
            Cell::RIGHT => self.column(self.width - 1),
            _ => CellSet::new(),
        }
    }

    /// The two edges `color` tries to join: top and bottom for Black, left and right for White.
    #[must_use]
    pub const fn edges_of(color: Color) -> (Cell, Cell) {
        match color {
            Color::Black => (Cell::TOP, Cell::BOTTOM),
            Color::White => (Cell::LEFT, Cell::RIGHT),
        }
    }

    /// The neighbours of `cell` on this board, edges included (a cell of row 0 touches `TOP`).
    #[must_use]
    pub fn neighbours(self, cell: Cell) -> CellSet {
        if cell.is_edge() {
            return self.edge_cells(cell);
        }
        let mut set = CellSet::around(cell) & self.cells();
        set.discard(cell);
        for edge in Cell::EDGES {
            if self.edge_cells(edge).contains(cell) {
                set.insert(edge);
            }
        }
        set
    }
}

impl Default for BoardSize {
    /// 11x11, the usual competition size.
    fn default() -> Self {
        BoardSize {
            width: 11,
            height: 11,
        }
    }
}

/// Writes `11` for square boards and `11x9` (columns x rows) otherwise.
impl fmt::Display for BoardSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_square() {
            write!(f, "{}", self.width)
        } else {
            write!(f, "{}x{}", self.width, self.height)
        }
    }
}

/// Reads `N` or `WxH` (also `W:H` and `WXH`).
impl FromStr for BoardSize {
    type Err = BoardSizeError;
    fn from_str(text: &str) -> Result<BoardSize, BoardSizeError> {
        let malformed = || BoardSizeError::Malformed(text.to_string());
        let number = |part: &str| -> Result<u32, BoardSizeError> {
            if part.is_empty() || part.len() > 4 || !part.bytes().all(|b| b.is_ascii_digit()) {
                return Err(malformed());
            }
            part.parse().map_err(|_| malformed())
        };
        let trimmed = text.trim();
        match trimmed.split_once(['x', 'X', ':']) {
            Some((w, h)) => BoardSize::new(number(w)?, number(h)?),
            None => BoardSize::square(number(trimmed)?),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_prints_sizes() {
        assert_eq!(
            "11".parse::<BoardSize>().unwrap(),
            BoardSize::square(11).unwrap()
        );
        assert_eq!("11x9".parse::<BoardSize>().unwrap().to_string(), "11x9");
        assert_eq!("0".parse::<BoardSize>(), Err(BoardSizeError::OutOfRange(0)));
        assert_eq!(
            "20".parse::<BoardSize>(),
            Err(BoardSizeError::OutOfRange(20))
        );
        assert!(matches!(
            "x".parse::<BoardSize>(),
            Err(BoardSizeError::Malformed(_))
        ));
        assert!(matches!(
            "-3".parse::<BoardSize>(),
            Err(BoardSizeError::Malformed(_))
        ));
    }

    #[test]
    fn neighbours_include_edges() {
        let size = BoardSize::square(3).unwrap();
        let a1 = Cell::new(0, 0);
        let n: Vec<String> = size.neighbours(a1).iter().map(|c| c.to_string()).collect();
        assert_eq!(n, ["b1", "a2", "top", "left"]);
        let c3 = Cell::new(2, 2);
        let n: Vec<String> = size.neighbours(c3).iter().map(|c| c.to_string()).collect();
        assert_eq!(n, ["c2", "b3", "bottom", "right"]);
        assert_eq!(size.neighbours(Cell::TOP).len(), 3);
    }

    #[test]
    fn masks_match_the_cells() {
        for (w, h) in [(1, 1), (3, 5), (11, 11), (19, 19), (19, 2)] {
            let size = BoardSize::new(w, h).unwrap();
            let by_hand: CellSet = (0..h as u8)
                .flat_map(|r| (0..w as u8).map(move |c| Cell::new(c, r)))
                .collect();
            assert_eq!(size.cells(), by_hand);
            assert_eq!(size.row(h as u8 - 1).len(), w as usize);
            assert_eq!(size.column(0).len(), h as usize);
            assert!(size.row(h as u8).is_empty());
        }
    }

    #[test]
    fn one_by_one_cell_touches_all_edges() {
        let size = BoardSize::square(1).unwrap();
        assert_eq!(size.neighbours(Cell::new(0, 0)).len(), 4);
    }
}
