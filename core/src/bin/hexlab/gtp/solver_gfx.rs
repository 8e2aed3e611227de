//! The solver's live drawing for HexGui: `gogui-gfx:` blocks in Benzene's `dfpn` form, written
//! on the engine's output before a solver command's answer while `param_dfpn use_guifx` is on.
//!
//! A block is read from the solver's shared table while the search runs (nothing in the
//! solver reports to it), so it costs the search nothing but the table reads:
//!
//! ```text
//! gogui-gfx:
//! dfpn
//! VAR B d4 W c5 B c4
//! LABEL d4 13@1@2 e3 W b5 L c4 5@@9
//! TEXT 1/9 proven losses, var: d4 c5 c4
//! ```
//!
//! - `VAR`: the line the search is working on, colour and cell, from the side to move: at each
//!   node the child df-pn picks (the least disproof number within the widening window, ties to
//!   the first), down to a node not in the table or decided. Benzene shows each thread's own
//!   path; this is the path every thread starts from.
//! - `LABEL`: each move of the root (the focused moves of the filled position), from the side
//!   to move's view: `W` proven to win, `L` proven to lose, else `p@i@d`, the proof and
//!   disproof numbers of "this move wins" with `i` the move's place in `VAR` (empty when not
//!   in it), `W`/`L` then followed by that place too. With `guifx_deep_bounds` the deeper
//!   moves of `VAR` are labelled too, each with its node's numbers from the same side's view.
//! - `TEXT`: the status line: proven losses among the root's moves and the line.
//!
//! HexGui (`HexGui.guifx_dfpn`) puts the line's stones on the board numbered, writes the labels
//! on their cells (green for `W`, red for `L`) and the text in its status bar.
//!
//! `dfpn-solver-find-winning` draws the same form with no line: every legal move settled so far
//! labelled `W` or `L`.

use std::fmt::Write as _;

use hexlab_core::solver::bounds::window;
use hexlab_core::solver::dfpn::key;
use hexlab_core::solver::{Bounds, Solver};
use hexlab_core::{Color, Move, Position};

/// The longest line drawn (a line never repeats a cell, so a board's cells bound it anyway).
const MAX_LINE: usize = 400;

/// The block for a solve of `root` in progress (`line` false: the final one, without a line,
/// as Benzene's last). `None` while the root is not in the table or has no moves to search
/// (decided by its own analysis).
pub fn solve_block(solver: &Solver, root: &Position, line: bool, deep: bool) -> Option<String> {
    let node = solver.table().get(key(root))?;
    let children = solver.children(root, &node);
    if children.is_empty() {
        return None;
    }
    let variation = if line {
        search_line(solver, root)
    } else {
        Vec::new()
    };
    // A move's place in the line (from 1), if it is in it.
    let place = |mv: Move| variation.iter().position(|(m, _)| *m == mv).map(|i| i + 1);
    let mut labels = String::new();
    let mut losses = 0;
    for (mv, _, child_key) in &children {
        let mut seen = ours(solver.child_bounds(*child_key));
        losses += usize::from(seen.is_loss());
        let at = place(*mv);
        if let (Some(i), true) = (at, deep) {
            seen = variation[i - 1].1;
        }
        let _ = write!(labels, " {mv} {}", label(seen, at));
    }
    if deep {
        for (i, (mv, seen)) in variation.iter().enumerate() {
            if children.iter().all(|(m, _, _)| m != mv) {
                let _ = write!(labels, " {mv} {}", label(*seen, Some(i + 1)));
            }
        }
    }
    let mut out = String::from("gogui-gfx:\ndfpn\nVAR");
    let mut color = root.to_move();
    for (mv, _) in &variation {
        let letter = if color == Color::Black { 'B' } else { 'W' };
        let _ = write!(out, " {letter} {mv}");
        color = color.opponent();
    }
    let moves: Vec<String> = variation.iter().map(|(m, _)| m.to_string()).collect();
    let _ = write!(
        out,
        "\nLABEL{labels}\nTEXT {losses}/{} proven losses, var: {}\n\n",
        children.len(),
        moves.join(" ")
    );
    Some(out)
}

/// The block for `dfpn-solver-find-winning` on `position`: every legal move whose result the
/// table holds, `W` if it wins for the side to move, `L` if it loses.
pub fn settled_block(solver: &Solver, position: &Position) -> String {
    let moves = position.legal_cells();
    let (mut settled, mut wins) = (0, 0);
    let mut labels = String::new();
    for cell in moves.iter() {
        let mut child = position.clone();
        if child.play(Move::Cell(cell)).is_err() {
            continue;
        }
        let Some(bounds) = solver.bounds(&child).filter(|b| b.is_solved()) else {
            continue;
        };
        settled += 1;
        // The child's side to move is the opponent: its loss is this move's win.
        let won = bounds.is_loss();
        wins += usize::from(won);
        let _ = write!(labels, " {cell} {}", if won { 'W' } else { 'L' });
    }
    format!(
        "gogui-gfx:\ndfpn\nVAR\nLABEL{labels}\nTEXT {settled}/{} moves settled, {wins} winning\n\n",
        moves.len()
    )
}

/// The line the search is working on from `root`: each move with the numbers of the position
/// after it, from the root's side to move's view.
fn search_line(solver: &Solver, root: &Position) -> Vec<(Move, Bounds)> {
    let mut line = Vec::new();
    let mut position = root.clone();
    // Whether the root's side made the next move (then the child's side to move is the other).
    let mut root_moves = true;
    while let Some(node) = solver.table().get(key(&position)) {
        if node.bounds.is_solved() || line.len() >= MAX_LINE {
            break;
        }
        let children = solver.children(&position, &node);
        let bounds: Vec<Bounds> = children
            .iter()
            .map(|(_, _, k)| solver.child_bounds(*k))
            .collect();
        let Some(best) = (0..window(&bounds)).min_by_key(|&i| bounds[i].delta) else {
            break;
        };
        let seen = if root_moves {
            ours(bounds[best])
        } else {
            bounds[best]
        };
        let (mv, next, _) = children.into_iter().nth(best).expect("best is a child");
        line.push((mv, seen));
        position = next;
        root_moves = !root_moves;
    }
    line
}

/// A child's numbers (its side to move's) seen by the side that moved into it: the child's
/// disproof number is the proof number of "the move wins".
fn ours(child: Bounds) -> Bounds {
    Bounds {
        phi: child.delta,
        delta: child.phi,
    }
}

/// A move's label from `seen`, its numbers from the root's side to move's view, and its place
/// in the line: `W` or `L` when proven (then the place), else `phi@place@delta`.
fn label(seen: Bounds, place: Option<usize>) -> String {
    let at = place.map(|i| i.to_string()).unwrap_or_default();
    if seen.is_win() {
        format!("W{at}")
    } else if seen.is_loss() {
        format!("L{at}")
    } else {
        format!("{}@{at}@{}", seen.phi, seen.delta)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The blocks themselves are read back through a mirror of HexGui's parser in
    /// `core/tests/hexgui.rs` (solves cost tens of MB, more than this process's GTP fuzz test
    /// allows beside it).
    #[test]
    fn labels_as_benzene_writes_them() {
        let open = Bounds { phi: 3, delta: 5 };
        assert_eq!(label(open, None), "3@@5");
        assert_eq!(label(open, Some(2)), "3@2@5");
        assert_eq!(label(Bounds::WIN, None), "W");
        assert_eq!(label(Bounds::LOSS, Some(1)), "L1");
    }
}
