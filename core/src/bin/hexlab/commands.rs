//! The subcommands: each reads its flags, calls the core and prints one result.

use std::io::{self, BufReader};
use std::time::Instant;

use hexlab_core::ica::{analyze, InferiorReport};
use hexlab_core::report::PositionReport;

use crate::args::{no_positional, take_game, Flags, UsageError};
use crate::gtp::Engine;
use crate::outln;
use crate::output::{print_json, Failure};

/// `hexlab gtp [--seed N] [--name NAME]`.
pub fn gtp(args: &[String]) -> Result<(), Failure> {
    let mut flags = Flags::parse(args, &[])?;
    let seed = flags.take_number("seed", 0..=u64::MAX)?.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
    });
    let name = flags.take("name").map(engine_name).transpose()?;
    no_positional(&flags)?;
    flags.finish()?;
    // The tables first, as Benzene's engines load theirs (see `warm_up`).
    hexlab_core::warm_up();
    let engine = Engine::new(seed);
    let mut engine = match name {
        Some(name) => engine.named(&name),
        None => engine,
    };
    engine.run(BufReader::new(io::stdin()), io::stdout())
}

/// `--name`'s value: 1 to 32 visible ASCII characters (GTP answers it on one line).
fn engine_name(name: String) -> Result<String, UsageError> {
    if (1..=32).contains(&name.len()) && name.bytes().all(|b| b.is_ascii_graphic()) {
        Ok(name)
    } else {
        Err(UsageError(format!(
            "--name '{}': expected 1 to 32 visible ASCII characters, no spaces",
            hexlab_core::quote::quote(&name)
        )))
    }
}

/// `hexlab position <position> [--json]`.
pub fn position(args: &[String]) -> Result<(), Failure> {
    let mut flags = Flags::parse(args, &["json"])?;
    let game = take_game(&mut flags)?;
    no_positional(&flags)?;
    let json = flags.switch("json");
    flags.finish()?;
    let report = PositionReport::of(&game);
    if json {
        return print_json(&report);
    }
    outln!("{}", game.position().diagram())?;
    outln!(
        "to move: {}   rules: {}",
        game.position().to_move(),
        report.rules
    )?;
    if let Some(winner) = report.winner {
        outln!("winner: {winner}")?;
    }
    outln!("code: {}", report.code)?;
    Ok(())
}

/// `hexlab analyze <position> [--json]`: inferior cell analysis for the side to move.
pub fn analyze_command(args: &[String]) -> Result<(), Failure> {
    let mut flags = Flags::parse(args, &["json"])?;
    let game = take_game(&mut flags)?;
    no_positional(&flags)?;
    let json = flags.switch("json");
    flags.finish()?;
    let started = Instant::now();
    let analysis = analyze(game.position());
    let elapsed = started.elapsed();
    let report = InferiorReport::of(&analysis);
    if json {
        return print_json(&report);
    }
    outln!("{}", analysis.filled.diagram())?;
    outln!("fill-in black: {}", report.fillin.b.join(" "))?;
    outln!("fill-in white: {}", report.fillin.w.join(" "))?;
    for claim in &report.inferior {
        outln!("{:>4} {:<10} {}", claim.cell, claim.kind, claim.reason)?;
    }
    outln!(
        "consider ({}): {}",
        report.consider.len(),
        report.consider.join(" ")
    )?;
    for note in &report.notes {
        outln!("note: {note}")?;
    }
    outln!("analysed in {:.1} ms", elapsed.as_secs_f64() * 1000.0)?;
    Ok(())
}
