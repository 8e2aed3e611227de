//! `hexlab play`: the player's move for a position (Monte Carlo tree search, `mohex`).

use hexlab_core::mohex::{Params, PlayReport, Player};
use hexlab_core::search::budget::native_clock;
use hexlab_core::search::Budget;

use crate::args::{no_positional, take_game, thread_pool, Flags, UsageError};
use crate::outln;
use crate::output::{print_json, Failure};

/// The longest `--time`, in seconds (a day).
pub const MAX_SECONDS: f64 = 24.0 * 3600.0;
/// The most games `--games` may ask for.
pub const MAX_GAMES: u64 = 1 << 40;
/// The most threads.
pub const MAX_THREADS: usize = 256;
/// The most tree nodes `--max-nodes` may ask for (about 28 bytes each).
pub const MAX_NODES: usize = 1 << 28;

/// Seconds read from `--name`, bounded.
pub fn seconds(flags: &mut Flags, name: &str) -> Result<Option<f64>, UsageError> {
    match flags.take(name) {
        None => Ok(None),
        Some(text) => match text.trim().parse::<f64>() {
            Ok(s) if (0.0..=MAX_SECONDS).contains(&s) => Ok(Some(s)),
            _ => Err(UsageError(format!(
                "--{name} {}: expected seconds from 0 to {MAX_SECONDS}",
                hexlab_core::quote::quote(&text)
            ))),
        },
    }
}

/// `hexlab play <position> [--time S | --games N] [--threads N] [--seed N] [--max-nodes N]
/// [--no-rave] [--no-bridges] [--no-knowledge] [--no-solver] [--json]`.
pub fn play_command(args: &[String]) -> Result<(), Failure> {
    let mut flags = Flags::parse(
        args,
        &["json", "no-rave", "no-bridges", "no-knowledge", "no-solver"],
    )?;
    let game = take_game(&mut flags)?;
    let time = seconds(&mut flags, "time")?;
    let games = flags.take_number("games", 1..=MAX_GAMES)?;
    if time.is_some() && games.is_some() {
        return Err(UsageError("give --time or --games, not both".into()).into());
    }
    let threads = flags.take_number("threads", 1..=MAX_THREADS)?.unwrap_or(1);
    let seed = flags.take_number("seed", 0..=u64::MAX)?.unwrap_or(1);
    let max_nodes = flags.take_number("max-nodes", 1..=MAX_NODES)?;
    let mut params = Params {
        num_threads: threads,
        seed,
        use_rave: !flags.switch("no-rave"),
        bridge_replies: !flags.switch("no-bridges"),
        ..Params::default()
    };
    if flags.switch("no-knowledge") {
        params.knowledge_threshold = 0;
    }
    if flags.switch("no-solver") {
        params.solver_max_empty = 0;
    }
    if let Some(n) = max_nodes {
        params.max_nodes = n;
    }
    match (time, games) {
        (_, Some(n)) => {
            params.max_games = n;
            params.max_time = 0.0;
        }
        (Some(s), None) => params.max_time = s,
        (None, None) => params.max_time = 1.0,
    }
    let json = flags.switch("json");
    no_positional(&flags)?;
    flags.finish()?;

    let pool = thread_pool(threads).map_err(|e| UsageError(format!("--threads: {e}")))?;
    let report = search(&mut Player::new(params), game.position(), &pool);
    if json {
        return print_json(&report);
    }
    print_text(&report)
}

/// One timed search on `pool` under the player's own limits.
pub fn search(
    player: &mut Player,
    position: &hexlab_core::Position,
    pool: &rayon::ThreadPool,
) -> PlayReport {
    let started = native_clock();
    let mut budget = Budget::unlimited();
    if player.params.max_time > 0.0 {
        budget = budget.with_time_limit(player.params.max_time * 1000.0, native_clock);
    }
    let result = pool.install(|| player.search(position, &budget));
    result.report(native_clock() - started)
}

fn print_text(report: &PlayReport) -> Result<(), Failure> {
    let proven = match report.proven {
        Some(hexlab_core::mohex::Proven::Win) => " (proven win)",
        Some(hexlab_core::mohex::Proven::Loss) => " (proven loss)",
        None => "",
    };
    outln!("move: {}{proven}", report.mv)?;
    outln!(
        "win rate {:.3}, {} visits, {} games in {:.0} ms",
        report.winrate,
        report.visits,
        report.games,
        report.ms
    )?;
    if !report.pv.is_empty() {
        outln!("pv: {}", report.pv.join(" "))?;
    }
    for top in &report.top {
        outln!("  {:4} {:8} {:.3}", top.mv, top.visits, top.winrate)?;
    }
    Ok(())
}
