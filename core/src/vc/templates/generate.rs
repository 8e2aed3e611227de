//! Deriving the edge templates by search: for an anchor stone on row `depth`, every minimal
//! carrier (within a cone under the anchor) on which the stone connects to the edge.
//!
//! The carriers come from [`minimal_carriers`] (connection search on the cone, each carrier
//! shrunk, further ones by forbidding cells of those found), up to `MAX_FORBIDDEN` forbidden
//! cells.
//!
//! Templates with a stone ([`templates_with_stone`]): the same search with one more stone of
//! the player's in the cone, kept only where the stone is needed (no template without it on
//! the same cells) and H-search's rules do not already find the connection on those cells.
//!
//! Rows 5 and 6 with a stone ([`templates_with_stone_solved`]) are too large for the
//! connection search (one row-6 cone took 106 s to refute); there the solver decides each
//! connection on a board built so that the player wins exactly when the anchor joins the edge
//! inside the region ([`Cone::solver_connects`]), in milliseconds, and each carrier is shrunk
//! from the whole region one cell at a time, so the table depends on nothing but the answers.
//! The solver is checked against brute force (`core/tests/solver_soundness.rs`), its board
//! against the connection search on rows 3 and 4, and every row-5 and row-6 template is proved
//! again by a solver without H-search (`core/tests/vc_soundness.rs`).

use std::collections::BTreeSet;

use rayon::prelude::*;

use crate::board::{BoardSize, Cell, CellSet, Color};
use crate::position::Position;
use crate::rules::RulesConfig;
use crate::search::Budget;
use crate::solver::{Features, Solver};
use crate::vc::connect::connects_within;
use crate::vc::minimal_carriers::minimal_carriers;
use crate::vc::{h_search, Limits};

use super::Template;

/// Cells of margin on either side of the anchor's cone.
pub const MARGIN: i32 = 2;
/// Most cells forbidden at once while looking for further minimal carriers, by depth: row 4
/// searches take seconds each, so there only the first template found (and its mirror image)
/// is kept.
const MAX_FORBIDDEN: [usize; 5] = [0, 0, 4, 4, 0];
/// Node budget of one search.
const BUDGET: u64 = 100_000_000;
/// Node budget of one search for the templates with a stone: a search that runs out counts as
/// no connection (a template missed, never a wrong one). With [`BUDGET`] and one forbidden
/// cell, row 4 ran over 15 minutes, refuting connections on large regions; with this it takes
/// under two, and finds the same templates with no forbidden cell as [`BUDGET`] does.
const STONE_BUDGET: u64 = 500_000;

/// The test board for one depth: Black's anchor stone and its cone (top-edge coordinates are
/// board coordinates here).
struct Cone {
    position: Position,
    anchor: Cell,
    anchor_col: i32,
    region: CellSet,
    /// Node budget of one search.
    budget: u64,
    /// Whether the solver decides each connection ([`Cone::solver_connects`]) instead of the
    /// connection search.
    by_solver: bool,
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
        budget: BUDGET,
        by_solver: false,
    }
}

impl Cone {
    /// The carrier of a connection on `region`; `None` also when the budget runs out (then a
    /// template may be missed or left larger than minimal, never wrong).
    fn connects(&self, region: CellSet) -> Option<CellSet> {
        if self.by_solver {
            return (self.solver_connects(region, self.budget) == Some(true)).then_some(region);
        }
        connects_within(
            &self.position,
            Color::Black,
            self.anchor,
            Cell::TOP,
            region,
            self.budget,
        )
        .flatten()
    }

    fn template(&self, depth: u8, carrier: CellSet) -> Template {
        self.template_with(depth, carrier, CellSet::new())
    }

    fn template_with(&self, depth: u8, carrier: CellSet, stones: CellSet) -> Template {
        let offsets = |set: CellSet| {
            let mut cells: Vec<(i8, u8)> = set
                .iter()
                .map(|c| ((i32::from(c.col()) - self.anchor_col) as i8, c.row()))
                .collect();
            cells.sort_unstable_by_key(|&(dc, r)| (r, dc));
            cells
        };
        Template {
            depth,
            cells: offsets(carrier),
            stones: offsets(stones),
        }
    }

    /// Whether the anchor connects to the edge playing only on `region` (cells of the cone
    /// less its stones), decided by the solver within `budget` nodes (`None` when it ran out).
    ///
    /// The solver's board is the cone's, every cell outside `region` the opponent's except a
    /// path of the player's from the anchor to the far edge: the anchor's lower right
    /// neighbour and the cell below it. The player then joins their edges (the opponent to move)
    /// exactly when the anchor joins the template's edge inside `region`: the path's only
    /// neighbour in the cone besides the anchor is the anchor's right-hand neighbour, which
    /// touches the anchor, so a chain reaching it reaches the anchor too.
    fn solver_connects(&self, region: CellSet, budget: u64) -> Option<bool> {
        self.solver_connects_with(region, budget, Features::default())
    }

    /// [`Cone::solver_connects`] with the solver's prunings `features`.
    fn solver_connects_with(
        &self,
        region: CellSet,
        budget: u64,
        features: Features,
    ) -> Option<bool> {
        let mut position = self.position.clone();
        let size = position.size();
        let below = Cell::new(self.anchor.col(), self.anchor.row() + 1);
        let bottom = Cell::new(self.anchor.col(), self.anchor.row() + 2);
        for cell in size.cells().iter() {
            if position.stone_at(cell).is_some() || region.contains(cell) {
                continue;
            }
            let color = if cell == below || cell == bottom {
                Color::Black
            } else {
                Color::White
            };
            position.set_stone(cell, Some(color)).expect("a board cell");
        }
        position.set_to_move(Color::White);
        let solver = Solver::new(1, features);
        let outcome = solver.solve(&position, 1, &Budget::nodes(budget));
        outcome.winner.map(|w| w == Color::Black)
    }

    /// The templates with `stone` (see [`templates_with_stone`]).
    fn templates_with(&self, depth: u8, stone: Cell, max_forbidden: usize) -> Vec<Template> {
        let with = self.with_stone(stone);
        if with.connects(with.region).is_none() {
            return Vec::new();
        }
        let found = minimal_carriers(with.region, max_forbidden, |region| with.connects(region));
        // Without the table's templates, so that the table never depends on itself.
        let plain = Limits {
            edge_templates: false,
            ..Limits::default()
        };
        let derived: Vec<CellSet> = h_search(&with.position, Color::Black, plain)
            .between(self.anchor, Cell::TOP)
            .map(|pair| pair.full().map(|f| f.carrier).collect())
            .unwrap_or_default();
        found
            .into_iter()
            .filter(|carrier| {
                let stone_needed = self.connects(*carrier | CellSet::single(stone)).is_none();
                stone_needed && !derived.iter().any(|d| d.is_subset(carrier))
            })
            .map(|carrier| self.template_with(depth, carrier, CellSet::single(stone)))
            .collect()
    }

    /// The cone with one more stone of the player's, and the region without it.
    fn with_stone(&self, stone: Cell) -> Cone {
        let mut position = self.position.clone();
        position
            .set_stone(stone, Some(Color::Black))
            .expect("a cell of the cone");
        Cone {
            position,
            anchor: self.anchor,
            anchor_col: self.anchor_col,
            region: self.region - CellSet::single(stone),
            budget: self.budget,
            by_solver: self.by_solver,
        }
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

/// The rows of the templates with a stone, and the most cells forbidden at once while looking
/// for further minimal carriers (row 4 with one: 76 templates in 100 s on one thread, against
/// 14 with none; they take the 7x7 openings c3, a2, a3, b2, d4, g2 from 26,163 solver nodes to
/// 25,236).
pub const STONE_DEPTHS: [(u8, usize); 1] = [(4, 1)];

/// Every minimal template of row `depth` with one stone of the player's in the cone (rows 2
/// and up, see [`STONE_DEPTHS`]) that the stone makes (no template without it on its cells) and
/// that H-search's rules (without templates) do not find on its cells.
#[must_use]
pub fn templates_with_stone(depth: u8, max_forbidden: usize) -> Vec<Template> {
    let cone = Cone {
        budget: STONE_BUDGET,
        ..cone(depth)
    };
    stone_templates(&cone, depth, max_forbidden)
}

/// The templates with a stone of `cone`, one stone per task on the rayon pool (the connection
/// searches take seconds to a minute each), with their mirror images.
fn stone_templates(cone: &Cone, depth: u8, max_forbidden: usize) -> Vec<Template> {
    let stones: Vec<Cell> = cone.region.iter().filter(|c| c.row() > 0).collect();
    let found: Vec<Vec<Template>> = stones
        .par_iter()
        .map(|&stone| cone.templates_with(depth, stone, max_forbidden))
        .collect();
    let mut unique: BTreeSet<Template> = found.into_iter().flatten().collect();
    let mirrors: Vec<Template> = unique.iter().map(Template::mirrored).collect();
    unique.extend(mirrors);
    let mut out: Vec<Template> = unique.into_iter().collect();
    out.sort_by_key(|t| (t.cells.len(), t.cells.clone(), t.stones.clone()));
    out
}

/// The rows of the templates with a stone that the solver decides, and the most cells
/// forbidden at once (row 5 with one: 132 templates in some 5 s on two threads; row 6 with
/// none: 22 in some 20 s; row 6 with one, 52 in two minutes, did not make the 7x7 trees
/// smaller). They take the 7x7 openings c3, a2, a3, b2, d4, g2 from 25,236 solver nodes to
/// 24,676 (c3 995 to 847: after White's d5 Black's win is a row-6 template with c3).
pub const SOLVED_STONE_DEPTHS: [(u8, usize); 2] = [(5, 1), (6, 0)];

/// Node budget of one solve of [`templates_with_stone_solved`]: the table's solves take at
/// most 148 nodes on row 5 and 2,238 on row 6 (so the table is what exact answers give); one
/// that ran out would count as no connection.
pub const SOLVER_BUDGET: u64 = 100_000;

/// [`templates_with_stone`] with each connection decided by the solver
/// ([`Cone::solver_connects`], within [`SOLVER_BUDGET`] nodes).
#[must_use]
pub fn templates_with_stone_solved(depth: u8, max_forbidden: usize) -> Vec<Template> {
    let cone = Cone {
        budget: SOLVER_BUDGET,
        by_solver: true,
        ..cone(depth)
    };
    stone_templates(&cone, depth, max_forbidden)
}

/// Whether `template` (of a row the cone holds, its cells and stones within the cone) joins
/// its anchor to the edge, decided as [`templates_with_stone_solved`] decides, by a solver
/// with the prunings `features` and `budget` nodes (`None` when they run out).
#[must_use]
pub fn solver_check(template: &Template, features: Features, budget: u64) -> Option<bool> {
    let cone = cone(template.depth);
    let at = |&(dc, row): &(i8, u8)| Cell::new((cone.anchor_col + i32::from(dc)) as u8, row);
    let mut position = cone.position.clone();
    for stone in template.stones.iter().map(at) {
        position
            .set_stone(stone, Some(Color::Black))
            .expect("a cell of the cone");
    }
    let region: CellSet = template.cells.iter().map(at).collect();
    let cone = Cone { position, ..cone };
    cone.solver_connects_with(region, budget, features)
}

/// The whole table: templates of depths 2 to 4, then those with a stone (row 4 by connection
/// search, rows 5 and 6 by the solver), as committed in `core/data/templates.txt`.
#[must_use]
pub fn table() -> String {
    let mut text = String::from(
        "# Edge templates for Black and the top edge, derived by `hexlab-patterns templates`.\n\
         # depth: dc,row ... [| dc,row ...]  (anchor on row `depth`, cells as column offset and\n\
         # 0-based row; after `|`, the player's stones the template needs)\n",
    );
    let without = (2..=4).flat_map(templates_of_depth);
    let with = STONE_DEPTHS
        .iter()
        .flat_map(|&(depth, forbidden)| templates_with_stone(depth, forbidden));
    let solved = SOLVED_STONE_DEPTHS
        .iter()
        .flat_map(|&(depth, forbidden)| templates_with_stone_solved(depth, forbidden));
    for template in without.chain(with).chain(solved) {
        text.push_str(&template.line());
        text.push('\n');
    }
    text
}
