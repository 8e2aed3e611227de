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
//! were the player's are joined without it (adjacent, or through the player's chains), and it
//! touches at most one of the player's chains. Such a stone never matters to any of the player's
//! connections, and stays so as more stones of either colour are added (the player's only join
//! more, the opponent's only remove cells to join). Disjoint pairs can be used together: turning
//! their intruders back one at a time, each is skippable in a position the others only add
//! stones to.
//!
//! An edge only *ends* a connection, it never joins two things along it: two cells on the first
//! row are not joined through the edge (a connection between them has to join them), so an
//! intruder between two such cells is not skippable. A cell or chain touching an edge's row is
//! joined to that edge. (When edges conducted here, H-search claimed connections between cells
//! that only the edge joined: `c3`-`a4` on 4x4 with Black on `b2 c4`, White on `d4`.)
//!
//! A search that reads only connections between the player's two edges (the solver) may ask
//! for the edges to conduct instead ([`EdgeRole::Conducts`]): an edge is then a row of the
//! player's stones, joining every chain and cell along it, as in Benzene. Every argument above
//! holds on that board, and a connection between the two edges on it is one on the real board.

use crate::board::{BoardSize, Cell, CellSet, Color};
use crate::position::Position;

use super::carrier::{Bits, CarrierSet, Layout};
use super::limits::EdgeRole;
use super::points::Points;

/// For every point, the pairs of empty cells the player captures (in the sense above) once
/// that point is theirs; pairwise disjoint, none holding the point. Empty for stones and edges,
/// whose captured pairs would already be captured in the position.
#[must_use]
pub fn captured_pairs(position: &Position, points: &Points) -> Vec<Vec<CellSet>> {
    let layout = Layout::new(position.size());
    captured_carriers::<6>(position, points, EdgeRole::Ends)
        .iter()
        .map(|pairs| pairs.iter().map(|pair| layout.cells(pair)).collect())
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

/// One player's view of the board in [`Bits`] of `V` words, with the player's groups
/// precomputed: a group is a chain of stones (with the edges it touches among its cells, as
/// points it is joined to), or an edge alone (joined to nothing: edges do not conduct).
///
/// Board cells have their [`Layout`] slots; the player's two edges follow, at slots `area` and
/// `area + 1` (the opponent's edges never join or separate anything of the player's).
struct Board<const V: usize> {
    layout: Layout,
    stones: Bits<V>,
    empty: Bits<V>,
    /// The cells within three steps of a stone of either colour or a side of the board: only
    /// these can capture pairs (see [`Board::pairs_after`]).
    crowded: Bits<V>,
    /// The cells next to the player's stones or edges.
    next_to_own: Bits<V>,
    /// `alone[slot]`: for an empty cell, the body a stone of the player's there would make
    /// (the stone with the groups next to it).
    alone: Vec<Group<V>>,
    /// The player's two edges.
    own_edges: Bits<V>,
    /// Whether an edge joins the cells and chains along it, as a stone of the player's would
    /// ([`EdgeRole::Conducts`]).
    conducts: bool,
    /// `neighbours[slot]`: the cells and own edges next to a cell, or the cells along an edge.
    neighbours: Vec<Bits<V>>,
    /// `group_of[slot]`: the group holding a stone or own edge.
    group_of: Vec<Option<u16>>,
    groups: Vec<Group<V>>,
}

/// Stones joined to each other, with the edges they touch, and the cells next to them.
///
/// Invariant: `cells` holds stones and the edges those stones touch (an edge alone for an
/// edge's own group); `reach` holds the cells and edges next to the stones, never an edge's row
/// (an edge joins nothing along it).
#[derive(Clone, Copy, Default, PartialEq, Eq)]
struct Group<const V: usize> {
    cells: Bits<V>,
    /// The cells and edges next to the stones of `cells` (some may be in `cells`).
    reach: Bits<V>,
}

impl<const V: usize> Group<V> {
    fn join(&mut self, other: &Group<V>) {
        self.cells |= other.cells;
        self.reach |= other.reach;
    }
}

/// The words a [`Board`] needs for a board of `area` cells and two edges.
fn board_words(area: usize) -> usize {
    match area + 2 {
        0..=128 => 2,
        129..=192 => 3,
        193..=256 => 4,
        257..=320 => 5,
        _ => 6,
    }
}

impl<const V: usize> Board<V> {
    fn new(position: &Position, color: Color, edges: EdgeRole) -> Board<V> {
        let size = position.size();
        let layout = Layout::new(size);
        let area = size.cells().len() as u16;
        let conducts = edges == EdgeRole::Conducts;
        let (first, second) = BoardSize::edges_of(color);
        let edges = [first, second];
        // The slot of a board cell or own edge (none for the opponent's edges).
        let slot_of = |point: Cell| -> Option<u16> {
            if point.is_edge() {
                edges
                    .iter()
                    .position(|&e| e == point)
                    .map(|i| area + i as u16)
            } else {
                Some(layout.slot(point))
            }
        };
        let bits = |cells: CellSet| -> Bits<V> {
            cells
                .iter()
                .filter_map(slot_of)
                .fold(Bits::default(), |all, slot| all | Bits::single(slot))
        };
        let mut neighbours = vec![Bits::default(); usize::from(area) + 2];
        for point in (size.cells() | CellSet::single(first) | CellSet::single(second)).iter() {
            if let Some(slot) = slot_of(point) {
                neighbours[usize::from(slot)] = bits(size.neighbours(point));
            }
        }
        let border = Cell::EDGES
            .iter()
            .fold(CellSet::new(), |all, &edge| all | size.edge_cells(edge));
        let stones = bits(position.stones(color));
        let empty = bits(position.empty_cells());
        let mut board = Board {
            layout,
            stones,
            empty,
            crowded: Bits::default(),
            next_to_own: Bits::default(),
            alone: vec![Group::default(); usize::from(area) + 2],
            own_edges: Bits::single(area) | Bits::single(area + 1),
            conducts,
            neighbours,
            group_of: vec![None; usize::from(area) + 2],
            groups: Vec::new(),
        };
        for seed in (board.own_edges | stones).slots() {
            if board.group_of[usize::from(seed)].is_some() {
                continue;
            }
            let id = board.groups.len() as u16;
            // An edge is a group alone; a chain's group also lists the edges it touches, as
            // points it is joined to, but only its stones belong to it.
            let (members, group) = if board.conducts {
                // Stones and edges joined through each other: every member is the group's.
                let cells = board.flood(seed);
                (
                    cells,
                    Group {
                        cells,
                        reach: board.around(cells),
                    },
                )
            } else if board.own_edges.contains(seed) {
                let edge = Bits::single(seed);
                (
                    edge,
                    Group {
                        cells: edge,
                        reach: Bits::default(),
                    },
                )
            } else {
                let chain = board.flood(seed);
                let reach = board.around(chain);
                let cells = chain | (reach & board.own_edges);
                (chain, Group { cells, reach })
            };
            for member in members.slots() {
                board.group_of[usize::from(member)] = Some(id);
            }
            board.groups.push(group);
        }
        let all_cells = bits(size.cells());
        let mut crowded = bits(size.cells() - position.empty_cells()) | bits(border);
        for _ in 0..3 {
            crowded = (crowded | board.around(crowded)) & all_cells;
        }
        board.crowded = crowded;
        board.next_to_own = board.around(stones | board.own_edges);
        for cell in empty.slots() {
            let mut body = Group::default();
            board.take_extra(&mut body, cell);
            board.alone[usize::from(cell)] = body;
        }
        board
    }

    /// The cells and edges next to `set`.
    fn around(&self, set: Bits<V>) -> Bits<V> {
        set.slots().fold(Bits::default(), |all, slot| {
            all | self.neighbours[usize::from(slot)]
        })
    }

    /// The chain of stone `seed` (stones only, unless edges conduct: then the stones and edges
    /// joined to `seed`, a stone or edge, through each other).
    fn flood(&self, seed: u16) -> Bits<V> {
        let within = if self.conducts {
            self.stones | self.own_edges
        } else {
            self.stones
        };
        let mut body = Bits::single(seed);
        loop {
            let next = body | (self.around(body) & within);
            if next == body {
                return body;
            }
            body = next;
        }
    }

    /// Disjoint captured pairs once `cell` (a slot) is the player's: pairs of adjacent empty
    /// cells with one of them next to `cell`.
    fn pairs_after(&self, cell: u16) -> Vec<Bits<V>> {
        // An intruder is at most two steps from `cell` and its neighbours three; with no stone
        // and no side of the board that near, every intruder separates two empty cells (quick
        // exit).
        if !self.crowded.contains(cell) {
            return Vec::new();
        }
        let mut empty = self.empty;
        empty.remove(cell);
        let mut used = Bits::default();
        let mut out = Vec::new();
        let next_to_cell = self.neighbours[usize::from(cell)] & empty;
        for a in next_to_cell.slots() {
            for b in (self.neighbours[usize::from(a)] & empty).slots() {
                if used.contains(a) || used.contains(b) || (next_to_cell.contains(b) && b < a) {
                    continue;
                }
                if self.skippable([cell, b], a) && self.skippable([cell, a], b) {
                    let pair = Bits::single(a) | Bits::single(b);
                    used |= pair;
                    out.push(pair);
                }
            }
        }
        out
    }

    /// The player's edges when they join nothing along them (none when they conduct): what a
    /// body meeting another only there does not join it through.
    fn edges_joining_nothing(&self) -> Bits<V> {
        if self.conducts {
            Bits::default()
        } else {
            self.own_edges
        }
    }

    /// The bodies the player's stones on `extra` make: each stone with the groups next to it,
    /// the two joined into one when they touch or share a group. Every other group stays as
    /// it was, so these and the untouched groups are all the bodies once `extra` is played.
    fn extra_bodies(&self, extra: [u16; 2]) -> [Group<V>; 2] {
        let mut bodies = extra.map(|stone| self.alone[usize::from(stone)]);
        // Two different groups never touch, so the bodies meet only through a shared chain
        // or the two stones touching (an edge both touch joins nothing).
        let edges = self.edges_joining_nothing();
        if (bodies[0].cells - edges).intersects(&bodies[1].cells)
            || self.neighbours[usize::from(extra[0])].contains(extra[1])
        {
            let mut joined = bodies[0];
            joined.join(&bodies[1]);
            bodies = [joined; 2];
        }
        bodies
    }

    /// The player's stones and edges joined to `seeds` (the player's stones, edges or stones of
    /// `extra`) once the player also has the stones whose [`Board::extra_bodies`] are
    /// `bodies`, with the cells and edges next to them.
    fn body(&self, bodies: &[Group<V>; 2], seeds: Bits<V>) -> Group<V> {
        let mut body = Group::default();
        let mut left = seeds;
        let edges = self.edges_joining_nothing();
        for extra in bodies {
            // An edge among the seeds is not joined to the bodies touching it (unless edges
            // conduct): it is only taken in with a body a stone seed brings (or alone, below).
            if (left - edges).intersects(&extra.cells) {
                body.join(extra);
                left -= extra.cells;
            }
        }
        while let Some(seed) = left.first() {
            let group = &self.groups[usize::from(self.group_of[usize::from(seed)].expect("own"))];
            body.join(group);
            left -= group.cells;
        }
        body
    }

    /// Adds the extra stone `stone` and the groups next to it to `body`.
    fn take_extra(&self, body: &mut Group<V>, stone: u16) {
        let around = self.neighbours[usize::from(stone)];
        body.cells.insert(stone);
        body.reach |= around;
        for next in (around & (self.stones | self.own_edges)).slots() {
            if let Some(g) = self.group_of[usize::from(next)] {
                body.join(&self.groups[usize::from(g)]);
            }
        }
    }

    /// Whether an opponent stone on `cell` would join nothing new if it were the player's, once
    /// the player also has stones on `extra`: it touches at most one body of stones and edges,
    /// and every two of the points it touches (that body and its empty neighbours) are joined
    /// without it.
    fn skippable(&self, extra: [u16; 2], cell: u16) -> bool {
        let placed = Bits::single(extra[0]) | Bits::single(extra[1]);
        let own = self.stones | placed | self.own_edges;
        let around = self.neighbours[usize::from(cell)];
        let touching = around & own;
        let mut empty = self.empty - placed;
        empty.remove(cell);
        let mut free = around & empty;
        // Quick exit: an empty neighbour touching none of the player's points is joined only to
        // its own neighbours, and holds no body the intruder could touch.
        let next_to_own = self.next_to_own
            | self.neighbours[usize::from(extra[0])]
            | self.neighbours[usize::from(extra[1])];
        let lonely = free - next_to_own;
        if !lonely.is_empty() {
            if !touching.is_empty() {
                return false;
            }
            for u in lonely.slots() {
                let mut others = free;
                others.remove(u);
                if !others.is_subset(&self.neighbours[usize::from(u)]) {
                    return false;
                }
            }
        }
        let bodies = self.extra_bodies(extra);
        let attached = self.body(&bodies, touching);
        if let Some(one) = touching.first() {
            if self.body(&bodies, Bits::single(one)).cells != attached.cells {
                return false;
            }
        }
        while let Some(u) = free.first() {
            free.remove(u);
            let next_to_u = self.neighbours[usize::from(u)];
            let theirs = self.body(&bodies, next_to_u & own);
            if !attached.cells.is_subset(&theirs.cells) {
                return false;
            }
            if !free.is_subset(&(next_to_u | theirs.reach)) {
                return false;
            }
        }
        true
    }

    /// A pair as H-search's carriers of `W` words (the board's cells come first, so the first
    /// `W` words hold them).
    fn carrier<const W: usize>(&self, pair: &Bits<V>) -> Bits<W> {
        Bits::from_words(&pair.words()[..W]).expect("W words")
    }
}

/// For every point, its captured pairs (see [`captured_pairs`]) as carriers of `W` words in the
/// board's [`Layout`].
#[must_use]
pub fn captured_carriers<const W: usize>(
    position: &Position,
    points: &Points,
    edges: EdgeRole,
) -> Vec<Vec<Bits<W>>> {
    let area = position.size().cells().len();
    match board_words(area).max(W) {
        2 => carriers_with::<2, W>(position, points, edges),
        3 => carriers_with::<3, W>(position, points, edges),
        4 => carriers_with::<4, W>(position, points, edges),
        5 => carriers_with::<5, W>(position, points, edges),
        _ => carriers_with::<6, W>(position, points, edges),
    }
}

/// [`captured_carriers`] on a [`Board`] of `V` words.
fn carriers_with<const V: usize, const W: usize>(
    position: &Position,
    points: &Points,
    edges: EdgeRole,
) -> Vec<Vec<Bits<W>>> {
    let board = Board::<V>::new(position, points.color, edges);
    points
        .points
        .iter()
        .map(|point| {
            if point.empty {
                board
                    .pairs_after(board.layout.slot(point.name))
                    .iter()
                    .map(|pair| board.carrier(pair))
                    .collect()
            } else {
                Vec::new()
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::code;
    use crate::vc::points::Points;

    fn pairs_after(code: &str, color: Color, cell: &str) -> Vec<String> {
        pairs_after_with(code, color, cell, EdgeRole::Ends)
    }

    fn pairs_after_with(code: &str, color: Color, cell: &str, edges: EdgeRole) -> Vec<String> {
        let game = code::read(code).unwrap();
        let position = game.position();
        let points = Points::new(position, color);
        let id = points.point_of(cell.parse().unwrap()).unwrap();
        let layout = Layout::new(position.size());
        captured_carriers::<6>(position, &points, edges)[id as usize]
            .iter()
            .map(|pair| layout.cells(pair))
            .map(|pair| {
                pair.iter()
                    .map(|c| c.to_string())
                    .collect::<Vec<_>>()
                    .join("+")
            })
            .collect()
    }

    #[test]
    fn a_conducting_edge_joins_along_it() {
        // With the edges conducting (the solver's model), the edge bridge's pair is captured
        // after Black c2: a White stone on c1 answered at d1 joins nothing the top edge does not.
        let found = pairs_after_with("size=5&turn=b", Color::Black, "c2", EdgeRole::Conducts);
        assert!(found.contains(&"c1+d1".to_string()), "{found:?}");
    }

    #[test]
    fn an_edge_joins_nothing_along_it() {
        // After Black c2, a White stone on c1 answered at d1 would cut b1 from d1 and c2 (b1
        // reaches them only along the top edge, which joins nothing): not captured.
        let found = pairs_after("size=5&turn=b", Color::Black, "c2");
        assert!(!found.contains(&"c1+d1".to_string()), "{found:?}");
    }

    #[test]
    fn corner_pairs_are_found_on_every_board_width() {
        // Boards of 2 to 6 words: after Black's second-row stone next to its own, the top
        // pair in the far corner. A White stone on the corner, answered beside it, touches
        // only the answer and the second-row stone; on the cell beside the corner, answered
        // in the corner, its other neighbour touches the second-row stone too.
        for (size, stone, cell, pair) in [
            (5, "c2", "d2", "d1+e1"),
            (11, "i2", "j2", "j1+k1"),
            (13, "k2", "l2", "l1+m1"),
            (16, "n2", "o2", "o1+p1"),
            (19, "q2", "r2", "r1+s1"),
        ] {
            let found = pairs_after(&format!("size={size}&b={stone}&turn=w"), Color::Black, cell);
            assert!(found.contains(&pair.to_string()), "{size}: {found:?}");
        }
    }

    #[test]
    fn nothing_is_captured_in_the_open() {
        // Around a lone stone in the middle, an intruder always separates two empty cells.
        let found = pairs_after("size=5&turn=b", Color::Black, "c3");
        assert!(found.is_empty(), "{found:?}");
    }
}
