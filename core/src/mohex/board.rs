//! The board a simulation plays on: a padded byte array with the empty cells in a list, so a
//! move, a random move and the bridge-reply test are a few array operations.
//!
//! Layout: the board is surrounded by two rings of padding. The rows above and below the board
//! hold Black (Black's edges), the columns left and right hold White, the corners (outside both
//! ways) hold [`OFF`]. Padding as stones makes the edge template II (a stone on the second row
//! and the two empty cells below it) look like an ordinary bridge to the reply rule, and gives
//! every cell's 12-cell pattern (its neighbours and bridge points, [`super::pattern`]) defined
//! values near the edges.
//!
//! Invariants: `empty[..empty_len]` lists exactly the empty board cells (padded indices) and
//! `slot[p]` is the position of `p` in that list; `black` holds Black's board stones as
//! [`CellSet`] cells (for the bitset flood that names the winner at the end).

use crate::board::{Cell, CellSet, Color};
use crate::position::Position;
use crate::rng::Rng;
use crate::rules::Rules;

/// An empty cell.
pub const EMPTY: u8 = 0;
/// A Black stone (or Black's edge padding).
pub const BLACK: u8 = 1;
/// A White stone (or White's edge padding).
pub const WHITE: u8 = 2;
/// A padding corner: neither player's.
pub const OFF: u8 = 3;

/// Rings of padding round the board.
pub const PAD: usize = 2;
/// Padded cells of the largest board (19 + 4 squared).
pub const PADDED: usize = (19 + 2 * PAD) * (19 + 2 * PAD);
/// Board cells of the largest board.
const MAX_CELLS: usize = 19 * 19;

/// The stone value of `color`.
#[inline]
#[must_use]
pub fn stone(color: Color) -> u8 {
    match color {
        Color::Black => BLACK,
        Color::White => WHITE,
    }
}

/// A position for simulations (see the module doc for its layout and invariants).
#[derive(Clone)]
pub struct SimBoard {
    cells: [u8; PADDED],
    empty: [u16; MAX_CELLS],
    slot: [u16; PADDED],
    empty_len: usize,
    /// Padded width (board width + 4).
    pw: usize,
    /// Board width and height.
    w: usize,
    h: usize,
    black: CellSet,
    top: CellSet,
    bottom: CellSet,
    to_move: Color,
    rex: bool,
    /// The last move's padded index (0: none; index 0 is a padding corner).
    last: usize,
}

impl SimBoard {
    /// The board of `position` (its stones, side to move and rules).
    #[must_use]
    pub fn new(position: &Position) -> SimBoard {
        let size = position.size();
        let (w, h) = (size.width() as usize, size.height() as usize);
        let pw = w + 2 * PAD;
        let mut board = SimBoard {
            cells: [OFF; PADDED],
            empty: [0; MAX_CELLS],
            slot: [0; PADDED],
            empty_len: 0,
            pw,
            w,
            h,
            black: position.stones(Color::Black),
            top: size.edge_cells(Cell::TOP),
            bottom: size.edge_cells(Cell::BOTTOM),
            to_move: position.to_move(),
            rex: position.rules() == Rules::Rex,
            last: 0,
        };
        for r in 0..h + 2 * PAD {
            for c in 0..w + 2 * PAD {
                let outside = |x: usize, n: usize| x < PAD || x >= n + PAD;
                let value = match (outside(r, h), outside(c, w)) {
                    (true, true) => OFF,
                    (true, false) => BLACK,
                    (false, true) => WHITE,
                    (false, false) => {
                        let cell = Cell::new((c - PAD) as u8, (r - PAD) as u8);
                        position.stone_at(cell).map_or(EMPTY, stone)
                    }
                };
                let p = r * pw + c;
                board.cells[p] = value;
                if value == EMPTY {
                    board.slot[p] = board.empty_len as u16;
                    board.empty[board.empty_len] = p as u16;
                    board.empty_len += 1;
                }
            }
        }
        board
    }

    /// The padded index of a board cell.
    #[inline]
    #[must_use]
    pub fn index(&self, cell: Cell) -> usize {
        (cell.row() as usize + PAD) * self.pw + cell.col() as usize + PAD
    }

    /// The board cell at padded index `p` (an interior index).
    #[inline]
    #[must_use]
    pub fn cell(&self, p: usize) -> Cell {
        Cell::new((p % self.pw - PAD) as u8, (p / self.pw - PAD) as u8)
    }

    /// The padded width: the index step from a cell to the one below it.
    #[inline]
    #[must_use]
    pub fn padded_width(&self) -> usize {
        self.pw
    }

    /// The board's width and height.
    #[inline]
    #[must_use]
    pub fn dims(&self) -> (usize, usize) {
        (self.w, self.h)
    }

    /// The last move's padded index (0: none).
    #[inline]
    #[must_use]
    pub fn last(&self) -> usize {
        self.last
    }

    /// Names `p` (a padded index) as the last move, as when the position came from a game.
    pub fn set_last(&mut self, p: usize) {
        self.last = p;
    }

    /// The side to move.
    #[inline]
    #[must_use]
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// The empty cells (padded indices), in no particular order.
    #[inline]
    #[must_use]
    pub fn empties(&self) -> &[u16] {
        &self.empty[..self.empty_len]
    }

    /// The stone value at padded index `p`.
    #[inline]
    #[must_use]
    pub fn at(&self, p: usize) -> u8 {
        self.cells[p]
    }

    /// Plays the empty cell `p` for the side to move.
    #[inline]
    pub fn play(&mut self, p: usize) {
        self.place(p, stone(self.to_move));
        self.to_move = self.to_move.opponent();
        self.last = p;
    }

    /// Puts a stone `s` ([`stone`]) on the empty cell `p` without a move: the side to move and
    /// the last move stay (fill-in; [`SimBoard::play`] is this and the turn).
    #[inline]
    pub fn place(&mut self, p: usize, s: u8) {
        debug_assert_eq!(self.cells[p], EMPTY);
        let slot = self.slot[p] as usize;
        self.empty_len -= 1;
        let moved = self.empty[self.empty_len];
        self.empty[slot] = moved;
        self.slot[moved as usize] = slot as u16;
        self.cells[p] = s;
        if s == BLACK {
            self.black.insert(self.cell(p));
        }
    }

    /// The six neighbour offsets in circular order (E, NE, NW, W, SW, SE): consecutive ones
    /// are adjacent to each other.
    #[inline]
    fn directions(&self) -> [isize; 6] {
        let pw = self.pw as isize;
        [1, 1 - pw, -pw, -1, pw - 1, pw]
    }

    /// The reply saving a bridge of the side to move that the last move intruded into: the
    /// other carrier cell, chosen at random when several bridges were hit.
    #[inline]
    fn bridge_reply(&self, rng: &mut Rng) -> Option<usize> {
        if self.last == 0 {
            return None;
        }
        let me = stone(self.to_move);
        let d = self.directions();
        let x = self.last as isize;
        let mut found = 0;
        let mut reply = None;
        for i in 0..6 {
            let a = (x + d[i]) as usize;
            let y = (x + d[(i + 1) % 6]) as usize;
            let b = (x + d[(i + 2) % 6]) as usize;
            if self.cells[a] == me && self.cells[b] == me && self.cells[y] == EMPTY {
                found += 1;
                if rng.below(found) == 0 {
                    reply = Some(y);
                }
            }
        }
        reply
    }

    /// Fills the board: uniformly random moves, except that a player whose bridge was just
    /// intruded into saves it (when `bridges`). Returns the winner.
    pub fn play_out(&mut self, rng: &mut Rng, bridges: bool) -> Color {
        self.play_out_with(rng, bridges, None)
    }

    /// [`SimBoard::play_out`], with `local`'s answers to the last move where it gives one.
    pub fn play_out_with(
        &mut self,
        rng: &mut Rng,
        bridges: bool,
        local: Option<&super::pattern::Local<'_>>,
    ) -> Color {
        while self.empty_len > 0 {
            let p = match bridges.then(|| self.bridge_reply(rng)).flatten() {
                Some(p) => p,
                None => match local.and_then(|l| l.pick(self, rng)) {
                    Some(p) => p,
                    None => self.empty[rng.below(self.empty_len)] as usize,
                },
            };
            self.play(p);
        }
        self.winner_when_full()
    }

    /// The winner of a full board (the connector, or its opponent under Rex).
    #[must_use]
    pub fn winner_when_full(&self) -> Color {
        let connector = if CellSet::flood(self.top, self.black).intersects(&self.bottom) {
            Color::Black
        } else {
            Color::White
        };
        if self.rex {
            connector.opponent()
        } else {
            connector
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn directions_are_the_boards_neighbours() {
        let game = crate::formats::code::read("size=7").unwrap();
        let position = game.position();
        let board = SimBoard::new(position);
        for cell in position.empty_cells().iter() {
            let p = board.index(cell) as isize;
            let mut from_dirs: Vec<Cell> = board
                .directions()
                .iter()
                .map(|d| (p + d) as usize)
                .filter(|&q| board.at(q) == EMPTY)
                .map(|q| board.cell(q))
                .collect();
            from_dirs.sort();
            let mut expected: Vec<Cell> = position
                .size()
                .neighbours(cell)
                .iter()
                .filter(|c| !c.is_edge())
                .collect();
            expected.sort();
            assert_eq!(from_dirs, expected, "{cell}");
        }
    }

    #[test]
    fn a_full_board_names_the_same_winner_as_the_position() {
        let mut rng = Rng::new(3);
        for _ in 0..200 {
            let game = crate::formats::code::read("size=5&moves=c3").unwrap();
            let mut board = SimBoard::new(game.position());
            let winner = board.play_out(&mut rng, true);
            let mut position = game.position().clone();
            for r in 0..5u8 {
                for c in 0..5u8 {
                    let cell = Cell::new(c, r);
                    if position.stone_at(cell).is_none() {
                        let color = if board.at(board.index(cell)) == BLACK {
                            Color::Black
                        } else {
                            Color::White
                        };
                        position.set_stone(cell, Some(color)).unwrap();
                    }
                }
            }
            assert_eq!(position.winner(), Some(winner));
        }
    }

    #[test]
    fn an_intrusion_into_a_bridge_is_answered() {
        // Black b2 and c3 form a bridge: their common neighbours are c2 and b3.
        let game = crate::formats::code::read("size=5&b=b2,c3&w=a5&turn=w").unwrap();
        let mut board = SimBoard::new(game.position());
        let c2 = board.index("c2".parse().unwrap());
        let b3 = board.index("b3".parse().unwrap());
        board.play(c2);
        let mut rng = Rng::new(1);
        assert_eq!(board.bridge_reply(&mut rng), Some(b3));
    }
}
