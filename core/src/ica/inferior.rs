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
//! - **Reversible** (captured-reversible, see [`super::reversible`]): pruned with the vulnerable
//!   cells, as an ordered family.

use crate::board::{ByColor, Cell, CellSet, Color};
use crate::position::Position;

use super::capture::PairProbes;
use super::dead::{is_dead_after, probe};
use super::fillin::{fill_probed, FillPolicy, Filled};
use super::graph::ColorGraph;
use super::pattern::Library;
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
    /// For dominated moves: a move at least as good.
    pub by: Option<Cell>,
    /// For vulnerable moves: opponent moves that would kill the cell.
    pub killers: CellSet,
    /// For reversible moves: the opponent's answer that takes the move back.
    pub reverser: Option<Cell>,
    /// Cells that witness the claim.
    pub witness: CellSet,
    pub reason: String,
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
        if let Some(first) = killers.first() {
            out.push(InferiorMove {
                cell,
                kind: MoveKind::Vulnerable,
                by: Some(first),
                killers,
                reverser: None,
                witness: killers,
                reason: format!(
                    "{cell} is vulnerable for {mover}: if {} answers at {}, {cell} is dead, so {mover} never needs to play it (and {first} is at least as good a move)",
                    mover.opponent(),
                    killers.iter().map(|k| k.to_string()).collect::<Vec<_>>().join(" or ")
                ),
            });
        }
    }
    out
}

/// A fill-in domination: after the mover plays `by`, `cell` becomes the mover's fill-in.
#[derive(Clone, Debug)]
pub struct Domination {
    pub cell: Cell,
    pub by: Cell,
    /// Why `cell` is fill-in once `by` is played.
    pub because: Filled,
    /// Everything the move `by` turns into the mover's fill-in.
    pub fill: CellSet,
    /// The claim in a sentence.
    pub sentence: String,
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
    let mut out = Vec::new();
    // Pattern dominations first: cheap, and each names its reason.
    for x in empty.iter() {
        if let Some((by, found)) = Library::global().dominated(position, x, mover) {
            let kind = if found.set.is_empty() {
                super::fillin::FillKind::Dead
            } else {
                super::fillin::FillKind::Captured
            };
            let because = Filled {
                cell: x,
                color: mover,
                kind,
                witness: found.witness() - CellSet::single(by),
                reason: found.sentence(),
                round: 1,
            };
            let sentence = found.sentence();
            out.push(Domination {
                cell: x,
                by,
                fill: found.set,
                because,
                sentence,
            });
        }
    }
    for c in empty.iter() {
        let mut after = position.clone();
        after
            .set_stone(c, Some(mover))
            .expect("move is a board cell");
        if after.has_connected(mover) {
            continue;
        }
        let region = ball(c, 3);
        let (_, filled) = fill_probed(&after, FillPolicy::Only(mover), region, Some(&mut *probes));
        let set: CellSet = filled.iter().map(|f| f.cell).collect();
        for f in filled {
            let sentence = format!(
                "{} is dominated by {c}: after {mover} plays {c}, {}; so {c} is at least as good for {mover}",
                f.cell, f.reason
            );
            out.push(Domination {
                cell: f.cell,
                by: c,
                fill: set,
                because: f,
                sentence,
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
            by: None,
            killers: CellSet::new(),
            reverser: Some(r.reverser),
            witness: r.carrier | CellSet::single(r.reverser),
            reason: format!(
                "{} is reversible for {mover}: {} answers at {}, which makes {} and {} {mover} captured, so the exchange leaves {mover} no better off than if {} had simply played {}",
                r.cell,
                mover.opponent(),
                r.reverser,
                r.cell,
                r.carrier.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" "),
                mover.opponent(),
                r.reverser
            ),
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
                by: Some(c),
                killers: CellSet::new(),
                reverser: None,
                witness: d.because.witness - CellSet::single(x) - CellSet::single(c),
                reason: d.sentence.clone(),
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
