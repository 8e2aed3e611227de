//! Choosing the player and Wolve's commands, with Benzene's names: `param_game` (`player mohex`
//! or `wolve`: which one answers `genmove`; `allow_swap` is accepted, the players never swap),
//! `param_wolve` (`max_time`, `max_depth`, `ply_width`), `wolve-get-pv` and `wolve-scores`
//! (the last Wolve search's root moves, `cell value`).

use hexlab_core::wolve::{WolveParams, WolveResult};

use super::mohex_commands::{cell_words, number, PlayerKind, MAX_SECONDS};
use super::{Answer, Command, Engine};

/// The commands, in HexGui's menu order.
pub const COMMANDS: &[Command] = &[
    Command {
        name: "param_game",
        handler: Engine::param_game,
        analyze: Some("param/Game Param/param_game"),
    },
    Command {
        name: "param_wolve",
        handler: Engine::param_wolve,
        analyze: Some("param/Wolve Param/param_wolve"),
    },
    Command {
        name: "wolve-get-pv",
        handler: |engine, _| from_last(engine, |r| cell_words(&r.pv)),
        analyze: Some("var/Wolve PV/wolve-get-pv"),
    },
    Command {
        name: "wolve-scores",
        handler: |engine, _| {
            from_last(engine, |r| {
                let pairs: Vec<String> = r
                    .scores
                    .iter()
                    .map(|s| format!("{} {:.3}", s.cell, s.value))
                    .collect();
                pairs.join(" ")
            })
        },
        analyze: Some("pspairs/Wolve Scores/wolve-scores"),
    },
];

impl Engine {
    fn param_game(&mut self, args: &[&str]) -> Answer {
        match args {
            [] => Ok(format!(
                "[bool] allow_swap 0\n[list/mohex/wolve] player {}",
                match self.mohex.kind {
                    PlayerKind::Mohex => "mohex",
                    PlayerKind::Wolve => "wolve",
                }
            )),
            ["player", "mohex"] => {
                self.mohex.kind = PlayerKind::Mohex;
                Ok(String::new())
            }
            ["player", "wolve"] => {
                self.mohex.kind = PlayerKind::Wolve;
                Ok(String::new())
            }
            ["player", other] => Err(format!(
                "player is mohex or wolve, not '{}'",
                hexlab_core::quote::quote(other)
            )),
            ["allow_swap", "0" | "1" | "true" | "false"] => Ok(String::new()),
            [name, _] => Err(format!(
                "unknown parameter: {}",
                hexlab_core::quote::quote(name)
            )),
            _ => Err("param_game needs no argument or a name and a value".into()),
        }
    }

    fn param_wolve(&mut self, args: &[&str]) -> Answer {
        let p = &mut self.mohex.wolve.params;
        match args {
            [] => Ok(describe(p)),
            [name, value] => {
                match *name {
                    "max_time" => p.max_time = number(name, value, 0.0..=MAX_SECONDS)?,
                    "max_depth" => p.max_depth = number(name, value, 1..=8)?,
                    "ply_width" => p.ply_width = number(name, value, 1..=361)?,
                    _ => {
                        return Err(format!(
                            "unknown parameter: {}",
                            hexlab_core::quote::quote(name)
                        ))
                    }
                }
                Ok(String::new())
            }
            _ => Err("param_wolve needs no argument or a name and a value".into()),
        }
    }
}

fn describe(p: &WolveParams) -> String {
    [
        format!("[string] max_depth {}", p.max_depth),
        format!("[string] max_time {}", p.max_time),
        format!("[string] ply_width {}", p.ply_width),
    ]
    .join("\n")
}

/// `answer` made from Wolve's last search (empty before one).
fn from_last(engine: &Engine, answer: impl Fn(&WolveResult) -> String) -> Answer {
    Ok(engine
        .mohex
        .wolve_last
        .as_ref()
        .map(answer)
        .unwrap_or_default())
}
