//! `hexlab openings`: the opening map, every canonical first move solved, resumable from a
//! store and split into shares that separate runs (GNU parallel, a Slurm array) can solve.
//!
//! An opening is Black's first stone with White to move and no swap (as Benzene solves them).
//! The canonical openings are the cells up to the 180° turn, in board order (a1, b1, ...):
//! of a cell and its turned image the one that comes first. Share K of M holds the canonical
//! openings whose index `i` (from 0, in that order) has `i % M == K - 1`: the shares are
//! disjoint, cover the map, and do not depend on what any store holds.

use hexlab_core::search::budget::native_clock;
use hexlab_core::search::Budget;
use hexlab_core::solver::{
    solve_report, Features, SolveOptions, Solver, DEFAULT_TABLE_MB, MAX_TABLE_MB, MAX_THREADS,
};
use hexlab_core::{BoardSize, Cell, Color, Move, Position, RulesConfig};
use serde::Serialize;

use crate::args::{no_positional, thread_pool, Flags, UsageError};
use crate::outln;
use crate::output::{print_json, Failure};
use crate::solve::{open_store, solved_of, take_seconds};

/// The largest board `openings` takes.
const MAX_SIZE: u32 = 19;

/// The most shares a map may be split into.
const MAX_SHARES: usize = 100_000;

/// The map as `--json` prints it.
#[derive(Serialize)]
struct OpeningMap {
    size: u32,
    /// `K/M` when one share was asked for.
    shard: Option<String>,
    openings: Vec<Opening>,
    /// Openings solved by this run, and read from the store.
    solved: usize,
    from_store: usize,
    /// Milliseconds and nodes of the openings this run solved.
    ms: f64,
    nodes: u64,
}

/// One opening's result.
#[derive(Serialize)]
struct Opening {
    /// Black's first stone.
    #[serde(rename = "move")]
    mv: String,
    /// The winner; `null` when the time limit stopped it.
    winner: Option<Color>,
    /// Time and nodes of its solve (as stored, when read from the store).
    ms: f64,
    nodes: u64,
    /// Whether the result came from the store.
    stored: bool,
}

/// The canonical openings of an `n`x`n` board, in board order.
pub fn canonical_openings(size: BoardSize) -> Vec<Cell> {
    let empty = Position::new(size, RulesConfig::default());
    let index = |c: Cell| (c.row(), c.col());
    let mut cells: Vec<Cell> = size
        .cells()
        .iter()
        .filter(|&c| index(c) <= index(empty.rotate(c)))
        .collect();
    cells.sort_by_key(|&c| index(c));
    cells
}

/// The position after Black's first stone on `cell`, White to move, no swap.
pub fn opening_position(size: BoardSize, cell: Cell) -> Position {
    let mut position = Position::new(size, RulesConfig::default());
    position.disable_swap();
    position
        .play(Move::Cell(cell))
        .expect("a first move on an empty board is legal");
    position
}

/// `--shard K/M`: `(K, M)` with `1 <= K <= M <= MAX_SHARES`.
fn parse_shard(text: &str) -> Result<(usize, usize), UsageError> {
    let bad = || {
        UsageError(format!(
            "--shard {}: expected K/M, whole numbers with 1 <= K <= M <= {MAX_SHARES}",
            hexlab_core::quote::quote(text)
        ))
    };
    let (k, m) = text.trim().split_once('/').ok_or_else(bad)?;
    let k: usize = k.trim().parse().map_err(|_| bad())?;
    let m: usize = m.trim().parse().map_err(|_| bad())?;
    if k == 0 || k > m || m > MAX_SHARES {
        return Err(bad());
    }
    Ok((k, m))
}

/// `hexlab openings --size N [--threads N] [--tt-mb M] [--time-limit S] [--store FILE]
/// [--shard K/M] [--json]`.
pub fn openings_command(args: &[String]) -> Result<(), Failure> {
    let mut flags = Flags::parse(args, &["json"])?;
    let n = flags
        .take_number("size", 1..=MAX_SIZE)?
        .ok_or_else(|| UsageError("openings needs --size N".into()))?;
    let threads = flags.take_number("threads", 1..=MAX_THREADS)?.unwrap_or(1);
    let megabytes = flags
        .take_number("tt-mb", 1..=MAX_TABLE_MB)?
        .unwrap_or(DEFAULT_TABLE_MB);
    let seconds = take_seconds(&mut flags)?;
    let shard = flags.take("shard").map(|s| parse_shard(&s)).transpose()?;
    let store = flags
        .take("store")
        .map(|path| open_store(&path))
        .transpose()?;
    let json = flags.switch("json");
    no_positional(&flags)?;
    flags.finish()?;

    let size = BoardSize::square(n)?;
    let pool = thread_pool(threads).map_err(|e| UsageError(format!("--threads: {e}")))?;
    let solver = Solver::new(megabytes, Features::default());
    let options = SolveOptions {
        threads,
        all_winning: false,
    };
    let mut map = OpeningMap {
        size: n,
        shard: shard.map(|(k, m)| format!("{k}/{m}")),
        openings: Vec::new(),
        solved: 0,
        from_store: 0,
        ms: 0.0,
        nodes: 0,
    };
    let (k, m) = shard.unwrap_or((1, 1));
    for (i, cell) in canonical_openings(size).into_iter().enumerate() {
        if i % m != k - 1 {
            continue;
        }
        let position = opening_position(size, cell);
        if let Some(stored) = store
            .as_ref()
            .map(|s| s.get(&position))
            .transpose()?
            .flatten()
        {
            map.from_store += 1;
            map.openings.push(Opening {
                mv: cell.to_string(),
                winner: Some(stored.winner),
                ms: stored.ms,
                nodes: stored.nodes,
                stored: true,
            });
            continue;
        }
        let mut budget = Budget::unlimited();
        if let Some(s) = seconds {
            budget = budget.with_time_limit(s * 1000.0, native_clock);
        }
        let report =
            pool.install(|| solve_report(&solver, &position, options, &budget, Some(native_clock)));
        if let (Some(store), Some(solved)) = (&store, solved_of(&report)?) {
            store.put(&position, &solved)?;
        }
        map.solved += 1;
        map.ms += report.ms;
        map.nodes += report.nodes;
        map.openings.push(Opening {
            mv: cell.to_string(),
            winner: report.winner,
            ms: report.ms,
            nodes: report.nodes,
            stored: false,
        });
        if !json {
            let o = map.openings.last().expect("just pushed");
            print_opening(o)?;
        }
    }
    if json {
        return print_json(&map);
    }
    for o in map.openings.iter().filter(|o| o.stored) {
        print_opening(o)?;
    }
    outln!(
        "{} solved in {:.0} ms ({} nodes), {} from the store",
        map.solved,
        map.ms,
        map.nodes,
        map.from_store
    )
}

fn print_opening(o: &Opening) -> Result<(), Failure> {
    let winner = o.winner.map_or("unknown", Color::name);
    let from = if o.stored { " (stored)" } else { "" };
    outln!(
        "{:>4} {:<7} {:>10.0} ms {:>10} nodes{from}",
        o.mv,
        winner,
        o.ms,
        o.nodes
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn canonical_openings_are_half_the_board_and_shares_split_them() {
        for n in 1..=8u32 {
            let size = BoardSize::square(n).unwrap();
            let cells = canonical_openings(size);
            let total = (n * n) as usize;
            assert_eq!(cells.len(), total.div_ceil(2));
        }
        assert_eq!(parse_shard("2/3").unwrap(), (2, 3));
        for bad in ["0/3", "4/3", "1", "a/b", "1/0", "1/100001", ""] {
            assert!(parse_shard(bad).is_err(), "{bad}");
        }
    }
}
