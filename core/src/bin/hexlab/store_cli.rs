//! `hexlab store merge A.db B.db ... --into C.db` and `hexlab store dump FILE [--json]`: the
//! solved-position store's maintenance. A merge that meets a conflicting result names the
//! position, exits 2 and writes nothing.

use std::path::Path;

use hexlab_core::solver::store::{merge, Entry, Store};
use serde::Serialize;

use crate::args::{Flags, UsageError};
use crate::outln;
use crate::output::{print_json, Failure};
use crate::solve::open_store;

/// `hexlab store merge|dump ...`.
pub fn store_command(args: &[String]) -> Result<(), Failure> {
    match args.first().map(String::as_str) {
        Some("merge") => merge_command(&args[1..]),
        Some("dump") => dump_command(&args[1..]),
        Some(other) => Err(UsageError(format!(
            "unknown store command '{}' (expected merge or dump)",
            hexlab_core::quote::quote(other)
        ))
        .into()),
        None => Err(UsageError("store needs a command: merge or dump".into()).into()),
    }
}

/// Opens a store that must exist already (a misspelt source is not an empty store).
fn open_existing(path: &str) -> Result<Store, UsageError> {
    if !Path::new(path).is_file() {
        return Err(UsageError(format!(
            "{}: no such store",
            hexlab_core::quote::quote(path)
        )));
    }
    open_store(path)
}

#[derive(Serialize)]
struct MergeReport {
    into: String,
    sources: usize,
    rows_read: usize,
    rows: usize,
}

/// `hexlab store merge A.db B.db ... --into C.db [--json]`.
fn merge_command(args: &[String]) -> Result<(), Failure> {
    let mut flags = Flags::parse(args, &["json"])?;
    let into = flags
        .take("into")
        .ok_or_else(|| UsageError("store merge needs --into FILE".into()))?;
    let json = flags.switch("json");
    let paths = flags.positional().to_vec();
    flags.finish()?;
    if paths.is_empty() {
        return Err(UsageError("store merge needs at least one store to read".into()).into());
    }
    let sources = paths
        .iter()
        .map(|p| open_existing(p))
        .collect::<Result<Vec<_>, _>>()?;
    let target = open_store(&into)?;
    let rows_read = merge(&target, &sources)?;
    let report = MergeReport {
        into,
        sources: sources.len(),
        rows_read,
        rows: target.entries()?.len(),
    };
    if json {
        return print_json(&report);
    }
    outln!(
        "merged {} rows from {} stores into {} ({} rows)",
        report.rows_read,
        report.sources,
        report.into,
        report.rows
    )
}

#[derive(Serialize)]
struct Dump {
    entries: Vec<Entry>,
}

/// `hexlab store dump FILE [--json]`: every stored result, by position.
fn dump_command(args: &[String]) -> Result<(), Failure> {
    let flags = Flags::parse(args, &["json"])?;
    let json = flags.switch("json");
    let [path] = flags.positional() else {
        return Err(UsageError("store dump needs exactly one FILE".into()).into());
    };
    let path = path.clone();
    flags.finish()?;
    let store = open_existing(&path)?;
    let entries = store.entries()?;
    if json {
        return print_json(&Dump { entries });
    }
    for e in &entries {
        let moves = e
            .solved
            .winning_moves
            .as_ref()
            .map(|m| {
                let names: Vec<String> = m.iter().map(ToString::to_string).collect();
                format!(" winning: {}", names.join(" "))
            })
            .unwrap_or_default();
        outln!(
            "{} {}{moves} ({} nodes, {:.0} ms, {})",
            e.position,
            e.solved.winner.name(),
            e.solved.nodes,
            e.solved.ms,
            e.solved.version
        )?;
    }
    Ok(())
}
