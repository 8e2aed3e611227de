//! What the solver learns at a node before searching below it (Henderson 2010, §5.2, focused
//! df-pn): the inferior cell analysis fills in what does not change the winner and prunes
//! inferior moves; H-search ends the node when either side holds a winning connection; the
//! opponent's winning semi connections leave only the mustplay; the resistance orders what
//! is left.
//!
//! Soundness, for the side to move `m` at a position `P` whose fill-in is `F` (same winner):
//! - `m` holding a full edge-to-edge connection on `F`, or a semi one (play its key), wins;
//! - the opponent holding a full one wins; otherwise every winning move of `m` lies in the
//!   intersection of the opponent's semi carriers (the mustplay);
//! - some winning move of `m`, if any, lies in the analysis' consider set.
//!
//! So if `m` wins on `F`, a winning move lies in `consider ∩ mustplay`: when that is empty `m`
//! loses, and searching only it decides `F`, hence `P`.
//!
//! Where the swap is still open the analysis does not apply (it knows no swap): every legal
//! move and the swap are children. Rex has no analysis yet either: every legal move is.

use serde::Serialize;

use crate::board::{ByColor, Cell, CellSet, Color};
use crate::eval::Resistance;
use crate::ica;
use crate::notation::Move;
use crate::position::Position;
use crate::rules::Rules;
use crate::vc::decomposition::find_captured_region;
use crate::vc::{h_search, EdgeRole, Limits};

use super::proof_set::{self, color_index, ProofBase};

/// The solver's prunings, each switched on or off (all on by default): to measure what each
/// is worth, as Henderson 2010's Table 5.3 does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Features {
    /// Fill in dead and captured cells (the inferior cell analysis' fill-in).
    pub fill_in: bool,
    /// Prune inferior moves (needs `fill_in`: the claims are about the filled position).
    pub inferior: bool,
    /// End a node when H-search finds a winning connection for either side.
    pub connections: bool,
    /// Search only the mustplay when the opponent has winning semi connections (needs
    /// `connections`).
    pub mustplay: bool,
    /// Order moves by the resistance evaluation (else by cell index).
    pub resistance: bool,
    /// Back proof sets up the tree and drop the siblings outside a refutation's proof set
    /// ([`super::proof_set`]).
    pub proof_sets: bool,
    /// Fill in the regions that a player's full connection walls off (captured
    /// decompositions, [`crate::vc::decomposition`]) and expand the node again (needs
    /// `connections`).
    pub decompositions: bool,
}

impl Default for Features {
    fn default() -> Self {
        Features {
            fill_in: true,
            inferior: true,
            connections: true,
            mustplay: true,
            resistance: true,
            proof_sets: true,
            decompositions: true,
        }
    }
}

impl Features {
    /// No pruning at all: plain df-pn over every legal move.
    #[must_use]
    pub fn none() -> Features {
        Features {
            fill_in: false,
            inferior: false,
            connections: false,
            mustplay: false,
            resistance: false,
            proof_sets: false,
            decompositions: false,
        }
    }
}

/// Why a node is decided without a search below it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Reason {
    /// A chain already joins the winner's edges.
    GameOver,
    /// The fill-in completes the winner's chain.
    FillIn,
    /// The winner holds a virtual connection between its edges (full, or semi with the side
    /// to move owning the key).
    Connection,
    /// The opponent's winning semi connections leave the side to move no move worth trying.
    Mustplay,
}

/// A node decided without search: who wins, why, and the cells that decide it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Verdict {
    pub winner: Color,
    pub reason: Reason,
    /// The winning chain, the connection's carrier, or (for an empty mustplay) the union of
    /// the opponent's semi carriers.
    pub carrier: CellSet,
    /// The key to play, for a winning semi connection of the side to move.
    pub key: Option<Cell>,
    /// A proof set of the position (see [`super::proof_set`]): the cells the win needs.
    pub proof: CellSet,
}

/// A node, expanded.
#[derive(Clone, Debug)]
pub struct Expansion {
    /// The position the children are played on (the fill-in added).
    pub filled: Position,
    /// The stones the fill-in added, by colour.
    pub fillin: ByColor<CellSet>,
    /// Set when the node is decided here.
    pub verdict: Option<Verdict>,
    /// The moves to search, best first (none when decided).
    pub moves: Vec<Move>,
    /// The mustplay, when the opponent has winning semi connections.
    pub mustplay: Option<CellSet>,
    /// The union of the opponent's semi connection carriers that made the mustplay (empty
    /// when none did): part of a loss's proof set.
    pub semis: CellSet,
    /// What the expansion knows of the node's proof sets (for a node not decided here).
    pub base: ProofBase,
}

impl Expansion {
    /// The proof set of a win of `winner` whose proof on the filled position needs `inner`:
    /// `inner` and the winner's fill-in, or every empty cell of `position` when the fill-in
    /// or a pruned move leaves no argument (see [`super::proof_set`]).
    fn proof(&self, position: &Position, winner: Color, inner: CellSet) -> CellSet {
        let fill = self.fillin[winner];
        let proof = if winner == position.to_move() {
            proof_set::of_win(&self.base, winner, fill, inner)
        } else {
            proof_set::of_loss(&self.base, winner, fill, inner, [])
        };
        proof.unwrap_or_else(|| position.empty_cells())
    }
}

/// How many captured decompositions one expansion fills in, one after the other (each costs
/// another analysis and two H-searches).
const MAX_DECOMPOSITIONS: usize = 8;

/// Expands `position` (not necessarily undecided).
#[must_use]
pub fn expand(position: &Position, features: Features) -> Expansion {
    expand_after(position, features, 0)
}

/// [`expand`], `regions` captured decompositions already filled in on the way to `position`.
fn expand_after(position: &Position, features: Features, regions: usize) -> Expansion {
    let mover = position.to_move();
    let mut expansion = Expansion {
        filled: position.clone(),
        fillin: ByColor::default(),
        verdict: None,
        moves: Vec::new(),
        mustplay: None,
        semis: CellSet::new(),
        base: ProofBase::default(),
    };
    if let Some(winner) = position.winner() {
        expansion.verdict = Some(Verdict {
            winner,
            reason: Reason::GameOver,
            carrier: position.winning_chain(),
            key: None,
            proof: CellSet::new(),
        });
        return expansion;
    }
    // The analysis knows no swap: not while it is open, nor on the empty board of a game with
    // the swap rule (the first move opens it).
    let swap_ahead = position.config().swap
        && position.size().is_square()
        && position.occupied().is_empty()
        && mover == Color::Black;
    if position.swap_legal() || swap_ahead || position.rules() == Rules::Rex {
        expansion.moves = order(position, position.legal_cells(), features);
        if position.swap_legal() {
            expansion.moves.push(Move::Swap);
        }
        expansion.base = ProofBase::NONE;
        return expansion;
    }
    let mut consider = position.empty_cells();
    let mut claims = Vec::new();
    if features.fill_in {
        let analysis = ica::analyze_with(position, &ica::IcaParams::SOLVER);
        for color in Color::ALL {
            expansion.fillin[color] = analysis.filled.stones(color) - position.stones(color);
        }
        for step in &analysis.fillin {
            if let ica::fillin::FillWhy::AcuteCorner(corner) = &step.why {
                // Stable for the opponent's half; for X's, given its other cells (part 2).
                expansion
                    .base
                    .pin(corner.color, corner.other | corner.carrier);
            } else if !matches!(step.kind, ica::FillKind::Dead | ica::FillKind::Captured) {
                expansion.base.unstable[color_index(step.color)] = true;
            }
        }
        if let Some(winner) = analysis.decided {
            expansion.verdict = Some(Verdict {
                winner,
                reason: Reason::FillIn,
                carrier: analysis.filled.connecting_chain(winner),
                key: None,
                proof: expansion.proof(position, winner, CellSet::new()),
            });
            expansion.filled = analysis.filled;
            return expansion;
        }
        if features.inferior {
            consider = analysis.consider;
            claims = analysis.inferior;
        } else {
            consider = analysis.filled.empty_cells();
        }
        expansion.filled = analysis.filled;
    }
    let filled = &expansion.filled;
    let mut connections = None;
    if features.connections {
        let own = h_search(filled, mover, search_limits());
        if let Some(edges) = own.edge_to_edge() {
            let win = edges
                .full()
                .map(|f| (f.carrier, None))
                .chain(edges.semi().map(|s| (s.carrier, Some(s.key))))
                .min_by_key(|(carrier, _)| carrier.len());
            if let Some((carrier, key)) = win {
                expansion.verdict = Some(Verdict {
                    winner: mover,
                    reason: Reason::Connection,
                    carrier,
                    key,
                    proof: expansion.proof(position, mover, carrier),
                });
                return expansion;
            }
        }
        let theirs = h_search(filled, mover.opponent(), search_limits());
        if let Some(edges) = theirs.edge_to_edge() {
            if let Some(full) = edges.full().min_by_key(|f| f.carrier.len()) {
                expansion.verdict = Some(Verdict {
                    winner: mover.opponent(),
                    reason: Reason::Connection,
                    carrier: full.carrier,
                    key: None,
                    proof: expansion.proof(position, mover.opponent(), full.carrier),
                });
                return expansion;
            }
            if features.mustplay && edges.semi().len() > 0 {
                let (must, union) = edges.semi().fold(
                    (filled.empty_cells(), CellSet::new()),
                    |(must, union), s| (must & s.carrier, union | s.carrier),
                );
                expansion.mustplay = Some(must);
                expansion.semis = union;
                consider &= must;
                // The moves of the mustplay the analysis pruned (`proof_set`, part 3).
                expansion.base.carry_over(must - consider, &claims);
                if consider.is_empty() {
                    expansion.verdict = Some(Verdict {
                        winner: mover.opponent(),
                        reason: Reason::Mustplay,
                        carrier: union,
                        key: None,
                        proof: expansion.proof(position, mover.opponent(), union),
                    });
                    return expansion;
                }
            }
        }
        if features.decompositions && regions < MAX_DECOMPOSITIONS {
            let found = [&own, &theirs].into_iter().find_map(|connections| {
                find_captured_region(filled, connections)
                    .map(|found| (connections.points.color, found.region))
            });
            if let Some((color, region)) = found {
                return expansion.refill(position, color, region, features, regions + 1);
            }
        }
        connections = Some(match mover {
            Color::Black => (own, theirs),
            Color::White => (theirs, own),
        });
    }
    if expansion.mustplay.is_none() {
        // The moves the analysis pruned (`proof_set`, part 3).
        expansion
            .base
            .carry_over(filled.empty_cells() - consider, &claims);
    }
    let cells: Vec<Cell> = if !features.resistance || consider.len() <= 1 {
        consider.iter().collect()
    } else if let Some((black, white)) = &connections {
        Resistance::with_weighted_cell_connections(filled, black, white).order(consider)
    } else {
        Resistance::evaluate(filled).order(consider)
    };
    expansion.moves = cells.into_iter().map(Move::Cell).collect();
    expansion
}

impl Expansion {
    /// This expansion of `position` (not decided) with `color`'s captured decomposition
    /// `region` (empty cells of the filled position) filled in too: the node expanded again on
    /// the filled position with the region added, its fill-in, proof base and verdict's proof
    /// set taken back to `position`. The region's fill is stable (`vc::decomposition`), so
    /// proof sets compose as for any other fill-in step (`proof_set`, part 2).
    fn refill(
        self,
        position: &Position,
        color: Color,
        region: CellSet,
        features: Features,
        regions: usize,
    ) -> Expansion {
        let mut next = self.filled;
        for cell in region {
            next.set_stone(cell, Some(color))
                .expect("a captured region holds empty cells of the board");
        }
        let mut inner = expand_after(&next, features, regions);
        for c in Color::ALL {
            inner.fillin[c] |= self.fillin[c];
            inner.base.unstable[color_index(c)] |= self.base.unstable[color_index(c)];
            if self.base.pinned_for[color_index(c)] {
                inner.base.pin(c, self.base.pinned);
            }
        }
        inner.fillin[color] |= region;
        if let Some(verdict) = &mut inner.verdict {
            if verdict.reason == Reason::GameOver {
                verdict.reason = Reason::FillIn;
            }
            verdict.proof = if inner.base.fill_stable(verdict.winner) {
                verdict.proof | inner.fillin[verdict.winner] | inner.base.pinned(verdict.winner)
            } else {
                position.empty_cells()
            };
        }
        inner
    }
}

/// H-search's limits in a search: the defaults with the edges conducting (Benzene's model, see
/// [`EdgeRole::Conducts`]), since a node reads only connections between a player's edges.
fn search_limits() -> Limits {
    Limits {
        edges: EdgeRole::Conducts,
        edge_semis_only: true,
        ..Limits::default()
    }
}

/// `cells` as moves, ordered by the resistance of `position` when asked (else by index).
fn order(position: &Position, cells: CellSet, features: Features) -> Vec<Move> {
    let cells: Vec<Cell> = if features.resistance && cells.len() > 1 {
        Resistance::evaluate(position).order(cells)
    } else {
        cells.iter().collect()
    };
    cells.into_iter().map(Move::Cell).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::BoardSize;

    fn position(size: u32, moves: &[&str]) -> Position {
        let config = crate::RulesConfig {
            swap: false,
            ..Default::default()
        };
        let mut p = Position::new(BoardSize::square(size).unwrap(), config);
        for m in moves {
            p.play(m.parse::<Move>().unwrap()).unwrap();
        }
        p
    }

    #[test]
    fn the_centre_of_3x3_wins_by_connection() {
        let p = position(3, &["b2"]);
        // White to move: Black's b2 holds two bridges to the edges.
        let e = expand(&p, Features::default());
        let verdict = e.verdict.expect("decided");
        assert_eq!(verdict.winner, Color::Black);
    }

    #[test]
    fn an_empty_board_is_won_by_the_first_player_through_a_semi_connection_on_2x2() {
        let p = position(2, &[]);
        let e = expand(&p, Features::default());
        let verdict = e.verdict.expect("decided");
        assert_eq!(verdict.winner, Color::Black);
    }

    #[test]
    fn without_features_every_empty_cell_is_a_child() {
        let p = position(4, &["a1"]);
        let e = expand(&p, Features::none());
        assert!(e.verdict.is_none());
        assert_eq!(e.moves.len(), 15);
    }

    #[test]
    fn the_swap_is_a_child_while_open() {
        let mut p = Position::new(
            BoardSize::square(4).unwrap(),
            crate::RulesConfig {
                swap: true,
                ..Default::default()
            },
        );
        p.play("a1".parse().unwrap()).unwrap();
        let e = expand(&p, Features::default());
        assert!(e.moves.contains(&Move::Swap));
        assert_eq!(e.moves.len(), 16);
    }
}
