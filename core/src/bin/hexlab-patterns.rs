//! `hexlab-patterns`: derives the local pattern tables from first principles, checks the
//! committed tables, and times the pattern matcher against the graph-based dead-cell test.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use hexlab_core::ica::dead::find_dead;
use hexlab_core::ica::pattern::generate::{generate, ClassTables};
use hexlab_core::ica::pattern::geometry::{all_classes, Class};
use hexlab_core::ica::pattern::table::{file, find_section, section, Kind};
use hexlab_core::ica::pattern::{Library, MAX_SET};
use hexlab_core::quote::quote;
use hexlab_core::rng::Rng;
use hexlab_core::{BoardSize, Color, Position, RulesConfig};

/// The flag parser `hexlab` uses (hexlab-patterns takes no switches and reads no bounded
/// numbers, so part of it is unused here).
#[allow(dead_code)]
#[path = "hexlab/flags.rs"]
mod flags;

use flags::{no_positional, Flags, UsageError};

const HELP: &str = "\
hexlab-patterns: local inferior-cell patterns for hexlab

usage:
  hexlab-patterns generate [--radius 1|2] [--out DIR]
      derive the dead, captured, vulnerable and dominated tables of every class up to the
      radius and write DIR/<kind>.txt (default DIR: the crate's data/patterns); prints counts
      per kind and class and the time taken
  hexlab-patterns check [--dir DIR]
      regenerate every class except r2-interior and compare with the committed tables
  hexlab-patterns pieces [--out FILE]
      derive the edge pieces (two cells joined through the player's edge, starts on rows 2
      and 3) by connection search and write FILE (default: the crate's data/edge_pieces.txt)
  hexlab-patterns templates [--out FILE]
      derive the edge templates of rows 2 to 4, and of row 4 with one of the player's
      stones, by connection search, and of rows 5 and 6 with one of the player's stones by
      the solver, and write FILE (default: the crate's data/templates.txt); prints counts
      per row and the time taken (minutes)
  hexlab-patterns bench [--size N] [--positions N] [--seed N]
      time the pattern matcher against ica::dead::find_dead on random positions
";

fn default_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("data/patterns")
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(message) => {
            eprintln!("hexlab-patterns: {message}");
            ExitCode::from(2)
        }
    }
}

/// Reads `--name value` flags (or `--name=value`) with the parser `hexlab` uses; every flag must
/// be in `known`, and given at most once.
fn flags(args: &[String], known: &[&str]) -> Result<Vec<(String, String)>, String> {
    let usage = |e: UsageError| e.to_string();
    let mut flags = Flags::parse(args, &[]).map_err(usage)?;
    no_positional(&flags).map_err(usage)?;
    let out = known
        .iter()
        .filter_map(|name| Some((name.to_string(), flags.take(name)?)))
        .collect();
    flags.finish().map_err(usage)?;
    Ok(out)
}

fn flag<T: std::str::FromStr>(
    flags: &[(String, String)],
    name: &str,
    default: T,
) -> Result<T, String> {
    match flags.iter().find(|(n, _)| n == name) {
        Some((_, v)) => v
            .parse()
            .map_err(|_| format!("bad value '{}' for --{name}", quote(v))),
        None => Ok(default),
    }
}

fn run(args: &[String]) -> Result<bool, String> {
    let Some(command) = args.first() else {
        print!("{HELP}");
        return Ok(true);
    };
    let rest = &args[1..];
    match command.as_str() {
        "--help" | "-h" | "help" => {
            print!("{HELP}");
            Ok(true)
        }
        "generate" => {
            let f = flags(rest, &["radius", "out"])?;
            let radius: i8 = flag(&f, "radius", 2)?;
            if !(1..=2).contains(&radius) {
                return Err("--radius is 1 or 2".into());
            }
            let out: PathBuf = flag(&f, "out", default_dir())?;
            generate_command(radius, &out)
        }
        "check" => {
            let f = flags(rest, &["dir"])?;
            let dir: PathBuf = flag(&f, "dir", default_dir())?;
            check_command(&dir)
        }
        "pieces" => {
            use hexlab_core::vc::edge_pieces::generate;
            let f = flags(rest, &["out"])?;
            let prefixes: Vec<(String, u8)> = generate::DEPTHS
                .iter()
                .map(|d| (format!("{d} >"), *d))
                .collect();
            table_command(
                &f,
                "data/edge_pieces.txt",
                "pieces",
                &prefixes,
                generate::table,
            )
        }
        "templates" => {
            let f = flags(rest, &["out"])?;
            let prefixes: Vec<(String, u8)> = (2..=6).map(|d| (format!("{d}:"), d)).collect();
            table_command(
                &f,
                "data/templates.txt",
                "templates",
                &prefixes,
                hexlab_core::vc::templates::generate::table,
            )
        }
        "bench" => {
            let f = flags(rest, &["size", "positions", "seed"])?;
            bench_command(
                flag(&f, "size", 11)?,
                flag(&f, "positions", 200)?,
                flag(&f, "seed", 1)?,
            )
        }
        other => Err(format!(
            "unknown subcommand '{}' (try --help)",
            quote(other)
        )),
    }
}

/// Generates the tables of `classes`, printing a line per class.
fn generate_classes(classes: &[Class]) -> Vec<(Duration, ClassTables)> {
    println!(
        "{:<13} {:>6} {:>9} {:>11} {:>10} {:>14} {:>14} {:>9}",
        "class", "dead", "captured", "vulnerable", "dominated", "visited", "dead tests", "time"
    );
    classes
        .iter()
        .map(|class| {
            let start = Instant::now();
            let tables = generate(class, MAX_SET);
            let took = start.elapsed();
            println!(
                "{:<13} {:>6} {:>9} {:>11} {:>10} {:>14} {:>14} {:>8.2}s",
                class.name,
                tables.dead.len(),
                tables.captured.len(),
                tables.vulnerable.len(),
                tables.dominated.len(),
                tables.stats.visited,
                tables.stats.dead_tested,
                took.as_secs_f64()
            );
            (took, tables)
        })
        .collect()
}

/// Derives a connection table with `table` and writes it to `--out` (default: the crate's
/// `default` file), printing how many lines start with each prefix (`row N: K what`) and the
/// time taken.
fn table_command(
    flags: &[(String, String)],
    default: &str,
    what: &str,
    prefixes: &[(String, u8)],
    table: fn() -> String,
) -> Result<bool, String> {
    let default = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(default);
    let out: PathBuf = flag(flags, "out", default)?;
    let started = Instant::now();
    let table = table();
    for (prefix, depth) in prefixes {
        let count = table
            .lines()
            .filter(|l| l.starts_with(prefix.as_str()))
            .count();
        println!("row {depth}: {count} {what}");
    }
    std::fs::write(&out, table).map_err(|e| format!("{}: {e}", out.display()))?;
    println!(
        "wrote {} in {:.1} s",
        out.display(),
        started.elapsed().as_secs_f64()
    );
    Ok(true)
}

fn generate_command(radius: i8, out: &std::path::Path) -> Result<bool, String> {
    let classes: Vec<Class> = all_classes()
        .into_iter()
        .filter(|c| c.radius <= radius)
        .collect();
    let start = Instant::now();
    let results = generate_classes(&classes);
    let mut totals = [0usize; 4];
    for (_, t) in &results {
        for (i, kind) in Kind::ALL.into_iter().enumerate() {
            totals[i] += t.of(kind).len();
        }
    }
    println!(
        "{:<13} {:>6} {:>9} {:>11} {:>10}   total time {:.1}s",
        "total",
        totals[0],
        totals[1],
        totals[2],
        totals[3],
        start.elapsed().as_secs_f64()
    );
    std::fs::create_dir_all(out).map_err(|e| format!("cannot create {}: {e}", out.display()))?;
    for kind in Kind::ALL {
        let parts: Vec<(&Class, &[_])> = classes
            .iter()
            .zip(&results)
            .map(|(c, (_, t))| (c, t.of(kind)))
            .collect();
        let path = out.join(format!("{kind}.txt"));
        std::fs::write(&path, file(kind, &parts))
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        println!("wrote {}", path.display());
    }
    Ok(true)
}

fn check_command(dir: &std::path::Path) -> Result<bool, String> {
    let classes: Vec<Class> = all_classes()
        .into_iter()
        .filter(|c| c.name != "r2-interior")
        .collect();
    let texts: Vec<String> = Kind::ALL
        .iter()
        .map(|kind| {
            let path = dir.join(format!("{kind}.txt"));
            std::fs::read_to_string(&path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))
        })
        .collect::<Result<_, _>>()?;
    let results = generate_classes(&classes);
    let mut ok = true;
    for (class, (_, tables)) in classes.iter().zip(&results) {
        for (kind, text) in Kind::ALL.into_iter().zip(&texts) {
            let fresh = section(kind, class, tables.of(kind));
            match find_section(text, kind, &class.name) {
                Some(committed) if committed == fresh => {}
                Some(_) => {
                    ok = false;
                    println!("DIFFERS: {kind} {}", class.name);
                }
                None => {
                    ok = false;
                    println!("MISSING: {kind} {}", class.name);
                }
            }
        }
    }
    println!(
        "{}",
        if ok {
            "the committed tables match"
        } else {
            "the committed tables differ: run hexlab-patterns generate"
        }
    );
    Ok(ok)
}

/// Random positions: each cell Black, White or empty with probabilities 1/3.
fn random_position(rng: &mut Rng, size: BoardSize) -> Position {
    let mut p = Position::new(size, RulesConfig::default());
    for cell in size.cells().iter() {
        match rng.below(3) {
            0 => p.set_stone(cell, Some(Color::Black)).expect("board cell"),
            1 => p.set_stone(cell, Some(Color::White)).expect("board cell"),
            _ => {}
        }
    }
    p
}

fn bench_command(size: u32, positions: usize, seed: u64) -> Result<bool, String> {
    let size = BoardSize::square(size).map_err(|e| e.to_string())?;
    let start = Instant::now();
    let library = Library::global();
    println!(
        "library built in {:.1} ms",
        start.elapsed().as_secs_f64() * 1e3
    );
    let mut rng = Rng::new(seed);
    let boards: Vec<Position> = (0..positions)
        .map(|_| random_position(&mut rng, size))
        .collect();
    let queries: usize = boards.iter().map(|p| p.empty_cells().len()).sum();

    let start = Instant::now();
    let sizes = library.index_sizes();
    let index_time = start.elapsed();

    let start = Instant::now();
    let mut by_pattern = 0usize;
    for p in &boards {
        for cell in p.empty_cells().iter() {
            by_pattern += usize::from(library.dead(p, cell).is_some());
        }
    }
    let pattern_time = start.elapsed();

    let start = Instant::now();
    let mut by_graph_each = 0usize;
    for p in &boards {
        for cell in p.empty_cells().iter() {
            by_graph_each +=
                usize::from(!find_dead(p, hexlab_core::CellSet::single(cell)).is_empty());
        }
    }
    let graph_each_time = start.elapsed();

    let start = Instant::now();
    let mut by_graph_all = 0usize;
    for p in &boards {
        by_graph_all += find_dead(p, p.empty_cells()).len();
    }
    let graph_all_time = start.elapsed();

    let mut others = [0usize; 3];
    let start = Instant::now();
    for p in &boards {
        for cell in p.empty_cells().iter() {
            others[0] += usize::from(library.captured(p, cell, Color::Black).is_some());
            others[1] += usize::from(library.vulnerable(p, cell, Color::Black).is_some());
            others[2] += usize::from(library.dominated(p, cell, Color::Black).is_some());
        }
    }
    let others_time = start.elapsed();

    let per = |d: Duration, n: usize| d.as_secs_f64() * 1e9 / n as f64;
    println!(
        "{positions} random {size} positions (1/3 Black, 1/3 White, 1/3 empty), {queries} empty cells"
    );
    println!(
        "pattern matcher, dead(cell):         {:>9.0} ns per cell, {by_pattern} dead",
        per(pattern_time, queries)
    );
    println!(
        "find_dead(position, {{cell}}):         {:>9.0} ns per cell, {by_graph_each} dead",
        per(graph_each_time, queries)
    );
    println!(
        "find_dead(position, all empty cells): {:>9.0} ns per cell, {by_graph_all} dead",
        per(graph_all_time, queries)
    );
    println!(
        "captured + vulnerable + dominated for Black: {:>5.0} ns per cell, found {others:?}",
        per(others_time, queries)
    );
    println!(
        "all indices built in {:.0} ms; entries per class (dead, captured, vulnerable, dominated):",
        index_time.as_secs_f64() * 1e3
    );
    for (name, sizes) in sizes {
        println!("  {name:<13} {sizes:?}");
    }
    Ok(true)
}
