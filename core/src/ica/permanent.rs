//! Permanently inferior cells (Henderson 2010, §3.6, Definition 6 and Theorem 4).
//!
//! A cell c1 is P permanently inferior when there is a set C of uncoloured cells holding c1
//! and a cell c2 such that the opponent at c2 would kill c1 (c1 is P vulnerable to c2), and
//! every cell of C other than c2, c1 included, is vulnerable for the opponent to a P killer
//! inside C. Then colouring c1 for P leaves the position's value unchanged (Theorem 4, for C of
//! any size: dead cells stay dead when stones are added, so until the opponent plays c2 every
//! cell of C but c2 stays dead or dead-reversible, and once they play it c1 is dead). We look
//! for C among the cells next to c1 or c2.
//!
//! Unlike dead and captured cells this fill is not stable: its carrier stays empty, so a later
//! move inside C can undo it. Filling it for the side to move could make some of that player's
//! moves look winning in the position as given when they are not, so the thorough analysis only
//! fills it for the player **not** to move, whose extra stones can only make the mover's winning
//! moves harder to find, never fake. The search settings fill it for both players, as Benzene
//! does: every claim then holds in the filled position (which has the same value), and that is
//! the position a search plays its children on.

use crate::board::{Cell, CellSet, Color};
use crate::position::Position;

use super::dead::is_dead;
use super::fillin::pattern_fill_only_by;
use super::pattern::{FrameCache, Library, Stones};

/// A permanently inferior cell's set C without the cell (the carrier), and the opponent move
/// in it that would kill the cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Permanent {
    pub killer: Cell,
    /// Holds the killer.
    pub carrier: CellSet,
}

/// How deeply the claims of the definition are checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Checks {
    /// Every dead-cell test.
    Graph,
    /// The local dead patterns.
    Patterns,
}

/// The position searched, its stones, and the pattern frames of the cells asked about on
/// those stones. A probe adds a few stones: its frames are those frames with the added stones'
/// bits set ([`Library::frames_plus`]), and no [`Position`] is cloned unless the graph tests
/// need one.
struct Probe<'a> {
    position: &'a Position,
    /// The frames of cells on the position's stones.
    cache: &'a mut FrameCache,
    checks: Checks,
    /// Whether a `color` stone on `k` kills `x` alone, as `(x, k, answer)`.
    known: Vec<(Cell, Cell, bool)>,
}

impl<'a> Probe<'a> {
    fn new(position: &'a Position, cache: &'a mut FrameCache, checks: Checks) -> Probe<'a> {
        cache.sync(&Stones::of(position));
        Probe {
            position,
            cache,
            checks,
            known: Vec::new(),
        }
    }

    /// Whether `cell` is dead once `color` stones are added on `added` (empty cells, `cell`
    /// not among them).
    fn dead_plus(&mut self, cell: Cell, added: CellSet, color: Color) -> bool {
        match self.checks {
            Checks::Graph => {
                // A few stones on a copy: cheaper than a position built from its stones.
                let mut after = self.position.clone();
                for at in added.iter() {
                    after.set_stone(at, Some(color)).expect("a board cell");
                }
                is_dead(&after, cell)
            }
            Checks::Patterns => {
                let frames = self.cache.plus_of(cell, added, color);
                Library::global().is_dead_in(&frames)
            }
        }
    }

    /// Whether `cell` is dead once a `color` stone is added on `at`.
    fn dead_after(&mut self, at: Cell, color: Color, cell: Cell) -> bool {
        self.dead_plus(cell, CellSet::single(at), color)
    }

    /// Whether a `color` stone on `k` kills `x` alone (asked at most once per pair).
    fn kills_alone(&mut self, x: Cell, k: Cell, color: Color) -> bool {
        if let Some(&(_, _, answer)) = self.known.iter().find(|(a, b, _)| *a == x && *b == k) {
            return answer;
        }
        let answer = self.dead_after(k, color, x);
        self.known.push((x, k, answer));
        answer
    }

    /// Whether `x` could die from `color` answers inside `set`: whether it is dead with every
    /// other cell of `set` coloured `color`. Every answer of [`Probe::kills_with_carrier`] or
    /// [`Probe::kills_alone`] with the answer and its carrier inside `set` adds `color` stones
    /// to a subset of those cells; a local dead pattern needs only stones (no cell held empty
    /// but the centre), so a stone more never revives a dead cell, and when this fails each of
    /// them fails too. The graph tests promise no such thing: with them this always says yes.
    fn may_die(&mut self, x: Cell, color: Color, set: CellSet) -> bool {
        match self.checks {
            Checks::Graph => true,
            Checks::Patterns => self.dead_plus(x, set - CellSet::single(x), color),
        }
    }

    /// Whether an opponent stone on `x` is dead once `color` answers on `k` and fills in its
    /// own fill-in inside `within` (the killer's carrier: dead cells and `color` captured sets
    /// found by local patterns lying wholly inside `within`, which `color` keeps by answering
    /// inside them). A carrier reaching outside C would not be C's (a brute-force test found a
    /// captured pair with one cell outside C making a false claim).
    fn kills_with_carrier(&mut self, x: Cell, k: Cell, color: Color, within: CellSet) -> bool {
        let mut after = *self.cache.stones();
        after.set(x, Some(color.opponent()));
        after.set(k, Some(color));
        // The carrier must lie inside C: only sets found wholly inside the region are filled.
        let region = within - CellSet::single(x) - CellSet::single(k);
        let cache = &mut *self.cache;
        let filled = pattern_fill_only_by(&after, color, region, usize::MAX, |now, cell| {
            cache.on(now, cell)
        });
        let Some((_, filled)) = filled else {
            return false;
        };
        self.dead_plus(x, filled | CellSet::single(k), color)
    }
}

/// If `cell` is `color` permanently inferior, its killer and carrier: every claim of the
/// definition checked with all the dead-cell tests.
#[must_use]
pub fn permanently_inferior(position: &Position, cell: Cell, color: Color) -> Option<Permanent> {
    let mut cache = FrameCache::new(Stones::of(position));
    permanently_inferior_with(position, &mut cache, cell, color, Checks::Graph)
}

/// [`permanently_inferior`] with each claim checked by the local dead patterns alone (cheaper,
/// finds fewer). A cell the patterns do not show dead-reversible for both players is passed
/// over at once.
#[must_use]
pub fn permanently_inferior_by_patterns(
    position: &Position,
    cell: Cell,
    color: Color,
) -> Option<Permanent> {
    let mut cache = FrameCache::new(Stones::of(position));
    permanently_inferior_by_patterns_cached(position, &mut cache, cell, color)
}

/// [`permanently_inferior_by_patterns`] reading frames through `cache` (made the position's
/// first): the searches of many cells of one position share their reads.
#[must_use]
pub fn permanently_inferior_by_patterns_cached(
    position: &Position,
    cache: &mut FrameCache,
    cell: Cell,
    color: Color,
) -> Option<Permanent> {
    cache.sync(&Stones::of(position));
    // The cell must be dead-reversible for `color` (an opponent stone kills it): a vulnerable
    // pattern filters before the search.
    if !Library::global().is_vulnerable_in(cache.get(cell), color) {
        return None;
    }
    permanently_inferior_with(position, cache, cell, color, Checks::Patterns)
}

/// The search of [`permanently_inferior`].
///
/// For each killer c2 (an opponent stone there kills the cell), C starts as the uncoloured
/// cells next to the cell or to c2, and loses every cell other than c2 that no `color` answer
/// inside C kills (alone, or with a carrier of `color` fill-in inside C), until nothing more
/// goes: the largest such C within those cells. The cell is permanently inferior when it stays
/// in C.
fn permanently_inferior_with(
    position: &Position,
    cache: &mut FrameCache,
    cell: Cell,
    color: Color,
    checks: Checks,
) -> Option<Permanent> {
    let empty = position.empty_cells();
    let single = CellSet::single;
    let around = (CellSet::around(cell) & empty) - single(cell);
    let opponent = color.opponent();
    let mut probe = Probe::new(position, cache, checks);
    let killers: Vec<Cell> = around
        .iter()
        .filter(|&c2| probe.dead_after(c2, opponent, cell))
        .collect();
    for c2 in killers {
        let mut set = ((CellSet::around(cell) | CellSet::around(c2)) & empty) | single(cell);
        loop {
            // The set only shrinks, so a cell that cannot die now is dropped at its turn.
            if !probe.may_die(cell, color, set) {
                set.discard(cell);
                break;
            }
            let mut dropped = false;
            for x in (set - single(c2)).iter() {
                let killers = set - single(x);
                let killed = probe.may_die(x, color, set)
                    && (killers.iter().any(|k| probe.kills_alone(x, k, color))
                        || killers
                            .iter()
                            .any(|k| probe.kills_with_carrier(x, k, color, set)));
                if !killed {
                    set.discard(x);
                    dropped = true;
                }
            }
            if !dropped || !set.contains(cell) {
                break;
            }
        }
        if set.contains(cell) {
            return Some(Permanent {
                killer: c2,
                carrier: set - single(cell),
            });
        }
    }
    None
}
