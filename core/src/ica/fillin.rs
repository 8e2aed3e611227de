//! Fill-in: colouring cells without changing the position's value, iterated to a fixpoint
//! (Henderson 2010, §3.1). Each step is checked on the position as filled so far, so the whole
//! sequence is value-preserving for either side to move: dead cells take any colour, X captured
//! sets take X's colour, X permanently inferior cells take X's colour.
//!
//! Two depths ([`Depth`]) share the loop. Both match the local patterns (dead cells, captured
//! sets) again only around cells that changed, run the graph tests on the whole board once per
//! round, and look for permanently inferior cells when nothing else fills. The thorough depth
//! also finds captured pairs by probing every pair of neighbours (an intrusion answered, then
//! the graph tests on the intruder) and captured regions ([`super::region`]), and probes
//! permanently inferior cells with the graph tests; the quick one, for searches, probes with
//! the local dead patterns only. When a policy fills both colours, nothing else fills and the
//! rules ask for it, the loop looks for one mutual fill-in ([`super::mutual`]) and goes round
//! again.

use serde::Serialize;

use crate::board::{ByColor, Cell, CellSet, Color};
use crate::position::Position;

use super::capture::{captured_pairs_probed, is_captured_pair_probed, PairProbes};
use super::chains::ChainGraph;
use super::corner_fill::{corner_fills, CornerFill};
use super::dead::{find_dead_in_graphs, DeadReason};
use super::mutual::{find_mutual, Mutual};
use super::pattern::{FrameCache, Frames, Hit, Library, Stones};

/// Why a cell was filled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum FillKind {
    /// Dead: any colour gives the same winner.
    Dead,
    /// Part of a captured set of the colour filled.
    Captured,
    /// Permanently inferior for the colour filled (not stable: see [`super::permanent`]).
    PermanentlyInferior,
}

/// How much work the analysis does for each claim.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Depth {
    /// Local patterns and whole-board graph tests, no flood per probe: what a search calls at
    /// every node.
    Quick,
    /// Also probes with the graph tests (captured pairs, permanently inferior cells, inferior
    /// moves) and finds captured regions: what a player reads.
    #[default]
    Thorough,
}

/// What a fill step rests on; [`Filled::reason`] says it in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FillWhy {
    /// A dead cell, by one of the dead-cell tests.
    Dead(DeadReason),
    /// A member of a set that a captured pattern matched around `hit.cell`.
    Pattern(Hit),
    /// Captured with its partner: an intrusion on either is dead once answered on the other.
    Pair { partner: Cell },
    /// Permanently inferior: the opponent's `killer` would kill it, and `carrier` (which holds
    /// the killer) is the rest of its set C.
    Permanent { killer: Cell, carrier: CellSet },
    /// A member of a captured region ([`super::region`]).
    Region { set: CellSet },
    /// One half of a mutual fill-in ([`super::mutual`]).
    Mutual(Mutual),
    /// One half of an acute corner's mutual fill-in ([`super::corner_fill`]).
    AcuteCorner(CornerFill),
}

/// One filled cell, in the order found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Filled {
    pub cell: Cell,
    pub color: Color,
    pub kind: FillKind,
    pub why: FillWhy,
    /// The round of the iteration that found it (1 = on the position as given).
    pub round: usize,
}

impl Filled {
    /// Cells that witness the claim (the clique, the cutset, the pattern's stones, the
    /// captured partners, the carrier).
    #[must_use]
    pub fn witness(&self) -> CellSet {
        let others = |set: CellSet| set - CellSet::single(self.cell);
        match &self.why {
            FillWhy::Dead(why) => why.witness(),
            FillWhy::Pattern(hit) => others(hit.explain().witness()),
            FillWhy::Pair { partner } => CellSet::single(*partner),
            FillWhy::Permanent { carrier, .. } => *carrier,
            FillWhy::Region { set } => others(*set),
            FillWhy::Mutual(m) => others(
                m.a_set() | m.b_set() | m.a_hit.explain().witness() | m.b_hit.explain().witness(),
            ),
            FillWhy::AcuteCorner(fill) => {
                others(fill.cells() | fill.line_stones | CellSet::single(fill.stone))
            }
        }
    }

    /// The claim in a sentence for players.
    #[must_use]
    pub fn reason(&self) -> String {
        let (cell, color) = (self.cell, self.color);
        let opponent = color.opponent();
        let later = if self.round > 1 {
            " (once the earlier fill-in is added)"
        } else {
            ""
        };
        let names = |set: CellSet| -> String {
            set.iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        };
        let text = match &self.why {
            FillWhy::Dead(why) => why.sentence(cell),
            FillWhy::Pattern(hit) => {
                let found = hit.explain();
                if hit.cell == cell {
                    found.sentence()
                } else {
                    format!(
                        "{cell} is {color} captured with {} (pattern {}, see {})",
                        names(hit.set - CellSet::single(cell)),
                        found.pattern,
                        hit.cell
                    )
                }
            }
            FillWhy::Pair { partner } => format!(
                "{cell} is {color} captured with {partner}: if {opponent} plays either, {color} answers on the other and the intruding stone is dead, so both can be {color}"
            ),
            FillWhy::Permanent { killer, carrier } => format!(
                "{cell} is permanently inferior for {color}: {opponent} at {killer} would kill it, and {color} can kill it or its partners from inside {{{cell} {}}}, so {opponent} never gains by playing there first and it can be {color}",
                names(*carrier),
            ),
            FillWhy::Region { set } => format!(
                "{cell} is {color} captured with the region {{{}}}: wherever {opponent} plays in it, {color} has an answer in it after which the rest of the region is {color} fill-in and the intruding stone is dead, so the whole region can be {color}",
                names(*set)
            ),
            FillWhy::Mutual(m) => {
                let (x, y) = (m.color, m.color.opponent());
                format!(
                    "{cell} is mutual fill-in: {y} at {b} would make {{{}}} {x} captured (pattern {}) and {x} at {a} would make {{{}}} {y} captured (pattern {}), so {x} may have the first set and {y} the second without changing the winner",
                    names(m.a_set()),
                    m.a_hit.explain().pattern,
                    names(m.b_set()),
                    m.b_hit.explain().pattern,
                    a = m.a(),
                    b = m.b(),
                )
            }
            FillWhy::AcuteCorner(fill) => {
                let (x, y) = (fill.color, fill.color.opponent());
                format!(
                    "{cell} is acute-corner fill-in: with {x}'s stone on {stone}, {x} and {y} holding the lines beside it (edges{}) and {{{}}} empty, {x} may have {{{}}} and {y} {{{}}} without changing the winner ({y}'s cells are then captured, and {x}'s line joins {stone} by the bridge the empty cells leave; Benzene's pattern acute-pinf)",
                    if fill.line_stones.is_empty() {
                        String::new()
                    } else {
                        format!(" or the stones {}", names(fill.line_stones))
                    },
                    names(fill.cells()),
                    names(fill.own),
                    names(fill.other),
                    stone = fill.stone,
                )
            }
        };
        format!("{text}{later}")
    }
}

/// Which colours may fill permanently inferior cells (see [`super::permanent`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PermanentFill {
    /// None.
    Never,
    /// The player not to move (the dead colour) only: claims about the mover's moves then
    /// hold in the position as given too.
    NotToMove,
    /// Both players, as Benzene's search does: the filled position keeps the value, and the
    /// mover's winning moves are those of the filled position.
    Both,
}

/// Which colours fill-in may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FillPolicy {
    /// Dead cells get `dead_color`; captured sets of either colour are filled; permanently
    /// inferior cells as `permanent` says.
    Both {
        dead_color: Color,
        permanent: PermanentFill,
    },
    /// Only this colour is used (dead cells and its own captured sets): "X fill-in", the kind
    /// whose cells a move dominates.
    Only(Color),
}

impl FillPolicy {
    /// Dead cells and captured sets of either colour, nothing else: every step stays
    /// value-preserving in every continuation, for either side to move.
    #[must_use]
    pub fn dead_and_captured(dead_color: Color) -> FillPolicy {
        FillPolicy::Both {
            dead_color,
            permanent: PermanentFill::Never,
        }
    }

    fn dead_color(self) -> Color {
        match self {
            FillPolicy::Both { dead_color, .. } => dead_color,
            FillPolicy::Only(color) => color,
        }
    }

    /// The colours whose captured sets are filled.
    fn capturers(self) -> &'static [Color] {
        match self {
            FillPolicy::Both { .. } => &Color::ALL,
            FillPolicy::Only(Color::Black) => &[Color::Black],
            FillPolicy::Only(Color::White) => &[Color::White],
        }
    }

    /// Whether acute-corner mutual fill-in ([`super::corner_fill`]) is used: only where the
    /// permanently inferior cells of both players are filled, since claims about moves in its
    /// carrier hold in the filled position only.
    fn fills_corners(self) -> bool {
        matches!(
            self,
            FillPolicy::Both {
                permanent: PermanentFill::Both,
                ..
            }
        )
    }

    /// The colours whose permanently inferior cells are filled, the dead colour first.
    fn permanent_colors(self) -> Vec<Color> {
        match self {
            FillPolicy::Both {
                dead_color,
                permanent,
            } => match permanent {
                PermanentFill::Never => Vec::new(),
                PermanentFill::NotToMove => vec![dead_color],
                PermanentFill::Both => vec![dead_color, dead_color.opponent()],
            },
            FillPolicy::Only(_) => Vec::new(),
        }
    }
}

/// What a fill run may do beyond its policy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FillRules {
    pub policy: FillPolicy,
    pub depth: Depth,
    /// Look for captured regions (thorough depth only).
    pub regions: bool,
    /// Look for mutual fill-in ([`super::mutual`]) when the policy fills both colours.
    pub mutual: bool,
}

impl FillRules {
    /// The thorough rules with captured regions and mutual fill-in.
    #[must_use]
    pub fn thorough(policy: FillPolicy) -> FillRules {
        FillRules {
            policy,
            depth: Depth::Thorough,
            regions: true,
            mutual: true,
        }
    }

    /// The quick rules (no mutual fill-in).
    #[must_use]
    pub fn quick(policy: FillPolicy) -> FillRules {
        FillRules {
            policy,
            depth: Depth::Quick,
            regions: false,
            mutual: false,
        }
    }
}

/// Fills `position` to a fixpoint under `policy` (thorough, with captured regions), looking
/// only at cells of `region`; returns the filled position and the cells filled, in order.
#[must_use]
pub fn fill(position: &Position, policy: FillPolicy, region: CellSet) -> (Position, Vec<Filled>) {
    fill_with(position, FillRules::thorough(policy), region, None)
}

/// Fills `position` to a fixpoint under `rules`, looking only at cells of `region`, checking
/// captured pairs with `probes` while the position is their base with more stones of their
/// colour only (see [`PairProbes`]).
#[must_use]
pub fn fill_with(
    position: &Position,
    rules: FillRules,
    region: CellSet,
    mut probes: Option<&mut PairProbes>,
) -> (Position, Vec<Filled>) {
    let policy = rules.policy;
    let mut board = Board {
        position: position.clone(),
        filled: Vec::new(),
        todo: region & position.empty_cells(),
        permanent_todo: ByColor::new_with(|_| region & position.empty_cells()),
        round: 1,
    };
    // The graph tests run again only after a stone is added.
    let mut graphs_seen = usize::MAX;
    loop {
        if board.position.connector().is_some() {
            break;
        }
        board.patterns(policy, region);
        if board.position.connector().is_some() {
            break;
        }
        if graphs_seen != board.filled.len() {
            graphs_seen = board.filled.len();
            let candidates = region & board.position.empty_cells();
            let graphs = ByColor::new_with(|c| ChainGraph::new(&board.position, c));
            let dead = find_dead_in_graphs(&graphs, candidates);
            if !dead.is_empty() {
                for (cell, why) in dead {
                    board.add(
                        cell,
                        policy.dead_color(),
                        FillKind::Dead,
                        FillWhy::Dead(why),
                    );
                }
                board.round += 1;
                continue;
            }
        }
        if rules.depth == Depth::Thorough && board.pairs(policy, region, probes.as_deref_mut()) {
            board.round += 1;
            continue;
        }
        if policy.fills_corners() && board.corners(region) {
            board.round += 1;
            continue;
        }
        if board.permanent(policy, region, rules.depth) {
            board.round += 1;
            continue;
        }
        if rules.mutual && board.mutual(policy, region) {
            board.round += 1;
            continue;
        }
        if rules.depth == Depth::Thorough && rules.regions && board.regions(policy, region) {
            board.round += 1;
            continue;
        }
        break;
    }
    (board.position, board.filled)
}

/// `color` fill-in of `stones` by local patterns alone, inside `within`: dead cells and
/// `color` captured sets lying inside `within`, matched again as the fill grows, until `limit`
/// cells are filled (then `None`). Returns the filled stones and the cells filled.
#[must_use]
pub(crate) fn pattern_fill_only(
    stones: &Stones,
    color: Color,
    within: CellSet,
    limit: usize,
) -> Option<(Stones, CellSet)> {
    let library = Library::global();
    pattern_fill_only_by(stones, color, within, limit, |after, cell| {
        library.frames(after, cell)
    })
}

/// [`pattern_fill_only`] with the frames of a cell on the stones filled so far given by
/// `frames` (which must answer as [`Library::frames`] does).
#[must_use]
pub(crate) fn pattern_fill_only_by(
    stones: &Stones,
    color: Color,
    within: CellSet,
    limit: usize,
    mut frames: impl FnMut(&Stones, Cell) -> Frames,
) -> Option<(Stones, CellSet)> {
    let library = Library::global();
    let mut after = *stones;
    let mut filled = CellSet::new();
    let mut todo = within & after.empty_cells();
    while let Some(cell) = todo.first() {
        todo.discard(cell);
        let empty = after.empty_cells();
        if !empty.contains(cell) {
            continue;
        }
        let frames = frames(&after, cell);
        let newly = if library.is_dead_in(&frames) {
            CellSet::single(cell)
        } else {
            match library.captured_in(&frames, color) {
                Some(hit) if hit.set.is_subset(&(empty & within)) => hit.set,
                _ => continue,
            }
        };
        after.fill(newly, color);
        filled |= newly;
        if filled.len() >= limit {
            return None;
        }
        todo |= newly.grow().grow() & after.empty_cells() & within;
    }
    Some((after, filled))
}

/// The position being filled, the steps so far, and the cells whose patterns must be matched
/// again (every cell of the region at first, then the cells within distance 2 of new stones).
struct Board {
    position: Position,
    filled: Vec<Filled>,
    todo: CellSet,
    /// For the quick depth: the cells whose permanently inferior test could answer otherwise
    /// than when last asked (its claims read the patterns of cells within distance 2, which
    /// read stones within distance 2 of those), by colour.
    permanent_todo: ByColor<CellSet>,
    round: usize,
}

impl Board {
    fn add(&mut self, cell: Cell, color: Color, kind: FillKind, why: FillWhy) {
        self.position
            .set_stone(cell, Some(color))
            .expect("fill-in cells are board cells");
        let near = CellSet::around(cell).grow();
        self.todo |= near;
        let further = near.grow().grow();
        for color in Color::ALL {
            self.permanent_todo[color] |= further;
        }
        self.filled.push(Filled {
            cell,
            color,
            kind,
            why,
            round: self.round,
        });
    }

    /// Matches the dead and captured patterns on the cells to do, until none is left. The first
    /// capturer's sets go in before the second's: a cell only the second captures waits until
    /// the first has nothing more to fill, and is matched again then (so a position the first
    /// colour's fill decides gets none of the second's).
    fn patterns(&mut self, policy: FillPolicy, region: CellSet) {
        let library = Library::global();
        let mut deferred = CellSet::new();
        loop {
            let cell = match (self.todo & region & self.position.empty_cells()).first() {
                Some(cell) => cell,
                None => {
                    self.todo = CellSet::new();
                    if deferred.is_empty() {
                        return;
                    }
                    // Every capturer may fill now; the first still wins where both match.
                    self.todo = deferred;
                    deferred = CellSet::new();
                    if !self.pattern_cells(library, policy, region) {
                        return;
                    }
                    continue;
                }
            };
            self.todo.discard(cell);
            if self.position.connector().is_some() {
                return;
            }
            let frames = library.frames(&self.position, cell);
            if !self.pattern_step(library, &frames, cell, policy, &policy.capturers()[..1]) {
                if let Some(&later) = policy.capturers().get(1) {
                    if library.captured_in(&frames, later).is_some() {
                        deferred.insert(cell);
                    }
                }
            }
        }
    }

    /// Matches every cell to do once with every capturer (the deferred cells of
    /// [`Board::patterns`]); whether the game is still open.
    fn pattern_cells(&mut self, library: &Library, policy: FillPolicy, region: CellSet) -> bool {
        let cells = self.todo & region;
        self.todo = CellSet::new();
        for cell in cells.iter() {
            if self.position.connector().is_some() {
                return false;
            }
            if !self.position.empty_cells().contains(cell) {
                continue;
            }
            let frames = library.frames(&self.position, cell);
            self.pattern_step(library, &frames, cell, policy, policy.capturers());
        }
        self.position.connector().is_none()
    }

    /// Fills `cell` if a dead pattern or a captured pattern of one of `capturers` (tried in
    /// order) matches it; whether it filled.
    fn pattern_step(
        &mut self,
        library: &Library,
        frames: &Frames,
        cell: Cell,
        policy: FillPolicy,
        capturers: &[Color],
    ) -> bool {
        if let Some(hit) = library.dead_in(frames) {
            self.add(
                cell,
                policy.dead_color(),
                FillKind::Dead,
                FillWhy::Dead(DeadReason::Pattern(hit)),
            );
            return true;
        }
        for &color in capturers {
            let Some(hit) = library.captured_in(frames, color) else {
                continue;
            };
            if !hit.set.is_subset(&self.position.empty_cells()) {
                continue;
            }
            for member in hit.set.iter() {
                self.add(member, color, FillKind::Captured, FillWhy::Pattern(hit));
            }
            return true;
        }
        false
    }

    /// Captured pairs found by probing (thorough depth); whether any was filled.
    fn pairs(
        &mut self,
        policy: FillPolicy,
        region: CellSet,
        mut probes: Option<&mut PairProbes>,
    ) -> bool {
        let before = self.filled.len();
        for &color in policy.capturers() {
            if self.position.connector().is_some() {
                break;
            }
            for (a, b) in
                captured_pairs_probed(&self.position, color, region, probes.as_deref_mut())
            {
                // Earlier pairs of this round may have changed the board: check again.
                if !is_captured_pair_probed(&self.position, color, a, b, probes.as_deref_mut()) {
                    continue;
                }
                self.add(a, color, FillKind::Captured, FillWhy::Pair { partner: b });
                self.add(b, color, FillKind::Captured, FillWhy::Pair { partner: a });
            }
        }
        self.filled.len() > before
    }

    /// Permanently inferior cells of the colours the policy allows, each checked on the board
    /// as filled so far; whether any was filled.
    fn permanent(&mut self, policy: FillPolicy, region: CellSet, depth: Depth) -> bool {
        let before = self.filled.len();
        // Frames read on the board as it stands, shared by the searches until a cell is filled.
        let mut cache = FrameCache::new(Stones::of(&self.position));
        for color in policy.permanent_colors() {
            let candidates = match depth {
                Depth::Thorough => region,
                Depth::Quick => region & self.permanent_todo[color],
            };
            self.permanent_todo[color] = CellSet::new();
            for cell in candidates.iter() {
                if !self.position.empty_cells().contains(cell)
                    || self.position.connector().is_some()
                {
                    continue;
                }
                let found = match depth {
                    Depth::Thorough => {
                        super::permanent::permanently_inferior(&self.position, cell, color)
                    }
                    Depth::Quick => super::permanent::permanently_inferior_by_patterns_cached(
                        &self.position,
                        &mut cache,
                        cell,
                        color,
                    ),
                };
                if let Some(found) = found {
                    self.add(
                        cell,
                        color,
                        FillKind::PermanentlyInferior,
                        FillWhy::Permanent {
                            killer: found.killer,
                            carrier: found.carrier,
                        },
                    );
                }
            }
        }
        self.filled.len() > before
    }

    /// One mutual fill-in, when the policy fills both colours; whether one was filled.
    fn mutual(&mut self, policy: FillPolicy, region: CellSet) -> bool {
        if policy.capturers().len() < 2 {
            return false;
        }
        // (`find_mutual` finds nothing on a finished board.)
        let Some(found) = find_mutual(&self.position, region) else {
            return false;
        };
        // The opponent's half first: X's half is captured once it is there (and so on).
        let (x, y) = (found.color, found.color.opponent());
        for cell in found.b_set().iter() {
            self.add(cell, y, FillKind::Captured, FillWhy::Mutual(found));
        }
        for cell in found.a_set().iter() {
            self.add(cell, x, FillKind::Captured, FillWhy::Mutual(found));
        }
        true
    }

    /// The acute corners' mutual fill-in ([`super::corner_fill`]), each checked on the board as
    /// filled so far; whether any was filled. X's half first: the opponent's is captured once
    /// it is there.
    fn corners(&mut self, region: CellSet) -> bool {
        let before = self.filled.len();
        for found in corner_fills(&self.position, region) {
            // An earlier one of this round may have filled a cell (tiny boards only) or won.
            if !found.cells().is_subset(&self.position.empty_cells())
                || self.position.connector().is_some()
            {
                continue;
            }
            let (x, y) = (found.color, found.color.opponent());
            for cell in found.own.iter() {
                self.add(
                    cell,
                    x,
                    FillKind::PermanentlyInferior,
                    FillWhy::AcuteCorner(found),
                );
            }
            for cell in found.other.iter() {
                self.add(cell, y, FillKind::Captured, FillWhy::AcuteCorner(found));
            }
        }
        self.filled.len() > before
    }

    /// Captured regions of the policy's capturers; whether any was filled.
    fn regions(&mut self, policy: FillPolicy, region: CellSet) -> bool {
        let before = self.filled.len();
        for &color in policy.capturers() {
            for set in super::region::find_captured_regions(&self.position, color, region) {
                if !set.is_subset(&self.position.empty_cells()) {
                    continue;
                }
                for cell in set.iter() {
                    self.add(cell, color, FillKind::Captured, FillWhy::Region { set });
                }
            }
        }
        self.filled.len() > before
    }
}
