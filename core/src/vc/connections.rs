//! What H-search found for one player ([`Connections`]): every pair's full and semi connections
//! in shared flat lists, read pair by pair ([`PairConnections`]).

use crate::board::{Cell, CellSet};

use super::carrier::{Bits, Layout, MAX_WORDS};
use super::connection::{Chains, Full, Semi};
use super::points::{PointId, Points};

/// Where one pair's connections are in [`Connections`]' lists: `full` and `semi` are ranges of
/// connection indices.
#[derive(Clone, Copy, Debug)]
pub(super) struct Listed {
    pub(super) a: PointId,
    pub(super) b: PointId,
    pub(super) full: (u32, u32),
    pub(super) semi: (u32, u32),
}

/// Every connection H-search found for one player.
///
/// Carriers are kept as the search made them ([`Bits`] of `words` words in the board's
/// [`Layout`]) and turned into cell sets as they are read.
#[derive(Clone, Debug)]
pub struct Connections {
    pub points: Points,
    pub(super) layout: Layout,
    /// Words per carrier.
    pub(super) words: usize,
    /// The pairs with a connection, in order of `(a, b)`, `a < b`.
    pub(super) listed: Vec<Listed>,
    /// `index[a * n + b]` (`a < b`): the pair's entry in `listed`, or `u32::MAX`.
    pub(super) index: Vec<u32>,
    pub(super) full_chains: Vec<Chains>,
    pub(super) full_words: Vec<u64>,
    pub(super) semi_keys: Vec<(Cell, Chains)>,
    pub(super) semi_words: Vec<u64>,
}

/// The connections between one pair of points, smallest carriers first.
#[derive(Clone, Copy, Debug)]
pub struct PairConnections<'a> {
    owner: &'a Connections,
    listed: &'a Listed,
}

impl<'a> PairConnections<'a> {
    /// The full connections.
    pub fn full(self) -> impl ExactSizeIterator<Item = Full> + 'a {
        self.fulls(Connections::carrier)
    }

    /// The semi connections.
    pub fn semi(self) -> impl ExactSizeIterator<Item = Semi> + 'a {
        self.semis(Connections::carrier)
    }

    /// How many cells every full carrier holds (0 when there is no full connection), counted
    /// on the carriers as the search keeps them (a carrier's bits are its cells, one each).
    #[must_use]
    pub fn full_common_len(self) -> usize {
        let words = self.owner.words;
        let (from, to) = self.listed.full;
        let mut carriers =
            self.owner.full_words[from as usize * words..to as usize * words].chunks_exact(words);
        let Some(first) = carriers.next() else {
            return 0;
        };
        let mut common = [0u64; MAX_WORDS];
        common[..words].copy_from_slice(first);
        for carrier in carriers {
            for (c, w) in common.iter_mut().zip(carrier) {
                *c &= w;
            }
        }
        common.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Whether some full connection has an empty carrier (its ends are adjacent, or joined by
    /// the player's stones).
    #[must_use]
    pub fn has_empty_full(self) -> bool {
        let words = self.owner.words;
        let (from, to) = self.listed.full;
        self.owner.full_words[from as usize * words..to as usize * words]
            .chunks_exact(words)
            .any(|carrier| carrier.iter().all(|&w| w == 0))
    }

    /// The full connections with carriers as the search keeps them.
    pub(super) fn full_bits<const W: usize>(self) -> impl Iterator<Item = Full<Bits<W>>> + 'a {
        self.fulls(Connections::bits::<W>)
    }

    /// The semi connections with carriers as the search keeps them.
    pub(super) fn semi_bits<const W: usize>(self) -> impl Iterator<Item = Semi<Bits<W>>> + 'a {
        self.semis(Connections::bits::<W>)
    }

    /// The full connections, carrier `i` of a word list read by `carrier`.
    fn fulls<C>(
        self,
        carrier: impl Fn(&Connections, &[u64], usize) -> C + 'a,
    ) -> impl ExactSizeIterator<Item = Full<C>> + 'a {
        let owner = self.owner;
        let (from, to) = self.listed.full;
        (from as usize..to as usize).map(move |i| Full {
            carrier: carrier(owner, &owner.full_words, i),
            chains: owner.full_chains[i],
        })
    }

    /// The semi connections, carrier `i` of a word list read by `carrier`.
    fn semis<C>(
        self,
        carrier: impl Fn(&Connections, &[u64], usize) -> C + 'a,
    ) -> impl ExactSizeIterator<Item = Semi<C>> + 'a {
        let owner = self.owner;
        let (from, to) = self.listed.semi;
        (from as usize..to as usize).map(move |i| {
            let (key, chains) = owner.semi_keys[i];
            Semi {
                carrier: carrier(owner, &owner.semi_words, i),
                key,
                chains,
            }
        })
    }
}

/// The pair `{a, b}` with the smaller id first.
pub(super) fn key(a: PointId, b: PointId) -> (PointId, PointId) {
    if a < b {
        (a, b)
    } else {
        (b, a)
    }
}

impl Connections {
    /// These connections with the edge-to-edge pair's replaced by `other`'s (connections of the
    /// same player on the same position, found with other rules).
    pub(super) fn with_edge_pair_of(self, other: &Connections) -> Connections {
        let n = self.points.len();
        let mut out = Connections {
            layout: self.layout,
            words: self.words,
            listed: Vec::with_capacity(self.listed.len() + 1),
            index: vec![u32::MAX; n * n],
            full_chains: Vec::with_capacity(self.full_chains.len()),
            full_words: Vec::with_capacity(self.full_words.len()),
            semi_keys: Vec::with_capacity(self.semi_keys.len()),
            semi_words: Vec::with_capacity(self.semi_words.len()),
            points: self.points.clone(),
        };
        debug_assert_eq!(self.words, other.words, "the same board");
        // `listed` stays in order of (a, b): the edges are points 0 and 1, so their pair comes
        // first.
        if let Some(edges) = other.edge_to_edge() {
            out.push_pair(edges);
        }
        for (a, b, pair) in self.pairs() {
            if (a, b) != (0, 1) {
                out.push_pair(pair);
            }
        }
        out
    }

    /// Appends a copy of `pair` (of connections on the same board) to the lists.
    fn push_pair(&mut self, pair: PairConnections<'_>) {
        let (owner, listed) = (pair.owner, pair.listed);
        let w = self.words;
        let (f0, f1) = (listed.full.0 as usize, listed.full.1 as usize);
        let (s0, s1) = (listed.semi.0 as usize, listed.semi.1 as usize);
        if f0 == f1 && s0 == s1 {
            return;
        }
        let full_start = self.full_chains.len() as u32;
        self.full_chains
            .extend_from_slice(&owner.full_chains[f0..f1]);
        self.full_words
            .extend_from_slice(&owner.full_words[f0 * w..f1 * w]);
        let semi_start = self.semi_keys.len() as u32;
        self.semi_keys.extend_from_slice(&owner.semi_keys[s0..s1]);
        self.semi_words
            .extend_from_slice(&owner.semi_words[s0 * w..s1 * w]);
        self.index[listed.a as usize * self.points.len() + listed.b as usize] =
            self.listed.len() as u32;
        self.listed.push(Listed {
            a: listed.a,
            b: listed.b,
            full: (full_start, self.full_chains.len() as u32),
            semi: (semi_start, self.semi_keys.len() as u32),
        });
    }

    /// The connections between the points holding `a` and `b` (cells, stones or edges).
    #[must_use]
    pub fn between(&self, a: Cell, b: Cell) -> Option<PairConnections<'_>> {
        let (pa, pb) = (self.points.point_of(a)?, self.points.point_of(b)?);
        self.pair(pa, pb)
    }

    /// The connections between two points, by id.
    #[must_use]
    pub fn pair(&self, a: PointId, b: PointId) -> Option<PairConnections<'_>> {
        let (a, b) = key(a, b);
        let entry = self.index[a as usize * self.points.len() + b as usize];
        (entry != u32::MAX).then(|| PairConnections {
            owner: self,
            listed: &self.listed[entry as usize],
        })
    }

    /// Every pair of points with at least one connection (`a < b`), and its connections.
    pub fn pairs(&self) -> impl Iterator<Item = (PointId, PointId, PairConnections<'_>)> {
        self.listed.iter().map(move |listed| {
            (
                listed.a,
                listed.b,
                PairConnections {
                    owner: self,
                    listed,
                },
            )
        })
    }

    /// How the board's cells map to the carriers' bits.
    pub(super) fn layout(&self) -> Layout {
        self.layout
    }

    /// The connections between the player's two edges.
    #[must_use]
    pub fn edge_to_edge(&self) -> Option<PairConnections<'_>> {
        self.pair(0, 1)
    }

    /// Carrier `i` of `words` as cells.
    fn carrier(&self, words: &[u64], i: usize) -> CellSet {
        self.layout
            .cells_of_words(&words[i * self.words..(i + 1) * self.words])
    }

    /// Carrier `i` of `words` as [`Bits`] of `W` words (the layout's own, or converted).
    fn bits<const W: usize>(&self, words: &[u64], i: usize) -> Bits<W> {
        let own = &words[i * self.words..(i + 1) * self.words];
        Bits::from_words(own).unwrap_or_else(|| self.layout.bits(&self.layout.cells_of_words(own)))
    }
}
