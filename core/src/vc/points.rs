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
/// edges are points 0 and 1 (a chain touching an edge is part of that edge's point, except in
/// [`Points::for_ends`] when the edge is not an end).
#[derive(Clone, Debug)]
pub struct Points {
    pub color: Color,
    pub points: Vec<Point>,
    /// `point_of[cell index]`: the point holding that cell or edge, if any.
    point_of: Vec<Option<PointId>>,
}

impl Points {
    /// The points of `position` for `color`, each edge with the chains touching it.
    #[must_use]
    pub fn new(position: &Position, color: Color) -> Points {
        Points::with_edge_chains(position, color, [true, true])
    }

    /// The points of `position` for `color` as the ends of one connection from `from` to `to`:
    /// an edge takes in the chains touching it only when it is one of the two ends. Otherwise
    /// those chains are points of their own (an edge joins nothing along it, so two chains
    /// touching it are not one point on the way between two other points).
    #[must_use]
    pub fn for_ends(position: &Position, color: Color, from: Cell, to: Cell) -> Points {
        let (first, second) = BoardSize::edges_of(color);
        let is_end = |edge: Cell| edge == from || edge == to;
        Points::with_edge_chains(position, color, [is_end(first), is_end(second)])
    }

    /// The points, the chains touching edge `i` (the first or second of `color`'s) taken into
    /// that edge's point when `merge[i]`.
    fn with_edge_chains(position: &Position, color: Color, merge: [bool; 2]) -> Points {
        let size = position.size();
        let stones = position.stones(color);
        let mut points = Vec::new();
        let mut point_of = vec![None; Cell::COUNT as usize];
        let (first, second) = BoardSize::edges_of(color);
        for (edge, merge) in [(first, merge[0]), (second, merge[1])] {
            let chains = if merge {
                CellSet::flood(size.edge_cells(edge) & stones, stones)
            } else {
                CellSet::new()
            };
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

    /// Whether `a` and `b` (cells or edges) are already joined: one chain, one empty cell, or an
    /// edge and a chain touching it. Two chains touching one edge share its point here but are
    /// not joined (an edge joins nothing along it).
    #[must_use]
    pub fn joined(&self, a: Cell, b: Cell) -> bool {
        let (Some(pa), Some(pb)) = (self.point_of(a), self.point_of(b)) else {
            return false;
        };
        if pa != pb {
            return false;
        }
        let body = self.get(pa).body;
        a.is_edge() || b.is_edge() || CellSet::flood(CellSet::single(a), body).contains(b)
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
