//! `hexlab patterns`: learning the player's pattern gammas from game records, and measuring a
//! table on games.
//!
//! - `hexlab patterns learn FILE... [--out F] [--min-count N] [--iterations N] [--skip N]
//!   [--holdout K]`: every position code (a word starting `size=`) in the files is a game; its
//!   moves after the first `skip` (default 1: an arena's opening) are the training positions;
//!   every K-th game (K > 1) is held out and the fit measured on it. Writes the table (the
//!   text form of `mohex::pattern::Gammas`) to F, or prints it.
//! - `hexlab patterns test FILE... [--gammas F] [--skip N]`: the mean log-likelihood and the
//!   share of moves predicted first by a table (the built-in one without `--gammas`).

use hexlab_core::mohex::learn::{evaluate, learn, Examples};
use hexlab_core::mohex::pattern::{builtin, Gammas};

use crate::args::{read_text, Flags, UsageError, MAX_FILE_BYTES};
use crate::outln;
use crate::output::Failure;

/// The most MM iterations.
const MAX_ITERATIONS: usize = 10_000;

/// `hexlab patterns learn|test ...`.
pub fn patterns_command(args: &[String]) -> Result<(), Failure> {
    let Some((verb, rest)) = args.split_first() else {
        return Err(UsageError("patterns needs 'learn' or 'test'".into()).into());
    };
    let mut flags = Flags::parse(rest, &[])?;
    let skip = flags.take_number("skip", 0..=1000usize)?.unwrap_or(1);
    match verb.as_str() {
        "learn" => {
            let out = flags.take("out");
            let min_count = flags.take_number("min-count", 1..=u32::MAX)?.unwrap_or(20);
            let iterations = flags
                .take_number("iterations", 1..=MAX_ITERATIONS)?
                .unwrap_or(30);
            let holdout = flags
                .take_number("holdout", 0..=1_000_000usize)?
                .unwrap_or(0);
            let files = flags.positional().to_vec();
            flags.finish()?;
            let games = read_games(&files)?;
            let (mut train, mut test) = (Examples::new(), Examples::new());
            for (i, game) in games.iter().enumerate() {
                if holdout > 1 && i % holdout == holdout - 1 {
                    test.add_game(game, skip);
                } else {
                    train.add_game(game, skip);
                }
            }
            if train.is_empty() {
                return Err(UsageError("no training position in the files".into()).into());
            }
            let gammas = learn(&train, min_count, iterations);
            let (ll, top) = evaluate(&train, &gammas);
            let mut summary = format!(
                "learnt by `hexlab patterns learn` (MM, {iterations} iterations, min count {min_count}) \
                 from {} games, {} positions\ntraining: log-likelihood {ll:.3} per move, {:.1}% predicted first",
                games.len(),
                train.len(),
                100.0 * top
            );
            if !test.is_empty() {
                let (ll, top) = evaluate(&test, &gammas);
                summary.push_str(&format!(
                    "\nheld out: {} positions, log-likelihood {ll:.3} per move, {:.1}% predicted first",
                    test.len(),
                    100.0 * top
                ));
            }
            let text = gammas.write(&summary);
            eprintln!("{summary}\n{} patterns", gammas.patterns().count());
            match out {
                Some(path) => std::fs::write(&path, text)
                    .map_err(|e| UsageError(format!("cannot write {path}: {e}")))?,
                None => outln!("{}", text.trim_end())?,
            }
            Ok(())
        }
        "test" => {
            let table = flags.take("gammas");
            let files = flags.positional().to_vec();
            flags.finish()?;
            let gammas = match table {
                Some(path) => {
                    let text = read_text(&path, MAX_FILE_BYTES).map_err(UsageError)?;
                    Gammas::read(&text).map_err(|e| UsageError(format!("{path}: {e}")))?
                }
                None => builtin().clone(),
            };
            let mut examples = Examples::new();
            for game in read_games(&files)? {
                examples.add_game(&game, skip);
            }
            if examples.is_empty() {
                return Err(UsageError("no position to test in the files".into()).into());
            }
            let (ll, top) = evaluate(&examples, &gammas);
            outln!(
                "{} positions: log-likelihood {ll:.3} per move, {:.1}% predicted first",
                examples.len(),
                100.0 * top
            )
        }
        other => Err(UsageError(format!(
            "patterns: unknown verb '{}' (learn or test)",
            hexlab_core::quote::quote(other)
        ))
        .into()),
    }
}

/// Every position code (a word starting `size=`) in `files`, read as a game.
fn read_games(files: &[String]) -> Result<Vec<hexlab_core::Game>, UsageError> {
    if files.is_empty() {
        return Err(UsageError("give the files holding the games".into()));
    }
    let mut games = Vec::new();
    for path in files {
        let text = read_text(path, MAX_FILE_BYTES).map_err(UsageError)?;
        for word in text.split_whitespace() {
            let word = word.trim_matches(|c| c == '"' || c == ',');
            if word.starts_with("size=") {
                if let Ok(game) = hexlab_core::formats::code::read(word) {
                    games.push(game);
                }
            }
        }
    }
    Ok(games)
}
