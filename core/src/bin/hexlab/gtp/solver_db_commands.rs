//! The solver's database commands, with Benzene's names: `dfpn-open-db FILE` opens (creating
//! if needed) a solved-position store, `dfpn-close-db` closes it. While one is open,
//! `dfpn-solve-state` answers from it when it holds the position and stores what it proves.
//!
//! Invariant: only proven results are stored (a search stopped by the time limit stores
//! nothing), each in its own transaction, so a killed session loses at most the one under way.

use std::path::Path;
use std::sync::atomic::Ordering;

use hexlab_core::search::budget::native_clock;
use hexlab_core::solver::store::{Solved, Store};
use hexlab_core::{Color, Position};

use super::{Answer, Command, Engine};

/// The database commands.
pub const COMMANDS: &[Command] = &[
    Command {
        name: "dfpn-open-db",
        handler: Engine::dfpn_open_db,
        analyze: None,
    },
    Command {
        name: "dfpn-close-db",
        handler: |engine, args| {
            if !args.is_empty() {
                return Err("expects no arguments".into());
            }
            engine.db = None;
            Ok(String::new())
        },
        analyze: Some("none/DFPN Close DB/dfpn-close-db"),
    },
];

/// Where a solve started: the solver's node count and the clock, for what is stored.
pub struct DbMark {
    nodes: u64,
    ms: f64,
}

impl Engine {
    /// `dfpn-open-db FILE`: opens the store in `FILE` (closing one already open).
    fn dfpn_open_db(&mut self, args: &[&str]) -> Answer {
        let [path] = args else {
            return Err("expects a file name".into());
        };
        self.db = None;
        let store = Store::open(Path::new(path)).map_err(|e| e.to_string())?;
        self.db = Some(store);
        Ok(String::new())
    }

    /// The winner the open store holds for `position`, if any.
    pub(super) fn db_lookup(&self, position: &Position) -> Result<Option<Color>, String> {
        let Some(db) = &self.db else {
            return Ok(None);
        };
        Ok(db
            .get(position)
            .map_err(|e| e.to_string())?
            .map(|s| s.winner))
    }

    /// Marks the start of a solve (nodes and time) for [`Engine::db_store`].
    pub(super) fn db_mark(&self) -> DbMark {
        DbMark {
            nodes: self
                .solver
                .as_ref()
                .map_or(0, |s| s.stats.expansions.load(Ordering::Relaxed)),
            ms: native_clock(),
        }
    }

    /// Stores `winner` as `position`'s result in the open store (nothing without a store or a
    /// winner).
    pub(super) fn db_store(
        &self,
        position: &Position,
        winner: Option<Color>,
        mark: DbMark,
    ) -> Result<(), String> {
        let (Some(db), Some(winner)) = (&self.db, winner) else {
            return Ok(());
        };
        let nodes = self
            .solver
            .as_ref()
            .map_or(0, |s| s.stats.expansions.load(Ordering::Relaxed));
        let solved = Solved {
            winner,
            winning_moves: None,
            nodes: nodes.saturating_sub(mark.nodes),
            ms: native_clock() - mark.ms,
            version: hexlab_core::VERSION.to_string(),
        };
        db.put(position, &solved).map_err(|e| e.to_string())
    }
}
