//! Edge templates (Henderson 2010, §2.9.2): full connections between a cell and its player's
//! edge, for cells on rows 2 to 6, derived by search (see [`generate`]) and kept as a table.
//!
//! A template is written for Black and the top edge: its anchor sits on row `depth` (row 1
//! touches the edge), and each of its cells is an offset along the edge from the anchor's
//! column and a row. The table holds one template per line, `depth: dc,row dc,row ...`. The
//! other edges follow by symmetry: the half-turn maps the top edge to the bottom one, and the
//! reflection in the long diagonal maps Black's top edge to White's left one.
//!
//! A template applies where all of its cells are on the board and none is the opponent's; its
//! carrier is its empty cells (the player's stones in it only help, by monotonicity).
//!
//! Some templates also need stones of the player's at given places (a line's cells after `|`):
//! a stone under or beside an anchor on rows 4 to 6 where the stone's own way to the edge and
//! the anchor's way to the stone share cells, so H-search's rules cannot put them together.
//! These apply only where the player has those stones. (Rows 5 and 6 hold only such templates:
//! those without a stone are wider than the boards a search is run on.)

pub mod generate;

use std::sync::OnceLock;

use crate::board::{BoardSize, Cell, CellSet, Color};
use crate::position::Position;

use super::edge_shapes::{allowed, placements, Placement, PlacementCache};

/// The committed table (rows 2, 3 and the stones' rows 4 to 6 regenerated and compared by
/// `core/tests/vc_soundness.rs`).
const TABLE: &str = include_str!("../../../data/templates.txt");

/// One edge template, for the top edge: the anchor's row, the carrier's offsets and the
/// player's stones it needs.
///
/// Invariant: every cell and stone is nearer the edge than the anchor or on its row, none is
/// the anchor, and no stone is a carrier cell.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Template {
    /// The anchor's row, 1 being the row along the edge.
    pub depth: u8,
    /// `(column offset from the anchor, row from the edge, 0-based)` of each carrier cell.
    pub cells: Vec<(i8, u8)>,
    /// The same for each stone of the player's the template needs (most need none).
    pub stones: Vec<(i8, u8)>,
}

impl Template {
    /// The template reflected along its edge (the reflection keeping the edge and the anchor).
    #[must_use]
    pub fn mirrored(&self) -> Template {
        let top = i16::from(self.depth) - 1;
        let flip = |list: &[(i8, u8)]| {
            let mut out: Vec<(i8, u8)> = list
                .iter()
                .map(|&(dc, r)| ((-i16::from(dc) - i16::from(r) + top) as i8, r))
                .collect();
            out.sort_unstable_by_key(|&(dc, r)| (r, dc));
            out
        };
        Template {
            depth: self.depth,
            cells: flip(&self.cells),
            stones: flip(&self.stones),
        }
    }

    /// The line of the table for this template: `depth: dc,row ...`, then ` | dc,row ...` for
    /// the stones it needs.
    #[must_use]
    pub fn line(&self) -> String {
        let list = |cells: &[(i8, u8)]| -> String {
            let cells: Vec<String> = cells.iter().map(|(dc, r)| format!("{dc},{r}")).collect();
            cells.join(" ")
        };
        if self.stones.is_empty() {
            format!("{}: {}", self.depth, list(&self.cells))
        } else {
            format!(
                "{}: {} | {}",
                self.depth,
                list(&self.cells),
                list(&self.stones)
            )
        }
    }

    /// Reads one line of the table.
    ///
    /// # Errors
    /// A message naming the malformed part.
    pub fn parse(line: &str) -> Result<Template, String> {
        let (depth, rest) = line
            .split_once(':')
            .ok_or_else(|| format!("no ':' in '{line}'"))?;
        let depth: u8 = depth
            .trim()
            .parse()
            .map_err(|_| format!("bad depth in '{line}'"))?;
        if depth == 0 {
            return Err(format!("no row 0 in '{line}'"));
        }
        let (cells, stones) = rest.split_once('|').unwrap_or((rest, ""));
        let list = |text: &str| -> Result<Vec<(i8, u8)>, String> {
            let mut out = Vec::new();
            for pair in text.split_whitespace() {
                let (dc, r) = pair
                    .split_once(',')
                    .ok_or_else(|| format!("bad cell '{pair}'"))?;
                let dc: i8 = dc.parse().map_err(|_| format!("bad offset '{pair}'"))?;
                let r: u8 = r.parse().map_err(|_| format!("bad row '{pair}'"))?;
                if r >= depth || (dc, r) == (0, depth - 1) {
                    return Err(format!(
                        "cell '{pair}' is farther from the edge than the anchor, or is the anchor"
                    ));
                }
                out.push((dc, r));
            }
            Ok(out)
        };
        let (cells, stones) = (list(cells)?, list(stones)?);
        if stones.iter().any(|s| cells.contains(s)) {
            return Err(format!("a stone of '{line}' is also a carrier cell"));
        }
        Ok(Template {
            depth,
            cells,
            stones,
        })
    }
}

/// The committed templates, parsed once.
///
/// # Panics
/// If the committed table is malformed (a test reads it).
pub fn library() -> &'static [Template] {
    static LIBRARY: OnceLock<Vec<Template>> = OnceLock::new();
    LIBRARY.get_or_init(|| parse_table(TABLE, Template::parse))
}

/// The entries of a committed table (blank lines and `#` comments skipped).
///
/// # Panics
/// If an entry is malformed, with the parser's message (a test reads every table).
pub(super) fn parse_table<T>(text: &str, parse: fn(&str) -> Result<T, String>) -> Vec<T> {
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| parse(l).unwrap_or_else(|e| panic!("a committed table does not parse: {e}")))
        .collect()
}

/// One template placed on a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placed {
    pub anchor: Cell,
    pub edge: Cell,
    /// The template's empty cells.
    pub carrier: CellSet,
    /// The player's stones the template needs (all on the board; none for most templates).
    pub stones: CellSet,
}

impl Placed {
    /// The template at `place`, with `carrier` as its carrier.
    fn at(place: &Placement<1>, carrier: CellSet) -> Placed {
        Placed {
            anchor: place.ends[0],
            edge: place.edge,
            carrier,
            stones: place.stones,
        }
    }
}

/// Every placement of a library template for `color` on `position`: anchors empty or the
/// player's, cells on the board and not the opponent's.
#[must_use]
pub fn matches(position: &Position, color: Color) -> Vec<Placed> {
    static CACHE: PlacementCache<1> = PlacementCache::new();
    let size = position.size();
    let all = CACHE.get(size, color, || placements_of(size, color, library()));
    placed(position, color, all)
}

/// Every placement of `templates` (see [`matches`]).
#[must_use]
pub fn place(position: &Position, color: Color, templates: &[Template]) -> Vec<Placed> {
    let all = placements_of(position.size(), color, templates);
    placed(position, color, &all)
}

/// Every place of `templates` on a board of `size` for `color`, whatever the stones: the
/// carrier is all of the template's cells there, and `stones` the stones it needs there.
#[must_use]
pub fn places(size: BoardSize, color: Color, templates: &[Template]) -> Vec<Placed> {
    placements_of(size, color, templates)
        .iter()
        .map(|place| Placed::at(place, place.cells))
        .collect()
}

/// Where `templates` stand on an empty board of `size` for `color`.
fn placements_of(size: BoardSize, color: Color, templates: &[Template]) -> Vec<Placement<1>> {
    placements(size, color, templates, |t| {
        ([(0, t.depth - 1)], &t.cells, &t.stones)
    })
}

/// The placements of `all` that `position` allows.
fn placed(position: &Position, color: Color, all: &[Placement<1>]) -> Vec<Placed> {
    let mut out = Vec::new();
    allowed(position, color, all, |place, carrier| {
        out.push(Placed::at(place, carrier));
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(name: &str) -> Cell {
        name.parse().unwrap()
    }

    #[test]
    fn lines_with_stones_round_trip_and_bad_lines_are_refused() {
        let template = Template::parse("4: 0,0 1,0 2,0 0,1 1,1 0,2 | 1,3").unwrap();
        assert_eq!(template.stones, vec![(1, 3)]);
        assert_eq!(template.line(), "4: 0,0 1,0 2,0 0,1 1,1 0,2 | 1,3");
        assert_eq!(template.mirrored().mirrored(), template);
        assert_eq!(Template::parse("2: 0,0 1,0").unwrap().stones, vec![]);
        for bad in [
            "4 0,0",
            "0: ",
            "4: 0,4",
            "4: 0,3",
            "4: 0,0 | 0,3",
            "4: 0,0 | 0,0",
            "4: 0,0 | x,1",
        ] {
            assert!(Template::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_template_with_a_stone_is_placed_only_where_the_player_has_it() {
        // Anchor on row 4 with the player's stone beside it, to the top edge.
        let template = Template::parse("4: 0,0 1,0 2,0 3,0 0,1 1,1 2,1 0,2 1,2 2,2 | 1,3").unwrap();
        let mut position = crate::formats::code::read("size=7")
            .unwrap()
            .position()
            .clone();
        let found = |position: &Position| -> Vec<Placed> {
            place(position, Color::Black, std::slice::from_ref(&template))
                .into_iter()
                .filter(|p| p.edge == Cell::TOP)
                .collect()
        };
        assert!(found(&position).is_empty());
        position.set_stone(cell("d4"), Some(Color::Black)).unwrap();
        let placed = found(&position);
        assert_eq!(placed.len(), 1);
        assert_eq!(placed[0].anchor, cell("c4"));
        assert_eq!(placed[0].stones, CellSet::single(cell("d4")));
        assert_eq!(placed[0].carrier.len(), 10);
        assert!(!placed[0].carrier.contains(cell("d4")));
        position.set_stone(cell("d4"), Some(Color::White)).unwrap();
        assert!(found(&position).is_empty());
        assert_eq!(
            places(
                position.size(),
                Color::Black,
                std::slice::from_ref(&template)
            )
            .iter()
            .filter(|p| p.edge == Cell::TOP)
            .count(),
            4,
            "anchors a4 to d4"
        );
    }
}
