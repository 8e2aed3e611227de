//! `hexlab bench`: timing jobs, each in its own file (`ica`: the inferior cell analysis over a
//! position set, and making such sets; `vc`: H-search over the same sets and its updates),
//! with the random playouts here.

mod ica;
mod solve;
mod vc;

use std::time::Instant;

use hexlab_core::playout::random_playouts;
use hexlab_core::quote::quote;
use hexlab_core::report::PlayoutReport;

use crate::args::{take_game, Flags, UsageError};
use crate::outln;
use crate::output::{print_json, Failure};

/// `hexlab bench <job> ...`: `playouts`, `ica` or `positions`.
pub fn bench(args: &[String]) -> Result<(), Failure> {
    let flags = Flags::parse(args, &["json"])?;
    let job = match flags.positional() {
        [job] => job.clone(),
        [] => {
            return Err(UsageError(
                "bench needs a job: hexlab bench playouts|ica|vc|solve|positions".into(),
            )
            .into())
        }
        [job, ..] => {
            return Err(UsageError(format!("unexpected argument after '{}'", quote(job))).into())
        }
    };
    match job.as_str() {
        "playouts" => bench_playouts(flags),
        "ica" => ica::run(flags),
        "vc" => vc::run(flags),
        "positions" => ica::positions(flags),
        "solve" => solve::run(flags),
        other => Err(UsageError(format!(
            "unknown bench job '{}' (known: playouts, ica, vc, solve, positions)",
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
