//! Captured regions: captured sets of three to six cells found on the board by one exchange and
//! the analysis's own fill-in (Henderson 2010, §2.9.1, composed as in §3.1).
//!
//! A set R of uncoloured cells is X captured when, for every opponent intrusion `o` in R, X has
//! a reply `r` in R such that, on the board with `o` and `r` played:
//! 1. the rest of R, R' = R − {o, r}, is X fill-in found inside R' alone (dead cells and X
//!    captured sets whose cells all lie in R'), and
//! 2. `o` is dead once R' is filled.
//!
//! Why that is X's second-player strategy in R after which R may be all X: after `o`, X plays
//! `r`; further intrusions into R' are answered by the strategies of the captured sets found in
//! step 1, each established on the board as filled so far, so the final colouring of R' wins
//! for the same player as R' all X, whatever the rest of the board holds. There `o` is dead:
//! its colour changes no winner either. So the final colouring of R is worth R all X.
//!
//! Pairs are the case R' = ∅ ([`super::capture`] finds them faster). Candidates come from the
//! board: a cell `s` whose X stone makes X fill-in of nearby cells proposes `s` and those cells.

use crate::board::{Cell, CellSet, Color};
use crate::position::Position;

use super::dead::is_dead;
use super::fillin::{fill_with, pattern_fill_only, Depth, FillPolicy, FillRules};
use super::pattern::Stones;

/// The largest region tried (the candidate cell and its fill-in).
pub const MAX_REGION: usize = 12;

/// Whether `region` (uncoloured cells, 2 to [`MAX_REGION`]) is `color` captured in `position`,
/// by the rule of this module.
#[must_use]
pub fn is_captured_region(position: &Position, color: Color, region: CellSet) -> bool {
    if region.len() < 2 || region.len() > MAX_REGION || !region.is_subset(&position.empty_cells()) {
        return false;
    }
    // An intrusion stays alive with the whole rest of the region filled: no reply can kill it.
    let hopeless = region.iter().any(|intrusion| {
        let mut all_but = position.clone();
        for cell in (region - CellSet::single(intrusion)).iter() {
            all_but
                .set_stone(cell, Some(color))
                .expect("region cells are board cells");
        }
        !is_dead(&all_but, intrusion)
    });
    if hopeless {
        return false;
    }
    region.iter().all(|intrusion| {
        (region - CellSet::single(intrusion))
            .iter()
            .any(|reply| answers(position, color, region, intrusion, reply))
    })
}

/// Whether `color`'s `reply` to the opponent's `intrusion` leaves the rest of `region` as
/// `color` fill-in and the intruding stone dead.
fn answers(
    position: &Position,
    color: Color,
    region: CellSet,
    intrusion: Cell,
    reply: Cell,
) -> bool {
    let mut after = position.clone();
    after
        .set_stone(intrusion, Some(color.opponent()))
        .expect("region cells are board cells");
    after
        .set_stone(reply, Some(color))
        .expect("region cells are board cells");
    let rest = region - CellSet::single(intrusion) - CellSet::single(reply);
    // Local patterns first (cheap); the whole fill-in only when they fall short.
    let quick = cascade(&after, color, reply, rest);
    let mut filled = if quick.as_ref() == Some(&rest) {
        let mut filled = after.clone();
        for cell in rest.iter() {
            filled
                .set_stone(cell, Some(color))
                .expect("region cells are board cells");
        }
        filled
    } else {
        let rules = FillRules {
            policy: FillPolicy::Only(color),
            depth: Depth::Thorough,
            regions: false,
            mutual: false,
        };
        let (filled, steps) = fill_with(&after, rules, rest, None);
        let covered: CellSet = steps
            .iter()
            .filter(|step| step.color == color)
            .map(|step| step.cell)
            .collect();
        if steps.len() != covered.len() || covered != rest {
            return false;
        }
        filled
    };
    filled
        .set_stone(intrusion, None)
        .expect("region cells are board cells");
    is_dead(&filled, intrusion)
}

/// The cells a `color` stone on `seed` brings into `color` fill-in by local patterns alone
/// (dead and `color` captured patterns, matched again as the cascade grows), without `seed`,
/// looking at cells of `within` only (a captured pattern must lie inside it); `None` when that
/// grows past [`MAX_REGION`]. `seed` may already hold the stone.
fn cascade(position: &Position, color: Color, seed: Cell, within: CellSet) -> Option<CellSet> {
    let mut after = Stones::of(position);
    after.set(seed, Some(color));
    let near = CellSet::around(seed).grow();
    pattern_fill_only(&after, color, within & near.grow(), MAX_REGION).map(|(_, filled)| filled)
}

/// The `color` captured regions of three or more cells proposed by cells of `within`, pairwise
/// disjoint, each checked on the board with the regions before it filled. A cell proposes
/// itself with the cells its `color` stone brings into fill-in by local patterns
/// ([`cascade`]); each proposal is checked once.
#[must_use]
pub fn find_captured_regions(position: &Position, color: Color, within: CellSet) -> Vec<CellSet> {
    let mut board = position.clone();
    let mut found = Vec::new();
    let mut tried: Vec<CellSet> = Vec::new();
    for seed in within.iter() {
        if !board.empty_cells().contains(seed) {
            continue;
        }
        let Some(mut region) = cascade(&board, color, seed, board.cells()) else {
            continue;
        };
        region.insert(seed);
        if region.len() < 3 || tried.contains(&region) {
            continue;
        }
        tried.push(region);
        if is_captured_region(&board, color, region) {
            for cell in region.iter() {
                board
                    .set_stone(cell, Some(color))
                    .expect("region cells are board cells");
            }
            found.push(region);
        }
    }
    found
}

/// The first region of [`find_captured_regions`].
#[must_use]
pub fn find_captured_region(position: &Position, color: Color, within: CellSet) -> Option<CellSet> {
    find_captured_regions(position, color, within)
        .into_iter()
        .next()
}
