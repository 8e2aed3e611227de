//! Points in SGF values: HexGui and red-bean's Hex SGF write `a1` (column letter, row number,
//! case-insensitive; red-bean names columns after `z` `aa`, `ab`, ..., which hexlab's boards of
//! at most 19 columns never reach); Little Golem writes two letters as Go does (`mf`: column m,
//! row f = 6). Both are read everywhere, as HexGui does; a point list may also hold a
//! rectangle `a1:c3` (every cell between the corners).

use crate::board::Cell;
use crate::quote::quote;

/// Reads one point, either notation.
pub fn read_point(text: &str) -> Result<Cell, String> {
    let t = text.trim().to_ascii_lowercase();
    let bytes = t.as_bytes();
    if bytes.len() == 2 && bytes.iter().all(u8::is_ascii_lowercase) {
        let (col, row) = (bytes[0] - b'a', bytes[1] - b'a');
        return Cell::try_new(col, row).ok_or_else(|| {
            format!(
                "'{}' is off every board: letters go from a to s",
                quote(text)
            )
        });
    }
    let letters = bytes.iter().take_while(|b| b.is_ascii_lowercase()).count();
    if letters >= 2 && letters < bytes.len() && bytes[letters..].iter().all(u8::is_ascii_digit) {
        return Err(format!(
            "'{}' is off every board: column {} is past s, and boards have at most 19 columns",
            quote(text),
            quote(&t[..letters])
        ));
    }
    t.parse::<Cell>().map_err(|e| e.to_string())
}

/// Reads the values of a point list (`AB[a1][b2:c3]`) into cells, rectangles expanded.
pub fn read_point_list(values: &[String]) -> Result<Vec<Cell>, String> {
    let mut cells = Vec::new();
    for value in values {
        match value.split_once(':') {
            None => cells.push(read_point(value)?),
            Some((a, b)) => {
                let (a, b) = (read_point(a)?, read_point(b)?);
                for col in a.col().min(b.col())..=a.col().max(b.col()) {
                    for row in a.row().min(b.row())..=a.row().max(b.row()) {
                        cells.push(Cell::new(col, row));
                    }
                }
            }
        }
    }
    Ok(cells)
}

/// Writes a point in HexGui's notation (`a1`).
#[must_use]
pub fn hexgui_point(cell: Cell) -> String {
    cell.to_string()
}

/// Writes a point in Little Golem's notation (`mf`).
#[must_use]
pub fn golem_point(cell: Cell) -> String {
    let letter = |n: u8| char::from(b'a' + n);
    format!("{}{}", letter(cell.col()), letter(cell.row()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_both_notations() {
        assert_eq!(read_point("mf"), Ok(Cell::new(12, 5)));
        assert_eq!(read_point("M6"), Ok(Cell::new(12, 5)));
        assert_eq!(read_point("a10"), Ok(Cell::new(0, 9)));
        assert_eq!(
            read_point("zz").unwrap_err(),
            "'zz' is off every board: letters go from a to s"
        );
        assert!(read_point("a0").is_err());
        // Red-bean's columns after z: read, and off every board.
        assert_eq!(
            read_point("aA27").unwrap_err(),
            "'aA27' is off every board: column aa is past s, and boards have at most 19 columns"
        );
        assert_eq!(
            read_point_list(&["a1:b2".to_string(), "c3".to_string()])
                .unwrap()
                .len(),
            5
        );
        for index in 0..Cell::BOARD_CELLS {
            let cell = Cell::from_index(index).unwrap();
            assert_eq!(read_point(&golem_point(cell)), Ok(cell));
            assert_eq!(read_point(&hexgui_point(cell)), Ok(cell));
        }
    }
}
