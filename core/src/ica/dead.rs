//! Dead cells: uncoloured cells whose colour can never change the winner (Henderson 2010,
//! §2.9.1 and §3.8.2).
//!
//! A cell is dead exactly when it lies on no minimal winning path of one colour (then it lies
//! on none of the other's either): a minimal path through the cell enters and leaves it through
//! two X-graph neighbours that are not adjacent to each other. Four sufficient tests, each
//! sound on its own:
//! - **pattern**: a local dead pattern of the generated library matches (fast, tried first);
//! - **unreachable**: the cell cannot reach both of X's edges in the X graph;
//! - **clique neighbourhood**: its X-graph neighbours are pairwise adjacent, so any path
//!   through it can skip it;
//! - **clique cutset**: the uncoloured neighbours of an X chain (a clique in the X graph) cut it
//!   off from both X edges, so a path through it would enter and leave the cut region through
//!   two adjacent vertices of the cutset.

use crate::board::{ByColor, Cell, CellSet, Color};
use crate::position::Position;

use super::chains::ChainGraph;
use super::graph::ColorGraph;
use super::pattern::{Hit, Library};

/// Why a cell was found dead, with the cells that witness it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DeadReason {
    /// Cut off from one of `color`'s edges in the `color` graph.
    Unreachable { color: Color, edge: Cell },
    /// Its neighbours in the `color` graph form a clique (`witness`).
    CliqueNeighbourhood { color: Color, witness: CellSet },
    /// Cut off from both `color` edges by the clique of uncoloured cells around the chain at
    /// `chain` (`witness`).
    CliqueCutset {
        color: Color,
        chain: Cell,
        witness: CellSet,
    },
    /// A local dead pattern matches around it (see [`super::pattern`]).
    Pattern(Hit),
}

impl DeadReason {
    /// The cells to highlight when explaining the claim.
    #[must_use]
    pub fn witness(&self) -> CellSet {
        match self {
            DeadReason::Unreachable { .. } => CellSet::new(),
            DeadReason::Pattern(hit) => hit.explain().witness(),
            DeadReason::CliqueNeighbourhood { witness, .. }
            | DeadReason::CliqueCutset { witness, .. } => *witness,
        }
    }

    /// A sentence for players.
    #[must_use]
    pub fn sentence(&self, cell: Cell) -> String {
        match self {
            DeadReason::Unreachable { color, edge } => format!(
                "{cell} is dead: {color} cannot reach the {edge} edge through it, so no winning chain can use it"
            ),
            DeadReason::CliqueNeighbourhood { color, .. } => format!(
                "{cell} is dead: counting each {color} chain as one, its neighbours all touch one another, so a {color} connection never needs {cell}, and a cell no {color} connection needs cannot matter to either player"
            ),
            DeadReason::Pattern(hit) => hit.explain().sentence(),
            DeadReason::CliqueCutset { color, chain, .. } => format!(
                "{cell} is dead: the empty cells around the {color} chain at {chain} all touch each other and cut {cell} off from both {color} edges, so no minimal winning chain passes through it"
            ),
        }
    }
}

/// Finds dead cells of `position` among `candidates` (uncoloured cells), with a reason each.
///
/// The tests run cheapest first: patterns, clique neighbourhoods, then the flood-based ones,
/// each colour's chains found once ([`ChainGraph`]): one flood from each edge for the
/// unreachable test, one per chain for its cutset.
#[must_use]
pub fn find_dead(position: &Position, candidates: CellSet) -> Vec<(Cell, DeadReason)> {
    let mut found = find_dead_by_patterns(position, candidates);
    let known: CellSet = found.iter().map(|(c, _)| *c).collect();
    let graphs = ByColor::new_with(|c| ChainGraph::new(position, c));
    found.extend(find_dead_in_graphs(&graphs, candidates - known));
    found.sort_by_key(|(cell, _)| *cell);
    found
}

/// The cells of `candidates` (uncoloured cells) that a local dead pattern matches.
#[must_use]
pub fn find_dead_by_patterns(position: &Position, candidates: CellSet) -> Vec<(Cell, DeadReason)> {
    let library = Library::global();
    (candidates & position.empty_cells())
        .iter()
        .filter_map(|cell| Some((cell, DeadReason::Pattern(library.dead_hit(position, cell)?))))
        .collect()
}

/// The cells of `candidates` (uncoloured cells) that the graph tests find dead, in both
/// colours' graphs (of the same position): clique neighbourhoods, then the unreachable test,
/// then clique cutsets.
#[must_use]
pub fn find_dead_in_graphs(
    graphs: &ByColor<ChainGraph>,
    candidates: CellSet,
) -> Vec<(Cell, DeadReason)> {
    let mut found = Vec::new();
    let mut left = candidates;
    for (color, graph) in graphs.iter() {
        for cell in left.iter() {
            let around = graph.neighbourhood(cell);
            if graph.is_clique(around) {
                left.discard(cell);
                found.push((
                    cell,
                    DeadReason::CliqueNeighbourhood {
                        color,
                        witness: around,
                    },
                ));
            }
        }
    }
    for (color, graph) in graphs.iter() {
        let cut_off = graph.unreachable() & left;
        if cut_off.is_empty() {
            continue;
        }
        let (a, b) = graph.edges();
        let passable = graph.passable();
        let reach_a = CellSet::flood(graph.size().edge_cells(a) & passable, passable);
        for cell in cut_off.iter() {
            let edge = if reach_a.contains(cell) { b } else { a };
            found.push((cell, DeadReason::Unreachable { color, edge }));
        }
        left -= cut_off;
    }
    for (color, graph) in graphs.iter() {
        if left.is_empty() {
            break;
        }
        let (a, b) = graph.edges();
        for (index, cut) in graph.cut_off_by_cliques(left) {
            let chain = graph.chains()[index];
            let witness = chain.around - CellSet::single(a) - CellSet::single(b);
            let stone = chain.stones.first().expect("a chain has stones");
            for cell in cut.iter() {
                found.push((
                    cell,
                    DeadReason::CliqueCutset {
                        color,
                        chain: stone,
                        witness,
                    },
                ));
            }
            left -= cut;
        }
    }
    found
}

/// Whether `cell` (uncoloured) is found dead in `position` by any of the tests.
///
/// The same answer as `!find_dead(position, {cell}).is_empty()`, without the reasons, and
/// with less work: it stops at the first test that finds the cell dead, floods each colour's
/// graph once towards both edges (the unreachable test), and skips the cutsets of the chains
/// next to the cell (the cell is in them).
#[must_use]
pub fn is_dead(position: &Position, cell: Cell) -> bool {
    if !position.empty_cells().contains(cell) {
        return false;
    }
    if Library::global().dead_hit(position, cell).is_some() {
        return true;
    }
    let graphs = [
        ColorGraph::new(position, Color::Black),
        ColorGraph::new(position, Color::White),
    ];
    let mut next_to = [CellSet::new(); 2];
    for (graph, chains) in graphs.iter().zip(next_to.iter_mut()) {
        let (around, adjacent) = graph.neighbourhood_and_chains(cell);
        if graph.is_clique(around) {
            return true;
        }
        *chains = adjacent;
    }
    for graph in &graphs {
        if !reaches_both_edges(graph, cell) {
            return true;
        }
    }
    graphs
        .iter()
        .zip(next_to)
        .any(|(graph, adjacent)| cut_off_by_a_clique(position, graph, cell, adjacent))
}

/// What [`is_dead`] learnt about a cell of a position, enough to answer it again cheaply after
/// more stones.
#[derive(Clone, Debug)]
pub struct DeadProbe {
    dead: bool,
    /// The flood tests the cell passed, each with the path that showed it.
    checks: Vec<Check>,
    /// In each colour's graph, two neighbours of the cell that are not adjacent (so its
    /// neighbourhood is no clique), with the cells next to which a new stone of that colour
    /// could join them: the first one's node (its cell or edge row, and its chains), grown.
    not_clique: ByColor<Option<(Cell, Cell, CellSet)>>,
    /// The cells within distance 3 of the probed cell: the chains with a stone there are the
    /// ones the cutset test looks at.
    ball: CellSet,
    /// The cells within distance 2: the only ones the local dead patterns read.
    frame: CellSet,
}

/// A flood test a cell passed in one colour's graph, with the path (from the cell, through
/// uncoloured cells and the colour's stones, to an edge) that showed it.
#[derive(Clone, Debug)]
struct Check {
    graph: Color,
    test: FloodTest,
    path: CellSet,
}

#[derive(Clone, Copy, Debug)]
enum FloodTest {
    /// The cell reaches this edge.
    Edge(Cell),
    /// The cutset of the chain through this stone does not cut the cell off.
    Cutset(Cell),
}

/// Runs [`is_dead`] on `cell` of `position` and records how it passed each flood test.
///
/// Why [`is_dead_after`] may then run only some tests again, for stones of colour K added at
/// uncoloured cells S (not `cell`), when `cell` was found not dead (with stones of both colours
/// added, each graph sees both cases):
/// - in K's graph the cells of S stay passable (uncoloured, then K stones), so the unreachable
///   test and each cutset's flood give the same answers; the chains next to no cell of S keep
///   their cutsets, and only the chains through S are new (looked at when within distance 3
///   of `cell`);
/// - in the other colour's graph S is deleted: its chains and the cutsets' edges stay, each
///   cutset only loses cells of S, so a path found to an edge (for the unreachable test, and
///   past each chain's cutset) still leads there unless it passes through S.
#[must_use]
pub fn probe(position: &Position, cell: Cell) -> DeadProbe {
    if is_dead(position, cell) {
        return DeadProbe {
            dead: true,
            checks: Vec::new(),
            not_clique: ByColor::default(),
            ball: CellSet::new(),
            frame: CellSet::new(),
        };
    }
    let everywhere = position.size().cells();
    let frame = CellSet::around(cell).grow();
    let near = frame.grow();
    let mut checks = Vec::new();
    let mut not_clique = ByColor::default();
    for color in Color::ALL {
        let graph = ColorGraph::new(position, color);
        if let Some((u, v, node)) = graph.non_clique_witness(graph.neighbourhood(cell)) {
            not_clique[color] = Some((u, v, node.grow()));
        }
        let stones = position.stones(color);
        let (a, b) = graph.edges();
        let size = graph.size();
        let passable = graph.passable();
        let first = checks.len();
        for edge in [a, b] {
            let path = flood_path(cell, size.edge_cells(edge), passable).unwrap_or(everywhere);
            checks.push(Check {
                graph: color,
                test: FloodTest::Edge(edge),
                path,
            });
        }
        let (_, adjacent) = graph.neighbourhood_and_chains(cell);
        let mut seen_chains = CellSet::new();
        for stone in ((stones & near) - adjacent).iter() {
            if seen_chains.contains(stone) {
                continue;
            }
            let (chain, cut) = graph.chain_neighbourhood(stone);
            seen_chains |= chain;
            if cut.contains(a) && cut.contains(b) {
                continue;
            }
            let blocked = cut | chain;
            let mut targets = CellSet::new();
            for edge in [a, b] {
                if !blocked.contains(edge) {
                    targets |= size.edge_cells(edge);
                }
            }
            // A path found for an earlier test of this graph that misses this cutset and
            // reaches one of its open edges serves for this chain too.
            let path = checks[first..]
                .iter()
                .map(|c| c.path)
                .find(|p| !p.intersects(&blocked) && p.intersects(&targets))
                .unwrap_or_else(|| {
                    flood_path(cell, targets, passable - blocked).unwrap_or(everywhere)
                });
            checks.push(Check {
                graph: color,
                test: FloodTest::Cutset(stone),
                path,
            });
        }
    }
    DeadProbe {
        dead: false,
        checks,
        not_clique,
        ball: near,
        frame,
    }
}

/// [`is_dead`] of `cell` in `position`, which is the probed position with stones added at
/// `added` (of each colour): the local tests (patterns and clique neighbourhoods) run again,
/// then the cutsets of the chains through the new stones, and only the flood tests whose path
/// a new stone blocks.
#[must_use]
pub fn is_dead_after(
    probe: &DeadProbe,
    position: &Position,
    cell: Cell,
    added: ByColor<CellSet>,
) -> bool {
    debug_assert!(Color::ALL
        .into_iter()
        .all(|c| added[c].is_subset(&position.stones(c))));
    if probe.dead {
        return is_dead(position, cell);
    }
    if !position.empty_cells().contains(cell) {
        return false;
    }
    // The patterns found nothing before and read no cell further than distance 2.
    let all_added = added.black | added.white;
    if all_added.intersects(&probe.frame) && Library::global().dead_hit(position, cell).is_some() {
        return true;
    }
    let graphs = ByColor::new_with(|c| ColorGraph::new(position, c));
    if Color::ALL.into_iter().any(|c| {
        // Two neighbours that were not adjacent stay neighbours and stay apart (a deleted
        // vertex joins nothing) unless one was coloured or a new stone of c joins the first
        // one's node to more.
        if let Some((u, v, joins)) = probe.not_clique[c] {
            if !all_added.contains(u) && !all_added.contains(v) && !joins.intersects(&added[c]) {
                return false;
            }
        }
        let graph = &graphs[c];
        graph.is_clique(graph.neighbourhood(cell))
    }) {
        return true;
    }
    if Color::ALL
        .into_iter()
        .any(|c| new_chain_cuts_off(&graphs[c], cell, added[c], probe.ball))
    {
        return true;
    }
    probe.checks.iter().any(|check| {
        if !check.path.intersects(&added[check.graph.opponent()]) {
            return false;
        }
        let graph = &graphs[check.graph];
        match check.test {
            FloodTest::Edge(edge) => !graph.reaches(cell, &[edge], CellSet::new()),
            FloodTest::Cutset(stone) => chain_cuts_off(graph, cell, stone),
        }
    })
}

/// Whether the clique cutset of the chain through `stone` cuts `cell` off from both edges, as
/// [`cut_off_by_a_clique`] tests each chain (one next to `cell`, or touching both edges, does
/// not).
fn chain_cuts_off(graph: &ColorGraph, cell: Cell, stone: Cell) -> bool {
    let (chain, cut) = graph.chain_neighbourhood(stone);
    cutset_cuts_off(graph, cell, chain, cut)
}

/// [`chain_cuts_off`] for the chain `chain` with its neighbours `cut`.
fn cutset_cuts_off(graph: &ColorGraph, cell: Cell, chain: CellSet, cut: CellSet) -> bool {
    let (a, b) = graph.edges();
    let blocked = cut | chain;
    if (cut.contains(a) && cut.contains(b)) || blocked.contains(cell) {
        return false;
    }
    let mut open = [a; 2];
    let mut count = 0;
    for edge in [a, b] {
        if !blocked.contains(edge) {
            open[count] = edge;
            count += 1;
        }
    }
    !graph.reaches(cell, &open[..count], blocked)
}

/// Whether the clique cutset of a chain through one of `added` (stones of the graph's colour)
/// with a stone in `ball` cuts `cell` off from both edges.
fn new_chain_cuts_off(graph: &ColorGraph, cell: Cell, added: CellSet, ball: CellSet) -> bool {
    let mut seen_chains = CellSet::new();
    for stone in added.iter() {
        if seen_chains.contains(stone) {
            continue;
        }
        let (chain, cut) = graph.chain_neighbourhood(stone);
        seen_chains |= chain;
        if chain.intersects(&ball) && cutset_cuts_off(graph, cell, chain, cut) {
            return true;
        }
    }
    false
}

/// The cells of one path from `start` through `passable` to a cell of `targets`, found by the
/// flood of [`ColorGraph::reaches`] (which stops at the same step); `None` when there is none.
fn flood_path(start: Cell, targets: CellSet, passable: CellSet) -> Option<CellSet> {
    let mut layers = vec![CellSet::single(start)];
    loop {
        let reached = *layers.last().expect("one layer at least");
        if reached.intersects(&targets) {
            break;
        }
        let next = (reached.grow() & passable) | reached;
        if next == reached {
            return None;
        }
        layers.push(next);
    }
    let last = layers.pop().expect("one layer at least");
    let mut at = (last & targets).first().expect("the flood met a target");
    let mut path = CellSet::single(at);
    for layer in layers.iter().rev() {
        at = (CellSet::around(at) & *layer)
            .first()
            .expect("each layer's cells touch the one before");
        path.insert(at);
    }
    Some(path)
}

/// Whether `cell` reaches both of the colour's edges in `graph`: one flood that stops once it
/// has met both.
fn reaches_both_edges(graph: &ColorGraph, cell: Cell) -> bool {
    let (a, b) = graph.edges();
    let size = graph.size();
    let (ta, tb) = (size.edge_cells(a), size.edge_cells(b));
    let passable = graph.passable();
    let mut reached = CellSet::single(cell);
    loop {
        if reached.intersects(&ta) && reached.intersects(&tb) {
            return true;
        }
        let next = (reached.grow() & passable) | reached;
        if next == reached {
            return false;
        }
        reached = next;
    }
}

/// The clique cutset test of [`find_dead`] for one cell: whether the uncoloured cells around
/// some `graph` chain with a stone within distance 3 of `cell` cut it off from both edges.
/// The chains in `adjacent`, next to `cell`, are skipped: the cell is in their cutset, so they
/// cut nothing.
fn cut_off_by_a_clique(
    position: &Position,
    graph: &ColorGraph,
    cell: Cell,
    adjacent: CellSet,
) -> bool {
    let (a, b) = graph.edges();
    let stones = position.stones(graph.color());
    let mut near = CellSet::single(cell);
    for _ in 0..3 {
        near = near.grow();
    }
    let mut seen_chains = CellSet::new();
    for stone in ((stones & near) - adjacent).iter() {
        if seen_chains.contains(stone) {
            continue;
        }
        let (chain, cut) = graph.chain_neighbourhood(stone);
        seen_chains |= chain;
        if cut.contains(a) && cut.contains(b) {
            continue;
        }
        let blocked = cut | chain;
        let mut open = [a; 2];
        let mut count = 0;
        for edge in [a, b] {
            if !blocked.contains(edge) {
                open[count] = edge;
                count += 1;
            }
        }
        if !graph.reaches(cell, &open[..count], blocked) {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::code;

    fn dead_cells(code_text: &str) -> Vec<String> {
        let game = code::read(code_text).unwrap();
        let p = game.position();
        find_dead(p, p.empty_cells())
            .into_iter()
            .map(|(c, _)| c.to_string())
            .collect()
    }

    #[test]
    fn cell_surrounded_by_one_colour_is_dead() {
        // c3 on 5x5 surrounded by White on five sides and Black on one: dead. So is d1, which
        // only touches the top edge and cells around the White chain.
        assert_eq!(
            dead_cells("size=5&w=c2,d2,b3,d3,b4&b=c4&turn=b"),
            ["d1", "c3"]
        );
    }

    #[test]
    fn empty_board_has_no_dead_cells() {
        assert!(dead_cells("size=5").is_empty());
        assert!(dead_cells("size=1").is_empty());
    }

    #[test]
    fn is_dead_agrees_with_find_dead() {
        // Random positions of 3x3 to 11x11 with few to many stones: the fast single-cell test
        // and the test with reasons find the same dead cells, except that the single-cell
        // test only tries the cutsets of chains within distance 3 of the cell.
        use crate::rng::Rng;
        use crate::{BoardSize, RulesConfig};
        let mut rng = Rng::new(23);
        let mut dead = 0;
        for round in 0..400 {
            let side = 3 + round % 9;
            let size = BoardSize::square(side).unwrap();
            let mut p = Position::new(size, RulesConfig::default());
            let cells: Vec<Cell> = size.cells().iter().collect();
            let stones = rng.below(cells.len() * 3 / 4 + 1);
            for _ in 0..stones {
                let cell = cells[rng.below(cells.len())];
                let color = if rng.below(2) == 0 {
                    Color::Black
                } else {
                    Color::White
                };
                p.set_stone(cell, Some(color)).unwrap();
            }
            for cell in p.empty_cells().iter() {
                let found = find_dead(&p, CellSet::single(cell));
                let fast = is_dead(&p, cell);
                match found.first() {
                    None => assert!(!fast, "{cell} in {p:?}"),
                    Some((_, DeadReason::CliqueCutset { .. })) if !fast => {}
                    Some(_) => assert!(fast, "{cell} in {p:?}"),
                }
                dead += usize::from(fast);
            }
        }
        assert!(dead > 100, "only {dead} dead cells seen");
    }

    fn added_of(color: Color, stone: Cell) -> ByColor<CellSet> {
        let mut added = ByColor::default();
        added[color] = CellSet::single(stone);
        added
    }

    #[test]
    fn a_probe_answers_as_is_dead_after_one_more_stone() {
        use crate::rng::Rng;
        use crate::{BoardSize, RulesConfig};
        let mut rng = Rng::new(2323);
        let mut checked = 0;
        for round in 0..120 {
            let side = 3 + round % 7;
            let size = BoardSize::square(side).unwrap();
            let mut p = Position::new(size, RulesConfig::default());
            let cells: Vec<Cell> = size.cells().iter().collect();
            let stones = rng.below(cells.len() / 2 + 1);
            for _ in 0..stones {
                let cell = cells[rng.below(cells.len())];
                let color = if rng.below(2) == 0 {
                    Color::Black
                } else {
                    Color::White
                };
                p.set_stone(cell, Some(color)).unwrap();
            }
            let empty: Vec<Cell> = p.empty_cells().iter().collect();
            for _ in 0..4 {
                let Some(&cell) = empty.get(rng.below(empty.len().max(1))) else {
                    continue;
                };
                let found = probe(&p, cell);
                for stone in p.empty_cells().iter().filter(|&s| s != cell) {
                    for color in Color::ALL {
                        let mut after = p.clone();
                        after.set_stone(stone, Some(color)).unwrap();
                        assert_eq!(
                            is_dead_after(&found, &after, cell, added_of(color, stone)),
                            is_dead(&after, cell),
                            "{cell} after {color} {stone} in {p:?}"
                        );
                        checked += 1;
                    }
                }
                // A few stones of either colour at once.
                let open: Vec<Cell> = p.empty_cells().iter().filter(|&s| s != cell).collect();
                for _ in 0..20 {
                    if open.is_empty() {
                        break;
                    }
                    let mut after = p.clone();
                    let mut added: ByColor<CellSet> = ByColor::default();
                    for _ in 0..1 + rng.below(4) {
                        let color = if rng.below(2) == 0 {
                            Color::Black
                        } else {
                            Color::White
                        };
                        let stone = open[rng.below(open.len())];
                        if added[color.opponent()].contains(stone) {
                            continue;
                        }
                        after.set_stone(stone, Some(color)).unwrap();
                        added[color].insert(stone);
                    }
                    assert_eq!(
                        is_dead_after(&found, &after, cell, added),
                        is_dead(&after, cell),
                        "{cell} after {added:?} in {p:?}"
                    );
                }
            }
        }
        assert!(checked > 5000, "only {checked} checked");
    }

    #[test]
    fn obtuse_corner_behind_a_stone_is_dead() {
        // White a2 and Black b1 on 3x3: a1 touches a2 (white), b1 (black), top and left.
        assert!(dead_cells("size=3&b=b1&w=a2").contains(&"a1".to_string()));
    }
}
