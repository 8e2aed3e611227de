//! Local inferior-cell patterns: derived from first principles, committed as readable tables,
//! and matched fast.
//!
//! A *pattern* is a set of stones around a centre cell, in a *class* that fixes which cells
//! exist and which board edges are in view ([`geometry`]): radius 1 or 2, interior, along an
//! edge, or in an acute or obtuse corner. Its claim holds in every position where the stones
//! are present, whatever else the board holds:
//! - **dead**: the centre may take either colour without changing the winner;
//! - **captured**: a player may fill the centre and the set's other cells;
//! - **vulnerable**: an opponent move at the killer would make the centre dead;
//! - **dominated**: after the mover plays the dominator the centre is the mover's fill-in.
//!
//! Nothing is typed by hand. [`local`] decides deadness from the frame alone (a port and
//! chordless-path test that is sound by construction), [`search`] finds all minimal stone sets
//! by a closure search in base-3 order with symmetry orbits, and [`generate`] derives the
//! other kinds (the capture game solved by minimax over the dead test, and dead or captured
//! patterns less one stone). The `hexlab-patterns` command writes the tables to
//! `core/data/patterns/*.txt` ([`table`]); [`Library`] reads them with `include_str!` and
//! answers queries with precomputed ring-code indices.
//!
//! ```
//! use hexlab_core::ica::pattern::Library;
//! use hexlab_core::formats::code;
//! // c3 with Black on four consecutive neighbours is dead.
//! let game = code::read("size=5&b=d3,d2,c2,b3").unwrap();
//! let found = Library::global().dead(game.position(), "c3".parse().unwrap());
//! assert!(found.is_some());
//! ```

pub mod frame;
pub mod frame_cache;
pub mod generate;
pub mod geometry;
pub mod library;
pub mod local;
pub mod needs;
pub mod search;
pub mod stones;
pub mod table;

pub use frame_cache::FrameCache;
pub use library::{Frames, Hit, Library, Match};
pub use stones::{StoneView, Stones};
pub use table::{Kind, Pattern, TableError};

/// The largest captured set the generator looks for (the centre and three more cells).
pub const MAX_SET: usize = 4;
