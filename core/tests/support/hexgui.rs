//! HexGui's side of a GTP conversation, mirrored from its source (selinger/hexgui, read at
//! commit ab67f0a) so tests can check that `hexlab gtp` answers in the forms HexGui reads.
//! Each item names the HexGui file and method it follows; where HexGui would throw, print an
//! exception or draw nothing, these return an error instead, so a test fails.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::Duration;

/// How long a test waits for one line from the engine before failing (no answer should take
/// near this; it only keeps a broken engine from hanging the test).
const LINE_TIMEOUT: Duration = Duration::from_secs(120);

/// A running `hexlab gtp`, driven as `htp/HtpController.java` drives its program.
pub struct Htp {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    /// The `gogui-gfx:` blocks received since the last [`Htp::take_gfx`], each as
    /// `HtpController.handleResponse` passes it on: after `gogui-gfx:`, whitespace cleaned.
    gfx: Vec<String>,
}

impl Htp {
    /// Starts `hexlab gtp` with `args` after `gtp`.
    pub fn start(args: &[&str]) -> Htp {
        let mut child = Command::new(env!("CARGO_BIN_EXE_hexlab"))
            .arg("gtp")
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("hexlab starts");
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = child.stdout.take().expect("piped stdout");
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { return };
                if tx.send(line).is_err() {
                    return;
                }
            }
        });
        Htp {
            child,
            stdin,
            lines,
            gfx: Vec::new(),
        }
    }

    /// Writes `text` (one or more lines) without waiting for anything, as
    /// `HtpController.interrupt` writes `# interrupt`.
    pub fn write(&mut self, text: &str) {
        self.stdin.write_all(text.as_bytes()).expect("engine reads");
        self.stdin.flush().expect("engine reads");
    }

    /// `HtpController.sendCommand`: sends `command`, then reads responses until the answer.
    /// `Ok` with the text after `=`, `Err` with the text after `?` (`m_response`: what follows
    /// the first character, the space included).
    pub fn send(&mut self, command: &str) -> Result<String, String> {
        self.write(&format!("{command}\n"));
        self.answer()
    }

    /// `HtpController.handleResponse`: reads responses (`waitResponse`: lines up to an empty
    /// one) until one starts with `=` or `?`. A `gogui-gfx:` response is kept for
    /// [`Htp::take_gfx`] and the wait goes on. Anything else is what HexGui calls an invalid
    /// response (a panic here).
    pub fn answer(&mut self) -> Result<String, String> {
        loop {
            let response = self.response();
            assert!(
                !response.is_empty(),
                "HexGui: Response length too short! ''"
            );
            if response.len() > 10 && response.starts_with("gogui-gfx:") {
                self.gfx.push(clean_white_space(response[10..].trim()));
            } else if let Some(rest) = response.strip_prefix('=') {
                return Ok(rest.to_string());
            } else if let Some(rest) = response.strip_prefix('?') {
                return Err(rest.to_string());
            } else {
                panic!("HexGui: Invalid HTP response:'{response}'.");
            }
        }
    }

    /// Reads responses until a `gogui-gfx:` block and returns it (as [`Htp::take_gfx`] would);
    /// an answer coming first is a failure.
    pub fn next_drawing(&mut self) -> String {
        let response = self.response();
        match response.strip_prefix("gogui-gfx:") {
            Some(rest) if response.len() > 10 => clean_white_space(rest.trim()),
            _ => panic!("an answer before any drawing: '{response}'"),
        }
    }

    /// `HtpController.waitResponse` and the trailing newline `handleResponse` removes: the lines
    /// up to the first empty one (tabs read as spaces, carriage returns dropped), joined.
    fn response(&mut self) -> String {
        let mut lines = Vec::new();
        loop {
            let line = match self.lines.recv_timeout(LINE_TIMEOUT) {
                Ok(line) => line,
                Err(RecvTimeoutError::Timeout) => panic!("no answer within {LINE_TIMEOUT:?}"),
                Err(RecvTimeoutError::Disconnected) => panic!("HexGui: Program Disconnected."),
            };
            let clean: String = line
                .chars()
                .filter(|&c| c != '\r')
                .map(|c| if c == '\t' { ' ' } else { c })
                .collect();
            if clean.is_empty() {
                return lines.join("\n");
            }
            lines.push(clean);
        }
    }

    /// The `gogui-gfx:` blocks received since the last call.
    pub fn take_gfx(&mut self) -> Vec<String> {
        std::mem::take(&mut self.gfx)
    }

    /// Sends `quit` and waits for the engine to end; true if it ended cleanly.
    pub fn quit(mut self) -> bool {
        let answered = self.send("quit").is_ok();
        answered && self.child.wait().is_ok_and(|s| s.success())
    }
}

impl Drop for Htp {
    fn drop(&mut self) {
        // A test that failed half-way leaves no engine behind.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `util/StringUtils.cleanWhiteSpace`: every run of spaces, newlines and tabs as one space.
pub fn clean_white_space(text: &str) -> String {
    let mut out = String::new();
    let mut white = false;
    for c in text.chars() {
        if matches!(c, ' ' | '\n' | '\t') {
            if !white {
                out.push(' ');
            }
            white = true;
        } else {
            white = false;
            out.push(c);
        }
    }
    out
}

/// A point HexGui knows (`hex/HexPoint.java`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Point {
    /// A cell, column and row from 0.
    Cell(usize, usize),
    /// `north`, `east`, `south`, `west`, `swap-sides`, `swap-pieces`, `pass`, `resign`,
    /// `forfeit` or `invalid`.
    Special(&'static str),
}

const SPECIAL: [&str; 10] = [
    "invalid",
    "resign",
    "forfeit",
    "swap-sides",
    "swap-pieces",
    "pass",
    "north",
    "east",
    "south",
    "west",
];

/// `HexPoint.get(String)`: the point named `name` (case ignored; `swap` is `swap-sides`), or
/// an error where HexGui returns `null` (and then fails drawing it). Cells are named by
/// `util/AlphabetNumber` (`a`..`z`, then `aa`..) and a row from 1, up to 63 each.
pub fn hex_point(name: &str) -> Result<Point, String> {
    let lower = name.to_ascii_lowercase();
    if lower == "swap" {
        return Ok(Point::Special("swap-sides"));
    }
    if let Some(s) = SPECIAL.iter().find(|s| **s == lower) {
        return Ok(Point::Special(s));
    }
    let letters = lower.bytes().take_while(u8::is_ascii_lowercase).count();
    let (column, row) = lower.split_at(letters);
    let column = match column.as_bytes() {
        [c] => usize::from(c - b'a'),
        [a, b] => 26 * usize::from(a - b'a' + 1) + usize::from(b - b'a'),
        _ => return Err(format!("HexGui knows no point '{name}'")),
    };
    match row.parse::<usize>() {
        Ok(r) if (1..=63).contains(&r) && column < 63 && !row.starts_with('0') => {
            Ok(Point::Cell(column, r - 1))
        }
        _ => Err(format!("HexGui knows no point '{name}'")),
    }
}

/// A cell of a `size` x `size` board (what HexGui can draw on).
pub fn board_cell(name: &str, size: usize) -> Result<(usize, usize), String> {
    match hex_point(name)? {
        Point::Cell(c, r) if c < size && r < size => Ok((c, r)),
        other => Err(format!(
            "'{name}' ({other:?}) is not a cell of a {size}x{size} board"
        )),
    }
}

/// `StringUtils.parsePointList(str, sep)`.
pub fn parse_point_list(text: &str, sep: &str) -> Result<Vec<Point>, String> {
    let cleaned = clean_white_space(text.trim());
    if cleaned.is_empty() {
        return Ok(Vec::new());
    }
    cleaned.split(sep).map(|p| hex_point(p.trim())).collect()
}

/// `StringUtils.parseStringPairList`: words taken two by two (an odd count throws in HexGui).
pub fn parse_string_pair_list(text: &str) -> Result<Vec<(String, String)>, String> {
    let cleaned = clean_white_space(text.trim());
    if cleaned.is_empty() {
        return Ok(Vec::new());
    }
    let words: Vec<&str> = cleaned.split(' ').collect();
    if words.len() % 2 == 1 {
        return Err(format!(
            "HexGui: an odd number of words in pairs '{cleaned}'"
        ));
    }
    Ok(words
        .chunks(2)
        .map(|p| (p[0].to_string(), p[1].to_string()))
        .collect())
}

/// `StringUtils.parseVariation`: `B cell W cell ...` (a colour by its first letter).
pub fn parse_variation(text: &str) -> Result<Vec<(char, Point)>, String> {
    parse_string_pair_list(text.trim())?
        .into_iter()
        .map(|(c, p)| {
            let color = if c.starts_with('B') { 'B' } else { 'W' };
            Ok((color, hex_point(&p)?))
        })
        .collect()
}

/// One connection as `hex/VC.java` holds it.
#[derive(Debug, PartialEq, Eq)]
pub struct Vc {
    pub color: String,
    pub from: Point,
    pub to: Point,
    pub kind: String,
    pub carrier: Vec<Point>,
    pub stones: Vec<Point>,
    pub key: Vec<Point>,
}

/// `StringUtils.parseVCList`: `color from to type source [ carrier ] [ stones ] key?`, one after
/// the other. HexGui prints an exception and keeps what it read before; here that is an error.
pub fn parse_vc_list(text: &str) -> Result<Vec<Vc>, String> {
    let cleaned = clean_white_space(text.trim());
    if cleaned.is_empty() {
        return Ok(Vec::new());
    }
    let w: Vec<&str> = cleaned.split(' ').collect();
    let word = |i: usize| {
        w.get(i)
            .copied()
            .ok_or_else(|| format!("HexGui: a vc cut short in '{cleaned}'"))
    };
    let mut out = Vec::new();
    let mut i = 0;
    while i < w.len() {
        let color = word(i)?;
        if !matches!(color, "black" | "white" | "empty") {
            return Err(format!("HexGui: '{color}' is no colour (HexColor.get)"));
        }
        let (from, to, kind) = (
            hex_point(word(i + 1)?)?,
            hex_point(word(i + 2)?)?,
            word(i + 3)?,
        );
        let mut vc = Vc {
            color: color.into(),
            from,
            to,
            kind: kind.into(),
            carrier: Vec::new(),
            stones: Vec::new(),
            key: Vec::new(),
        };
        let mut j = 5;
        if kind != "softlimit" {
            word(i + 4)?;
            if word(i + 5)? != "[" {
                return Err("HexGui: No carrier!".into());
            }
            j = 6;
            while word(i + j)? != "]" {
                vc.carrier.push(hex_point(word(i + j)?)?);
                j += 1;
            }
            j += 1;
            if word(i + j)? != "[" {
                return Err("HexGui: No stones!".into());
            }
            j += 1;
            while word(i + j)? != "]" {
                vc.stones.push(hex_point(word(i + j)?)?);
                j += 1;
            }
            j += 1;
            if kind == "semi" {
                vc.key.push(hex_point(word(i + j)?)?);
                j += 1;
            }
        }
        out.push(vc);
        i += j;
    }
    Ok(out)
}

/// `gui/HexGui.showInferiorCells`: `cell value` pairs, each value `f` + `d|p|c` + `b|w`
/// (fill-in), `i` + `v|r|d` + `[cells-joined-by-dashes]` (inferior, arrows to those cells),
/// or `x` (outside the consider set). Returns the pairs, checked as HexGui's asserts check.
pub fn show_inferior_cells(text: &str, size: usize) -> Result<Vec<(String, String)>, String> {
    let pairs = parse_string_pair_list(text)?;
    for (cell, value) in &pairs {
        board_cell(cell, size)?;
        let v = value.as_bytes();
        let ok = match v.first() {
            Some(b'f') => v.len() == 3 && b"dpc".contains(&v[1]) && b"bw".contains(&v[2]),
            Some(b'i') => {
                v.len() >= 4
                    && b"vrd".contains(&v[1])
                    && v[2] == b'['
                    && v[v.len() - 1] == b']'
                    && parse_point_list(&value[3..value.len() - 1], "-")?
                        .iter()
                        .all(|p| matches!(p, Point::Cell(c, r) if *c < size && *r < size))
            }
            Some(b'x') => true,
            _ => false,
        };
        if !ok {
            return Err(format!("HexGui cannot draw '{cell} {value}'"));
        }
    }
    Ok(pairs)
}

/// What `gui/HexGui.guifx_dfpn` draws from one block: the variation's stones, the labels
/// (`showDfpnBounds`: text on each cell, green for `W`, red for `L`) and the status text.
#[derive(Debug)]
pub struct DfpnGfx {
    pub variation: Vec<(char, Point)>,
    pub labels: Vec<((usize, usize), String)>,
    pub text: String,
}

/// `gui/HexGui.guifx`, for the `dfpn` kind (the only one the solver sends): `fx` as
/// `HtpController` passes it. The sections are found by `indexOf("VAR")`, `"LABEL"`, `"TEXT"`
/// and cut with `substring` (which throws if they are missing or out of order).
pub fn guifx_dfpn(fx: &str, size: usize) -> Result<DfpnGfx, String> {
    let rest = fx
        .strip_prefix("dfpn")
        .filter(|_| fx.len() > 4)
        .ok_or_else(|| format!("HexGui draws nothing for '{fx}'"))?;
    let (var, label, text) = match (rest.find("VAR"), rest.find("LABEL"), rest.find("TEXT")) {
        (Some(v), Some(l), Some(t)) if v + 3 <= l && l + 5 <= t && t + 5 <= rest.len() => (v, l, t),
        _ => return Err(format!("HexGui's substring calls throw on '{fx}'")),
    };
    let variation = parse_variation(&rest[var + 3..label])?;
    let mut labels = Vec::new();
    for (cell, value) in parse_string_pair_list(rest[label + 5..text].trim())? {
        labels.push((board_cell(&cell, size)?, value));
    }
    for (_, point) in &variation {
        if !matches!(point, Point::Cell(c, r) if *c < size && *r < size) {
            return Err(format!("HexGui cannot put a stone on {point:?}"));
        }
    }
    Ok(DfpnGfx {
        variation,
        labels,
        text: rest[text + 5..].to_string(),
    })
}

/// One entry of the analyze menu (`htp/AnalyzeDefinition.java`): its type word, label and
/// command template.
#[derive(Clone, Debug)]
pub struct AnalyzeDefinition {
    pub kind: String,
    pub label: String,
    pub command: String,
}

/// The types `AnalyzeDefinition(String)` knows (any other word is `NONE`).
const TYPES: [&str; 24] = [
    "bwboard", "cboard", "dboard", "eplist", "gfx", "group", "hstring", "hpstring", "inferior",
    "move", "param", "plist", "pspairs", "pstring", "string", "sboard", "var", "varb", "varc",
    "varp", "varpo", "varw", "vc", "none",
];

/// `AnalyzeDefinition.read` (`readConfig`): one definition a line (`type/label/command`, 3 to
/// 5 fields split at `/`, else HexGui reports "Could not parse analyze commands!"); blank and
/// `#` lines skipped, a label seen before skipped.
pub fn read_analyze_commands(text: &str) -> Result<Vec<AnalyzeDefinition>, String> {
    let mut out: Vec<AnalyzeDefinition> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split('/').collect();
        if !(3..=5).contains(&fields.len()) {
            return Err(format!("Error in analyze commands line {}", n + 1));
        }
        if out.iter().any(|d| d.label == fields[1]) {
            continue;
        }
        let kind = if TYPES.contains(&fields[0]) {
            fields[0]
        } else {
            "none"
        };
        out.push(AnalyzeDefinition {
            kind: kind.into(),
            label: fields[1].into(),
            command: fields[2].into(),
        });
    }
    Ok(out)
}

impl AnalyzeDefinition {
    /// `needsPointArg`: `%p`, replaced by the first selected cell.
    pub fn needs_point(&self) -> bool {
        self.command.contains("%p")
    }

    /// `needsPointListArg`: `%P` (or type `eplist`), replaced by the selected cells; a `vc`
    /// entry runs only with exactly two selected (`HexGui.actionSetAnalyzeCommand`).
    pub fn needs_point_list(&self) -> bool {
        self.command.contains("%P") || self.kind == "eplist"
    }

    /// `AnalyzeCommand.replaceWildCards`, with `to_move` for `%m`, `selected` for `%p`/`%P`
    /// and the analyze dialog's colour buttons for `%c` (`b` or `w`). `None` where HexGui
    /// refuses to run it ("Please select a cell/pair of cells before running.").
    pub fn command_line(&self, to_move: char, selected: &[&str], color: char) -> Option<String> {
        let mut line = self.command.replace("%m", &to_move.to_string());
        if self.needs_point() {
            line = line.replace("%p", selected.first()?);
        }
        if self.needs_point_list() {
            if self.kind == "vc" && selected.len() != 2 {
                return None;
            }
            let list = selected.join(" ");
            if self.kind == "eplist" && !selected.is_empty() {
                line = format!("{line} {list}");
            } else {
                line = line.replace("%P", &list);
            }
        }
        if self.command.contains("%c") {
            line = line.replace("%c", &color.to_string());
        }
        Some(clean_white_space(line.trim()))
    }
}

/// One line of a `param` answer as `htp/AnalyzeUtil.parseParameterLine` reads it: its type
/// (`bool`, `list/...` or anything else, read as a string), key and value. `None` for lines it
/// skips (blank, or `[group]`).
#[derive(Debug)]
pub struct Parameter {
    pub kind: String,
    pub key: String,
    pub value: String,
}

/// `gui/ParameterDialog.parseResponse`: the parameters of a `param` answer.
pub fn parse_parameters(response: &str) -> Vec<Parameter> {
    let mut out = Vec::new();
    for line in response.lines() {
        let line = line.trim();
        if line.is_empty() || (line.starts_with('[') && line.ends_with(']')) {
            continue;
        }
        // `scanner.next("^\\[[^\\]]*\\]")`: the first word, if it is all one `[type]`.
        let first = line.split_whitespace().next().unwrap_or("");
        let typed = first.len() >= 2
            && first.starts_with('[')
            && first.ends_with(']')
            && !first[1..first.len() - 1].contains(']');
        let (kind, rest) = if typed {
            (&first[1..first.len() - 1], line[first.len()..].trim())
        } else {
            ("string", line)
        };
        let (key, value) = rest.split_once(' ').unwrap_or((rest, ""));
        out.push(Parameter {
            kind: kind.into(),
            key: key.trim().into(),
            value: value.trim().into(),
        });
    }
    out
}

/// `AnalyzeUtil.getParameterCommand`: what the dialog sends for a changed parameter.
pub fn parameter_command(param_command: &str, key: &str, value: &str) -> String {
    format!("{param_command} {key} {value}")
}

/// `gui/HexGui.java`'s `program_options` action (the Program Options button): the parameter command its
/// Program Options button sends for an engine that answered `name` with `name`, or `None`
/// where it shows "Unknown program!".
pub fn program_options_command(name: &str) -> Option<&'static str> {
    let name = name.trim();
    if name.eq_ignore_ascii_case("mohex") || name.eq_ignore_ascii_case("hexhex") {
        Some("param_mohex")
    } else if name.eq_ignore_ascii_case("wolve") {
        Some("param_wolve")
    } else {
        None
    }
}
