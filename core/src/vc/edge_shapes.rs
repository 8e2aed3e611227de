//! Shapes along a player's edges (the [edge templates](super::templates) and the
//! [edge pieces](super::edge_pieces)): where a shape written for the top edge lands on each of
//! the player's edges, computed once per board size and colour, and which of those places a
//! position allows.
//!
//! A shape is its ends, its cells and the player's stones it needs, in top-edge coordinates:
//! column offsets and 0-based rows, row 0 along the edge. It is placed wherever all of them are
//! on the board; a position allows a place where none of them is the opponent's and every
//! needed stone is the player's, and the shape's carrier there is its empty cells.

use std::sync::OnceLock;

use crate::board::{BoardSize, Cell, CellSet, Color, MAX_SIDE};
use crate::position::Position;

/// One shape placed on an empty board.
///
/// Invariant: `touched` is `cells` with the ends and the stones added.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Placement<const N: usize> {
    /// The edge the shape stands on.
    pub edge: Cell,
    /// The shape's ends.
    pub ends: [Cell; N],
    /// The shape's cells (its carrier on an empty board).
    pub cells: CellSet,
    /// The player's stones the shape needs (none for most shapes).
    pub stones: CellSet,
    /// The ends, the cells and the stones: the place is allowed when the opponent holds none of
    /// them (and the player all of `stones`).
    pub touched: CellSet,
}

/// A shape in top-edge coordinates: its ends, its cells, and the player's stones it needs.
pub(super) type Shape<'a, const N: usize> = ([(i8, u8); N], &'a [(i8, u8)], &'a [(i8, u8)]);

/// Every place of `shapes` along `color`'s two edges on a board of `size`: each edge in turn,
/// then each shape, then each column, where all of the shape's ends, cells and stones are on
/// the board.
pub(super) fn placements<'a, T: 'a, const N: usize>(
    size: BoardSize,
    color: Color,
    shapes: &'a [T],
    shape: impl Fn(&'a T) -> Shape<'a, N>,
) -> Vec<Placement<N>> {
    let mut out = Vec::new();
    let (first, second) = BoardSize::edges_of(color);
    for edge in [first, second] {
        for item in shapes {
            let (ends, cells, stones) = shape(item);
            'col: for col in 0..side(size, edge) {
                let at =
                    |(dc, r): (i8, u8)| oriented(size, edge, col + i32::from(dc), i32::from(r));
                let mut placed = [edge; N];
                for (slot, &end) in placed.iter_mut().zip(&ends) {
                    let Some(cell) = at(end) else {
                        continue 'col;
                    };
                    *slot = cell;
                }
                let [Some(carrier), Some(needed)] = [cells, stones].map(|list| {
                    list.iter().try_fold(CellSet::new(), |mut set, &cell| {
                        set.insert(at(cell)?);
                        Some(set)
                    })
                }) else {
                    continue 'col;
                };
                let touched = placed
                    .iter()
                    .fold(carrier | needed, |all, &end| all | CellSet::single(end));
                out.push(Placement {
                    edge,
                    ends: placed,
                    cells: carrier,
                    stones: needed,
                    touched,
                });
            }
        }
    }
    out
}

/// The places of `placements` that `position` allows for `color` (none of the shape's ends,
/// cells or stones the opponent's, its stones the player's), in their order: `found` gets the
/// place and the shape's empty cells there.
pub(super) fn allowed<const N: usize>(
    position: &Position,
    color: Color,
    placements: &[Placement<N>],
    mut found: impl FnMut(&Placement<N>, CellSet),
) {
    let opponent = position.stones(color.opponent());
    let own = position.stones(color);
    let empty = position.empty_cells();
    for p in placements {
        if !p.touched.intersects(&opponent) && p.stones.is_subset(&own) {
            found(p, p.cells & empty);
        }
    }
}

/// The placements of one table of shapes, made once per board size and colour and then shared
/// by every thread (each slot is set once; reading a set slot takes no lock).
pub(super) struct PlacementCache<const N: usize> {
    slots: OnceLock<Box<[OnceLock<Vec<Placement<N>>>]>>,
}

impl<const N: usize> PlacementCache<N> {
    /// An empty cache.
    pub const fn new() -> PlacementCache<N> {
        PlacementCache {
            slots: OnceLock::new(),
        }
    }

    /// The placements for `size` and `color`, made by `make` the first time they are asked for.
    pub fn get(
        &self,
        size: BoardSize,
        color: Color,
        make: impl FnOnce() -> Vec<Placement<N>>,
    ) -> &[Placement<N>] {
        let side = usize::from(MAX_SIDE);
        let slots = self
            .slots
            .get_or_init(|| (0..side * side * 2).map(|_| OnceLock::new()).collect());
        let index = ((usize::from(size.width()) - 1) * side + usize::from(size.height()) - 1) * 2
            + usize::from(color == Color::White);
        slots[index].get_or_init(make)
    }
}

/// The board cell for top-edge coordinates `(col, row)` (row 0 along the edge) seen from `edge`.
fn oriented(size: BoardSize, edge: Cell, col: i32, row: i32) -> Option<Cell> {
    let (w, h) = (i32::from(size.width()), i32::from(size.height()));
    let (c, r) = match edge {
        Cell::TOP => (col, row),
        Cell::BOTTOM => (w - 1 - col, h - 1 - row),
        Cell::LEFT => (row, col),
        _ => (w - 1 - row, h - 1 - col),
    };
    if c < 0 || r < 0 || c >= w || r >= h {
        return None;
    }
    Some(Cell::new(c as u8, r as u8))
}

/// The length of `edge`'s side on a board of `size`.
fn side(size: BoardSize, edge: Cell) -> i32 {
    match edge {
        Cell::TOP | Cell::BOTTOM => i32::from(size.width()),
        _ => i32::from(size.height()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bridge from row 2 to the edge: its end, then its two cells.
    struct Shape {
        end: (i8, u8),
        cells: Vec<(i8, u8)>,
    }

    fn bridge() -> Vec<Shape> {
        vec![Shape {
            end: (0, 1),
            cells: vec![(0, 0), (1, 0)],
        }]
    }

    fn place(size: BoardSize, color: Color, shapes: &[Shape]) -> Vec<Placement<1>> {
        placements(size, color, shapes, |s| ([s.end], &s.cells, &[]))
    }

    #[test]
    fn every_size_and_colour_has_its_own_slot() {
        static CACHE: PlacementCache<1> = PlacementCache::new();
        let shapes = bridge();
        for (w, h) in [(1, 1), (3, 5), (5, 3), (19, 19)] {
            let size = BoardSize::new(w, h).unwrap();
            for color in Color::ALL {
                let cached = CACHE.get(size, color, || place(size, color, &shapes));
                assert_eq!(cached, place(size, color, &shapes));
            }
        }
    }

    #[test]
    fn a_place_is_allowed_unless_the_opponent_holds_one_of_its_cells() {
        // On 3x3, Black's bridges from row 2 to the top edge and from row 2 to the bottom one.
        let all = place(BoardSize::square(3).unwrap(), Color::Black, &bridge());
        assert_eq!(all.len(), 4);
        let mut position = crate::formats::code::read("size=3")
            .unwrap()
            .position()
            .clone();
        let a1 = Cell::new(0, 0);
        let carriers = |position: &Position| {
            let mut out = Vec::new();
            allowed(position, Color::Black, &all, |_, c| out.push(c));
            out
        };
        assert_eq!(carriers(&position).len(), 4);
        position.set_stone(a1, Some(Color::White)).unwrap();
        assert_eq!(carriers(&position).len(), 3);
        position.set_stone(a1, Some(Color::Black)).unwrap();
        let found = carriers(&position);
        assert_eq!(found.len(), 4);
        assert!(found.iter().all(|c| !c.contains(a1)));
    }
}
