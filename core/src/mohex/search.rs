//! One simulation and the loop each thread runs: select down the shared tree (mean blended
//! with RAVE, no exploration term by default), expand, compute knowledge at its threshold,
//! play out with bridge replies, and add the result back up the path.
//!
//! Values are those of the player who made the node's move. A child proven lost for its side
//! to move is chosen at once (it wins); a child proven won for its side to move is chosen only
//! when nothing else is left. Proofs move up the path: a child proven lost makes its parent
//! won; when every kept child is proven won, the parent is lost.

use crate::board::{Cell, Color};
use crate::position::Position;
use crate::rng::Rng;

use super::board::{stone, SimBoard};
use super::facts::Facts;
use super::knowledge::knowledge;
use super::params::Params;
use super::pattern::Gammas;
use super::tree::{Tree, LEAF, LOSS, UNKNOWN, WIN};

/// The padded cells a simulation filled in before its playout: stones that are no move of
/// the playout, so no RAVE result.
#[derive(Default)]
struct Placed([u64; super::board::PADDED.div_ceil(64)]);

impl Placed {
    fn insert(&mut self, p: usize) {
        self.0[p / 64] |= 1 << (p % 64);
    }

    fn contains(&self, p: usize) -> bool {
        self.0[p / 64] & (1 << (p % 64)) != 0
    }
}

/// The rule of [`super::params::Params::vcm_gamma`]: adds `vcm_gamma` times the mean of
/// `weights` to the weights of the moves `is_reply` marks (by index); returns the new total.
fn add_reply_bonus(weights: &mut [f32], vcm_gamma: f64, is_reply: impl Fn(usize) -> bool) -> f32 {
    let mean = weights.iter().sum::<f32>() / weights.len().max(1) as f32;
    let bonus = vcm_gamma as f32 * mean;
    for (i, w) in weights.iter_mut().enumerate() {
        if is_reply(i) {
            *w += bonus;
        }
    }
    weights.iter().sum()
}

/// What every thread of one search shares.
pub struct Search<'a> {
    pub tree: &'a Tree,
    /// The root position (swap off).
    pub root: &'a Position,
    /// The root position as a simulation board.
    pub board: SimBoard,
    pub params: &'a Params,
    /// The patterns' gammas, for the priors of new nodes.
    pub gammas: &'a Gammas,
    /// The pattern slots' index steps on `board` ([`super::pattern::steps`]).
    pub steps: [[isize; 12]; 2],
}

const R: std::sync::atomic::Ordering = std::sync::atomic::Ordering::Relaxed;

impl Search<'_> {
    /// The side to move at depth `depth` of the tree.
    fn mover_at(&self, depth: usize) -> Color {
        if depth.is_multiple_of(2) {
            self.root.to_move()
        } else {
            self.root.to_move().opponent()
        }
    }

    /// One simulation from the root.
    pub fn simulate(&self, rng: &mut Rng, path: &mut Vec<usize>) {
        let mut board = self.board.clone();
        path.clear();
        path.push(0);
        self.tree.root().visits.fetch_add(1, R);
        let mut node = 0;
        let mut known = None;
        // The deepest node on the path with a fill-in.
        let mut filled = None;
        loop {
            let n = self.tree.node(node);
            let threshold = self.params.knowledge_threshold;
            if threshold > 0 && n.visits() >= threshold && n.knowledge.load(R) == 0 {
                self.learn(path);
            }
            if self.params.playout_fillin
                && self.tree.facts(node).is_some_and(|f| !f.fill.is_empty())
            {
                filled = Some(node);
            }
            match n.proven() {
                WIN => known = Some(board.to_move()),
                LOSS => known = Some(board.to_move().opponent()),
                _ => {}
            }
            if known.is_some() {
                break;
            }
            let children = match n.children() {
                Some(children) => children,
                None => {
                    let ready = n.visits() > self.params.expand_threshold
                        && n.state.load(R) == LEAF
                        && !board.empties().is_empty();
                    if !(ready && self.expand(node, &board, self.replies_into(path))) {
                        break;
                    }
                    n.children().expect("just expanded")
                }
            };
            let Some(child) = self.select(node, children) else {
                break;
            };
            let c = self.tree.node(child);
            c.visits.fetch_add(1, R);
            board.play(c.cell.load(R) as usize);
            path.push(child);
            node = child;
        }
        match known {
            Some(winner) => self.backup(path, winner, None),
            None => {
                let local = (self.params.playout_local > 0.0).then_some(super::pattern::Local {
                    gammas: self.gammas,
                    steps: self.steps,
                    far: self.params.playout_local as f32,
                });
                let mut placed = Placed::default();
                if let Some(facts) = filled.and_then(|node| self.tree.facts(node)) {
                    for &(p, s) in facts.fill.iter() {
                        if board.at(p as usize) == super::board::EMPTY {
                            board.place(p as usize, s);
                            placed.insert(p as usize);
                        }
                    }
                }
                let winner = board.play_out_with(rng, self.params.bridge_replies, local.as_ref());
                self.backup(path, winner, Some((&board, &placed)));
            }
        }
    }

    /// The opponent's connection-restoring replies to the move into the last node of `path`,
    /// from its parent's knowledge.
    fn replies_into(&self, path: &[usize]) -> Option<&[u16]> {
        let [.., parent, node] = path else {
            return None;
        };
        if self.params.vcm_gamma <= 0.0 {
            return None;
        }
        let cell = self.tree.node(*node).cell.load(R);
        self.tree.facts(*parent)?.replies_to(cell)
    }

    /// Gives `node` (whose position is `board`) its children, with the patterns' priors when
    /// the progressive bias is on (`replies`, the opponent's connection-restoring replies to
    /// the node's move, weighed up by `vcm_gamma`); whether this call expanded it.
    pub fn expand(&self, node: usize, board: &SimBoard, replies: Option<&[u16]>) -> bool {
        let rave = self.params.rave_prior;
        if self.params.progressive_bias > 0.0 {
            let mut weights: Vec<f32> = board
                .empties()
                .iter()
                .map(|&p| self.gammas.weight(board, &self.steps, p as usize))
                .collect();
            if let Some(replies) = replies {
                let empties = board.empties();
                add_reply_bonus(&mut weights, self.params.vcm_gamma, |i| {
                    replies.contains(&empties[i])
                });
            }
            let total: f32 = weights.iter().sum::<f32>().max(f32::MIN_POSITIVE);
            let cells = board
                .empties()
                .iter()
                .zip(&weights)
                .map(|(&p, &w)| (p, w / total));
            self.tree.expand(node, cells, rave)
        } else {
            self.tree
                .expand(node, board.empties().iter().map(|&p| (p, 0.0)), rave)
        }
    }

    /// The child to descend into, by value (see the module doc for proven children).
    fn select(&self, parent: usize, children: std::ops::Range<usize>) -> Option<usize> {
        let p = self.params;
        let log = if p.uct_bias_constant > 0.0 {
            f64::from(self.tree.node(parent).visits().max(1)).ln()
        } else {
            0.0
        };
        let mut best = None;
        let mut best_value = f64::NEG_INFINITY;
        let mut fallback = None;
        for i in children {
            let c = self.tree.node(i);
            if c.pruned.load(R) {
                continue;
            }
            match c.proven() {
                LOSS => return Some(i),
                WIN => {
                    fallback = fallback.or(Some(i));
                    continue;
                }
                _ => {}
            }
            let n = f64::from(c.visits());
            let rn = f64::from(c.rave_visits.load(R));
            let mean = c.mean();
            let mut value = if p.use_rave && rn > 0.0 {
                let rave = f64::from(c.rave_wins.load(R)) / rn;
                let beta = rn / (n + rn + n * rn / p.rave_weight_final);
                (1.0 - beta) * mean + beta * rave
            } else if n == 0.0 {
                1.0
            } else {
                mean
            };
            if p.uct_bias_constant > 0.0 && n > 0.0 {
                value += p.uct_bias_constant * (log / n).sqrt();
            }
            if p.progressive_bias > 0.0 {
                value += p.progressive_bias * f64::from(c.prior()) / (n + 1.0).sqrt();
            }
            if value > best_value {
                best_value = value;
                best = Some(i);
            }
        }
        best.or(fallback)
    }

    /// Adds `winner`'s result to every node of `path`, and the RAVE results of the full board
    /// `end` (none when the result came from a proof).
    fn backup(&self, path: &[usize], winner: Color, end: Option<(&SimBoard, &Placed)>) {
        for (depth, &index) in path.iter().enumerate() {
            let node = self.tree.node(index);
            // The move into the node at `depth` was made by the side to move at `depth - 1`.
            let moved = self.mover_at(depth + 1);
            if moved == winner {
                node.wins.fetch_add(1, R);
            }
            if !self.params.use_rave {
                continue;
            }
            let (Some((board, placed)), Some(children)) = (end, node.children()) else {
                continue;
            };
            let mover = self.mover_at(depth);
            let mine = stone(mover);
            let won = mover == winner;
            for child in children {
                let c = self.tree.node(child);
                let p = c.cell.load(R) as usize;
                if board.at(p) == mine && !placed.contains(p) {
                    c.add_rave(won);
                }
            }
        }
    }

    /// Computes the knowledge of the last node of `path` (unless another thread does), prunes
    /// its children, records a proof and moves proofs up the path.
    pub fn learn(&self, path: &[usize]) {
        let index = *path.last().expect("a path holds the root");
        let node = self.tree.node(index);
        if node.knowledge.compare_exchange(0, 1, R, R).is_err() {
            return;
        }
        let position = self.position_at(path);
        let mut found = knowledge(&position, self.params.inferior_max_empty);
        if !self.params.knowledge_proofs && position.winner().is_none() {
            // Without proofs the knowledge keeps its pruning and ordering only (a proof's
            // answer prunes nothing).
            found.proven = UNKNOWN;
        }
        if let (Some(keep), Some(children)) = (found.keep, node.children()) {
            for child in children {
                let c = self.tree.node(child);
                if !keep.contains(self.board.cell(c.cell.load(R) as usize)) {
                    c.pruned.store(true, R);
                }
            }
        }
        if found.proven != UNKNOWN {
            node.proven.store(found.proven, R);
        } else if !found.fill.is_empty() || !found.replies.is_empty() {
            let at = |cell: Cell| self.board.index(cell) as u16;
            let facts = Facts {
                fill: found
                    .fill
                    .iter()
                    .map(|&(cell, color)| (at(cell), stone(color)))
                    .collect(),
                replies: found
                    .replies
                    .iter()
                    .map(|&(probe, replies)| (at(probe), replies.iter().map(at).collect()))
                    .collect(),
            };
            if self.params.vcm_gamma > 0.0 && self.params.progressive_bias > 0.0 {
                self.weigh_up_replies(index, &facts);
            }
            self.tree.set_facts(index, facts);
        }
        node.knowledge.store(2, R);
        self.propagate(path);
    }

    /// Gives the replies of `facts` (the knowledge of `node`) their larger prior among the
    /// children of probes already expanded, by the rule [`Search::expand`] applies to the
    /// others ([`add_reply_bonus`] on the priors, then divided by the new total).
    fn weigh_up_replies(&self, node: usize, facts: &Facts) {
        let Some(children) = self.tree.node(node).children() else {
            return;
        };
        for child in children {
            let c = self.tree.node(child);
            let (Some(replies), Some(grandchildren)) =
                (facts.replies_to(c.cell.load(R)), c.children())
            else {
                continue;
            };
            let nodes: Vec<_> = grandchildren.map(|g| self.tree.node(g)).collect();
            let mut priors: Vec<f32> = nodes.iter().map(|n| n.prior()).collect();
            let total = add_reply_bonus(&mut priors, self.params.vcm_gamma, |i| {
                replies.contains(&nodes[i].cell.load(R))
            })
            .max(f32::MIN_POSITIVE);
            for (n, prior) in nodes.iter().zip(priors) {
                n.prior.store((prior / total).to_bits(), R);
            }
        }
    }

    /// The position at the end of `path`.
    #[must_use]
    pub fn position_at(&self, path: &[usize]) -> Position {
        let mut position = self.root.clone();
        for &index in &path[1..] {
            let cell: Cell = self.board.cell(self.tree.node(index).cell.load(R) as usize);
            position.play_unchecked(cell);
        }
        position
    }

    /// Moves proofs up `path` from its end.
    fn propagate(&self, path: &[usize]) {
        for k in (1..path.len()).rev() {
            let parent = self.tree.node(path[k - 1]);
            if parent.proven() != UNKNOWN {
                continue;
            }
            match self.tree.node(path[k]).proven() {
                LOSS => parent.proven.store(WIN, R),
                WIN => {
                    let Some(children) = parent.children() else {
                        return;
                    };
                    let all_won = children.into_iter().all(|i| {
                        let c = self.tree.node(i);
                        c.pruned.load(R) || c.proven() == WIN
                    });
                    if !all_won {
                        return;
                    }
                    parent.proven.store(LOSS, R);
                }
                _ => return,
            }
        }
    }
}
