//! hexlab-core: the Hex engine behind the hexlab analysis board.
//!
//! Pure Rust with no browser or I/O code, so the same engine runs natively (the `hexlab`
//! command, with the `cli` feature) and in WebAssembly (the `hexlab-wasm` crate).
//!
//! Layers depend only downwards:
//! - [`board`]: cells, cell sets, colours and the fixed geometry of a board size;
//! - [`rules`] and [`position`]: stones, side to move, legal moves, winners, swap;
//! - [`game`]: a position with its move history, undo and redo;
//! - [`game_tree`]: a game record with variations, comments and set-up stones;
//! - [`notation`] and [`formats`]: reading and writing what players type and paste;
//! - [`playout`]: uniformly random playouts on the rayon pool;
//! - [`eval`]: heuristic evaluations (the resistance circuit) that order a search's moves;
//! - [`search`]: what every search shares: a budget with a cancel flag, a transposition table;
//! - [`solver`]: focused df-pn proving who wins, on a table shared by threads;
//! - [`mohex`]: the player, Monte Carlo tree search with RAVE and knowledge on the thread pool;
//! - [`report`]: the serde result types printed by the CLI and sent to JavaScript.
//!
//! ```
//! use hexlab_core::{Game, Move};
//! let mut game = Game::new(hexlab_core::BoardSize::square(3).unwrap(), Default::default());
//! for mv in ["b1", "a2", "b2", "a3", "b3"] {
//!     game.play(mv.parse::<Move>().unwrap()).unwrap();
//! }
//! assert_eq!(game.position().winner(), Some(hexlab_core::Color::Black));
//! ```

pub mod board;
pub mod eval;
pub mod formats;
pub mod game;
pub mod game_tree;
pub mod ica;
pub mod mohex;
pub mod notation;
pub mod playout;
pub mod position;
pub mod quote;
pub mod report;
pub mod rng;
pub mod rules;
pub mod search;
pub mod solver;
pub mod vc;
pub mod wolve;

pub use board::{BoardSize, ByColor, Cell, CellSet, Color};
pub use game::Game;
pub use notation::{Move, ParseCellError, ParseMoveError};
pub use position::{PlayError, Position, PositionError, Setup};
pub use rules::{Rules, RulesConfig};

/// The engine's version, as printed by `hexlab --version` and GTP `version`.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// Builds every table the engine otherwise builds on first use (the inferior cell patterns'
/// indices, the edge templates and pieces of H-search, the player's pattern gammas): about 0.15 s
/// of CPU, once per process. A long-lived engine (`hexlab gtp`) calls it at start-up, as
/// Benzene's engines load their pattern files, so that its first analysis or `genmove` is as
/// fast as the next ones (and a timed first `genmove` measures the search, not the set-up).
/// Calling it again, or from several threads, does nothing more (each table is a `OnceLock`).
pub fn warm_up() {
    ica::pattern::Library::global().build_indices();
    let _ = vc::templates::library();
    let _ = vc::edge_pieces::library();
    let _ = mohex::pattern::builtin();
}

#[cfg(test)]
mod tests {
    #[test]
    fn warm_up_builds_the_tables_and_may_run_again() {
        super::warm_up();
        super::warm_up();
        assert!(!super::vc::templates::library().is_empty());
        assert!(!super::vc::edge_pieces::library().is_empty());
    }
}
