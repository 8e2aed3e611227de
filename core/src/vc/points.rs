//! The points H-search connects, for one player: empty cells, the player's chains (each as one
//! point) and the player's two edges (each edge together with the chains touching it).

use crate::board::{BoardSize, Cell, CellSet, Color};
use crate::position::Position;

/// Index of a point in [`Points`].
pub type PointId = u16;

/// One point: an empty cell, or a set of the player's stones (with an edge point for edges).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Point {
    /// The cell or edge that names the point in output (a chain is named by its first stone).
    pub name: Cell,
    /// Whether the point is an empty cell (a possible AND-rule key).
    pub empty: bool,
    /// The stones of the point (and its edge point, for edges); the cell itself when empty.
    pub body: CellSet,
    /// The cells and edges next to the body.
    pub around: CellSet,
}

/// All points of a position for one player.
///
/// Invariants: every empty cell and every chain of `color` belongs to exactly one point; the two
/// edges are points 0 and 1 (a chain touching an edge is part of that edge's point).
#[derive(Clone, Debug)]
pub struct Points {
    pub color: Color,
    pub points: Vec<Point>,
    /// `point_of[cell index]`: the point holding that cell or edge, if any.
    point_of: Vec<Option<PointId>>,
}

impl Points {
    /// The points of `position` for `color`.
    #[must_use]
    pub fn new(position: &Position, color: Color) -> Points {
        let size = position.size();
        let stones = position.stones(color);
        let mut points = Vec::new();
        let mut point_of = vec![None; Cell::COUNT as usize];
        let (first, second) = BoardSize::edges_of(color);
        for edge in [first, second] {
            let chains = CellSet::flood(size.edge_cells(edge) & stones, stones);
            let body = chains | CellSet::single(edge);
            points.push(Point {
                name: edge,
                empty: false,
                body,
                around: CellSet::new(),
            });
        }
        let mut seen = points[0].body | points[1].body;
        for stone in stones.iter() {
            if !seen.contains(stone) {
                let chain = CellSet::flood(CellSet::single(stone), stones);
                seen |= chain;
                points.push(Point {
                    name: stone,
                    empty: false,
                    body: chain,
                    around: CellSet::new(),
                });
            }
        }
        for cell in position.empty_cells().iter() {
            points.push(Point {
                name: cell,
                empty: true,
                body: CellSet::single(cell),
                around: CellSet::new(),
            });
        }
        for (id, point) in points.iter_mut().enumerate() {
            point.around = neighbours(size, point.body);
            for member in point.body.iter() {
                point_of[member.index()] = Some(id as PointId);
            }
        }
        Points {
            color,
            points,
            point_of,
        }
    }

    /// The point holding `cell` (an empty cell, a stone of the player, or one of its edges).
    #[must_use]
    pub fn point_of(&self, cell: Cell) -> Option<PointId> {
        self.point_of[cell.index()]
    }

    /// The point with this id.
    #[must_use]
    pub fn get(&self, id: PointId) -> &Point {
        &self.points[id as usize]
    }

    /// Number of points.
    #[must_use]
    pub fn len(&self) -> usize {
        self.points.len()
    }

    /// Whether there are no points (never: the edges are always there).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.points.is_empty()
    }

    /// The ids of the points next to `id` (sharing a board adjacency).
    #[must_use]
    pub fn adjacent(&self, id: PointId) -> Vec<PointId> {
        let mut out: Vec<PointId> = self
            .get(id)
            .around
            .iter()
            .filter_map(|c| self.point_of(c))
            .filter(|&p| p != id)
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }
}

/// The cells and edge points next to `body` on a board of `size` (not `body` itself).
fn neighbours(size: BoardSize, body: CellSet) -> CellSet {
    let cells = body & size.cells();
    let mut out = cells.grow() & size.cells();
    for edge in Cell::EDGES {
        let along = size.edge_cells(edge);
        if body.contains(edge) {
            out |= along;
        }
        if cells.intersects(&along) {
            out.insert(edge);
        }
    }
    out - body
}
