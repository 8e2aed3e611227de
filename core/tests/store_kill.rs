//! The solved-position store survives `kill -9`: `hexlab gtp` solving many 4x4 positions into
//! one store (`dfpn-open-db`) is killed with SIGKILL at random moments, several times over the
//! same file; the store must then pass `PRAGMA integrity_check` and every result in it must be
//! the brute-force answer.

#![cfg(unix)]

use std::fmt::Write as _;
use std::process::{Command, Stdio};
use std::time::Duration;

use hexlab_core::formats::code;
use hexlab_core::rng::Rng;
use hexlab_core::solver::store::Store;
use hexlab_core::{BoardSize, Color, Move, Position, Rules, RulesConfig};

mod support;

use support::brute::Brute;

/// A GTP script that solves `count` random 4x4 positions (1 to 7 stones, unfinished) into
/// the store `db`.
fn script(rng: &mut Rng, db: &std::path::Path, count: usize) -> String {
    let size = BoardSize::square(4).unwrap();
    let mut text = format!(
        "boardsize 4\nparam_dfpn tt_size 1\ndfpn-open-db {}\n",
        db.display()
    );
    let mut made = 0;
    while made < count {
        let mut position = Position::new(
            size,
            RulesConfig {
                rules: Rules::Hex,
                swap: false,
            },
        );
        let mut plays = String::new();
        for _ in 0..=rng.below(7) {
            let legal = position.legal_cells();
            let cell = legal.nth(rng.below(legal.len())).unwrap();
            let color = position.to_move().letter();
            position.play(Move::Cell(cell)).unwrap();
            writeln!(plays, "play {color} {cell}").unwrap();
        }
        if position.winner().is_some() {
            continue;
        }
        write!(text, "clear_board\n{plays}dfpn-solve-state\n").unwrap();
        made += 1;
    }
    text + "quit\n"
}

#[test]
fn a_store_killed_mid_write_stays_sound_and_correct() {
    let dir = support::temp::TempDir::new("store-kill");
    let db = dir.join("kill.db");
    let seed = support::games::seed("store_kill", 24);
    let mut rng = Rng::new(seed);
    let mut killed = 0;
    for run in 0..5 {
        let input = dir.join(format!("run{run}.gtp"));
        std::fs::write(&input, script(&mut rng, &db, 4000)).unwrap();
        let mut child = Command::new(env!("CARGO_BIN_EXE_hexlab"))
            .args(["gtp", "--seed", "1"])
            .stdin(std::fs::File::open(&input).unwrap())
            .stdout(Stdio::null())
            .spawn()
            .expect("hexlab starts");
        // Once it writes (the log grows past its header), kill it at a random moment.
        let wal = dir.join("kill.db-wal");
        let rows = |f: &std::path::Path| std::fs::metadata(f).map_or(0, |m| m.len());
        let before = rows(&wal);
        for _ in 0..4000 {
            if rows(&wal) > before.max(32) || child.try_wait().unwrap().is_some() {
                break;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        std::thread::sleep(Duration::from_millis(rng.below(200) as u64));
        if child.try_wait().unwrap().is_none() {
            child.kill().unwrap(); // SIGKILL on unix
            killed += 1;
        }
        child.wait().unwrap();
    }
    assert!(killed >= 3, "seed {seed}: only {killed} runs were killed");

    let store = Store::open(&db).unwrap();
    assert_eq!(store.integrity_check().unwrap(), "ok", "seed {seed}");
    let entries = store.entries().unwrap();
    assert!(entries.len() >= 10, "seed {seed}: {} rows", entries.len());
    eprintln!("{killed} runs killed, {} results stored", entries.len());
    let mut brute = Brute::new(4, 4, Rules::Hex);
    for entry in &entries {
        let game = code::read(&entry.position).unwrap();
        let position = game.position();
        let expected: Color = brute.value(&brute.small(position));
        assert_eq!(
            entry.solved.winner, expected,
            "seed {seed}: {}",
            entry.position
        );
        assert_eq!(position.canonical_hash(), entry.hash, "{}", entry.position);
    }
}
