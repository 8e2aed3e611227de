//! What one df-pn frame (a node's loop over its children) learnt of its children, so that a
//! child the transposition table loses keeps its bounds in the frame.
//!
//! The table replaces the entry of least work when a bucket is full, and a child just expanded
//! has little work. Two siblings whose entries evict each other (a bucket full of dearer
//! entries) then come back as unknown (`1, 1`) after each other's search; the node picks each
//! in turn, neither search gets past its first few nodes and the node never reaches its limit:
//! a livelock, seen on 4x4 with a table full of earlier solves (proof sets alone,
//! `HEXLAB_SEED=1126152`). With the frame's memo every child's bounds in the frame only grow
//! until the child is solved, so the frame ends as df-pn does on a tree.

use std::collections::HashMap;

use crate::board::CellSet;
use crate::position::Position;

use super::bounds::Bounds;

/// The bounds and proof set a frame knows for a child: `(bounds, proof set)`.
pub type View = (Bounds, CellSet);

/// A frame's views of its children, by table key.
///
/// Invariant: a solved view's proof set is a proof set of the child (the table's, or every
/// empty cell of the child when the table had lost it: always a proof set).
#[derive(Debug, Default)]
pub struct Memo {
    views: HashMap<u64, View>,
}

impl Memo {
    /// Records what the search of the child `child` (key `key`) returned, `returned`, with
    /// what the table holds for it now, `stored` (see [`Memo::view`]).
    pub fn remember(&mut self, key: u64, returned: Bounds, child: &Position, stored: Option<View>) {
        let proof = if returned.is_solved() {
            child.empty_cells()
        } else {
            CellSet::new()
        };
        self.views
            .insert(key, combine(stored, Some((returned, proof))));
    }

    /// The view of the child with key `key`, from the table's entry `stored` (if any) and the
    /// frame's: a solved one first (the table's, with its proof set, before the frame's), else
    /// the larger numbers of the two (the table's may be a re-expansion that starts again from
    /// `1, 1`), else unknown.
    #[must_use]
    pub fn view(&self, key: u64, stored: Option<View>) -> View {
        combine(stored, self.views.get(&key).copied())
    }
}

/// The table's view `stored` and the frame's `frame` of one child, combined as
/// [`Memo::view`] says.
fn combine(stored: Option<View>, frame: Option<View>) -> View {
    match (stored, frame) {
        (Some(t), _) if t.0.is_solved() => t,
        (_, Some(m)) if m.0.is_solved() => m,
        (Some((t, proof)), Some((m, _))) => (
            Bounds {
                phi: t.phi.max(m.phi),
                delta: t.delta.max(m.delta),
            },
            proof,
        ),
        (Some(t), None) => t,
        (None, Some(m)) => m,
        (None, None) => (Bounds::UNKNOWN, CellSet::new()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::BoardSize;
    use crate::rules::{Rules, RulesConfig};

    fn child() -> Position {
        Position::new(
            BoardSize::square(3).unwrap(),
            RulesConfig {
                rules: Rules::Hex,
                swap: false,
            },
        )
    }

    fn open(phi: u32, delta: u32) -> Bounds {
        Bounds { phi, delta }
    }

    #[test]
    fn a_child_the_table_lost_keeps_its_bounds() {
        let mut memo = Memo::default();
        memo.remember(7, open(10, 31), &child(), None);
        assert_eq!(memo.view(7, None).0, open(10, 31));
        assert_eq!(memo.view(8, None).0, Bounds::UNKNOWN);
    }

    #[test]
    fn a_re_expanded_child_does_not_start_again_from_one() {
        let mut memo = Memo::default();
        memo.remember(
            7,
            open(10, 31),
            &child(),
            Some((open(10, 31), CellSet::new())),
        );
        let fresh = (Bounds::UNKNOWN, CellSet::new());
        assert_eq!(memo.view(7, Some(fresh)).0, open(10, 31));
        let grown = (open(12, 5), CellSet::new());
        assert_eq!(memo.view(7, Some(grown)).0, open(12, 31));
    }

    #[test]
    fn a_solved_child_lost_by_the_table_keeps_every_empty_cell_as_proof_set() {
        let mut memo = Memo::default();
        memo.remember(7, Bounds::WIN, &child(), None);
        assert_eq!(memo.view(7, None), (Bounds::WIN, child().empty_cells()));
        // The table's own proof set, when it still holds the child, comes first.
        let stored = (Bounds::WIN, CellSet::new());
        assert_eq!(memo.view(7, Some(stored)), stored);
    }
}
