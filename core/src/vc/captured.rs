//! Carrier intersection on captured sets (Henderson 2010, §4.2, Theorems 10 and 11).
//!
//! The deduction rules need disjoint carriers. They may overlap instead on a set the player has
//! captured once some cell is theirs, if that cell is the key of the deduced semi connection or
//! one of its empty endpoints (both count as the player's when the connection is used): the
//! player answers every intrusion there with the capturing strategy, and the deduced carrier
//! takes in the whole captured set.
//!
//! Henderson's captured sets leave intruding stones *dead*, which is about who wins the game,
//! not about whether two given points are joined: a dead stone next to the first row can still
//! cut a path along it. So this module only takes **pairs whose intruder is skippable**: once the
//! player has answered on the other cell, every two points the intruding cell would join if it
//! were the player's are joined without it (adjacent, through the player's chains, or along the
//! player's edge), and it touches at most one of the player's chains or edges. Such a stone
//! never matters to any of the player's connections, and stays so as more stones of either colour
//! are added (the player's only join more, the opponent's only remove cells to join). Disjoint
//! pairs can be used together: turning their intruders back one at a time, each is skippable
//! in a position the others only add stones to.

use crate::board::{BoardSize, Cell, CellSet, Color};
use crate::position::Position;

use super::points::{neighbours, Points};

/// For every point, the pairs of empty cells the player captures (in the sense above) once
/// that point is theirs; pairwise disjoint, none holding the point. Empty for stones and edges,
/// whose captured pairs would already be captured in the position.
#[must_use]
pub fn captured_pairs(position: &Position, points: &Points) -> Vec<Vec<CellSet>> {
    let board = Board {
        size: position.size(),
        color: points.color,
        stones: position.stones(points.color),
        empty: position.empty_cells(),
    };
    points
        .points
        .iter()
        .map(|point| {
            if point.empty {
                board.pairs_after(point.name)
            } else {
                Vec::new()
            }
        })
        .collect()
}

/// The pairs of `captures` (lists of disjoint pairs, one list per source cell) that meet
/// `overlap`, if they cover it, are pairwise disjoint and miss `avoid`; their union.
#[must_use]
pub fn cover(overlap: CellSet, captures: &[&[CellSet]], avoid: CellSet) -> Option<CellSet> {
    let mut used = CellSet::new();
    for list in captures {
        for &pair in list.iter() {
            if pair.intersects(&overlap) {
                if pair.intersects(&used) || pair.intersects(&avoid) {
                    return None;
                }
                used |= pair;
            }
        }
    }
    overlap.is_subset(&used).then_some(used)
}

/// One player's view of the board, as sets.
#[derive(Clone, Copy)]
struct Board {
    size: BoardSize,
    color: Color,
    stones: CellSet,
    empty: CellSet,
}

impl Board {
    /// Disjoint captured pairs once `cell` is the player's: pairs of adjacent empty cells with one
    /// of them next to `cell`.
    fn pairs_after(&self, cell: Cell) -> Vec<CellSet> {
        // An intruder is at most two steps from `cell` and its neighbours three; with no stone
        // and no edge that near, every intruder separates two empty cells (quick exit).
        let near_cells = CellSet::single(cell).grow().grow().grow();
        let board = self.size.cells();
        let stones_near = !(near_cells & (board - self.empty)).is_empty();
        if !stones_near && !self.touches_edge_within(near_cells) {
            return Vec::new();
        }
        let played = Board {
            stones: self.stones | CellSet::single(cell),
            empty: self.empty - CellSet::single(cell),
            ..*self
        };
        let mut used = CellSet::new();
        let mut out = Vec::new();
        let near = self.size.neighbours(cell) & played.empty;
        for a in near.iter() {
            for b in (self.size.neighbours(a) & played.empty).iter() {
                if used.contains(a) || used.contains(b) || (near.contains(b) && b < a) {
                    continue;
                }
                if played.captures(a, b) && played.captures(b, a) {
                    let pair = CellSet::single(a) | CellSet::single(b);
                    used |= pair;
                    out.push(pair);
                }
            }
        }
        out
    }

    /// Whether `cells` reaches a cell along one of the board's edges.
    fn touches_edge_within(&self, cells: CellSet) -> bool {
        Cell::EDGES
            .iter()
            .any(|&edge| cells.intersects(&self.size.edge_cells(edge)))
    }

    /// Whether an opponent stone on `intruder` is skippable once the player answers on `reply`.
    fn captures(&self, intruder: Cell, reply: Cell) -> bool {
        let after = Board {
            stones: self.stones | CellSet::single(reply),
            empty: self.empty - CellSet::single(reply) - CellSet::single(intruder),
            ..*self
        };
        after.skippable(intruder)
    }

    /// The player's stones and edges joined to `seeds` (stones or edge points): chains, with an
    /// edge point joining every chain along it.
    fn body(&self, seeds: CellSet) -> CellSet {
        let (first, second) = BoardSize::edges_of(self.color);
        let mut body = seeds;
        loop {
            let mut next = body | CellSet::flood(body, self.stones);
            for edge in [first, second] {
                let along = self.size.edge_cells(edge);
                if next.contains(edge) || next.intersects(&(along & self.stones)) {
                    next.insert(edge);
                    next |= CellSet::flood(along & self.stones, self.stones);
                }
            }
            if next == body {
                return body;
            }
            body = next;
        }
    }

    /// The player's stones and edges next to `cell`, with everything joined to them.
    fn bodies_next_to(&self, cell: Cell) -> CellSet {
        let (first, second) = BoardSize::edges_of(self.color);
        let mut own_edges = CellSet::single(first);
        own_edges.insert(second);
        let touching = self.size.neighbours(cell) & (self.stones | own_edges);
        self.body(touching)
    }

    /// Whether `cell` (not the player's, not empty) would join nothing new if it were the
    /// player's: it touches at most one body of stones and edges, and every two of the points it
    /// touches (that body and its empty neighbours) are joined without it.
    fn skippable(&self, cell: Cell) -> bool {
        let (first, second) = BoardSize::edges_of(self.color);
        let around = self.size.neighbours(cell);
        let touching: Vec<Cell> = around
            .iter()
            .filter(|&p| self.stones.contains(p) || p == first || p == second)
            .collect();
        let attached = self.bodies_next_to(cell);
        if let Some(&one) = touching.first() {
            let single = self.body(CellSet::single(one));
            if single != attached {
                return false;
            }
        }
        let free: Vec<Cell> = (around & self.empty).iter().collect();
        for (i, &u) in free.iter().enumerate() {
            let own = self.bodies_next_to(u);
            if !attached.is_subset(&own) {
                return false;
            }
            let joined = self.size.neighbours(u) | neighbours(self.size, own);
            if !free[i + 1..].iter().all(|&v| joined.contains(v)) {
                return false;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::code;
    use crate::vc::points::Points;

    fn pairs_after(code: &str, color: Color, cell: &str) -> Vec<String> {
        let game = code::read(code).unwrap();
        let position = game.position();
        let points = Points::new(position, color);
        let id = points.point_of(cell.parse().unwrap()).unwrap();
        captured_pairs(position, &points)[id as usize]
            .iter()
            .map(|pair| {
                pair.iter()
                    .map(|c| c.to_string())
                    .collect::<Vec<_>>()
                    .join("+")
            })
            .collect()
    }

    #[test]
    fn the_edge_bridge_pair_is_captured() {
        // After Black c2, a White stone on c1 answered at d1 (or on d1 answered at c1) joins
        // nothing: b1 reaches d1 along Black's top edge, b2 and d2 touch c2.
        let found = pairs_after("size=5&turn=b", Color::Black, "c2");
        assert!(found.contains(&"c1+d1".to_string()), "{found:?}");
    }

    #[test]
    fn nothing_is_captured_in_the_open() {
        // Around a lone stone in the middle, an intruder always separates two empty cells.
        let found = pairs_after("size=5&turn=b", Color::Black, "c3");
        assert!(found.is_empty(), "{found:?}");
    }
}
