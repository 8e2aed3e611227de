//! `hexlab gtp`: the Go Text Protocol, version 2, with Benzene's command names, so HexGui and
//! scripts written for Benzene can drive hexlab.
//!
//! Every malformed or failing command answers `? message`; nothing a client sends ends the
//! session except `quit` or the end of input.
//!
//! This file is the protocol (lines, ids, `=`/`?` answers, `list_commands`, `known_command`,
//! `hexgui-analyze_commands`) and the registry; each engine registers its commands from its
//! own file: [`board_commands`] (the game), [`ica_commands`] (inferior cell analysis),
//! [`vc_commands`] (H-search, with [`vc_params`] and [`vc_board`]), [`solver_commands`] (the
//! solver), [`solver_db_commands`] (its solved-position store) and [`mohex_commands`] (the
//! player: `genmove`, `param_mohex`).

use std::io::{self, BufRead};

use hexlab_core::quote::quote;
use hexlab_core::vc::Limits;
use hexlab_core::{BoardSize, Color, Position, RulesConfig};

use vc_board::VcBoard;

mod board_commands;
mod ica_commands;
mod mohex_commands;
mod player_commands;
mod session;
mod solver_commands;
mod solver_db_commands;
mod solver_gfx;
mod vc_board;
mod vc_commands;
mod vc_params;

#[cfg(test)]
mod fuzz_tests;

/// The state of one GTP session: the position and the positions before each move (for undo).
pub struct Engine {
    /// What `name` answers (`hexlab` unless `hexlab gtp --name` says otherwise).
    name: String,
    position: Position,
    history: Vec<Position>,
    quit: bool,
    /// H-search's limits for the `vc-*` commands (`param_player_vc`).
    vc_limits: Limits,
    /// The board the `vc-*` commands read (see [`Engine::vc_board`]).
    vc_board: Option<VcBoard>,
    /// The solver's parameters (`param_dfpn`) and the solver, made on first use; its table
    /// lasts between commands until `dfpn-clear-tt` or a new table size.
    dfpn: solver_commands::DfpnParams,
    solver: Option<hexlab_core::solver::Solver>,
    /// The solved-position store `dfpn-solve-state` reads and writes (`dfpn-open-db`).
    db: Option<hexlab_core::solver::store::Store>,
    /// The player (`genmove`, `param_mohex`) and its last search.
    mohex: mohex_commands::MohexState,
    last_search: mohex_commands::LastSearch,
    /// The session's writer and interrupt mark while [`Engine::run`] serves a stream.
    live: Option<session::Live>,
}

/// What a command answers: the text after `=`, or the message after `?`.
pub type Answer = Result<String, String>;

/// One GTP command in the registry: its name, what runs it, and the line HexGui shows for it in
/// its analysis menu (`type/label/command`), if any. Each engine's command file exports its
/// own slice of these (as Benzene's `*Commands` files register theirs), and [`registry`] puts
/// the slices together, so adding a command touches only its engine's file.
pub struct Command {
    pub name: &'static str,
    pub handler: fn(&mut Engine, &[&str]) -> Answer,
    pub analyze: Option<&'static str>,
}

/// The protocol's own commands.
const PROTOCOL_COMMANDS: &[Command] = &[
    Command {
        name: "protocol_version",
        handler: |_, _| Ok("2".into()),
        analyze: None,
    },
    Command {
        name: "name",
        handler: |engine, _| Ok(engine.name.clone()),
        analyze: None,
    },
    Command {
        name: "version",
        // Renamed by `--name`, the engine still says what it is where HexGui shows the name
        // (its title bar: name, then version).
        handler: |engine, _| match engine.name.as_str() {
            "hexlab" => Ok(hexlab_core::VERSION.into()),
            _ => Ok(format!("{} (hexlab)", hexlab_core::VERSION)),
        },
        analyze: None,
    },
    Command {
        name: "known_command",
        handler: known_command,
        analyze: None,
    },
    Command {
        name: "list_commands",
        handler: |_, _| {
            let mut names: Vec<&str> = registry().map(|c| c.name).collect();
            names.sort_unstable();
            Ok(names.join("\n"))
        },
        analyze: None,
    },
    Command {
        name: "hexgui-analyze_commands",
        handler: |_, _| {
            let lines: Vec<&str> = registry().filter_map(|c| c.analyze).collect();
            Ok(lines.join("\n"))
        },
        analyze: None,
    },
    Command {
        name: "quit",
        handler: |engine, _| {
            engine.quit = true;
            Ok(String::new())
        },
        analyze: None,
    },
];

/// Every command, the files' slices one after the other: `hexgui-analyze_commands` lists the
/// analyze lines in this order (`list_commands` sorts the names).
fn registry() -> impl Iterator<Item = &'static Command> {
    [
        PROTOCOL_COMMANDS,
        ica_commands::COMMANDS,
        vc_commands::COMMANDS,
        solver_commands::COMMANDS,
        solver_db_commands::COMMANDS,
        mohex_commands::COMMANDS,
        player_commands::COMMANDS,
        board_commands::COMMANDS,
    ]
    .into_iter()
    .flatten()
}

fn known_command(_: &mut Engine, args: &[&str]) -> Answer {
    let [name] = args else {
        return Err("known_command needs a command name".into());
    };
    Ok(registry().any(|c| c.name == *name).to_string())
}

/// The most digits a command id may have (a `u64` has 20); a longer number is read as an
/// unknown command, so an answer never echoes more than this of it.
const MAX_ID_DIGITS: usize = 20;

/// The longest input line the engine keeps; the rest of a longer line is skipped.
const MAX_LINE_BYTES: usize = 1 << 20;

/// Reads one line of `input` into `line` (without its `\n`), keeping at most
/// [`MAX_LINE_BYTES`] and skipping the rest. `None` at the end of input, else whether the line
/// was cut.
fn read_line(input: &mut impl BufRead, line: &mut Vec<u8>) -> io::Result<Option<bool>> {
    line.clear();
    let (mut cut, mut read_any) = (false, false);
    loop {
        let chunk = match input.fill_buf() {
            Ok(chunk) => chunk,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            return Ok(read_any.then_some(cut));
        }
        read_any = true;
        let newline = chunk.iter().position(|&b| b == b'\n');
        let part = &chunk[..newline.unwrap_or(chunk.len())];
        let room = MAX_LINE_BYTES - line.len();
        cut |= part.len() > room;
        line.extend_from_slice(&part[..part.len().min(room)]);
        let used = newline.map_or(chunk.len(), |i| i + 1);
        input.consume(used);
        if newline.is_some() {
            return Ok(Some(cut));
        }
    }
}

/// The `?` answer to a command line that cannot be read (`problem` says why), with its id when
/// it starts with one.
fn bad_line(command: &[u8], problem: &str) -> String {
    let text = String::from_utf8_lossy(command);
    let id = text
        .split_whitespace()
        .next()
        .filter(|w| is_id(w))
        .unwrap_or("");
    format!("?{id} the command line {problem}\n\n")
}

/// Whether `word` is a GTP command id: a number of at most [`MAX_ID_DIGITS`] digits.
fn is_id(word: &str) -> bool {
    word.len() <= MAX_ID_DIGITS && word.bytes().all(|b| b.is_ascii_digit())
}

impl Engine {
    /// A session on the empty 11x11 board, the player's simulations seeded by `seed`.
    pub fn new(seed: u64) -> Engine {
        Engine {
            name: "hexlab".into(),
            position: Position::new(BoardSize::default(), RulesConfig::default()),
            history: Vec::new(),
            quit: false,
            vc_limits: Limits::default(),
            vc_board: None,
            dfpn: solver_commands::DfpnParams::default(),
            solver: None,
            db: None,
            mohex: mohex_commands::MohexState::new(seed),
            last_search: None,
            live: None,
        }
    }

    /// The same engine answering `name` with `name` (HexGui's Program Options button opens
    /// only for engines named MoHex, HexHex or Wolve; see README).
    #[must_use]
    pub fn named(mut self, name: &str) -> Engine {
        self.name = name.into();
        self
    }

    /// Answers one input line read as bytes (`None` for blank lines and comments), `cut` when
    /// only its first [`MAX_LINE_BYTES`] were kept. A comment (after `#`) may hold anything;
    /// a command that is not UTF-8, or that the cut reached, gets a `?` answer.
    pub fn handle_bytes(&mut self, line: &[u8], cut: bool) -> Option<String> {
        let command = match line.iter().position(|&b| b == b'#') {
            Some(hash) => &line[..hash],
            None if cut => return Some(bad_line(line, "is too long (over 1 MiB)")),
            None => line,
        };
        match std::str::from_utf8(command) {
            Ok(text) => self.handle_line(text),
            Err(_) => Some(bad_line(command, "is not valid UTF-8")),
        }
    }

    /// Answers one input line (`None` for blank lines and comments).
    pub fn handle_line(&mut self, line: &str) -> Option<String> {
        let cleaned: String = line
            .split('#')
            .next()
            .unwrap_or("")
            .chars()
            .map(|c| if c == '\t' { ' ' } else { c })
            .filter(|c| !c.is_control())
            .collect();
        let mut words = cleaned.split_whitespace();
        let first = words.next()?;
        let (id, command) = if is_id(first) {
            match words.next() {
                Some(command) => (first, command),
                None => return Some(format!("?{first} missing command\n\n")),
            }
        } else {
            ("", first)
        };
        let args: Vec<&str> = words.collect();
        Some(match self.execute(command, &args) {
            Ok(text) if text.is_empty() => format!("={id}\n\n"),
            Ok(text) => format!("={id} {text}\n\n"),
            Err(message) => format!("?{id} {message}\n\n"),
        })
    }

    fn execute(&mut self, command: &str, args: &[&str]) -> Answer {
        match registry().find(|c| c.name == command) {
            Some(c) => (c.handler)(self, args),
            None => Err(format!("unknown command: {}", quote(command))),
        }
    }

    fn color(text: &str) -> Result<Color, String> {
        Color::parse(text).ok_or_else(|| {
            format!(
                "'{}' is not a colour: expected b, w, black or white",
                quote(text)
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session(lines: &[&str]) -> Vec<String> {
        let mut engine = Engine::new(1);
        lines.iter().filter_map(|l| engine.handle_line(l)).collect()
    }

    #[test]
    fn answers_with_ids_and_errors() {
        let replies = session(&[
            "1 name",
            "protocol_version",
            "2 frobnicate",
            "",
            "# comment",
            "play b",
        ]);
        assert_eq!(
            replies,
            [
                "=1 hexlab\n\n",
                "= 2\n\n",
                "?2 unknown command: frobnicate\n\n",
                "? play needs a colour and a move: play b c3\n\n"
            ]
        );
    }

    #[test]
    fn plays_in_any_order_and_undoes() {
        let replies = session(&[
            "boardsize 3",
            "play w a1",
            "play w b1",
            "play b b1",
            "undo",
            "undo",
            "undo",
            "undo",
            "showboard",
        ]);
        assert_eq!(replies[3], "? b1 is already occupied\n\n");
        assert_eq!(
            &replies[4..8],
            [
                "=\n\n",
                "=\n\n",
                "? cannot undo: no moves played\n\n",
                "? cannot undo: no moves played\n\n"
            ]
            .map(String::from)
        );
        assert!(replies[8].contains(" 1 . . . 1"), "{}", replies[8]);
    }

    fn run_bytes(input: &[u8]) -> String {
        let mut out = Vec::new();
        Engine::new(1)
            .run(io::Cursor::new(input.to_vec()), &mut out)
            .unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn bytes_that_are_not_utf8_never_end_the_session() {
        assert_eq!(
            run_bytes(b"name\n# caf\xe9\nname\n"),
            "= hexlab\n\n= hexlab\n\n"
        );
        assert_eq!(
            run_bytes(b"1 na\xffme\n\xff\r\n2 name # \xe9\n3 name"),
            "?1 the command line is not valid UTF-8\n\n\
             ? the command line is not valid UTF-8\n\n\
             =2 hexlab\n\n=3 hexlab\n\n"
        );
    }

    #[test]
    fn long_lines_are_cut_and_answered() {
        let mut input = vec![b'x'; 3 * MAX_LINE_BYTES];
        input.extend_from_slice(b"\n# ");
        input.extend(std::iter::repeat_n(b'y', 3 * MAX_LINE_BYTES));
        input.extend_from_slice(b"\n7 name\n");
        assert_eq!(
            run_bytes(&input),
            "? the command line is too long (over 1 MiB)\n\n=7 hexlab\n\n"
        );
    }

    /// Answers repeat at most a bounded, escaped piece of the command.
    #[test]
    fn answers_to_junk_are_short_and_escaped() {
        let junk = "x".repeat(10_000_000);
        let ids = format!("{} name", "1".repeat(100_000));
        let replies = session(&[
            &junk,
            &ids,
            "play \u{1b}[31m a1",
            "boardsize \u{9b}2J",
            "\u{202e}name",
        ]);
        assert_eq!(replies.len(), 5);
        for reply in &replies {
            assert!(reply.starts_with('?') && reply.len() < 300, "{reply}");
            assert!(!reply.trim_end().chars().any(char::is_control), "{reply:?}");
        }
        assert_eq!(replies[4], "? unknown command: \\u{202e}name\n\n");
    }

    /// `vc-undo-incremental` with nothing to take back answers `?` without building the
    /// connections it would have nothing to undo on (5.8 s on a busy 19x19 board).
    #[test]
    fn undo_incremental_with_nothing_to_undo_builds_nothing() {
        let mut engine = Engine::new(1);
        let replies: Vec<String> = [
            "boardsize 19",
            "play b d9",
            "play w j11",
            "vc-undo-incremental",
        ]
        .iter()
        .filter_map(|l| engine.handle_line(l))
        .collect();
        assert_eq!(
            replies[3],
            "? cannot undo: no incremental build since the last vc-build\n\n"
        );
        assert!(engine.vc_board.is_none(), "nothing was to be built");
        // After a build, a stale board (the game moved on) has nothing to undo either.
        let replies: Vec<String> = [
            "boardsize 3",
            "vc-build b",
            "vc-build-incremental b b2",
            "vc-undo-incremental",
            "vc-undo-incremental",
            "vc-build-incremental w a1",
            "play b c3",
            "vc-undo-incremental",
        ]
        .iter()
        .filter_map(|l| engine.handle_line(l))
        .collect();
        assert!(replies[3].starts_with('='), "{replies:?}");
        assert!(replies[4].starts_with('?'), "{replies:?}");
        assert!(replies[5].starts_with('='), "{replies:?}");
        assert!(replies[7].starts_with('?'), "{replies:?}");
        let board = engine.vc_board.as_ref().expect("built before");
        assert!(!board.made_from(&engine.position, engine.vc_limits));
    }

    /// The registry answers `list_commands` (sorted) and `hexgui-analyze_commands` (HexGui's
    /// menu order) exactly as the lists written out by hand did.
    #[test]
    fn registry_lists_every_command_as_before() {
        let names = [
            "all_legal_moves",
            "boardsize",
            "clear_board",
            "compute-fillin",
            "compute-inferior",
            "dfpn-clear-tt",
            "dfpn-close-db",
            "dfpn-get-bounds",
            "dfpn-get-pv",
            "dfpn-open-db",
            "dfpn-solve-state",
            "dfpn-solver-find-winning",
            "final_score",
            "genmove",
            "hexgui-analyze_commands",
            "hexlab-position",
            "known_command",
            "list_commands",
            "mohex-get-pv",
            "mohex-patterns",
            "mohex-search-statistics",
            "mohex-values",
            "name",
            "param_dfpn",
            "param_game",
            "param_mohex",
            "param_player_vc",
            "param_wolve",
            "play",
            "protocol_version",
            "quit",
            "showboard",
            "undo",
            "vc-between-cells-full",
            "vc-between-cells-semi",
            "vc-build",
            "vc-build-incremental",
            "vc-get-mustplay",
            "vc-undo-incremental",
            "version",
            "wolve-get-pv",
            "wolve-scores",
        ];
        let analyze = [
            "inferior/Compute Inferior/compute-inferior %m",
            "inferior/Compute Fillin/compute-fillin %m",
            "inferior/VC Build/vc-build %m",
            "inferior/VC Build Incremental/vc-build-incremental %m %p",
            "none/VC Undo Incremental/vc-undo-incremental",
            "vc/VC Between Cells Full/vc-between-cells-full %c %P",
            "vc/VC Between Cells Semi/vc-between-cells-semi %c %P",
            "plist/VC Mustplay/vc-get-mustplay %m",
            "param/VC Parameters/param_player_vc",
            "string/DFPN Solve State/dfpn-solve-state %m",
            "plist/DFPN Find Winning/dfpn-solver-find-winning %m",
            "var/DFPN PV/dfpn-get-pv %m",
            "none/DFPN Clear TT/dfpn-clear-tt",
            "param/DFPN Param/param_dfpn",
            "none/DFPN Close DB/dfpn-close-db",
            "param/MoHex Param/param_mohex",
            "var/MoHex PV/mohex-get-pv %m",
            "pspairs/MoHex Values/mohex-values",
            "string/MoHex Search Statistics/mohex-search-statistics",
            "param/Game Param/param_game",
            "param/Wolve Param/param_wolve",
            "var/Wolve PV/wolve-get-pv",
            "pspairs/Wolve Scores/wolve-scores",
            "plist/All Legal Moves/all_legal_moves %m",
            "string/Final Score/final_score",
            "string/Position Code/hexlab-position",
            "string/Show Board/showboard",
        ];
        let replies = session(&[
            "list_commands",
            "hexgui-analyze_commands",
            "known_command vc-build",
            "known_command frobnicate",
        ]);
        assert_eq!(replies[0], format!("= {}\n\n", names.join("\n")));
        assert_eq!(replies[1], format!("= {}\n\n", analyze.join("\n")));
        assert_eq!(replies[2..], ["= true\n\n", "= false\n\n"]);
        assert_eq!(
            registry().count(),
            names.len(),
            "no command is registered twice"
        );
    }

    #[test]
    fn bad_input_never_ends_the_session() {
        let replies = session(&[
            "boardsize 0",
            "boardsize x",
            "play b z99",
            "play q a1",
            "genmove",
            "known_command",
            "1",
        ]);
        assert!(replies.iter().all(|r| r.starts_with('?')), "{replies:?}");
        assert_eq!(
            replies[2],
            "? 'z99' is not a cell: columns go from a to s (boards have at most 19 columns)\n\n"
        );
    }
}
