//! The solver (Henderson 2010, chapter 5): focused df-pn that proves who wins a position.
//!
//! - [`bounds`]: proof and disproof numbers;
//! - [`expand`]: what a node learns before any search below it (fill-in, inferior moves,
//!   winning connections, the mustplay, the move order);
//! - [`dfpn`]: the search itself on a table shared by threads;
//! - [`proof_set`]: the cells a proof needs, backed up the tree to drop refuted siblings;
//! - [`proof`]: reading results back: every winning move, the principal variation, one node
//!   of the proof explained;
//! - [`certificate`]: a complete proof (every reply of the loser) for an independent checker;
//! - [`store`] (native, the `cli` feature): proven results kept in an SQLite file.
//!
//! Every result is checked against a brute-force solver on small boards
//! (`core/tests/solver_soundness.rs`): the winner and the full set of winning moves, with every
//! pruning on, at one and two threads.

pub mod bounds;
pub mod certificate;
pub mod dfpn;
pub mod expand;
mod memo;
pub mod proof;
pub mod proof_set;
pub mod report;
#[cfg(feature = "cli")]
pub mod store;

pub use bounds::Bounds;
pub use certificate::{Certificate, CertificateError};
pub use dfpn::{Outcome, Solver};
pub use expand::{Features, Reason};
pub use proof::{ChildResult, ProofNode};
pub use report::{solve_report, SolveOptions, SolveReport};

/// The default table size of a solver, in MB.
pub const DEFAULT_TABLE_MB: usize = 64;

/// The largest table a user may ask for, in MB.
pub const MAX_TABLE_MB: usize = 16_384;

/// The most threads a user may ask for.
pub const MAX_THREADS: usize = 256;
