//! Wolve, the alpha-beta player (Henderson 2010, §6.2): a shallow alpha-beta search on the
//! resistance (electric circuit) evaluation augmented by virtual connections.
//!
//! - [`eval`]: one position's evaluation: fill-in, H-search for both players, proven results
//!   from winning connections and the mustplay, the circuits' resistance with full
//!   connections as wires, and the moves worth trying ordered by current;
//! - [`search`]: iterative deepening (1, 2, 4 plies) negamax with a width per node.
//!
//! ```
//! use hexlab_core::wolve::{Wolve, WolveParams};
//! use hexlab_core::search::Budget;
//! let game = hexlab_core::formats::code::read("size=4&moves=b2").unwrap();
//! let mut wolve = Wolve::new(WolveParams { max_depth: 1, ..WolveParams::default() });
//! let result = wolve.search(game.position(), &Budget::unlimited());
//! assert!(game.position().empty_cells().contains(result.best.unwrap()));
//! ```

pub mod eval;
pub mod search;

pub use search::{Scored, Wolve, WolveParams, WolveResult, WIN};
