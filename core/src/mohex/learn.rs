//! Learning pattern gammas from games: Coulom's minorization-maximization (MM) for the
//! generalized Bradley-Terry model ("Computing Elo ratings of move patterns in the game of Go",
//! 2007), as MoHex 2.0 learnt its patterns; hexlab learns from its own games (see README).
//!
//! Each move of a game is a competition won by the move played among every empty cell. A cell's
//! strength is the product of its features' gammas ([`super::pattern`]: its pattern, its line);
//! MM raises the likelihood of the moves played at every step, one feature group at a time:
//!
//! `gamma_f <- (W_f + 1) / (sum_j C_jf / E_j + 2 / (gamma_f + 1))`
//!
//! where `W_f` counts the moves played having `f`, `E_j` is the total strength of position
//! `j`'s cells and `C_jf` the strength of its cells having `f` divided by `gamma_f`. The `+ 1`
//! and `2 / (gamma_f + 1)` are Coulom's prior: one virtual win and one virtual loss against a
//! player of gamma 1, so a pattern seen rarely keeps a gamma near 1.
//!
//! Patterns seen (as a candidate) fewer than `min_count` times share one feature, `unknown`.

use std::collections::HashMap;

use crate::board::Cell;
use crate::game::Game;
use crate::Move;

use super::board::SimBoard;
use super::pattern::{code_at, key, line, side, steps, Gammas, LINES};

/// Training positions: each one's candidate cells as (pattern key, line) and the index of the
/// cell played.
#[derive(Default, Debug)]
pub struct Examples {
    /// Pattern keys and lines of all candidates, position after position.
    keys: Vec<u32>,
    lines: Vec<u8>,
    /// `starts[j]..starts[j + 1]` are position `j`'s candidates.
    starts: Vec<usize>,
    /// The index (into `keys`) of each position's move.
    chosen: Vec<usize>,
}

impl Examples {
    /// No examples yet.
    #[must_use]
    pub fn new() -> Examples {
        Examples {
            starts: vec![0],
            ..Examples::default()
        }
    }

    /// The number of positions.
    #[must_use]
    pub fn len(&self) -> usize {
        self.chosen.len()
    }

    /// Whether there is none.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.chosen.is_empty()
    }

    /// Adds every move of `game` after the first `skip` (an arena's opening is not chosen by a
    /// player), up to the end of the game's moves or the first swap.
    pub fn add_game(&mut self, game: &Game, skip: usize) {
        let mut replay = Game::from_position(game.start().clone());
        for (ply, &mv) in game.moves().iter().enumerate() {
            let Move::Cell(cell) = mv else {
                break;
            };
            if ply >= skip && replay.position().winner().is_none() {
                let last = match ply.checked_sub(1).map(|i| game.moves()[i]) {
                    Some(Move::Cell(c)) => Some(c),
                    _ => None,
                };
                self.add_position(replay.position(), last, cell);
            }
            if replay.play(mv).is_err() {
                break;
            }
        }
    }

    /// Adds one position: `played` chosen among its empty cells, `last` the move before.
    pub fn add_position(&mut self, position: &crate::Position, last: Option<Cell>, played: Cell) {
        let mut board = SimBoard::new(position);
        if let Some(last) = last {
            board.set_last(board.index(last));
        }
        let mover = side(position.to_move());
        let steps = steps(board.padded_width());
        let start = self.keys.len();
        let mut chosen = None;
        for &p in board.empties() {
            let p = p as usize;
            let (code, slot) = code_at(&board, &steps[mover], p, mover, board.last());
            if board.cell(p) == played {
                chosen = Some(self.keys.len());
            }
            self.keys.push(key(code, slot));
            self.lines.push(line(&board, p, mover) as u8);
        }
        match chosen {
            Some(c) => {
                self.chosen.push(c);
                self.starts.push(self.keys.len());
            }
            None => {
                self.keys.truncate(start);
                self.lines.truncate(start);
            }
        }
    }
}

/// Fits gammas to `examples` by `iterations` rounds of MM (see the module doc).
#[must_use]
pub fn learn(examples: &Examples, min_count: u32, iterations: usize) -> Gammas {
    // Dense ids: 0 is `unknown`, then every pattern seen at least `min_count` times.
    let mut counts: HashMap<u32, u32> = HashMap::new();
    for &k in &examples.keys {
        *counts.entry(k).or_default() += 1;
    }
    let mut keys: Vec<u32> = counts
        .iter()
        .filter(|&(_, &n)| n >= min_count)
        .map(|(&k, _)| k)
        .collect();
    keys.sort_unstable();
    let id_of: HashMap<u32, u32> = keys
        .iter()
        .enumerate()
        .map(|(i, &k)| (k, i as u32 + 1))
        .collect();
    let ids: Vec<u32> = examples
        .keys
        .iter()
        .map(|k| id_of.get(k).copied().unwrap_or(0))
        .collect();
    let lines: Vec<usize> = examples.lines.iter().map(|&l| l as usize).collect();
    let mut shape = vec![1.0f64; keys.len() + 1];
    let mut line_g = vec![1.0f64; LINES];
    let mut shape_wins = vec![0.0f64; shape.len()];
    let mut line_wins = vec![0.0f64; LINES];
    for &c in &examples.chosen {
        shape_wins[ids[c] as usize] += 1.0;
        line_wins[lines[c]] += 1.0;
    }
    let positions = examples.len();
    for _ in 0..iterations {
        for group in 0..2 {
            let mut denominator = vec![0.0f64; if group == 0 { shape.len() } else { LINES }];
            for j in 0..positions {
                let range = examples.starts[j]..examples.starts[j + 1];
                let total: f64 = range
                    .clone()
                    .map(|c| shape[ids[c] as usize] * line_g[lines[c]])
                    .sum();
                if total <= 0.0 {
                    continue;
                }
                for c in range {
                    if group == 0 {
                        denominator[ids[c] as usize] += line_g[lines[c]] / total;
                    } else {
                        denominator[lines[c]] += shape[ids[c] as usize] / total;
                    }
                }
            }
            let (gammas, wins) = if group == 0 {
                (&mut shape, &shape_wins)
            } else {
                (&mut line_g, &line_wins)
            };
            for (f, g) in gammas.iter_mut().enumerate() {
                *g = (wins[f] + 1.0) / (denominator[f] + 2.0 / (*g + 1.0));
            }
        }
    }
    // Scale so that the lines' gammas have a geometric mean of 1 (only products matter).
    let mean = (line_g.iter().map(|g| g.ln()).sum::<f64>() / LINES as f64).exp();
    let patterns: Vec<(u32, f32)> = keys
        .iter()
        .enumerate()
        .map(|(i, &k)| (k, (shape[i + 1] * mean) as f32))
        .collect();
    let mut line_out = [1.0f32; LINES];
    for (o, g) in line_out.iter_mut().zip(&line_g) {
        *o = (g / mean) as f32;
    }
    Gammas::new(&patterns, line_out, (shape[0] * mean) as f32)
}

/// The mean log-likelihood of the moves played under `gammas`, and how often the move played
/// was the cell of highest weight: how well a table predicts games it was or was not learnt on.
#[must_use]
pub fn evaluate(examples: &Examples, gammas: &Gammas) -> (f64, f64) {
    let mut log_likelihood = 0.0;
    let mut top = 0usize;
    for j in 0..examples.len() {
        let range = examples.starts[j]..examples.starts[j + 1];
        let weight = |c: usize| {
            f64::from(gammas.get(examples.keys[c]).unwrap_or(gammas.unknown))
                * f64::from(gammas.line[examples.lines[c] as usize])
        };
        let total: f64 = range.clone().map(weight).sum();
        let chosen = weight(examples.chosen[j]);
        log_likelihood += (chosen / total).ln();
        if range.clone().all(|c| weight(c) <= chosen) {
            top += 1;
        }
    }
    let n = examples.len().max(1) as f64;
    (log_likelihood / n, top as f64 / n)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Games where one side always answers next to the last move: MM gives patterns holding the
    /// last move a larger gamma than the rest, and predicts better than uniform.
    #[test]
    fn mm_learns_a_preference_for_answering_the_last_move() {
        let mut examples = Examples::new();
        let mut rng = crate::rng::Rng::new(5);
        for _ in 0..40 {
            let mut game = crate::formats::code::read("size=7").unwrap();
            let mut last: Option<Cell> = None;
            while game.position().winner().is_none() {
                let empty: Vec<Cell> = game.position().empty_cells().iter().collect();
                let near: Vec<Cell> = last
                    .map(|l| {
                        game.position()
                            .size()
                            .neighbours(l)
                            .iter()
                            .filter(|c| game.position().empty_cells().contains(*c))
                            .collect()
                    })
                    .unwrap_or_default();
                let pick = if near.is_empty() {
                    empty[rng.below(empty.len())]
                } else {
                    near[rng.below(near.len())]
                };
                game.play(Move::Cell(pick)).unwrap();
                last = Some(pick);
            }
            examples.add_game(&game, 1);
        }
        assert!(examples.len() > 100);
        let gammas = learn(&examples, 1, 20);
        let (ll, _) = evaluate(&examples, &gammas);
        let uniform = Gammas::new(&[], [1.0; LINES], 1.0);
        let (ll_uniform, _) = evaluate(&examples, &uniform);
        assert!(ll > ll_uniform + 0.5, "{ll} vs {ll_uniform}");
        let (mut near, mut far) = (Vec::new(), Vec::new());
        for (k, g) in gammas.patterns() {
            if k >> 24 < 6 {
                near.push(g);
            } else if k >> 24 == 12 {
                far.push(g);
            }
        }
        let mean = |v: &[f32]| v.iter().map(|&g| f64::from(g).ln()).sum::<f64>() / v.len() as f64;
        assert!(mean(&near) > mean(&far) + 1.0);
    }
}
