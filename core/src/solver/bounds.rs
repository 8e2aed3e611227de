//! Proof and disproof numbers of a node, from the side to move's point of view (the negamax
//! form of df-pn): `phi` is the proof number of "the side to move wins", `delta` its disproof
//! number.

/// The infinite proof number: a node is lost (`phi == INFINITY`) or won (`delta == INFINITY`).
/// Finite sums never reach it (they stop at [`LARGEST`]).
pub const INFINITY: u32 = u32::MAX / 2;

/// The largest finite proof number.
pub const LARGEST: u32 = INFINITY - 1;

/// A node's proof and disproof numbers.
///
/// Invariant: both are at most [`INFINITY`]; `phi == 0` exactly when `delta == INFINITY` (a
/// win for the side to move) and `delta == 0` exactly when `phi == INFINITY` (a loss).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds {
    pub phi: u32,
    pub delta: u32,
}

impl Bounds {
    /// The side to move wins.
    pub const WIN: Bounds = Bounds {
        phi: 0,
        delta: INFINITY,
    };
    /// The side to move loses.
    pub const LOSS: Bounds = Bounds {
        phi: INFINITY,
        delta: 0,
    };
    /// A node not searched yet.
    pub const UNKNOWN: Bounds = Bounds { phi: 1, delta: 1 };

    /// A win (`true`) or a loss (`false`) for the side to move.
    #[must_use]
    pub fn decided(won: bool) -> Bounds {
        if won {
            Bounds::WIN
        } else {
            Bounds::LOSS
        }
    }

    /// Whether the side to move is proven to win.
    #[must_use]
    pub fn is_win(self) -> bool {
        self.phi == 0
    }

    /// Whether the side to move is proven to lose.
    #[must_use]
    pub fn is_loss(self) -> bool {
        self.delta == 0
    }

    /// Whether the node is decided either way.
    #[must_use]
    pub fn is_solved(self) -> bool {
        self.is_win() || self.is_loss()
    }

    /// Whether both numbers are below `limit`'s (a search under those thresholds goes on).
    #[must_use]
    pub fn below(self, limit: Bounds) -> bool {
        self.phi < limit.phi && self.delta < limit.delta
    }

    /// The bounds of a node from its children's: `phi` is the least child `delta` (one child
    /// lost by its mover is a win), `delta` the sum of the children's `phi` (every child won
    /// by its mover is a loss). No children: a loss.
    #[must_use]
    pub fn from_children(children: impl IntoIterator<Item = Bounds>) -> Bounds {
        Bounds::widened(children, usize::MAX)
    }

    /// [`Bounds::from_children`] with progressive widening (Benzene's df-pn): `phi` looks only
    /// at the first `window` children (the best ordered), while `delta` still adds every
    /// child's `phi` and a child lost by its mover anywhere still wins the node. The caller
    /// picks a window holding at least one child not won by its mover, whenever one exists,
    /// so `phi` is infinite only when every move loses.
    #[must_use]
    pub fn widened(children: impl IntoIterator<Item = Bounds>, window: usize) -> Bounds {
        let mut phi = INFINITY;
        let mut delta = 0u32;
        for (i, child) in children.into_iter().enumerate() {
            if child.is_loss() {
                return Bounds::WIN;
            }
            if i < window {
                phi = phi.min(child.delta);
            }
            delta = add(delta, child.phi);
        }
        if phi == 0 {
            Bounds::WIN
        } else if delta == INFINITY {
            Bounds::LOSS
        } else {
            Bounds { phi, delta }
        }
    }
}

/// The progressive widening window (Benzene's `ComputeMaxChildIndex`, widening base 1 and
/// factor 1/4): with `n` children not won by their movers (`n >= 2`), the window reaches the
/// `1 + ceil(n / 4)`-th of them, so the search looks at the best-ordered moves first and
/// widens as they turn out hard. With fewer than two such children, every child.
#[must_use]
pub fn window(children: &[Bounds]) -> usize {
    let live = children.iter().filter(|c| !c.is_win()).count();
    if live < 2 {
        return children.len();
    }
    let wanted = 1 + live.div_ceil(4);
    let mut seen = 0;
    for (i, c) in children.iter().enumerate() {
        if !c.is_win() {
            seen += 1;
            if seen == wanted {
                return i + 1;
            }
        }
    }
    children.len()
}

/// `a + b` for proof numbers: infinite if either is, else at most [`LARGEST`].
#[must_use]
pub fn add(a: u32, b: u32) -> u32 {
    if a >= INFINITY || b >= INFINITY {
        INFINITY
    } else {
        a.saturating_add(b).min(LARGEST)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_child_lost_by_its_mover_wins_the_node() {
        let b = Bounds::from_children([Bounds::UNKNOWN, Bounds::LOSS]);
        assert_eq!(b, Bounds::WIN);
    }

    #[test]
    fn every_child_won_by_its_mover_loses_the_node() {
        assert_eq!(
            Bounds::from_children([Bounds::WIN, Bounds::WIN]),
            Bounds::LOSS
        );
        assert_eq!(Bounds::from_children([]), Bounds::LOSS);
    }

    #[test]
    fn open_children_add_up_without_reaching_infinity() {
        let big = Bounds {
            phi: LARGEST,
            delta: 3,
        };
        let b = Bounds::from_children([big, big, Bounds::UNKNOWN]);
        assert_eq!(
            b,
            Bounds {
                phi: 1,
                delta: LARGEST
            }
        );
        assert!(!b.is_solved());
    }
}
