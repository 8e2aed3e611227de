//! Local inferior-cell patterns (WIP).
pub mod frame;
pub mod geometry;
pub mod local;
mod scratch;
pub mod search;
