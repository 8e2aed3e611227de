//! Pattern geometry: offsets, the twelve symmetries of the hex grid, the geometry classes a
//! pattern belongs to, and how a class is placed on a board.
//!
//! A pattern lives in the *frame* of its class: the cells within distance 1 or 2 of a centre
//! cell, clipped by the board edges the class has in view. The frame always shows the edges at
//! the top (Black's edge) and, for corners, on one side (White's edge). Every board cell whose
//! neighbourhood has that shape is mapped onto the frame by one of four board maps
//! ([`BoardMap`]): the identity, the half turn (keeps colours), or the two reflections in a long
//! diagonal (exchange colours).
//!
//! Invariant of a [`Class`]: cell 0 is the centre; `adj`, `outside`, `top` and `side` describe
//! exactly the frame's cells, so two patterns of the same class mean the same thing wherever
//! they are matched. Classes are never mixed: a board cell has at most one class per radius.

use std::fmt;

use crate::board::{BoardSize, Cell, STRIDE};

/// A cell relative to a pattern's centre: `dc` columns right and `dr` rows down.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Offset {
    pub dc: i8,
    pub dr: i8,
}

impl Offset {
    /// The offset `(dc, dr)`.
    #[must_use]
    pub const fn new(dc: i8, dr: i8) -> Offset {
        Offset { dc, dr }
    }

    /// Hex distance from the centre.
    #[must_use]
    pub const fn distance(self) -> i8 {
        let (a, b, c) = (self.dc.abs(), self.dr.abs(), (self.dc + self.dr).abs());
        let m = if a > b { a } else { b };
        if m > c {
            m
        } else {
            c
        }
    }

    /// Whether the two offsets are neighbouring cells.
    #[must_use]
    pub fn touches(self, other: Offset) -> bool {
        Offset::new(other.dc - self.dc, other.dr - self.dr).distance() == 1
    }
}

impl fmt::Display for Offset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.dc, self.dr)
    }
}

/// The six neighbour directions, in the order of the conventions: N, NE, W, E, SW, S.
pub const DIRECTIONS: [Offset; 6] = [
    Offset::new(0, -1),
    Offset::new(1, -1),
    Offset::new(-1, 0),
    Offset::new(1, 0),
    Offset::new(-1, 1),
    Offset::new(0, 1),
];

/// A linear symmetry of the hex grid, as an integer matrix acting on `(dc, dr)`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct GridMap([[i8; 2]; 2]);

impl GridMap {
    /// The identity.
    pub const IDENTITY: GridMap = GridMap([[1, 0], [0, 1]]);
    /// The half turn (180 degrees): keeps colours on the board.
    pub const HALF_TURN: GridMap = GridMap([[-1, 0], [0, -1]]);
    /// Reflection in the long diagonal `(dc, dr) -> (dr, dc)`: exchanges colours on the board.
    pub const TRANSPOSE: GridMap = GridMap([[0, 1], [1, 0]]);
    /// The transpose followed by the half turn: `(dc, dr) -> (-dr, -dc)`.
    pub const ANTI_TRANSPOSE: GridMap = GridMap([[0, -1], [-1, 0]]);
    /// A 60 degree rotation `(dc, dr) -> (-dr, dc + dr)`.
    pub const ROTATE: GridMap = GridMap([[0, -1], [1, 1]]);

    /// Applies the map.
    #[must_use]
    pub const fn apply(self, o: Offset) -> Offset {
        let m = self.0;
        Offset::new(
            m[0][0] * o.dc + m[0][1] * o.dr,
            m[1][0] * o.dc + m[1][1] * o.dr,
        )
    }

    /// `self` after `first`.
    #[must_use]
    pub const fn after(self, first: GridMap) -> GridMap {
        let (a, b) = (self.0, first.0);
        let mut out = [[0i8; 2]; 2];
        let mut i = 0;
        while i < 2 {
            let mut j = 0;
            while j < 2 {
                out[i][j] = a[i][0] * b[0][j] + a[i][1] * b[1][j];
                j += 1;
            }
            i += 1;
        }
        GridMap(out)
    }

    /// The twelve symmetries of the grid that fix the centre (the dihedral group D6).
    #[must_use]
    pub fn all() -> Vec<GridMap> {
        let mut out = Vec::with_capacity(12);
        let mut r = GridMap::IDENTITY;
        for _ in 0..6 {
            out.push(r);
            out.push(r.after(GridMap::TRANSPOSE));
            r = GridMap::ROTATE.after(r);
        }
        out
    }
}

/// Which edges a class has in view, and how far the centre is from them (0 = the centre
/// touches that edge). The frame's top edge is Black's; its side edge is White's.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Shape {
    /// No edge within the radius.
    Interior,
    /// The top edge only, `top` rows above the centre's row.
    Edge { top: i8 },
    /// The acute corner: the left edge `side` columns away and the top edge `top` rows away,
    /// with `side >= top`.
    Acute { side: i8, top: i8 },
    /// The obtuse corner: the right edge `side` columns away and the top edge `top` rows away,
    /// with `side >= top`.
    Obtuse { side: i8, top: i8 },
}

impl Shape {
    /// Whether a frame offset is on the board for this shape (ignoring the radius).
    #[must_use]
    pub const fn on_board(self, o: Offset) -> bool {
        match self {
            Shape::Interior => true,
            Shape::Edge { top } => o.dr >= -top,
            Shape::Acute { side, top } => o.dc >= -side && o.dr >= -top,
            Shape::Obtuse { side, top } => o.dc <= side && o.dr >= -top,
        }
    }

    /// Whether an on-board offset touches the top edge (Black's).
    #[must_use]
    pub const fn touches_top(self, o: Offset) -> bool {
        match self {
            Shape::Interior => false,
            Shape::Edge { top } | Shape::Acute { top, .. } | Shape::Obtuse { top, .. } => {
                o.dr == -top
            }
        }
    }

    /// Whether an on-board offset touches the side edge (White's).
    #[must_use]
    pub const fn touches_side(self, o: Offset) -> bool {
        match self {
            Shape::Acute { side, .. } => o.dc == -side,
            Shape::Obtuse { side, .. } => o.dc == side,
            _ => false,
        }
    }
}

/// A symmetry of a class: a permutation of its cells, possibly exchanging the colours.
///
/// Invariant: it maps the frame onto itself, keeps adjacency, maps cells next to the outside
/// to such cells, and maps cells touching an edge to cells touching the edge of the same colour
/// (after the exchange, if any). The local analysis is therefore unchanged by it.
#[derive(Clone, Debug)]
pub struct Symmetry {
    pub grid: GridMap,
    pub swap: bool,
    /// `perm[i]` is the image of cell `i`.
    pub perm: Vec<u8>,
    lo: Vec<u32>,
    hi: Vec<u32>,
}

impl Symmetry {
    /// The image of a set of cells.
    #[inline]
    #[must_use]
    pub fn map_mask(&self, mask: u32) -> u32 {
        self.lo[(mask & 0x3ff) as usize] | self.hi[(mask >> 10) as usize]
    }

    /// The image of a stone configuration `(black, white)`.
    #[inline]
    #[must_use]
    pub fn map_stones(&self, black: u32, white: u32) -> (u32, u32) {
        let (b, w) = (self.map_mask(black), self.map_mask(white));
        if self.swap {
            (w, b)
        } else {
            (b, w)
        }
    }
}

/// The most cells a class has (radius 2: the centre and 18 others).
pub const MAX_CELLS: usize = 19;

/// A geometry class: the cells of a pattern's frame and everything the local analysis needs.
#[derive(Clone, Debug)]
pub struct Class {
    /// Stable name used in the tables, like `r2-edge0`.
    pub name: String,
    pub radius: i8,
    pub shape: Shape,
    /// The cells, centre first, then by distance, then row, then column.
    pub cells: Vec<Offset>,
    /// `adj[i]`: the frame cells adjacent to cell `i`.
    pub adj: Vec<u32>,
    /// Cells with a neighbour on the board but outside the frame (the unknown rest of the board).
    pub outside: u32,
    /// Cells touching the frame's top edge (Black's).
    pub top: u32,
    /// Cells touching the frame's side edge (White's).
    pub side: u32,
    /// The cells at distance 1.
    pub ring: u32,
    /// Local symmetries, the identity first.
    pub group: Vec<Symmetry>,
}

impl Class {
    /// Builds the class of `radius` and `shape`.
    #[must_use]
    pub fn new(radius: i8, shape: Shape) -> Class {
        let mut cells: Vec<Offset> = Vec::new();
        for dr in -radius..=radius {
            for dc in -radius..=radius {
                let o = Offset::new(dc, dr);
                if o.distance() <= radius && shape.on_board(o) {
                    cells.push(o);
                }
            }
        }
        cells.sort_by_key(|o| (o.distance(), o.dr, o.dc));
        let index = |o: Offset| cells.iter().position(|&c| c == o);
        let mut adj = vec![0u32; cells.len()];
        let (mut outside, mut top, mut side, mut ring) = (0, 0, 0, 0);
        for (i, &o) in cells.iter().enumerate() {
            for d in DIRECTIONS {
                let n = Offset::new(o.dc + d.dc, o.dr + d.dr);
                match index(n) {
                    Some(j) => adj[i] |= 1 << j,
                    None if shape.on_board(n) => outside |= 1 << i,
                    None => {}
                }
            }
            if shape.touches_top(o) {
                top |= 1 << i;
            }
            if shape.touches_side(o) {
                side |= 1 << i;
            }
            if o.distance() == 1 {
                ring |= 1 << i;
            }
        }
        let mut class = Class {
            name: class_name(radius, shape),
            radius,
            shape,
            cells,
            adj,
            outside,
            top,
            side,
            ring,
            group: Vec::new(),
        };
        class.group = class.symmetries();
        class
    }

    /// Number of cells, the centre included.
    #[must_use]
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Whether the class has no cells (never: the centre is always there).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// All cells as a mask.
    #[must_use]
    pub fn all(&self) -> u32 {
        (1u32 << self.len()) - 1
    }

    /// The index of an offset, if it is a cell of the frame.
    #[must_use]
    pub fn index_of(&self, o: Offset) -> Option<usize> {
        self.cells.iter().position(|&c| c == o)
    }

    /// Whether the class has colour-exchanging symmetries (then tables list one colour only).
    #[must_use]
    pub fn has_swap(&self) -> bool {
        self.group.iter().any(|g| g.swap)
    }

    fn symmetries(&self) -> Vec<Symmetry> {
        let mut out = Vec::new();
        for grid in GridMap::all() {
            for swap in [false, true] {
                let mut perm = Vec::with_capacity(self.len());
                for &o in &self.cells {
                    match self.index_of(grid.apply(o)) {
                        Some(j) => perm.push(j as u8),
                        None => break,
                    }
                }
                if perm.len() != self.len() {
                    continue;
                }
                let image = |mask: u32| -> u32 {
                    (0..self.len())
                        .filter(|i| mask & (1 << i) != 0)
                        .fold(0, |m, i| m | 1 << perm[i])
                };
                let (top, side) = if swap {
                    (self.side, self.top)
                } else {
                    (self.top, self.side)
                };
                if image(self.outside) != self.outside
                    || image(self.top) != top
                    || image(self.side) != side
                {
                    continue;
                }
                let table = |shift: u32, len: usize| -> Vec<u32> {
                    (0..1u32 << len).map(|m| image(m << shift)).collect()
                };
                let sym = Symmetry {
                    grid,
                    swap,
                    lo: table(0, 10),
                    hi: table(10, 9),
                    perm,
                };
                out.push(sym);
            }
        }
        debug_assert!(out[0].grid == GridMap::IDENTITY && !out[0].swap);
        out
    }
}

fn class_name(radius: i8, shape: Shape) -> String {
    match shape {
        Shape::Interior => format!("r{radius}-interior"),
        Shape::Edge { top } => format!("r{radius}-edge{top}"),
        Shape::Acute { side, top } => format!("r{radius}-acute{side}{top}"),
        Shape::Obtuse { side, top } => format!("r{radius}-obtuse{side}{top}"),
    }
}

/// Every class, radius 1 first: 4 of radius 1 and 9 of radius 2.
#[must_use]
pub fn all_classes() -> Vec<Class> {
    let mut out = Vec::new();
    for radius in [1i8, 2] {
        out.push(Class::new(radius, Shape::Interior));
        for top in 0..radius {
            out.push(Class::new(radius, Shape::Edge { top }));
        }
        for corner in 0..2 {
            for side in 0..radius {
                for top in 0..=side {
                    out.push(Class::new(
                        radius,
                        if corner == 0 {
                            Shape::Acute { side, top }
                        } else {
                            Shape::Obtuse { side, top }
                        },
                    ));
                }
            }
        }
    }
    out
}

/// How a frame sits on a board: frame offset `o` is the board cell `centre + map(o)`, and when
/// `swap` is set a frame Black stone is a board White stone (and the frame's top edge is a
/// White edge of the board).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct BoardMap {
    pub grid: GridMap,
    pub swap: bool,
}

impl BoardMap {
    const ID: BoardMap = BoardMap {
        grid: GridMap::IDENTITY,
        swap: false,
    };
    const HALF: BoardMap = BoardMap {
        grid: GridMap::HALF_TURN,
        swap: false,
    };
    const TRANS: BoardMap = BoardMap {
        grid: GridMap::TRANSPOSE,
        swap: true,
    };
    const ANTI: BoardMap = BoardMap {
        grid: GridMap::ANTI_TRANSPOSE,
        swap: true,
    };

    /// The four maps: identity, half turn, transpose, anti-transpose.
    pub const ALL: [BoardMap; 4] = [
        BoardMap::ID,
        BoardMap::HALF,
        BoardMap::TRANS,
        BoardMap::ANTI,
    ];

    /// This map's position in [`BoardMap::ALL`].
    #[must_use]
    pub fn id(self) -> usize {
        BoardMap::ALL
            .iter()
            .position(|&m| m == self)
            .expect("only the four board maps exist")
    }

    /// How far the cell index moves for a frame offset (cells are `row * STRIDE + col`).
    #[must_use]
    pub fn index_delta(self, o: Offset) -> i32 {
        let m = self.grid.apply(o);
        i32::from(m.dc) + i32::from(m.dr) * i32::from(STRIDE)
    }

    /// The board cell of a frame offset, if it lies on the board.
    #[must_use]
    pub fn cell(self, size: BoardSize, centre: Cell, o: Offset) -> Option<Cell> {
        let m = self.grid.apply(o);
        let col = centre.col() as i16 + m.dc as i16;
        let row = centre.row() as i16 + m.dr as i16;
        if col < 0 || row < 0 || col >= size.width() as i16 || row >= size.height() as i16 {
            return None;
        }
        Some(Cell::new(col as u8, row as u8))
    }
}

/// The class shape and board map for `cell` at `radius`, or `None` when the radius-ball crosses
/// two opposite edges or three edges (boards too narrow for the radius).
#[must_use]
pub fn place(size: BoardSize, cell: Cell, radius: i8) -> Option<(Shape, BoardMap)> {
    let (c, r) = (cell.col() as i8, cell.row() as i8);
    let (w, h) = (size.width() as i8, size.height() as i8);
    let (top, bottom, left, right) = (r, h - 1 - r, c, w - 1 - c);
    let cross = |d: i8| d < radius;
    let crossed = (cross(top), cross(bottom), cross(left), cross(right));
    let corner = |kind: fn(i8, i8) -> Shape, side: i8, top: i8, straight, turned| {
        if side >= top {
            Some((kind(side, top), straight))
        } else {
            Some((kind(top, side), turned))
        }
    };
    let acute = |side, top| Shape::Acute { side, top };
    let obtuse = |side, top| Shape::Obtuse { side, top };
    match crossed {
        (false, false, false, false) => Some((Shape::Interior, BoardMap::ID)),
        (true, false, false, false) => Some((Shape::Edge { top }, BoardMap::ID)),
        (false, true, false, false) => Some((Shape::Edge { top: bottom }, BoardMap::HALF)),
        (false, false, true, false) => Some((Shape::Edge { top: left }, BoardMap::TRANS)),
        (false, false, false, true) => Some((Shape::Edge { top: right }, BoardMap::ANTI)),
        (true, false, true, false) => corner(acute, left, top, BoardMap::ID, BoardMap::TRANS),
        (false, true, false, true) => corner(acute, right, bottom, BoardMap::HALF, BoardMap::ANTI),
        (true, false, false, true) => corner(obtuse, right, top, BoardMap::ID, BoardMap::ANTI),
        (false, true, true, false) => corner(obtuse, left, bottom, BoardMap::HALF, BoardMap::TRANS),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn class(radius: i8, shape: Shape) -> Class {
        Class::new(radius, shape)
    }

    #[test]
    fn class_sizes_and_groups() {
        let sizes: Vec<(String, usize, usize)> = all_classes()
            .iter()
            .map(|c| (c.name.clone(), c.len(), c.group.len()))
            .collect();
        let expect = [
            ("r1-interior", 7, 24),
            ("r1-edge0", 5, 2),
            ("r1-acute00", 3, 2),
            ("r1-obtuse00", 4, 2),
            ("r2-interior", 19, 24),
            ("r2-edge0", 12, 2),
            ("r2-edge1", 16, 2),
            ("r2-acute00", 6, 2),
            ("r2-acute10", 9, 1),
            ("r2-acute11", 13, 2),
            ("r2-obtuse00", 9, 2),
            ("r2-obtuse10", 11, 1),
            ("r2-obtuse11", 14, 2),
        ];
        let expect: Vec<(String, usize, usize)> = expect
            .iter()
            .map(|&(n, l, g)| (n.to_string(), l, g))
            .collect();
        assert_eq!(sizes, expect);
    }

    #[test]
    fn grid_maps_keep_adjacency() {
        for g in GridMap::all() {
            for d in DIRECTIONS {
                assert_eq!(g.apply(d).distance(), 1);
            }
        }
        assert_eq!(GridMap::all().len(), 12);
    }

    #[test]
    fn interior_ring_is_never_next_to_the_outside_at_radius_two() {
        let c = class(2, Shape::Interior);
        assert_eq!(c.outside & c.ring, 0);
        assert_eq!(c.outside.count_ones(), 12);
        let c1 = class(1, Shape::Interior);
        assert_eq!(c1.outside, c1.ring);
    }

    /// The placement formulas agree with a brute-force comparison of the frame with the board.
    #[test]
    fn placement_matches_the_board() {
        let classes = all_classes();
        for (w, h) in [(5, 5), (3, 3), (4, 6), (7, 4), (11, 11), (2, 5)] {
            let size = BoardSize::new(w, h).unwrap();
            for cell in size.cells().iter() {
                for radius in [1, 2] {
                    let Some((shape, map)) = place(size, cell, radius) else {
                        continue;
                    };
                    let class = classes
                        .iter()
                        .find(|c| c.radius == radius && c.shape == shape)
                        .expect("placed classes exist");
                    for dr in -radius..=radius {
                        for dc in -radius..=radius {
                            let o = Offset::new(dc, dr);
                            if o.distance() > radius {
                                continue;
                            }
                            let board = map.cell(size, cell, o);
                            let frame = class.index_of(o);
                            assert_eq!(board.is_some(), frame.is_some(), "{cell} {o} {shape:?}");
                            let (Some(b), Some(i)) = (board, frame) else {
                                continue;
                            };
                            let nb = size.neighbours(b);
                            let (black_edge, white_edge) = (
                                nb.contains(Cell::TOP) || nb.contains(Cell::BOTTOM),
                                nb.contains(Cell::LEFT) || nb.contains(Cell::RIGHT),
                            );
                            let (frame_top, frame_side) =
                                (class.top & 1 << i != 0, class.side & 1 << i != 0);
                            let (top_edge, side_edge) = if map.swap {
                                (white_edge, black_edge)
                            } else {
                                (black_edge, white_edge)
                            };
                            // The frame may not know about far edges (they count as outside),
                            // but every edge it shows is there.
                            assert!(!frame_top || top_edge, "{cell} {o} {shape:?}");
                            assert!(!frame_side || side_edge, "{cell} {o} {shape:?}");
                            if class.outside & 1 << i == 0 {
                                assert_eq!((frame_top, frame_side), (top_edge, side_edge));
                            }
                        }
                    }
                }
            }
        }
    }
}
