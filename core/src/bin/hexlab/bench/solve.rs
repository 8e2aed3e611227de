//! `hexlab bench solve`: the solver over the first moves of a board, timed, each opening
//! checked against the known winner where one is known.
//!
//! Known winners: every 6x6 and 7x7 first move (van Rijswijck by computer for 6x6, Hayward et
//! al. 2004 for 7x7: "Solving 7x7 Hex", Figures 2 and 10; the same as Benzene's solver gives,
//! `../shared/benzene/solve-*.gtp`). Each opening is Black's stone with White to move and no
//! swap, solved with an empty table.

use std::time::Instant;

use serde::Serialize;

use hexlab_core::quote::quote;
use hexlab_core::search::Budget;
use hexlab_core::solver::{Solver, DEFAULT_TABLE_MB, MAX_TABLE_MB, MAX_THREADS};
use hexlab_core::{BoardSize, Cell, Color, Position, Rules, RulesConfig};

use crate::args::{thread_pool, Flags, UsageError};
use crate::outln;
use crate::output::{print_json, Failure};
use crate::solve::features_without;

/// The winner of each first move on 6x6, row by row from a1 (`b` Black, `w` White).
const KNOWN_6X6: &str = "\
wwwwwb
wbbbbb
bbbbbb
bbbbbb
bbbbbw
bwwwww";

/// The winner of each first move on 7x7, row by row from a1 (columns a..g).
const KNOWN_7X7: &str = "\
wwwwwwb
wwbwbbb
wbbbbbw
bbbbbbb
wbbbbbw
bbbwbww
bwwwwww";

/// The winner of each first move on 8x8 as hexlab has proved it, row by row from a1: all 32
/// openings up to the half-turn (README, Solver), rows 5 to 8 their images (`?` would mark
/// one not yet proved).
const KNOWN_8X8: &str = "\
wwwwwwwb
wwwwwwbb
wbbbbbbw
wbbbbbbb
bbbbbbbw
wbbbbbbw
bbwwwwww
bwwwwwww";

/// One opening's result.
#[derive(Serialize)]
struct Opening {
    opening: String,
    winner: Option<Color>,
    known: Option<Color>,
    nodes: u64,
    /// Open children dropped by a sibling's proof set.
    dropped: u64,
    /// Nodes decided by their expansion alone (game over, fill-in, a connection, an empty
    /// mustplay).
    terminal: u64,
    /// The mean number of moves an expansion not decided at once keeps (Benzene's "Consider
    /// Size").
    consider: f64,
    ms: f64,
}

/// `hexlab bench solve --size N [--openings a1,b2|canonical|all] [--threads N] [--tt-mb M]
/// [--nodes N] [--no FEATURES] [--json]`: exits 1 when a result differs from a known one.
pub fn run(mut flags: Flags) -> Result<(), Failure> {
    let side = flags.take_number("size", 1..=19u32)?.unwrap_or(6);
    let threads = flags.take_number("threads", 1..=MAX_THREADS)?.unwrap_or(1);
    let megabytes = flags
        .take_number("tt-mb", 1..=MAX_TABLE_MB)?
        .unwrap_or(DEFAULT_TABLE_MB);
    let nodes = flags.take_number("nodes", 1..=1u64 << 40)?;
    let features = match flags.take("no") {
        None => Default::default(),
        Some(list) => features_without(&list)?,
    };
    let size = BoardSize::square(side).map_err(|e| UsageError(e.to_string()))?;
    let which = flags.take("openings").unwrap_or_else(|| "canonical".into());
    let json = flags.switch("json");
    flags.finish()?;
    let config = RulesConfig {
        rules: Rules::Hex,
        swap: false,
    };
    let empty = Position::new(size, config);
    let openings: Vec<Cell> = match which.as_str() {
        "all" => size.cells().iter().collect(),
        // One of each pair of cells the 180-degree rotation exchanges.
        "canonical" => size
            .cells()
            .iter()
            .filter(|&c| c <= empty.rotate(c))
            .collect(),
        list => list
            .split(',')
            .map(|name| {
                name.trim()
                    .parse::<Cell>()
                    .ok()
                    .filter(|c| size.contains(*c))
                    .ok_or_else(|| {
                        UsageError(format!(
                            "--openings: '{}' is not a cell of the board",
                            quote(name)
                        ))
                    })
            })
            .collect::<Result<_, _>>()?,
    };
    let pool = thread_pool(threads).map_err(|e| UsageError(format!("--threads: {e}")))?;
    let mut results = Vec::new();
    let mut wrong = Vec::new();
    let started = Instant::now();
    for cell in openings {
        let mut position = empty.clone();
        position.play_unchecked(cell);
        let solver = Solver::new(megabytes, features);
        let budget = nodes.map_or_else(Budget::unlimited, Budget::nodes);
        let t = Instant::now();
        let outcome = pool.install(|| solver.solve(&position, threads, &budget));
        let ms = t.elapsed().as_secs_f64() * 1000.0;
        let known = known(side, cell);
        if let (Some(k), Some(w)) = (known, outcome.winner) {
            if k != w {
                wrong.push(cell.to_string());
            }
        }
        let stat = |s: &std::sync::atomic::AtomicU64| s.load(std::sync::atomic::Ordering::Relaxed);
        let (expansions, terminal) = (stat(&solver.stats.expansions), stat(&solver.stats.terminal));
        let opening = Opening {
            opening: cell.to_string(),
            winner: outcome.winner,
            known,
            nodes: expansions,
            dropped: stat(&solver.stats.dropped),
            terminal,
            consider: stat(&solver.stats.considered) as f64 / (expansions - terminal).max(1) as f64,
            ms,
        };
        if !json {
            outln!(
                "{:4} {:>7} {:>9} nodes {:>7} terminal {:>5.1} consider {:>7} dropped {:>10.1} ms{}",
                opening.opening,
                opening.winner.map_or("unknown", Color::name),
                opening.nodes,
                opening.terminal,
                opening.consider,
                opening.dropped,
                opening.ms,
                match (known, outcome.winner) {
                    (Some(k), Some(w)) if k != w => " WRONG",
                    _ => "",
                }
            )?;
        }
        results.push(opening);
    }
    let total_ms = started.elapsed().as_secs_f64() * 1000.0;
    let total_nodes: u64 = results.iter().map(|o| o.nodes).sum();
    if json {
        #[derive(Serialize)]
        struct Report<'a> {
            size: u32,
            threads: usize,
            openings: &'a [Opening],
            total_ms: f64,
            total_nodes: u64,
            wrong: &'a [String],
        }
        print_json(&Report {
            size: side,
            threads,
            openings: &results,
            total_ms,
            total_nodes,
            wrong: &wrong,
        })?;
    } else {
        outln!(
            "{side}x{side}: {} openings, {total_nodes} nodes, {:.1} s, {threads} thread(s)",
            results.len(),
            total_ms / 1000.0
        )?;
    }
    if wrong.is_empty() {
        Ok(())
    } else {
        Err(Failure::Wrong(format!(
            "results differ from the known winners at {}",
            wrong.join(" ")
        )))
    }
}

/// The known winner of the first move `cell` on a `side` board, if the tables hold it.
fn known(side: u32, cell: Cell) -> Option<Color> {
    let table = match side {
        6 => KNOWN_6X6,
        7 => KNOWN_7X7,
        8 => KNOWN_8X8,
        _ => return None,
    };
    let row = table.lines().nth(usize::from(cell.row()))?;
    match row.as_bytes().get(usize::from(cell.col()))? {
        b'b' => Some(Color::Black),
        b'w' => Some(Color::White),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_table_of_winners_agrees_with_its_half_turn() {
        for (side, table) in [(6, KNOWN_6X6), (7, KNOWN_7X7), (8, KNOWN_8X8)] {
            let rows: Vec<&[u8]> = table.lines().map(str::as_bytes).collect();
            assert_eq!(rows.len(), side);
            for (r, row) in rows.iter().enumerate() {
                assert_eq!(row.len(), side);
                for (c, &winner) in row.iter().enumerate() {
                    assert!(b"bw?".contains(&winner));
                    assert_eq!(winner, rows[side - 1 - r][side - 1 - c], "{side}x{side}");
                }
            }
        }
        let known_8x8 = KNOWN_8X8
            .bytes()
            .filter(|b| *b == b'b' || *b == b'w')
            .count();
        assert_eq!(known_8x8, 64, "every opening");
        assert_eq!(known(8, "a4".parse().unwrap()), Some(Color::White));
        assert_eq!(known(8, "h4".parse().unwrap()), Some(Color::Black));
        assert_eq!(known(8, "a3".parse().unwrap()), Some(Color::White));
        assert_eq!(known(8, "g3".parse().unwrap()), Some(Color::Black));
        assert_eq!(known(8, "h2".parse().unwrap()), Some(Color::Black));
        assert_eq!(known(8, "h1".parse().unwrap()), Some(Color::Black));
    }
}
