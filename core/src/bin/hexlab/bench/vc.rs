//! `hexlab bench vc`: H-search over the fixed position set shared with `bench ica`: both
//! colours built from scratch with the default limits, with the AND rule through edges too
//! (with and without captured sets), and plain (no crossing rule, edge templates or captured
//! sets, with and without the AND rule through edges); the whole set spread over two threads
//! against one; and the incremental update after one move against a rebuild.

use std::time::Instant;

use hexlab_core::ica::bench::by_size;
use hexlab_core::rng::Rng;
use hexlab_core::vc::incremental::after_stone;
use hexlab_core::vc::{h_search, Connections, Limits};
use hexlab_core::{Color, Game, Position};
use rayon::prelude::*;
use serde::Serialize;

use super::ica::SetBench;
use crate::args::{Flags, UsageError};
use crate::outln;
use crate::output::{print_json, Failure};

/// What one configuration finds and costs over a group of positions.
#[derive(Serialize, Default, Clone)]
struct Found {
    /// Mean time to build one colour's connections, in milliseconds (best of the repeats).
    ms_per_color: f64,
    /// Positions per second, both colours.
    positions_per_second: f64,
    /// Edge-to-edge full connections, summed over positions and colours.
    edge_full: usize,
    /// Edge-to-edge semi connections, summed over positions and colours.
    edge_semi: usize,
    /// Positions where one side has a winning full connection.
    decided: usize,
    /// Mean size of the side to move's mustplay (over positions with a threat).
    mean_mustplay: f64,
    /// Positions where the opponent of the side to move has a winning semi connection.
    threats: usize,
    /// Connections of every pair, summed.
    all_full: usize,
    all_semi: usize,
}

#[derive(Serialize)]
struct SizeFigures {
    size: u8,
    positions: usize,
    /// The default limits.
    full: Found,
    /// Everything else; left out with `--only default`.
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    more: Option<MoreFigures>,
}

/// The configurations and measurements beyond the default limits.
#[derive(Serialize)]
struct MoreFigures {
    /// The default limits with the AND rule through edges (`Limits::thorough`).
    thorough: Found,
    /// `thorough` without carrier overlap on captured sets.
    no_captured_sets: Found,
    /// The default limits without the crossing rule, edge templates and captured sets.
    plain: Found,
    /// `plain` with the AND rule through edges.
    plain_over_edges: Found,
    /// The default limits, the set's searches spread over two threads.
    two_threads: Spread,
    /// Mean time of the update after one move, per colour, in milliseconds.
    update_ms_per_color: f64,
    /// Mean time of a rebuild of the same positions, per colour, in milliseconds.
    rebuild_ms_per_color: f64,
    /// Edge-to-edge connections after the move: updated, then rebuilt.
    update_edge_connections: usize,
    rebuild_edge_connections: usize,
}

/// Every search of the set (each position, both colours) run one after the other on one
/// thread, and spread over a pool of two (each search on one thread), taken in turn in each
/// round: the set's throughput, not one search's latency.
#[derive(Serialize)]
struct Spread {
    /// The threads of the pool.
    threads: usize,
    /// Mean time per position (both colours) on one thread, in milliseconds (best of the
    /// repeats).
    one_thread_ms_per_position: f64,
    /// The same, spread over the pool.
    ms_per_position: f64,
    /// Positions per second, both colours, spread over the pool.
    positions_per_second: f64,
    /// `one_thread_ms_per_position / ms_per_position`.
    speedup: f64,
    /// Whether both ways found the same edge-to-edge connections.
    same_edge_connections: bool,
}

#[derive(Serialize)]
struct VcBench {
    set: String,
    repeat: usize,
    sizes: Vec<SizeFigures>,
}

fn edge_counts(c: &Connections) -> (usize, usize) {
    c.edge_to_edge()
        .map_or((0, 0), |e| (e.full().len(), e.semi().len()))
}

fn measure(group: &[&Game], limits: Limits, repeat: usize) -> Found {
    let mut best = f64::INFINITY;
    let mut found = Found::default();
    let mut mustplay_total = 0;
    for round in 0..repeat {
        let started = Instant::now();
        let built: Vec<[Connections; 2]> = group
            .iter()
            .map(|g| Color::ALL.map(|color| h_search(g.position(), color, limits)))
            .collect();
        best = best.min(started.elapsed().as_secs_f64());
        if round > 0 {
            continue;
        }
        for (game, both) in group.iter().zip(&built) {
            let position = game.position();
            let mut decided = false;
            for c in both {
                let (f, s) = edge_counts(c);
                found.edge_full += f;
                found.edge_semi += s;
                decided |= f > 0;
                for (_, _, pair) in c.pairs() {
                    found.all_full += pair.full().len();
                    found.all_semi += pair.semi().len();
                }
            }
            found.decided += usize::from(decided);
            let opponent = &both[usize::from(position.to_move() == Color::Black)];
            if let Some(edge) = opponent.edge_to_edge() {
                if edge.full().len() == 0 && edge.semi().len() > 0 {
                    let region = edge
                        .semi()
                        .fold(position.empty_cells(), |r, s| r & s.carrier);
                    found.threats += 1;
                    mustplay_total += region.len();
                }
            }
        }
    }
    let n = group.len() as f64;
    found.ms_per_color = best * 1000.0 / (2.0 * n);
    found.positions_per_second = n / best;
    found.mean_mustplay = mustplay_total as f64 / found.threats.max(1) as f64;
    found
}

fn measure_spread(group: &[&Game], limits: Limits, repeat: usize) -> Spread {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .expect("a pool of two threads");
    let searches: Vec<(&Position, Color)> = group
        .iter()
        .flat_map(|g| Color::ALL.map(|color| (g.position(), color)))
        .collect();
    let search = |&(position, color): &(&Position, Color)| h_search(position, color, limits);
    let (mut one_best, mut two_best) = (f64::INFINITY, f64::INFINITY);
    let mut same_edge_connections = true;
    for _ in 0..repeat {
        let started = Instant::now();
        let one: Vec<Connections> = searches.iter().map(search).collect();
        one_best = one_best.min(started.elapsed().as_secs_f64());
        let started = Instant::now();
        let two: Vec<Connections> = pool.install(|| searches.par_iter().map(search).collect());
        two_best = two_best.min(started.elapsed().as_secs_f64());
        same_edge_connections &= one
            .iter()
            .zip(&two)
            .all(|(a, b)| edge_counts(a) == edge_counts(b));
    }
    let n = group.len().max(1) as f64;
    Spread {
        threads: pool.current_num_threads(),
        one_thread_ms_per_position: one_best * 1000.0 / n,
        ms_per_position: two_best * 1000.0 / n,
        positions_per_second: n / two_best,
        speedup: one_best / two_best,
        same_edge_connections,
    }
}

/// The position after one deterministic random move, and the move.
fn one_move(position: &Position, rng: &mut Rng) -> Option<(Position, hexlab_core::Cell)> {
    let empty = position.empty_cells();
    let cell = empty.nth(rng.below(empty.len().max(1)))?;
    let mut after = position.clone();
    after.play_unchecked(cell);
    Some((after, cell))
}

/// `hexlab bench vc [--set FILE] [--repeat N] [--only default] [--json]`.
pub fn run(mut flags: Flags) -> Result<(), Failure> {
    let only_default = match flags.take("only").as_deref() {
        None => false,
        Some("default") => true,
        Some(other) => {
            return Err(UsageError(format!(
                "--only {}: the one configuration to measure alone is 'default'",
                hexlab_core::quote::quote(other)
            ))
            .into())
        }
    };
    let SetBench {
        name,
        games,
        repeat,
        json,
    } = SetBench::from_flags(flags)?;
    let limits = Limits::default();
    let plain = Limits {
        crossing_rule: false,
        edge_templates: false,
        captured_sets: false,
        ..limits
    };
    let mut figures = Vec::new();
    for (size, group) in by_size(&games) {
        let full = measure(&group, limits, repeat);
        let more = (!only_default).then(|| measure_more(&group, size, limits, plain, repeat));
        figures.push(SizeFigures {
            size,
            positions: group.len(),
            full,
            more,
        });
    }
    let report = VcBench {
        set: name,
        repeat,
        sizes: figures,
    };
    if json {
        return print_json(&report);
    }
    for f in &report.sizes {
        print_size(f, report.repeat)?;
    }
    Ok(())
}

/// Every configuration but the default one, the spread over two threads and the update.
fn measure_more(
    group: &[&Game],
    size: u8,
    limits: Limits,
    plain: Limits,
    repeat: usize,
) -> MoreFigures {
    let thorough = measure(group, Limits::thorough(), repeat);
    let no_captured_sets = measure(
        group,
        Limits {
            captured_sets: false,
            ..Limits::thorough()
        },
        repeat,
    );
    let plain_over_edges = measure(
        group,
        Limits {
            and_over_edges: true,
            ..plain
        },
        repeat,
    );
    let plain_found = measure(group, plain, repeat);
    let two_threads = measure_spread(group, limits, repeat);
    let mut rng = Rng::new(u64::from(size));
    let moves: Vec<(Position, Position, hexlab_core::Cell)> = group
        .iter()
        .filter_map(|g| {
            one_move(g.position(), &mut rng)
                .map(|(after, cell)| (g.position().clone(), after, cell))
        })
        .collect();
    let before: Vec<[Connections; 2]> = moves
        .iter()
        .map(|(p, _, _)| Color::ALL.map(|color| h_search(p, color, limits)))
        .collect();
    let (mut update_best, mut rebuild_best) = (f64::INFINITY, f64::INFINITY);
    let (mut updated_edges, mut rebuilt_edges) = (0, 0);
    for round in 0..repeat {
        let started = Instant::now();
        let updated: Vec<Connections> = moves
            .iter()
            .zip(&before)
            .flat_map(|((_, after, cell), both)| {
                both.iter().map(|c| after_stone(c, after, *cell, limits))
            })
            .collect();
        update_best = update_best.min(started.elapsed().as_secs_f64());
        let started = Instant::now();
        let rebuilt: Vec<Connections> = moves
            .iter()
            .flat_map(|(_, after, _)| Color::ALL.map(|color| h_search(after, color, limits)))
            .collect();
        rebuild_best = rebuild_best.min(started.elapsed().as_secs_f64());
        if round == 0 {
            updated_edges = updated
                .iter()
                .map(|c| edge_counts(c).0 + edge_counts(c).1)
                .sum();
            rebuilt_edges = rebuilt
                .iter()
                .map(|c| edge_counts(c).0 + edge_counts(c).1)
                .sum();
        }
    }
    let per_color = 1000.0 / (2.0 * moves.len().max(1) as f64);
    MoreFigures {
        thorough,
        no_captured_sets,
        plain: plain_found,
        plain_over_edges,
        two_threads,
        update_ms_per_color: update_best * per_color,
        rebuild_ms_per_color: rebuild_best * per_color,
        update_edge_connections: updated_edges,
        rebuild_edge_connections: rebuilt_edges,
    }
}

fn print_found(label: &str, found: &Found) -> Result<(), Failure> {
    outln!(
        "  {label:<27} {:.2} ms per colour ({:.1} positions/s both colours); edge-to-edge {} full, {} semi; decided {}; threats {}, mean mustplay {:.1}; all pairs {} full, {} semi",
        found.ms_per_color, found.positions_per_second, found.edge_full, found.edge_semi, found.decided, found.threats, found.mean_mustplay, found.all_full, found.all_semi
    )
}

/// The text report of one size.
fn print_size(f: &SizeFigures, repeat: usize) -> Result<(), Failure> {
    outln!(
        "{0}x{0}: {1} positions (best of {2})",
        f.size,
        f.positions,
        repeat
    )?;
    print_found("default", &f.full)?;
    let Some(more) = &f.more else {
        return Ok(());
    };
    for (label, found) in [
        ("AND over edges", &more.thorough),
        ("  without captured sets", &more.no_captured_sets),
        ("plain", &more.plain),
        ("plain, AND over edges", &more.plain_over_edges),
    ] {
        print_found(label, found)?;
    }
    let two = &more.two_threads;
    outln!(
        "  the set spread over {} threads: {:.2} ms per position ({:.1} positions/s both colours), one thread {:.2} ms ({:.2}x); same edge-to-edge connections: {}",
        two.threads,
        two.ms_per_position,
        two.positions_per_second,
        two.one_thread_ms_per_position,
        two.speedup,
        two.same_edge_connections
    )?;
    outln!(
        "  update after one move: {:.2} ms per colour, rebuild {:.2} ms ({:.1}x); edge-to-edge connections {} updated, {} rebuilt",
        more.update_ms_per_color,
        more.rebuild_ms_per_color,
        more.rebuild_ms_per_color / more.update_ms_per_color.max(1e-9),
        more.update_edge_connections,
        more.rebuild_edge_connections
    )
}
