//! `hexlab bench ica` and `hexlab bench positions`: the analysis benchmark over a fixed,
//! committed position set (`core/data/bench/*.txt`, one position code per line), and the
//! generator that made those sets.

use std::time::Instant;

use hexlab_core::formats::{code, read_link_lines};
use hexlab_core::ica::bench::{self, SizeFigures};
use hexlab_core::ica::IcaParams;
use hexlab_core::quote::quote;
use hexlab_core::rng::Rng;
use hexlab_core::{BoardSize, Game, Position, RulesConfig};
use serde::Serialize;

use crate::args::{Flags, UsageError};
use crate::outln;
use crate::output::{print_json, Failure};

/// The default position set: 11x11 and 13x13 positions from random games, 16 to 40 stones.
const DEFAULT_SET: &str = concat!(
    include_str!("../../../../data/bench/11x11.txt"),
    include_str!("../../../../data/bench/13x13.txt")
);

#[derive(Serialize)]
struct IcaBench {
    set: String,
    repeat: usize,
    /// The search settings' figures (what GTP's `compute-inferior` runs), as `search`.
    sizes: Vec<SizeFigures>,
    search: Vec<SizeFigures>,
    /// The thorough settings' figures (the page's and `hexlab analyze`'s).
    thorough: Vec<SizeFigures>,
    /// The solver's settings' figures (the search settings with mutual fill-in and pattern
    /// reversible moves), with `--only solver` only.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    solver: Vec<SizeFigures>,
}

fn read_set(text: &str) -> Result<Vec<Game>, UsageError> {
    read_link_lines(text).map_err(|(at, e)| UsageError(format!("position {at}: {e}")))
}

/// The most times `--repeat` runs each measurement.
const MAX_REPEAT: usize = 100;

/// The most positions `bench positions --count` prints.
const MAX_POSITIONS: usize = 1_000_000;

/// How many finished games in a row `bench positions` draws before it gives up (when the
/// stone counts asked for almost always end the game).
const MAX_FINISHED_IN_A_ROW: usize = 10_000;

/// What every benchmark over the position set takes: `[--set FILE] [--repeat N] [--json]`.
pub struct SetBench {
    /// The set's file, or the committed set's name.
    pub name: String,
    pub games: Vec<Game>,
    /// How many times each measurement runs (the best counts); at least 1.
    pub repeat: usize,
    pub json: bool,
}

impl SetBench {
    /// Reads the flags (no others allowed) and loads the set.
    pub fn from_flags(mut flags: Flags) -> Result<SetBench, UsageError> {
        let set_path = flags.take("set");
        let repeat = flags.take_number("repeat", 1..=MAX_REPEAT)?.unwrap_or(3);
        let json = flags.switch("json");
        flags.finish()?;
        let (name, games) = load_set(set_path)?;
        Ok(SetBench {
            name,
            games,
            repeat,
            json,
        })
    }
}

/// The position set of `--set FILE`, or the committed one: its name and games.
fn load_set(path: Option<String>) -> Result<(String, Vec<Game>), UsageError> {
    let (name, text) = match path {
        Some(path) => {
            let text = std::fs::read_to_string(&path)
                .map_err(|e| UsageError(format!("{}: {e}", quote(&path))))?;
            (path, text)
        }
        None => (
            "core/data/bench/11x11.txt + 13x13.txt".to_string(),
            DEFAULT_SET.to_string(),
        ),
    };
    Ok((name, read_set(&text)?))
}

/// `hexlab bench ica [--set FILE] [--repeat N] [--only search|thorough|solver] [--json]`.
pub fn run(mut flags: Flags) -> Result<(), Failure> {
    let only = flags.take("only");
    let only = match only.as_deref() {
        None => None,
        Some("search") => Some("search"),
        Some("thorough") => Some("thorough"),
        Some("solver") => Some("solver"),
        Some(other) => {
            return Err(UsageError(format!(
                "--only takes search, thorough or solver, not {}",
                quote(other)
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
    let search = if only.is_none() || only == Some("search") {
        measure(&games, &IcaParams::SEARCH, repeat)
    } else {
        Vec::new()
    };
    let thorough = if only.is_none() || only == Some("thorough") {
        measure(&games, &IcaParams::THOROUGH, repeat)
    } else {
        Vec::new()
    };
    let solver = if only == Some("solver") {
        measure(&games, &IcaParams::SOLVER, repeat)
    } else {
        Vec::new()
    };
    let report = IcaBench {
        set: name,
        repeat,
        sizes: search.clone(),
        search,
        thorough,
        solver,
    };
    if json {
        return print_json(&report);
    }
    for (label, figures) in [
        ("search", &report.search),
        ("thorough", &report.thorough),
        ("solver", &report.solver),
    ] {
        for f in figures {
            outln!(
                "{0}x{0} {label}: {1} positions, {2:.3} ms each ({3:.1}/s, best of {4}); per position: {5:.1} empty, {6:.1} fill-in, {7:.1} inferior, {8:.1} to consider",
                f.size, f.positions, f.mean_ms, f.positions_per_second, report.repeat, f.mean_empty, f.mean_fillin, f.mean_inferior, f.mean_consider
            )?;
        }
    }
    Ok(())
}

/// The figures of each board size of `games` under `params`, best of `repeat` passes.
fn measure(games: &[Game], params: &IcaParams, repeat: usize) -> Vec<SizeFigures> {
    let started = Instant::now();
    bench::measure(games, params, repeat, || {
        started.elapsed().as_secs_f64() * 1000.0
    })
}

/// `hexlab bench positions --size N [--count N] [--min-stones N] [--max-stones N] [--seed N]`:
/// prints position codes from uniformly random games (no swap), unfinished, one per line.
pub fn positions(mut flags: Flags) -> Result<(), Failure> {
    let size: BoardSize = flags.take("size").unwrap_or_else(|| "11".into()).parse()?;
    let count = flags.take_number("count", 1..=MAX_POSITIONS)?.unwrap_or(20);
    let stones = 0..=size.cell_count() - 1;
    let min = flags
        .take_number("min-stones", stones.clone())?
        .unwrap_or(16);
    let max = flags.take_number("max-stones", stones)?.unwrap_or(40);
    let seed = flags.take_number("seed", 0..=u64::MAX)?.unwrap_or(1);
    flags.finish()?;
    if min > max || max >= size.cell_count() {
        return Err(
            UsageError("need --min-stones <= --max-stones < the number of cells".into()).into(),
        );
    }
    let mut rng = Rng::new(seed);
    let (mut printed, mut finished_in_a_row) = (0, 0);
    while printed < count {
        if finished_in_a_row == MAX_FINISHED_IN_A_ROW {
            return Err(UsageError(format!(
                "{MAX_FINISHED_IN_A_ROW} games in a row with {min} to {max} stones were over: ask for fewer stones"
            ))
            .into());
        }
        let stones = min + rng.below(max - min + 1);
        let mut game = Game::from_position(Position::new(
            size,
            RulesConfig {
                swap: false,
                ..RulesConfig::default()
            },
        ));
        for _ in 0..stones {
            let legal = game.position().legal_cells();
            let Some(cell) = legal.nth(rng.below(legal.len().max(1))) else {
                break;
            };
            game.play(hexlab_core::Move::Cell(cell))
                .expect("a legal cell is a legal move");
        }
        if game.position().winner().is_none() {
            outln!("{}", code::write(&game))?;
            printed += 1;
            finished_in_a_row = 0;
        } else {
            finished_in_a_row += 1;
        }
    }
    Ok(())
}
