//! `hexlab solve`: who wins a position, proven by the solver.

use hexlab_core::search::budget::native_clock;
use hexlab_core::search::Budget;
use hexlab_core::solver::{
    solve_report, Features, SolveOptions, SolveReport, Solver, DEFAULT_TABLE_MB, MAX_TABLE_MB,
    MAX_THREADS,
};

use crate::args::no_positional;
use crate::args::{take_game, Flags, UsageError};
use crate::outln;
use crate::output::print_json;
use crate::output::Failure;

/// The longest `--time-limit`, in seconds (a week).
const MAX_SECONDS: f64 = 7.0 * 24.0 * 3600.0;

/// The most nodes `--nodes` may ask for.
const MAX_NODES: u64 = 1 << 40;

/// `hexlab solve <position> [--all-winning] [--threads N] [--tt-mb M] [--time-limit S]
/// [--nodes N] [--no FEATURE,...] [--json]`.
pub fn solve_command(args: &[String]) -> Result<(), Failure> {
    let mut flags = Flags::parse(args, &["json", "all-winning"])?;
    let game = take_game(&mut flags)?;
    let position = game.position().clone();
    let threads = flags.take_number("threads", 1..=MAX_THREADS)?.unwrap_or(1);
    let megabytes = flags
        .take_number("tt-mb", 1..=MAX_TABLE_MB)?
        .unwrap_or(DEFAULT_TABLE_MB);
    let nodes = flags.take_number("nodes", 1..=MAX_NODES)?;
    let seconds = match flags.take("time-limit") {
        None => None,
        Some(text) => match text.trim().parse::<f64>() {
            Ok(s) if (0.0..=MAX_SECONDS).contains(&s) => Some(s),
            _ => {
                return Err(UsageError(format!(
                    "--time-limit {}: expected seconds from 0 to {MAX_SECONDS}",
                    hexlab_core::quote::quote(&text)
                ))
                .into())
            }
        },
    };
    let features = match flags.take("no") {
        None => Features::default(),
        Some(list) => features_without(&list)?,
    };
    let options = SolveOptions {
        threads,
        all_winning: flags.switch("all-winning"),
    };
    let json = flags.switch("json");
    no_positional(&flags)?;
    flags.finish()?;

    let mut budget = nodes.map_or_else(Budget::unlimited, Budget::nodes);
    if let Some(s) = seconds {
        budget = budget.with_time_limit(s * 1000.0, native_clock);
    }
    let solver = Solver::new(megabytes, features);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| UsageError(format!("--threads {threads}: {e}")))?;
    let report =
        pool.install(|| solve_report(&solver, &position, options, &budget, Some(native_clock)));
    if json {
        return print_json(&report);
    }
    print_text(&report)
}

/// Features named in `--no fill-in,inferior,...` switched off.
pub fn features_without(list: &str) -> Result<Features, UsageError> {
    let mut features = Features::default();
    for name in list.split(',').map(str::trim).filter(|n| !n.is_empty()) {
        match name {
            "fill-in" => {
                features.fill_in = false;
                features.inferior = false;
            }
            "inferior" => features.inferior = false,
            "connections" => {
                features.connections = false;
                features.mustplay = false;
            }
            "mustplay" => features.mustplay = false,
            "resistance" => features.resistance = false,
            other => {
                return Err(UsageError(format!(
                    "--no {}: expected fill-in, inferior, connections, mustplay or resistance",
                    hexlab_core::quote::quote(other)
                )))
            }
        }
    }
    Ok(features)
}

fn print_text(report: &SolveReport) -> Result<(), Failure> {
    match report.winner {
        Some(winner) => outln!("winner: {}", winner.name())?,
        None => outln!(
            "unknown: {} (proof numbers {} / {})",
            report.stopped.as_deref().unwrap_or("stopped"),
            report.phi,
            report.delta
        )?,
    }
    if !report.winning_moves.is_empty() {
        let all = if report.all_winning { " (all)" } else { "" };
        outln!("winning moves{all}: {}", report.winning_moves.join(" "))?;
    }
    if !report.pv.is_empty() {
        outln!("pv: {}", report.pv.join(" "))?;
    }
    outln!(
        "{} nodes, {:.0} ms, table {} of {} entries",
        report.nodes,
        report.ms,
        report.table_entries,
        report.table_capacity
    )
}
