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

/// `hexlab play <position> [--time S | --games N | --level L] [--engine mohex|wolve]
/// [--threads N] [--seed N] [--max-nodes N] [--no-rave] [--no-bridges] [--no-knowledge]
/// [--no-solver] [--no-patterns] [--json]`.
pub fn play_command(args: &[String]) -> Result<(), Failure> {
    let mut flags = Flags::parse(
        args,
        &[
            "json",
            "no-rave",
            "no-bridges",
            "no-knowledge",
            "no-solver",
            "no-patterns",
        ],
    )?;
    let game = take_game(&mut flags)?;
    let time = seconds(&mut flags, "time")?;
    let games = flags.take_number("games", 1..=MAX_GAMES)?;
    let level = flags.take_number("level", 1..=hexlab_core::mohex::level::LEVELS)?;
    if [time.is_some(), games.is_some(), level.is_some()]
        .iter()
        .filter(|&&x| x)
        .count()
        > 1
    {
        return Err(UsageError("give one of --time, --games and --level".into()).into());
    }
    let engine = flags.take("engine").unwrap_or_else(|| "mohex".into());
    if engine != "mohex" && engine != "wolve" {
        return Err(UsageError(format!(
            "--engine {}: expected mohex or wolve",
            hexlab_core::quote::quote(&engine)
        ))
        .into());
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
    if flags.switch("no-patterns") {
        params.progressive_bias = 0.0;
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
    if let Some(level) = level {
        params.max_time = 0.0;
        params = hexlab_core::mohex::level::params(level, params);
    }
    let json = flags.switch("json");
    no_positional(&flags)?;
    flags.finish()?;
    if engine == "wolve" {
        let report = wolve_search(game.position(), time.unwrap_or(1.0));
        if json {
            return print_json(&report);
        }
        return print_text(&report);
    }

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

/// Wolve's move for `position` within `seconds`, as the same report (its values turned into
/// win rates by the logistic function; `visits` counts the positions evaluated).
fn wolve_search(position: &hexlab_core::Position, seconds: f64) -> PlayReport {
    use hexlab_core::mohex::{MoveStat, Proven, SearchResult};
    use hexlab_core::wolve::{Wolve, WolveParams};
    let started = native_clock();
    let mut budget = Budget::unlimited();
    if seconds > 0.0 {
        budget = budget.with_time_limit(seconds * 1000.0, native_clock);
    }
    let mut wolve = Wolve::new(WolveParams {
        max_time: seconds,
        ..WolveParams::default()
    });
    let r = wolve.search(position, &budget);
    let rate = |v: f64| 1.0 / (1.0 + (-v).exp());
    let result = SearchResult {
        best: r.best,
        winrate: match r.proven {
            Some(true) => 1.0,
            Some(false) => 0.0,
            None => rate(r.value),
        },
        visits: r.evaluations,
        games: 0,
        pv: r.pv.clone(),
        top: r
            .scores
            .iter()
            .take(10)
            .map(|s| MoveStat {
                cell: s.cell,
                visits: 0,
                winrate: rate(s.value),
            })
            .collect(),
        proven: r.proven.map(|w| if w { Proven::Win } else { Proven::Loss }),
        nodes: r.evaluations as usize,
        solved: false,
    };
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
