#![allow(dead_code)] // Each fuzz test uses part of it.

//! The mutator shared by the fuzz tests (`tests/fuzz_readers.rs` and the GTP engine's
//! `gtp/fuzz_tests.rs`, which includes this file with `#[path]`).

use std::path::{Path, PathBuf};

use hexlab_core::rng::Rng;

/// Tokens the mutator inserts: the readers' own syntax, so mutants get past the first checks.
pub const DICTIONARY: &[&str] = &[
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

pub fn env_number(name: &str) -> Option<u64> {
    std::env::var(name).ok().and_then(|v| v.trim().parse().ok())
}

/// A mutant of a corpus entry: one to eight random edits.
pub fn mutate(rng: &mut Rng, corpus: &[Vec<u8>], dictionary: &[&str]) -> Vec<u8> {
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
                let token = dictionary[rng.below(dictionary.len())].as_bytes();
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

/// Peak resident memory in kB (`VmHWM`), where /proc exists.
pub fn peak_memory_kb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
}
