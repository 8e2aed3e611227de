//! `hexlab gtp`: the Go Text Protocol, version 2, with Benzene's command names, so HexGui and
//! scripts written for Benzene can drive hexlab.
//!
//! Every malformed or failing command answers `? message`; nothing a client sends ends the
//! session except `quit` or the end of input.

use std::io::{self, BufRead, Write};

use hexlab_core::quote::quote;
use hexlab_core::rng::Rng;
use hexlab_core::vc::mustplay::{mustplay_for, threat_in};
use hexlab_core::vc::Limits;
use hexlab_core::{BoardSize, Cell, Color, Move, Position, RulesConfig};

use crate::output::Failure;
use crate::vc_board::VcBoard;

/// The state of one GTP session: the position and the positions before each move (for undo).
pub struct Engine {
    position: Position,
    history: Vec<Position>,
    rng: Rng,
    quit: bool,
    /// H-search's limits for the `vc-*` commands (`param_player_vc`).
    vc_limits: Limits,
    /// The board the `vc-*` commands read (see [`Engine::vc_board`]).
    vc_board: Option<VcBoard>,
}

/// The commands this engine answers, in `list_commands` order.
const COMMANDS: &[&str] = &[
    "all_legal_moves",
    "boardsize",
    "clear_board",
    "compute-fillin",
    "compute-inferior",
    "final_score",
    "genmove",
    "hexgui-analyze_commands",
    "hexlab-position",
    "known_command",
    "list_commands",
    "name",
    "param_player_vc",
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
];

/// What HexGui shows in its analysis menu: `type/label/command`.
const ANALYZE_COMMANDS: &[&str] = &[
    "inferior/Compute Inferior/compute-inferior %m",
    "inferior/Compute Fillin/compute-fillin %m",
    "inferior/VC Build/vc-build %m",
    "inferior/VC Build Incremental/vc-build-incremental %m %p",
    "none/VC Undo Incremental/vc-undo-incremental",
    // `%P`: the points selected on the board (HexGui puts the first selected point in every
    // `%p`, and asks for exactly two points only with `%P`).
    "vc/VC Between Cells Full/vc-between-cells-full %c %P",
    "vc/VC Between Cells Semi/vc-between-cells-semi %c %P",
    "plist/VC Mustplay/vc-get-mustplay %m",
    "param/VC Parameters/param_player_vc",
    "plist/All Legal Moves/all_legal_moves %m",
    "string/Final Score/final_score",
    "string/Position Code/hexlab-position",
    "string/Show Board/showboard",
];

type Answer = Result<String, String>;

/// A point as Benzene and HexGui write it in GTP: cells as usual, the edges `north south west
/// east` (HexGui's point parser knows no other edge names; input takes either).
fn gtp_point(point: Cell) -> String {
    match point {
        Cell::TOP => "north".into(),
        Cell::BOTTOM => "south".into(),
        Cell::LEFT => "west".into(),
        Cell::RIGHT => "east".into(),
        cell => cell.to_string(),
    }
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
    /// A session on the empty 11x11 board, with random moves drawn from `seed`.
    pub fn new(seed: u64) -> Engine {
        Engine {
            position: Position::new(BoardSize::default(), RulesConfig::default()),
            history: Vec::new(),
            rng: Rng::new(seed),
            quit: false,
            vc_limits: Limits::default(),
            vc_board: None,
        }
    }

    /// Reads commands from `input` and answers on `output` until `quit` or end of input; a
    /// closed output ends the session too (as [`Failure::Output`], which exits quietly).
    /// Input is read as bytes, line by line, so no input line ends the session.
    pub fn run(&mut self, mut input: impl BufRead, mut output: impl Write) -> Result<(), Failure> {
        let mut line = Vec::new();
        while let Some(cut) = read_line(&mut input, &mut line).map_err(Failure::Input)? {
            if let Some(reply) = self.handle_bytes(&line, cut) {
                output
                    .write_all(reply.as_bytes())
                    .and_then(|()| output.flush())
                    .map_err(Failure::Output)?;
            }
            if self.quit {
                break;
            }
        }
        Ok(())
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
        match command {
            "protocol_version" => Ok("2".into()),
            "name" => Ok("hexlab".into()),
            "version" => Ok(hexlab_core::VERSION.into()),
            "known_command" => {
                let [name] = args else {
                    return Err("known_command needs a command name".into());
                };
                Ok(COMMANDS.contains(name).to_string())
            }
            "list_commands" => Ok(COMMANDS.join("\n")),
            "hexgui-analyze_commands" => Ok(ANALYZE_COMMANDS.join("\n")),
            "quit" => {
                self.quit = true;
                Ok(String::new())
            }
            "boardsize" => self.boardsize(args),
            "clear_board" => {
                self.reset(self.position.size());
                Ok(String::new())
            }
            "play" => self.play(args),
            "genmove" => self.genmove(args),
            "undo" => match self.history.pop() {
                Some(previous) => {
                    self.position = previous;
                    Ok(String::new())
                }
                None => Err("cannot undo: no moves played".into()),
            },
            "showboard" => Ok(format!("\n{}", self.position.diagram())),
            "all_legal_moves" => Ok(self
                .position
                .legal_cells()
                .iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join(" ")),
            "final_score" => Ok(match self.position.winner() {
                Some(Color::Black) => "B+".into(),
                Some(Color::White) => "W+".into(),
                None => "cannot score: the game is not over".into(),
            }),
            "compute-inferior" => self.inferior(args, false),
            "compute-fillin" => self.inferior(args, true),
            "vc-build" => self.vc_build(args),
            "vc-build-incremental" => self.vc_build_incremental(args),
            "vc-undo-incremental" => {
                // A board that is missing or stale would be built afresh, with nothing to take
                // back: answer at once instead of building it.
                let (position, limits) = (&self.position, self.vc_limits);
                let undone = match &mut self.vc_board {
                    Some(board) if board.made_from(position, limits) => board.undo(),
                    _ => false,
                };
                if !undone {
                    return Err("cannot undo: no incremental build since the last vc-build".into());
                }
                Ok(String::new())
            }
            "vc-between-cells-full" => self.vc_between(args, true),
            "vc-between-cells-semi" => self.vc_between(args, false),
            "vc-get-mustplay" => self.mustplay(args),
            "param_player_vc" => crate::vc_params::command(&mut self.vc_limits, args),
            "hexlab-position" => {
                let game = hexlab_core::Game::from_position(self.position.clone());
                Ok(hexlab_core::formats::code::write(&game))
            }
            _ => Err(format!("unknown command: {}", quote(command))),
        }
    }

    fn reset(&mut self, size: BoardSize) {
        self.position = Position::new(size, RulesConfig::default());
        self.history.clear();
    }

    fn boardsize(&mut self, args: &[&str]) -> Answer {
        let side = |text: &str| {
            text.parse::<u32>()
                .map_err(|_| format!("'{}' is not a board size", quote(text)))
        };
        let size = match args {
            [n] => BoardSize::square(side(n)?),
            [w, h] => BoardSize::new(side(w)?, side(h)?),
            _ => return Err("boardsize needs a size: boardsize 11 or boardsize 11 11".into()),
        }
        .map_err(|e| e.to_string())?;
        self.reset(size);
        Ok(String::new())
    }

    fn color(text: &str) -> Result<Color, String> {
        Color::parse(text).ok_or_else(|| {
            format!(
                "'{}' is not a colour: expected b, w, black or white",
                quote(text)
            )
        })
    }

    fn play(&mut self, args: &[&str]) -> Answer {
        let [color, mv] = args else {
            return Err("play needs a colour and a move: play b c3".into());
        };
        let color = Self::color(color)?;
        let mv: Move = mv
            .parse()
            .map_err(|e: hexlab_core::ParseMoveError| e.to_string())?;
        self.apply(color, mv)?;
        Ok(String::new())
    }

    /// Puts `mv` on the board for `color`, whoever is to move; the opponent moves next.
    fn apply(&mut self, color: Color, mv: Move) -> Result<(), String> {
        let mut next = self.position.clone();
        match mv {
            Move::Swap => {
                if color != Color::White || next.to_move() != Color::White {
                    return Err("only White may swap, right after Black's first move".into());
                }
                next.play(Move::Swap).map_err(|e| e.to_string())?;
            }
            Move::Cell(cell) => {
                self.check_empty(cell)?;
                if color == next.to_move() && next.winner().is_none() {
                    next.play_unchecked(cell);
                } else {
                    next.set_stone(cell, Some(color))
                        .map_err(|e| e.to_string())?;
                    next.set_to_move(color.opponent());
                }
            }
        }
        self.history
            .push(std::mem::replace(&mut self.position, next));
        Ok(())
    }

    fn check_empty(&self, cell: Cell) -> Result<(), String> {
        self.position.check_empty(cell).map_err(|e| e.to_string())
    }

    /// `compute-inferior C` / `compute-fillin C`: the analysis with C to move, in HexGui's
    /// `inferior` format: `cell code` pairs, `fdb`/`fcw` for fill-in (dead or captured, then the
    /// colour filled), `iv[killer-killer]` vulnerable, `ir[reverser]` reversible, `id[dominator]` dominated.
    fn inferior(&mut self, args: &[&str], fillin_only: bool) -> Answer {
        let [color] = args else {
            return Err("needs a colour: compute-inferior b".into());
        };
        let mut position = self.position.clone();
        position.set_to_move(Self::color(color)?);
        Ok(Self::inferior_answer(&position, fillin_only))
    }

    /// `vc-build C`: both colours' connections built on the game position (kept for the `vc-*`
    /// commands), answered as Benzene does: C's inferior cells, then `cell x` for every other
    /// empty cell outside the moves C should consider (the consider set met with C's mustplay),
    /// which HexGui greys out. Nothing is marked when the game is already decided.
    fn vc_build(&mut self, args: &[&str]) -> Answer {
        let [color] = args else {
            return Err("needs a colour: vc-build b".into());
        };
        let color = Self::color(color)?;
        let mut position = self.position.clone();
        position.set_to_move(color);
        let analysis = hexlab_core::ica::analyze(&position);
        let mut answer = Self::inferior_text(&analysis, false);
        let board = VcBoard::build(&self.position, self.vc_limits);
        let threat = threat_in(&position, board.connections(color.opponent()));
        let mustplay = mustplay_for(&position, threat);
        self.vc_board = Some(board);
        if let (None, Some(mustplay)) = (analysis.decided, mustplay) {
            let listed: hexlab_core::CellSet = analysis
                .fillin
                .iter()
                .map(|f| f.cell)
                .chain(analysis.inferior.iter().map(|m| m.cell))
                .collect();
            let outside = position.empty_cells() - (analysis.consider & mustplay) - listed;
            for cell in outside.iter() {
                answer.push_str(&format!(" {cell} x"));
            }
        }
        Ok(answer.trim_start().to_string())
    }

    /// The analysis of `position` (with its side to move) in HexGui's `inferior` format (see
    /// [`Engine::inferior`]).
    fn inferior_answer(position: &Position, fillin_only: bool) -> String {
        Self::inferior_text(&hexlab_core::ica::analyze(position), fillin_only)
    }

    /// An analysis in HexGui's `inferior` format.
    fn inferior_text(analysis: &hexlab_core::ica::Analysis, fillin_only: bool) -> String {
        let mut parts = Vec::new();
        for f in &analysis.fillin {
            let kind = match f.kind {
                hexlab_core::ica::FillKind::Dead => 'd',
                hexlab_core::ica::FillKind::Captured => 'c',
                hexlab_core::ica::FillKind::PermanentlyInferior => 'p',
            };
            parts.push(format!("{} f{kind}{}", f.cell, f.color.letter()));
        }
        if !fillin_only {
            for m in &analysis.inferior {
                let code = match m.kind {
                    hexlab_core::ica::MoveKind::Vulnerable => {
                        let killers: Vec<String> =
                            m.killers.iter().map(|k| k.to_string()).collect();
                        format!("iv[{}]", killers.join("-"))
                    }
                    hexlab_core::ica::MoveKind::Reversible => {
                        format!(
                            "ir[{}]",
                            m.reverser.map(|c| c.to_string()).unwrap_or_default()
                        )
                    }
                    hexlab_core::ica::MoveKind::Dominated => {
                        format!("id[{}]", m.by.map(|c| c.to_string()).unwrap_or_default())
                    }
                };
                parts.push(format!("{} {code}", m.cell));
            }
        }
        parts.join(" ")
    }

    /// The board the `vc-*` commands read, Benzene's analysis board: the game position with
    /// both colours' connections, made again whenever the game position or the limits have
    /// changed since it was made; `vc-build-incremental` moves it on without touching the game.
    fn vc_board(&mut self) -> &mut VcBoard {
        let (position, limits) = (&self.position, self.vc_limits);
        match &mut self.vc_board {
            Some(board) if board.made_from(position, limits) => {}
            stale => *stale = Some(VcBoard::build(position, limits)),
        }
        self.vc_board.as_mut().expect("made above")
    }

    /// `vc-build-incremental C X`: puts a C stone on X on the `vc-*` commands' board (not the
    /// game's), updates both colours' connections incrementally, and answers like
    /// `compute-inferior` for that board with the opponent to move.
    fn vc_build_incremental(&mut self, args: &[&str]) -> Answer {
        let [color, cell] = args else {
            return Err("needs a colour and a cell: vc-build-incremental b c3".into());
        };
        let color = Self::color(color)?;
        let cell: Cell = cell
            .parse()
            .map_err(|e: hexlab_core::ParseCellError| e.to_string())?;
        let board = self.vc_board();
        board.play(color, cell)?;
        Ok(Self::inferior_answer(board.position(), false))
    }

    /// `vc-between-cells-full C X Y` / `vc-between-cells-semi C X Y`: C's connections between
    /// two points (cells, stones or `top bottom left right` / `north south west east`), one
    /// HexGui `vc` record per line: `colour from to full|semi hsearch [ carrier ] [ ] key`, the
    /// edges named `north south west east` as HexGui reads them.
    fn vc_between(&mut self, args: &[&str], full: bool) -> Answer {
        let [color, from, to] = args else {
            return Err("needs a colour and two points: vc-between-cells-full b top c3".into());
        };
        let color = Self::color(color)?;
        let point = |text: &str| -> Result<Cell, String> {
            let cell = hexlab_core::notation::parse_point(text).map_err(|e| e.to_string())?;
            if !cell.is_edge() && !self.position.size().contains(cell) {
                return Err(format!("{cell} is off the board"));
            }
            Ok(cell)
        };
        let (a, b) = (point(from)?, point(to)?);
        let (a_name, b_name) = (gtp_point(a), gtp_point(b));
        let connections = self.vc_board().connections(color);
        let Some(pair) = connections.between(a, b) else {
            return Ok(String::new());
        };
        let carrier = |set: hexlab_core::CellSet| {
            set.iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        };
        let lines: Vec<String> = if full {
            pair.full()
                .map(|c| {
                    format!(
                        "{} {a_name} {b_name} full hsearch [ {} ] [ ]",
                        color.name(),
                        carrier(c.carrier)
                    )
                })
                .collect()
        } else {
            pair.semi()
                .map(|s| {
                    format!(
                        "{} {a_name} {b_name} semi hsearch [ {} ] [ ] {}",
                        color.name(),
                        carrier(s.carrier),
                        s.key
                    )
                })
                .collect()
        };
        Ok(lines.join("\n"))
    }

    /// `vc-get-mustplay C`: the cells C, to move, must play to stop the opponent's winning semi
    /// connections (every empty cell when there is none; nothing when the opponent has already
    /// connected virtually).
    fn mustplay(&mut self, args: &[&str]) -> Answer {
        let [color] = args else {
            return Err("needs a colour: vc-get-mustplay b".into());
        };
        let color = Self::color(color)?;
        let board = self.vc_board();
        let mut position = board.position().clone();
        position.set_to_move(color);
        let threat = threat_in(&position, board.connections(color.opponent()));
        let region = mustplay_for(&position, threat).unwrap_or_default();
        Ok(region
            .iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(" "))
    }

    fn genmove(&mut self, args: &[&str]) -> Answer {
        let [color] = args else {
            return Err("genmove needs a colour: genmove b".into());
        };
        let color = Self::color(color)?;
        let empty = self.position.empty_cells();
        if self.position.winner().is_some() || empty.is_empty() {
            return Ok("resign".into());
        }
        let cell = empty
            .nth(self.rng.below(empty.len()))
            .expect("index below the set's length");
        self.apply(color, Move::Cell(cell))?;
        Ok(cell.to_string())
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
        Engine::new(1).run(input, &mut out).unwrap();
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
