//! The player: one search per move over the shared tree, with the solver first on small or
//! late positions and the tree kept between moves.
//!
//! A position proven lost is searched again without knowledge, for the move that resists
//! longest by the playouts' statistics.
//!
//! A search runs [`Params::num_threads`] workers on the current rayon pool (the caller
//! installs a pool of that size). The swap is never played: positions are searched with the
//! swap option closed, as the solver and Benzene do.
//!
//! Invariant: the kept tree's root is the position of the last search, so a later search on a
//! position reached from it by at most two moves (one each) starts from that subtree.

use rayon::prelude::*;

use crate::board::{Cell, Color};
use crate::position::Position;
use crate::search::Budget;
use crate::solver::{Features, Solver};
use crate::Move;

use super::board::SimBoard;
use super::knowledge::knowledge;
use super::params::Params;
use super::report::{MoveStat, Proven, SearchResult};
use super::search::Search;
use super::tree::{Tree, LOSS, UNKNOWN, WIN};

const R: std::sync::atomic::Ordering = std::sync::atomic::Ordering::Relaxed;

/// Megabytes of the solver's table at the root.
const SOLVER_MB: usize = 32;

/// A MoHex-style player (see the module doc).
pub struct Player {
    pub params: Params,
    /// How many root moves a result lists in `top` (10 unless changed).
    pub top_count: usize,
    /// The patterns' gammas (the built-in table unless replaced).
    pub gammas: std::sync::Arc<super::pattern::Gammas>,
    kept: Option<(Position, Tree)>,
    solver: Option<Solver>,
    /// The hash of the last position the root solver failed to decide (not tried again on a
    /// search continuing on the same position, as the page's slices do).
    unsolved: Option<u64>,
    searches: u64,
}

impl Player {
    /// A player with `params` and no tree yet.
    #[must_use]
    pub fn new(params: Params) -> Player {
        Player {
            params,
            top_count: 10,
            gammas: std::sync::Arc::new(super::pattern::builtin().clone()),
            kept: None,
            solver: None,
            unsolved: None,
            searches: 0,
        }
    }

    /// Forgets the kept tree (a new game).
    pub fn clear(&mut self) {
        self.kept = None;
    }

    /// The tree of the last search and its root position.
    #[must_use]
    pub fn tree(&self) -> Option<(&Position, &Tree)> {
        self.kept.as_ref().map(|(p, t)| (p, t))
    }

    /// Searches `position` for its side to move under `budget` (limits and cancel flag; the
    /// caller adds the time limit, since the core has no clock) and the parameters' game limit.
    pub fn search(&mut self, position: &Position, budget: &Budget) -> SearchResult {
        self.search_after(position, None, budget)
    }

    /// [`Player::search`] knowing the opponent's last move (`last`), which the patterns'
    /// priors of the root's moves read.
    pub fn search_after(
        &mut self,
        position: &Position,
        last: Option<Cell>,
        budget: &Budget,
    ) -> SearchResult {
        let mut root = position.clone();
        root.disable_swap();
        let mover = root.to_move();
        self.searches += 1;
        let empty = root.empty_cells();
        let mut result = SearchResult {
            best: None,
            winrate: 0.0,
            visits: 0,
            games: 0,
            pv: Vec::new(),
            top: Vec::new(),
            proven: None,
            nodes: 0,
            solved: false,
        };
        if let Some(winner) = root.winner() {
            result.proven = Some(if winner == mover {
                Proven::Win
            } else {
                Proven::Loss
            });
            result.winrate = if winner == mover { 1.0 } else { 0.0 };
            return result;
        }
        if empty.len() == 1 {
            let cell = empty.first().expect("one empty cell");
            let mut next = root.clone();
            next.play_unchecked(cell);
            let won = next.winner() == Some(mover);
            result.best = Some(cell);
            result.pv = vec![cell];
            result.winrate = if won { 1.0 } else { 0.0 };
            result.proven = Some(if won { Proven::Win } else { Proven::Loss });
            return result;
        }
        let mut proven_loss = false;
        if let Some(solved) = self.try_solver(&root) {
            match solved {
                Ok(result) => return result,
                Err(()) => proven_loss = true,
            }
        }
        let tree = self.tree_for(&root, &empty);
        let mut board = SimBoard::new(&root);
        if let Some(cell) = last.filter(|&c| root.stone_at(c) == Some(mover.opponent())) {
            board.set_last(board.index(cell));
        }
        let steps = super::pattern::steps(board.padded_width());
        let search = Search {
            tree: &tree,
            root: &root,
            board,
            params: &self.params,
            gammas: &self.gammas,
            steps,
        };
        if tree.root().children().is_none() {
            search.expand(0, &search.board, None);
        }
        if self.params.knowledge_threshold > 0 && tree.root().knowledge.load(R) == 0 {
            search.learn(&[0]);
        }
        let before = u64::from(tree.root().visits());
        let limited = Budget::nodes(self.params.max_games);
        let threads = self.params.num_threads.max(1);
        let seed = crate::rng::Rng::derive_seed(self.params.seed, self.searches);
        (0..threads).into_par_iter().for_each(|t| {
            let mut stopper = StopBoth::new(budget, &limited);
            stopper.run(&search, crate::rng::Rng::derive_seed(seed, t as u64));
        });
        result.games = u64::from(tree.root().visits()).saturating_sub(before);
        result.visits = u64::from(tree.root().visits());
        let root_proof = tree.root().proven();
        if root_proof == LOSS && self.params.knowledge_threshold > 0 {
            // Proofs give a lost side no preference: search again without them, so the move
            // played is the one random play finds hardest to beat (resistance, not a random
            // cell), and report the loss.
            let saved = self.params;
            self.params.knowledge_threshold = 0;
            self.params.solver_max_empty = 0;
            let mut again = self.search_after(position, last, budget);
            self.params = saved;
            again.proven = Some(Proven::Loss);
            again.winrate = 0.0;
            return again;
        }
        let winning = if root_proof == WIN {
            self.winning_child(&search)
        } else {
            None
        };
        let best = winning.or_else(|| {
            if self.params.temperature > 0.0 && root_proof == UNKNOWN {
                let seed = crate::rng::Rng::derive_seed(seed, u64::MAX);
                sampled(&tree, self.params.temperature, seed)
            } else {
                None
            }
            .or_else(|| most_visited(&tree, 0))
        });
        result.best = Some(best.map_or_else(
            || empty.first().expect("the game goes on"),
            |i| search.board.cell(tree.node(i).cell.load(R) as usize),
        ));
        result.top = top_moves(&search, self.top_count);
        result.pv = principal_variation(&search, best);
        result.proven = match root_proof {
            WIN => Some(Proven::Win),
            LOSS => Some(Proven::Loss),
            _ if proven_loss => Some(Proven::Loss),
            _ => None,
        };
        result.winrate = match result.proven {
            Some(Proven::Win) => 1.0,
            Some(Proven::Loss) => 0.0,
            None => best.map_or(0.5, |i| tree.node(i).mean()),
        };
        result.nodes = tree.len();
        self.kept = Some((root, tree));
        result
    }

    /// A short solve at the root when the position is small enough: `Ok` with the winning move
    /// when the side to move wins, `Err` when it loses, `None` when unknown or not tried.
    fn try_solver(&mut self, root: &Position) -> Option<Result<SearchResult, ()>> {
        let empty = root.empty_cells().len();
        if empty > self.params.solver_max_empty
            || root.rules() != crate::rules::Rules::Hex
            || self.unsolved == Some(root.hash())
        {
            return None;
        }
        let solver = self
            .solver
            .get_or_insert_with(|| Solver::new(SOLVER_MB, Features::default()));
        let outcome = solver.solve(root, 1, &Budget::nodes(self.params.solver_nodes));
        let Some(winner) = outcome.winner else {
            self.unsolved = Some(root.hash());
            return None;
        };
        if winner != root.to_move() {
            return Some(Err(()));
        }
        let pv: Vec<Cell> = solver
            .principal_variation(root, &Budget::nodes(self.params.solver_nodes))
            .into_iter()
            .map_while(|m| match m {
                Move::Cell(c) => Some(c),
                Move::Swap => None,
            })
            .collect();
        let best = *pv.first()?;
        if !root.empty_cells().contains(best) {
            return None;
        }
        Some(Ok(SearchResult {
            best: Some(best),
            winrate: 1.0,
            visits: 0,
            games: 0,
            pv,
            top: Vec::new(),
            proven: Some(Proven::Win),
            nodes: 0,
            solved: true,
        }))
    }

    /// The tree to search `root` with: the kept subtree when `root` follows the last search's
    /// position, else a new one.
    fn tree_for(&mut self, root: &Position, empty: &crate::board::CellSet) -> Tree {
        let games = usize::try_from(self.params.max_games).unwrap_or(usize::MAX);
        let wanted = games
            .saturating_add(2)
            .saturating_mul(empty.len() + 1)
            .min(self.params.max_nodes.max(1));
        let kept = self.kept.take();
        if !self.params.reuse_subtree {
            return Tree::new(wanted);
        }
        let Some((old, tree)) = kept else {
            return Tree::new(wanted);
        };
        match reuse_path(&old, root, &tree) {
            // The same position (a search going on, as the page's slices do): the tree as is.
            Some(0) => tree,
            Some(index) => {
                let size = wanted.max(tree.len().min(self.params.max_nodes.max(1)));
                tree.subtree(index, size)
            }
            None => Tree::new(wanted),
        }
    }

    /// A root move proven to win when the root is a proven win: one whose position knowledge
    /// proves lost for the opponent, kept moves first, most visited first.
    fn winning_child(&self, search: &Search<'_>) -> Option<usize> {
        let tree = search.tree;
        let children = tree.root().children()?;
        let mut order: Vec<usize> = children.collect();
        order.sort_by_key(|&i| {
            let c = tree.node(i);
            (
                c.proven() != LOSS,
                c.pruned.load(R),
                std::cmp::Reverse(c.visits()),
            )
        });
        for &i in &order {
            let c = tree.node(i);
            if c.proven() == LOSS {
                return Some(i);
            }
            let position = search.position_at(&[0, i]);
            if knowledge(&position, self.params.inferior_max_empty).proven == LOSS {
                c.proven.store(LOSS, R);
                return Some(i);
            }
        }
        None
    }
}

/// Stops a thread on either the caller's budget or the game limit.
struct StopBoth<'a> {
    outer: &'a Budget,
    games: &'a Budget,
}

impl<'a> StopBoth<'a> {
    fn new(outer: &'a Budget, games: &'a Budget) -> StopBoth<'a> {
        StopBoth { outer, games }
    }

    fn run(&mut self, search: &Search<'_>, seed: u64) {
        let mut outer = self.outer.meter();
        let mut games = self.games.meter();
        let mut rng = crate::rng::Rng::new(seed);
        let mut path = Vec::with_capacity(64);
        let mut count = 0u32;
        while search.tree.root().proven() == UNKNOWN && outer.tick().is_ok() && games.tick().is_ok()
        {
            count = count.wrapping_add(1);
            if count.is_multiple_of(8) && self.outer.stopped() {
                break;
            }
            search.simulate(&mut rng, &mut path);
        }
    }
}

/// The index of the tree node reached from `old`'s root by the moves that lead to `new`, when
/// `new` is `old` plus at most one move of each side (the side to move first) and those
/// children exist.
fn reuse_path(old: &Position, new: &Position, tree: &Tree) -> Option<usize> {
    if old.size() != new.size() || old.rules() != new.rules() {
        return None;
    }
    let board = SimBoard::new(old);
    let mut index = 0;
    let mut to_move = old.to_move();
    let mut added = [Color::Black, Color::White].map(|c| new.stones(c) - old.stones(c));
    for c in [Color::Black, Color::White] {
        if !old.stones(c).is_subset(&new.stones(c)) {
            return None;
        }
    }
    for _ in 0..2 {
        let side = match to_move {
            Color::Black => 0,
            Color::White => 1,
        };
        if added[side].is_empty() {
            break;
        }
        if added[side].len() > 1 {
            return None;
        }
        let cell = added[side].first()?;
        added[side].discard(cell);
        let p = board.index(cell) as u16;
        index = tree
            .node(index)
            .children()?
            .find(|&i| tree.node(i).cell.load(R) == p)?;
        to_move = to_move.opponent();
    }
    (added.iter().all(|s| s.is_empty()) && to_move == new.to_move()).then_some(index)
}

/// The most visited kept child of `node` (a child proven lost for its side to move first).
fn most_visited(tree: &Tree, node: usize) -> Option<usize> {
    let children = tree.node(node).children()?;
    children
        .filter(|&i| !tree.node(i).pruned.load(R) || tree.node(i).visits() > 0)
        .max_by_key(|&i| {
            let c = tree.node(i);
            (c.proven() == LOSS, c.proven() != WIN, c.visits())
        })
}

/// A root move drawn with weight `visits^(1 / temperature)` among the moves searched and not
/// proven lost (the weaker levels' way of playing less precisely, still among the moves the
/// search looked at).
fn sampled(tree: &Tree, temperature: f64, seed: u64) -> Option<usize> {
    let children = tree.root().children()?;
    let moves: Vec<(usize, f64)> = children
        .filter(|&i| {
            let c = tree.node(i);
            c.visits() > 0 && !c.pruned.load(R) && c.proven() != WIN
        })
        .map(|i| (i, f64::from(tree.node(i).visits()).powf(1.0 / temperature)))
        .collect();
    let total: f64 = moves.iter().map(|m| m.1).sum();
    if total <= 0.0 {
        return None;
    }
    let mut rng = crate::rng::Rng::new(seed);
    let mut r = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64 * total;
    for &(i, w) in &moves {
        r -= w;
        if r < 0.0 {
            return Some(i);
        }
    }
    moves.last().map(|m| m.0)
}

/// The root's `count` most visited moves.
fn top_moves(search: &Search<'_>, count: usize) -> Vec<MoveStat> {
    let tree = search.tree;
    let Some(children) = tree.root().children() else {
        return Vec::new();
    };
    let mut stats: Vec<MoveStat> = children
        .map(|i| tree.node(i))
        .filter(|c| c.visits() > 0)
        .map(|c| MoveStat {
            cell: search.board.cell(c.cell.load(R) as usize),
            visits: c.visits(),
            winrate: match c.proven() {
                LOSS => 1.0,
                WIN => 0.0,
                _ => c.mean(),
            },
        })
        .collect();
    stats.sort_by_key(|m| std::cmp::Reverse(m.visits));
    stats.truncate(count);
    stats
}

/// The line of most visited moves from the root, starting with `best`.
fn principal_variation(search: &Search<'_>, best: Option<usize>) -> Vec<Cell> {
    let tree = search.tree;
    let mut pv = Vec::new();
    let mut node = best;
    while let Some(i) = node {
        let n = tree.node(i);
        if n.visits() == 0 || pv.len() >= 60 {
            break;
        }
        pv.push(search.board.cell(n.cell.load(R) as usize));
        node = most_visited(tree, i);
    }
    pv
}
