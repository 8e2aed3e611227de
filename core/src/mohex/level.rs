//! Strength levels: a ladder of player settings from a beginner's opponent to the full player,
//! for the page's Play mode, `hexlab play --level` and GTP `param_mohex level`.
//!
//! A level is mostly a number of simulations per move, growing by a constant factor, so that
//! each level is a steady step above the one below (the arena measures it; see README). With
//! few simulations the search plays what the patterns' prior likes best whatever their number
//! (levels of 16 to 250 simulations were measured even), so the lowest levels also draw their
//! move among the moves searched, more loosely the lower the level (`temperature`). The
//! lower levels also leave out what makes play perfect in a narrow way: with knowledge (proofs
//! from virtual connections) and the root solver, a player that plays loosely everywhere
//! else would become unbeatable as soon as it holds a virtual connection, which is not a
//! smooth ladder. So knowledge comes in at level [`KNOWLEDGE_FROM`] and the solver at
//! [`SOLVER_FROM`].

use super::params::Params;

/// The number of levels (1 to `LEVELS`).
pub const LEVELS: u32 = 10;

/// The first level with knowledge in the tree (and at the root).
pub const KNOWLEDGE_FROM: u32 = 5;

/// The first level with the root solver.
pub const SOLVER_FROM: u32 = 7;

/// Simulations per move at `level` (1 to [`LEVELS`]).
#[must_use]
pub fn games(level: u32) -> u64 {
    const GAMES: [u64; LEVELS as usize] =
        [16, 40, 100, 250, 600, 1_500, 4_000, 10_000, 30_000, 100_000];
    GAMES[(level.clamp(1, LEVELS) - 1) as usize]
}

/// The temperature of the move's draw at `level` (0: the most visited move).
#[must_use]
pub fn temperature(level: u32) -> f64 {
    const TEMPERATURE: [f64; LEVELS as usize] = [1.0, 0.6, 0.35, 0.2, 0.1, 0.0, 0.0, 0.0, 0.0, 0.0];
    TEMPERATURE[(level.clamp(1, LEVELS) - 1) as usize]
}

/// The parameters of `level` (clamped to 1 to [`LEVELS`]), from `base` (threads, seed, time).
#[must_use]
pub fn params(level: u32, base: Params) -> Params {
    let level = level.clamp(1, LEVELS);
    let mut p = base;
    p.max_games = games(level);
    p.temperature = temperature(level);
    if level < KNOWLEDGE_FROM {
        p.knowledge_threshold = 0;
    }
    if level < SOLVER_FROM {
        p.solver_max_empty = 0;
    }
    p
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_grow_and_add_knowledge_then_the_solver() {
        for l in 2..=LEVELS {
            assert!(games(l) > games(l - 1));
            assert!(temperature(l) <= temperature(l - 1));
        }
        let base = Params::default();
        assert_eq!(params(1, base).knowledge_threshold, 0);
        assert_eq!(params(1, base).solver_max_empty, 0);
        assert_eq!(
            params(LEVELS, base).knowledge_threshold,
            base.knowledge_threshold
        );
        assert_eq!(params(LEVELS, base).solver_max_empty, base.solver_max_empty);
        assert_eq!(params(0, base), params(1, base));
        assert_eq!(params(99, base), params(LEVELS, base));
    }
}
