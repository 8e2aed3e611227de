//! One colour's graph of a position with its chains found once (Henderson 2010, §2.6): for
//! passes over the whole board, where [`super::graph::ColorGraph`] (which floods a chain each
//! time it is asked about one) would flood the same chains again and again.
//!
//! In the X graph the vertices are the uncoloured cells and X's two edges; opponent stones are
//! deleted and every X chain is contracted away, so its uncoloured neighbours (and the X edges
//! it touches) become pairwise adjacent.

use crate::board::{BoardSize, Cell, CellSet, Color};
use crate::position::Position;

/// No chain at this cell.
const NONE: u16 = u16::MAX;

/// An X chain: its stones and its neighbours in the X graph.
#[derive(Clone, Copy, Debug)]
pub struct Chain {
    pub stones: CellSet,
    /// Uncoloured cells next to the chain, and the X edges it touches.
    pub around: CellSet,
}

/// The X graph of a position with every X chain listed.
///
/// Invariants: `chains` partitions the X stones into maximal connected sets; `chain_at[i]` is
/// the index of the chain holding the stone at cell index `i` ([`NONE`] for other cells);
/// `edge_around[k]` is the X graph neighbourhood of X's edge `k` (uncoloured cells on its row
/// and around the chains touching it, and the other edge when one chain touches both).
#[derive(Clone, Debug)]
pub struct ChainGraph {
    size: BoardSize,
    color: Color,
    empty: CellSet,
    stones: CellSet,
    edges: (Cell, Cell),
    edge_rows: [CellSet; 2],
    chains: Vec<Chain>,
    chain_at: Vec<u16>,
    edge_around: [CellSet; 2],
}

impl ChainGraph {
    /// The `color` graph of `position`.
    #[must_use]
    pub fn new(position: &Position, color: Color) -> ChainGraph {
        let size = position.size();
        let edges = BoardSize::edges_of(color);
        let edge_rows = [size.edge_cells(edges.0), size.edge_cells(edges.1)];
        let empty = position.empty_cells();
        let stones = position.stones(color);
        let mut chains = Vec::new();
        let mut chain_at = vec![NONE; usize::from(Cell::BOARD_CELLS)];
        let mut edge_around = [edge_rows[0] & empty, edge_rows[1] & empty];
        let mut left = stones;
        while let Some(first) = left.first() {
            let chain_stones = CellSet::flood(CellSet::single(first), stones);
            left -= chain_stones;
            let mut around = chain_stones.grow() & empty;
            let touches = [
                chain_stones.intersects(&edge_rows[0]),
                chain_stones.intersects(&edge_rows[1]),
            ];
            for (k, edge) in [edges.0, edges.1].into_iter().enumerate() {
                if touches[k] {
                    around.insert(edge);
                }
            }
            for k in 0..2 {
                if touches[k] {
                    edge_around[k] |= around;
                }
            }
            let index = u16::try_from(chains.len()).expect("fewer chains than cells");
            for stone in chain_stones.iter() {
                chain_at[stone.index()] = index;
            }
            chains.push(Chain {
                stones: chain_stones,
                around,
            });
        }
        edge_around[0].discard(edges.0);
        edge_around[1].discard(edges.1);
        ChainGraph {
            size,
            color,
            empty,
            stones,
            edges,
            edge_rows,
            chains,
            chain_at,
            edge_around,
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

    /// The chains, in no particular order.
    #[must_use]
    pub fn chains(&self) -> &[Chain] {
        &self.chains
    }

    /// The cells a path of this colour may use: uncoloured cells and the colour's stones.
    #[must_use]
    pub fn passable(&self) -> CellSet {
        self.empty | self.stones
    }

    /// The neighbours of `vertex` (an uncoloured cell or one of the colour's edges) in the X
    /// graph, without itself.
    #[must_use]
    pub fn neighbourhood(&self, vertex: Cell) -> CellSet {
        if vertex == self.edges.0 {
            return self.edge_around[0];
        }
        if vertex == self.edges.1 {
            return self.edge_around[1];
        }
        let near = CellSet::around(vertex);
        let mut out = near & self.empty;
        for stone in (near & self.stones).iter() {
            out |= self.chains[usize::from(self.chain_at[stone.index()])].around;
        }
        for (k, edge) in [self.edges.0, self.edges.1].into_iter().enumerate() {
            if self.edge_rows[k].contains(vertex) {
                out.insert(edge);
            }
        }
        out.discard(vertex);
        out
    }

    /// Two vertices of `set` that are not adjacent; `None` when `set` is a clique.
    #[must_use]
    pub fn non_adjacent_pair(&self, set: CellSet) -> Option<(Cell, Cell)> {
        let mut later = set;
        for u in set.iter() {
            later.discard(u);
            if let Some(v) = (later - self.neighbourhood(u)).first() {
                return Some((u, v));
            }
        }
        None
    }

    /// Whether every two vertices of `set` are adjacent.
    #[must_use]
    pub fn is_clique(&self, set: CellSet) -> bool {
        let mut later = set;
        for u in set.iter() {
            later.discard(u);
            if later.is_empty() {
                return true;
            }
            if !later.is_subset(&self.neighbourhood(u)) {
                return false;
            }
        }
        true
    }

    /// The uncoloured cells that reach neither edge, or only one, in the X graph: they lie on
    /// no path between the edges, so on no minimal one.
    #[must_use]
    pub fn unreachable(&self) -> CellSet {
        let passable = self.passable();
        let from_first = CellSet::flood(self.edge_rows[0] & passable, passable);
        let from_second = CellSet::flood(self.edge_rows[1] & passable, passable);
        self.empty - (from_first & from_second)
    }

    /// The uncoloured cells that a chain's neighbourhood (a clique) cuts off from every edge
    /// outside it, with the chain's index for each group found; the neighbourhood itself is not
    /// included. A minimal path through such a cell would enter and leave the cut-off region
    /// through two vertices of the clique, which are adjacent: it could skip the region.
    #[must_use]
    pub fn cut_off_by_cliques(&self, candidates: CellSet) -> Vec<(usize, CellSet)> {
        let passable = self.passable();
        let mut out = Vec::new();
        let mut left = candidates & self.empty;
        for (index, chain) in self.chains.iter().enumerate() {
            if left.is_empty() {
                break;
            }
            let open: Vec<usize> = (0..2)
                .filter(|&k| !chain.around.contains([self.edges.0, self.edges.1][k]))
                .collect();
            if open.is_empty() {
                continue;
            }
            let blocked = chain.around | chain.stones;
            let within = passable - blocked;
            let seeds = open
                .iter()
                .fold(CellSet::new(), |s, &k| s | self.edge_rows[k])
                & within;
            let reached = CellSet::flood(seeds, within);
            let cut = left - blocked - reached;
            if !cut.is_empty() {
                left -= cut;
                out.push((index, cut));
            }
        }
        out
    }

    /// The board size.
    #[must_use]
    pub fn size(&self) -> BoardSize {
        self.size
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::code;
    use crate::ica::graph::ColorGraph;
    use crate::rng::Rng;
    use crate::RulesConfig;

    #[test]
    fn neighbourhoods_agree_with_the_flooding_graph() {
        let mut rng = Rng::new(41);
        for round in 0..300 {
            let side = 2 + round % 10;
            let size = BoardSize::square(side).unwrap();
            let mut p = Position::new(size, RulesConfig::default());
            let cells: Vec<Cell> = size.cells().iter().collect();
            for _ in 0..rng.below(cells.len() + 1) {
                let cell = cells[rng.below(cells.len())];
                let color = if rng.below(2) == 0 {
                    Color::Black
                } else {
                    Color::White
                };
                p.set_stone(cell, Some(color)).unwrap();
            }
            for color in Color::ALL {
                let quick = ChainGraph::new(&p, color);
                let slow = ColorGraph::new(&p, color);
                let (a, b) = quick.edges();
                for v in p.empty_cells().iter().chain([a, b]) {
                    assert_eq!(
                        quick.neighbourhood(v),
                        slow.neighbourhood(v),
                        "{color} {v} in {p:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn a_corner_behind_opponent_stones_is_unreachable() {
        // White b1 a2 on 4x4: in Black's graph a1 lies behind the White stones and reaches
        // the top edge only.
        let game = code::read("size=4&w=b1,a2&turn=b").unwrap();
        let g = ChainGraph::new(game.position(), Color::Black);
        assert!(g.unreachable().contains("a1".parse().unwrap()));
    }
}
