//! Inferior moves for the side to move, after fill-in (Henderson 2010, §2.9.1, §3.1-3.4), and
//! the consider set: the moves still worth searching.
//!
//! - **Vulnerable** (dead-reversible): an opponent move (the killer) would make the cell dead.
//!   A player with a winning strategy has one that never plays a dead or vulnerable cell, so all
//!   of them can be pruned together, provided at least one move stays (Theorem 1). Our killers
//!   kill on their own (no captured carrier), so every minimal winning set through the cell also
//!   contains the killer: the killer dominates the cell (induced-path domination, Theorem 3) and
//!   is reported as `by`.
//! - **Dominated** (fill-in domination): if after X plays c the cell x becomes X fill-in (dead,
//!   or X captured), then c is at least as good for X as x: if x wins, c wins. Such cells are
//!   pruned only when following `by` links leads to a move that is kept, never round a cycle.
//! - **Vulnerable by capture** ([`super::by_capture`]): the killer's answer makes a set the
//!   opponent's captured set, and with it filled the cell is dead. Pruned outright with the
//!   vulnerable cells (the module proves it, beside the reversible family); no `by`.
//! - **Reversible** (captured-reversible, see [`super::reversible`]): pruned with the vulnerable
//!   cells, as an ordered family.

use crate::board::{ByColor, Cell, CellSet, Color};
use crate::position::Position;

use super::by_capture::ByCapture;
use super::capture::PairProbes;
use super::chains::ChainGraph;
use super::dead::{is_dead_after, probe};
use super::fillin::{fill_with, FillPolicy, FillRules, Filled};
use super::graph::ColorGraph;
use super::pattern::{Hit, Library};
use super::reversible::Reversible;

/// The kind of an inferior move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    Vulnerable,
    Dominated,
    Reversible,
}

/// A move claimed inferior for the side to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InferiorMove {
    pub cell: Cell,
    pub kind: MoveKind,
    /// The side to move, whose move this is.
    pub mover: Color,
    /// For dominated moves: a move at least as good.
    pub by: Option<Cell>,
    /// For vulnerable moves: opponent moves that would kill the cell.
    pub killers: CellSet,
    /// For reversible moves: the opponent's answer that takes the move back.
    pub reverser: Option<Cell>,
    pub why: MoveWhy,
}

/// What an inferior-move claim rests on; [`InferiorMove::reason`] says it in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveWhy {
    /// The killers (in [`InferiorMove::killers`]) make the cell dead.
    Vulnerable,
    /// Vulnerable by capture ([`super::by_capture`]): after the mover's stone on the cell, the
    /// opponent's killer (the only one in [`InferiorMove::killers`]) makes `carrier` the
    /// opponent's captured set, and with it filled the cell is dead.
    ByCapture { carrier: CellSet },
    /// The reverser makes the cell part of a captured set with `carrier`.
    Reversible { carrier: CellSet },
    /// A dominated pattern matched.
    Pattern(Hit),
    /// After the mover plays `by`, the cell is the mover's fill-in, for this reason.
    Fill(Box<Filled>),
    /// An acute corner whose nine `corner` cells are all empty ([`super::corner`]): `by` is
    /// at least as good as the cell (Henderson 2010, Theorem 17). The claim needs every one of
    /// them empty, so all nine are its support.
    AcuteCorner { corner: CellSet },
}

impl InferiorMove {
    /// Cells that witness the claim.
    #[must_use]
    pub fn witness(&self) -> CellSet {
        let not_here = |set: CellSet| {
            set - CellSet::single(self.cell) - self.by.map_or(CellSet::new(), CellSet::single)
        };
        match &self.why {
            MoveWhy::Vulnerable => self.killers,
            MoveWhy::ByCapture { carrier } => self.killers | *carrier,
            MoveWhy::Reversible { carrier } => {
                *carrier | self.reverser.map_or(CellSet::new(), CellSet::single)
            }
            MoveWhy::Pattern(hit) => not_here(hit.explain().witness()),
            MoveWhy::Fill(because) => not_here(because.witness()),
            MoveWhy::AcuteCorner { corner } => not_here(*corner),
        }
    }

    /// The claim in a sentence for players.
    #[must_use]
    pub fn reason(&self) -> String {
        let (cell, mover) = (self.cell, self.mover);
        let opponent = mover.opponent();
        let names = |set: CellSet, sep: &str| -> String {
            set.iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join(sep)
        };
        let by = self.by.map_or(String::new(), |c| c.to_string());
        match &self.why {
            MoveWhy::Vulnerable => {
                let first = self.killers.first().map_or(String::new(), |c| c.to_string());
                format!(
                    "{cell} is vulnerable for {mover}: if {opponent} answers at {}, {cell} is dead, so {mover} never needs to play it (and {first} is at least as good a move)",
                    names(self.killers, " or ")
                )
            }
            MoveWhy::ByCapture { carrier } => {
                let killer = names(self.killers, " ");
                format!(
                    "{cell} is vulnerable for {mover}: if {opponent} answers at {killer}, {} become {opponent} captured, and once {opponent} has them {cell} is dead, so {mover} never needs to play it",
                    names(*carrier, " ")
                )
            }
            MoveWhy::Reversible { carrier } => {
                let reverser = self.reverser.map_or(String::new(), |c| c.to_string());
                format!(
                    "{cell} is reversible for {mover}: {opponent} answers at {reverser}, which makes {cell} and {} {mover} captured, so the exchange leaves {mover} no better off than if {opponent} had simply played {reverser}",
                    names(*carrier, " ")
                )
            }
            MoveWhy::Pattern(hit) => hit.explain().sentence(),
            MoveWhy::Fill(because) => format!(
                "{cell} is dominated by {by}: after {mover} plays {by}, {}; so {by} is at least as good for {mover}",
                because.reason()
            ),
            MoveWhy::AcuteCorner { corner } => format!(
                "{cell} is dominated by {by}: the acute corner {} is empty, and there {mover} needs to consider only two of its nine cells, {by} among them (Henderson 2010, Theorem 17); so {by} is at least as good for {mover}",
                names(*corner, " ")
            ),
        }
    }
}

/// Cells within distance `r` of `cell`.
fn ball(cell: Cell, r: usize) -> CellSet {
    let mut set = CellSet::single(cell);
    for _ in 0..r {
        set = set.grow();
    }
    set
}

/// The vulnerable cells for `mover`, each with all its killers.
#[must_use]
pub fn vulnerable(position: &Position, mover: Color) -> Vec<InferiorMove> {
    let empty = position.empty_cells();
    let graphs = [
        ColorGraph::new(position, Color::Black),
        ColorGraph::new(position, Color::White),
    ];
    let mut out = Vec::new();
    for cell in empty.iter() {
        let near = graphs[0].neighbourhood(cell) | graphs[1].neighbourhood(cell) | ball(cell, 2);
        let mut killers = CellSet::new();
        if let Some((killer, _)) = Library::global().vulnerable(position, cell, mover) {
            killers.insert(killer);
        }
        let probe = probe(position, cell);
        for killer in (near & empty).iter().filter(|&k| k != cell) {
            let mut after = position.clone();
            after
                .set_stone(killer, Some(mover.opponent()))
                .expect("killer is a board cell");
            let mut added = ByColor::default();
            added[mover.opponent()] = CellSet::single(killer);
            if is_dead_after(&probe, &after, cell, added) {
                killers.insert(killer);
            }
        }
        if let Some(vulnerable) = vulnerable_move(cell, mover, killers) {
            out.push(vulnerable);
        }
    }
    out
}

/// The vulnerable-by-capture claim `found`, for `mover`.
#[must_use]
pub fn by_capture_move(found: &ByCapture, mover: Color) -> InferiorMove {
    InferiorMove {
        cell: found.cell,
        kind: MoveKind::Vulnerable,
        mover,
        by: None,
        killers: CellSet::single(found.killer),
        reverser: None,
        why: MoveWhy::ByCapture {
            carrier: found.carrier(),
        },
    }
}

/// The vulnerable claim of `cell` with these killers, if any.
fn vulnerable_move(cell: Cell, mover: Color, killers: CellSet) -> Option<InferiorMove> {
    let first = killers.first()?;
    Some(InferiorMove {
        cell,
        kind: MoveKind::Vulnerable,
        mover,
        by: Some(first),
        killers,
        reverser: None,
        why: MoveWhy::Vulnerable,
    })
}

/// The vulnerable cells and dominations for `mover` that the local patterns and the mover's
/// graph show, without probing: a vulnerable pattern's killer, and every empty neighbour `k`
/// of the cell in the mover's graph such that the rest of the neighbourhood is a clique (an
/// opponent stone on `k` deletes it, leaving the cell's neighbours pairwise adjacent: the cell
/// is dead); a dominated pattern's dominating move.
#[must_use]
pub fn inferior_quick(position: &Position, mover: Color) -> (Vec<InferiorMove>, Vec<Domination>) {
    let graph = ChainGraph::new(position, mover);
    let library = Library::global();
    let mut vulnerable = Vec::new();
    let mut dominations = Vec::new();
    let board = position.size().cells();
    for cell in position.empty_cells().iter() {
        let frames = library.frames(position, cell);
        let mut killers = CellSet::new();
        if let Some(hit) = library.vulnerable_in(&frames, mover) {
            killers.extend(hit.role);
        }
        let around = graph.neighbourhood(cell);
        // With u and v not adjacent, a killer must be u or v: try only those.
        if let Some((u, v)) = graph.non_adjacent_pair(around) {
            for k in [u, v] {
                if board.contains(k)
                    && !killers.contains(k)
                    && graph.is_clique(around - CellSet::single(k))
                {
                    killers.insert(k);
                }
            }
        }
        if let Some(found) = vulnerable_move(cell, mover, killers) {
            vulnerable.push(found);
        }
        if let Some(hit) = library.dominated_in(&frames, mover) {
            if let Some(by) = hit.role {
                dominations.push(Domination {
                    cell,
                    by,
                    why: MoveWhy::Pattern(hit),
                });
            }
        }
    }
    (vulnerable, dominations)
}

/// A fill-in domination: after the mover plays `by`, `cell` becomes the mover's fill-in.
#[derive(Clone, Debug)]
pub struct Domination {
    pub cell: Cell,
    pub by: Cell,
    /// Why `cell` is fill-in once `by` is played ([`MoveWhy::Pattern`] or [`MoveWhy::Fill`]).
    pub why: MoveWhy,
}

/// The dominations the local patterns show, for `mover`.
#[must_use]
pub fn dominations_by_patterns(position: &Position, mover: Color) -> Vec<Domination> {
    let library = Library::global();
    position
        .empty_cells()
        .iter()
        .filter_map(|x| {
            let hit = library.dominated_hit(position, x, mover)?;
            Some(Domination {
                cell: x,
                by: hit.role?,
                why: MoveWhy::Pattern(hit),
            })
        })
        .collect()
}

/// For each uncoloured cell, the moves whose mover fill-in contains it.
#[must_use]
pub fn dominations(position: &Position, mover: Color) -> Vec<Domination> {
    dominations_probed(position, mover, &mut PairProbes::new(position, mover))
}

/// [`dominations`], with captured pairs checked through `probes` (of `position`, answered by
/// `mover`), which may be shared with [`super::reversible::reversible_probed`].
#[must_use]
pub fn dominations_probed(
    position: &Position,
    mover: Color,
    probes: &mut PairProbes,
) -> Vec<Domination> {
    let empty = position.empty_cells();
    // Pattern dominations first: cheap, and each names its reason.
    let mut out = dominations_by_patterns(position, mover);
    let rules = FillRules::thorough(FillPolicy::Only(mover));
    let rules = FillRules {
        regions: false,
        ..rules
    };
    for c in empty.iter() {
        let mut after = position.clone();
        after
            .set_stone(c, Some(mover))
            .expect("move is a board cell");
        if after.has_connected(mover) {
            continue;
        }
        let region = ball(c, 3);
        let (_, filled) = fill_with(&after, rules, region, Some(&mut *probes));
        for f in filled {
            out.push(Domination {
                cell: f.cell,
                by: c,
                why: MoveWhy::Fill(Box::new(f)),
            });
        }
    }
    out
}

/// Chooses which inferior moves to prune and returns the consider set with the claims used.
///
/// Invariant of the result: every pruned dominated move leads through `by` links to a move in
/// the consider set; vulnerable moves are pruned outright; the set is never empty while `empty`
/// is not.
#[must_use]
pub fn consider_set(
    position: &Position,
    mover: Color,
    vulnerable: &[InferiorMove],
    reversible: &[Reversible],
    dominations: &[Domination],
) -> (CellSet, Vec<InferiorMove>) {
    let empty = position.empty_cells();
    let mut consider = empty;
    let mut claims: Vec<InferiorMove> = Vec::new();
    let mut by: std::collections::HashMap<Cell, Cell> = std::collections::HashMap::new();
    for v in vulnerable {
        consider.discard(v.cell);
    }
    for r in reversible {
        consider.discard(r.cell);
        claims.push(InferiorMove {
            cell: r.cell,
            kind: MoveKind::Reversible,
            mover,
            by: None,
            killers: CellSet::new(),
            reverser: Some(r.reverser),
            why: MoveWhy::Reversible { carrier: r.carrier },
        });
    }
    // Reaches a kept move by following `by` links from `start`, without meeting `avoid`?
    let leads_to_kept = |start: Cell,
                         avoid: Cell,
                         consider: &CellSet,
                         by: &std::collections::HashMap<Cell, Cell>| {
        let mut at = start;
        for _ in 0..=empty.len() {
            if at == avoid {
                return false;
            }
            if consider.contains(at) {
                return true;
            }
            match by.get(&at) {
                Some(&next) => at = next,
                None => return false,
            }
        }
        false
    };
    for d in dominations {
        let (x, c) = (d.cell, d.by);
        if !consider.contains(x) || x == c {
            continue;
        }
        if leads_to_kept(c, x, &consider, &by) {
            consider.discard(x);
            by.insert(x, c);
            claims.push(InferiorMove {
                cell: x,
                kind: MoveKind::Dominated,
                mover,
                by: Some(c),
                killers: CellSet::new(),
                reverser: None,
                why: d.why.clone(),
            });
        }
    }
    claims.extend(
        vulnerable
            .iter()
            .filter(|v| !by.contains_key(&v.cell))
            .cloned(),
    );
    if consider.is_empty() {
        if let Some(any) = empty.first() {
            consider.insert(any);
        }
    }
    claims.sort_by_key(|m| m.cell);
    (consider, claims)
}
