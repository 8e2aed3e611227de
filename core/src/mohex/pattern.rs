//! Local patterns and their learnt weights ("gammas"): the prior knowledge given to new tree
//! nodes and the local responses of the playouts (Henderson 2010 §6.3; MoHex 2.0's patterns,
//! with weights hexlab learns itself, see [`super::learn`]).
//!
//! A cell's **pattern** is what lies on its 12 surrounding cells, its six neighbours and its
//! six bridge points, each empty, the mover's, the opponent's or off the board (beyond a
//! corner), seen by the player to move: the board is transposed for White (so the mover's
//! edges are always above and below; padding rows count as the owner's stones), and a pattern
//! and its 180-degree rotation are one pattern. The key also says which of the 12 cells holds
//! the opponent's last move, if one does: answering a move is not the same as playing near an
//! old stone.
//!
//! A cell's **line** feature is its distance to the mover's edges and to the opponent's, each
//! capped at 4: the first and second rows differ from the middle of the board in ways a
//! 12-cell pattern far from the edge cannot see.
//!
//! A move's weight is the product of its pattern's gamma and its line's gamma (the
//! Bradley-Terry model of Coulom's minorization-maximization, which [`super::learn`] fits);
//! a pattern not in the table has the table's `unknown` gamma.
//!
//! Invariant of a [`Gammas`] table: every gamma is finite and positive.

use std::sync::OnceLock;

use crate::board::Color;

use super::board::{SimBoard, BLACK, EMPTY, OFF, WHITE};

/// The 12 cells round a cell in the mover's frame, as (column, row) steps: the six neighbours in
/// circular order, then the six bridge points (each between two consecutive neighbours), so
/// that slot `i` and slot `(i + 3) % 6` of a ring are opposite.
pub const OFFSETS: [(isize, isize); 12] = [
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, 0),
    (-1, 1),
    (0, 1),
    (2, -1),
    (1, -2),
    (-1, -1),
    (-2, 1),
    (-1, 2),
    (1, 1),
];

/// The slot value of an empty cell.
pub const V_EMPTY: u32 = 0;
/// The mover's stone (or edge).
pub const V_OWN: u32 = 1;
/// The opponent's stone (or edge).
pub const V_OPP: u32 = 2;
/// Off the board (beyond a corner).
pub const V_OFF: u32 = 3;

/// "No slot holds the last move".
pub const NO_LAST: u32 = 12;

/// The number of line features.
pub const LINES: usize = 25;

/// The padded index steps of the 12 slots for each mover (Black: as is; White: transposed),
/// for a board of padded width `pw`.
#[must_use]
pub fn steps(pw: usize) -> [[isize; 12]; 2] {
    let pw = pw as isize;
    let mut out = [[0; 12]; 2];
    for (i, &(dc, dr)) in OFFSETS.iter().enumerate() {
        out[0][i] = dr * pw + dc;
        out[1][i] = dc * pw + dr;
    }
    out
}

/// The slot value of a raw board value for `mover` (0 Black, 1 White).
#[inline]
#[must_use]
pub fn value(raw: u8, mover: usize) -> u32 {
    match (raw, mover) {
        (EMPTY, _) => V_EMPTY,
        (BLACK, 0) | (WHITE, 1) => V_OWN,
        (OFF, _) => V_OFF,
        _ => V_OPP,
    }
}

/// Index of `color` in [`steps`]' tables.
#[inline]
#[must_use]
pub fn side(color: Color) -> usize {
    match color {
        Color::Black => 0,
        Color::White => 1,
    }
}

/// The 12-slot code of the empty cell `p` for `mover`, and the slot of `last` (the opponent's
/// last move) among them ([`NO_LAST`] when none).
#[inline]
#[must_use]
pub fn code_at(
    board: &SimBoard,
    steps: &[isize; 12],
    p: usize,
    mover: usize,
    last: usize,
) -> (u32, u32) {
    let mut code = 0;
    let mut slot = NO_LAST;
    for (i, &d) in steps.iter().enumerate() {
        let q = (p as isize + d) as usize;
        code |= value(board.at(q), mover) << (2 * i);
        if q == last {
            slot = i as u32;
        }
    }
    (code, slot)
}

/// Rotates a code by 180 degrees (each ring by three slots).
#[inline]
#[must_use]
pub fn rotate(code: u32) -> u32 {
    let ring = |r: u32| ((r >> 6) | (r << 6)) & 0xfff;
    ring(code & 0xfff) | (ring(code >> 12) << 12)
}

/// The slot that `slot` becomes under the 180-degree rotation.
#[inline]
#[must_use]
pub fn rotate_slot(slot: u32) -> u32 {
    match slot {
        0..=5 => (slot + 3) % 6,
        6..=11 => 6 + (slot - 3) % 6,
        _ => NO_LAST,
    }
}

/// The key of a pattern: the smaller of its code (with the last move's slot above bit 24) and
/// its rotation's.
#[inline]
#[must_use]
pub fn key(code: u32, slot: u32) -> u32 {
    let a = code | (slot << 24);
    let b = rotate(code) | (rotate_slot(slot) << 24);
    a.min(b)
}

/// The line feature of cell `p` for `mover`: 5 times its distance to the mover's nearest edge
/// (capped at 4) plus its distance to the opponent's.
#[inline]
#[must_use]
pub fn line(board: &SimBoard, p: usize, mover: usize) -> usize {
    let cell = board.cell(p);
    let (w, h) = board.dims();
    let (c, r) = (cell.col() as usize, cell.row() as usize);
    let rows = r.min(h - 1 - r).min(4);
    let cols = c.min(w - 1 - c).min(4);
    let (own, opp) = if mover == 0 {
        (rows, cols)
    } else {
        (cols, rows)
    };
    5 * own + opp
}

/// Learnt gammas: patterns by key (an open-addressed table), lines, and the gamma of a pattern
/// not in the table.
#[derive(Clone, Debug)]
pub struct Gammas {
    /// Slots of (key + 1, gamma); key 0 marks an empty slot. Length a power of two.
    slots: Vec<(u32, f32)>,
    pub line: [f32; LINES],
    pub unknown: f32,
}

impl Gammas {
    /// A table of `patterns` (key, gamma), `line` and `unknown`.
    #[must_use]
    pub fn new(patterns: &[(u32, f32)], line: [f32; LINES], unknown: f32) -> Gammas {
        let capacity = (patterns.len() * 2).next_power_of_two().max(16);
        let mut slots = vec![(0u32, 0f32); capacity];
        for &(k, g) in patterns {
            let mut i = Self::home(k, capacity);
            while slots[i].0 != 0 && slots[i].0 != k + 1 {
                i = (i + 1) & (capacity - 1);
            }
            slots[i] = (k + 1, g);
        }
        Gammas {
            slots,
            line,
            unknown,
        }
    }

    #[inline]
    fn home(key: u32, capacity: usize) -> usize {
        (key.wrapping_mul(0x9e37_79b1) as usize) & (capacity - 1)
    }

    /// The gamma of a pattern key, or `None` when the table does not hold it.
    #[inline]
    #[must_use]
    pub fn get(&self, key: u32) -> Option<f32> {
        let mask = self.slots.len() - 1;
        let mut i = Self::home(key, self.slots.len());
        loop {
            let (k, g) = self.slots[i];
            if k == key + 1 {
                return Some(g);
            }
            if k == 0 {
                return None;
            }
            i = (i + 1) & mask;
        }
    }

    /// The patterns held, with their gammas (in no particular order).
    pub fn patterns(&self) -> impl Iterator<Item = (u32, f32)> + '_ {
        self.slots
            .iter()
            .filter(|s| s.0 != 0)
            .map(|&(k, g)| (k - 1, g))
    }

    /// The weight of playing the empty cell `p` on `board` for its side to move.
    #[inline]
    #[must_use]
    pub fn weight(&self, board: &SimBoard, steps: &[[isize; 12]; 2], p: usize) -> f32 {
        let mover = side(board.to_move());
        let (code, slot) = code_at(board, &steps[mover], p, mover, board.last());
        let shape = self.get(key(code, slot)).unwrap_or(self.unknown);
        shape * self.line[line(board, p, mover)]
    }

    /// Reads the text form (see [`Gammas::write`]).
    ///
    /// # Errors
    /// A message naming the first bad line.
    pub fn read(text: &str) -> Result<Gammas, String> {
        let mut line = [1.0f32; LINES];
        let mut unknown = 1.0f32;
        let mut patterns = Vec::new();
        let positive = |t: &str, n: usize| -> Result<f32, String> {
            match t.parse::<f32>() {
                Ok(g) if g.is_finite() && g > 0.0 => Ok(g),
                _ => Err(format!("line {n}: bad gamma '{t}'")),
            }
        };
        for (i, raw) in text.lines().enumerate() {
            let n = i + 1;
            let words: Vec<&str> = raw.split_whitespace().collect();
            match words.as_slice() {
                [] => {}
                [first, ..] if first.starts_with('#') => {}
                ["line", values @ ..] if values.len() == LINES => {
                    for (slot, v) in line.iter_mut().zip(values) {
                        *slot = positive(v, n)?;
                    }
                }
                ["unknown", g] => unknown = positive(g, n)?,
                [k, g] => {
                    let k = u32::from_str_radix(k, 16)
                        .ok()
                        .filter(|&k| k < 13 << 24)
                        .ok_or_else(|| format!("line {n}: bad key '{k}'"))?;
                    patterns.push((k, positive(g, n)?));
                }
                _ => return Err(format!("line {n}: expected 'KEY GAMMA'")),
            }
        }
        Ok(Gammas::new(&patterns, line, unknown))
    }

    /// The text form: comment lines, `line` and 25 gammas, `unknown GAMMA`, then one
    /// `KEY GAMMA` line per pattern (key in hex), sorted by key.
    #[must_use]
    pub fn write(&self, comment: &str) -> String {
        let mut out = String::new();
        for l in comment.lines() {
            out.push_str(&format!("# {l}\n"));
        }
        out.push_str("line");
        for g in self.line {
            out.push_str(&format!(" {g:.4}"));
        }
        out.push_str(&format!("\nunknown {:.4}\n", self.unknown));
        let mut all: Vec<(u32, f32)> = self.patterns().collect();
        all.sort_by_key(|p| p.0);
        for (k, g) in all {
            out.push_str(&format!("{k:x} {g:.4}\n"));
        }
        out
    }
}

/// The playouts' local answers: after each move, the empty cells among its 12 surrounding cells
/// are weighed by their patterns' gammas, against `far` for every empty cell of the board (a
/// move anywhere, uniformly); one of them is drawn in proportion, or `None` for a move anywhere.
pub struct Local<'a> {
    pub gammas: &'a Gammas,
    pub steps: [[isize; 12]; 2],
    /// The weight of a move anywhere, per empty cell.
    pub far: f32,
}

impl Local<'_> {
    /// An answer to the last move of `board`, or `None` (see the type's doc).
    #[inline]
    pub fn pick(&self, board: &SimBoard, rng: &mut crate::rng::Rng) -> Option<usize> {
        let last = board.last();
        if last == 0 {
            return None;
        }
        let mut cells = [0usize; 12];
        let mut weights = [0f32; 12];
        let mut n = 0;
        let mut total = 0.0f32;
        for &d in &self.steps[0] {
            let q = (last as isize + d) as usize;
            if board.at(q) == EMPTY {
                let w = self.gammas.weight(board, &self.steps, q);
                cells[n] = q;
                weights[n] = w;
                total += w;
                n += 1;
            }
        }
        if n == 0 {
            return None;
        }
        let all = total + self.far * board.empties().len() as f32;
        // 24 random bits: enough resolution for a draw in proportion.
        let mut r = (rng.next_u64() >> 40) as f32 / (1u64 << 24) as f32 * all;
        if r >= total {
            return None;
        }
        for i in 0..n {
            r -= weights[i];
            if r < 0.0 {
                return Some(cells[i]);
            }
        }
        Some(cells[n - 1])
    }
}

/// The gammas learnt by hexlab (`gammas.txt`, made by `hexlab patterns learn`; see README).
pub fn builtin() -> &'static Gammas {
    static TABLE: OnceLock<Gammas> = OnceLock::new();
    TABLE.get_or_init(|| Gammas::read(include_str!("gammas.txt")).expect("gammas.txt is valid"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rotation_is_an_involution_and_keys_are_symmetric() {
        for code in [0u32, 0x123456, 0xfff000, 0xabcdef] {
            assert_eq!(rotate(rotate(code)), code & 0xff_ffff);
            for slot in 0..=12 {
                assert_eq!(rotate_slot(rotate_slot(slot)), slot);
                assert_eq!(key(code, slot), key(rotate(code), rotate_slot(slot)));
            }
        }
    }

    #[test]
    fn offsets_are_neighbours_then_bridge_points() {
        for i in 0..6 {
            let (a, b) = (OFFSETS[i], OFFSETS[(i + 1) % 6]);
            assert_eq!(OFFSETS[6 + i], (a.0 + b.0, a.1 + b.1));
            let o = OFFSETS[(i + 3) % 6];
            assert_eq!((o.0, o.1), (-a.0, -a.1));
        }
    }

    /// A position and its mirror image with colours exchanged (transposed, the other side to
    /// move) give every cell the same key and line.
    #[test]
    fn the_transposed_position_for_the_other_side_has_the_same_patterns() {
        let game = crate::formats::code::read("size=6&b=b2,c4,f1&w=d3,a6&turn=b").unwrap();
        let position = game.position();
        let mut mirror = crate::position::Position::new(position.size(), position.config());
        for cell in position.size().cells().iter() {
            let t = crate::board::Cell::new(cell.row(), cell.col());
            let stone = position.stone_at(cell).map(Color::opponent);
            mirror.set_stone(t, stone).unwrap();
        }
        mirror.set_to_move(Color::White);
        let (a, b) = (SimBoard::new(position), SimBoard::new(&mirror));
        let (sa, sb) = (steps(a.padded_width()), steps(b.padded_width()));
        for cell in position.empty_cells().iter() {
            let t = crate::board::Cell::new(cell.row(), cell.col());
            let (pa, pb) = (a.index(cell), b.index(t));
            let (ca, la) = code_at(&a, &sa[0], pa, 0, 0);
            let (cb, lb) = code_at(&b, &sb[1], pb, 1, 0);
            assert_eq!(
                (key(ca, la), line(&a, pa, 0)),
                (key(cb, lb), line(&b, pb, 1)),
                "{cell}"
            );
        }
    }

    #[test]
    fn the_text_form_reads_back() {
        let mut line = [1.0; LINES];
        line[3] = 0.25;
        let table = Gammas::new(&[(5, 2.5), (0x0c00_0001, 0.125)], line, 0.5);
        let again = Gammas::read(&table.write("test")).unwrap();
        assert_eq!(again.get(5), Some(2.5));
        assert_eq!(again.get(0x0c00_0001), Some(0.125));
        assert_eq!(again.get(6), None);
        assert_eq!(again.line[3], 0.25);
        assert_eq!(again.unknown, 0.5);
        assert!(Gammas::read("zz 1").is_err());
        assert!(Gammas::read("5 -1").is_err());
    }

    #[test]
    fn the_builtin_table_loads() {
        assert!(builtin().unknown > 0.0);
    }
}
