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

use super::carrier::CarrierSet;
use super::points::Points;

/// For every point, the pairs of empty cells the player captures (in the sense above) once
/// that point is theirs; pairwise disjoint, none holding the point. Empty for stones and edges,
/// whose captured pairs would already be captured in the position.
#[must_use]
pub fn captured_pairs(position: &Position, points: &Points) -> Vec<Vec<CellSet>> {
    let board = Board::new(position, points.color);
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
pub fn cover<C: CarrierSet>(overlap: C, captures: &[&[C]], avoid: C) -> Option<C> {
    let mut used = C::default();
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

/// One player's view of the board, with the player's groups precomputed: a group is a chain of
/// stones, or an edge with every chain along it.
struct Board {
    size: BoardSize,
    stones: CellSet,
    empty: CellSet,
    /// The player's two edges.
    own_edges: CellSet,
    /// `neighbours[cell index]`: the cells and edges next to a board cell or edge.
    neighbours: Vec<CellSet>,
    /// `group_of[cell index]`: the group holding a stone or own edge.
    group_of: Vec<Option<u16>>,
    groups: Vec<Group>,
}

/// Stones and edges joined to each other, with the cells and edges next to them.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
struct Group {
    cells: CellSet,
    /// The cells and edges next to `cells` (some may be in `cells`).
    reach: CellSet,
}

impl Group {
    fn join(&mut self, other: &Group) {
        self.cells |= other.cells;
        self.reach |= other.reach;
    }
}

impl Board {
    fn new(position: &Position, color: Color) -> Board {
        let size = position.size();
        let stones = position.stones(color);
        let (first, second) = BoardSize::edges_of(color);
        let own_edges = CellSet::single(first) | CellSet::single(second);
        let mut neighbours = vec![CellSet::new(); Cell::COUNT as usize];
        for cell in (size.cells() | own_edges).iter() {
            neighbours[cell.index()] = size.neighbours(cell);
        }
        let mut board = Board {
            size,
            stones,
            empty: position.empty_cells(),
            own_edges,
            neighbours,
            group_of: vec![None; Cell::COUNT as usize],
            groups: Vec::new(),
        };
        for seed in (own_edges | stones).iter() {
            if board.group_of[seed.index()].is_some() {
                continue;
            }
            let cells = board.flood(seed);
            let reach = cells
                .iter()
                .fold(CellSet::new(), |all, c| all | board.neighbours[c.index()]);
            let id = board.groups.len() as u16;
            for member in cells.iter() {
                board.group_of[member.index()] = Some(id);
            }
            board.groups.push(Group { cells, reach });
        }
        board
    }

    /// The stones and edges joined to `seed` (a stone or own edge): its chain, with an edge
    /// joining every chain along it.
    fn flood(&self, seed: Cell) -> CellSet {
        let mut body = CellSet::single(seed);
        loop {
            let mut next = body | CellSet::flood(body, self.stones);
            for edge in self.own_edges.iter() {
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
        let empty = self.empty - CellSet::single(cell);
        let mut used = CellSet::new();
        let mut out = Vec::new();
        let near = self.neighbours[cell.index()] & empty;
        for a in near.iter() {
            for b in (self.neighbours[a.index()] & empty).iter() {
                if used.contains(a) || used.contains(b) || (near.contains(b) && b < a) {
                    continue;
                }
                if self.skippable([cell, b], a) && self.skippable([cell, a], b) {
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

    /// The player's stones and edges joined to `seeds` (stones, edges or cells of `extra`) once
    /// the player also has stones on `extra`, with the cells and edges next to them.
    fn body(&self, extra: &[Cell; 2], seeds: CellSet) -> Group {
        let mut body = Group::default();
        for seed in seeds.iter() {
            if extra.contains(&seed) {
                self.take_extra(&mut body, seed);
            } else if let Some(g) = self.group_of[seed.index()] {
                body.join(&self.groups[g as usize]);
            }
        }
        loop {
            let before = body.cells;
            for &stone in extra {
                if !body.cells.contains(stone)
                    && self.neighbours[stone.index()].intersects(&body.cells)
                {
                    self.take_extra(&mut body, stone);
                }
            }
            if body.cells == before {
                return body;
            }
        }
    }

    /// Adds the extra stone `stone` and the groups next to it to `body`.
    fn take_extra(&self, body: &mut Group, stone: Cell) {
        let around = self.neighbours[stone.index()];
        body.cells.insert(stone);
        body.reach |= around;
        for next in (around & (self.stones | self.own_edges)).iter() {
            if let Some(g) = self.group_of[next.index()] {
                body.join(&self.groups[g as usize]);
            }
        }
    }

    /// Whether an opponent stone on `cell` would join nothing new if it were the player's, once
    /// the player also has stones on `extra`: it touches at most one body of stones and edges,
    /// and every two of the points it touches (that body and its empty neighbours) are joined
    /// without it.
    fn skippable(&self, extra: [Cell; 2], cell: Cell) -> bool {
        let placed = CellSet::single(extra[0]) | CellSet::single(extra[1]);
        let own = self.stones | placed | self.own_edges;
        let around = self.neighbours[cell.index()];
        let touching = around & own;
        let empty = self.empty - placed - CellSet::single(cell);
        let mut free = around & empty;
        // Quick exit: an empty neighbour touching none of the player's points is joined only to
        // its own neighbours, and holds no body the intruder could touch.
        for u in free.iter() {
            let next_to_u = self.neighbours[u.index()];
            if !next_to_u.intersects(&own)
                && (!touching.is_empty() || !(free - CellSet::single(u)).is_subset(&next_to_u))
            {
                return false;
            }
        }
        let attached = self.body(&extra, touching);
        if let Some(one) = touching.first() {
            if self.body(&extra, CellSet::single(one)).cells != attached.cells {
                return false;
            }
        }
        while let Some(u) = free.first() {
            free.discard(u);
            let next_to_u = self.neighbours[u.index()];
            let theirs = self.body(&extra, next_to_u & own);
            if !attached.cells.is_subset(&theirs.cells) {
                return false;
            }
            if !free.is_subset(&(next_to_u | theirs.reach)) {
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
