//! Driving the built `hexlab gtp` from tests.

use std::io::Write;
use std::process::{Command, Stdio};

/// Sends `input` to `hexlab gtp --seed <seed>` and returns everything it answered, checking
/// that the session ended cleanly.
pub fn run_gtp(input: &str, seed: u64) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_hexlab"))
        .args(["gtp", "--seed", &seed.to_string()])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("hexlab starts");
    child
        .stdin
        .take()
        .expect("piped stdin")
        .write_all(input.as_bytes())
        .expect("input written");
    let output = child.wait_with_output().expect("hexlab ends");
    assert!(
        output.status.success(),
        "hexlab gtp exited with {}",
        output.status
    );
    String::from_utf8(output.stdout).expect("answers are UTF-8")
}
