//! The Black and White graphs of a position (Henderson 2010, §2.6 and §3.4).
//!
//! In the X graph the vertices are the uncoloured cells and X's two edges; opponent stones and
//! edges are deleted, and every X chain is contracted away: its neighbours become adjacent to
//! one another (a chain touching an X edge joins that edge's vertex). A cell lies on some
//! minimal X winning path exactly when it lies on an induced path between X's edges in this
//! graph, which is what the dead-cell tests reason about.

use crate::board::{BoardSize, Cell, CellSet, Color};
use crate::position::Position;

/// One colour's graph of a position, answering neighbourhood and reachability questions.
///
/// Invariant: `vertices` is the uncoloured cells plus the colour's two edge points.
#[derive(Clone, Debug)]
pub struct ColorGraph {
    size: BoardSize,
    color: Color,
    empty: CellSet,
    stones: CellSet,
    edges: (Cell, Cell),
    /// The board cells along each of the two edges.
    edge_rows: (CellSet, CellSet),
    vertices: CellSet,
}

impl ColorGraph {
    /// The `color` graph of `position`.
    #[must_use]
    pub fn new(position: &Position, color: Color) -> ColorGraph {
        let edges = BoardSize::edges_of(color);
        let empty = position.empty_cells();
        let mut vertices = empty;
        vertices.insert(edges.0);
        vertices.insert(edges.1);
        let size = position.size();
        ColorGraph {
            size,
            color,
            empty,
            stones: position.stones(color),
            edges,
            edge_rows: (size.edge_cells(edges.0), size.edge_cells(edges.1)),
            vertices,
        }
    }

    /// The colour whose graph this is.
    #[must_use]
    pub fn color(&self) -> Color {
        self.color
    }

    /// The colour's two edges.
    #[must_use]
    pub fn edges(&self) -> (Cell, Cell) {
        self.edges
    }

    /// Uncoloured cells and the two edges.
    #[must_use]
    pub fn vertices(&self) -> CellSet {
        self.vertices
    }

    /// The board neighbours of a set of points: cells next to its cells (edge points included
    /// when a cell touches an edge) and the cells along its edge points.
    #[must_use]
    pub fn board_neighbours(&self, points: CellSet) -> CellSet {
        let cells = points & self.size.cells();
        let mut out = cells.grow() & self.size.cells();
        for edge in Cell::EDGES {
            let along = self.size.edge_cells(edge);
            if points.contains(edge) {
                out |= along;
            }
            if cells.intersects(&along) {
                out.insert(edge);
            }
        }
        out - points
    }

    /// `board_neighbours(points) & within`, for `within` a set of board cells: the edge points
    /// are left out, and the rows along edges only looked at when `points` holds an edge.
    fn neighbour_cells(&self, points: CellSet, within: CellSet) -> CellSet {
        let cells = points & self.size.cells();
        let mut out = cells.grow() & within;
        if cells != points {
            for edge in Cell::EDGES {
                if points.contains(edge) {
                    out |= self.size.edge_cells(edge) & within;
                }
            }
        }
        out - points
    }

    /// `board_neighbours(points) & vertices`: the uncoloured cells next to `points`, and the
    /// colour's edges that its cells touch.
    fn vertex_neighbours(&self, points: CellSet) -> CellSet {
        let mut out = self.neighbour_cells(points, self.empty);
        let cells = points & self.size.cells();
        for (edge, row) in [
            (self.edges.0, self.edge_rows.0),
            (self.edges.1, self.edge_rows.1),
        ] {
            if !points.contains(edge) && cells.intersects(&row) {
                out.insert(edge);
            }
        }
        out
    }

    /// The X stones of the chains adjacent to `points`, flooded through X stones.
    fn chains_next_to(&self, points: CellSet) -> CellSet {
        let seeds = self.neighbour_cells(points, self.stones);
        CellSet::flood(seeds, self.stones)
    }

    /// The neighbours of `vertex` in the X graph (uncoloured cells and X edges; not itself).
    #[must_use]
    pub fn neighbourhood(&self, vertex: Cell) -> CellSet {
        self.neighbourhood_of_node(CellSet::single(vertex))
    }

    /// The board size.
    #[must_use]
    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// The cells a path of this colour may use: uncoloured cells and the colour's stones.
    #[must_use]
    pub fn passable(&self) -> CellSet {
        self.empty | self.stones
    }

    /// [`ColorGraph::neighbourhood`] of `vertex`, with the X chains next to it.
    #[must_use]
    pub fn neighbourhood_and_chains(&self, vertex: Cell) -> (CellSet, CellSet) {
        let node = CellSet::single(vertex);
        let chains = self.chains_next_to(node);
        let around = self.vertex_neighbours(node | chains) - node;
        (around, chains)
    }

    /// The vertices adjacent to a set of points contracted into one node, in the X graph: the
    /// points' board neighbours, through any X chains next to them.
    #[must_use]
    pub fn neighbourhood_of_node(&self, node: CellSet) -> CellSet {
        let contracted = node | self.chains_next_to(node);
        self.vertex_neighbours(contracted) - node
    }

    /// The X chain through `stone` and its neighbours in the X graph (uncoloured cells, and the
    /// X edges it touches): contracting the chain makes them a clique.
    #[must_use]
    pub fn chain_neighbourhood(&self, stone: Cell) -> (CellSet, CellSet) {
        let chain = CellSet::flood(CellSet::single(stone), self.stones);
        (chain, self.vertex_neighbours(chain))
    }

    /// Two vertices of `set` that are not adjacent in the X graph, the first with the board
    /// cells of its node (its cell, or its edge's row, and the X chains next to it); `None`
    /// when `set` is a clique. (As [`ColorGraph::is_clique`], which this witnesses.)
    #[must_use]
    pub fn non_clique_witness(&self, set: CellSet) -> Option<(Cell, Cell, CellSet)> {
        let mut later = set;
        for u in set.iter() {
            later.discard(u);
            if later.is_empty() {
                break;
            }
            let node = CellSet::single(u);
            let chains = self.chains_next_to(node);
            let around = self.vertex_neighbours(node | chains) - node;
            if let Some(v) = (later - around).first() {
                let cells = if u.is_edge() {
                    self.size.edge_cells(u)
                } else {
                    node
                };
                return Some((u, v, cells | chains));
            }
        }
        None
    }

    /// Whether every two vertices of `set` are adjacent in the X graph.
    #[must_use]
    pub fn is_clique(&self, set: CellSet) -> bool {
        let mut later = set;
        for u in set.iter() {
            later.discard(u);
            if later.is_empty() {
                break;
            }
            if !later.is_subset(&self.neighbourhood(u)) {
                return false;
            }
        }
        true
    }

    /// Whether the uncoloured cell `from` reaches one of `edges` in the X graph without passing
    /// through `blocked`; the flood stops as soon as it touches one.
    #[must_use]
    pub fn reaches(&self, from: Cell, edges: &[Cell], blocked: CellSet) -> bool {
        if blocked.contains(from) {
            return false;
        }
        let targets = edges
            .iter()
            .filter(|e| !blocked.contains(**e))
            .fold(CellSet::new(), |t, &e| t | self.size.edge_cells(e));
        let passable = (self.empty | self.stones) - blocked;
        let mut reached = CellSet::single(from);
        loop {
            if reached.intersects(&targets) {
                return true;
            }
            let next = (reached.grow() & passable) | reached;
            if next == reached {
                return false;
            }
            reached = next;
        }
    }

    /// The vertices reachable from `from` in the X graph without passing through `blocked`
    /// (chains conduct). Blocked vertices are never reached.
    #[must_use]
    pub fn reachable(&self, from: Cell, blocked: CellSet) -> CellSet {
        if blocked.contains(from) {
            return CellSet::new();
        }
        let passable = (self.empty | self.stones) - blocked;
        let seeds = if from.is_edge() {
            self.size.edge_cells(from)
        } else {
            CellSet::single(from)
        };
        let reached = CellSet::flood(seeds, passable | CellSet::single(from));
        let mut out = (reached & self.vertices) | CellSet::single(from);
        for edge in [self.edges.0, self.edges.1] {
            if !blocked.contains(edge) && reached.intersects(&self.size.edge_cells(edge)) {
                out.insert(edge);
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::code;

    fn names(set: CellSet) -> Vec<String> {
        set.iter().map(|c| c.to_string()).collect()
    }

    #[test]
    fn black_chains_join_their_neighbours() {
        // Black b2 on 3x3: in the Black graph b2's neighbours are pairwise adjacent.
        let game = code::read("size=3&b=b2&turn=w").unwrap();
        let g = ColorGraph::new(game.position(), Color::Black);
        let n = g.neighbourhood(Cell::new(0, 1)); // a2: next to a1, b1, a3 and (through b2) b1 c1 c2 a3 b3
        assert_eq!(names(n), ["a1", "b1", "c1", "c2", "a3", "b3"]);
        let w = ColorGraph::new(game.position(), Color::White);
        assert_eq!(
            names(w.neighbourhood(Cell::new(0, 1))),
            ["a1", "b1", "a3", "left"]
        );
    }

    #[test]
    fn edges_absorb_the_chains_touching_them() {
        let game = code::read("size=3&b=b1&turn=w").unwrap();
        let g = ColorGraph::new(game.position(), Color::Black);
        // The top edge touches row 1's empty cells, and through b1 its row-2 neighbours.
        assert_eq!(names(g.neighbourhood(Cell::TOP)), ["a1", "c1", "a2", "b2"]);
        let (_, around_b1) = g.chain_neighbourhood(Cell::new(1, 0));
        assert_eq!(names(around_b1), ["a1", "c1", "a2", "b2", "top"]);
        assert!(g.is_clique(around_b1));
    }

    #[test]
    fn reachability_stops_at_blocked_cells() {
        let game = code::read("size=3&w=a2,b2&turn=b").unwrap();
        let g = ColorGraph::new(game.position(), Color::Black);
        let from_top = g.reachable(Cell::TOP, CellSet::new());
        assert!(from_top.contains(Cell::BOTTOM), "c2 is still open");
        let blocked = g.reachable(Cell::TOP, CellSet::single(Cell::new(2, 1)));
        assert!(!blocked.contains(Cell::BOTTOM));
    }
}
