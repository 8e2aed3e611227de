//! Runs the GTP regression scripts in `tests/gtp/*.tst` against the built `hexlab gtp`.

use std::path::Path;

mod support;

/// One `command => expected` line of a script.
struct Case {
    line: usize,
    command: String,
    expected: Option<String>,
}

fn parse_script(text: &str) -> Vec<Case> {
    let mut cases = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let trimmed = raw.trim();
        if trimmed.is_empty() || (trimmed.starts_with('#') && !raw.starts_with('\t')) {
            continue;
        }
        let (command, expected) = match raw.split_once("=>") {
            Some((c, e)) => (c.trim_end().to_string(), Some(e.trim().to_string())),
            None => (raw.to_string(), None),
        };
        cases.push(Case {
            line: i + 1,
            command,
            expected,
        });
    }
    cases
}

fn run_script(path: &Path) {
    let cases = parse_script(&std::fs::read_to_string(path).unwrap());
    let input: String = cases.iter().map(|c| format!("{}\n", c.command)).collect();
    let text = support::gtp::run_gtp(&input, 1);
    let mut answers = text.split("\n\n").filter(|a| !a.is_empty());
    for case in cases.iter().filter(|c| c.expected.is_some()) {
        let expected = case.expected.as_deref().unwrap();
        let answer = answers.next().unwrap_or_else(|| {
            panic!(
                "{}:{}: no answer to '{}'",
                path.display(),
                case.line,
                case.command
            )
        });
        let answer = answer.lines().collect::<Vec<_>>().join(" | ");
        let answer = answer.trim_end();
        let ok = match expected.strip_suffix("...") {
            Some(prefix) => answer.starts_with(prefix.trim_end()),
            None => answer == expected,
        };
        assert!(
            ok,
            "{}:{}: '{}'\n  expected: {expected}\n  got:      {answer}",
            path.display(),
            case.line,
            case.command
        );
    }
    assert_eq!(
        answers.next(),
        None,
        "{}: more answers than expected",
        path.display()
    );
}

#[test]
fn gtp_scripts() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/gtp");
    let mut scripts: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    scripts.retain(|p| p.extension().is_some_and(|e| e == "tst"));
    scripts.sort();
    assert!(!scripts.is_empty());
    for script in scripts {
        run_script(&script);
    }
}
