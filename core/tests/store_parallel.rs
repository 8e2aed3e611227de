//! The opening map spread out by a batch engine: GNU parallel runs two shares of the 5x5 map
//! (`hexlab openings --shard K/2`) into two stores, `hexlab store merge` joins them, and the
//! merged map must be the map solved in one go ([`MAP_5X5`], from `hexlab openings --size 5
//! --json`; the solver's answers are checked against brute force on 5x5 in
//! `solver_soundness.rs`). Skipped, with a message, where `parallel` is
//! not on PATH (`make test` installs it from Debian).

use std::path::Path;
use std::process::Command;

use serde_json::Value;

mod support;

/// The 5x5 opening map (Black's stone, White to move, no swap) as one run solves it: each
/// canonical first move and its winner.
const MAP_5X5: [(&str, &str); 13] = [
    ("a1", "w"),
    ("b1", "w"),
    ("c1", "w"),
    ("d1", "w"),
    ("e1", "b"),
    ("a2", "w"),
    ("b2", "b"),
    ("c2", "b"),
    ("d2", "b"),
    ("e2", "b"),
    ("a3", "w"),
    ("b3", "b"),
    ("c3", "b"),
];

fn on_path(program: &str) -> bool {
    std::env::var_os("PATH")
        .is_some_and(|paths| std::env::split_paths(&paths).any(|dir| dir.join(program).is_file()))
}

fn run(program: &str, args: &[&str]) -> String {
    let out = Command::new(program).args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{program} {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// `(move, winner)` of every opening of a map, sorted.
fn map_of(text: &str) -> Vec<(String, String)> {
    let v: Value = serde_json::from_str(text).unwrap();
    let mut map: Vec<(String, String)> = v["openings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| {
            (
                o["move"].as_str().unwrap().to_string(),
                o["winner"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    map.sort();
    map
}

#[test]
fn two_shards_under_gnu_parallel_merge_into_the_whole_5x5_map() {
    if !on_path("parallel") {
        eprintln!("skipped: GNU parallel is not on PATH (make setup-parallel installs it)");
        return;
    }
    let hexlab = env!("CARGO_BIN_EXE_hexlab");
    let dir = support::temp::TempDir::new("store-parallel");
    let shard = |k: u32| dir.join(format!("shard{k}.db"));
    let p = |path: &Path| path.to_str().unwrap().to_string();
    // As in README: one job per share, each into its own store.
    let template = format!(
        "{hexlab} openings --size 5 --tt-mb 16 --shard {{}}/2 --store {}/shard{{}}.db --json",
        p(&dir)
    );
    run(
        "parallel",
        &[
            "--will-cite",
            "--halt",
            "now,fail=1",
            &template,
            ":::",
            "1",
            "2",
        ],
    );
    let merged = dir.join("map.db");
    run(
        hexlab,
        &[
            "store",
            "merge",
            &p(&shard(1)),
            &p(&shard(2)),
            "--into",
            &p(&merged),
        ],
    );
    let from_store = run(
        hexlab,
        &["openings", "--size", "5", "--store", &p(&merged), "--json"],
    );
    let v: Value = serde_json::from_str(&from_store).unwrap();
    assert_eq!(v["solved"], 0, "every opening comes from the merged store");
    assert_eq!(v["from_store"], 13);
    let mut expected: Vec<(String, String)> = MAP_5X5
        .iter()
        .map(|(m, w)| (m.to_string(), w.to_string()))
        .collect();
    expected.sort();
    assert_eq!(map_of(&from_store), expected);
}
