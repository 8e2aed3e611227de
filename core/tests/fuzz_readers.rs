//! Hostile input never hangs, panics or eats memory: a deterministic mutation fuzzer for every
//! reader of pasted text (position codes, HexWorld and trmph links, cells, moves, points and
//! cell lists).
//!
//! Each input is an entry of `tests/fuzz/corpus/<reader>/` mutated by random edits, read as
//! UTF-8 (lossily), and fed to every reader. A panic fails the test and prints the input; so
//! does a call over 1 s, and peak memory (`VmHWM`, Linux) over 100 MB at the end.
//!
//! `HEXLAB_FUZZ_RUNS` sets the inputs per corpus directory (default 100,000), `HEXLAB_SEED` the
//! seed (printed). The long run: `HEXLAB_FUZZ_RUNS=1000000 cargo test --release -p hexlab-core
//! --test fuzz_readers -- --nocapture`.

use std::panic::{self, AssertUnwindSafe};
use std::time::{Duration, Instant};

use hexlab_core::formats::{code, compact, read_link};
use hexlab_core::notation::{parse_cell_list, parse_point};
use hexlab_core::rng::Rng;
use hexlab_core::{Cell, Move};

#[path = "fuzz/mutate.rs"]
mod mutate;
use mutate::{env_number, load_corpus, mutate, peak_memory_kb, DICTIONARY};

const READERS: [&str; 4] = ["code", "hexworld", "trmph", "notation"];
const DEFAULT_RUNS: usize = 100_000;
const MAX_CALL: Duration = Duration::from_secs(1);
const MAX_PEAK_KB: u64 = 100 * 1024;

/// Rust's escaping of the input, to paste into a regression test.
fn escaped(text: &str) -> String {
    let shown: String = text.chars().take(2000).collect();
    format!("{shown:?} ({} bytes)", text.len())
}

/// Runs `f`, failing the test with the input if it panics or takes over [`MAX_CALL`].
fn guarded(reader: &str, input: &str, f: impl FnOnce()) -> Duration {
    let start = Instant::now();
    let result = panic::catch_unwind(AssertUnwindSafe(f));
    let took = start.elapsed();
    if result.is_err() {
        panic!("{reader} panicked on input {}", escaped(input));
    }
    assert!(
        took <= MAX_CALL,
        "{reader} took {took:?} on input {}",
        escaped(input)
    );
    took
}

/// Feeds one input to every reader, checking the round trips through a position code.
fn read_everything(input: &str) -> Duration {
    let mut slowest = Duration::ZERO;
    let mut note = |d: Duration| slowest = slowest.max(d);
    note(guarded("code::read", input, || {
        if let Ok(game) = code::read(input) {
            let written = code::write(&game);
            let again = code::read(&written);
            assert_eq!(
                again.as_ref(),
                Ok(&game),
                "round trip through {written:?} changed the game"
            );
        }
    }));
    note(guarded("compact::read", input, || {
        let _ = compact::looks_compact(input);
        if let Ok(game) = compact::read(input) {
            let _ = compact::write_hexworld(&game);
            // Every game a link gives can be written as a position code and read back.
            let written = code::write(&game);
            assert_eq!(
                code::read(&written).as_ref(),
                Ok(&game),
                "the code {written:?} of a link's game reads differently"
            );
        }
    }));
    note(guarded("read_link", input, || {
        let _ = read_link(input);
    }));
    note(guarded("notation", input, || {
        let _ = input.parse::<Cell>();
        let _ = input.parse::<Move>();
        let _ = parse_point(input);
        let _ = parse_cell_list(input);
    }));
    slowest
}

#[test]
fn corpus_entries_are_read_without_panics() {
    for reader in READERS {
        for entry in load_corpus(reader) {
            read_everything(&String::from_utf8_lossy(&entry));
        }
    }
}

#[test]
fn mutated_inputs_never_panic_hang_or_eat_memory() {
    let runs = env_number("HEXLAB_FUZZ_RUNS").map_or(DEFAULT_RUNS, |n| n as usize);
    let seed = env_number("HEXLAB_SEED").unwrap_or(0x5eed_f022);
    println!("fuzz_readers: HEXLAB_SEED={seed} HEXLAB_FUZZ_RUNS={runs}");
    let started = Instant::now();
    for (stream, reader) in READERS.iter().enumerate() {
        let corpus = load_corpus(reader);
        let mut rng = Rng::new(Rng::derive_seed(seed, stream as u64));
        let reader_start = Instant::now();
        let mut slowest = Duration::ZERO;
        let mut slowest_len = 0;
        let mut accepted = 0usize;
        for _ in 0..runs {
            let bytes = mutate(&mut rng, &corpus, DICTIONARY);
            let input = String::from_utf8_lossy(&bytes);
            let took = read_everything(&input);
            if took > slowest {
                slowest = took;
                slowest_len = input.len();
            }
            accepted += usize::from(read_link(&input).is_ok());
        }
        println!(
            "fuzz_readers: {reader}: {runs} inputs in {:.1} s, {accepted} read as a position, \
             slowest input {slowest:?} ({slowest_len} bytes)",
            reader_start.elapsed().as_secs_f64()
        );
    }
    let peak = peak_memory_kb();
    println!(
        "fuzz_readers: total {:.1} s, peak memory {} kB",
        started.elapsed().as_secs_f64(),
        peak.map_or("unknown".to_string(), |kb| kb.to_string())
    );
    if let Some(kb) = peak {
        assert!(kb < MAX_PEAK_KB, "peak memory {kb} kB is over 100 MB");
    }
}
