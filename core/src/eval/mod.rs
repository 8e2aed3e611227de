//! Evaluations of a position that are heuristics, not claims: they order moves for the solver
//! and guide the players, and are never taken as proof of anything.

pub mod resistance;

pub use resistance::Resistance;
