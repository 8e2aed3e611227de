//! The JSON command line, driven as a user would: `hexlab <subcommand> <position> --json`.

use std::process::{Command, Output};

use serde_json::Value;

mod support;

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
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        text.lines().count(),
        1,
        "one JSON object on one line: {text}"
    );
    serde_json::from_str(&text).unwrap()
}

#[test]
fn position_prints_the_documented_keys() {
    let v = json(&[
        "position",
        "--size",
        "5",
        "--black",
        "c3,a1",
        "--white",
        "b2",
        "--to-move",
        "w",
        "--json",
    ]);
    assert_eq!(v["size"], 5);
    assert_eq!(v["to_move"], "w");
    assert_eq!(
        v["black"],
        serde_json::json!(["a1", "c3"]),
        "sorted by row then column"
    );
    assert_eq!(v["white"], serde_json::json!(["b2"]));
    assert_eq!(v["rules"], "hex");
    assert_eq!(v["winner"], Value::Null);
    assert_eq!(v["code"], "size=5&b=a1,c3&w=b2&turn=w");
}

#[test]
fn position_reads_codes_links_and_rules() {
    let v = json(&[
        "position",
        "--position",
        "http://localhost:8080/#size=3&moves=b1,a2,b2,a3,b3",
        "--json",
    ]);
    assert_eq!(v["winner"], "b");
    assert_eq!(v["winning_chain"], serde_json::json!(["b1", "b2", "b3"]));
    let v = json(&[
        "position", "--size", "2", "--black", "a1,a2", "--white", "b1", "--rules", "rex", "--json",
    ]);
    assert_eq!(v["rules"], "rex");
    assert_eq!(v["winner"], "w", "in Rex, joining your own edges loses");
    assert_eq!(v["hexworld"], Value::Null, "HexWorld links cannot say Rex");
    let v = json(&[
        "position",
        "--position",
        "https://hexworld.org/board/#5c1,c3:s",
        "--json",
    ]);
    assert_eq!(v["white"], serde_json::json!(["c3"]));
    assert_eq!(v["to_move"], "b");
    let v = json(&["position", "--size", "9x5", "--json"]);
    assert_eq!(
        (v["width"].as_u64(), v["height"].as_u64()),
        (Some(9), Some(5))
    );
}

#[test]
fn bad_input_exits_2_with_a_message() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["position", "--size", "20"],
            "board side 20 is out of range",
        ),
        (
            &["position", "--size", "3", "--black", "z99"],
            "'z99' is not a cell",
        ),
        (
            &["position", "--size", "3", "--black", "a1", "--white", "a1"],
            "a1 is given to both",
        ),
        (
            &["position", "--size", "3", "--to-move", "x"],
            "--to-move x: expected b or w",
        ),
        (&["position", "--rules", "chess"], "unknown rules 'chess'"),
        (
            &["position", "--position", "size=5&moves=a1,a1"],
            "move 2 (a1) is illegal",
        ),
        (
            &["position", "--position", "size=5", "--size", "5"],
            "cannot be combined",
        ),
        (&["position", "--frob", "1"], "unknown flag --frob"),
        (&["position", "--size"], "--size needs a value"),
        (&["nonsense"], "unknown subcommand"),
        (&["bench", "walk"], "unknown bench job"),
        (&["bench", "vc", "--only", "plain"], "--only plain"),
        (
            &["bench", "playouts", "--threads", "0"],
            "--threads 0: expected a whole number from 1 to 256",
        ),
        (
            &["bench", "playouts", "--threads", "100000"],
            "--threads 100000: expected a whole number from 1 to 256",
        ),
        (
            &["bench", "playouts", "--count", "0"],
            "--count 0: expected a whole number from 1 to 1000000000",
        ),
        (
            &["bench", "playouts", "--seed", "-1"],
            "--seed -1: expected a whole number from 0 to 18446744073709551615",
        ),
        (
            &["bench", "ica", "--repeat", "0"],
            "--repeat 0: expected a whole number from 1 to 100",
        ),
        (
            &["bench", "vc", "--repeat", "99999999999999999999999"],
            "--repeat 99999999999999999999999: expected a whole number from 1 to 100",
        ),
        (
            &["bench", "positions", "--count", "1e9"],
            "--count 1e9: expected a whole number from 1 to 1000000",
        ),
        (
            &["bench", "positions", "--size", "5", "--max-stones", "25"],
            "--max-stones 25: expected a whole number from 0 to 24",
        ),
        (
            &[
                "bench",
                "positions",
                "--size",
                "1x5",
                "--min-stones",
                "2",
                "--max-stones",
                "4",
            ],
            "10000 games in a row with 2 to 4 stones were over",
        ),
        (
            &["connect", "--from", "top", "--to", "bottom", "--nodes", "0"],
            "--nodes 0: expected a whole number from 1 to 20000000",
        ),
        (
            &["connect", "--from", "top", "--to", "bottom", "--tt-mb", "0"],
            "--tt-mb 0: expected a whole number from 1 to 4096",
        ),
        (
            &["vc", "--size", "5", "--max-listed", "-1"],
            "--max-listed -1: expected a whole number from 0 to 10000000",
        ),
        (
            &["gtp", "--seed", "x"],
            "--seed x: expected a whole number from 0 to 18446744073709551615",
        ),
        (
            &["play", "--level", "11"],
            "--level 11: expected a whole number from 1 to 10",
        ),
        (
            &["play", "--time", "nan"],
            "--time nan: expected seconds from 0 to 86400",
        ),
        (
            &["play", "--games", "0"],
            "--games 0: expected a whole number from 1 to",
        ),
        (
            &["play", "--engine", "six"],
            "--engine six: expected mohex or wolve",
        ),
        (
            &["play", "--level", "3", "--time", "1"],
            "give one of --time, --games and --level",
        ),
        (&["patterns", "learn"], "give the files holding the games"),
        (&["patterns", "fit", "x"], "unknown verb 'fit'"),
        // An endless file is refused after a bounded read, never read to its end.
        (
            &["patterns", "learn", "/dev/zero"],
            "/dev/zero: over 268435456 bytes",
        ),
        (
            &["patterns", "test", "/dev/null"],
            "no position to test in the files",
        ),
        (
            &["position", "--sgf", "/dev/zero"],
            "/dev/zero: over 268435456 bytes",
        ),
    ];
    for (args, message) in cases {
        let out = hexlab(args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr.contains(message), "{args:?}: {stderr}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

/// A message repeats input escaped and cut: no terminal escape reaches stderr, and it stays
/// one short line whatever the input.
#[test]
fn messages_quote_input_safely() {
    let cells = format!("size=11&b={}", "a1,".repeat(40_000));
    let flag = format!("--{}", "\u{1b}[2J".repeat(10_000));
    let cases: &[&[&str]] = &[
        &["position", "--position", "size=11&b=%1b[31mX"],
        &["position", "--position", &cells],
        &["position", "--to-move", "\u{1b}[31m"],
        &["position", &flag, "1"],
        &["\u{1b}]0;pwned\u{7}"],
    ];
    for args in cases {
        let out = hexlab(args);
        assert_eq!(out.status.code(), Some(2));
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert!(stderr.starts_with("hexlab: "), "{stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.len() < 400, "{} bytes", stderr.len());
        assert!(
            !stderr.trim_end().chars().any(char::is_control),
            "{stderr:?}"
        );
    }
    let stderr = String::from_utf8(hexlab(cases[0]).stderr).unwrap();
    assert!(stderr.contains("'\\x1b[31mX'"), "{stderr}");
}

/// An argument that is not UTF-8 is a usage error, not a panic.
#[test]
fn non_utf8_arguments_exit_2() {
    use std::os::unix::ffi::OsStrExt;
    let bad = std::ffi::OsStr::from_bytes(b"size=11&b=\xff");
    let out = Command::new(env!("CARGO_BIN_EXE_hexlab"))
        .args(["position".as_ref(), "--position".as_ref(), bad])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(
        stderr,
        "hexlab: argument 3 is not valid UTF-8: 'size=11&b=\u{fffd}'\n"
    );
    assert!(out.stdout.is_empty());
}

/// A reader that stops early (`| head -1`) ends the command quietly, with status 0.
#[test]
fn closed_output_ends_quietly() {
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_hexlab"))
        .args(["bench", "positions", "--size", "11", "--count", "2000"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert!(first.starts_with("size=11"), "{first}");
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
}

/// A full disk is an error: one line on stderr, status 1.
#[test]
fn full_output_is_an_error() {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_hexlab"))
        .args(["position", "--size", "3", "--json"])
        .stdout(full)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "hexlab: cannot write output: No space left on device (os error 28)\n"
    );
}

/// The GTP engine ends cleanly when its output is closed.
#[test]
fn gtp_ends_when_its_output_closes() {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_hexlab"))
        .arg("gtp")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let mut stdin = child.stdin.take().unwrap();
    // The engine may stop reading as soon as its first answer fails.
    let _ = stdin.write_all("name\n".repeat(100_000).as_bytes());
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
}

#[test]
fn analyze_prints_the_documented_keys() {
    let v = json(&[
        "analyze",
        "--size",
        "3",
        "--black",
        "b2",
        "--to-move",
        "w",
        "--json",
    ]);
    assert_eq!(v["to_move"], "w");
    let black: Vec<&str> = v["fillin"]["b"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap())
        .collect();
    assert_eq!(
        black,
        ["a1", "b1", "c1", "a2", "a3", "b3"],
        "the two edge bridges' carriers are Black captured, and then a1 and a2 are dead"
    );
    assert_eq!(v["decided"], "b");
    let claim = &v["inferior"][0];
    for key in ["cell", "kind", "by", "witness", "reason", "fill", "killers"] {
        assert!(claim.get(key).is_some(), "claims have {key}");
    }
    let v = json(&["analyze", "--position", "size=11&moves=f6,e7", "--json"]);
    assert!(!v["consider"].as_array().unwrap().is_empty());
    let v = json(&[
        "analyze",
        "--position",
        "size=5&rules=rex&moves=c3",
        "--json",
    ]);
    assert_eq!(
        v["inferior"].as_array().unwrap().len(),
        0,
        "no claims under Rex yet"
    );
    assert_eq!(v["consider"].as_array().unwrap().len(), 24);
}

#[test]
fn vc_prints_the_documented_keys() {
    let v = json(&[
        "vc",
        "--position",
        "size=5&moves=c3",
        "--player",
        "b",
        "--json",
    ]);
    assert_eq!(v["player"], "b");
    assert_eq!(v["winning"], true, "the 5x5 centre connects for Black");
    let full = &v["full"][0];
    for key in ["from", "to", "carrier"] {
        assert!(full.get(key).is_some(), "full connections have {key}");
    }
    assert!(v["semi"][0].get("key").is_some());
    assert!(v.get("mustplay").is_some());
    let v = json(&[
        "vc",
        "--position",
        "size=5&moves=c3",
        "--player",
        "b",
        "--from",
        "top",
        "--to",
        "bottom",
        "--json",
    ]);
    assert!(v["full"]
        .as_array()
        .unwrap()
        .iter()
        .all(|f| f["from"] == "top" && f["to"] == "bottom"));
    let out = hexlab(&["vc", "--size", "5", "--from", "top"]);
    assert_eq!(out.status.code(), Some(2));
    let out = hexlab(&["vc", "--size", "5", "--from", "z9", "--to", "top"]);
    assert_eq!(out.status.code(), Some(2));
    let out = hexlab(&[
        "vc", "--size", "5", "--white", "c3", "--player", "b", "--from", "c3", "--to", "top",
    ]);
    assert_eq!(
        out.status.code(),
        Some(2),
        "an opponent stone is no endpoint"
    );
    let v = json(&[
        "vc", "--size", "5", "--black", "c1", "--player", "b", "--from", "c1", "--to", "top",
        "--json",
    ]);
    assert_eq!(
        v["joined"], true,
        "a stone on its edge is one point with it"
    );
    assert_eq!(v["full"][0]["carrier"].as_array().unwrap().len(), 0);
    // With --fillin: dead b1 and a4 are filled first (Black's, as White is to move).
    let code = "size=4&b=c1,a2,d2,b3,c3,c4&w=a1,c2,a3,d3,b4,d4&turn=w";
    let v = json(&[
        "vc",
        "--position",
        code,
        "--player",
        "b",
        "--fillin",
        "--json",
    ]);
    assert_eq!(v["fillin_used"], true);
    assert_eq!(v["fillin"]["b"], serde_json::json!(["b1", "a4"]));
    assert_eq!(v["winning"], true);
    let v = json(&["vc", "--position", code, "--player", "b", "--json"]);
    assert_eq!(v["fillin_used"], false);
    let thorough = json(&[
        "vc",
        "--position",
        code,
        "--player",
        "b",
        "--and-over-edges",
        "--json",
    ]);
    assert!(thorough["full"].as_array().unwrap().len() >= v["full"].as_array().unwrap().len());
    assert_eq!(v["fillin"]["b"].as_array().unwrap().len(), 0);
    let out = hexlab(&[
        "vc",
        "--position",
        code,
        "--player",
        "w",
        "--fillin",
        "--from",
        "b1",
        "--to",
        "left",
    ]);
    assert_eq!(out.status.code(), Some(2), "a cell filled for the opponent");
}

#[test]
fn connect_proves_refutes_and_rejects() {
    let v = json(&[
        "connect", "--size", "5", "--black", "c3", "--player", "b", "--from", "c3", "--to", "top",
        "--json",
    ]);
    for key in [
        "player",
        "from",
        "to",
        "connected",
        "status",
        "by",
        "carrier",
        "refutation",
        "semi",
        "nodes",
        "region",
        "millis",
    ] {
        assert!(v.get(key).is_some(), "connect prints {key}");
    }
    assert_eq!(v["connected"], true);
    assert_eq!(v["by"], "h-search");
    let v = json(&[
        "connect", "--size", "4", "--black", "b2", "--white", "b3,c3", "--player", "b", "--from",
        "b2", "--to", "bottom", "--json",
    ]);
    assert_eq!(v["by"], "search");
    assert_eq!(v["status"], "refuted", "{v}");
    for bad in [
        vec!["connect", "--size", "5", "--player", "b", "--from", "c3"],
        vec![
            "connect", "--size", "5", "--player", "b", "--from", "c3", "--to", "left",
        ],
        vec![
            "connect", "--size", "5", "--player", "b", "--from", "c3", "--to", "c3",
        ],
        vec![
            "connect", "--size", "5", "--player", "b", "--from", "c3", "--to", "top", "--nodes",
            "many",
        ],
    ] {
        assert_eq!(hexlab(&bad).status.code(), Some(2), "{bad:?}");
    }
}

#[test]
fn bench_positions_skips_finished_games() {
    let out = hexlab(&[
        "bench",
        "positions",
        "--size",
        "3",
        "--count",
        "20",
        "--min-stones",
        "2",
        "--max-stones",
        "8",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(String::from_utf8(out.stdout).unwrap().lines().count(), 20);
}

#[test]
fn bench_ica_runs_on_a_given_set() {
    let dir = std::env::temp_dir().join(format!("hexlab-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let set = dir.join("set.txt");
    std::fs::write(
        &set,
        "# two positions\nsize=5&moves=c3,b4\nsize=5&b=a1&w=e5\n",
    )
    .unwrap();
    let v = json(&[
        "bench",
        "ica",
        "--set",
        set.to_str().unwrap(),
        "--repeat",
        "1",
        "--json",
    ]);
    assert_eq!(v["sizes"][0]["positions"], 2);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bench_vc_measures_the_default_limits_alone_when_asked() {
    let dir = std::env::temp_dir().join(format!("hexlab-bench-vc-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let set = dir.join("set.txt");
    std::fs::write(&set, "size=5&moves=c3,b4\nsize=5&b=a1,c2&w=e5\n").unwrap();
    let path = set.to_str().unwrap();
    let v = json(&[
        "bench", "vc", "--set", path, "--repeat", "1", "--only", "default", "--json",
    ]);
    let size = &v["sizes"][0];
    assert_eq!(size["positions"], 2);
    assert!(size["full"]["ms_per_color"].as_f64().unwrap() >= 0.0);
    assert!(size.get("thorough").is_none() && size.get("two_threads").is_none());
    let all = json(&["bench", "vc", "--set", path, "--repeat", "1", "--json"]);
    assert!(all["sizes"][0]["thorough"]["edge_semi"].is_u64());
    assert_eq!(
        all["sizes"][0]["full"]["edge_full"],
        size["full"]["edge_full"]
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bench_playouts_reports_rates_and_counts() {
    let v = json(&[
        "bench",
        "playouts",
        "--size",
        "7",
        "--count",
        "5000",
        "--threads",
        "2",
        "--json",
    ]);
    assert_eq!(v["playouts"], 5000);
    assert_eq!(v["threads"], 2);
    assert_eq!(
        v["black_wins"].as_u64().unwrap() + v["white_wins"].as_u64().unwrap(),
        5000
    );
    assert!(v["playouts_per_second"].as_f64().unwrap() > 0.0);
    let one = json(&[
        "bench",
        "playouts",
        "--size",
        "7",
        "--count",
        "5000",
        "--threads",
        "1",
        "--json",
    ]);
    assert_eq!(
        one["black_wins"], v["black_wins"],
        "same answer on any number of threads"
    );
}

/// Random bytes on GTP's stdin: the engine answers every line and never dies.
#[test]
fn gtp_survives_garbage() {
    let mut state = 12345u64;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let words = [
        "play",
        "genmove",
        "boardsize",
        "undo",
        "b",
        "w",
        "a1",
        "z99",
        "swap",
        "19",
        "0",
        "-1",
        "showboard",
        "",
        "\u{7}",
        "é",
        "#",
        "1",
    ];
    let mut input = String::new();
    let mut lines = 0;
    for _ in 0..3000 {
        let n = next() % 4;
        let line: Vec<&str> = (0..n)
            .map(|_| words[(next() % words.len() as u64) as usize])
            .collect();
        let line = line.join(" ");
        let meaningful = line
            .split('#')
            .next()
            .unwrap()
            .chars()
            .any(|c| !c.is_control() && !c.is_whitespace());
        input.push_str(&line);
        input.push('\n');
        lines += usize::from(meaningful);
    }
    input.push_str("name\n");
    let text = support::gtp::run_gtp(&input, 5);
    assert!(
        text.ends_with("= hexlab\n\n"),
        "the session is alive at the end"
    );
    let answers = text
        .split("\n\n")
        .filter(|a| !a.is_empty())
        .collect::<Vec<_>>();
    assert!(answers
        .iter()
        .all(|a| a.starts_with('=') || a.starts_with('?')));
    assert_eq!(answers.len(), lines + 1, "one answer per command line");
}

/// Runs `hexlab gtp` on `input` and returns its output, or `None` when it has not ended
/// within `seconds` (it is then killed).
fn gtp_within(input: &str, seconds: u64) -> Option<String> {
    use std::io::{Read, Write};
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_hexlab"))
        .args(["gtp", "--seed", "1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(seconds);
    while child.try_wait().unwrap().is_none() {
        if std::time::Instant::now() > deadline {
            child.kill().unwrap();
            child.wait().unwrap();
            return None;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let mut text = String::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut text)
        .unwrap();
    Some(text)
}

/// The position: with the AND rule through edges, `limit_fulls 0` (every full
/// connection kept) and the eager OR rule, `vc-build` never answered (over 300 s; 19 s with
/// `limit_fulls` on). The eager OR rule's search is bounded per connection, `max_ors` is at
/// most 8, and H-search stops at `Limits::max_connections`: it answers in about a second.
#[test]
#[cfg_attr(debug_assertions, ignore = "search-heavy: runs in release")]
fn gtp_vc_build_answers_whatever_the_limits() {
    let plays = "play b d9\nplay w d1\nplay b m12\nplay w o1\nplay b k13\nplay w i2\nplay b k16\n\
                 play w m3\nplay w m5\nplay w j11\nplay w b15\n";
    for params in [
        "param_player_vc limit_fulls 0\nparam_player_vc max_ors 5\n",
        "param_player_vc limit_fulls 0\nparam_player_vc max_ors 8\n",
        "param_player_vc max_ors 12\n",
    ] {
        let input = format!(
            "boardsize 17\nparam_player_vc and_over_edge 1\n{params}{plays}vc-build b\n\
             vc-get-mustplay w\nname\n"
        );
        let text = gtp_within(&input, 60).unwrap_or_else(|| panic!("no answer in 60 s: {params}"));
        let answers: Vec<&str> = text.split("\n\n").filter(|a| !a.is_empty()).collect();
        let expected_params = if params.contains("12") { 1 } else { 2 };
        assert_eq!(answers.len(), 2 + expected_params + 11 + 3, "{text}");
        if params.contains("12") {
            assert_eq!(answers[2], "? max_ors takes a whole number from 0 to 8");
        }
        assert!(answers[answers.len() - 3].starts_with("= "), "{text}");
        assert_eq!(answers[answers.len() - 1], "= hexlab");
    }
}

/// The answers that need no search come at once, with 0 nodes: White's chain across row 10
/// of a 19x19 board with 155 stones cuts Black's edges apart (before: `unknown`, the board too
/// large for the search), and two stones of one chain are joined (before: an error).
#[test]
fn connect_answers_at_once_when_no_search_is_needed() {
    let cols = "abcdefghijklmnopqrs";
    let (mut black, mut white) = (Vec::new(), Vec::new());
    for (i, c) in cols.chars().enumerate() {
        for row in 1..=19 {
            let cell = format!("{c}{row}");
            match (row, (i * 7 + row * 3) % 5) {
                (10, _) | (_, 1) => white.push(cell),
                (_, 0) => black.push(cell),
                _ => {}
            }
        }
    }
    let code = format!("size=19&b={}&w={}&turn=b", black.join(","), white.join(","));
    let v = json(&[
        "connect",
        "--position",
        &code,
        "--player",
        "b",
        "--from",
        "top",
        "--to",
        "bottom",
        "--json",
    ]);
    assert_eq!(v["status"], "refuted", "{v}");
    assert_eq!(v["connected"], false);
    assert_eq!(v["nodes"], 0);
    assert_eq!(v["refutation"], Value::Null);
    let v = json(&[
        "connect", "--size", "5", "--black", "a1,a2", "--player", "b", "--from", "a1", "--to",
        "a2", "--json",
    ]);
    assert_eq!(v["status"], "connected", "{v}");
    assert_eq!(v["nodes"], 0);
    assert_eq!(v["carrier"], serde_json::json!([]));
    // A small table answers as the default one.
    let args = [
        "connect", "--size", "4", "--black", "b2", "--white", "b3,c3", "--player", "b", "--from",
        "b2", "--to", "bottom", "--json",
    ];
    let small: Vec<&str> = args.iter().copied().chain(["--tt-mb", "1"]).collect();
    assert_eq!(json(&args)["status"], json(&small)["status"]);
}

/// `vc` lists at most `--max-listed` connections of each kind (default 20,000), counting them
/// all: a busy 19x19 position printed over a gigabyte of JSON before.
#[test]
fn vc_lists_at_most_max_listed_connections() {
    let args = [
        "vc",
        "--position",
        "size=7&moves=d4,a1,c5",
        "--player",
        "b",
        "--json",
    ];
    let all = json(&args);
    let (full, semi) = (
        all["full"].as_array().unwrap().len(),
        all["semi"].as_array().unwrap().len(),
    );
    assert!(full > 5 && semi > 5, "{full} {semi}");
    assert_eq!(all["truncated"], false);
    assert_eq!(all["total_full"], full);
    assert_eq!(all["total_semi"], semi);
    let cut: Vec<&str> = args.iter().copied().chain(["--max-listed", "5"]).collect();
    let some = json(&cut);
    assert_eq!(some["truncated"], true);
    assert_eq!(some["total_full"], full);
    assert_eq!(some["total_semi"], semi);
    assert_eq!(
        some["full"].as_array().unwrap()[..],
        all["full"].as_array().unwrap()[..5]
    );
    assert_eq!(
        some["semi"].as_array().unwrap()[..],
        all["semi"].as_array().unwrap()[..5]
    );
    assert_eq!(some["winning"], all["winning"]);
    assert_eq!(some["mustplay"], all["mustplay"]);
    let none: Vec<&str> = args.iter().copied().chain(["--max-listed", "0"]).collect();
    let none = json(&none);
    assert_eq!(none["full"], serde_json::json!([]));
    assert_eq!(none["total_semi"], semi);
}

#[test]
fn play_prints_a_legal_move_with_its_statistics() {
    let v = json(&[
        "play", "--size", "5", "--black", "c3", "--games", "500", "--json",
    ]);
    let mv = v["move"].as_str().unwrap();
    assert!(mv != "c3" && mv.len() == 2, "{v}");
    assert!(v["visits"].as_u64().is_some() && v["top"].is_array() && v["pv"].is_array());
    let done = json(&[
        "play",
        "--position",
        "size=3&moves=b1,a2,b2,a3,b3",
        "--json",
    ]);
    assert_eq!(done["move"], "resign");
    assert_eq!(done["proven"], "loss");
    for bad in [
        &["play", "--size", "5", "--time", "x"][..],
        &["play", "--size", "5", "--games", "0"],
        &["play", "--size", "5", "--time", "1", "--games", "5"],
        &["play", "--size", "5", "--threads", "0"],
    ] {
        assert_eq!(hexlab(bad).status.code(), Some(2), "{bad:?}");
    }
}

#[test]
fn arena_plays_two_engines_with_colours_alternated() {
    let me = env!("CARGO_BIN_EXE_hexlab");
    let engine = format!("{me} gtp");
    let v = json(&[
        "arena", "--engine", &engine, "--engine", &engine, "--games", "2", "--size", "3", "--time",
        "0.05", "--json",
    ]);
    assert_eq!(
        v["wins"][0].as_u64().unwrap() + v["wins"][1].as_u64().unwrap(),
        2
    );
    let records = v["records"].as_array().unwrap();
    assert_eq!(records[0]["black"], 0);
    assert_eq!(records[1]["black"], 1);
    assert_eq!(records[0]["opening"], records[1]["opening"]);
    assert_eq!(
        hexlab(&["arena", "--engine", &engine]).status.code(),
        Some(2)
    );
}
