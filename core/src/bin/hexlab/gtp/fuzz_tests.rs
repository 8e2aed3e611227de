//! The GTP line fuzzer: mutated lines from `tests/fuzz/corpus/gtp/` fed to one [`Engine`]. Every
//! line must answer `=` or `?` and a blank line (or nothing, for blank and comment lines),
//! within 1 s, without panicking. `HEXLAB_FUZZ_RUNS` (default 100,000) and `HEXLAB_SEED` as in
//! `tests/fuzz_readers.rs`.

use std::panic::{self, AssertUnwindSafe};
use std::time::{Duration, Instant};

use hexlab_core::rng::Rng;

use super::Engine;

#[path = "../../../../tests/fuzz/mutate.rs"]
mod mutate;
use mutate::{env_number, load_corpus, mutate, peak_memory_kb};

const DEFAULT_RUNS: usize = 100_000;
const MAX_LINE: Duration = Duration::from_secs(1);
const MAX_PEAK_KB: u64 = 100 * 1024;

const DICTIONARY: &[&str] = &[
    "boardsize ",
    "play ",
    "genmove ",
    "undo",
    "showboard",
    "clear_board",
    "all_legal_moves ",
    "compute-inferior ",
    "compute-fillin ",
    "vc-build ",
    "vc-build-incremental ",
    "vc-undo-incremental",
    "vc-between-cells-full ",
    "vc-get-mustplay ",
    "param_player_vc ",
    "known_command ",
    "hexlab-position",
    "b ",
    "w ",
    "black ",
    "white ",
    "swap-pieces",
    "a1",
    "c3",
    "e5",
    "top ",
    "left ",
    " ",
    "\t",
    "#",
    "1 ",
    "0",
    "5",
    "9",
    "99999999999999999999",
    "-1",
    "é",
    "\0",
    "\r",
];

/// Whether a line may set a board over 9x9 (then vc-build and friends are slow by nature):
/// any `boardsize` line with a number over 9 in it.
fn sets_big_board(line: &str) -> bool {
    line.contains("boardsize")
        && line
            .split(|c: char| !c.is_ascii_digit())
            .filter(|run| !run.is_empty())
            .any(|run| run.trim_start_matches('0').len() > 1)
}

#[test]
fn mutated_gtp_lines_answer_in_time_without_panics() {
    let runs = env_number("HEXLAB_FUZZ_RUNS").map_or(DEFAULT_RUNS, |n| n as usize);
    let seed = env_number("HEXLAB_SEED").unwrap_or(0x5eed_f022);
    println!("gtp fuzz: HEXLAB_SEED={seed} HEXLAB_FUZZ_RUNS={runs}");
    let corpus: Vec<Vec<u8>> = load_corpus("gtp")
        .into_iter()
        .filter(|e| !sets_big_board(&String::from_utf8_lossy(e)))
        .collect();
    let mut rng = Rng::new(Rng::derive_seed(seed, 100));
    let mut engine = quick_engine(seed);
    // Build the inferior cell pattern library (once per process, 0.2 s) outside the timing,
    // so a loaded machine does not push the first `compute-*` line over the limit.
    engine.handle_line("boardsize 5");
    engine.handle_line("compute-fillin b");
    engine.handle_line("clear_board");
    let started = Instant::now();
    let (mut slowest, mut slowest_line, mut fed) = (Duration::ZERO, String::new(), 0usize);
    let mut succeeded = 0usize;
    while fed < runs {
        let mut bytes = mutate(&mut rng, &corpus, DICTIONARY);
        let mut line = String::from_utf8_lossy(&bytes).into_owned();
        if rng.below(2) == 0 {
            // Half the lines keep a corpus entry's command intact and mutate only arguments,
            // so the commands' own parsing is reached, not just "unknown command".
            let entry = String::from_utf8_lossy(&corpus[rng.below(corpus.len())]).into_owned();
            let command = entry.split_whitespace().next().unwrap_or("").to_string();
            let arguments = line.split_once(' ').map_or("", |(_, rest)| rest);
            line = format!("{command} {arguments}");
            bytes = line.clone().into_bytes();
        }
        // One line at a time, as the session's reader splits them.
        // `param_mohex` could give `genmove` a long search: not what this test times.
        if line.contains('\n') || sets_big_board(&line) || line.contains("param_mohex") {
            continue;
        }
        fed += 1;
        let start = Instant::now();
        // As bytes, the way the session reads them: a line that is not UTF-8 answers `?`.
        let answer = panic::catch_unwind(AssertUnwindSafe(|| engine.handle_bytes(&bytes, false)))
            .unwrap_or_else(|_| {
                panic!("the engine panicked on line b\"{}\"", bytes.escape_ascii())
            });
        let took = start.elapsed();
        assert!(took <= MAX_LINE, "line {line:?} took {took:?}");
        if took > slowest {
            (slowest, slowest_line) = (took, line.clone());
        }
        if let Some(answer) = answer {
            succeeded += usize::from(answer.starts_with('='));
            assert!(
                (answer.starts_with('=') || answer.starts_with('?')) && answer.ends_with("\n\n"),
                "line {line:?} answered {answer:?}"
            );
        }
        // Keep the board small: a quit or a fresh board size starts over on 5x5.
        if engine.quit || fed % 1000 == 0 {
            engine = quick_engine(seed);
            engine.handle_line("boardsize 5");
        }
    }
    let peak = peak_memory_kb();
    println!(
        "gtp fuzz: {runs} lines ({succeeded} answered =) in {:.1} s, slowest {slowest:?} ({:?}), peak memory {} kB",
        started.elapsed().as_secs_f64(),
        slowest_line.chars().take(80).collect::<String>(),
        peak.map_or("unknown".to_string(), |kb| kb.to_string())
    );
    if let Some(kb) = peak {
        assert!(kb < MAX_PEAK_KB, "peak memory {kb} kB is over 100 MB");
    }
}

/// An engine whose `genmove` stops after a few games (fuzzing sends many).
fn quick_engine(seed: u64) -> Engine {
    let mut engine = Engine::new(seed);
    engine.mohex.player.params.max_games = 50;
    engine.mohex.player.params.max_time = 0.0;
    engine.mohex.player.params.max_nodes = 20_000;
    // The root solver's table and the knowledge's H-search (tens of MB) are tested in
    // tests/mohex_player.rs; this run bounds memory.
    engine.mohex.player.params.solver_max_empty = 0;
    engine.mohex.player.params.knowledge_threshold = 0;
    engine
}
