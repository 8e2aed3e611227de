//! Permanently inferior cells (Henderson 2010, §3.6, Definition 6 and Theorem 4).
//!
//! A cell c1 is P permanently inferior when there is a set C of uncoloured cells holding c1
//! and a cell c2 such that the opponent at c2 would kill c1 (c1 is P vulnerable to c2), and
//! every cell of C other than c2, c1 included, is vulnerable for the opponent to a P killer
//! inside C. Then colouring c1 for P leaves the position's value unchanged. We look for C of two
//! or three cells around c1.
//!
//! Unlike dead and captured cells this fill is not stable: its carrier stays empty, so a later
//! move inside C can undo it. Filling it for the side to move could make some of that player's
//! moves look winning when they are not, so the analysis only fills it for the player **not** to
//! move, whose extra stones can only make the mover's winning moves harder to find, never fake.

use crate::board::{Cell, CellSet, Color};
use crate::position::Position;

use super::dead::is_dead;

/// Whether `cell` is dead once `color` has a stone on `killer`.
fn killed_by(position: &Position, cell: Cell, killer: Cell, color: Color) -> bool {
    let mut after = position.clone();
    after
        .set_stone(killer, Some(color))
        .expect("killer is a board cell");
    is_dead(&after, cell)
}

/// If `cell` is `color` permanently inferior, the rest of its set C (the carrier).
#[must_use]
pub fn permanently_inferior(position: &Position, cell: Cell, color: Color) -> Option<CellSet> {
    let empty = position.empty_cells();
    let around = (CellSet::single(cell).grow() & empty) - CellSet::single(cell);
    let opponent = color.opponent();
    for c2 in around
        .iter()
        .filter(|&c2| killed_by(position, cell, c2, opponent))
    {
        // C = {cell, c2}: the cell must also die when `color` takes c2.
        if killed_by(position, cell, c2, color) {
            return Some(CellSet::single(c2));
        }
        // C = {cell, c2, c3}: cell dies to a `color` stone on c3 (c2 failed above), and c3 dies
        // to a `color` stone on cell or c2.
        let thirds = ((CellSet::single(cell).grow() | CellSet::single(c2).grow()) & empty)
            - CellSet::single(cell)
            - CellSet::single(c2);
        for c3 in thirds.iter() {
            if killed_by(position, cell, c3, color)
                && (killed_by(position, c3, cell, color) || killed_by(position, c3, c2, color))
            {
                return Some(CellSet::single(c2) | CellSet::single(c3));
            }
        }
    }
    None
}
