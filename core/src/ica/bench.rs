//! The analysis benchmark's measurement, shared by `hexlab bench ica` (native, timed by
//! `Instant`) and the page's package (`benchInferior`, timed by the browser's clock): both
//! time the same passes over the same positions, so their figures compare as ratios.

use serde::Serialize;

use super::{analyze_with, IcaParams};
use crate::Game;

/// The figures of one board size of a position set. The counts come from the first pass; the
/// time is the best pass's.
#[derive(Clone, Debug, Serialize)]
pub struct SizeFigures {
    pub size: u8,
    pub positions: usize,
    /// How many passes were timed (the best counts).
    pub repeat: usize,
    /// Mean analysis time per position, in milliseconds.
    pub mean_ms: f64,
    pub positions_per_second: f64,
    pub mean_fillin: f64,
    pub mean_inferior: f64,
    pub mean_consider: f64,
    pub mean_empty: f64,
}

/// The games of a set grouped by board width, smallest first (each group in the set's order).
pub fn by_size(games: &[Game]) -> Vec<(u8, Vec<&Game>)> {
    let mut sizes: Vec<u8> = games.iter().map(|g| g.position().size().width()).collect();
    sizes.sort_unstable();
    sizes.dedup();
    sizes
        .into_iter()
        .map(|size| {
            let group = games
                .iter()
                .filter(|g| g.position().size().width() == size)
                .collect();
            (size, group)
        })
        .collect()
}

/// Analyses every position of `games` for its side to move under `params`, `repeat` passes
/// (at least one) per board size; `now_ms` reads a clock in milliseconds.
pub fn measure(
    games: &[Game],
    params: &IcaParams,
    repeat: usize,
    mut now_ms: impl FnMut() -> f64,
) -> Vec<SizeFigures> {
    let repeat = repeat.max(1);
    let mut figures = Vec::new();
    for (size, group) in by_size(games) {
        let (mut fillin, mut inferior, mut consider, mut empty) = (0usize, 0usize, 0usize, 0usize);
        let mut best = f64::INFINITY;
        for pass in 0..repeat {
            let started = now_ms();
            for game in &group {
                let analysis = analyze_with(game.position(), params);
                if pass == 0 {
                    fillin += analysis.fillin.len();
                    inferior += analysis.inferior.len();
                    consider += analysis.consider.len();
                    empty += game.position().empty_cells().len();
                }
            }
            best = best.min(now_ms() - started);
        }
        let n = group.len() as f64;
        figures.push(SizeFigures {
            size,
            positions: group.len(),
            repeat,
            mean_ms: best / n,
            positions_per_second: n * 1000.0 / best.max(f64::MIN_POSITIVE),
            mean_fillin: fillin as f64 / n,
            mean_inferior: inferior as f64 / n,
            mean_consider: consider as f64 / n,
            mean_empty: empty as f64 / n,
        });
    }
    figures
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::read_link;

    #[test]
    fn groups_by_size_and_counts_the_first_pass() {
        let games: Vec<Game> = [
            "size=4&b=b2&w=c3&turn=b",
            "size=3&b=b2&turn=w",
            "size=4&turn=b",
        ]
        .iter()
        .map(|l| read_link(l).unwrap())
        .collect();
        let mut tick = 0.0;
        let figures = measure(&games, &IcaParams::SEARCH, 2, || {
            tick += 1.0;
            tick
        });
        assert_eq!(
            figures
                .iter()
                .map(|f| (f.size, f.positions))
                .collect::<Vec<_>>(),
            [(3, 1), (4, 2)]
        );
        assert_eq!(figures[1].mean_empty, (14 + 16) as f64 / 2.0);
        // Each pass reads the clock twice, one tick apart: one millisecond per pass.
        assert!(figures
            .iter()
            .all(|f| f.repeat == 2 && f.mean_ms == 1.0 / f.positions as f64));
    }
}
