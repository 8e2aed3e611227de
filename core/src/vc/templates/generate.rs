//! Deriving the edge templates by search: for an anchor stone on row `depth`, every minimal
//! carrier (within a cone under the anchor) on which the stone connects to the edge.
//!
//! The carriers come from [`minimal_carriers`] (connection search on the cone, each carrier
//! shrunk, further ones by forbidding cells of those found), up to `MAX_FORBIDDEN` forbidden
//! cells.

use std::collections::BTreeSet;

use crate::board::{BoardSize, Cell, CellSet, Color};
use crate::position::Position;
use crate::rules::RulesConfig;
use crate::vc::connect::connects_within;
use crate::vc::minimal_carriers::minimal_carriers;

use super::Template;

/// Cells of margin on either side of the anchor's cone.
pub const MARGIN: i32 = 2;
/// Most cells forbidden at once while looking for further minimal carriers, by depth: row 4
/// searches take seconds each, so there only the first template found (and its mirror image)
/// is kept.
const MAX_FORBIDDEN: [usize; 5] = [0, 0, 4, 4, 0];
/// Node budget of one search.
const BUDGET: u64 = 100_000_000;

/// The test board for one depth: Black's anchor stone and its cone (top-edge coordinates are
/// board coordinates here).
struct Cone {
    position: Position,
    anchor: Cell,
    anchor_col: i32,
    region: CellSet,
}

fn cone(depth: u8) -> Cone {
    let d = i32::from(depth);
    let anchor_col = MARGIN + 1;
    let width = anchor_col + d + MARGIN + 1;
    let size = BoardSize::new(width as u32, (d + 2) as u32).expect("a small board");
    let mut position = Position::new(size, RulesConfig::default());
    let anchor = Cell::new(anchor_col as u8, (d - 1) as u8);
    position
        .set_stone(anchor, Some(Color::Black))
        .expect("an empty board");
    let mut region = CellSet::new();
    for row in 0..d {
        for col in (anchor_col - MARGIN)..=(anchor_col + (d - 1 - row) + MARGIN) {
            region.insert(Cell::new(col as u8, row as u8));
        }
    }
    region.discard(anchor);
    Cone {
        position,
        anchor,
        anchor_col,
        region,
    }
}

impl Cone {
    /// The carrier of a connection on `region`; `None` also when the budget runs out (then a
    /// template may be missed or left larger than minimal, never wrong).
    fn connects(&self, region: CellSet) -> Option<CellSet> {
        connects_within(
            &self.position,
            Color::Black,
            self.anchor,
            Cell::TOP,
            region,
            BUDGET,
        )
        .flatten()
    }

    fn template(&self, depth: u8, carrier: CellSet) -> Template {
        let mut cells: Vec<(i8, u8)> = carrier
            .iter()
            .map(|c| ((i32::from(c.col()) - self.anchor_col) as i8, c.row()))
            .collect();
        cells.sort_unstable_by_key(|&(dc, r)| (r, dc));
        Template { depth, cells }
    }
}

/// Every minimal template of this depth found within the cone.
#[must_use]
pub fn templates_of_depth(depth: u8) -> Vec<Template> {
    let cone = cone(depth);
    let found = minimal_carriers(cone.region, MAX_FORBIDDEN[usize::from(depth)], |region| {
        cone.connects(region)
    });
    let mut unique: BTreeSet<Template> =
        found.into_iter().map(|c| cone.template(depth, c)).collect();
    let mirrors: Vec<Template> = unique.iter().map(Template::mirrored).collect();
    unique.extend(mirrors);
    let mut out: Vec<Template> = unique.into_iter().collect();
    out.sort_by_key(|t| (t.cells.len(), t.cells.clone()));
    out
}

/// The whole table: templates of depths 2 to 4, as committed in `core/data/templates.txt`.
#[must_use]
pub fn table() -> String {
    let mut text = String::from(
        "# Edge templates for Black and the top edge, derived by `hexlab-patterns templates`.\n\
         # depth: dc,row ...  (anchor on row `depth`, cells as column offset and 0-based row)\n",
    );
    for depth in 2..=4 {
        for template in templates_of_depth(depth) {
            text.push_str(&template.line());
            text.push('\n');
        }
    }
    text
}
