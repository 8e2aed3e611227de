//! Cells, sets of cells, colours and board geometry.
//!
//! Every board size shares one cell numbering: the cell in column `c` and row `r` (both from 0)
//! has index `r * STRIDE + c` with `STRIDE = 19`, so a [`CellSet`] means the same thing on every
//! board and neighbourhoods are bit shifts. The four edges are points too
//! ([`Cell::TOP`], [`Cell::BOTTOM`], [`Cell::LEFT`], [`Cell::RIGHT`]), numbered after the cells,
//! so connection code can treat an edge like a stone.

mod cell;
mod cellset;
mod color;
mod size;
pub mod zobrist;

pub use cell::{Cell, MAX_SIDE, STRIDE};
pub(crate) use cellset::{or_bits, read_bits};
pub use cellset::{CellSet, CellSetIter};
pub use color::{ByColor, Color};
pub use size::{BoardSize, BoardSizeError};
