//! Game records on the command line: `--sgf FILE [--node N]` wherever a position is taken,
//! and `hexlab convert FILE --to ...`. Fixtures are written to a temporary directory.

use std::process::{Command, Output};

use serde_json::Value;

mod support;

use support::temp::TempFile;

/// HexGui's dialect with a variation, a comment and swap-pieces.
const HEXGUI: &str =
    "(;FF[4]GM[11]SZ[5]PB[Alice];B[c3];W[swap-pieces];B[b2]C[note]\n(;W[d4])(;W[a5]))";

/// HexGui 1.0's swap bug: `swap-pieces` then White again (swap-sides).
const OLD_SWAP: &str = "(;AP[HexGui:1.0.]FF[4]GM[11]SZ[11];B[b3];W[swap-pieces];W[f6];B[e7])";

/// Little Golem's dialect.
const GOLEM: &str = "(;FF[4]PB[Carol]PW[Dave]SZ[13]RE[B];W[mf];B[swap];W[gg];B[fi])";

fn hexlab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hexlab"))
        .args(args)
        .output()
        .unwrap()
}

/// Writes `text` to a file of its own in the temporary directory, removed when dropped.
fn fixture(name: &str, text: &str) -> TempFile {
    TempFile::new("cli-records", name, text)
}

fn stdout(args: &[&str]) -> String {
    let out = hexlab(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn json(args: &[&str]) -> Value {
    serde_json::from_str(&stdout(args)).unwrap()
}

#[test]
fn position_reads_records_at_a_node() {
    let file = fixture("hexgui.sgf", HEXGUI);
    let file = file.to_str().unwrap();
    let last = json(&["position", "--sgf", file, "--json"]);
    assert_eq!(last["code"], "size=5&moves=c3,swap,b2,d4");
    let second = json(&["position", "--sgf", file, "--node", "2", "--json"]);
    assert_eq!(second["code"], "size=5&moves=c3,swap,b2,d4&at=2");
    assert_eq!(second["white"], serde_json::json!(["c3"]));
    let root = json(&["position", "--sgf", file, "--node", "0", "--json"]);
    assert_eq!(root["code"], "size=5&moves=c3,swap,b2,d4&at=0");
    // Every subcommand that takes a position takes a record.
    let golem = fixture("golem.sgf", GOLEM);
    let golem = golem.to_str().unwrap();
    let analysis = json(&["analyze", "--sgf", golem, "--node", "3", "--json"]);
    assert!(analysis["consider"].is_array());
    let vc = json(&["vc", "--sgf", golem, "--player", "b", "--json"]);
    assert!(vc["full"].is_array());
    let text = stdout(&["position", "--sgf", golem]);
    // Little Golem's `swap` is swap-sides: the stone stays, White moves next.
    assert!(
        text.contains("code: size=13&b=m6&turn=w&moves=g7,f9"),
        "{text}"
    );
}

#[test]
fn solve_play_and_connect_read_records() {
    let file = fixture(
        "small.sgf",
        "(;FF[4]GM[11]SZ[4];B[b2];W[c3](;B[c2])(;B[a4]))",
    );
    let file = file.to_str().unwrap();
    // Node 2: after b2 and c3, Black to move (and win).
    let solved = json(&["solve", "--sgf", file, "--node", "2", "--json"]);
    assert_eq!(solved["to_move"], "b");
    assert_eq!(solved["winner"], "b");
    // The last node of the main line: after c2, White to move on b2 c2 against c3.
    let played = json(&["play", "--sgf", file, "--games", "200", "--json"]);
    let mv = played["move"].as_str().unwrap();
    assert!(!["b2", "c3", "c2"].contains(&mv), "{played}");
    let position = json(&["position", "--sgf", file, "--json"]);
    assert_eq!(position["to_move"], "w");
    let connect = json(&[
        "connect", "--sgf", file, "--node", "2", "--player", "b", "--from", "top", "--to",
        "bottom", "--json",
    ]);
    assert_eq!(connect["player"], "b");
    assert!(connect["status"].is_string());
}

#[test]
fn convert_writes_every_format() {
    let file = fixture("old-swap.sgf", OLD_SWAP);
    let file = file.to_str().unwrap();
    let sgf = stdout(&["convert", file, "--to", "sgf"]);
    assert!(sgf.contains(";B[b3];W[swap-sides];W[f6];B[e7])"), "{sgf}");
    assert_eq!(
        stdout(&["convert", file, "--to", "code"]),
        "size=11&b=b3&turn=w&moves=f6,e7\n"
    );
    // Links play swap-sides as the equivalent swap-pieces; Little Golem's `swap` is swap-sides.
    assert_eq!(
        stdout(&["convert", file, "--to", "hexworld", "--node", "3"]),
        "https://hexworld.org/board/#11c1,b3:sf6,g5\n"
    );
    assert_eq!(
        stdout(&["convert", file, "--to", "trmph"]),
        "https://trmph.com/hex/board#11,b3b3f6g5\n"
    );
    // The whole tree as the page's link: the main line at node N, its variations and comments.
    let tree = fixture(
        "tree.sgf",
        "(;FF[4]GM[11]SZ[5]C[start];B[c3];W[b4](;B[d2])(;B[a5]C[an idea]))",
    );
    assert_eq!(
        stdout(&[
            "convert",
            tree.to_str().unwrap(),
            "--to",
            "link",
            "--node",
            "1"
        ]),
        "size=5&moves=c3,b4,d2&at=1&var=0{start}2(a5{an+idea})\n"
    );
    let golem = stdout(&["convert", file, "--to", "golem"]);
    assert_eq!(golem, "(;FF[4]SZ[11];W[bc];B[swap];W[ff];B[eg])\n");
    // What convert writes reads back.
    let again = fixture("again.sgf", &sgf);
    assert_eq!(
        stdout(&["convert", again.to_str().unwrap(), "--to", "sgf"]),
        sgf
    );
    let lg = fixture("lg.sgf", GOLEM);
    let hsgf = stdout(&["convert", lg.to_str().unwrap(), "--to", "sgf"]);
    assert!(
        hsgf.replace('\n', "")
            .contains("PB[Dave]PW[Carol]RE[W];B[m6];W[swap-sides];W[g7];B[f9])"),
        "{hsgf}"
    );
}

/// Bad input: exit status 2, one line on stderr, nothing on stdout.
#[test]
fn bad_records_are_usage_errors() {
    let illegal = fixture("illegal.sgf", "(;FF[4]GM[11]SZ[5]\n;B[a1]\n;W[a1])");
    let illegal = illegal.to_str().unwrap();
    let broken = fixture("broken.sgf", "(;FF[4]GM[11]SZ[5];B[a1]");
    let broken = broken.to_str().unwrap();
    let rex = fixture("rex.sgf", "(;FF[4]GM[11]SZ[5]RU[rex];B[a1])");
    let rex = rex.to_str().unwrap();
    let resign_file = fixture("resign.sgf", "(;FF[4]GM[11]SZ[5];B[a1];W[resign])");
    let resign_file = resign_file.to_str().unwrap().to_string();
    let binary = fixture("binary.sgf", "\u{0}\u{1b}[31m(;");
    let binary = binary.to_str().unwrap();
    let cases: Vec<(Vec<&str>, String)> = vec![
        (
            vec!["position", "--sgf", illegal],
            "hexlab: illegal.sgf: line 3, column 2: white a1 is illegal: a1 is already occupied".to_string(),
        ),
        (
            vec!["analyze", "--sgf", broken],
            "hexlab: broken.sgf: line 1, column 1: this game tree is not closed: ')' is missing at the end".to_string(),
        ),
        (
            vec!["position", "--sgf", binary],
            "hexlab: binary.sgf: line 1, column 1: unexpected '\\x00': expected '(', ';', ')' or a property".to_string(),
        ),
        (
            vec!["position", "--sgf", "/no/such/file.sgf"],
            "hexlab: cannot read /no/such/file.sgf: No such file or directory (os error 2)".to_string(),
        ),
        (
            vec!["position", "--sgf", rex, "--node", "2"],
            "hexlab: --node 2: expected a whole number from 0 to 1".to_string(),
        ),
        (
            vec!["position", "--sgf", rex, "--size", "5"],
            "hexlab: --sgf cannot be combined with --size".to_string(),
        ),
        (
            vec!["position", "--node", "1"],
            "hexlab: --node needs --sgf FILE".to_string(),
        ),
        (
            vec!["convert", rex, "--to", "hexworld"],
            "hexlab: rex.sgf cannot be written as a HexWorld link: it has set-up stones, other rules than Hex with swap, or a board the link cannot say".to_string(),
        ),
        (
            vec!["convert", rex, "--to", "golem"],
            "hexlab: Little Golem's records cannot say this game: it is not Hex with the swap rule".to_string(),
        ),
        (
            vec!["convert", resign_file.as_str(), "--to", "link"],
            "hexlab: resign.sgf cannot be written as a link: it has set-up stones after the start, passes, swap-sides, resignations or stones out of turn (save it as SGF)".to_string(),
        ),
        (
            vec!["convert", rex, "--to", "pdf"],
            "hexlab: --to pdf: expected sgf, golem, code, link, hexworld or trmph".to_string(),
        ),
        (
            vec!["convert", rex],
            "hexlab: convert needs --to: sgf, golem, code, link, hexworld or trmph".to_string(),
        ),
        (
            vec!["convert", "--to", "sgf"],
            "hexlab: convert takes one game record: hexlab convert FILE --to sgf".to_string(),
        ),
    ];
    for (args, message) in cases {
        let out = hexlab(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        assert_eq!(
            String::from_utf8_lossy(&out.stderr),
            format!("{message}\n"),
            "{args:?}"
        );
    }
}
