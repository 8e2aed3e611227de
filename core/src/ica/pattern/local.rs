//! The local dead test: is a cell dead in every position where the frame holds these stones,
//! whatever the rest of the board holds?
//!
//! For a colour X the *local X graph* has as vertices the frame's empty cells, X's edge if the
//! frame shows it, and one *exit* vertex for every X chain of the frame that touches the
//! outside (its stones continue, or have liberties, beyond the frame). X chains are contracted
//! using frame connections only: their empty neighbours become pairwise adjacent, adjacent to
//! X's edge if the chain touches it, and adjacent to the chain's exit. Opponent stones and the
//! opponent's edges are deleted.
//!
//! *Ports* are where a winning path may enter or leave the frame: empty cells next to the
//! outside, exits, and X's edge. A cell is **locally dead** when no chordless path of the local
//! X graph between two distinct ports has it as an inner vertex, for X = Black or X = White.
//!
//! When the frame shows X's edge E, a witness path must moreover either end at E or avoid E
//! and every vertex adjacent to it.
//!
//! Soundness (for every position embedding the frame): a cell c that is live lies on a
//! chordless path between X's edges in the global X graph. Cut that path to the longest piece
//! around c whose steps are local edges; each end is X's edge, an empty cell left through the
//! outside, or a liberty left through a chain that touches the outside (its exit). The local
//! graph's edges are global edges, and a second liberty of the exit's chain on the piece would
//! be a global chord, so the piece plus its exits is a chordless port-to-port path through c.
//! If E is in view but not on the piece, no vertex of the piece is next to E: E is an end of
//! the global path, so a vertex next to E must follow E on it, and that step is local.
//! A cell next to the outside is never locally dead (the piece may be that cell alone).

use super::geometry::Class;

/// Vertex number of X's edge in the local graph (cells use 0..19).
const EDGE: u32 = 19;
/// First vertex number of chain exits.
const FIRST_EXIT: u32 = 20;

/// Whether cell `x` (empty) is locally dead with these stones (masks over the class's cells).
#[must_use]
pub fn is_locally_dead(class: &Class, black: u32, white: u32, x: usize) -> bool {
    debug_assert!((black | white) & (1 << x) == 0);
    if class.outside & (1 << x) != 0 {
        return false;
    }
    dead_for(class, black, white, class.top, x) || dead_for(class, white, black, class.side, x)
}

/// The local graph of one colour: adjacency masks over up to 64 vertices, and the ports.
struct LocalGraph {
    adj: [u64; 64],
    ports: u64,
}

impl LocalGraph {
    fn new(class: &Class, own: u32, opponent: u32, own_edge: u32) -> LocalGraph {
        let empty = class.all() & !own & !opponent;
        let mut g = LocalGraph {
            adj: [0; 64],
            ports: u64::from(empty & class.outside),
        };
        if own_edge != 0 {
            g.ports |= 1 << EDGE;
        }
        for v in bits(empty) {
            g.adj[v] = u64::from(class.adj[v] & empty);
            if own_edge & (1 << v) != 0 {
                g.link(v as u32, EDGE);
            }
        }
        let mut rest = own;
        let mut next_exit = FIRST_EXIT;
        while rest != 0 {
            let chain = flood(class, rest & rest.wrapping_neg(), own);
            rest &= !chain;
            let liberties = bits(chain).fold(0, |m, s| m | class.adj[s]) & empty;
            for v in bits(liberties) {
                g.adj[v] |= u64::from(liberties & !(1 << v));
            }
            let touches_edge = chain & own_edge != 0;
            if touches_edge {
                for v in bits(liberties) {
                    g.link(v as u32, EDGE);
                }
            }
            if chain & class.outside != 0 {
                let exit = next_exit;
                next_exit += 1;
                g.ports |= 1 << exit;
                for v in bits(liberties) {
                    g.link(v as u32, exit);
                }
                if touches_edge {
                    g.link(exit, EDGE);
                }
            }
        }
        g
    }

    fn link(&mut self, a: u32, b: u32) {
        self.adj[a as usize] |= 1 << b;
        self.adj[b as usize] |= 1 << a;
    }

    /// Whether some chordless path between two distinct ports has `x` as an inner vertex (and,
    /// with X's edge in view, ends at the edge or keeps away from it).
    fn live(&self, x: usize) -> bool {
        let edge = EDGE as usize;
        if self.ports & (1 << EDGE) == 0 {
            return self.live_avoiding(x, 0);
        }
        let near = self.adj[edge] | 1 << EDGE;
        if near & (1 << x) == 0 && self.live_avoiding(x, near) {
            return true;
        }
        let around = self.adj[x];
        let closed = around | 1 << x;
        bits64(around).any(|a| {
            bits64(around & !self.adj[a] & !(1 << a)).any(|b| self.extend_to_edge(a, b, closed))
        })
    }

    /// A witness through `x` that uses no vertex of `removed`.
    fn live_avoiding(&self, x: usize, removed: u64) -> bool {
        let around = self.adj[x] & !removed;
        let closed = self.adj[x] | 1 << x | removed;
        for a in bits64(around) {
            for b in bits64(around & !self.adj[a] & !((2u64 << a) - 1)) {
                if self.extend_first(a, b, closed) {
                    return true;
                }
            }
        }
        false
    }

    /// Extends the first end until it reaches a port, then the second. `closed` holds the
    /// path's inner vertices and all their neighbours: no later vertex may touch them.
    fn extend_first(&self, end: usize, other: usize, closed: u64) -> bool {
        if self.ports & (1 << end) != 0 {
            return self.extend_second(end, other, closed);
        }
        let next = self.adj[end] & !closed & !self.adj[other] & !(1 << other);
        let closed = closed | self.adj[end] | 1 << end;
        bits64(next).any(|v| self.extend_first(v, other, closed))
    }

    /// Extends the first end until it reaches X's edge, then the second end to any port.
    fn extend_to_edge(&self, end: usize, other: usize, closed: u64) -> bool {
        let edge = EDGE as usize;
        if end == edge {
            return self.extend_second(end, other, closed);
        }
        let next = if self.adj[end] & (1 << EDGE) != 0 {
            // Next to the edge: any other step would leave a chord to it.
            1 << EDGE
        } else {
            self.adj[end]
        } & !closed
            & !self.adj[other]
            & !(1 << other);
        let closed = closed | self.adj[end] | 1 << end;
        bits64(next).any(|v| self.extend_to_edge(v, other, closed))
    }

    fn extend_second(&self, first: usize, end: usize, closed: u64) -> bool {
        if self.ports & (1 << end) != 0 {
            return true;
        }
        let next = self.adj[end] & !closed & !self.adj[first] & !(1 << first);
        let closed = closed | self.adj[end] | 1 << end;
        bits64(next).any(|v| self.extend_second(first, v, closed))
    }
}

fn dead_for(class: &Class, own: u32, opponent: u32, own_edge: u32, x: usize) -> bool {
    !LocalGraph::new(class, own, opponent, own_edge).live(x)
}

/// The stones of `within` connected to `seed` inside the frame.
fn flood(class: &Class, seed: u32, within: u32) -> u32 {
    let mut reached = seed;
    loop {
        let next = (bits(reached).fold(reached, |m, s| m | class.adj[s])) & within;
        if next == reached {
            return reached;
        }
        reached = next;
    }
}

/// The set bits of a mask, lowest first.
pub(crate) fn bits(mask: u32) -> impl Iterator<Item = usize> {
    bits64(u64::from(mask))
}

/// The set bits of a 64-bit mask, lowest first.
fn bits64(mut mask: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if mask == 0 {
            None
        } else {
            let b = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            Some(b)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::super::geometry::{Class, Offset, Shape};
    use super::*;

    /// Builds stone masks from offsets.
    fn stones(class: &Class, list: &[(i8, i8)]) -> u32 {
        list.iter()
            .map(|&(c, r)| 1u32 << class.index_of(Offset::new(c, r)).unwrap())
            .fold(0, |m, b| m | b)
    }

    const RING: [(i8, i8); 6] = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)];

    #[test]
    fn radius_one_closed_form() {
        let class = Class::new(1, Shape::Interior);
        // Four consecutive black stones: dead.
        let b = stones(&class, &RING[0..4]);
        assert!(is_locally_dead(&class, b, 0, 0));
        // Three consecutive: live.
        let b3 = stones(&class, &RING[0..3]);
        assert!(!is_locally_dead(&class, b3, 0, 0));
        // Three black and a white opposite the middle one: dead.
        let w = stones(&class, &RING[4..5]);
        assert!(is_locally_dead(&class, b3, w, 0));
        // Two black and two white opposite: dead; the colours swapped too.
        let (b2, w2) = (stones(&class, &RING[0..2]), stones(&class, &RING[3..5]));
        assert!(is_locally_dead(&class, b2, w2, 0));
        assert!(is_locally_dead(&class, w2, b2, 0));
        // Alternating colours: live.
        let alt_b = stones(&class, &[RING[0], RING[2], RING[4]]);
        let alt_w = stones(&class, &[RING[1], RING[3], RING[5]]);
        assert!(!is_locally_dead(&class, alt_b, alt_w, 0));
    }

    #[test]
    fn ring_of_one_colour_at_distance_two_kills_the_centre() {
        let class = Class::new(2, Shape::Interior);
        let outer: Vec<(i8, i8)> = class
            .cells
            .iter()
            .filter(|o| o.distance() == 2)
            .map(|o| (o.dc, o.dr))
            .collect();
        let b = stones(&class, &outer);
        assert!(is_locally_dead(&class, b, 0, 0));
        // One outer cell open: still one chain around the ring, dead.
        let b = stones(&class, &outer[1..]);
        assert!(is_locally_dead(&class, b, 0, 0));
        // Open at the top and the bottom: two chains, and W-c-E joins their exits.
        let split: Vec<(i8, i8)> = outer
            .iter()
            .copied()
            .filter(|&o| o != (0, -2) && o != (0, 2))
            .collect();
        let b = stones(&class, &split);
        assert!(!is_locally_dead(&class, b, 0, 0));
    }

    #[test]
    fn benzene_dead_3_3_is_found() {
        // Black stones at (2,-1), (2,0), (1,1): one chain whose liberties include NE, E and S;
        // White at W, SW and N leaves the centre's Black neighbourhood {NE, E, S} a clique.
        let class = Class::new(2, Shape::Interior);
        let b = stones(&class, &[(2, -1), (2, 0), (1, 1)]);
        let w = stones(&class, &[(-1, 0), (-1, 1), (0, -1)]);
        assert!(is_locally_dead(&class, b, w, 0));
        assert!(!is_locally_dead(&class, b, 0, 0));
    }

    #[test]
    fn edge_acts_as_two_ring_stones() {
        // Centre on the top row. For Black the edge fills the two ring places above, so Black
        // on W and E (or W and SW) makes four in a row: dead.
        let class = Class::new(1, Shape::Edge { top: 0 });
        let b = stones(&class, &[(-1, 0), (1, 0)]);
        assert!(is_locally_dead(&class, b, 0, 0));
        let b = stones(&class, &[(-1, 0), (-1, 1)]);
        assert!(is_locally_dead(&class, b, 0, 0));
        // Black on SW and S: the centre joins the edge to them, live.
        let b = stones(&class, &[(-1, 1), (0, 1)]);
        assert!(!is_locally_dead(&class, b, 0, 0));
        // White on W and E: live.
        assert!(!is_locally_dead(
            &class,
            0,
            stones(&class, &[(-1, 0), (1, 0)]),
            0
        ));
    }
}
