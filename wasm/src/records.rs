//! Game records and tree links for the page: SGF read and written by the core (so the page and
//! the command line agree), trees crossing as `TreeRecord`s (plain objects), and the links a
//! line can be copied as.

use hexlab_core::formats::{compact, read_link, sgf, tree_link};
use hexlab_core::game_tree::record::TreeRecord;
use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::{error, to_js};

/// A record read: `{ dialect, dialect_name, initial, record }` (`initial`: the node red-bean's
/// `IP[]` names, or null).
#[derive(Serialize)]
struct ReadRecord {
    dialect: sgf::Dialect,
    dialect_name: &'static str,
    initial: Option<usize>,
    record: TreeRecord,
}

/// Reads a game record (HexGui's, Little Golem's or red-bean's SGF); an error names the line
/// and column (`line 3, column 2: ...`).
#[wasm_bindgen(js_name = readRecord)]
pub fn read_record(text: &str) -> Result<JsValue, JsError> {
    let read = sgf::read_record(text).map_err(error)?;
    to_js(&ReadRecord {
        dialect: read.dialect,
        dialect_name: read.dialect.name(),
        initial: read.initial,
        record: TreeRecord::of(&read.tree),
    })
}

fn tree_of(record: JsValue) -> Result<hexlab_core::game_tree::GameTree, JsError> {
    let record: TreeRecord = serde_wasm_bindgen::from_value(record).map_err(error)?;
    record.to_tree().map_err(error)
}

/// Writes a tree (a `TreeRecord`, as `readRecord` gives or the page builds) as HexGui's SGF
/// (which is red-bean's Hex SGF too); an error names the node that is not legal.
#[wasm_bindgen(js_name = writeRecord)]
pub fn write_record(record: JsValue) -> Result<String, JsError> {
    Ok(sgf::write_hsgf(&tree_of(record)?))
}

/// A tree read from a link: `{ record, line, cursor }` (`line`: node ids from the root to the
/// end of the link's line; `cursor`: the index in it of the node the link shows).
#[derive(Serialize)]
struct ReadLink {
    record: TreeRecord,
    line: Vec<usize>,
    cursor: usize,
}

/// Reads a link with its variations and comments (`var=`; a position code, HexWorld or trmph
/// link without them is a tree of one line).
#[wasm_bindgen(js_name = readTreeLink)]
pub fn read_tree_link(text: &str) -> Result<JsValue, JsError> {
    let link = tree_link::read(text).map_err(error)?;
    to_js(&ReadLink {
        record: TreeRecord::of(&link.tree),
        line: link.line,
        cursor: link.cursor,
    })
}

/// The link of a tree (a `TreeRecord`) whose current line is `line` (node ids) at `line[cursor]`,
/// or null when the tree holds what a link cannot say (the page writes its own; this one is the
/// reference its tests compare with).
#[wasm_bindgen(js_name = writeTreeLink)]
pub fn write_tree_link(
    record: JsValue,
    line: JsValue,
    cursor: usize,
) -> Result<Option<String>, JsError> {
    let tree = tree_of(record)?;
    let line: Vec<usize> = serde_wasm_bindgen::from_value(line).map_err(error)?;
    if line.iter().any(|&id| id >= tree.len()) {
        return Err(error("the line names a node the tree does not have"));
    }
    Ok(tree_link::write(&tree, &line, cursor))
}

/// The HexWorld and trmph links of the game in `code` (`{ hexworld, trmph }`, each the whole
/// URL or null when that site cannot say the game: set-up stones, Rex, no swap, a rectangle for
/// trmph). HexWorld's holds the redo tail after a second comma; trmph's the moves up to the
/// cursor.
#[wasm_bindgen(js_name = shareLinks)]
pub fn share_links(code: &str) -> Result<JsValue, JsError> {
    let game = read_link(code).map_err(error)?;
    #[derive(Serialize)]
    struct Links {
        hexworld: Option<String>,
        trmph: Option<String>,
    }
    to_js(&Links {
        hexworld: compact::write_hexworld(&game)
            .map(|f| format!("https://hexworld.org/board/#{f}")),
        trmph: compact::write_trmph(&game).map(|f| format!("https://trmph.com/hex/board#{f}")),
    })
}
