//! The subcommands: each reads its flags, calls the core and prints one result.

use std::io::{self, BufReader};
use std::time::Instant;

use hexlab_core::ica::{analyze, InferiorReport};
use hexlab_core::playout::random_playouts;
use hexlab_core::quote::quote;
use hexlab_core::report::{PlayoutReport, PositionReport};
use serde::Serialize;

use crate::args::{take_game, Flags, UsageError};
use crate::gtp::Engine;
use crate::outln;
use crate::output::Failure;

pub(crate) fn print_json<T: Serialize>(value: &T) -> Result<(), Failure> {
    outln!("{}", serde_json::to_string(value)?)?;
    Ok(())
}

pub(crate) fn no_positional(flags: &Flags) -> Result<(), UsageError> {
    match flags.positional().first() {
        Some(arg) => Err(UsageError(format!("unexpected argument '{}'", quote(arg)))),
        None => Ok(()),
    }
}

/// `hexlab gtp [--seed N]`.
pub fn gtp(args: &[String]) -> Result<(), Failure> {
    let mut flags = Flags::parse(args, &[])?;
    let seed = flags.take_number("seed", 0..=u64::MAX)?.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
    });
    no_positional(&flags)?;
    flags.finish()?;
    let stdin = io::stdin();
    Engine::new(seed).run(BufReader::new(stdin.lock()), io::stdout().lock())
}

/// `hexlab position <position> [--json]`.
pub fn position(args: &[String]) -> Result<(), Failure> {
    let mut flags = Flags::parse(args, &["json"])?;
    let game = take_game(&mut flags)?;
    no_positional(&flags)?;
    let json = flags.switch("json");
    flags.finish()?;
    let report = PositionReport::of(&game);
    if json {
        return print_json(&report);
    }
    outln!("{}", game.position().diagram())?;
    outln!(
        "to move: {}   rules: {}",
        game.position().to_move(),
        report.rules
    )?;
    if let Some(winner) = report.winner {
        outln!("winner: {winner}")?;
    }
    outln!("code: {}", report.code)?;
    Ok(())
}

/// `hexlab bench <job> ...`: `playouts`, `ica` or `positions`.
pub fn bench(args: &[String]) -> Result<(), Failure> {
    let flags = Flags::parse(args, &["json"])?;
    let job = match flags.positional() {
        [job] => job.clone(),
        [] => {
            return Err(UsageError(
                "bench needs a job: hexlab bench playouts|ica|vc|positions".into(),
            )
            .into())
        }
        [job, ..] => {
            return Err(UsageError(format!("unexpected argument after '{}'", quote(job))).into())
        }
    };
    match job.as_str() {
        "playouts" => bench_playouts(flags),
        "ica" => crate::bench_ica::run(flags),
        "vc" => crate::bench_vc::run(flags),
        "positions" => crate::bench_ica::positions(flags),
        other => Err(UsageError(format!(
            "unknown bench job '{}' (known: playouts, ica, vc, positions)",
            quote(other)
        ))
        .into()),
    }
}

/// The most playouts `bench playouts --count` runs (500 times the default).
const MAX_PLAYOUTS: u64 = 1_000_000_000;
/// The most threads `bench playouts --threads` starts.
const MAX_THREADS: usize = 256;

/// `hexlab bench playouts <position> [--count N] [--threads N] [--seed N] [--json]`.
fn bench_playouts(mut flags: Flags) -> Result<(), Failure> {
    let game = take_game(&mut flags)?;
    let count = flags
        .take_number("count", 1..=MAX_PLAYOUTS)?
        .unwrap_or(2_000_000);
    let threads = flags.take_number("threads", 1..=MAX_THREADS)?.unwrap_or(1);
    let seed = flags.take_number("seed", 0..=u64::MAX)?.unwrap_or(1);
    let json = flags.switch("json");
    flags.finish()?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()?;
    let started = Instant::now();
    let counts = pool.install(|| random_playouts(game.position(), count, seed));
    let seconds = started.elapsed().as_secs_f64();
    let report = PlayoutReport {
        playouts: counts.playouts,
        black_wins: counts.black_wins,
        white_wins: counts.white_wins,
        threads: pool.current_num_threads(),
        millis: seconds * 1000.0,
        playouts_per_second: counts.playouts as f64 / seconds.max(1e-9),
    };
    if json {
        return print_json(&report);
    }
    outln!(
        "{} playouts on {} thread(s) in {:.0} ms: {:.0} playouts/s (black {} / white {})",
        report.playouts,
        report.threads,
        report.millis,
        report.playouts_per_second,
        report.black_wins,
        report.white_wins
    )?;
    Ok(())
}

/// `hexlab analyze <position> [--json]`: inferior cell analysis for the side to move.
pub fn analyze_command(args: &[String]) -> Result<(), Failure> {
    let mut flags = Flags::parse(args, &["json"])?;
    let game = take_game(&mut flags)?;
    no_positional(&flags)?;
    let json = flags.switch("json");
    flags.finish()?;
    let started = Instant::now();
    let analysis = analyze(game.position());
    let elapsed = started.elapsed();
    let report = InferiorReport::of(&analysis);
    if json {
        return print_json(&report);
    }
    outln!("{}", analysis.filled.diagram())?;
    outln!("fill-in black: {}", report.fillin.b.join(" "))?;
    outln!("fill-in white: {}", report.fillin.w.join(" "))?;
    for claim in &report.inferior {
        outln!("{:>4} {:<10} {}", claim.cell, claim.kind, claim.reason)?;
    }
    outln!(
        "consider ({}): {}",
        report.consider.len(),
        report.consider.join(" ")
    )?;
    for note in &report.notes {
        outln!("note: {note}")?;
    }
    outln!("analysed in {:.1} ms", elapsed.as_secs_f64() * 1000.0)?;
    Ok(())
}
