//! The inferior cell analysis's GTP commands (`compute-inferior`, `compute-fillin`), and the
//! HexGui `inferior` format they answer in, which the `vc-build` commands share.

use hexlab_core::Position;

use super::{Answer, Command, Engine};

/// The analysis's commands, in HexGui's menu order.
pub const COMMANDS: &[Command] = &[
    Command {
        name: "compute-inferior",
        handler: |engine, args| engine.inferior(args, false),
        analyze: Some("inferior/Compute Inferior/compute-inferior %m"),
    },
    Command {
        name: "compute-fillin",
        handler: |engine, args| engine.inferior(args, true),
        analyze: Some("inferior/Compute Fillin/compute-fillin %m"),
    },
];

impl Engine {
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

    /// The analysis of `position` (with its side to move) in HexGui's `inferior` format (see
    /// [`Engine::inferior`]), with the search settings (as Benzene's engine, which answers
    /// with what its searches use).
    pub(super) fn inferior_answer(position: &Position, fillin_only: bool) -> String {
        let analysis =
            hexlab_core::ica::analyze_with(position, &hexlab_core::ica::IcaParams::SEARCH);
        Self::inferior_text(&analysis, fillin_only)
    }

    /// An analysis in HexGui's `inferior` format.
    pub(super) fn inferior_text(
        analysis: &hexlab_core::ica::Analysis,
        fillin_only: bool,
    ) -> String {
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
}
