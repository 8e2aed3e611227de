//! From SGF text to a [`GameTree`]: the dialects' meaning on top of [`super::parse`].

use super::parse::{parse, RawNode, RawProperty};
use super::points::{read_point, read_point_list};
use super::{Place, SgfError};
use crate::board::{BoardSize, Color};
use crate::game_tree::{
    GameInfo, GameTree, NodeData, NodeError, NodeId, NodeMove, Special, SwapForm,
};
use crate::quote::quote;
use crate::rules::{Rules, RulesConfig};

fn error(at: Place, message: impl Into<String>) -> SgfError {
    SgfError {
        at,
        message: message.into(),
    }
}

/// Which program's SGF a record is, as told by its content (see [`read_record`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Dialect {
    /// HexGui's (a root `AP[HexGui:...]`).
    HexGui,
    /// Little Golem's: no `GM`, no set-up, the first move labelled `W`.
    LittleGolem,
    /// Red-bean's Hex SGF (`GM[11]`, the SGF standard's own definition): every other record,
    /// hexlab's own included.
    RedBean,
}

impl Dialect {
    /// The name users know it by.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Dialect::HexGui => "HexGui SGF",
            Dialect::LittleGolem => "Little Golem SGF",
            Dialect::RedBean => "red-bean Hex SGF",
        }
    }
}

/// A record read: its tree, the dialect it was told to be, and the node red-bean's `IP[]`
/// (the initial position a viewer shows) names, if any.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    pub tree: GameTree,
    pub dialect: Dialect,
    pub initial: Option<NodeId>,
}

/// How the file writes colours and swaps.
#[derive(Clone, Copy)]
struct Style {
    /// Little Golem: colour letters read the other way round, `swap` alternates colours.
    golem: bool,
    /// `AP[HexGui:0.x]`: `swap-pieces` means swap-sides.
    legacy_swap: bool,
}

impl Style {
    fn color(self, letter: &str) -> Color {
        let color = if letter == "B" {
            Color::Black
        } else {
            Color::White
        };
        if self.golem {
            color.opponent()
        } else {
            color
        }
    }
}

/// The only value of a property that takes one.
fn single(prop: &RawProperty) -> Result<&str, SgfError> {
    match prop.values.as_slice() {
        [value] => Ok(value),
        values => Err(error(
            prop.at,
            format!(
                "{} takes one value, not {}",
                quote(&prop.name),
                values.len()
            ),
        )),
    }
}

fn read_size(prop: &RawProperty) -> Result<BoardSize, SgfError> {
    let value = single(prop)?;
    let side = |text: &str| text.trim().parse::<u32>().ok();
    let size = match value.split_once(':') {
        None => side(value).map(BoardSize::square),
        Some((w, h)) => side(w).zip(side(h)).map(|(w, h)| BoardSize::new(w, h)),
    };
    match size {
        Some(Ok(size)) => Ok(size),
        Some(Err(e)) => Err(error(prop.at, format!("SZ[{}]: {e}", quote(value)))),
        None => Err(error(
            prop.at,
            format!(
                "SZ[{}] is not a board size: write SZ[11], or SZ[11:9] for 11 columns and 9 rows",
                quote(value)
            ),
        )),
    }
}

/// `RU[hex]`, `RU[rex]`, optionally followed by ` noswap`; `None` for other rules.
fn read_rules(value: &str) -> Option<RulesConfig> {
    let lower = value.to_ascii_lowercase();
    let mut words = lower.split_whitespace();
    let rules = match words.next()? {
        "hex" => Rules::Hex,
        "rex" => Rules::Rex,
        _ => return None,
    };
    let swap = match words.next() {
        None | Some("swap") => true,
        Some("noswap") => false,
        Some(_) => return None,
    };
    words
        .next()
        .is_none()
        .then_some(RulesConfig { rules, swap })
}

/// `B+Resign` read from the other side: the colour letter of a Little Golem result swapped.
pub(super) fn flip_result(result: &str) -> String {
    match result.as_bytes().first() {
        Some(b'B') => format!("W{}", &result[1..]),
        Some(b'W') => format!("B{}", &result[1..]),
        _ => result.to_string(),
    }
}

/// A move value: a point, a swap (its form decided later), pass, resign or forfeit.
fn read_move(prop: &RawProperty, dialect: Style) -> Result<(NodeMove, Option<&str>), SgfError> {
    let value = single(prop)?;
    let color = dialect.color(&prop.name);
    let lower = value.trim().to_ascii_lowercase();
    let special = |kind| NodeMove::Special { color, kind };
    let swap = |form| NodeMove::Swap { color, form };
    Ok(match lower.as_str() {
        "swap-pieces" => (swap(SwapForm::Pieces), Some("swap-pieces")),
        "swap-sides" => (swap(SwapForm::Sides), Some("swap-sides")),
        "swap" => (swap(SwapForm::Sides), Some("swap")),
        "pass" => (special(Special::Pass), None),
        "resign" => (special(Special::Resign), None),
        "forfeit" => (special(Special::Forfeit), None),
        _ => {
            let cell = read_point(value)
                .map_err(|e| error(prop.at, format!("{}[{}]: {e}", prop.name, quote(value))))?;
            (NodeMove::Stone { color, cell }, None)
        }
    })
}

/// What one node says, where its move and set-up are, and the swap word it used.
struct ReadNode<'a> {
    data: NodeData,
    move_at: Option<Place>,
    setup_at: Option<Place>,
    swap_word: Option<&'a str>,
}

/// Properties only the root gives meaning to; elsewhere they are kept as they are.
const ROOT_ONLY: [&str; 8] = ["FF", "GM", "SZ", "AP", "RU", "PB", "PW", "RE"];

/// The most set-up cells (`AB`, `AW`, `AE`, rectangles counted cell by cell) a file may
/// hold: rectangles make short text stand for many cells.
pub const MAX_SETUP_CELLS: usize = 200_000;

fn read_node<'a>(
    node: &'a RawNode,
    is_root: bool,
    dialect: Style,
    setup_cells: &mut usize,
) -> Result<ReadNode<'a>, SgfError> {
    let mut read = ReadNode {
        data: NodeData::default(),
        move_at: None,
        setup_at: None,
        swap_word: None,
    };
    let mut seen: Vec<&str> = Vec::new();
    for prop in &node.properties {
        let name = prop.name.as_str();
        let known = matches!(name, "B" | "W" | "AB" | "AW" | "AE" | "PL" | "C")
            || (is_root && ROOT_ONLY.contains(&name));
        if known {
            if seen.contains(&name) {
                return Err(error(prop.at, format!("{name} is given twice in one node")));
            }
            seen.push(name);
        }
        let data = &mut read.data;
        match name {
            "B" | "W" => {
                if read.move_at.is_some() {
                    return Err(error(
                        prop.at,
                        "a node holds one move: B and W are both given",
                    ));
                }
                let (mv, word) = read_move(prop, dialect)?;
                data.mv = Some(mv);
                read.swap_word = word;
                read.move_at = Some(prop.at);
            }
            "AB" | "AW" | "AE" => {
                let cells = read_point_list(&prop.values)
                    .map_err(|e| error(prop.at, format!("{name}: {e}")))?;
                *setup_cells += cells.len();
                if *setup_cells > MAX_SETUP_CELLS {
                    return Err(error(
                        prop.at,
                        format!(
                            "more than {MAX_SETUP_CELLS} set-up cells: too large a game record"
                        ),
                    ));
                }
                let list = match name {
                    "AE" => &mut data.add_empty,
                    _ if dialect.color(&name[1..]) == Color::Black => &mut data.add_black,
                    _ => &mut data.add_white,
                };
                list.extend(cells);
                read.setup_at.get_or_insert(prop.at);
            }
            "PL" => {
                let value = single(prop)?;
                let color = match value.trim().to_ascii_uppercase().as_str() {
                    "B" | "BLACK" => dialect.color("B"),
                    "W" | "WHITE" => dialect.color("W"),
                    _ => {
                        return Err(error(
                            prop.at,
                            format!("PL[{}]: expected PL[B] or PL[W]", quote(value)),
                        ))
                    }
                };
                data.to_play = Some(color);
                read.setup_at.get_or_insert(prop.at);
            }
            "C" => data.comment = Some(single(prop)?.to_string()),
            "IS" => {
                check_viewer_settings(prop, is_root)?;
                data.properties
                    .push((prop.name.clone(), prop.values.clone()));
            }
            _ if is_root && ROOT_ONLY.contains(&name) && name != "RU" => {}
            "RU" if is_root && read_rules(single(prop)?).is_some() => {}
            _ => data
                .properties
                .push((prop.name.clone(), prop.values.clone())),
        }
    }
    Ok(read)
}

/// Red-bean's `IS[keyword:on][keyword:off]...`: the viewer's initial settings, in the root only.
/// Kept as written; its form is checked so that a misplaced or mistyped one is named.
fn check_viewer_settings(prop: &RawProperty, is_root: bool) -> Result<(), SgfError> {
    if !is_root {
        return Err(error(
            prop.at,
            "IS (the viewer's settings) belongs in the root node only",
        ));
    }
    for value in &prop.values {
        let well_formed = value.split_once(':').is_some_and(|(key, on)| {
            !key.trim().is_empty()
                && key.trim().bytes().all(|b| b.is_ascii_alphabetic())
                && matches!(on.trim().to_ascii_lowercase().as_str(), "on" | "off")
        });
        if !well_formed {
            return Err(error(
                prop.at,
                format!(
                    "IS[{}]: expected a setting like IS[tried:on][lock:off]",
                    quote(value)
                ),
            ));
        }
    }
    Ok(())
}

/// Red-bean's `IP[]` (the node a viewer shows first): at most one in the file.
fn initial_node(raw: &[RawNode]) -> Result<Option<NodeId>, SgfError> {
    let mut found: Option<(NodeId, Place)> = None;
    for (id, node) in raw.iter().enumerate() {
        for prop in node.properties.iter().filter(|p| p.name == "IP") {
            if let Some((_, first)) = found {
                return Err(error(
                    prop.at,
                    format!(
                        "a second IP (the first is at line {}, column {}): a record names one initial position",
                        first.line, first.column
                    ),
                ));
            }
            found = Some((id, prop.at));
        }
    }
    Ok(found.map(|(id, _)| id))
}

/// What the root says of the game, and whether the old HexGui wrote the file.
fn read_info(root: &RawNode, golem: bool) -> Result<(GameInfo, bool), SgfError> {
    let mut info = GameInfo::new(BoardSize::default());
    let mut legacy_swap = false;
    for prop in &root.properties {
        match prop.name.as_str() {
            "FF" => {
                let value = single(prop)?;
                if !matches!(value.trim(), "1" | "2" | "3" | "4") {
                    return Err(error(
                        prop.at,
                        format!("FF[{}]: SGF versions go from 1 to 4", quote(value)),
                    ));
                }
            }
            "GM" => {
                let value = single(prop)?;
                if value.trim() != "11" {
                    return Err(error(
                        prop.at,
                        format!("GM[{}] is not a Hex game: Hex is GM[11]", quote(value)),
                    ));
                }
            }
            "SZ" => info.size = read_size(prop)?,
            "AP" => legacy_swap = single(prop)?.trim().starts_with("HexGui:0."),
            "RU" => {
                if let Some(config) = read_rules(single(prop)?) {
                    info.config = config;
                }
            }
            "PB" | "PW" => {
                let name = single(prop)?.to_string();
                let black = (prop.name == "PB") != golem;
                *(if black {
                    &mut info.black
                } else {
                    &mut info.white
                }) = Some(name);
            }
            "RE" => {
                let value = single(prop)?;
                info.result = Some(if golem {
                    flip_result(value)
                } else {
                    value.to_string()
                });
            }
            _ => {}
        }
    }
    Ok((info, legacy_swap))
}

/// Reads an SGF game record of any dialect (see the module documentation).
pub fn read(text: &str) -> Result<GameTree, SgfError> {
    read_record(text).map(|record| record.tree)
}

/// Reads an SGF game record of any dialect, saying which it was and where `IP[]` is.
pub fn read_record(text: &str) -> Result<Record, SgfError> {
    let raw = parse(text)?;
    let initial = initial_node(&raw)?;
    let mut children: Vec<Vec<usize>> = vec![Vec::new(); raw.len()];
    for (id, node) in raw.iter().enumerate().skip(1) {
        children[node.parent.expect("only the root has no parent")].push(id);
    }
    let root = &raw[0];
    let has_gm = root.properties.iter().any(|p| p.name == "GM");
    let mut first_label = None;
    let mut at = 0;
    loop {
        let label = raw[at]
            .properties
            .iter()
            .find(|p| p.name == "B" || p.name == "W");
        if let Some(prop) = label {
            first_label = Some(prop.name.as_str());
            break;
        }
        match children[at].first() {
            Some(&next) => at = next,
            None => break,
        }
    }
    let has_setup = raw.iter().any(|node| {
        node.properties
            .iter()
            .any(|p| matches!(p.name.as_str(), "AB" | "AW" | "AE" | "PL"))
    });
    let golem = !has_gm && !has_setup && first_label == Some("W");
    let (info, legacy_swap) = read_info(root, golem)?;
    let hexgui = root.properties.iter().any(|p| {
        p.name == "AP"
            && p.values.first().is_some_and(|v| {
                v.trim_start()
                    .get(..6)
                    .is_some_and(|app| app.eq_ignore_ascii_case("hexgui"))
            })
    });
    let kind = if golem {
        Dialect::LittleGolem
    } else if hexgui {
        Dialect::HexGui
    } else {
        Dialect::RedBean
    };
    let dialect = Style { golem, legacy_swap };
    let mut setup_cells = 0;
    let mut nodes = raw
        .iter()
        .enumerate()
        .map(|(id, node)| read_node(node, id == 0, dialect, &mut setup_cells))
        .collect::<Result<Vec<_>, _>>()?;
    // Which swap each swap move is: told by the colour of the move after it.
    for id in 0..nodes.len() {
        let Some(NodeMove::Swap { color, form }) = nodes[id].data.mv else {
            continue;
        };
        let next = children[id]
            .iter()
            .find_map(|&child| nodes[child].data.mv.map(NodeMove::color));
        let form = match (next, nodes[id].swap_word) {
            (_, Some("swap-sides")) => SwapForm::Sides,
            (Some(next), _) if next == color => SwapForm::Sides,
            (Some(_), _) => SwapForm::Pieces,
            (None, Some("swap-pieces")) if dialect.legacy_swap => SwapForm::Sides,
            (None, Some("swap")) if dialect.golem => SwapForm::Pieces,
            (None, _) => form,
        };
        nodes[id].data.mv = Some(NodeMove::Swap { color, form });
    }
    let places: Vec<(Place, Option<Place>, Option<Place>)> = raw
        .iter()
        .zip(&nodes)
        .map(|(node, read)| (node.at, read.move_at, read.setup_at))
        .collect();
    let mut datas = nodes.into_iter().map(|n| n.data);
    let root_data = datas.next().expect("a file has a root");
    let rest = raw
        .iter()
        .skip(1)
        .map(|node| node.parent.expect("only the root has no parent"))
        .zip(datas);
    let tree = GameTree::build(info, root_data, rest).map_err(|(id, e)| {
        let (node_at, move_at, setup_at) = places[id];
        let at = match e {
            NodeError::Move { .. } => move_at,
            NodeError::Setup(_) => setup_at,
        };
        error(at.unwrap_or(node_at), e.to_string())
    })?;
    Ok(Record {
        tree,
        dialect: kind,
        initial,
    })
}
