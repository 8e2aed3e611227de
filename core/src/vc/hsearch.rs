//! H-search (Anshelevich; Henderson 2010, §2.9.2 and chapter 4): virtual connections built from
//! adjacency by the AND rule (two full connections in series through a midpoint) and the OR
//! rule (semi connections in parallel whose carriers share no cell).
//!
//! - A **full** connection between two points is a second-player strategy connecting them using
//!   only cells of its carrier.
//! - A **semi** connection needs one move first, its key (in its carrier).
//! - Endpoints that are empty cells count as the player's own when the connection is used.
//!
//! A pair keeps every connection whose carrier holds no other's of the same pair (a semi
//! connection's no full one's either), except that with `limit_fulls` a pair with full
//! connections takes a new one only when it misses a cell common to all of them or replaces
//! one (Benzene's rule); optional limits bound the connections kept per pair and kind.
//!
//! The OR rule runs on a pair once the AND rule has nothing left to do (a pair is queued when a
//! new semi connection leaves its semi carriers' common cells coverable), and looks for full
//! connections that avoid, one by one, the cells common to all the pair's full connections: for
//! each such cell, the semi connections missing it, when their carriers share no cell (or only
//! cells of captured pairs), combine into a full connection on the union of as many of them as it
//! takes (Henderson 2010 §2.9.2 allows any number; Benzene's current H-search works this way).
//!
//! The search keeps carriers as [`Bits`] in the board's own layout (two words on 11x11), and the
//! AND rule combines each new full connection only with the ones stored before it, so every two
//! meet once (unless the per-pair limit drops the older one before the newer one's turn: that
//! deduction is lost, as any the limit turns away).

use crate::board::{Cell, CellSet, Color};
use crate::position::Position;

use super::arena::{ListArena, Span};
use super::captured::{self, cover};
use super::carrier::{Bits, CarrierSet, Layout};
use super::crossing;
use super::points::{PointId, Points};
use super::templates;

/// The most connections of one kind a pair keeps, whatever the limits say (the lists' own
/// bound; a pair reaching it drops its largest carrier, as with a smaller limit).
pub const MAX_PER_PAIR: usize = 32_767;

/// The most carriers the eager OR rule ([`Limits::or_depth`]) tries for one new semi
/// connection: its set cover search is exponential in the depth, so past this it gives up (that
/// connection is then only combined by the OR rule's later pass over the pair).
pub const OR_RULE_BUDGET: u32 = 256;

/// The default [`Limits::max_connections`]: above what the busiest bench position needs (the
/// AND rule through edges stores at most 710,000 connections on the 11x11 and 13x13 sets,
/// counting replaced ones; a busy 19x19 position can reach the bound, in about a second).
pub const MAX_CONNECTIONS: usize = 1_000_000;

/// The search also stops once it has deduced this many times [`Limits::max_connections`]
/// connections, stored or turned away (the bench positions deduce at most 3 per connection
/// stored).
pub const DEDUCED_PER_STORED: usize = 8;

/// Bounds on the search, and which rules it uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Full connections kept per pair of points (at most [`MAX_PER_PAIR`]; the default keeps
    /// every one `limit_fulls` admits).
    pub full_per_pair: usize,
    /// Semi connections kept per pair of points (at most [`MAX_PER_PAIR`]; the default keeps
    /// every semi connection whose carrier holds no other's, as Benzene does).
    pub semi_per_pair: usize,
    /// When above 0, a new semi connection is also combined at once with up to this many of
    /// the pair's others (the smallest cover found first), besides the OR rule's later pass
    /// over the pair: a few more connections for about a third more time.
    pub or_depth: usize,
    /// Whether to apply the crossing rule (Henderson 2010, §4.1).
    pub crossing_rule: bool,
    /// Whether to add the edge templates (rows 2 to 4) once the rules have done all they can
    /// from adjacency, and go on from there.
    pub edge_templates: bool,
    /// Whether the AND rule may go through the player's edges. Benzene leaves this off by
    /// default: every point touching an edge would connect to every other one through it, which
    /// costs over ten times the time for a fifth more edge-to-edge semi connections (most
    /// crossing-rule deductions need it; see `hexlab bench vc`).
    pub and_over_edges: bool,
    /// Whether carriers may overlap on cells captured by a key or an empty endpoint
    /// (Henderson 2010, §4.2; see [`super::captured`]).
    pub captured_sets: bool,
    /// Whether a pair that has full connections takes a new one only when the new one misses a
    /// cell common to all of them or is inside one of them (Benzene's `limit_fulls`): one that
    /// holds every common cell changes neither the mustplay nor what the OR rule can avoid.
    pub limit_fulls: bool,
    /// The most connections the search stores, counting every one stored (also those a
    /// smaller carrier later replaces), and a eighth of the most it deduces (stored or turned
    /// away, [`DEDUCED_PER_STORED`]): once either is reached, it stops deriving and returns what
    /// it has (every connection still sound, only fewer). Bounds the time and memory of a search
    /// whatever the other limits say (with `limit_fulls` off the lists can grow without end).
    pub max_connections: usize,
}

impl Limits {
    /// The default limits with the AND rule going through edges too: more connections, over
    /// ten times slower.
    #[must_use]
    pub fn thorough() -> Limits {
        Limits {
            and_over_edges: true,
            ..Limits::default()
        }
    }
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            full_per_pair: MAX_PER_PAIR,
            semi_per_pair: MAX_PER_PAIR,
            or_depth: 0,
            crossing_rule: true,
            edge_templates: true,
            and_over_edges: false,
            captured_sets: true,
            limit_fulls: true,
            max_connections: MAX_CONNECTIONS,
        }
    }
}

/// Partition chains, as a bitmask over point ids: chains and edges come first among the points,
/// so a chain's bit is its id; chains with ids from 64 on are left out (knowing fewer partition
/// chains only means fewer crossing-rule deductions).
pub type Chains = u64;

/// The bit of chain point `id` (none past 63).
#[must_use]
pub fn chain_bit(id: PointId) -> Chains {
    if id < 64 {
        1 << id
    } else {
        0
    }
}

/// A full connection: its carrier, and its partition chains.
///
/// Invariant: every chain in `chains` splits the carrier into two disjoint full connections,
/// one to each endpoint (Henderson 2010, Lemma 12). Carriers hold empty cells only.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Full<C = CellSet> {
    pub carrier: C,
    pub chains: Chains,
}

/// A semi connection's carrier (which holds the key), key and partition chains.
///
/// Invariant: every chain in `chains` splits the carrier into a full connection to one
/// endpoint and a disjoint semi connection to the other.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Semi<C = CellSet> {
    pub carrier: C,
    pub key: Cell,
    pub chains: Chains,
}

/// Where one pair's connections are in [`Connections`]' lists: `full` and `semi` are ranges of
/// connection indices.
#[derive(Clone, Copy, Debug)]
struct Listed {
    a: PointId,
    b: PointId,
    full: (u32, u32),
    semi: (u32, u32),
}

/// Every connection H-search found for one player.
///
/// Carriers are kept as the search made them ([`Bits`] of `words` words in the board's
/// [`Layout`]) and turned into cell sets as they are read.
#[derive(Clone, Debug)]
pub struct Connections {
    pub points: Points,
    layout: Layout,
    /// Words per carrier.
    words: usize,
    /// The pairs with a connection, in order of `(a, b)`, `a < b`.
    listed: Vec<Listed>,
    /// `index[a * n + b]` (`a < b`): the pair's entry in `listed`, or `u32::MAX`.
    index: Vec<u32>,
    full_chains: Vec<Chains>,
    full_words: Vec<u64>,
    semi_keys: Vec<(Cell, Chains)>,
    semi_words: Vec<u64>,
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

fn key(a: PointId, b: PointId) -> (PointId, PointId) {
    if a < b {
        (a, b)
    } else {
        (b, a)
    }
}

impl Connections {
    /// These connections with the edge-to-edge pair's replaced by `other`'s (connections of the
    /// same player on the same position, found with other rules).
    fn with_edge_pair_of(self, other: &Connections) -> Connections {
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

/// Runs H-search for `color` on `position`.
///
/// With the AND rule through edges, the edge takes in everything touching it on the way
/// between two other points, which joins them only in the sense that matters for winning (an
/// edge is not a path between two cells). So only the edge-to-edge connections are taken from
/// that search (those an edge between the two ends cannot make wrong); every other pair's come
/// from the search without it, run alongside. Every connection returned is then a connection
/// in the plain sense: the player joins the two ends by a chain of its own stones.
#[must_use]
pub fn h_search(position: &Position, color: Color, limits: Limits) -> Connections {
    if !limits.and_over_edges {
        return search_rules(position, color, limits);
    }
    let plain = Limits {
        and_over_edges: false,
        ..limits
    };
    let (through_edges, plain) = rayon::join(
        || search_rules(position, color, limits),
        || search_rules(position, color, plain),
    );
    plain.with_edge_pair_of(&through_edges)
}

/// H-search with exactly the rules `limits` asks for (see [`h_search`]).
fn search_rules(position: &Position, color: Color, limits: Limits) -> Connections {
    match Layout::new(position.size()).words() {
        2 => build::<2>(position, color, limits),
        3 => build::<3>(position, color, limits),
        4 => build::<4>(position, color, limits),
        _ => build::<6>(position, color, limits),
    }
}

/// [`h_search`] with carriers of `W` words.
fn build<const W: usize>(position: &Position, color: Color, limits: Limits) -> Connections {
    let points = Points::new(position, color);
    let n = points.len();
    let mut search = Search::<W>::new(position, points, limits);
    for a in 0..n as PointId {
        for b in search.points.adjacent(a) {
            if a < b {
                search.add_full(a, b, Bits::default(), 0);
            }
        }
    }
    // The templates come once the rules have done all they can from adjacency: the OR rule only
    // builds full connections that avoid a cell common to all of a pair's full connections, so
    // a template stored first would keep the rules from building connections that later AND
    // deductions need (rows 2 and 3 and most of row 4 are found by the rules anyway).
    search.run();
    if limits.edge_templates {
        for found in templates::matches(position, color) {
            let points = &search.points;
            if let (Some(a), Some(b)) = (points.point_of(found.anchor), points.point_of(found.edge))
            {
                let carrier = search.layout.bits(&found.carrier);
                search.add_full(a, b, carrier, 0);
            }
        }
    }
    search.run();
    search.finish()
}

/// A full connection while the search runs, with the order in which it was stored (the AND
/// rule combines each with the ones stored before it, so every two are combined once, see the
/// module doc).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Link<const W: usize> {
    carrier: Bits<W>,
    chains: Chains,
    serial: u32,
    /// The carrier's number of cells (kept equal to it).
    size: u16,
}

/// A semi connection while the search runs, with its carrier's number of cells.
///
/// Invariant: `size` is the number of cells of `carrier`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct SemiLink<const W: usize> {
    carrier: Bits<W>,
    chains: Chains,
    key: Cell,
    size: u16,
}

impl<const W: usize> SemiLink<W> {
    /// The semi connection `semi`, with its carrier counted.
    fn new(semi: Semi<Bits<W>>) -> SemiLink<W> {
        SemiLink {
            carrier: semi.carrier,
            chains: semi.chains,
            key: semi.key,
            size: semi.carrier.len() as u16,
        }
    }

    /// Whether this is `other`, a connection of the same list (no two there have the same
    /// carrier; the sizes are compared first, the usual difference).
    #[inline]
    fn is(&self, other: &SemiLink<W>) -> bool {
        self.size == other.size && self.carrier.words() == other.carrier.words()
    }

    /// The semi connection without the count.
    fn semi(self) -> Semi<Bits<W>> {
        Semi {
            carrier: self.carrier,
            key: self.key,
            chains: self.chains,
        }
    }
}

/// A connection in a list kept smallest carriers first: its carrier and that carrier's size (kept
/// with it, so keeping the order costs no counting).
trait Ranked<const W: usize> {
    /// The carrier.
    fn carrier(&self) -> Bits<W>;
    /// The carrier's number of cells.
    fn size(&self) -> u16;
}

/// [`Ranked`] for connections with `carrier` and `size` fields.
macro_rules! ranked_by_fields {
    ($($link:ident),*) => {$(
        impl<const W: usize> Ranked<W> for $link<W> {
            #[inline]
            fn carrier(&self) -> Bits<W> {
                self.carrier
            }
            #[inline]
            fn size(&self) -> u16 {
                self.size
            }
        }
    )*};
}

ranked_by_fields!(Link, SemiLink);

/// A point another has a full connection with.
#[derive(Clone, Copy, Debug)]
struct Partner<const W: usize> {
    /// The cells in every full connection of the pair that no captured pair of the partner
    /// holds (see [`Search::and_deductions`]).
    common: Bits<W>,
    point: PointId,
    /// The point's bit when it is an empty cell (carriers hold only empty cells, so a carrier meets the point exactly when it holds this bit).
    slot: Option<u16>,
    /// The pair's entry in [`Search`]'s lists.
    entry: u32,
    /// The serial of the pair's first full connection: the pair has none older.
    since: u32,
}

/// Where one pair's connections are while the search runs ([`Search`]'s `fulls` and `semis`),
/// smallest carriers first.
#[derive(Clone, Copy, Debug, Default)]
struct Lists<const W: usize> {
    full: Span,
    semi: Span,
    /// Where the pair `(a, b)`, `a < b`, is in `full_partners[a]` and `full_partners[b]` (once it
    /// has a full connection).
    partner_at: [u16; 2],
    /// Whether the pair waits in the OR rule's queue.
    or_queued: bool,
    /// The cells common to all the pair's semi carriers (when it has any).
    semi_common: Bits<W>,
    /// At least the number of the pair's semi connections with partition chains (the crossing
    /// rule needs two): counted up as they come, not down as they go.
    chained_at_most: u16,
}

/// H-search's working state, with carriers of `W` words (see [`Layout::words`]).
pub(super) struct Search<const W: usize> {
    pub(super) limits: Limits,
    pub(super) points: Points,
    pub(super) layout: Layout,
    /// `slot_of[a * n + b]` (`a < b`): the pair's entry in `lists`, or `u32::MAX`.
    slot_of: Vec<u32>,
    /// Where the connections of the pairs met so far are.
    lists: Vec<Lists<W>>,
    /// The pairs' full connections.
    fulls: ListArena<Link<W>>,
    /// The pairs' semi connections.
    semis: ListArena<SemiLink<W>>,
    /// Per point, the points it has a full connection with (for the AND rule), in the order
    /// the first of those connections was stored.
    full_partners: Vec<Vec<Partner<W>>>,
    /// New full connections whose AND-rule consequences are still to be drawn.
    queue: std::collections::VecDeque<(PointId, PointId, Link<W>)>,
    /// Pairs (with their entry in `lists`) whose semi connections the OR rule is to combine.
    or_queue: std::collections::VecDeque<(PointId, PointId, u32)>,
    /// A buffer the OR rule reuses for a pair's other semi carriers.
    or_scratch: Vec<Bits<W>>,
    /// A buffer the AND rule reuses for its deductions.
    and_scratch: Vec<(PointId, Bits<W>, Chains)>,
    /// Per point, the pairs captured once the point is the player's (empty unless the limits
    /// ask for captured sets).
    captures: Vec<Vec<Bits<W>>>,
    /// Per point, the cells of its captured pairs (a quick test before [`captured::cover`]).
    captured_cells: Vec<Bits<W>>,
    /// Per point, its cell's bit when it is an empty cell (carriers hold only empty cells, so a
    /// carrier meets a point's body exactly when it holds this bit).
    empty_slot: Vec<Option<u16>>,
    /// While set, connections are stored without drawing consequences (an incremental update
    /// restoring connections whose consequences are already there).
    pub(super) quiet: bool,
    /// The serial the next stored full connection gets.
    next_serial: u32,
    /// How many connections have been stored (see [`Limits::max_connections`]).
    stored: usize,
    /// How many connections the rules have deduced, stored or not.
    deduced: usize,
    /// Set once `stored` reaches [`Limits::max_connections`]: nothing more is stored or derived.
    pub(super) exhausted: bool,
}

impl<const W: usize> Search<W> {
    /// An empty search over `points` (the player's points of `position`).
    pub(super) fn new(position: &Position, points: Points, limits: Limits) -> Search<W> {
        let n = points.len();
        let layout = Layout::new(position.size());
        let captures: Vec<Vec<Bits<W>>> = if limits.captured_sets {
            captured::captured_carriers(position, &points)
        } else {
            vec![Vec::new(); n]
        };
        let captured_cells = captures
            .iter()
            .map(|pairs| pairs.iter().fold(Bits::default(), |all, p| all | *p))
            .collect();
        let empty_slot = points
            .points
            .iter()
            .map(|p| p.empty.then(|| layout.slot(p.name)))
            .collect();
        Search {
            limits,
            layout,
            slot_of: vec![u32::MAX; n * n],
            lists: Vec::with_capacity(n * n / 4),
            fulls: ListArena::with_capacity(n * n / 2),
            semis: ListArena::with_capacity(n * n * 2),
            full_partners: (0..n).map(|_| Vec::with_capacity(16)).collect(),
            points,
            queue: std::collections::VecDeque::new(),
            or_queue: std::collections::VecDeque::new(),
            or_scratch: Vec::new(),
            and_scratch: Vec::new(),
            captures,
            captured_cells,
            empty_slot,
            quiet: false,
            next_serial: 0,
            stored: 0,
            deduced: 0,
            exhausted: false,
        }
    }

    /// The entry of the pair `{a, b}` in `lists`, made empty if the pair has none yet.
    #[inline(always)]
    fn index(&mut self, a: PointId, b: PointId) -> usize {
        let (a, b) = key(a, b);
        let slot = a as usize * self.points.len() + b as usize;
        if self.slot_of[slot] == u32::MAX {
            self.slot_of[slot] = self.lists.len() as u32;
            self.lists.push(Lists::default());
        }
        self.slot_of[slot] as usize
    }

    /// Draws the consequences of every queued full connection (and theirs) by the AND rule, and
    /// once none is left, of the next queued pair by the OR rule; until both queues are empty.
    pub(super) fn run(&mut self) {
        loop {
            if self.exhausted {
                self.queue.clear();
                self.or_queue.clear();
                return;
            }
            while let Some((a, b, full)) = self.queue.pop_front() {
                if self.exhausted {
                    break;
                }
                self.and_rule(a, b, full);
            }
            if self.exhausted {
                continue;
            }
            let Some((a, b, slot)) = self.or_queue.pop_front() else {
                break;
            };
            self.lists[slot as usize].or_queued = false;
            self.or_pair(a, b, slot as usize);
        }
    }

    /// Queues every full connection of point `p` again, to be combined with the others.
    pub(super) fn requeue(&mut self, p: PointId) {
        for partner in &self.full_partners[p as usize] {
            for &full in self.fulls.get(self.lists[partner.entry as usize].full) {
                self.queue.push_back((p, partner.point, full));
            }
        }
    }

    /// Queues the pair `{a, b}` for the OR rule when its semi connections could make a full one
    /// (an incremental update whose pair lost connections: the OR rule's candidates were the
    /// cells common to full connections of which some are gone).
    pub(super) fn queue_or(&mut self, a: PointId, b: PointId) {
        let slot = self.index(a, b);
        let lists = self.lists[slot];
        if lists.or_queued
            || lists.semi.len() < 2
            || self.or_set_aside(a, b, lists.semi_common).is_none()
        {
            return;
        }
        self.lists[slot].or_queued = true;
        self.or_queue.push_back((a, b, slot as u32));
    }

    /// The cells of point `p` a carrier can hold: its cell when it is empty.
    fn empty_body(&self, p: PointId) -> Bits<W> {
        self.empty_slot[p as usize].map_or(Bits::default(), Bits::single)
    }

    /// Combines the new full connection (a, b) with the full connections stored before it at
    /// either end.
    fn and_rule(&mut self, a: PointId, b: PointId, first: Link<W>) {
        for (mid, far) in [(b, a), (a, b)] {
            // Points 0 and 1 are the edges.
            if mid < 2 && !self.limits.and_over_edges {
                continue;
            }
            // The deductions are gathered first and added afterwards: adding changes no list at
            // `mid` (the rules join `far` and `other`, or, by the crossing rule, two chains, and
            // `mid` is then an empty cell), so the order and the outcome are as if each were
            // added when found.
            let mut found = std::mem::take(&mut self.and_scratch);
            found.clear();
            self.and_deductions(mid, far, &first, &mut found);
            match self.empty_slot[mid as usize] {
                Some(key_slot) => {
                    let key = self.points.get(mid).name;
                    for &(other, carrier, chains) in &found {
                        let semi = Semi {
                            carrier: carrier | Bits::single(key_slot),
                            key,
                            chains,
                        };
                        self.add_semi(far, other, semi);
                    }
                }
                None => {
                    for &(other, carrier, chains) in &found {
                        self.add_full(far, other, carrier, chains | chain_bit(mid));
                    }
                }
            }
            self.and_scratch = found;
        }
    }

    /// The AND rule's deductions through `mid` from `first` (between `mid` and `far`) and the
    /// full connections at `mid` stored before it: the far end, carrier and chains of each (the
    /// midpoint not yet added).
    fn and_deductions(
        &self,
        mid: PointId,
        far: PointId,
        first: &Link<W>,
        found: &mut Vec<(PointId, Bits<W>, Chains)>,
    ) {
        let mid_empty = self.empty_slot[mid as usize].is_some();
        let far_body = self.empty_body(far);
        let blocked = first.carrier | far_body;
        // The cells captured pairs of the two ends of the path could cover (none for stones and
        // edges).
        let ends_reach = self.captured_cells[far as usize] | self.captured_cells[mid as usize];
        // A partner's every second carrier holds its `common` cells, which its captured pairs
        // miss: when one of those is the far end, or in the first carrier outside what the
        // ends' captured pairs could cover, every second carrier is turned away below.
        let hopeless = far_body | (first.carrier - ends_reach);
        // Partners are kept in the order of their first connection: those with one stored
        // before `first` come first.
        for partner in &self.full_partners[mid as usize] {
            if partner.since >= first.serial {
                break;
            }
            let other = partner.point;
            if other == far
                || partner
                    .slot
                    .is_some_and(|slot| first.carrier.contains(slot))
            {
                continue;
            }
            if partner.common.intersects(&hopeless) {
                continue;
            }
            for second in self.fulls.get(self.lists[partner.entry as usize].full) {
                if second.serial >= first.serial {
                    continue;
                }
                // One test for the usual case: the second carrier misses both the first one and
                // the far end.
                if (blocked & second.carrier).is_empty() {
                    found.push((
                        other,
                        first.carrier | second.carrier,
                        first.chains | second.chains,
                    ));
                    continue;
                }
                if second.carrier.intersects(&far_body) {
                    continue;
                }
                let overlap = first.carrier & second.carrier;
                // Theorems 10 and 11: an overlap inside pairs captured by the key or an empty
                // endpoint; the deduced carrier takes in those pairs, and the halves no longer
                // split at a partition chain.
                if !overlap.is_subset(&(ends_reach | self.captured_cells[other as usize])) {
                    continue;
                }
                let sources = [far, other, if mid_empty { mid } else { far }];
                if let Some(extra) = self.captured_cover(overlap, &sources, [far, other, mid]) {
                    found.push((other, first.carrier | second.carrier | extra, 0));
                }
            }
        }
    }

    /// The captured pairs of `sources` covering `overlap` and missing the points `avoid` (see
    /// [`captured::cover`]). The caller has done the quick test: `overlap` lies within the
    /// sources' captured cells.
    fn captured_cover(
        &self,
        overlap: Bits<W>,
        sources: &[PointId; 3],
        avoid: [PointId; 3],
    ) -> Option<Bits<W>> {
        let avoid = avoid
            .iter()
            .fold(Bits::default(), |all, &p| all | self.empty_body(p));
        let mut lists: [&[Bits<W>]; 3] = [&[]; 3];
        for (i, &p) in sources.iter().enumerate() {
            if !sources[..i].contains(&p) {
                lists[i] = &self.captures[p as usize];
            }
        }
        cover(overlap, &lists, avoid)
    }

    /// Adds a full connection unless one with a subset carrier exists; drops supersets.
    pub(super) fn add_full(&mut self, a: PointId, b: PointId, carrier: Bits<W>, chains: Chains) {
        if a == b || self.exhausted {
            return;
        }
        self.count_deduced();
        let full = Link {
            carrier,
            chains,
            serial: self.next_serial,
            size: carrier.len() as u16,
        };
        let limit = self.limits.full_per_pair.min(MAX_PER_PAIR);
        let slot = self.index(a, b);
        let mut pair = self.lists[slot];
        // A pair's list of full connections never empties once it has one.
        let new_partners = pair.full.is_empty();
        if self.limits.limit_fulls && !new_partners && !self.shrinks(pair.full, carrier) {
            return;
        }
        if !insert_smallest(&mut self.fulls, &mut pair.full, full, limit) {
            return;
        }
        self.count_stored();
        let semis_before = pair.semi.len();
        self.semis
            .retain(&mut pair.semi, |s| !carrier.is_subset(&s.carrier));
        if !pair.semi.is_empty() && pair.semi.len() < semis_before {
            pair.semi_common = self.semi_common(pair.semi);
        }
        let common = self
            .fulls
            .get(pair.full)
            .iter()
            .fold(carrier, |all, f| all & f.carrier);
        let (lo, hi) = key(a, b);
        for (i, (x, y)) in [(lo, hi), (hi, lo)].into_iter().enumerate() {
            let common = common - self.captured_cells[y as usize];
            let partners = &mut self.full_partners[x as usize];
            if new_partners {
                pair.partner_at[i] = partners.len() as u16;
                partners.push(Partner {
                    common,
                    point: y,
                    slot: self.empty_slot[y as usize],
                    entry: slot as u32,
                    since: full.serial,
                });
            } else {
                partners[usize::from(pair.partner_at[i])].common = common;
            }
        }
        self.lists[slot] = pair;
        self.next_serial += 1;
        if !self.quiet {
            self.queue.push_back((a, b, full));
        }
    }

    /// Counts one more connection stored, and stops the search at [`Limits::max_connections`].
    #[inline]
    fn count_stored(&mut self) {
        self.stored += 1;
        if self.stored >= self.limits.max_connections {
            self.exhausted = true;
        }
    }

    /// Counts one more connection deduced, and stops the search at [`DEDUCED_PER_STORED`] times
    /// [`Limits::max_connections`].
    #[inline]
    fn count_deduced(&mut self) {
        self.deduced += 1;
        if self.deduced / DEDUCED_PER_STORED >= self.limits.max_connections {
            self.exhausted = true;
        }
    }

    /// The cells common to all the semi carriers of the list at `span` (not empty).
    fn semi_common(&self, span: Span) -> Bits<W> {
        let list = self.semis.get(span);
        list.iter().fold(list[0].carrier, |all, s| all & s.carrier)
    }

    /// Whether a full connection on `carrier` would make the list at `span` (not empty) smaller:
    /// it misses a cell common to all of them, or one of them holds it.
    fn shrinks(&self, span: Span, carrier: Bits<W>) -> bool {
        let list = self.fulls.get(span);
        let common = list.iter().fold(list[0].carrier, |all, f| all & f.carrier);
        !common.is_subset(&carrier) || list.iter().any(|f| carrier.is_subset(&f.carrier))
    }

    /// Adds a semi connection (unless a subset carrier already connects the pair) and tries the
    /// OR rule and the crossing rule with the pair's other semi connections.
    ///
    /// Most semi connections the rules make are turned away: that test is inlined, the rest is
    /// not.
    #[inline]
    pub(super) fn add_semi(&mut self, a: PointId, b: PointId, semi: Semi<Bits<W>>) {
        if a == b || self.exhausted {
            return;
        }
        self.count_deduced();
        let limit = self.limits.semi_per_pair.min(MAX_PER_PAIR);
        let slot = self.index(a, b);
        let mut pair = self.lists[slot];
        let fulls = self.fulls.get(pair.full);
        if fulls.iter().any(|f| f.carrier.is_subset(&semi.carrier)) {
            return;
        }
        let was_full = pair.semi.len() >= limit;
        if !insert_smallest(&mut self.semis, &mut pair.semi, SemiLink::new(semi), limit) {
            return;
        }
        self.count_stored();
        // The carriers the insertion dropped hold the new one, so they change nothing common to
        // the rest and the new one; a list cut to its limit lost another, so is counted again.
        pair.chained_at_most = pair
            .chained_at_most
            .saturating_add(u16::from(semi.chains != 0));
        pair.semi_common = if pair.semi.len() == 1 {
            semi.carrier
        } else if was_full {
            self.semi_common(pair.semi)
        } else {
            pair.semi_common & semi.carrier
        };
        self.lists[slot] = pair;
        if !self.quiet {
            self.semi_rules(a, b, slot, semi);
        }
    }

    /// What the semi connection `semi` just stored for the pair (a, b) (entry `slot` of
    /// `lists`) sets going: the pair is queued for the OR rule when it can succeed (and combined
    /// at once with up to `or_depth` others when that is above 0), and the crossing rule runs.
    #[inline(never)]
    fn semi_rules(&mut self, a: PointId, b: PointId, slot: usize, semi: Semi<Bits<W>>) {
        let lists = self.lists[slot];
        let pair = self.semis.get(lists.semi);
        let new = SemiLink::new(semi);
        // The OR rule can only succeed when all the pair's semi carriers share no cell, or share
        // only cells captured by an empty endpoint (Theorem 11): those are set aside and the
        // deduced carrier takes in their pairs. A pair already queued need not be asked again
        // unless the new connection is combined at once (`or_depth`).
        let (a_slot, b_slot) = (self.empty_slot[a as usize], self.empty_slot[b as usize]);
        let ask_or = pair.len() >= 2 && (!lists.or_queued || self.limits.or_depth > 0);
        let set_aside = if ask_or {
            self.or_set_aside(a, b, lists.semi_common)
        } else {
            None
        };
        let or_possible = set_aside.is_some();
        let set_aside = set_aside.unwrap_or_default();
        let crossing = self.limits.crossing_rule
            && a_slot.is_some()
            && b_slot.is_some()
            && lists.chained_at_most >= 2
            && crossing::possible(semi.carrier, pair.iter().map(|s| (s.carrier, s.chains)));
        if !or_possible && !crossing {
            return;
        }
        if or_possible && !self.lists[slot].or_queued {
            self.lists[slot].or_queued = true;
            self.or_queue.push_back((a, b, slot as u32));
        }
        if or_possible && self.limits.or_depth > 0 {
            let mut carriers = std::mem::take(&mut self.or_scratch);
            carriers.clear();
            carriers.extend(
                pair.iter()
                    .filter(|s| !s.is(&new))
                    // The search tries no more than its budget from the list's start.
                    .take(OR_RULE_BUDGET as usize)
                    .map(|s| s.carrier - set_aside),
            );
            let first = semi.carrier - set_aside;
            let mut budget = OR_RULE_BUDGET;
            let found = or_rule(first, first, &carriers, self.limits.or_depth, &mut budget);
            self.or_scratch = carriers;
            if let Some(carrier) = found {
                self.add_full(a, b, carrier | set_aside, 0);
            }
        }
        if let (true, Some(x_slot), Some(y_slot)) = (crossing, a_slot, b_slot) {
            // Read the list again: the OR rule may have changed it.
            let others: Vec<Semi<Bits<W>>> = self
                .semis
                .get(self.lists[slot].semi)
                .iter()
                .filter(|s| !s.is(&new))
                .map(|s| s.semi())
                .collect();
            let x = self.points.get(a).name;
            let ends = Bits::single(x_slot) | Bits::single(y_slot);
            for (z1, z2, crossed) in crossing::deductions(x, ends, semi, &others) {
                self.add_semi(z1, z2, crossed);
            }
        }
    }

    /// The cells the OR rule sets aside for the pair (a, b) when its semi carriers have the
    /// common cells `common`: none when there are none, else the captured pairs of the empty
    /// endpoints covering them (Theorem 11; the deduced carrier takes them in); `None` when
    /// those cannot cover them, so the OR rule cannot succeed.
    fn or_set_aside(&self, a: PointId, b: PointId, common: Bits<W>) -> Option<Bits<W>> {
        if common.is_empty() {
            return Some(Bits::default());
        }
        let reach = self.captured_cells[a as usize] | self.captured_cells[b as usize];
        if !common.is_subset(&reach) {
            return None;
        }
        let avoid = self.empty_body(a) | self.empty_body(b);
        let (ca, cb) = (&self.captures[a as usize], &self.captures[b as usize]);
        cover(common, &[ca, cb], avoid)
    }

    /// The OR rule on the pair (a, b) (entry `slot` of `lists`): full connections avoiding, in
    /// turn, each cell common to the pair's full connections (or, when it has none, any full
    /// connection first).
    ///
    /// For a cell, the semi carriers missing it make a full connection when they share no cell
    /// once the captured pairs of the empty endpoints covering their common cells are set aside
    /// (Theorem 11): whatever cell the opponent takes, some carrier misses it and its key
    /// completes that semi connection. The union is built greedily, smallest carriers first,
    /// taking a carrier only when it shrinks the common cells. Each new full connection leaves
    /// as candidates only the cells it holds, so this takes a few passes over the list per
    /// candidate cell.
    fn or_pair(&mut self, a: PointId, b: PointId, slot: usize) {
        let lists = self.lists[slot];
        if lists.semi.len() < 2 {
            return;
        }
        let semi_cells = self
            .semis
            .get(lists.semi)
            .iter()
            .fold(Bits::default(), |all, s| all | s.carrier);
        let fulls = self.fulls.get(lists.full);
        // With no full connection yet, the first pass takes every semi connection.
        let mut whole_list = fulls.is_empty();
        let mut candidates = fulls.iter().fold(semi_cells, |all, f| all & f.carrier);
        let mut carriers = std::mem::take(&mut self.or_scratch);
        loop {
            let missed = if whole_list {
                Bits::default()
            } else if let Some(cell) = candidates.first() {
                Bits::single(cell)
            } else {
                break;
            };
            whole_list = false;
            candidates -= missed;
            // The list changes as full connections are added: read it for each candidate.
            carriers.clear();
            carriers.extend(
                self.semis
                    .get(self.lists[slot].semi)
                    .iter()
                    .map(|s| s.carrier)
                    .filter(|c| !c.intersects(&missed)),
            );
            if carriers.len() < 2 {
                continue;
            }
            let common = carriers.iter().fold(carriers[0], |all, c| all & *c);
            let Some(set_aside) = self.or_set_aside(a, b, common) else {
                continue;
            };
            let union = greedy_union(&carriers, set_aside) | set_aside;
            candidates &= union;
            self.add_full(a, b, union, 0);
        }
        self.or_scratch = carriers;
    }

    /// The connections found.
    pub(super) fn finish(self) -> Connections {
        let n = self.points.len();
        let (full_count, semi_count) = self
            .lists
            .iter()
            .fold((0, 0), |(f, s), l| (f + l.full.len(), s + l.semi.len()));
        // The pair index is rewritten in place: from entries of `lists` to entries of `listed`.
        let mut index = self.slot_of;
        let mut out = Connections {
            layout: self.layout,
            words: W,
            listed: Vec::with_capacity(self.lists.len()),
            index: Vec::new(),
            full_chains: Vec::with_capacity(full_count),
            full_words: Vec::with_capacity(full_count * W),
            semi_keys: Vec::with_capacity(semi_count),
            semi_words: Vec::with_capacity(semi_count * W),
            points: self.points,
        };
        for (slot, entry) in index.iter_mut().enumerate() {
            let Some(lists) = self.lists.get(*entry as usize) else {
                continue;
            };
            if lists.full.is_empty() && lists.semi.is_empty() {
                *entry = u32::MAX;
                continue;
            }
            let full_start = out.full_chains.len() as u32;
            for f in self.fulls.get(lists.full) {
                out.full_chains.push(f.chains);
                out.full_words.extend_from_slice(f.carrier.words());
            }
            let semi_start = out.semi_keys.len() as u32;
            for s in self.semis.get(lists.semi) {
                out.semi_keys.push((s.key, s.chains));
                out.semi_words.extend_from_slice(s.carrier.words());
            }
            *entry = out.listed.len() as u32;
            out.listed.push(Listed {
                a: (slot / n) as PointId,
                b: (slot % n) as PointId,
                full: (full_start, out.full_chains.len() as u32),
                semi: (semi_start, out.semi_keys.len() as u32),
            });
        }
        out.index = index;
        out
    }
}

/// Stores `item` in the list at `span` (kept smallest carriers first, at most `limit` long)
/// unless a carrier there is inside its own or `limit` no larger ones are there; see
/// [`insertion_point`] and [`insert_at`]. Returns whether it was stored.
#[inline]
fn insert_smallest<const W: usize, T: Copy + Ranked<W>>(
    arena: &mut ListArena<T>,
    span: &mut Span,
    item: T,
    limit: usize,
) -> bool {
    let Some(position) = insertion_point(arena.get(*span), &item, limit) else {
        return false;
    };
    insert_at(arena, span, position, item, limit);
    true
}

/// Where a connection with carrier `own` goes in `list` (kept smallest carriers first, at most
/// `limit` long): after the carriers no larger, unless one of those is inside `own` (the pair is
/// connected already) or there are `limit` of them.
///
/// A carrier inside `own` is no larger, so the list's order says where to stop looking.
#[inline]
fn insertion_point<const W: usize, T: Ranked<W>>(
    list: &[T],
    item: &T,
    limit: usize,
) -> Option<usize> {
    let (own, size) = (item.carrier(), item.size());
    let mut position = 0;
    for x in list {
        if x.size() > size {
            break;
        }
        if x.carrier().is_subset(&own) {
            return None;
        }
        position += 1;
    }
    (position < limit).then_some(position)
}

/// Inserts `item` at `position` (from [`insertion_point`]) in the list at `span`, after
/// dropping the entries whose carriers contain its carrier and, if the list would be longer
/// than `limit`, its last one.
///
/// Only entries after `position` can contain the carrier: those before are no larger, and an
/// equal one would have been inside it.
#[inline(never)]
fn insert_at<const W: usize, T: Copy + Ranked<W>>(
    arena: &mut ListArena<T>,
    span: &mut Span,
    position: usize,
    item: T,
    limit: usize,
) {
    let own = item.carrier();
    // Lists start with room for four and double.
    arena.insert_dropping(
        span,
        position,
        item,
        |x| own.is_subset(&x.carrier()),
        limit,
        limit.min(4),
    );
}

/// The union of carriers from `carriers` (less `set_aside`), taken in order when they shrink
/// the common cells of those taken so far, until none is left. The caller knows that all of
/// them together share no cell outside `set_aside`.
fn greedy_union<C: CarrierSet>(carriers: &[C], set_aside: C) -> C {
    let mut taken = carriers.iter().map(|&c| c - set_aside);
    let Some(first) = taken.next() else {
        return C::default();
    };
    let (mut common, mut union) = (first, first);
    for carrier in taken {
        if common.is_empty() {
            break;
        }
        let shrunk = common & carrier;
        if shrunk != common {
            common = shrunk;
            union |= carrier;
        }
    }
    union
}

/// The OR rule: semi carriers (the new one, then at most `depth` of `others`) whose
/// intersection is empty give a full connection on their union. Returns the first union found.
///
/// Some chosen carrier must miss the intersection's lowest cell, so only those are tried there
/// (a set cover search: it finds a union whenever one within `depth` exists, trying smaller
/// carriers first as `others` comes smallest first). The search is exponential in `depth`: each
/// carrier tried takes one from `budget`, and once it is spent the search gives up (finding
/// nothing loses a connection, never soundness).
fn or_rule<C: CarrierSet>(
    intersection: C,
    union: C,
    others: &[C],
    depth: usize,
    budget: &mut u32,
) -> Option<C> {
    if intersection.is_empty() {
        return Some(union);
    }
    if depth == 0 {
        return None;
    }
    let lowest = intersection.lowest();
    for other in others {
        if *budget == 0 {
            return None;
        }
        *budget -= 1;
        if other.intersects(&lowest) {
            continue;
        }
        let found = or_rule(
            intersection & *other,
            union | *other,
            others,
            depth - 1,
            budget,
        );
        if found.is_some() {
            return found;
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::BoardSize;
    use crate::rng::Rng;
    use crate::rules::RulesConfig;

    /// A position with about a third of the cells Black and a third White.
    fn random_position(rng: &mut Rng, size: BoardSize) -> Position {
        let mut position = Position::new(size, RulesConfig::default());
        for cell in size.cells().iter() {
            let stone = [Some(Color::Black), Some(Color::White), None][rng.below(3)];
            position.set_stone(cell, stone).expect("a board cell");
        }
        position
    }

    /// Everything a search found, with carriers as cells.
    fn listing(c: &Connections) -> Vec<(PointId, PointId, Vec<Full>, Vec<Semi>)> {
        c.pairs()
            .map(|(a, b, p)| (a, b, p.full().collect(), p.semi().collect()))
            .collect()
    }

    #[test]
    fn every_carrier_width_finds_the_same_connections() {
        let mut rng = Rng::new(7);
        for _ in 0..6 {
            let position = random_position(&mut rng, BoardSize::square(9).unwrap());
            for color in Color::ALL {
                let limits = Limits::default();
                let two = listing(&build::<2>(&position, color, limits));
                assert!(!two.is_empty());
                assert_eq!(two, listing(&build::<3>(&position, color, limits)));
                assert_eq!(two, listing(&build::<4>(&position, color, limits)));
                assert_eq!(two, listing(&build::<6>(&position, color, limits)));
            }
        }
    }

    /// The two-word carrier of the given slots.
    fn set(slots: &[u16]) -> Bits<2> {
        slots
            .iter()
            .fold(Bits::default(), |all, &s| all | Bits::single(s))
    }

    #[test]
    fn the_greedy_union_takes_only_carriers_that_shrink_the_common_cells() {
        // Any five of the six share a cell: all six are needed, beyond any depth-4 search.
        let six: Vec<Bits<2>> = (0..6)
            .map(|missing| set(&(0..6).filter(|&c| c != missing).collect::<Vec<_>>()))
            .collect();
        assert_eq!(
            greedy_union(&six, Bits::default()),
            set(&[0, 1, 2, 3, 4, 5])
        );
        assert_eq!(or_rule(six[0], six[0], &six[1..], 4, &mut 1000), None);
        // A carrier that shrinks nothing is left out; set-aside cells are not counted.
        let carriers = [set(&[1, 7, 9]), set(&[2, 3, 7, 9]), set(&[1, 8])];
        assert_eq!(greedy_union(&carriers, set(&[1, 2])), set(&[7, 8, 9]));
    }

    #[test]
    fn the_or_rule_finds_a_cover_within_its_depth() {
        let new = set(&[1, 2, 3]);
        // Each of 1, 2, 3 is missed by exactly one carrier; the first ones miss nothing.
        let others = [
            set(&[1, 2, 3, 9]),
            set(&[2, 3, 4]),
            set(&[1, 3, 5]),
            set(&[1, 2, 6]),
        ];
        assert_eq!(or_rule(new, new, &others, 2, &mut 100), None);
        let union = or_rule(new, new, &others, 3, &mut 100).expect("three carriers cover it");
        assert_eq!(union, set(&[1, 2, 3, 4, 5, 6]));
        assert_eq!(or_rule(new, new, &others[..2], 4, &mut 100), None);
    }

    #[test]
    fn the_or_rule_gives_up_when_its_budget_is_spent() {
        // Any five of the six share a cell: every search to depth 4 fails, after trying many
        // carriers; a small budget stops it early.
        let six: Vec<Bits<2>> = (0..6)
            .map(|missing| set(&(0..6).filter(|&c| c != missing).collect::<Vec<_>>()))
            .collect();
        let mut budget = 1_000_000;
        assert_eq!(or_rule(six[0], six[0], &six[1..], 4, &mut budget), None);
        assert!(1_000_000 - budget >= 20, "{budget}");
        let mut budget = 3;
        assert_eq!(or_rule(six[0], six[0], &six[1..], 4, &mut budget), None);
        assert_eq!(budget, 0);
        // A cover within the budget is found, one past it is not.
        let new = set(&[1, 2]);
        let others = [set(&[1, 9]), set(&[2, 3]), set(&[1, 3])];
        assert_eq!(
            or_rule(new, new, &others, 2, &mut 3),
            Some(set(&[1, 2, 3, 9]))
        );
        assert_eq!(or_rule(new, new, &others, 2, &mut 2), None);
    }

    #[test]
    fn the_search_stops_at_its_connection_budget() {
        let mut rng = Rng::new(11);
        let position = random_position(&mut rng, BoardSize::square(9).unwrap());
        let count = |c: &Connections| {
            c.pairs()
                .map(|(_, _, p)| p.full().len() + p.semi().len())
                .sum::<usize>()
        };
        let all = h_search(&position, Color::Black, Limits::default());
        assert!(count(&all) > 200, "{}", count(&all));
        let bounded = Limits {
            max_connections: 100,
            ..Limits::default()
        };
        let some = h_search(&position, Color::Black, bounded);
        assert!(count(&some) <= 100, "{}", count(&some));
        assert!(count(&some) > 0);
    }

    #[test]
    fn the_largest_boards_use_their_last_cells() {
        // A bridge to the bottom-right corner cell: its carrier is in the last word.
        for size in [13, 16, 19] {
            let size = BoardSize::square(size).unwrap();
            let mut position = Position::new(size, RulesConfig::default());
            let (w, h) = (size.width(), size.height());
            let stone = Cell::new(w - 1, h - 2);
            position.set_stone(stone, Some(Color::Black)).unwrap();
            let c = h_search(&position, Color::Black, Limits::default());
            let corner = Cell::new(w - 1, h - 1);
            let bottom = Cell::BOTTOM;
            let edge = c
                .between(stone, bottom)
                .expect("the stone reaches the bottom");
            assert!(edge.full().any(|f| f.carrier.contains(corner)), "{size}");
        }
    }
}
