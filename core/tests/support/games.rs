//! Random positions for the soundness tests.

use hexlab_core::rng::Rng;
use hexlab_core::{BoardSize, Position, Rules, RulesConfig};

/// The position after `plies` uniformly random moves from the empty board (Hex, no swap), or
/// fewer if the game ends first; the result may be finished.
pub fn random_game(rng: &mut Rng, size: BoardSize, plies: usize) -> Position {
    let mut position = Position::new(
        size,
        RulesConfig {
            rules: Rules::Hex,
            swap: false,
        },
    );
    for _ in 0..plies {
        let legal = position.legal_cells();
        if legal.is_empty() {
            break;
        }
        position.play_unchecked(legal.nth(rng.below(legal.len())).expect("a legal cell"));
    }
    position
}

/// Like [`random_game`], drawing again until the game is not over.
pub fn unfinished_game(
    rng: &mut Rng,
    size: BoardSize,
    plies: impl Fn(&mut Rng) -> usize,
) -> Position {
    loop {
        let n = plies(rng);
        let position = random_game(rng, size, n);
        if position.winner().is_none() {
            return position;
        }
    }
}
