//! `hexlab arena`: two GTP engines play each other from balanced openings.
//!
//! Each engine is a shell command speaking GTP (`hexlab gtp`, Benzene's `mohex`). Game `2k` and
//! `2k + 1` start from the same one-move opening (Black's first stone, spread over the board)
//! with the colours exchanged, so neither engine profits from the opening or the first move.
//! The swap is off. A game ends when one side connects; an engine that answers `resign` or an
//! illegal move loses that game; when one dies or answers `?`, the game is adjudicated by
//! hexlab's knowledge of the position (fill-in or a winning virtual connection for either
//! side: Benzene's mohex exits when asked to move in a position its fill-in wins), or else
//! void (no result, left out of the Elo, counted apart). Printed: wins per engine, the first engine's Elo
//! difference with its standard error, and every game as a position code.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use hexlab_core::{BoardSize, Cell, Color, Game, Move, RulesConfig};
use serde::Serialize;

use crate::args::{Flags, UsageError};
use crate::outln;
use crate::output::{print_json, Failure};
use crate::play::seconds;

/// The most games one run may play.
const MAX_GAMES: u64 = 100_000;

/// One engine process, and the time its moves took.
struct Engine {
    command: String,
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
    /// Moves generated, their wall seconds and their CPU seconds (the engine's process tree,
    /// read from `/proc`; 0 where there is none).
    moves: u64,
    wall: f64,
    cpu: f64,
}

impl Engine {
    fn start(command: &str) -> Result<Engine, UsageError> {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| UsageError(format!("cannot start '{command}': {e}")))?;
        let input = child.stdin.take().expect("piped");
        let output = BufReader::new(child.stdout.take().expect("piped"));
        Ok(Engine {
            command: command.to_string(),
            child,
            input,
            output,
            moves: 0,
            wall: 0.0,
            cpu: 0.0,
        })
    }

    /// A started engine with `time` seconds per move (`param_mohex max_time`), the swap off
    /// where it has `param_game`, then the engine's own `setup` commands (`--send`).
    fn ready(spec: &EngineSpec, time: Option<f64>) -> Result<Engine, UsageError> {
        let command = &spec.command;
        let mut engine = Engine::start(command)?;
        if let Some(t) = time {
            engine
                .send(&format!("param_mohex max_time {t}"))
                .map_err(|e| UsageError(format!("{command}: param_mohex: {e}")))?;
        }
        if engine.send("known_command param_game").as_deref() == Ok("true") {
            let _ = engine.send("param_game allow_swap 0");
        }
        if let Some(t) = time {
            if engine.send("known_command param_wolve").as_deref() == Ok("true") {
                let _ = engine.send(&format!("param_wolve max_time {t}"));
            }
        }
        for line in &spec.setup {
            engine
                .send(line)
                .map_err(|e| UsageError(format!("{command}: '{line}': {e}")))?;
        }
        Ok(engine)
    }

    /// `genmove`, timed (wall and CPU seconds added to the engine's totals).
    fn genmove(&mut self, letter: &str) -> Result<String, String> {
        let cpu = cpu_seconds(self.child.id());
        let start = std::time::Instant::now();
        let answer = self.send(&format!("genmove {letter}"));
        self.wall += start.elapsed().as_secs_f64();
        self.cpu += (cpu_seconds(self.child.id()) - cpu).max(0.0);
        self.moves += 1;
        answer
    }

    /// Sends one command; the answer's text after `= `, or the error after `? `.
    fn send(&mut self, command: &str) -> Result<String, String> {
        writeln!(self.input, "{command}")
            .and_then(|()| self.input.flush())
            .map_err(|e| format!("{}: {e}", self.command))?;
        let mut lines: Vec<String> = Vec::new();
        loop {
            let mut line = String::new();
            let n = self
                .output
                .read_line(&mut line)
                .map_err(|e| format!("{}: {e}", self.command))?;
            if n == 0 {
                return Err(format!("{} closed after '{command}'", self.command));
            }
            let line = line.trim_end().to_string();
            if line.is_empty() {
                if lines.is_empty() {
                    continue;
                }
                break;
            }
            lines.push(line);
        }
        let text = lines.join("\n");
        let ok = text.starts_with('=');
        let body = text
            .trim_start_matches(['=', '?'])
            .trim_start_matches(|c: char| c.is_ascii_digit())
            .trim()
            .to_string();
        if ok {
            Ok(body)
        } else {
            Err(body)
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "quit").and_then(|()| self.input.flush());
        let _ = self.child.wait();
    }
}

/// An engine as given: its shell command and the GTP commands sent after it starts.
#[derive(Clone, Debug)]
struct EngineSpec {
    command: String,
    setup: Vec<String>,
}

/// CPU seconds (user and system) used so far by process `pid` and its descendants, from
/// `/proc` (0 where there is no `/proc`): an engine is started through `sh -c`, so its
/// search runs in a child of the process the arena knows.
fn cpu_seconds(pid: u32) -> f64 {
    const TICKS_PER_SECOND: f64 = 100.0;
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return 0.0;
    };
    // (pid, parent, ticks) of every process.
    let mut all: Vec<(u32, u32, u64)> = Vec::new();
    for entry in dir.flatten() {
        let Ok(id) = entry.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let Ok(stat) = std::fs::read_to_string(entry.path().join("stat")) else {
            continue;
        };
        // The command name (in parentheses) may hold spaces: fields are counted after it.
        let Some(tail) = stat.rfind(')').map(|i| &stat[i + 1..]) else {
            continue;
        };
        let fields: Vec<&str> = tail.split_whitespace().collect();
        let number = |i: usize| {
            fields
                .get(i)
                .and_then(|f| f.parse::<u64>().ok())
                .unwrap_or(0)
        };
        // After the name: state(0) ppid(1) ... utime(11) stime(12).
        all.push((id, number(1) as u32, number(11) + number(12)));
    }
    let mut tree = vec![pid];
    let mut ticks = 0;
    let mut grew = true;
    while grew {
        grew = false;
        for &(id, parent, _) in &all {
            if !tree.contains(&id) && tree.contains(&parent) {
                tree.push(id);
                grew = true;
            }
        }
    }
    for &(id, _, t) in &all {
        if tree.contains(&id) {
            ticks += t;
        }
    }
    ticks as f64 / TICKS_PER_SECOND
}

/// The arena's result.
#[derive(Serialize)]
struct ArenaReport {
    engines: Vec<String>,
    /// Each engine's mean wall and CPU seconds per move generated.
    wall_per_move: [f64; 2],
    cpu_per_move: [f64; 2],
    size: String,
    games: u64,
    /// Wins of each engine, in the order given.
    wins: [u64; 2],
    /// Games without a result (an engine died or failed).
    void: u64,
    /// Wins of each engine as Black.
    wins_as_black: [u64; 2],
    /// The first engine's Elo difference over the second, and its standard error.
    elo: f64,
    elo_error: f64,
    /// Every game: its opening, who played Black (0 or 1), the winner (0 or 1; none when
    /// void), the code.
    records: Vec<Record>,
}

#[derive(Serialize)]
struct Record {
    opening: String,
    black: usize,
    winner: Option<usize>,
    code: String,
    note: Option<String>,
}

/// `hexlab arena --engine CMD [--send GTP]... --engine CMD [--send GTP]... [--games N]
/// [--from K] [--size S] [--time T] [--json]`: `--send` gives a GTP command for the engine named
/// just before it (sent after it starts); `--from K` starts at game K (0-based), so that runs
/// over parts of the openings can be made apart and added.
pub fn arena_command(args: &[String]) -> Result<(), Failure> {
    let mut engines: Vec<EngineSpec> = Vec::new();
    let mut rest = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let (name, inline) = match args[i].split_once('=') {
            Some((name, value)) if name == "--engine" || name == "--send" => {
                (name.to_string(), Some(value.to_string()))
            }
            _ => (args[i].clone(), None),
        };
        if name == "--engine" || name == "--send" {
            let value = match inline {
                Some(value) => value,
                None => {
                    i += 1;
                    args.get(i)
                        .cloned()
                        .ok_or_else(|| UsageError(format!("{name} needs a command")))?
                }
            };
            if name == "--engine" {
                engines.push(EngineSpec {
                    command: value,
                    setup: Vec::new(),
                });
            } else {
                let engine = engines
                    .last_mut()
                    .ok_or_else(|| UsageError("--send follows the --engine it is for".into()))?;
                if value.contains(['\n', '\r']) || value.trim().is_empty() {
                    return Err(UsageError("--send takes one GTP command".into()).into());
                }
                engine.setup.push(value);
            }
        } else {
            rest.push(args[i].clone());
        }
        i += 1;
    }
    if engines.len() != 2 {
        return Err(UsageError("arena needs two --engine commands".into()).into());
    }
    let mut flags = Flags::parse(&rest, &["json"])?;
    let games = flags.take_number("games", 1..=MAX_GAMES)?.unwrap_or(2);
    let from = flags.take_number("from", 0..=MAX_GAMES)?.unwrap_or(0);
    let side = flags.take_number("size", 1u32..=19)?.unwrap_or(11);
    let time = seconds(&mut flags, "time")?;
    let json = flags.switch("json");
    crate::args::no_positional(&flags)?;
    flags.finish()?;
    let size = BoardSize::square(side).map_err(|e| UsageError(e.to_string()))?;

    let mut players = [
        Engine::ready(&engines[0], time)?,
        Engine::ready(&engines[1], time)?,
    ];
    let openings = openings(size);
    let mut report = ArenaReport {
        engines: engines.iter().map(|e| e.command.clone()).collect(),
        wall_per_move: [0.0; 2],
        cpu_per_move: [0.0; 2],
        size: size.to_string(),
        games,
        wins: [0; 2],
        void: 0,
        wins_as_black: [0; 2],
        elo: 0.0,
        elo_error: 0.0,
        records: Vec::new(),
    };
    // Time used by engines that died and were started again.
    let mut spent = [(0u64, 0.0f64, 0.0f64); 2];
    for g in from..from + games {
        let opening = openings[(g / 2) as usize % openings.len()];
        let black = (g % 2) as usize;
        let record = play_game(&mut players, size, opening, black);
        // An engine that died (or stopped answering) is started again for the next game.
        for (i, engine) in players.iter_mut().enumerate() {
            if engine.send("name").is_err() {
                spent[i].0 += engine.moves;
                spent[i].1 += engine.wall;
                spent[i].2 += engine.cpu;
                *engine = Engine::ready(&engines[i], time)?;
            }
        }
        match record.winner {
            Some(w) => {
                report.wins[w] += 1;
                if w == black {
                    report.wins_as_black[black] += 1;
                }
            }
            None => report.void += 1,
        }
        if !json {
            let cpu = |i: usize| {
                (spent[i].2 + players[i].cpu) / (spent[i].0 + players[i].moves).max(1) as f64
            };
            outln!(
                "game {}: {} black, {}: {}{} [CPU s per move so far: {:.3}, {:.3}]",
                g + 1,
                black + 1,
                record
                    .winner
                    .map_or("void".to_string(), |w| format!("{} wins", w + 1)),
                record.code,
                record
                    .note
                    .as_deref()
                    .map_or(String::new(), |n| format!(" ({n})")),
                cpu(0),
                cpu(1)
            )?;
        }
        report.records.push(record);
    }
    for (i, engine) in players.iter().enumerate() {
        let moves = (spent[i].0 + engine.moves).max(1) as f64;
        report.wall_per_move[i] = (spent[i].1 + engine.wall) / moves;
        report.cpu_per_move[i] = (spent[i].2 + engine.cpu) / moves;
    }
    (report.elo, report.elo_error) = elo(report.wins[0], report.wins[0] + report.wins[1]);
    if json {
        return print_json(&report);
    }
    for (i, spec) in engines.iter().enumerate() {
        outln!(
            "engine {}: {} wins ({} as Black), {:.3} s per move ({:.3} s CPU): {}{}",
            i + 1,
            report.wins[i],
            report.wins_as_black[i],
            report.wall_per_move[i],
            report.cpu_per_move[i],
            spec.command,
            spec.setup
                .iter()
                .map(|s| format!(" [{s}]"))
                .collect::<String>()
        )?;
    }
    let decided = (report.wins[0] + report.wins[1]).max(1) as f64;
    let score = report.wins[0] as f64 / decided;
    outln!(
        "score of engine 1: {:.1}% ± {:.1}% (standard error)",
        100.0 * score,
        100.0 * (score * (1.0 - score) / decided).sqrt()
    )?;
    outln!(
        "Elo of engine 1 over engine 2: {:+.0} ± {:.0} ({} games with a result, {} void, {} x {})",
        report.elo,
        report.elo_error,
        games - report.void,
        report.void,
        side,
        side
    )
}

/// One-move openings spread over the board: every cell, in an order that jumps around it
/// (a step coprime with the cell count), so a few games already sample edges and centre.
fn openings(size: BoardSize) -> Vec<Cell> {
    let cells: Vec<Cell> = size.cells().iter().collect();
    let n = cells.len();
    let step = (n / 3..n)
        .chain(1..n / 3)
        .find(|s| gcd(*s, n) == 1)
        .unwrap_or(1);
    (0..n).map(|i| cells[(i * step) % n]).collect()
}

fn gcd(a: usize, b: usize) -> usize {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// Plays one game: `black` (0 or 1) plays Black, starting from `opening`.
fn play_game(players: &mut [Engine; 2], size: BoardSize, opening: Cell, black: usize) -> Record {
    let mut game = Game::new(
        size,
        RulesConfig {
            swap: false,
            ..RulesConfig::default()
        },
    );
    let side = size.width();
    let mut note = None;
    for engine in players.iter_mut() {
        let ready = engine
            .send(&format!("boardsize {side} {side}"))
            .and_then(|_| engine.send("clear_board"))
            .and_then(|_| engine.send(&format!("play b {opening}")));
        if let Err(e) = ready {
            note = Some(format!("{}: {e}", engine.command));
        }
    }
    game.play(Move::Cell(opening)).expect("an empty board");
    let engine_of = |color: Color| match color {
        Color::Black => black,
        Color::White => 1 - black,
    };
    let winner = loop {
        if let Some(color) = game.position().winner() {
            break Some(engine_of(color));
        }
        if note.is_some() {
            break None;
        }
        let color = game.position().to_move();
        let mover = engine_of(color);
        let letter = if color == Color::Black { "b" } else { "w" };
        let answer = players[mover].genmove(letter);
        let cell = match answer {
            Ok(text) if text.eq_ignore_ascii_case("resign") => {
                note = Some(format!("{} resigned", mover + 1));
                break Some(1 - mover);
            }
            Ok(text) => match text.parse::<Cell>() {
                Ok(cell) if game.position().empty_cells().contains(cell) => cell,
                _ => {
                    note = Some(format!("{} played '{text}'", mover + 1));
                    break Some(1 - mover);
                }
            },
            Err(e) => {
                let proof = hexlab_core::mohex::knowledge::knowledge(game.position(), 0).proven;
                let (winner, verdict) = match proof {
                    hexlab_core::mohex::tree::WIN => (Some(mover), "adjudicated: its win"),
                    hexlab_core::mohex::tree::LOSS => (Some(1 - mover), "adjudicated: its loss"),
                    _ => (None, "void"),
                };
                note = Some(format!("{} failed, {verdict}: {e}", mover + 1));
                break winner;
            }
        };
        game.play(Move::Cell(cell)).expect("an empty cell");
        if let Err(e) = players[1 - mover].send(&format!("play {letter} {cell}")) {
            note = Some(format!("{} refused {cell}: {e}", 2 - mover));
        }
    };
    Record {
        opening: opening.to_string(),
        black,
        winner,
        code: hexlab_core::formats::code::write(&game),
        note,
    }
}

/// The Elo difference for `wins` out of `games` and its standard error (from the binomial
/// error of the score; scores of 0 or 1 are moved half a game inwards).
fn elo(wins: u64, games: u64) -> (f64, f64) {
    if games == 0 {
        return (0.0, f64::INFINITY);
    }
    let n = games as f64;
    let p = (wins as f64).clamp(0.5, n - 0.5) / n;
    let elo = -400.0 * (1.0 / p - 1.0).log10() + 0.0;
    let se = (p * (1.0 - p) / n.max(1.0)).sqrt();
    let error = 400.0 / std::f64::consts::LN_10 * se / (p * (1.0 - p));
    (elo, error)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_is_zero_at_half_and_grows_with_the_score() {
        let (even, error) = elo(10, 20);
        assert!(even.abs() < 1e-9 && error > 0.0);
        assert!(elo(15, 20).0 > 150.0);
        assert!(elo(20, 20).0.is_finite());
        assert_eq!(elo(0, 0).0, 0.0);
    }

    #[test]
    fn openings_cover_every_cell_once() {
        let size = BoardSize::square(5).unwrap();
        let mut seen = openings(size);
        seen.sort();
        seen.dedup();
        assert_eq!(seen.len(), 25);
    }
}
