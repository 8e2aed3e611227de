//! Reading and writing cells and moves: `c3`, `swap`, and edge names.
//!
//! Cells are a column letter (`a` to `s`, either case) followed by a row number (`1` to `19`),
//! `a1` being the top-left (acute) corner. Whether a cell lies on a particular board is checked
//! by the position, not here. Moves are a cell or `swap` (`swap-pieces` and `swap-sides` are
//! read as the same move: the two forms are equivalent in play).

use std::fmt;
use std::str::FromStr;

use crate::board::{Cell, MAX_SIDE};
use crate::quote::quote;

/// Why text is not a cell name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseCellError {
    /// Nothing was given.
    Empty,
    /// The text does not start with a column letter.
    NoColumn(String),
    /// A column letter with no row number after it.
    NoRow(String),
    /// The row part is not a plain number.
    BadRow(String),
    /// Row `0`: rows are numbered from 1.
    RowZero(String),
    /// A column letter past `s`.
    ColumnTooLarge(String),
    /// A row number past 19.
    RowTooLarge(String),
}

impl fmt::Display for ParseCellError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let last = (b'a' + MAX_SIDE - 1) as char;
        match self {
            ParseCellError::Empty => {
                f.write_str("empty cell name: expected a column letter and a row number, like c3")
            }
            ParseCellError::NoColumn(t) => {
                let t = quote(t);
                write!(f, "'{t}' is not a cell: expected a column letter then a row number, like c3")
            }
            ParseCellError::NoRow(t) => {
                let t = quote(t);
                write!(f, "'{t}' has no row number: expected a cell like c3")
            }
            ParseCellError::BadRow(t) => {
                let t = quote(t);
                write!(f, "'{t}' is not a cell: the row must be a number, like c3")
            }
            ParseCellError::RowZero(t) => {
                let t = quote(t);
                write!(f, "'{t}' is not a cell: rows are numbered from 1")
            }
            ParseCellError::ColumnTooLarge(t) => write!(
                f,
                "'{}' is not a cell: columns go from a to {last} (boards have at most {MAX_SIDE} columns)",
                quote(t)
            ),
            ParseCellError::RowTooLarge(t) => write!(
                f,
                "'{}' is not a cell: rows go from 1 to {MAX_SIDE} (boards have at most {MAX_SIDE} rows)",
                quote(t)
            ),
        }
    }
}

impl std::error::Error for ParseCellError {}

impl FromStr for Cell {
    type Err = ParseCellError;

    /// Reads a board cell (`c3`, `C3`). Edge names are read by [`parse_point`].
    fn from_str(text: &str) -> Result<Cell, ParseCellError> {
        let t = text.trim();
        if t.is_empty() {
            return Err(ParseCellError::Empty);
        }
        let owned = || t.to_string();
        let mut chars = t.chars();
        let letter = chars.next().map(|c| c.to_ascii_lowercase()).unwrap_or(' ');
        if !letter.is_ascii_lowercase() {
            return Err(ParseCellError::NoColumn(owned()));
        }
        let digits = chars.as_str();
        if digits.is_empty() {
            return Err(ParseCellError::NoRow(owned()));
        }
        if !digits.bytes().all(|b| b.is_ascii_digit()) || digits.len() > 3 {
            return Err(if digits.bytes().all(|b| b.is_ascii_digit()) {
                ParseCellError::RowTooLarge(owned())
            } else {
                ParseCellError::BadRow(owned())
            });
        }
        let col = letter as u8 - b'a';
        if col >= MAX_SIDE {
            return Err(ParseCellError::ColumnTooLarge(owned()));
        }
        let row: u32 = digits
            .parse()
            .map_err(|_| ParseCellError::BadRow(owned()))?;
        if row == 0 {
            return Err(ParseCellError::RowZero(owned()));
        }
        if row > u32::from(MAX_SIDE) {
            return Err(ParseCellError::RowTooLarge(owned()));
        }
        Ok(Cell::new(col, (row - 1) as u8))
    }
}

/// Reads a cell or an edge: `top bottom left right`, or Benzene's `north south west east`.
pub fn parse_point(text: &str) -> Result<Cell, ParseCellError> {
    match text.trim().to_ascii_lowercase().as_str() {
        "top" | "north" => Ok(Cell::TOP),
        "bottom" | "south" => Ok(Cell::BOTTOM),
        "left" | "west" => Ok(Cell::LEFT),
        "right" | "east" => Ok(Cell::RIGHT),
        _ => text.parse(),
    }
}

/// Parses a comma- or space-separated list of cells (`a1,c3` or `a1 c3`); empty text is no cells.
pub fn parse_cell_list(text: &str) -> Result<Vec<Cell>, ParseCellError> {
    text.split([',', ' '])
        .filter(|part| !part.trim().is_empty())
        .map(str::parse)
        .collect()
}

/// A move: a stone on a cell, or White's swap after Black's first move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Move {
    Cell(Cell),
    Swap,
}

/// Why text is not a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseMoveError(pub ParseCellError);

impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            ParseCellError::NoColumn(t) | ParseCellError::NoRow(t) | ParseCellError::BadRow(t) => {
                write!(
                    f,
                    "'{}' is not a move: expected a cell like c3, or swap",
                    quote(t)
                )
            }
            other => write!(f, "{other}"),
        }
    }
}

impl std::error::Error for ParseMoveError {}

impl FromStr for Move {
    type Err = ParseMoveError;
    fn from_str(text: &str) -> Result<Move, ParseMoveError> {
        match text.trim().to_ascii_lowercase().as_str() {
            "swap" | "swap-pieces" | "swap-sides" => Ok(Move::Swap),
            _ => text.parse().map(Move::Cell).map_err(ParseMoveError),
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Cell(cell) => write!(f, "{cell}"),
            Move::Swap => f.write_str("swap"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_cells_in_either_case() {
        assert_eq!("c3".parse::<Cell>(), Ok(Cell::new(2, 2)));
        assert_eq!(" C3 ".parse::<Cell>(), Ok(Cell::new(2, 2)));
        assert_eq!("s19".parse::<Cell>(), Ok(Cell::new(18, 18)));
    }

    #[test]
    fn bad_cells_give_clear_errors() {
        let cases = [
            (
                "",
                "empty cell name: expected a column letter and a row number, like c3",
            ),
            (
                "z99",
                "'z99' is not a cell: columns go from a to s (boards have at most 19 columns)",
            ),
            ("a0", "'a0' is not a cell: rows are numbered from 1"),
            (
                "a20",
                "'a20' is not a cell: rows go from 1 to 19 (boards have at most 19 rows)",
            ),
            ("a", "'a' has no row number: expected a cell like c3"),
            (
                "3c",
                "'3c' is not a cell: expected a column letter then a row number, like c3",
            ),
            (
                "a1x",
                "'a1x' is not a cell: the row must be a number, like c3",
            ),
            (
                "a99999999999",
                "'a99999999999' is not a cell: rows go from 1 to 19 (boards have at most 19 rows)",
            ),
        ];
        for (text, message) in cases {
            assert_eq!(
                text.parse::<Cell>().unwrap_err().to_string(),
                message,
                "{text:?}"
            );
        }
    }

    #[test]
    fn every_cell_round_trips() {
        for index in 0..Cell::BOARD_CELLS {
            let cell = Cell::from_index(index).unwrap();
            assert_eq!(cell.to_string().parse::<Cell>(), Ok(cell));
        }
    }

    #[test]
    fn reads_moves_and_points() {
        assert_eq!("swap".parse::<Move>(), Ok(Move::Swap));
        assert_eq!("swap-pieces".parse::<Move>(), Ok(Move::Swap));
        assert_eq!("d4".parse::<Move>(), Ok(Move::Cell(Cell::new(3, 3))));
        assert_eq!(
            "pass".parse::<Move>().unwrap_err().to_string(),
            "'pass' is not a move: expected a cell like c3, or swap"
        );
        assert_eq!(parse_point("north"), Ok(Cell::TOP));
        assert_eq!(parse_point("right"), Ok(Cell::RIGHT));
        assert_eq!(
            parse_cell_list("a1, c3").unwrap(),
            vec![Cell::new(0, 0), Cell::new(2, 2)]
        );
        assert_eq!(parse_cell_list("").unwrap(), vec![]);
    }
}
