//! The solver's GTP commands, with Benzene's names and answers: `dfpn-solve-state`,
//! `dfpn-solver-find-winning`, `dfpn-get-pv`, `dfpn-get-bounds`, `dfpn-clear-tt` and
//! `param_dfpn` (threads, table size, time limit, HexGui's live drawing).
//!
//! The two that search run watched (see [`watch`]): `# interrupt` stops them (HexGui's
//! Stop button), and with `use_guifx` on they draw their progress for HexGui before answering
//! (see [`super::solver_gfx`]).
//!
//! As Benzene's, these commands solve the position without the swap option (Benzene's games
//! allow no swap unless asked): after Black's first move, White may only place a stone.

use hexlab_core::search::budget::native_clock;
use hexlab_core::search::Budget;
use hexlab_core::solver::{Features, Solver, DEFAULT_TABLE_MB, MAX_TABLE_MB, MAX_THREADS};
use hexlab_core::Position;

use super::session::watch;
use super::solver_gfx::{settled_block, solve_block};
use super::{Answer, Command, Engine};

/// The longest `param_dfpn timelimit`, in seconds (a week); 0 means none.
const MAX_SECONDS: f64 = 7.0 * 24.0 * 3600.0;

/// The solver's parameters (`param_dfpn`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DfpnParams {
    pub threads: usize,
    pub tt_mb: usize,
    /// Seconds per search; 0 for none.
    pub timelimit: f64,
    /// Draw the search's progress for HexGui (its Solve button sets this), as Benzene does.
    pub use_guifx: bool,
    /// Label the drawn line's deeper moves with their numbers too (Benzene's name).
    pub guifx_deep_bounds: bool,
}

impl Default for DfpnParams {
    fn default() -> Self {
        DfpnParams {
            threads: 1,
            tt_mb: DEFAULT_TABLE_MB,
            timelimit: 0.0,
            use_guifx: false,
            guifx_deep_bounds: false,
        }
    }
}

/// The solver's commands, in HexGui's menu order.
pub const COMMANDS: &[Command] = &[
    Command {
        name: "dfpn-solve-state",
        handler: Engine::dfpn_solve_state,
        analyze: Some("string/DFPN Solve State/dfpn-solve-state %m"),
    },
    Command {
        name: "dfpn-solver-find-winning",
        handler: Engine::dfpn_find_winning,
        analyze: Some("plist/DFPN Find Winning/dfpn-solver-find-winning %m"),
    },
    Command {
        name: "dfpn-get-pv",
        handler: Engine::dfpn_get_pv,
        analyze: Some("var/DFPN PV/dfpn-get-pv %m"),
    },
    Command {
        name: "dfpn-get-bounds",
        handler: Engine::dfpn_get_bounds,
        analyze: None,
    },
    Command {
        name: "dfpn-clear-tt",
        handler: |engine, _| {
            if let Some(solver) = &engine.solver {
                solver.clear();
            }
            Ok(String::new())
        },
        analyze: Some("none/DFPN Clear TT/dfpn-clear-tt"),
    },
    Command {
        name: "param_dfpn",
        handler: Engine::param_dfpn,
        analyze: Some("param/DFPN Param/param_dfpn"),
    },
];

impl Engine {
    /// The solver, made on first use with the current table size.
    fn solver(&mut self) -> &Solver {
        let mb = self.dfpn.tt_mb;
        self.solver
            .get_or_insert_with(|| Solver::new(mb, Features::default()))
    }

    /// The position with `args[0]` (if given) to move.
    fn solver_position(&self, args: &[&str], needs_color: bool) -> Result<Position, String> {
        let mut position = self.position.clone();
        position.disable_swap();
        match args {
            [] if !needs_color => {}
            [color] => position.set_to_move(Self::color(color)?),
            _ if needs_color => return Err("needs a colour, b or w".into()),
            _ => return Err("expects at most a colour, b or w".into()),
        }
        Ok(position)
    }

    fn dfpn_budget(&self) -> Budget {
        let budget = Budget::unlimited();
        if self.dfpn.timelimit > 0.0 {
            budget.with_time_limit(self.dfpn.timelimit * 1000.0, native_clock)
        } else {
            budget
        }
    }

    fn dfpn_pool(&self) -> Result<rayon::ThreadPool, String> {
        crate::args::thread_pool(self.dfpn.threads)
    }

    /// `dfpn-solve-state [b|w]`: `black` or `white`, the winner; `empty` when the time limit
    /// or `# interrupt` stopped the search first (as Benzene answers). Reads and writes the open
    /// database (`dfpn-open-db`). With `use_guifx`, draws the search every second and once at
    /// the end.
    fn dfpn_solve_state(&mut self, args: &[&str]) -> Answer {
        let position = self.solver_position(args, false)?;
        if let Some(winner) = self.db_lookup(&position)? {
            return Ok(winner.name().into());
        }
        let budget = self.dfpn_budget();
        let threads = self.dfpn.threads;
        let pool = self.dfpn_pool()?;
        let mark = self.db_mark();
        self.solver();
        let this = &*self;
        let solver = this.solver.as_ref().expect("made above");
        let (draw, deep) = (this.dfpn.use_guifx, this.dfpn.guifx_deep_bounds);
        let outcome = watch(
            this.live.as_ref(),
            &budget,
            || pool.install(|| solver.solve(&position, threads, &budget)),
            || {
                draw.then(|| solve_block(solver, &position, true, deep))
                    .flatten()
            },
        );
        if draw {
            if let Some(block) = solve_block(solver, &position, false, deep) {
                this.show(block);
            }
        }
        self.db_store(&position, outcome.winner, mark)?;
        Ok(outcome.winner.map_or("empty", |w| w.name()).into())
    }

    /// `dfpn-solver-find-winning b|w`: every winning move of that colour (each legal move
    /// settled), space separated; `?` when the time limit or `# interrupt` stops it first. With
    /// `use_guifx`, draws the moves settled so far every second and once at the end.
    fn dfpn_find_winning(&mut self, args: &[&str]) -> Answer {
        let position = self.solver_position(args, true)?;
        if position.winner().is_some() {
            return Ok(String::new());
        }
        let budget = self.dfpn_budget();
        let threads = self.dfpn.threads;
        let pool = self.dfpn_pool()?;
        self.solver();
        let this = &*self;
        let solver = this.solver.as_ref().expect("made above");
        let draw = this.dfpn.use_guifx;
        let moves = watch(
            this.live.as_ref(),
            &budget,
            || pool.install(|| solver.winning_moves(&position, threads, &budget)),
            || draw.then(|| settled_block(solver, &position)),
        );
        if draw {
            this.show(settled_block(solver, &position));
        }
        let moves = moves.map_err(|why| format!("stopped before every move was settled: {why}"))?;
        Ok(moves
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" "))
    }

    /// `dfpn-get-pv [b|w]`: the principal variation the table holds. When the table holds the
    /// position solved, nodes of the line it has since lost are solved again (within the
    /// `dfpn` time limit); an unsolved position is not searched.
    fn dfpn_get_pv(&mut self, args: &[&str]) -> Answer {
        let position = self.solver_position(args, false)?;
        let solved = self
            .solver()
            .bounds(&position)
            .is_some_and(|b| b.is_solved());
        let budget = if solved {
            self.dfpn_budget()
        } else {
            Budget::nodes(0)
        };
        let pv = self.solver().principal_variation(&position, &budget);
        Ok(pv
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" "))
    }

    /// `dfpn-get-bounds [b|w]`: the proof and disproof numbers the table holds (`phi delta`),
    /// from the side to move's view.
    fn dfpn_get_bounds(&mut self, args: &[&str]) -> Answer {
        let position = self.solver_position(args, false)?;
        match self.solver().bounds(&position) {
            Some(b) => Ok(format!("{} {}", b.phi, b.delta)),
            None => Ok("unknown".into()),
        }
    }

    /// `param_dfpn [name value]`: lists (HexGui's parameter dialog reads the list) or sets
    /// `use_guifx`, `guifx_deep_bounds` (0 or 1), `threads`, `tt_size` (MB) and `timelimit`
    /// (seconds, 0 for none). A new table size starts an empty table.
    fn param_dfpn(&mut self, args: &[&str]) -> Answer {
        match args {
            [] => Ok(format!(
                "\n[bool] use_guifx {}\n[bool] guifx_deep_bounds {}\n[string] threads {}\n\
                 [string] tt_size {}\n[string] timelimit {}",
                u8::from(self.dfpn.use_guifx),
                u8::from(self.dfpn.guifx_deep_bounds),
                self.dfpn.threads,
                self.dfpn.tt_mb,
                self.dfpn.timelimit
            )),
            [name, value] => {
                match *name {
                    "threads" => self.dfpn.threads = bounded(value, 1, MAX_THREADS)?,
                    "use_guifx" => self.dfpn.use_guifx = bounded(value, 0, 1)? == 1,
                    "guifx_deep_bounds" => {
                        self.dfpn.guifx_deep_bounds = bounded(value, 0, 1)? == 1;
                    }
                    "tt_size" => {
                        self.dfpn.tt_mb = bounded(value, 1, MAX_TABLE_MB)?;
                        self.solver = None;
                    }
                    "timelimit" => {
                        self.dfpn.timelimit = match value.parse::<f64>() {
                            Ok(s) if (0.0..=MAX_SECONDS).contains(&s) => s,
                            _ => {
                                return Err(format!(
                                    "timelimit: expected seconds from 0 to {MAX_SECONDS}"
                                ))
                            }
                        }
                    }
                    other => {
                        return Err(format!(
                            "unknown parameter: {}",
                            hexlab_core::quote::quote(other)
                        ))
                    }
                }
                Ok(String::new())
            }
            _ => Err("expects no arguments or a name and a value".into()),
        }
    }
}

/// `value` as a whole number from `low` to `high`.
fn bounded(value: &str, low: usize, high: usize) -> Result<usize, String> {
    match value.parse::<usize>() {
        Ok(n) if (low..=high).contains(&n) => Ok(n),
        _ => Err(format!(
            "{}: expected a whole number from {low} to {high}",
            hexlab_core::quote::quote(value)
        )),
    }
}
