//! The serde answer of `hexlab vc --json` (and the page later): connections by endpoints,
//! written as cell names or `top|bottom|left|right`.

use serde::Serialize;

use crate::board::{Cell, CellSet, Color};

use crate::ica::report::FillinByColor;

use crate::position::Position;

use super::connect::{check_endpoint, ConnectError};
use super::fillin::{mustplay_on_reduced, reduce};
use super::hsearch::{h_search, Connections, Limits};
use super::mustplay::{both, mustplay_for, threat, threat_in};
use super::points::PointId;

use crate::report::{cell_name_list, cell_names as names, CellName};

/// One full connection.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FullReport {
    pub from: CellName,
    pub to: CellName,
    pub carrier: Vec<CellName>,
}

/// One semi connection.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SemiReport {
    pub from: CellName,
    pub to: CellName,
    pub key: CellName,
    pub carrier: Vec<CellName>,
}

/// `hexlab vc --json`.
///
/// Invariant: with `from`/`to` given, only connections between those two points are listed;
/// otherwise every connection found, edge-to-edge ones first, or the first of them when there
/// are more of a kind than the listing takes (`truncated`; `total_full` and `total_semi` count
/// them all).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct VcReport {
    pub player: Color,
    pub full: Vec<FullReport>,
    pub semi: Vec<SemiReport>,
    /// Whether the player has a full connection between its two edges.
    pub winning: bool,
    /// Whether the player has a semi connection between its two edges.
    pub winning_semi: bool,
    /// The mustplay of the side to move (empty when the opponent already wins).
    pub mustplay: Vec<String>,
    /// With `from`/`to` given: whether they are already one point (one chain, or a chain on
    /// its edge). The pair is then listed as one full connection with an empty carrier.
    pub joined: bool,
    /// Whether the connections are those of the fill-in reduced position (`--fillin`).
    pub fillin_used: bool,
    /// The cells filled first, by the colour they took (empty without `--fillin`).
    pub fillin: FillinByColor,
    /// Whether `full` or `semi` lists fewer connections than were found (see
    /// [`report_listing`]).
    pub truncated: bool,
    /// The number of full connections found (listed or not).
    pub total_full: usize,
    /// The number of semi connections found (listed or not).
    pub total_semi: usize,
}

impl VcReport {
    /// Describes `connections` (for `player`), restricted to the pair `between` when given,
    /// listing at most `max_listed` connections of each kind (the first ones, pairs in order).
    #[must_use]
    pub fn of(
        connections: &Connections,
        between: Option<(Cell, Cell)>,
        mustplay: Option<CellSet>,
        max_listed: usize,
    ) -> VcReport {
        let points = &connections.points;
        let wanted: Option<(PointId, PointId)> =
            between.and_then(|(a, b)| Some((points.point_of(a)?, points.point_of(b)?)));
        // Two chains along one edge share the edge's point but are not joined: H-search has
        // nothing to say about them (connection search does).
        let joined = between.is_some_and(|(a, b)| points.joined(a, b));
        let mut pairs: Vec<(PointId, PointId)> =
            connections.pairs().map(|(a, b, _)| (a, b)).collect();
        pairs.sort_unstable();
        let (mut full, mut semi) = (Vec::new(), Vec::new());
        let (mut total_full, mut total_semi) = (0, 0);
        for (a, b) in pairs {
            if let Some((x, y)) = wanted {
                if !((a, b) == (x, y) || (a, b) == (y, x)) {
                    continue;
                }
            }
            let pair = connections.pair(a, b).expect("listed pairs exist");
            // Named as asked when a pair was asked for, else by the points' names.
            let (from, to) = match (wanted, between) {
                (Some((x, _)), Some((p, q))) if x == a => (CellName(p), CellName(q)),
                (Some(_), Some((p, q))) => (CellName(q), CellName(p)),
                _ => (CellName(points.get(a).name), CellName(points.get(b).name)),
            };
            total_full += pair.full().len();
            total_semi += pair.semi().len();
            let room = max_listed.saturating_sub(full.len());
            for f in pair.full().take(room) {
                full.push(FullReport {
                    from,
                    to,
                    carrier: cell_name_list(f.carrier),
                });
            }
            let room = max_listed.saturating_sub(semi.len());
            for s in pair.semi().take(room) {
                semi.push(SemiReport {
                    from,
                    to,
                    key: CellName(s.key),
                    carrier: cell_name_list(s.carrier),
                });
            }
        }
        if let (true, Some((p, q))) = (joined, between) {
            total_full += 1;
            if full.len() < max_listed {
                full.push(FullReport {
                    from: CellName(p),
                    to: CellName(q),
                    carrier: Vec::new(),
                });
            }
        }
        let edge = connections.edge_to_edge();
        VcReport {
            player: points.color,
            winning: edge.is_some_and(|e| e.full().len() > 0),
            winning_semi: edge.is_some_and(|e| e.semi().len() > 0),
            mustplay: mustplay.map(names).unwrap_or_default(),
            joined,
            fillin_used: false,
            fillin: FillinByColor::default(),
            truncated: full.len() < total_full || semi.len() < total_semi,
            total_full,
            total_semi,
            full,
            semi,
        }
    }
}

/// The report for `player` on `given`: H-search's connections (between `between` only, when
/// given) and the side to move's mustplay; with `with_fillin`, the connections are found on the
/// fill-in reduced position ([`super::fillin`]), whose filled cells the report lists, and the
/// mustplay is the one found there met with the one found without it
/// ([`super::fillin::mustplay_after_fillin`]).
///
/// # Errors
/// When an endpoint is not the player's, is off the board, or (with fill-in) was filled with
/// the opponent's colour.
pub fn report(
    given: &Position,
    player: Color,
    between: Option<(Cell, Cell)>,
    with_fillin: bool,
    limits: Limits,
) -> Result<VcReport, ConnectError> {
    report_listing(given, player, between, with_fillin, limits, usize::MAX)
}

/// [`report`] listing at most `max_listed` connections of each kind (the first ones,
/// edge-to-edge first); the report says whether it left some out and counts them all.
///
/// # Errors
/// As [`report`].
pub fn report_listing(
    given: &Position,
    player: Color,
    between: Option<(Cell, Cell)>,
    with_fillin: bool,
    limits: Limits,
    max_listed: usize,
) -> Result<VcReport, ConnectError> {
    let reduced = with_fillin.then(|| reduce(given));
    let position = reduced.as_ref().map_or(given, |r| &r.position);
    for cell in between.iter().flat_map(|&(a, b)| [a, b]) {
        check_endpoint(given, player, cell)?;
        if check_endpoint(position, player, cell).is_err() {
            return Err(ConnectError::OpponentFillin(cell));
        }
    }
    // The side to move's mustplay needs the opponent's connections on the same position: the
    // player's own when the player is that opponent, else a second search, run alongside.
    // With the fill-in, the opponent's search on the position as given runs alongside too.
    let opponent = position.to_move().opponent();
    let searches = || {
        if player == opponent {
            (h_search(position, player, limits), None)
        } else {
            let (mine, theirs) = rayon::join(
                || h_search(position, player, limits),
                || h_search(position, opponent, limits),
            );
            (mine, Some(theirs))
        }
    };
    let ((connections, theirs), unreduced) = match reduced {
        None => (searches(), None),
        Some(_) => {
            let (both, given_threat) = rayon::join(searches, || threat(given, limits));
            (both, Some(given_threat))
        }
    };
    let threat = || threat_in(position, theirs.as_ref().unwrap_or(&connections));
    let mut out = match (&reduced, unreduced) {
        (Some(r), Some(given_threat)) => {
            let mustplay = both(
                mustplay_on_reduced(given, r, threat),
                mustplay_for(given, given_threat),
            );
            let mut out = VcReport::of(&connections, between, mustplay, max_listed);
            out.fillin = FillinByColor::of(&r.fillin);
            out
        }
        _ => VcReport::of(
            &connections,
            between,
            mustplay_for(given, threat()),
            max_listed,
        ),
    };
    out.fillin_used = with_fillin;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::read_link;
    use crate::vc::fillin::mustplay_after_fillin;
    use crate::vc::mustplay;

    #[test]
    fn the_mustplay_is_the_same_whichever_player_is_reported() {
        // The report reuses the player's search, or runs the opponent's alongside.
        let text = include_str!("../../data/bench/11x11.txt");
        for line in text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.is_empty())
        {
            let game = read_link(line).expect("a bench position");
            let position = game.position();
            let limits = Limits::default();
            let plain = mustplay(position, limits).map(names).unwrap_or_default();
            let filled = mustplay_after_fillin(position, limits)
                .map(names)
                .unwrap_or_default();
            for player in Color::ALL {
                let without = report(position, player, None, false, limits).unwrap();
                assert_eq!(without.mustplay, plain, "{line} {player:?}");
                let with = report(position, player, None, true, limits).unwrap();
                assert_eq!(with.mustplay, filled, "{line} {player:?} with fill-in");
            }
        }
    }
}
