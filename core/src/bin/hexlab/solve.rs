//! `hexlab solve`: who wins a position, proven by the solver.

use std::path::Path;

use hexlab_core::search::budget::native_clock;
use hexlab_core::search::Budget;
use hexlab_core::solver::store::{Solved, Store};
use hexlab_core::solver::Bounds;
use hexlab_core::solver::{
    solve_report, Features, SolveOptions, SolveReport, Solver, DEFAULT_TABLE_MB, MAX_TABLE_MB,
    MAX_THREADS,
};
use hexlab_core::{Move, Position};
use serde::Serialize;

use crate::args::no_positional;
use crate::args::{take_game, thread_pool, Flags, UsageError};
use crate::outln;
use crate::output::print_json;
use crate::output::Failure;

/// The longest `--time-limit`, in seconds (a week).
pub const MAX_SECONDS: f64 = 7.0 * 24.0 * 3600.0;

/// The most nodes `--nodes` may ask for.
const MAX_NODES: u64 = 1 << 40;

/// `hexlab solve <position> [--all-winning] [--threads N] [--tt-mb M] [--time-limit S]
/// [--nodes N] [--no FEATURE,...] [--store FILE] [--json]`. With `--store`, a stored result is
/// printed without solving (`"store":"hit"`), and a new one is stored (`"store":"stored"`).
pub fn solve_command(args: &[String]) -> Result<(), Failure> {
    let mut flags = Flags::parse(args, &["json", "all-winning"])?;
    let game = take_game(&mut flags)?;
    let position = game.position().clone();
    let threads = flags.take_number("threads", 1..=MAX_THREADS)?.unwrap_or(1);
    let megabytes = flags
        .take_number("tt-mb", 1..=MAX_TABLE_MB)?
        .unwrap_or(DEFAULT_TABLE_MB);
    let nodes = flags.take_number("nodes", 1..=MAX_NODES)?;
    let seconds = take_seconds(&mut flags)?;
    let features = match flags.take("no") {
        None => Features::default(),
        Some(list) => features_without(&list)?,
    };
    let options = SolveOptions {
        threads,
        all_winning: flags.switch("all-winning"),
    };
    let json = flags.switch("json");
    let store = flags
        .take("store")
        .map(|path| open_store(&path))
        .transpose()?;
    no_positional(&flags)?;
    flags.finish()?;

    if let Some(store) = &store {
        if let Some(report) = stored_report(store, &position, options)? {
            return print_report(&report, json);
        }
    }
    let mut budget = nodes.map_or_else(Budget::unlimited, Budget::nodes);
    if let Some(s) = seconds {
        budget = budget.with_time_limit(s * 1000.0, native_clock);
    }
    let solver = Solver::new(megabytes, features);
    let pool = thread_pool(threads).map_err(|e| UsageError(format!("--threads: {e}")))?;
    let report =
        pool.install(|| solve_report(&solver, &position, options, &budget, Some(native_clock)));
    let mut answer = Answer {
        report,
        store: None,
    };
    if let Some(store) = &store {
        if let Some(solved) = solved_of(&answer.report)? {
            store.put(&position, &solved)?;
            answer.store = Some("stored");
        }
    }
    print_report(&answer, json)
}

/// A solve's answer: the report, and what the store did (`hit`: read from it, `stored`:
/// written to it; absent without `--store`).
#[derive(Serialize)]
struct Answer {
    #[serde(flatten)]
    report: SolveReport,
    #[serde(skip_serializing_if = "Option::is_none")]
    store: Option<&'static str>,
}

fn print_report(answer: &Answer, json: bool) -> Result<(), Failure> {
    if json {
        return print_json(answer);
    }
    print_text(&answer.report)?;
    if let Some(what) = answer.store {
        outln!("store: {what}")?;
    }
    Ok(())
}

/// `--time-limit S`: seconds from 0 to a week.
pub fn take_seconds(flags: &mut Flags) -> Result<Option<f64>, UsageError> {
    match flags.take("time-limit") {
        None => Ok(None),
        Some(text) => match text.trim().parse::<f64>() {
            Ok(s) if (0.0..=MAX_SECONDS).contains(&s) => Ok(Some(s)),
            _ => Err(UsageError(format!(
                "--time-limit {}: expected seconds from 0 to {MAX_SECONDS}",
                hexlab_core::quote::quote(&text)
            ))),
        },
    }
}

/// Opens (or creates) the store of `--store FILE`.
pub fn open_store(path: &str) -> Result<Store, UsageError> {
    if path.is_empty() {
        return Err(UsageError("--store needs a file name".into()));
    }
    Store::open(Path::new(path))
        .map_err(|e| UsageError(format!("--store {}: {e}", hexlab_core::quote::quote(path))))
}

/// The report of a stored result, when the store answers all that was asked (the winner, and
/// with `--all-winning` every winning move).
fn stored_report(
    store: &Store,
    position: &Position,
    options: SolveOptions,
) -> Result<Option<Answer>, Failure> {
    let start = native_clock();
    let Some(solved) = store.get(position)? else {
        return Ok(None);
    };
    let mover_wins = solved.winner == position.to_move();
    if options.all_winning && mover_wins && solved.winning_moves.is_none() {
        return Ok(None);
    }
    let winning_moves = if mover_wins {
        solved
            .winning_moves
            .iter()
            .flatten()
            .map(ToString::to_string)
            .collect()
    } else {
        Vec::new()
    };
    let bounds = if mover_wins {
        Bounds::WIN
    } else {
        Bounds::LOSS
    };
    Ok(Some(Answer {
        report: SolveReport {
            to_move: position.to_move(),
            winner: Some(solved.winner),
            all_winning: !mover_wins || solved.winning_moves.is_some(),
            winning_moves,
            pv: Vec::new(),
            nodes: 0,
            ms: native_clock() - start,
            phi: bounds.phi,
            delta: bounds.delta,
            stopped: None,
            table_entries: 0,
            table_capacity: 0,
            proof: None,
        },
        store: Some("hit"),
    }))
}

/// What a finished solve stores: the winner, and the winning moves when all were settled.
pub fn solved_of(report: &SolveReport) -> Result<Option<Solved>, Failure> {
    let Some(winner) = report.winner else {
        return Ok(None);
    };
    let winning_moves = if report.all_winning {
        Some(
            report
                .winning_moves
                .iter()
                .map(|m| m.parse::<Move>())
                .collect::<Result<Vec<_>, _>>()?,
        )
    } else {
        None
    };
    Ok(Some(Solved {
        winner,
        winning_moves,
        nodes: report.nodes,
        ms: report.ms,
        version: hexlab_core::VERSION.to_string(),
    }))
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
                features.decompositions = false;
            }
            "mustplay" => features.mustplay = false,
            "resistance" => features.resistance = false,
            "proof-sets" => features.proof_sets = false,
            "decompositions" => features.decompositions = false,
            other => {
                return Err(UsageError(format!(
                    "--no {}: expected fill-in, inferior, connections, mustplay, resistance, proof-sets or decompositions",
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
