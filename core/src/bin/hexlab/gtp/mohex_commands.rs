//! The player's GTP commands, with Benzene's names and answers: `genmove` by the search,
//! `param_mohex` (Benzene's parameter names, and hexlab's own for what Benzene lacks),
//! `mohex-get-pv` (the principal variation), `mohex-values` (every root move with its win
//! rate and visits, `cell .mean@count`, `W@count` for a proven win) and
//! `mohex-search-statistics`.
//!
//! `genmove` searches with the swap closed (as the solver commands do) and answers `resign`
//! on a finished board; `# interrupt` stops its search early (it then plays the best move so
//! far, as MoHex does). The tree is kept between moves (`reuse_subtree`).

use hexlab_core::mohex::tree::{LOSS, WIN};
use hexlab_core::mohex::{Params, Player, Proven, SearchResult};
use hexlab_core::search::budget::native_clock;
use hexlab_core::search::Budget;
use hexlab_core::wolve::{Wolve, WolveParams, WolveResult};
use hexlab_core::{Cell, Move};

use super::session::watch;
use super::{Answer, Command, Engine};

/// The longest `max_time`, in seconds (a day).
pub(super) const MAX_SECONDS: f64 = 24.0 * 3600.0;
/// The most threads.
const MAX_THREADS: usize = 256;
/// The most tree nodes (about 28 bytes each).
const MAX_NODES: usize = 1 << 28;

/// The player's commands, in HexGui's menu order.
pub const COMMANDS: &[Command] = &[
    Command {
        name: "genmove",
        handler: Engine::genmove,
        analyze: None,
    },
    Command {
        name: "param_mohex",
        handler: Engine::param_mohex,
        analyze: Some("param/MoHex Param/param_mohex"),
    },
    Command {
        name: "mohex-get-pv",
        handler: |engine, _| {
            Ok(engine
                .last_search
                .as_ref()
                .map(|r| cell_words(&r.pv))
                .unwrap_or_default())
        },
        analyze: Some("var/MoHex PV/mohex-get-pv %m"),
    },
    Command {
        name: "mohex-patterns",
        handler: Engine::mohex_patterns,
        analyze: None,
    },
    Command {
        name: "mohex-values",
        handler: Engine::mohex_values,
        analyze: Some("pspairs/MoHex Values/mohex-values"),
    },
    Command {
        name: "mohex-search-statistics",
        handler: |engine, _| {
            let Some(r) = &engine.last_search else {
                return Ok("no search yet".into());
            };
            Ok(format!(
                "games {}\nvisits {}\nnodes {}\nwinrate {:.3}\nproven {}",
                r.games,
                r.visits,
                r.nodes,
                r.winrate,
                match r.proven {
                    Some(Proven::Win) => "win",
                    Some(Proven::Loss) => "loss",
                    None => "no",
                }
            ))
        },
        analyze: Some("string/MoHex Search Statistics/mohex-search-statistics"),
    },
];

/// Which player answers `genmove` (`param_game player`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayerKind {
    Mohex,
    Wolve,
}

/// The players' state in a GTP session.
pub struct MohexState {
    pub player: Player,
    pub wolve: Wolve,
    pub kind: PlayerKind,
    /// Wolve's last search (`wolve-get-pv`, `wolve-scores`).
    pub wolve_last: Option<WolveResult>,
}

impl MohexState {
    /// The players with Benzene's defaults where it has them, MoHex's simulations seeded by
    /// `seed`; MoHex plays.
    pub fn new(seed: u64) -> MohexState {
        MohexState {
            player: Player::new(Params {
                seed,
                ..Params::default()
            }),
            wolve: Wolve::new(WolveParams::default()),
            kind: PlayerKind::Mohex,
            wolve_last: None,
        }
    }
}

impl Engine {
    pub(super) fn genmove(&mut self, args: &[&str]) -> Answer {
        let [color] = args else {
            return Err("genmove needs a colour: genmove b".into());
        };
        let color = Self::color(color)?;
        if self.position.winner().is_some() || self.position.empty_cells().is_empty() {
            return Ok("resign".into());
        }
        let mut position = self.position.clone();
        position.set_to_move(color);
        if self.mohex.kind == PlayerKind::Wolve {
            let wolve = &mut self.mohex.wolve;
            let mut budget = Budget::unlimited();
            if wolve.params.max_time > 0.0 {
                budget = budget.with_time_limit(wolve.params.max_time * 1000.0, native_clock);
            }
            // `# interrupt` ends Wolve's search too: the best move of the depths finished.
            let result = watch(
                self.live.as_ref(),
                &budget,
                || wolve.search(&position, &budget),
                || None,
            );
            let cell = result.best.ok_or("no move found")?;
            self.mohex.wolve_last = Some(result);
            self.apply(color, Move::Cell(cell))?;
            return Ok(cell.to_string());
        }
        let player = &mut self.mohex.player;
        let threads = player.params.num_threads;
        let pool = crate::args::thread_pool(threads)?;
        let mut budget = Budget::unlimited();
        if player.params.max_time > 0.0 {
            budget = budget.with_time_limit(player.params.max_time * 1000.0, native_clock);
        }
        // The opponent's last move: the one stone the last position of the history lacks.
        let last = self.history.last().and_then(|before| {
            let added = self.position.occupied() - before.occupied();
            (added.len() == 1).then(|| added.first()).flatten()
        });
        // `# interrupt` (HexGui's Stop button) ends the search early: the best move so far.
        let result = watch(
            self.live.as_ref(),
            &budget,
            || pool.install(|| player.search_after(&position, last, &budget)),
            || None,
        );
        let cell = result.best.ok_or("no move found")?;
        self.last_search = Some(result);
        self.apply(color, Move::Cell(cell))?;
        Ok(cell.to_string())
    }

    fn mohex_values(&mut self, _: &[&str]) -> Answer {
        let Some((root, tree)) = self.mohex.player.tree() else {
            return Ok(String::new());
        };
        let board = hexlab_core::mohex::board::SimBoard::new(root);
        let Some(children) = tree.root().children() else {
            return Ok(String::new());
        };
        let mut out = Vec::new();
        for i in children {
            let c = tree.node(i);
            let cell = board.cell(c.cell.load(std::sync::atomic::Ordering::Relaxed) as usize);
            let count = c.visits();
            let value = match c.proven() {
                LOSS => format!("W@{count}"),
                WIN => format!("L@{count}"),
                _ if count == 0 => "0".into(),
                _ => format!(
                    ".{:03}@{count}",
                    (c.mean() * 1000.0).round().min(999.0) as u32
                ),
            };
            out.push(format!("{cell} {value}"));
        }
        Ok(out.join(" "))
    }

    /// `mohex-patterns FILE`: the player's pattern gammas from a file (the text form that
    /// `hexlab patterns learn` writes); `mohex-patterns builtin` restores the built-in table.
    fn mohex_patterns(&mut self, args: &[&str]) -> Answer {
        let [path] = args else {
            return Err("mohex-patterns needs a file (or builtin)".into());
        };
        let gammas = if *path == "builtin" {
            hexlab_core::mohex::pattern::builtin().clone()
        } else {
            // A table is a few hundred kB: a larger file (or an endless one) is refused.
            let text = crate::args::read_text(path, 64 << 20)?;
            hexlab_core::mohex::pattern::Gammas::read(&text)
                .map_err(|e| format!("{}: {e}", hexlab_core::quote::quote(path)))?
        };
        self.mohex.player.gammas = std::sync::Arc::new(gammas);
        self.mohex.player.clear();
        Ok(String::new())
    }

    fn param_mohex(&mut self, args: &[&str]) -> Answer {
        let p = &mut self.mohex.player.params;
        match args {
            [] => Ok(describe(p)),
            [name, value] => set(p, name, value),
            _ => Err("param_mohex needs no argument or a name and a value".into()),
        }
    }
}

/// `[bool]` / `[string]` lines, as Benzene lists them.
fn describe(p: &Params) -> String {
    let b = |x: bool| u8::from(x);
    [
        format!("[bool] reuse_subtree {}", b(p.reuse_subtree)),
        format!("[bool] use_rave {}", b(p.use_rave)),
        format!("[bool] bridge_replies {}", b(p.bridge_replies)),
        format!("[bool] playout_fillin {}", b(p.playout_fillin)),
        format!("[bool] knowledge_proofs {}", b(p.knowledge_proofs)),
        format!("[string] expand_threshold {}", p.expand_threshold),
        format!("[string] inferior_max_empty {}", p.inferior_max_empty),
        format!("[string] knowledge_threshold {}", p.knowledge_threshold),
        format!("[string] max_games {}", p.max_games),
        format!("[string] max_nodes {}", p.max_nodes),
        format!("[string] max_time {}", p.max_time),
        format!("[string] num_threads {}", p.num_threads),
        format!("[string] playout_local {}", p.playout_local),
        format!("[string] progressive_bias {}", p.progressive_bias),
        format!("[string] rave_prior {}", p.rave_prior),
        format!("[string] rave_weight_final {}", p.rave_weight_final),
        format!("[string] seed {}", p.seed),
        format!("[string] temperature {}", p.temperature),
        format!("[string] solver_max_empty {}", p.solver_max_empty),
        format!("[string] solver_nodes {}", p.solver_nodes),
        format!("[string] uct_bias_constant {}", p.uct_bias_constant),
        format!("[string] vcm_gamma {}", p.vcm_gamma),
    ]
    .join("\n")
}

/// Cells as GTP words, space separated (a principal variation).
pub(super) fn cell_words(cells: &[Cell]) -> String {
    cells
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

pub(super) fn number<T: std::str::FromStr + PartialOrd + std::fmt::Display>(
    name: &str,
    value: &str,
    range: std::ops::RangeInclusive<T>,
) -> Result<T, String> {
    match value.parse::<T>() {
        Ok(v) if range.contains(&v) => Ok(v),
        _ => Err(format!(
            "{name} takes a number from {} to {}, not '{}'",
            range.start(),
            range.end(),
            hexlab_core::quote::quote(value)
        )),
    }
}

fn flag(name: &str, value: &str) -> Result<bool, String> {
    match value {
        "1" | "true" => Ok(true),
        "0" | "false" => Ok(false),
        _ => Err(format!(
            "{name} takes 0 or 1, not '{}'",
            hexlab_core::quote::quote(value)
        )),
    }
}

fn set(p: &mut Params, name: &str, value: &str) -> Answer {
    match name {
        "reuse_subtree" => p.reuse_subtree = flag(name, value)?,
        "use_rave" => p.use_rave = flag(name, value)?,
        "bridge_replies" => p.bridge_replies = flag(name, value)?,
        "playout_fillin" => p.playout_fillin = flag(name, value)?,
        "knowledge_proofs" => p.knowledge_proofs = flag(name, value)?,
        "expand_threshold" => p.expand_threshold = number(name, value, 0..=1_000_000)?,
        "inferior_max_empty" => p.inferior_max_empty = number(name, value, 0..=361)?,
        "knowledge_threshold" => p.knowledge_threshold = number(name, value, 0..=u32::MAX)?,
        "max_games" => p.max_games = number(name, value, 1..=1u64 << 40)?,
        "level" => {
            let level = number(name, value, 1..=hexlab_core::mohex::level::LEVELS)?;
            *p = hexlab_core::mohex::level::params(level, *p);
            p.max_time = 0.0;
        }
        "max_nodes" => p.max_nodes = number(name, value, 1..=MAX_NODES)?,
        "max_time" => p.max_time = number(name, value, 0.0..=MAX_SECONDS)?,
        "num_threads" => p.num_threads = number(name, value, 1..=MAX_THREADS)?,
        "progressive_bias" => p.progressive_bias = number(name, value, 0.0..=1000.0)?,
        "vcm_gamma" => p.vcm_gamma = number(name, value, 0.0..=1e6)?,
        "playout_local" => p.playout_local = number(name, value, 0.0..=1e9)?,
        "rave_prior" => p.rave_prior = number(name, value, 0..=1_000_000)?,
        "rave_weight_final" => p.rave_weight_final = number(name, value, 1e-3..=1e12)?,
        "seed" => p.seed = number(name, value, 0..=u64::MAX)?,
        "temperature" => p.temperature = number(name, value, 0.0..=100.0)?,
        "solver_max_empty" => p.solver_max_empty = number(name, value, 0..=361)?,
        "solver_nodes" => p.solver_nodes = number(name, value, 1..=1u64 << 40)?,
        "uct_bias_constant" => p.uct_bias_constant = number(name, value, 0.0..=100.0)?,
        _ => {
            return Err(format!(
                "unknown parameter: {}",
                hexlab_core::quote::quote(name)
            ))
        }
    }
    Ok(String::new())
}

/// The last search's result, for `mohex-get-pv` and the statistics.
pub type LastSearch = Option<SearchResult>;
