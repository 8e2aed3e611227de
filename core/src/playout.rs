//! Uniformly random playouts: the parallel job that proves the thread pool, and the benchmark.
//!
//! A playout fills every empty cell in random order, the two players alternating from the side
//! to move. On a full Hex board exactly one player joins their edges, and the winner is the
//! same as if the game had stopped at the first connection, so filling is both simpler and
//! faster than checking for a win after each move.

use rayon::prelude::*;
use serde::Serialize;

use crate::board::{Cell, CellSet, Color};
use crate::position::Position;
use crate::rng::Rng;

/// Playouts run as fixed-size chunks with their own derived seeds, so the counts are the same
/// whatever the number of threads.
pub const CHUNK: u64 = 256;

/// Win counts over a batch of playouts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct PlayoutCounts {
    pub playouts: u64,
    pub black_wins: u64,
    pub white_wins: u64,
}

impl PlayoutCounts {
    fn add(self, other: PlayoutCounts) -> PlayoutCounts {
        PlayoutCounts {
            playouts: self.playouts + other.playouts,
            black_wins: self.black_wins + other.black_wins,
            white_wins: self.white_wins + other.white_wins,
        }
    }
}

/// Runs `count` random playouts from `position` on the current rayon pool.
///
/// Deterministic for a given `seed`, whatever the pool size. A finished position counts its
/// winner `count` times.
#[must_use]
pub fn random_playouts(position: &Position, count: u64, seed: u64) -> PlayoutCounts {
    let chunks = count.div_ceil(CHUNK);
    (0..chunks)
        .into_par_iter()
        .map(|chunk| {
            let n = CHUNK.min(count - chunk * CHUNK);
            let mut rng = Rng::new(Rng::derive_seed(seed, chunk));
            playout_chunk(position, n, &mut rng)
        })
        .reduce(PlayoutCounts::default, PlayoutCounts::add)
}

/// Runs `n` playouts on this thread.
fn playout_chunk(position: &Position, n: u64, rng: &mut Rng) -> PlayoutCounts {
    let mut counts = PlayoutCounts {
        playouts: n,
        ..PlayoutCounts::default()
    };
    if let Some(winner) = position.winner() {
        match winner {
            Color::Black => counts.black_wins = n,
            Color::White => counts.white_wins = n,
        }
        return counts;
    }
    let board = PlayoutBoard::new(position);
    let mut empty: Vec<Cell> = position.empty_cells().iter().collect();
    for _ in 0..n {
        match board.play_out(&mut empty, rng) {
            Color::Black => counts.black_wins += 1,
            Color::White => counts.white_wins += 1,
        }
    }
    counts
}

/// What a playout needs of a position, precomputed once per chunk.
struct PlayoutBoard {
    black: CellSet,
    mover: Color,
    top: CellSet,
    bottom: CellSet,
    rex: bool,
}

impl PlayoutBoard {
    fn new(position: &Position) -> PlayoutBoard {
        let size = position.size();
        PlayoutBoard {
            black: position.stones(Color::Black),
            mover: position.to_move(),
            top: size.edge_cells(Cell::TOP),
            bottom: size.edge_cells(Cell::BOTTOM),
            rex: position.rules() == crate::rules::Rules::Rex,
        }
    }

    /// One playout: shuffles `empty` in place and reports the winner.
    fn play_out(&self, empty: &mut [Cell], rng: &mut Rng) -> Color {
        // The mover gets the first ceil(k/2) cells of a uniformly random order: a partial
        // Fisher-Yates shuffle of just that many positions is enough.
        let mover_share = empty.len().div_ceil(2);
        let black_share = if self.mover == Color::Black {
            mover_share
        } else {
            empty.len() - mover_share
        };
        let mut black = self.black;
        for i in 0..black_share {
            let j = i + rng.below(empty.len() - i);
            empty.swap(i, j);
            black.insert(empty[i]);
        }
        let connector = if CellSet::flood(self.top, black).intersects(&self.bottom) {
            Color::Black
        } else {
            Color::White
        };
        if self.rex {
            connector.opponent()
        } else {
            connector
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::BoardSize;
    use crate::game::Game;
    use crate::rules::RulesConfig;

    #[test]
    fn same_counts_on_any_pool_size() {
        let game = crate::formats::code::read("size=7&moves=d4,c5").unwrap();
        let one = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .unwrap();
        let two = rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .unwrap();
        let a = one.install(|| random_playouts(game.position(), 3000, 9));
        let b = two.install(|| random_playouts(game.position(), 3000, 9));
        assert_eq!(a, b);
        assert_eq!(a.playouts, 3000);
        assert_eq!(a.black_wins + a.white_wins, 3000);
    }

    #[test]
    fn first_player_advantage_shows_on_an_empty_board() {
        let game = Game::new(BoardSize::square(5).unwrap(), RulesConfig::default());
        let counts = random_playouts(game.position(), 20_000, 1);
        // Random play on an empty board favours the first player slightly (odd cell count).
        assert!(counts.black_wins > counts.white_wins, "{counts:?}");
    }

    #[test]
    fn a_decided_position_always_reports_its_winner() {
        let game = crate::formats::code::read("size=3&moves=b1,a2,b2,a3,b3").unwrap();
        let counts = random_playouts(game.position(), 10, 1);
        assert_eq!(counts.black_wins, 10);
    }

    #[test]
    fn one_by_one_board_goes_to_the_mover() {
        let game = Game::new(BoardSize::square(1).unwrap(), RulesConfig::default());
        assert_eq!(random_playouts(game.position(), 5, 1).black_wins, 5);
    }
}
