//! Hostile input never hangs, panics or eats memory: a deterministic mutation fuzzer for every
//! reader of pasted text (position codes, HexWorld and trmph links, cells, moves, points and
//! cell lists).
//!
//! Each input is an entry of `tests/fuzz/corpus/<reader>/` mutated by random edits, read as
//! UTF-8 (lossily), and fed to every reader. A panic fails the test and prints the input; so
//! does a call over 1 s, and peak memory (`VmHWM`, Linux) over 100 MB at the end.
//!
//! `HEXLAB_FUZZ_RUNS` sets the inputs per corpus directory (default 20,000), `HEXLAB_SEED` the
//! seed (printed). The long run: `HEXLAB_FUZZ_RUNS=1000000 cargo test --release -p hexlab-core
//! --test fuzz_readers -- --nocapture`.

use std::panic::{self, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use hexlab_core::formats::{code, compact, read_link};
use hexlab_core::notation::{parse_cell_list, parse_point};
use hexlab_core::rng::Rng;
use hexlab_core::{Cell, Move};

const READERS: [&str; 4] = ["code", "hexworld", "trmph", "notation"];
const DEFAULT_RUNS: usize = 20_000;
const MAX_CALL: Duration = Duration::from_secs(1);
const MAX_PEAK_KB: u64 = 100 * 1024;

/// Tokens the mutator inserts: the readers' own syntax, so mutants get past the first checks.
const DICTIONARY: &[&str] = &[
    "size=",
    "&",
    "b=",
    "w=",
    "moves=",
    "at=",
    "turn=",
    "rules=",
    "rex",
    "hex",
    "swap=",
    "yes",
    "no",
    "swap",
    "swap-pieces",
    ":s",
    ":rb",
    ":rw",
    ":p",
    ",",
    "%2C",
    "%",
    "#",
    "?",
    "x",
    "0",
    "1",
    "5",
    "9",
    "11",
    "19",
    "20",
    "255",
    "256",
    "65536",
    "4294967296",
    "99999999999999999999",
    "a",
    "s",
    "t",
    "z",
    "a1",
    "k11",
    "s19",
    "top",
    "left",
    " ",
    "\t",
    "\n",
    "\0",
    "é",
    "😀",
    "https://hexworld.org/board/#",
    "https://trmph.com/hex/board#",
    "c1",
];

fn corpus_dir(reader: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fuzz/corpus")
        .join(reader)
}

/// The seed inputs of one reader, sorted by file name so runs are reproducible.
pub fn load_corpus(reader: &str) -> Vec<Vec<u8>> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(corpus_dir(reader))
        .expect("corpus directory")
        .map(|e| e.expect("corpus entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    paths.sort();
    assert!(!paths.is_empty(), "empty corpus for {reader}");
    paths
        .iter()
        .map(|p| std::fs::read(p).expect("corpus file"))
        .collect()
}

fn env_number(name: &str) -> Option<u64> {
    std::env::var(name).ok().and_then(|v| v.trim().parse().ok())
}

/// A mutant of a corpus entry: one to eight random edits.
fn mutate(rng: &mut Rng, corpus: &[Vec<u8>]) -> Vec<u8> {
    let mut data = corpus[rng.below(corpus.len())].clone();
    let edits = 1 + rng.below(8);
    for _ in 0..edits {
        let len = data.len();
        match rng.below(8) {
            0 => {
                let at = rng.below(len + 1);
                data.insert(at, rng.next_u64() as u8);
            }
            1 if len > 0 => {
                let at = rng.below(len);
                let n = 1 + rng.below((len - at).min(8));
                data.drain(at..at + n);
            }
            2 if len > 0 => {
                let at = rng.below(len);
                data[at] = rng.next_u64() as u8;
            }
            3 => {
                // Splice: a prefix of this, a suffix of another entry.
                let other = &corpus[rng.below(corpus.len())];
                let cut = rng.below(len + 1);
                let from = rng.below(other.len() + 1);
                data.truncate(cut);
                data.extend_from_slice(&other[from..]);
            }
            4 if len > 0 => {
                // Repeat a chunk, sometimes many times.
                let at = rng.below(len);
                let n = 1 + rng.below((len - at).min(16));
                let chunk = data[at..at + n].to_vec();
                let times = if rng.below(8) == 0 {
                    1 + rng.below(2000)
                } else {
                    1 + rng.below(4)
                };
                for _ in 0..times {
                    data.splice(at..at, chunk.iter().copied());
                }
            }
            5 | 6 => {
                let token = DICTIONARY[rng.below(DICTIONARY.len())].as_bytes();
                let at = rng.below(len + 1);
                data.splice(at..at, token.iter().copied());
            }
            7 if len > 0 => {
                // Swap a byte with an ASCII digit or letter case.
                let at = rng.below(len);
                data[at] = if rng.below(2) == 0 {
                    b'0' + rng.below(10) as u8
                } else {
                    data[at].to_ascii_uppercase()
                };
            }
            _ => data.push(b'0' + rng.below(10) as u8),
        }
    }
    data
}

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

/// Feeds one input to every reader, checking the code round trip.
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
            let _ = code::write(&game);
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

/// Peak resident memory in kB (`VmHWM`), where /proc exists.
fn peak_memory_kb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
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
            let bytes = mutate(&mut rng, &corpus);
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
