//! Fill-in: colouring cells without changing the position's value, iterated to a fixpoint
//! (Henderson 2010, §3.1). Each step is checked on the position as filled so far, so the whole
//! sequence is value-preserving for either side to move: dead cells take any colour, X captured
//! pairs take X's colour.

use serde::Serialize;

use crate::board::{Cell, CellSet, Color};
use crate::position::Position;

use super::capture::{captured_pairs_probed, is_captured_pair_probed, PairProbes};
use super::dead::find_dead;
use super::pattern::Library;

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

/// One filled cell, in the order found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Filled {
    pub cell: Cell,
    pub color: Color,
    pub kind: FillKind,
    /// Cells that witness the claim (the clique, the cutset, the captured partner).
    pub witness: CellSet,
    /// A sentence for players.
    pub reason: String,
    /// The round of the iteration that found it (1 = on the position as given).
    pub round: usize,
}

/// Which colours fill-in may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FillPolicy {
    /// Dead cells get `dead_color`; captured sets of either colour are filled; permanently
    /// inferior cells are filled for `dead_color` only (the player not to move).
    Both { dead_color: Color },
    /// Dead cells (given `dead_color`) and captured sets of either colour, nothing else: every
    /// step stays value-preserving in every continuation, for either side to move.
    DeadAndCaptured { dead_color: Color },
    /// Only this colour is used (dead cells and its own captured sets): "X fill-in", the kind
    /// whose cells a move dominates.
    Only(Color),
}

/// Fills `position` to a fixpoint under `policy`, looking only at cells of `region`; returns
/// the filled position and the cells filled, in order.
#[must_use]
pub fn fill(position: &Position, policy: FillPolicy, region: CellSet) -> (Position, Vec<Filled>) {
    fill_probed(position, policy, region, None)
}

/// [`fill`], checking captured pairs with `probes` while the position is their base with more
/// stones of their colour only (see [`PairProbes`]).
#[must_use]
pub fn fill_probed(
    position: &Position,
    policy: FillPolicy,
    region: CellSet,
    mut probes: Option<&mut PairProbes>,
) -> (Position, Vec<Filled>) {
    let mut filled_position = position.clone();
    let mut filled = Vec::new();
    let mut round = 0;
    loop {
        round += 1;
        let later = if round > 1 {
            " (once the earlier fill-in is added)"
        } else {
            ""
        };
        if filled_position.connector().is_some() {
            break;
        }
        let before = filled.len();
        let dead_color = match policy {
            FillPolicy::Both { dead_color } | FillPolicy::DeadAndCaptured { dead_color } => {
                dead_color
            }
            FillPolicy::Only(color) => color,
        };
        for (cell, why) in find_dead(&filled_position, region) {
            filled.push(Filled {
                cell,
                color: dead_color,
                kind: FillKind::Dead,
                witness: why.witness(),
                reason: format!("{}{later}", why.sentence(cell)),
                round,
            });
            filled_position
                .set_stone(cell, Some(dead_color))
                .expect("dead cells are board cells");
        }
        let colors: &[Color] = match policy {
            FillPolicy::Both { .. } | FillPolicy::DeadAndCaptured { .. } => &Color::ALL,
            FillPolicy::Only(color) => {
                if color == Color::Black {
                    &[Color::Black]
                } else {
                    &[Color::White]
                }
            }
        };
        for &color in colors {
            if filled_position.connector().is_some() {
                break;
            }
            pattern_captures(
                &mut filled_position,
                &mut filled,
                color,
                region,
                round,
                later,
            );
            if filled_position.connector().is_some() {
                break;
            }
            for (a, b) in
                captured_pairs_probed(&filled_position, color, region, probes.as_deref_mut())
            {
                // Earlier pairs of this round may have changed the board: check again.
                if !is_captured_pair_probed(&filled_position, color, a, b, probes.as_deref_mut()) {
                    continue;
                }
                for (cell, partner) in [(a, b), (b, a)] {
                    filled.push(Filled {
                        cell,
                        color,
                        kind: FillKind::Captured,
                        witness: CellSet::single(partner),
                        reason: format!(
                            "{cell} is {color} captured with {partner}: if {} plays either, {color} answers on the other and the intruding stone is dead, so both can be {color}{later}",
                            color.opponent()
                        ),
                        round,
                    });
                    filled_position
                        .set_stone(cell, Some(color))
                        .expect("captured cells are board cells");
                }
            }
        }
        if filled.len() == before {
            if let FillPolicy::Both { dead_color } = policy {
                if let Some(step) =
                    permanently_inferior_step(&filled_position, dead_color, region, round)
                {
                    filled_position
                        .set_stone(step.cell, Some(dead_color))
                        .expect("a board cell");
                    filled.push(step);
                    continue;
                }
            }
            break;
        }
    }
    (filled_position, filled)
}

/// The first `color` permanently inferior cell of `region`, as a fill step.
fn permanently_inferior_step(
    position: &Position,
    color: Color,
    region: CellSet,
    round: usize,
) -> Option<Filled> {
    (region & position.empty_cells()).iter().find_map(|cell| {
        let carrier = super::permanent::permanently_inferior(position, cell, color)?;
        let names: Vec<String> = carrier.iter().map(|c| c.to_string()).collect();
        Some(Filled {
            cell,
            color,
            kind: FillKind::PermanentlyInferior,
            witness: carrier,
            reason: format!(
                "{cell} is permanently inferior for {color}: {} at {} would kill it, and {color} can kill it or its partners from inside {{{cell} {}}}, so {} never gains by playing there first and it can be {color}",
                color.opponent(),
                names[0],
                names.join(" "),
                color.opponent()
            ),
            round,
        })
    })
}

/// Fills the captured sets of `color` that the pattern library finds in `region` (up to four
/// cells each), matched on the board as filled so far.
fn pattern_captures(
    position: &mut Position,
    filled: &mut Vec<Filled>,
    color: Color,
    region: CellSet,
    round: usize,
    later: &str,
) {
    for cell in region.iter() {
        if !position.empty_cells().contains(cell) || position.connector().is_some() {
            continue;
        }
        let Some((set, found)) = Library::global().captured(position, cell, color) else {
            continue;
        };
        if !set.is_subset(&position.empty_cells()) {
            continue;
        }
        for member in set.iter() {
            let rest: Vec<String> = (set - CellSet::single(member))
                .iter()
                .map(|c| c.to_string())
                .collect();
            let reason = if member == cell {
                format!("{}{later}", found.sentence())
            } else {
                format!(
                    "{member} is {color} captured with {} (pattern {}, see {cell}){later}",
                    rest.join(" "),
                    found.pattern
                )
            };
            filled.push(Filled {
                cell: member,
                color,
                kind: FillKind::Captured,
                witness: found.witness() - CellSet::single(member),
                reason,
                round,
            });
            position
                .set_stone(member, Some(color))
                .expect("captured cells are board cells");
        }
    }
}
