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

use crate::board::{Cell, Color};
use crate::position::Position;

use super::arena::{ListArena, Span};
use super::captured::{self, cover};
use super::carrier::{Bits, CarrierSet, Layout};
use super::connections::{key, Listed};
use super::crossing;
use super::edge_pieces;
use super::or_rule::{greedy_union, or_rule};
use super::points::{PointId, Points};
use super::templates;

pub use super::connection::{chain_bit, Chains, Full, Semi};
pub use super::connections::{Connections, PairConnections};
pub use super::limits::{
    EdgeRole, Limits, DEDUCED_PER_STORED, MAX_CONNECTIONS, MAX_PER_PAIR, OR_RULE_BUDGET,
};

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

/// H-search with exactly the rules `limits` asks for. With the AND rule through edges only its
/// edge-to-edge connections are connections in the plain sense (see [`h_search`]): for callers
/// that read nothing else, as the mustplay does.
pub(super) fn search_rules(position: &Position, color: Color, limits: Limits) -> Connections {
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
    // Pieces through the edge are connections only where the edges conduct (see
    // `edge_pieces`); like the templates they come once the rules have done what they can.
    if limits.edges == EdgeRole::Conducts {
        for piece in edge_pieces::matches(position, color) {
            let points = &search.points;
            if let (Some(a), Some(b)) = (points.point_of(piece.start), points.point_of(piece.end)) {
                if a != b {
                    let carrier = search.layout.bits(&piece.carrier);
                    search.add_full(a.min(b), a.max(b), carrier, 0);
                }
            }
        }
    }
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
            captured::captured_carriers(position, &points, limits.edges)
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
            // Room for what a search on a small board ends with (an arena that grows is copied
            // whole): 2 n² full and 8 n² semi connections, at most 2^14 and 2^16 unless n²/2 and
            // 2 n² (the room large boards had before) are more.
            fulls: ListArena::with_capacity((n * n * 2).min((n * n / 2).max(1 << 14))),
            semis: ListArena::with_capacity((n * n * 8).min((n * n * 2).max(1 << 16))),
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
        // Points 0 and 1 are the edges: their pair's slot is 1.
        let semis_of = |slot: usize| !self.limits.edge_semis_only || slot == 1;
        let full_count = self.lists.iter().map(|l| l.full.len()).sum::<usize>();
        let semi_count = if self.limits.edge_semis_only {
            self.lists
                .get(self.slot_of.get(1).copied().unwrap_or(u32::MAX) as usize)
                .map_or(0, |l| l.semi.len())
        } else {
            self.lists.iter().map(|l| l.semi.len()).sum()
        };
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
            let semis: &[SemiLink<W>] = if semis_of(slot) {
                self.semis.get(lists.semi)
            } else {
                &[]
            };
            if lists.full.is_empty() && semis.is_empty() {
                *entry = u32::MAX;
                continue;
            }
            let full_start = out.full_chains.len() as u32;
            for f in self.fulls.get(lists.full) {
                out.full_chains.push(f.chains);
                out.full_words.extend_from_slice(f.carrier.words());
            }
            let semi_start = out.semi_keys.len() as u32;
            for s in semis {
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

    #[test]
    fn edge_semis_only_keeps_every_full_and_the_edges_semi_connections() {
        let mut rng = Rng::new(13);
        let mut edge_semis = 0;
        for size in [5, 7, 9] {
            for _ in 0..6 {
                let position = random_position(&mut rng, BoardSize::square(size).unwrap());
                for color in Color::ALL {
                    let limits = Limits {
                        edges: EdgeRole::Conducts,
                        ..Limits::default()
                    };
                    let all = listing(&h_search(&position, color, limits));
                    let lean = h_search(
                        &position,
                        color,
                        Limits {
                            edge_semis_only: true,
                            ..limits
                        },
                    );
                    let expected: Vec<_> = all
                        .into_iter()
                        .map(|(a, b, full, semi)| {
                            let semi = if (a, b) == (0, 1) { semi } else { Vec::new() };
                            (a, b, full, semi)
                        })
                        .filter(|(_, _, full, semi)| !full.is_empty() || !semi.is_empty())
                        .collect();
                    edge_semis += expected
                        .iter()
                        .find(|(a, b, _, _)| (*a, *b) == (0, 1))
                        .map_or(0, |(_, _, _, semi)| semi.len());
                    assert_eq!(listing(&lean), expected);
                }
            }
        }
        assert!(
            edge_semis > 0,
            "the sample holds edge-to-edge semi connections"
        );
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
