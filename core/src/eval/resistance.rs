//! The resistance evaluation (Anshelevich; Henderson 2010, §6.2): each player's board as an
//! electric circuit between its two edges.
//!
//! For one player, every empty cell is a resistor of 1 ohm, the player's own stones conduct
//! perfectly (a chain is one node, and a chain touching an edge is part of that edge) and the
//! opponent's stones are removed. A unit voltage is put across the player's two edges; the
//! circuit's resistance says how hard the player finds it to connect, and the current through
//! an empty cell says how much of the player's connecting it carries. A cell that carries much
//! current for both players is where the game is decided: the solver tries such moves first.
//!
//! The circuit is solved exactly (Gaussian elimination on its conductance matrix): at most
//! 361 nodes, usually far fewer (chains are one node each).

use crate::board::{BoardSize, Cell, CellSet, Color};
use crate::position::Position;
use crate::vc::Connections;

/// Conductance to ground added to every node, so a part of the board joined to neither edge
/// gives a solvable system (its voltage is then 0 and it carries no current).
const LEAK: f64 = 1e-9;

/// One player's circuit, solved.
#[derive(Clone, Debug)]
pub struct Circuit {
    /// The resistance between the player's two edges (infinite when they cannot be joined,
    /// zero when they are joined already).
    pub resistance: f64,
    /// The current through each empty cell, by cell index (board cells only), as a share of
    /// the total current (0 when no current flows).
    pub share: Vec<f64>,
}

/// Both players' circuits of a position.
#[derive(Clone, Debug)]
pub struct Resistance {
    pub black: Circuit,
    pub white: Circuit,
}

impl Resistance {
    /// Solves both players' circuits of `position`.
    #[must_use]
    pub fn evaluate(position: &Position) -> Resistance {
        Resistance {
            black: circuit(position, Color::Black, None),
            white: circuit(position, Color::White, None),
        }
    }

    /// Both circuits with each player's full virtual connections as extra wires (as Benzene
    /// and Wolve do): two points joined by a full connection are as good as adjacent, so
    /// `black` and `white` (H-search's connections of each player on `position`) join them.
    #[must_use]
    pub fn with_connections(
        position: &Position,
        black: &Connections,
        white: &Connections,
    ) -> Resistance {
        Resistance::wired(position, black, white, Wiring::AsAdjacency)
    }

    /// [`Resistance::with_connections`] with each connection's wire weakened by what its
    /// carriers must use, as Benzene's Wolve weighs them: a pair joined only through `k` cells
    /// common to all its full carriers conducts `1 / (1 + k)` of what adjacency would. A
    /// template reaching an edge through two cells is then worth less than a stone on the edge
    /// (with every wire as good as adjacency, a second-row stone is).
    #[must_use]
    pub fn with_weighted_connections(
        position: &Position,
        black: &Connections,
        white: &Connections,
    ) -> Resistance {
        Resistance::wired(position, black, white, Wiring::Weighted)
    }

    /// [`Resistance::with_weighted_connections`] without the wires between two chains or a
    /// chain and an edge: Benzene's circuit (its `ResistanceUtil::AddAdjacencies` with the
    /// default conductances, where two occupied groups joined by a full connection conduct
    /// nothing), which its df-pn orders moves by. The solver orders its children by it: on the
    /// 25 7x7 openings it leaves 10% fewer nodes than [`Resistance::with_connections`] (58,895
    /// against 65,447; README, "Move order, as Benzene's").
    #[must_use]
    pub fn with_weighted_cell_connections(
        position: &Position,
        black: &Connections,
        white: &Connections,
    ) -> Resistance {
        Resistance::wired(position, black, white, Wiring::CellsWeighted)
    }

    /// Both circuits with each player's full connections as wires of `wiring`.
    fn wired(
        position: &Position,
        black: &Connections,
        white: &Connections,
        wiring: Wiring,
    ) -> Resistance {
        Resistance {
            black: circuit(position, Color::Black, Some((black, wiring))),
            white: circuit(position, Color::White, Some((white, wiring))),
        }
    }

    /// The circuit of `color`.
    #[must_use]
    pub fn of(&self, color: Color) -> &Circuit {
        match color {
            Color::Black => &self.black,
            Color::White => &self.white,
        }
    }

    /// How important `cell` is: its share of each player's current, added.
    #[must_use]
    pub fn score(&self, cell: Cell) -> f64 {
        let i = cell.index();
        self.black.share.get(i).copied().unwrap_or(0.0)
            + self.white.share.get(i).copied().unwrap_or(0.0)
    }

    /// The evaluation for `color`: `log(R_opponent / R_color)`, positive when `color` is
    /// better placed (clamped to ±20 when a circuit is open or shorted).
    #[must_use]
    pub fn evaluation(&self, color: Color) -> f64 {
        let own = self.of(color).resistance;
        let theirs = self.of(color.opponent()).resistance;
        (theirs.max(1e-9).ln() - own.max(1e-9).ln()).clamp(-20.0, 20.0)
    }

    /// `cells` ordered by [`Resistance::score`], highest first (ties by cell index).
    #[must_use]
    pub fn order(&self, cells: CellSet) -> Vec<Cell> {
        let mut moves: Vec<(f64, Cell)> = cells.iter().map(|c| (self.score(c), c)).collect();
        moves.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        moves.into_iter().map(|(_, c)| c).collect()
    }
}

/// How a player's full connections wire its circuit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Wiring {
    /// Each connected pair joined as if adjacent.
    AsAdjacency,
    /// Each connected pair joined by `1 / (1 + k)` of adjacency, `k` the cells common to all its
    /// full carriers.
    Weighted,
    /// [`Wiring::Weighted`] for pairs with an empty cell; none between two chains (or a chain
    /// and an edge).
    CellsWeighted,
}

/// The nodes of one player's circuit: each empty cell and each chain is a node, except that
/// what touches (or is) the source or sink edge is that edge.
struct Nodes {
    /// Node of each point (by index), `usize::MAX` for points not in the circuit.
    of_point: Vec<usize>,
    /// Number of free nodes (the unknowns); the source is `count` and the sink `count + 1`.
    count: usize,
}

const NONE: usize = usize::MAX;

fn nodes(position: &Position, color: Color) -> Nodes {
    let size = position.size();
    let (source_edge, sink_edge) = BoardSize::edges_of(color);
    let own = position.stones(color);
    let empty = position.empty_cells();
    let mut of_point = vec![NONE; Cell::COUNT as usize];
    // Chains first: flooded through own stones.
    let source_chains = CellSet::flood(size.edge_cells(source_edge) & own, own);
    let sink_chains = CellSet::flood(size.edge_cells(sink_edge) & own, own);
    let mut count = 0;
    let mut left = own - source_chains - sink_chains;
    while let Some(seed) = left.first() {
        let chain = CellSet::flood(CellSet::single(seed), own);
        for c in chain {
            of_point[c.index()] = count;
        }
        count += 1;
        left -= chain;
    }
    for c in empty {
        of_point[c.index()] = count;
        count += 1;
    }
    // Edges and the chains joined to them last, once `count` is known. A chain touching both
    // edges (a finished game) is the source: the circuit is then shorted, handled by the caller.
    for c in sink_chains {
        of_point[c.index()] = count + 1;
    }
    for c in source_chains {
        of_point[c.index()] = count;
    }
    of_point[source_edge.index()] = count;
    of_point[sink_edge.index()] = count + 1;
    Nodes { of_point, count }
}

/// Solves `color`'s circuit of `position`, with `connections`' full connections as wires,
/// weakened by their carriers' common cells when the flag says so.
fn circuit(
    position: &Position,
    color: Color,
    connections: Option<(&Connections, Wiring)>,
) -> Circuit {
    let size = position.size();
    let mut share = vec![0.0; Cell::BOARD_CELLS as usize];
    if position.has_connected(color) {
        return Circuit {
            resistance: 0.0,
            share,
        };
    }
    let Nodes { of_point, count } = nodes(position, color);
    let (source, sink) = (count, count + 1);
    // Conductances between distinct nodes, gathered once per pair of adjacent points. An empty
    // cell is 1 ohm: two empty cells are joined by 2 ohms (half of each), an empty cell and a
    // perfect conductor by 1.
    let empty = position.empty_cells();
    let mut links: Vec<(usize, usize, f64)> = Vec::new();
    for a in empty {
        // The nodes `a` touches: each at most once (a cell touching a chain through several
        // stones, or an edge and a chain joined to it, meets that node once).
        let mut met: Vec<usize> = Vec::with_capacity(6);
        for b in size.neighbours(a) {
            let (na, nb) = (of_point[a.index()], of_point[b.index()]);
            if nb == NONE || na == nb {
                continue;
            }
            if empty.contains(b) {
                if b > a {
                    links.push((na, nb, 0.5)); // each pair of empty cells once
                }
            } else if !met.contains(&nb) {
                met.push(nb);
                links.push((na, nb, 1.0));
            }
        }
    }
    if let Some((connections, wiring)) = connections {
        debug_assert_eq!(connections.points.color, color);
        for (a, b, pair) in connections.pairs() {
            if pair.full().len() == 0 {
                continue;
            }
            let (pa, pb) = (connections.points.get(a), connections.points.get(b));
            let (na, nb) = (of_point[pa.name.index()], of_point[pb.name.index()]);
            if na == NONE || nb == NONE || na == nb {
                continue;
            }
            // Adjacent points are wired already; a connection with a carrier adds a wire as
            // good as adjacency.
            if pair.has_empty_full() {
                continue;
            }
            if wiring == Wiring::CellsWeighted && !pa.empty && !pb.empty {
                continue;
            }
            let g = if pa.empty && pb.empty { 0.5 } else { 1.0 };
            let must = if wiring != Wiring::AsAdjacency {
                pair.full_common_len()
            } else {
                0
            };
            links.push((na, nb, g / (1.0 + must as f64)));
        }
    }
    // Kirchhoff's equations for the free nodes: G v = b.
    let n = count;
    let mut matrix = vec![0.0f64; n * n];
    let mut rhs = vec![0.0f64; n];
    for i in 0..n {
        matrix[i * n + i] = LEAK;
    }
    for &(a, b, g) in &links {
        for (x, y) in [(a, b), (b, a)] {
            if x >= n {
                continue;
            }
            matrix[x * n + x] += g;
            if y < n {
                matrix[x * n + y] -= g;
            } else if y == source {
                rhs[x] += g; // the source is at 1 volt, the sink at 0
            }
        }
    }
    let voltage = solve(&mut matrix, &mut rhs, n);
    let volt = |node: usize| -> f64 {
        match node {
            s if s == source => 1.0,
            s if s == sink => 0.0,
            s => voltage[s],
        }
    };
    let mut total = 0.0;
    let mut through = vec![0.0f64; n];
    for &(a, b, g) in &links {
        let current = g * (volt(a) - volt(b));
        if a == source {
            total += current;
        } else if b == source {
            total -= current;
        }
        for node in [a, b] {
            if node < n {
                through[node] += current.abs() / 2.0;
            }
        }
    }
    if total <= 1e-6 {
        return Circuit {
            resistance: f64::INFINITY,
            share,
        };
    }
    for c in empty {
        share[c.index()] = through[of_point[c.index()]] / total;
    }
    Circuit {
        resistance: 1.0 / total,
        share,
    }
}

/// Solves the symmetric positive definite system `matrix · x = rhs` of size `n` (row-major),
/// by Gaussian elimination without pivoting (safe for such matrices); overwrites its inputs.
fn solve(matrix: &mut [f64], rhs: &mut [f64], n: usize) -> Vec<f64> {
    for k in 0..n {
        // Row k from the diagonal on, and the rows below it (the same arithmetic as indexing
        // each entry, in the same order, without the bounds checks).
        let (upper, lower) = matrix.split_at_mut((k + 1) * n);
        let pivot_row = &upper[k * n + k..];
        let pivot = pivot_row[0];
        let (rhs_upper, rhs_lower) = rhs.split_at_mut(k + 1);
        let rhs_k = rhs_upper[k];
        for (row, r) in lower.chunks_exact_mut(n).zip(rhs_lower.iter_mut()) {
            let factor = row[k] / pivot;
            if factor == 0.0 {
                continue;
            }
            for (x, p) in row[k..].iter_mut().zip(pivot_row) {
                *x -= factor * p;
            }
            *r -= factor * rhs_k;
        }
    }
    let mut x = vec![0.0; n];
    for k in (0..n).rev() {
        let sum: f64 = (k + 1..n).map(|j| matrix[k * n + j] * x[j]).sum();
        x[k] = (rhs[k] - sum) / matrix[k * n + k];
    }
    x
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Move;

    fn position(size: u32, moves: &[&str]) -> Position {
        let mut p = Position::new(BoardSize::square(size).unwrap(), Default::default());
        for m in moves {
            p.play(m.parse::<Move>().unwrap()).unwrap();
        }
        p
    }

    #[test]
    fn one_cell_board_is_two_ohms_for_both() {
        // A cell is joined to each edge it touches by 1 ohm: 2 ohms from edge to edge.
        let r = Resistance::evaluate(&position(1, &[]));
        assert!((r.black.resistance - 2.0).abs() < 1e-6);
        assert!((r.white.resistance - 2.0).abs() < 1e-6);
        assert!((r.black.share[Cell::new(0, 0).index()] - 1.0).abs() < 1e-6);
    }

    #[test]
    fn empty_board_is_symmetric() {
        let p = position(5, &[]);
        let r = Resistance::evaluate(&p);
        assert!((r.black.resistance - r.white.resistance).abs() < 1e-6);
        assert!(r.evaluation(Color::Black).abs() < 1e-6);
        for c in p.empty_cells() {
            let (a, b) = (r.score(c), r.score(p.rotate(c)));
            assert!((a - b).abs() < 1e-6, "{c} {a} {b}");
        }
    }

    #[test]
    fn a_stone_helps_its_owner() {
        let r = Resistance::evaluate(&position(5, &["c3"]));
        assert!(r.black.resistance < r.white.resistance);
        assert!(r.evaluation(Color::Black) > 0.0);
    }

    #[test]
    fn fewer_or_weaker_wires_never_lower_the_resistance() {
        // Rayleigh's monotonicity law: the plain board, then the cells-only weighted wires, then
        // every weighted wire, then every wire as good as adjacency only add or strengthen
        // conductors, so each resistance is at most the one before.
        use crate::vc::{h_search, Limits};
        let mut rng = crate::rng::Rng::new(41);
        for _ in 0..40 {
            let mut p = position(6, &[]);
            for _ in 0..rng.below(14) {
                let empty: Vec<Cell> = p.empty_cells().iter().collect();
                let cell = empty[rng.below(empty.len())];
                p.play(Move::Cell(cell)).unwrap();
                if p.winner().is_some() {
                    break;
                }
            }
            if p.winner().is_some() {
                continue;
            }
            let (black, white) = (
                h_search(&p, Color::Black, Limits::default()),
                h_search(&p, Color::White, Limits::default()),
            );
            let circuits = [
                Resistance::evaluate(&p),
                Resistance::with_weighted_cell_connections(&p, &black, &white),
                Resistance::with_weighted_connections(&p, &black, &white),
                Resistance::with_connections(&p, &black, &white),
            ];
            for color in Color::ALL {
                for pair in circuits.windows(2) {
                    let (before, after) =
                        (pair[0].of(color).resistance, pair[1].of(color).resistance);
                    assert!(
                        after <= before * (1.0 + 1e-6),
                        "{color}: {after} after {before} in {}",
                        p.diagram()
                    );
                }
            }
        }
    }

    #[test]
    fn a_blocked_player_has_infinite_resistance() {
        // A White chain across row 2 cuts Black's top from the bottom: Black's circuit is open,
        // White's shorted.
        let mut p = position(3, &[]);
        for c in ["a2", "b2", "c2"] {
            p.set_stone(c.parse().unwrap(), Some(Color::White)).unwrap();
        }
        let r = Resistance::evaluate(&p);
        assert!(r.black.resistance.is_infinite());
        assert_eq!(r.white.resistance, 0.0);
    }

    #[test]
    fn shares_are_at_most_one() {
        let p = position(7, &["d4", "c5", "e3", "b2"]);
        let r = Resistance::evaluate(&p);
        for c in p.empty_cells() {
            assert!(r.black.share[c.index()] <= 1.0 + 1e-9);
            assert!(r.white.share[c.index()] >= 0.0);
        }
    }
}
