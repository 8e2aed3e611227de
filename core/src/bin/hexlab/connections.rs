//! `hexlab vc` (H-search's connections) and `hexlab connect` (connection search).

use std::time::Instant;

use hexlab_core::notation::parse_point;
use hexlab_core::quote::quote;
use hexlab_core::report::spaced;
use hexlab_core::vc::connect_report::ConnectReport;
use hexlab_core::vc::report::report_listing;
use hexlab_core::vc::Limits;
use hexlab_core::{Cell, Color, Position};

use crate::args::no_positional;
use crate::args::{take_game, Flags, UsageError};
use crate::outln;
use crate::output::print_json;
use crate::output::Failure;

/// `--player b|w`, the side to move when absent.
fn take_player(flags: &mut Flags, position: &Position) -> Result<Color, UsageError> {
    match flags.take("player") {
        Some(text) => Color::parse(&text)
            .ok_or_else(|| UsageError(format!("--player {}: expected b or w", quote(&text)))),
        None => Ok(position.to_move()),
    }
}

/// `--name X`: a cell on the board or an edge.
fn take_point(
    flags: &mut Flags,
    name: &str,
    position: &Position,
) -> Result<Option<Cell>, UsageError> {
    match flags.take(name) {
        None => Ok(None),
        Some(text) => {
            let cell = parse_point(&text).map_err(|e| UsageError(format!("--{name}: {e}")))?;
            if !cell.is_edge() && !position.size().contains(cell) {
                return Err(UsageError(format!("--{name}: {cell} is off the board")));
            }
            Ok(Some(cell))
        }
    }
}

/// The default `--max-listed`: connections of each kind `hexlab vc` lists.
const DEFAULT_LISTED: usize = 20_000;
/// The largest `--max-listed`.
const MAX_LISTED: usize = 10_000_000;

/// `hexlab vc <position> --player b|w [--from X --to Y] [--fillin] [--and-over-edges]
/// [--max-listed N] [--json]`: virtual connections, on the fill-in reduced position with
/// `--fillin`, with the AND rule through edges too with `--and-over-edges` (more connections,
/// over ten times slower), at most N of each kind listed.
pub fn vc_command(args: &[String]) -> Result<(), Failure> {
    let mut flags = Flags::parse(args, &["json", "fillin", "and-over-edges"])?;
    let game = take_game(&mut flags)?;
    let position = game.position();
    let player = take_player(&mut flags, position)?;
    let from = take_point(&mut flags, "from", position)?;
    let to = take_point(&mut flags, "to", position)?;
    let max_listed = flags
        .take_number("max-listed", 0..=MAX_LISTED)?
        .unwrap_or(DEFAULT_LISTED);
    no_positional(&flags)?;
    let json = flags.switch("json");
    let with_fillin = flags.switch("fillin");
    let limits = if flags.switch("and-over-edges") {
        Limits::thorough()
    } else {
        Limits::default()
    };
    flags.finish()?;
    let between = match (from, to) {
        (Some(a), Some(b)) => Some((a, b)),
        (None, None) => None,
        _ => return Err(UsageError("--from and --to go together".into()).into()),
    };
    let report = report_listing(position, player, between, with_fillin, limits, max_listed)?;
    if json {
        return print_json(&report);
    }
    outln!(
        "{} full and {} semi connections for {player}",
        report.total_full,
        report.total_semi
    )?;
    for f in report.full.iter().take(40) {
        outln!("full {} - {} [{}]", f.from, f.to, spaced(&f.carrier))?;
    }
    for s in report.semi.iter().take(40) {
        outln!(
            "semi {} - {} key {} [{}]",
            s.from,
            s.to,
            s.key,
            spaced(&s.carrier)
        )?;
    }
    outln!(
        "winning: {}   mustplay for {}: {}",
        report.winning,
        position.to_move(),
        report.mustplay.join(" ")
    )?;
    Ok(())
}

/// Default node budget of `hexlab connect`.
const DEFAULT_NODES: u64 = 2_000_000;
/// The largest node budget `--nodes` takes (ten times the default: about a minute of search;
/// the table's memory is bounded by `--tt-mb` whatever the budget).
const MAX_NODES: u64 = 20_000_000;

/// The default `--tt-mb`: the search's transposition table in megabytes.
const DEFAULT_TABLE_MB: usize = hexlab_core::vc::connect::DEFAULT_TABLE_BYTES >> 20;
/// The largest `--tt-mb`.
const MAX_TABLE_MB: usize = 4096;

/// `hexlab connect <position> --player b|w --from X --to Y [--nodes N] [--tt-mb M] [--json]`: decides by
/// search whether the player connects the two points (a full connection), when H-search does
/// not already show it.
pub fn connect_command(args: &[String]) -> Result<(), Failure> {
    let mut flags = Flags::parse(args, &["json"])?;
    let game = take_game(&mut flags)?;
    let position = game.position();
    let player = take_player(&mut flags, position)?;
    let from = take_point(&mut flags, "from", position)?;
    let to = take_point(&mut flags, "to", position)?;
    let nodes = flags
        .take_number("nodes", 1..=MAX_NODES)?
        .unwrap_or(DEFAULT_NODES);
    let table_mb = flags
        .take_number("tt-mb", 1..=MAX_TABLE_MB)?
        .unwrap_or(DEFAULT_TABLE_MB);
    no_positional(&flags)?;
    let json = flags.switch("json");
    flags.finish()?;
    let (Some(from), Some(to)) = (from, to) else {
        return Err(UsageError("connect needs --from X and --to Y".into()).into());
    };
    let started = Instant::now();
    let mut report =
        ConnectReport::decide_within(position, player, from, to, nodes, table_mb << 20)?;
    report.millis = started.elapsed().as_secs_f64() * 1000.0;
    if json {
        return print_json(&report);
    }
    outln!(
        "{player} {from} - {to}: {} (by {}, {} nodes, region {} cells, {:.1} ms)",
        report.status,
        report.by,
        report.nodes,
        report.region,
        report.millis
    )?;
    if report.connected == Some(true) {
        outln!("carrier: {}", report.carrier.join(" "))?;
    }
    if let Some(cell) = &report.refutation {
        outln!("refuted by {cell}")?;
    }
    if let Some(semi) = &report.semi {
        outln!(
            "semi connection: key {} carrier {}",
            semi.key,
            semi.carrier.join(" ")
        )?;
    }
    Ok(())
}
