//! The solved-position store from the command line and GTP: `hexlab solve --store`,
//! `hexlab openings` (resumable, in shares), `hexlab store merge|dump`, `dfpn-open-db`.

use std::path::Path;
use std::process::{Command, Output};

use hexlab_core::solver::store::{Solved, Store};
use hexlab_core::{BoardSize, Color, Move, Position, Rules, RulesConfig};
use serde_json::Value;

mod support;

use support::temp::TempDir;

fn hexlab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hexlab"))
        .args(args)
        .output()
        .unwrap()
}

fn json(args: &[&str]) -> Value {
    let out = hexlab(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// A fresh directory for one test, removed when it ends.
fn dir(name: &str) -> TempDir {
    TempDir::new(&format!("store-cli-{name}"))
}

fn s(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// The 4x4 opening `cell` (Black's stone, White to move, no swap).
fn opening(cell: &str) -> Position {
    let mut p = Position::new(
        BoardSize::square(4).unwrap(),
        RulesConfig {
            rules: Rules::Hex,
            swap: false,
        },
    );
    p.play(cell.parse().unwrap()).unwrap();
    p
}

/// `(move, winner)` of every opening of a map.
fn map_of(v: &Value) -> Vec<(String, String)> {
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
fn openings_match_brute_force_and_resume_from_the_store() {
    let d = dir("resume");
    let db = d.join("o.db");
    let first = json(&["openings", "--size", "4", "--store", s(&db), "--json"]);
    assert_eq!(first["openings"].as_array().unwrap().len(), 8);
    assert_eq!(first["solved"], 8);
    let mut brute = support::brute::Brute::new(4, 4, Rules::Hex);
    for (mv, winner) in map_of(&first) {
        let p = opening(&mv);
        let expected = brute.value(&brute.small(&p));
        assert_eq!(winner, expected.letter().to_string(), "{mv}");
    }
    let again = json(&["openings", "--size", "4", "--store", s(&db), "--json"]);
    assert_eq!(again["solved"], 0);
    assert_eq!(again["from_store"], 8);
    assert_eq!(map_of(&again), map_of(&first));
}

#[test]
fn shards_merge_into_the_whole_map_and_conflicts_are_refused() {
    let d = dir("shards");
    let whole = json(&["openings", "--size", "4", "--json"]);
    let (a, b, merged) = (d.join("a.db"), d.join("b.db"), d.join("m.db"));
    let one = json(&[
        "openings",
        "--size",
        "4",
        "--shard",
        "1/2",
        "--store",
        s(&a),
        "--json",
    ]);
    let two = json(&[
        "openings",
        "--size",
        "4",
        "--shard",
        "2/2",
        "--store",
        s(&b),
        "--json",
    ]);
    assert_eq!(one["openings"].as_array().unwrap().len(), 4);
    assert_eq!(two["openings"].as_array().unwrap().len(), 4);
    let report = json(&[
        "store",
        "merge",
        s(&a),
        s(&b),
        s(&a),
        "--into",
        s(&merged),
        "--json",
    ]);
    assert_eq!(report["rows"], 8);
    let from_merged = json(&["openings", "--size", "4", "--store", s(&merged), "--json"]);
    assert_eq!(from_merged["from_store"], 8);
    assert_eq!(map_of(&from_merged), map_of(&whole));
    let dump = json(&["store", "dump", s(&merged), "--json"]);
    assert_eq!(dump["entries"].as_array().unwrap().len(), 8);

    // A wrong result for c2 (Black wins it): merging it is an error naming the position,
    // and nothing is written.
    let bad = d.join("bad.db");
    let wrong = Solved {
        winner: Color::White,
        winning_moves: None,
        nodes: 1,
        ms: 1.0,
        version: "test".into(),
    };
    Store::open(&bad)
        .unwrap()
        .put(&opening("c2"), &wrong)
        .unwrap();
    let target = d.join("t.db");
    let out = hexlab(&["store", "merge", s(&a), s(&bad), "--into", s(&target)]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("conflicting") && err.contains("b=b3"), "{err}");
    assert!(Store::open(&target).unwrap().entries().unwrap().is_empty());

    // GTP reads the store: the wrong result comes back, so it was looked up, not solved.
    let answers = support::gtp::run_gtp(
        &format!(
            "boardsize 4\ndfpn-open-db {}\nplay b c2\ndfpn-solve-state\ndfpn-close-db\n\
             dfpn-solve-state\n",
            s(&bad)
        ),
        1,
    );
    let answers: Vec<&str> = answers.split("\n\n").filter(|a| !a.is_empty()).collect();
    assert_eq!(answers[3], "= white");
    assert_eq!(answers[5], "= black");
}

#[test]
fn solve_stores_and_reads_back_winning_moves_on_either_side_of_the_turn() {
    let d = dir("solve");
    let db = d.join("s.db");
    // Black's b2 on 4x4: White to move; the turned image is c3.
    let args = |cell: &str| -> Vec<String> {
        [
            "solve",
            "--size",
            "4",
            "--black",
            cell,
            "--to-move",
            "w",
            "--swap",
            "no",
            "--all-winning",
            "--store",
            s(&db),
            "--json",
        ]
        .iter()
        .map(ToString::to_string)
        .collect()
    };
    let run = |cell: &str| {
        let a = args(cell);
        json(&a.iter().map(String::as_str).collect::<Vec<_>>())
    };
    let first = run("b2");
    assert_eq!(first["store"], "stored");
    assert_eq!(first["winner"], "w");
    let hit = run("b2");
    assert_eq!(hit["store"], "hit");
    assert_eq!(hit["winning_moves"], first["winning_moves"]);
    let turned = run("c3");
    assert_eq!(turned["store"], "hit");
    let p = opening("b2");
    let mut expected: Vec<String> = first["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            let mv: Move = m.as_str().unwrap().parse().unwrap();
            match mv {
                Move::Cell(c) => p.rotate(c).to_string(),
                Move::Swap => "swap".into(),
            }
        })
        .collect();
    let mut got: Vec<String> = turned["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .collect();
    expected.sort();
    got.sort();
    assert_eq!(got, expected);
    assert!(!got.is_empty());
}

#[test]
fn bad_store_flags_exit_2_with_one_line() {
    let d = dir("bad");
    let missing = d.join("missing.db");
    for args in [
        vec!["openings", "--size", "4", "--shard", "0/2"],
        vec!["openings", "--size", "4", "--shard", "3/2"],
        vec!["openings", "--size", "99"],
        vec!["openings"],
        vec!["store", "merge", s(&missing), "--into", "x.db"],
        vec!["store", "merge", "--into", "x.db"],
        vec!["store", "dump"],
        vec!["store", "frobnicate"],
        vec!["solve", "--size", "3", "--store", ""],
    ] {
        let out = hexlab(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
    assert!(!missing.exists());
}
