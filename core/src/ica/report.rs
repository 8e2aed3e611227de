//! The serde answer of the analysis, shared by `hexlab analyze --json`, GTP and the page.

use serde::Serialize;

use crate::board::Color;

use super::fillin::FillKind;
use super::inferior::MoveKind;
use super::Analysis;

use crate::report::cell_names as names;

/// Fill-in cells by the colour they take.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct FillinByColor {
    pub b: Vec<String>,
    pub w: Vec<String>,
}

impl FillinByColor {
    /// The cells of `fillin`, by the colour they took, in the order filled.
    #[must_use]
    pub fn of(fillin: &[super::fillin::Filled]) -> FillinByColor {
        let pick = |color: Color| -> Vec<String> {
            fillin
                .iter()
                .filter(|f| f.color == color)
                .map(|f| f.cell.to_string())
                .collect()
        };
        FillinByColor {
            b: pick(Color::Black),
            w: pick(Color::White),
        }
    }
}

/// One claim about a cell.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Claim {
    pub cell: String,
    /// `dead`, `captured`, `vulnerable` or `dominated`.
    pub kind: &'static str,
    /// For fill-in: the colour the cell takes.
    pub fill: Option<Color>,
    /// For dominated moves: a move at least as good.
    pub by: Option<String>,
    /// For vulnerable moves: the opponent moves that kill the cell.
    pub killers: Vec<String>,
    /// For reversible moves: the opponent's answer that takes the move back.
    pub reverser: Option<String>,
    /// Cells that witness the claim.
    pub witness: Vec<String>,
    /// The claim in a sentence.
    pub reason: String,
}

/// `hexlab analyze --json`: fill-in, inferior cells and the consider set.
///
/// Invariant: `fillin` lists exactly the cells of the `inferior` entries that have `fill`; the
/// other entries are moves of the filled position, absent from `consider`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct InferiorReport {
    pub to_move: Color,
    pub fillin: FillinByColor,
    pub inferior: Vec<Claim>,
    pub consider: Vec<String>,
    /// The winner when the fill-in completes a chain.
    pub decided: Option<Color>,
    pub notes: Vec<String>,
}

impl InferiorReport {
    /// Describes an analysis.
    #[must_use]
    pub fn of(analysis: &Analysis) -> InferiorReport {
        let mut fillin = FillinByColor::default();
        let mut inferior = Vec::new();
        for f in &analysis.fillin {
            match f.color {
                Color::Black => fillin.b.push(f.cell.to_string()),
                Color::White => fillin.w.push(f.cell.to_string()),
            }
            inferior.push(Claim {
                cell: f.cell.to_string(),
                kind: match f.kind {
                    FillKind::Dead => "dead",
                    FillKind::Captured => "captured",
                    FillKind::PermanentlyInferior => "permanently-inferior",
                },
                fill: Some(f.color),
                by: None,
                killers: Vec::new(),
                reverser: None,
                witness: names(f.witness()),
                reason: f.reason(),
            });
        }
        for m in &analysis.inferior {
            inferior.push(Claim {
                cell: m.cell.to_string(),
                kind: match m.kind {
                    MoveKind::Vulnerable => "vulnerable",
                    MoveKind::Dominated => "dominated",
                    MoveKind::Reversible => "reversible",
                },
                fill: None,
                by: m.by.map(|c| c.to_string()),
                killers: names(m.killers),
                reverser: m.reverser.map(|c| c.to_string()),
                witness: names(m.witness()),
                reason: m.reason(),
            });
        }
        fillin.b.sort_by_key(|c| c.parse::<crate::Cell>().ok());
        fillin.w.sort_by_key(|c| c.parse::<crate::Cell>().ok());
        InferiorReport {
            to_move: analysis.position.to_move(),
            fillin,
            inferior,
            consider: names(analysis.consider),
            decided: analysis.decided,
            notes: analysis.notes.clone(),
        }
    }
}
