//! Building blocks every search shares (the connection search now; the solver and the player
//! next): a [`Budget`] that bounds and cancels work, and a [`Table`] of results shared by
//! threads in fixed memory.

pub mod budget;
pub mod table;

pub use budget::{Budget, Meter, Stopped};
pub use table::Table;
