//! Game records in SGF: HexGui's dialect (HSGF), Little Golem's and red-bean's Hex SGF (the SGF
//! standard's own definition of Hex, `GM[11]`), read into a [`GameTree`] and written back.
//!
//! - [`read`] ([`read_record`] also says which [`Dialect`]) takes any of them and tells them
//!   apart by content: a file without `GM` and without set-up stones whose first move is
//!   labelled `W` is Little Golem's (its first mover is labelled W and joins top and bottom, so
//!   every colour letter of it is read the other way round; points are two letters, `mf`). A
//!   root `AP[HexGui:...]` is HexGui's; anything else is red-bean's. HexGui's and red-bean's
//!   share their syntax (`GM[11]`, points `a1`, rectangular `SZ[w:h]`, the special moves
//!   `swap-pieces swap-sides pass resign forfeit`, every value case-insensitive); red-bean's
//!   adds `IS[key:on|off]...` (viewer settings, root only, kept) and `IP[]` (the node a viewer
//!   shows first: at most one, reported as [`Record::initial`] and kept), and names columns
//!   after `z` `aa`, `ab`, ... (off every hexlab board: an error naming the point).
//! - Swaps: `swap-sides` is swap-sides. Which swap `swap-pieces` and `swap` mean is told by
//!   the colour of the move after them (White again after swap-sides, Black after
//!   swap-pieces), since old HexGui versions wrote `swap-pieces` for swap-sides (HexGui's old
//!   swap bug; Benzene's 0.x and 1.0 records show it, and a root `AP[HexGui:0.x]` flags
//!   such files). With no move after it, HexGui's `swap` is swap-sides, Little Golem's
//!   `swap` is swap-pieces (its colour letters alternate through the swap), and
//!   `swap-pieces` is swap-pieces unless `AP[HexGui:0.x]` wrote it.
//! - [`write_hsgf`] writes HexGui's dialect, which uses only properties red-bean's defines as
//!   well (so it is a red-bean record too; a node's `IP[]` is written back where it was);
//!   [`write_little_golem`] writes Little Golem's where it can say the game. Reading what
//!   either wrote gives the same tree back.
//!
//! Every error names the line and column where the problem is ([`SgfError`]).

mod parse;
mod points;
mod read;
mod write;

use std::fmt;

pub use parse::{MAX_BYTES, MAX_NODES, MAX_VALUES};
pub use read::{read, read_record, Dialect, Record, MAX_SETUP_CELLS};
pub use write::{write_hsgf, write_little_golem, WriteError};

#[cfg(doc)]
use crate::game_tree::GameTree;

/// A place in the text: line and column (in characters), both from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place {
    pub line: usize,
    pub column: usize,
}

/// Why a file could not be read: where, and what is wrong there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SgfError {
    pub at: Place,
    /// One line of text; input it repeats is quoted with [`crate::quote::quote`].
    pub message: String,
}

impl fmt::Display for SgfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.at.line, self.at.column, self.message
        )
    }
}

impl std::error::Error for SgfError {}

#[cfg(test)]
mod tests;
