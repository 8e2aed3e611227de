//! Command-line flags: the position flags (`--size --black --white --to-move --rules --swap`,
//! `--position CODE`, or `--sgf FILE [--node N]`), read with the flag parser both binaries
//! share ([`crate::flags`]).

pub use crate::flags::{no_positional, utf8_args, Flags, UsageError};

use hexlab_core::formats::{read_link, sgf};
use hexlab_core::game_tree::GameTree;
use hexlab_core::notation::parse_cell_list;
use hexlab_core::quote::quote;
use hexlab_core::{BoardSize, Color, Game, Position, Rules, RulesConfig, Setup};

const POSITION_FLAGS: [&str; 6] = ["size", "black", "white", "to-move", "rules", "swap"];

/// A rayon pool of `threads` threads for a search (`--threads`, `param_dfpn threads`,
/// `param_mohex num_threads`): the one place that builds them.
pub fn thread_pool(threads: usize) -> Result<rayon::ThreadPool, String> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| format!("cannot start {threads} threads: {e}"))
}

/// Reads a game record (SGF: HexGui's or Little Golem's); a bad file is a usage error naming
/// the file, line and column.
pub fn read_record(path: &str) -> Result<GameTree, UsageError> {
    let bytes = read_bytes(path, MAX_FILE_BYTES).map_err(UsageError)?;
    sgf::read(&String::from_utf8_lossy(&bytes))
        .map_err(|e| UsageError(format!("{}: {e}", file_name(path))))
}

/// The most a command reads of one input file (records, game lists, pattern tables).
pub const MAX_FILE_BYTES: u64 = 256 << 20;

/// The bytes of the file at `path`, at most `max` of them: a longer file (or an endless one,
/// such as `/dev/zero`) is refused after reading `max + 1` bytes, never read to the end.
pub fn read_bytes(path: &str, max: u64) -> Result<Vec<u8>, String> {
    use std::io::Read;
    let cannot = |e: std::io::Error| format!("cannot read {}: {e}", quote(path));
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|file| file.take(max + 1).read_to_end(&mut bytes))
        .map_err(cannot)?;
    if bytes.len() as u64 > max {
        return Err(format!(
            "{}: over {max} bytes, too long to read",
            quote(path)
        ));
    }
    Ok(bytes)
}

/// The text of the file at `path` (UTF-8), at most `max` bytes (see [`read_bytes`]).
pub fn read_text(path: &str, max: u64) -> Result<String, String> {
    String::from_utf8(read_bytes(path, max)?)
        .map_err(|_| format!("cannot read {}: not UTF-8 text", quote(path)))
}

/// The file name of `path` (without its directories), as a message shows it.
pub fn file_name(path: &str) -> String {
    let name = std::path::Path::new(path)
        .file_name()
        .map_or_else(|| path.into(), |n| n.to_string_lossy());
    quote(&name)
}

/// The main-line node `--node N` names (node 0 is the root), or the last one.
pub fn take_node(flags: &mut Flags, tree: &GameTree) -> Result<usize, UsageError> {
    let line = tree.main_line();
    let last = line.len() - 1;
    let n = flags.take_number("node", 0..=last)?.unwrap_or(last);
    Ok(line[n])
}

/// Reads the position flags; with none of them, the empty 11x11 board.
pub fn take_game(flags: &mut Flags) -> Result<Game, UsageError> {
    if let Some(path) = flags.take("sgf") {
        if let Some(other) = ["position"]
            .iter()
            .chain(&POSITION_FLAGS)
            .find(|f| flags.has(f))
        {
            return Err(UsageError(format!(
                "--sgf cannot be combined with --{other}"
            )));
        }
        let tree = read_record(&path)?;
        let node = take_node(flags, &tree)?;
        return Ok(tree.game_at(node));
    }
    if flags.has("node") {
        return Err(UsageError("--node needs --sgf FILE".to_string()));
    }
    let code = flags.take("position");
    if let Some(code) = code {
        if let Some(other) = POSITION_FLAGS.iter().find(|f| flags.has(f)) {
            return Err(UsageError(format!(
                "--position cannot be combined with --{other}"
            )));
        }
        return Ok(read_link(&code)?);
    }
    let size: BoardSize = match flags.take("size") {
        Some(text) => text.parse()?,
        None => BoardSize::default(),
    };
    let rules: Rules = match flags.take("rules") {
        Some(text) => text.parse()?,
        None => Rules::Hex,
    };
    let swap = match flags.take("swap").as_deref() {
        None | Some("yes") => true,
        Some("no") => false,
        Some(other) => {
            return Err(UsageError(format!(
                "--swap {}: expected yes or no",
                quote(other)
            )))
        }
    };
    let cells = |flags: &mut Flags, name: &str| -> Result<_, UsageError> {
        let text = flags.take(name).unwrap_or_default();
        parse_cell_list(&text).map_err(|e| UsageError(format!("--{name}: {e}")))
    };
    let black = cells(flags, "black")?;
    let white = cells(flags, "white")?;
    let to_move =
        match flags.take("to-move") {
            None => None,
            Some(text) => Some(Color::parse(&text).ok_or_else(|| {
                UsageError(format!("--to-move {}: expected b or w", quote(&text)))
            })?),
        };
    let setup = Setup {
        size,
        config: RulesConfig { rules, swap },
        black,
        white,
        to_move,
    };
    Ok(Game::from_position(Position::from_setup(&setup)?))
}
