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
//! smooth ladder. Knowledge comes in by steps, each measured (README, the ladder): at the
//! root only and proving nothing from [`ROOT_KNOWLEDGE_FROM`] (the mustplay and the inferior
//! moves prune the moves the level chooses among: some 190 Elo over the level below, where the
//! whole knowledge at once had been a step of 300), in the tree with its proofs from
//! [`KNOWLEDGE_FROM`], and the root solver from [`SOLVER_FROM`].

use super::params::Params;

/// The number of levels (1 to `LEVELS`).
pub const LEVELS: u32 = 10;

/// The first level with knowledge at the root (pruning the root's moves, proving nothing).
pub const ROOT_KNOWLEDGE_FROM: u32 = 4;

/// The first level with knowledge in the tree, proofs included.
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
    const TEMPERATURE: [f64; LEVELS as usize] = [0.9, 0.6, 0.35, 0.2, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0];
    TEMPERATURE[(level.clamp(1, LEVELS) - 1) as usize]
}

/// The parameters of `level` (clamped to 1 to [`LEVELS`]), from `base` (threads, seed, time).
#[must_use]
pub fn params(level: u32, base: Params) -> Params {
    let level = level.clamp(1, LEVELS);
    let mut p = base;
    p.max_games = games(level);
    p.temperature = temperature(level);
    if level < ROOT_KNOWLEDGE_FROM {
        p.knowledge_threshold = 0;
    } else if level < KNOWLEDGE_FROM && p.knowledge_threshold > 0 {
        // The root's knowledge is computed before the search whatever the threshold; no other
        // node reaches this one.
        p.knowledge_threshold = u32::MAX;
    }
    if level < KNOWLEDGE_FROM {
        p.knowledge_proofs = false;
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
        let root_only = params(ROOT_KNOWLEDGE_FROM, base);
        assert_eq!(root_only.knowledge_threshold, u32::MAX);
        assert!(!root_only.knowledge_proofs);
        assert_eq!(
            params(KNOWLEDGE_FROM, base).knowledge_threshold,
            base.knowledge_threshold
        );
        assert!(params(KNOWLEDGE_FROM, base).knowledge_proofs);
        let off = Params {
            knowledge_threshold: 0,
            ..base
        };
        assert_eq!(params(ROOT_KNOWLEDGE_FROM, off).knowledge_threshold, 0);
        assert_eq!(
            params(LEVELS, base).knowledge_threshold,
            base.knowledge_threshold
        );
        assert_eq!(params(LEVELS, base).solver_max_empty, base.solver_max_empty);
        assert_eq!(params(0, base), params(1, base));
        assert_eq!(params(99, base), params(LEVELS, base));
    }
}
