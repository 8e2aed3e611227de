//! The player: Monte Carlo tree search in the manner of MoHex (Henderson 2010, chapter 6).
//!
//! - [`board`]: the simulation board and the playout (uniformly random moves with bridge
//!   replies, played to a full board; the winner read by a bitset flood);
//! - [`tree`]: the shared tree, lock-free (atomics, virtual loss; see its doc for why);
//! - [`search`]: one simulation (selection by the mean blended with RAVE and no exploration
//!   term, expansion, knowledge at a visit threshold, backup with proofs moved up);
//! - [`knowledge`]: proofs from virtual connections and fill-in, pruning to the consider set
//!   and the mustplay;
//! - [`player`]: a search per move on the rayon pool, the solver first on small positions,
//!   tree reuse, the node cap and the budget;
//! - [`params`] and [`report`]: the parameters (Benzene's names) and the results.
//!
//! ```
//! use hexlab_core::mohex::{Params, Player};
//! use hexlab_core::search::Budget;
//! let game = hexlab_core::formats::code::read("size=4&moves=b2").unwrap();
//! let mut player = Player::new(Params { max_games: 300, ..Params::default() });
//! let result = player.search(game.position(), &Budget::unlimited());
//! assert!(game.position().empty_cells().contains(result.best.unwrap()));
//! ```

pub mod board;
pub mod facts;
pub mod knowledge;
pub mod learn;
pub mod level;
pub mod params;
pub mod pattern;
pub mod player;
pub mod report;
pub mod search;
pub mod tree;
pub mod vcm;

pub use params::Params;
pub use player::Player;
pub use report::{MoveStat, PlayReport, Proven, SearchResult};
