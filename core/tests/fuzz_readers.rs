//! Hostile input never hangs, panics or eats memory: a deterministic mutation fuzzer for every
//! reader of pasted text (position codes, HexWorld and trmph links, the page's tree links with
//! `var=`, cells, moves, points and cell lists) and of game records (SGF: HexGui's, Little
//! Golem's and red-bean's dialects).
//!
//! Each input is an entry of `tests/fuzz/corpus/<reader>/` mutated by random edits, read as
//! UTF-8 (lossily), and fed to every reader. A panic fails the test and prints the input; so
//! does a call over 1 s, and peak memory (`VmHWM`, Linux) over 100 MB at the end. What a reader
//! accepts is written again and must read back the same.
//!
//! `HEXLAB_FUZZ_RUNS` sets the inputs per corpus directory (default 20,000: the short run of
//! `make test`), `HEXLAB_SEED` the seed (printed), `HEXLAB_FUZZ_ONLY` one corpus directory
//! (`sgf`, say) to run alone. The long run (README, Game records):
//! `HEXLAB_FUZZ_RUNS=1000000 cargo test --release -p hexlab-core --test fuzz_readers -- --nocapture`.

use std::panic::{self, AssertUnwindSafe};
use std::time::{Duration, Instant};

use hexlab_core::formats::{code, compact, read_link, sgf, tree_link};
use hexlab_core::notation::{parse_cell_list, parse_point};
use hexlab_core::rng::Rng;
use hexlab_core::{Cell, Move};

#[path = "fuzz/mutate.rs"]
mod mutate;
use mutate::{env_number, load_corpus, mutate, peak_memory_kb, DICTIONARY};

/// The corpus directories: one per reader (`sgf` is HexGui's dialect, with a few of the others).
const READERS: [&str; 8] = [
    "code", "hexworld", "trmph", "notation", "sgf", "golem", "redbean", "treelink",
];

/// Tokens of SGF records, added to the shared dictionary for the `sgf` corpus.
const SGF_TOKENS: &[&str] = &[
    "(",
    ")",
    ";",
    "(;",
    "[",
    "]",
    "\\",
    "\\]",
    ":",
    "B[",
    "W[",
    "AB[",
    "AW[",
    "AE[",
    "PL[",
    "C[",
    "SZ[",
    "GM[11]",
    "FF[4]",
    "AP[HexGui:0.2]",
    "RU[rex noswap]",
    "swap-sides",
    "swap-pieces",
    "resign",
    "pass",
    "forfeit",
    "aa",
    "ss",
    "tt",
    "a1:c3",
    "IP[]",
    "IS[lock:on]",
    "IS[tried",
    "aa27",
    "AB6",
    "Swap-Pieces",
    "PASS",
    "swap",
];

/// Tokens of tree links, added for the `treelink` corpus.
const LINK_TOKENS: &[&str] = &[
    "&var=",
    "var=",
    "(",
    ")",
    "{",
    "}",
    "*",
    ":s",
    "~20",
    "~E2~82~AC",
    "~",
    "+",
    "0",
    "1",
    "12",
    "%7B",
    "%7D",
    "%2C",
    "a1",
    "s19",
];
const DEFAULT_RUNS: usize = 20_000;
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
    note(guarded("sgf::read", input, || read_sgf(input)));
    note(guarded("tree_link::read", input, || read_tree_link(input)));
    note(guarded("notation", input, || {
        let _ = input.parse::<Cell>();
        let _ = input.parse::<Move>();
        let _ = parse_point(input);
        let _ = parse_cell_list(input);
    }));
    slowest
}

/// Reads `input` as a tree link; what loads is written again (a link's tree is always one a
/// link can say) and read back as the same tree, line and cursor.
fn read_tree_link(input: &str) {
    let Ok(link) = tree_link::read(input) else {
        return;
    };
    let written = tree_link::write(&link.tree, &link.line, link.cursor)
        .unwrap_or_else(|| panic!("a link's tree cannot be written back: {input:?}"));
    let again = tree_link::read(&written).unwrap_or_else(|e| panic!("{e}: {written:?}"));
    assert!(
        again.tree == link.tree,
        "the link {written:?} reads differently"
    );
    assert_eq!(again.cursor, link.cursor, "{written:?}");
    assert_eq!(again.line.len(), link.line.len(), "{written:?}");
}

/// Reads `input` as a game record; what loads is written in both dialects and read back as
/// the same tree (red-bean's `IP[]` where it was), main-line nodes' games say their positions,
/// and the record as the page gets it (`TreeRecord`) builds the same tree again.
fn read_sgf(input: &str) {
    let Ok(record) = sgf::read_record(input) else {
        return;
    };
    let tree = record.tree;
    let again = sgf::read_record(&sgf::write_hsgf(&tree)).expect("a written record reads");
    assert_eq!(again.initial, record.initial, "IP moved");
    let as_data = hexlab_core::game_tree::record::TreeRecord::of(&tree);
    assert!(
        as_data.to_tree().as_ref() == Ok(&tree),
        "the TreeRecord of {input:?} builds another tree"
    );
    let written = sgf::write_hsgf(&tree);
    assert!(
        sgf::read(&written).as_ref() == Ok(&tree),
        "the HexGui copy {written:?} reads differently"
    );
    if let Ok(text) = sgf::write_little_golem(&tree) {
        assert!(
            sgf::read(&text).as_ref() == Ok(&tree),
            "the Little Golem copy {text:?} reads differently"
        );
    }
    // The first, middle and last nodes (every node would make the check quadratic).
    let line = tree.main_line();
    for id in [line[0], line[line.len() / 2], line[line.len() - 1]] {
        assert_eq!(tree.game_at(id).position(), &tree.position_at(id));
    }
    let pieces = tree.with_swap_pieces();
    if let Some(&last) = pieces.main_line().last() {
        let game = pieces.game_at(last);
        if let Some(link) = compact::write_hexworld(&game) {
            assert_eq!(compact::read(&link).as_ref(), Ok(&game), "{link}");
        }
    }
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
    let only = std::env::var("HEXLAB_FUZZ_ONLY").ok();
    let dictionary: Vec<&str> = DICTIONARY.iter().chain(SGF_TOKENS).copied().collect();
    let link_words: Vec<&str> = DICTIONARY.iter().chain(LINK_TOKENS).copied().collect();
    let started = Instant::now();
    for (stream, reader) in READERS.iter().enumerate() {
        if only.as_deref().is_some_and(|only| only != *reader) {
            continue;
        }
        let corpus = load_corpus(reader);
        let words = match *reader {
            "sgf" | "golem" | "redbean" => &dictionary[..],
            "treelink" => &link_words[..],
            _ => DICTIONARY,
        };
        let mut rng = Rng::new(Rng::derive_seed(seed, stream as u64));
        let reader_start = Instant::now();
        let mut slowest = Duration::ZERO;
        let mut slowest_len = 0;
        let mut accepted = 0usize;
        for _ in 0..runs {
            let bytes = mutate(&mut rng, &corpus, words);
            let input = String::from_utf8_lossy(&bytes);
            let took = read_everything(&input);
            if took > slowest {
                slowest = took;
                slowest_len = input.len();
            }
            accepted += usize::from(match *reader {
                "sgf" | "golem" | "redbean" => sgf::read(&input).is_ok(),
                "treelink" => tree_link::read(&input).is_ok(),
                _ => read_link(&input).is_ok(),
            });
        }
        println!(
            "fuzz_readers: {reader}: {runs} inputs in {:.1} s, {accepted} read, \
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
