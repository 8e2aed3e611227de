//! `hexlab convert FILE --to sgf|golem|code|link|hexworld|trmph [--node N]`: a game record
//! (HexGui's, Little Golem's or red-bean's SGF) written in another form on stdout.
//!
//! `sgf` and `golem` write the whole tree (HexGui's or Little Golem's dialect); `link` writes
//! the whole tree as the page's link (the main line's code with the cursor at node N, then its
//! variations and comments, `var=`); `code`, `hexworld` and `trmph` write the main line with
//! the cursor at node N (default: its end).
//! Links and Little Golem's records cannot say swap-sides, so for them the game is first
//! played with swap-pieces (an equivalent game: later stones reflected and recoloured); a
//! game they cannot say at all (set-up stones, Rex, no swap rule, a rectangular board for
//! trmph) is a usage error.

use hexlab_core::formats::{code, compact, sgf, tree_link};
use hexlab_core::quote::quote;

use crate::args::{file_name, read_record, take_node, Flags, UsageError};
use crate::outln;
use crate::output::{self, Failure};

const FORMATS: &str = "sgf, golem, code, link, hexworld or trmph";

/// `hexlab convert FILE --to FORMAT [--node N]`.
pub fn convert(args: &[String]) -> Result<(), Failure> {
    let mut flags = Flags::parse(args, &[])?;
    let [path] = flags.positional() else {
        return Err(UsageError(
            "convert takes one game record: hexlab convert FILE --to sgf".to_string(),
        )
        .into());
    };
    let path = path.clone();
    let Some(to) = flags.take("to") else {
        return Err(UsageError(format!("convert needs --to: {FORMATS}")).into());
    };
    let tree = read_record(&path)?;
    let node = take_node(&mut flags, &tree)?;
    flags.finish()?;
    let cannot = |what: &str| {
        Failure::from(UsageError(format!(
            "{} cannot be written as a {what}: it has set-up stones, other rules than Hex \
             with swap, or a board the link cannot say",
            file_name(&path)
        )))
    };
    match to.as_str() {
        "sgf" => output::text(&sgf::write_hsgf(&tree)),
        "golem" => output::text(&sgf::write_little_golem(&tree.with_swap_pieces())?),
        "code" => outln!("{}", code::write(&tree.game_at(node))),
        "link" => {
            let line = tree.main_line();
            let cursor = line.iter().position(|&id| id == node).unwrap_or(0);
            let link = tree_link::write(&tree, &line, cursor).ok_or_else(|| {
                Failure::from(UsageError(format!(
                    "{} cannot be written as a link: it has set-up stones after the start, \
                     passes, swap-sides, resignations or stones out of turn (save it as SGF)",
                    file_name(&path)
                )))
            })?;
            outln!("{link}")
        }
        "hexworld" | "trmph" => {
            let game = tree.with_swap_pieces().game_at(node);
            if to == "hexworld" {
                let link = compact::write_hexworld(&game).ok_or_else(|| cannot("HexWorld link"))?;
                outln!("https://hexworld.org/board/#{link}")
            } else {
                let link = compact::write_trmph(&game).ok_or_else(|| cannot("trmph link"))?;
                outln!("https://trmph.com/hex/board#{link}")
            }
        }
        other => Err(UsageError(format!("--to {}: expected {FORMATS}", quote(other))).into()),
    }
}
