use std::fmt;
use std::iter::FusedIterator;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Sub, SubAssign};

use super::cell::{Cell, STRIDE};

const WORDS: usize = 6;

/// A set of points (board cells and edges) as a fixed-width bitset.
///
/// Invariant: no bit at or above [`Cell::COUNT`] is ever set, so equality, `len` and iteration
/// only ever see real points. Operations that could create such bits (shifts) mask them away.
#[derive(Clone, Copy, Eq, Default)]
pub struct CellSet([u64; WORDS]);

/// Hashes the words, consistent with the word-wise equality below.
impl std::hash::Hash for CellSet {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.0.hash(state);
    }
}

/// Word-wise comparison without a call to `memcmp` (flood fills compare sets in their loop).
impl PartialEq for CellSet {
    #[inline]
    fn eq(&self, other: &CellSet) -> bool {
        self.0
            .iter()
            .zip(other.0.iter())
            .fold(0, |acc, (a, b)| acc | (a ^ b))
            == 0
    }
}

/// Bits of board cells in column 0, used to stop shifts wrapping between rows.
const FIRST_COLUMN: CellSet = column_mask(0);
/// Bits of board cells in the last possible column.
const LAST_COLUMN: CellSet = column_mask(STRIDE as u8 - 1);
/// Every board cell of the largest board (no edges).
const ALL_BOARD_CELLS: CellSet = {
    let mut words = [0u64; WORDS];
    let mut i = 0;
    while i < Cell::BOARD_CELLS as usize {
        words[i / 64] |= 1 << (i % 64);
        i += 1;
    }
    CellSet(words)
};

/// `AROUND[i]`: board cell `i` and its neighbours on the largest board, what
/// [`CellSet::grow`] makes of the cell alone ([`CellSet::around`]).
static AROUND: [CellSet; Cell::BOARD_CELLS as usize] = {
    let mut table = [CellSet::EMPTY; Cell::BOARD_CELLS as usize];
    let side = STRIDE as isize;
    // The cell, then the neighbours of c3: c2 d2 b3 d3 b4 c4, as (row, column) steps.
    let steps: [(isize, isize); 7] = [(0, 0), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0)];
    let mut i = 0;
    while i < table.len() {
        let (row, col) = (i as isize / side, i as isize % side);
        let mut words = [0u64; WORDS];
        let mut k = 0;
        while k < steps.len() {
            let (r, c) = (row + steps[k].0, col + steps[k].1);
            if r >= 0 && r < side && c >= 0 && c < side {
                let j = (r * side + c) as usize;
                words[j / 64] |= 1 << (j % 64);
            }
            k += 1;
        }
        table[i] = CellSet(words);
        i += 1;
    }
    table
};

/// The cells of column `col` on the largest board.
pub(crate) const fn column_mask(col: u8) -> CellSet {
    let mut words = [0u64; WORDS];
    let mut row = 0;
    while row < STRIDE as usize {
        let i = row * STRIDE as usize + col as usize;
        words[i / 64] |= 1 << (i % 64);
        row += 1;
    }
    CellSet(words)
}

/// The cells of row `row` on the largest board.
pub(crate) const fn row_mask(row: u8) -> CellSet {
    let mut words = [0u64; WORDS];
    let mut col = 0;
    while col < STRIDE as usize {
        let i = row as usize * STRIDE as usize + col;
        words[i / 64] |= 1 << (i % 64);
        col += 1;
    }
    CellSet(words)
}

impl CellSet {
    /// The empty set.
    pub const EMPTY: CellSet = CellSet([0; WORDS]);

    /// The union of two sets, usable in constants.
    #[must_use]
    pub const fn union_const(self, other: CellSet) -> CellSet {
        let mut words = self.0;
        let mut i = 0;
        while i < WORDS {
            words[i] |= other.0[i];
            i += 1;
        }
        CellSet(words)
    }

    /// The empty set.
    #[inline]
    #[must_use]
    pub const fn new() -> CellSet {
        Self::EMPTY
    }

    /// The set holding just `cell`.
    #[inline]
    #[must_use]
    pub const fn single(cell: Cell) -> CellSet {
        let mut words = [0; WORDS];
        words[cell.index() / 64] = 1 << (cell.index() % 64);
        CellSet(words)
    }

    /// `cell` with its neighbours on the largest board: `CellSet::single(cell).grow()` read
    /// from a table (empty for an edge point, which `grow` ignores).
    #[inline]
    #[must_use]
    pub fn around(cell: Cell) -> CellSet {
        AROUND.get(cell.index()).copied().unwrap_or(Self::EMPTY)
    }

    /// Adds `cell`; returns whether it was absent.
    #[inline]
    pub fn insert(&mut self, cell: Cell) -> bool {
        let (w, b) = (cell.index() / 64, 1u64 << (cell.index() % 64));
        let was_absent = self.0[w] & b == 0;
        self.0[w] |= b;
        was_absent
    }

    /// Removes `cell`; returns whether it was present. Use [`CellSet::discard`] when that
    /// answer isn't needed.
    #[inline]
    #[must_use = "use `discard` when the answer is not needed"]
    pub fn remove(&mut self, cell: Cell) -> bool {
        let (w, b) = (cell.index() / 64, 1u64 << (cell.index() % 64));
        let was_present = self.0[w] & b != 0;
        self.0[w] &= !b;
        was_present
    }

    /// Removes `cell` if present.
    #[inline]
    pub fn discard(&mut self, cell: Cell) {
        let _ = self.remove(cell);
    }

    /// Whether `cell` is in the set.
    #[inline]
    #[must_use]
    pub const fn contains(&self, cell: Cell) -> bool {
        self.0[cell.index() / 64] & (1 << (cell.index() % 64)) != 0
    }

    /// Number of points in the set.
    #[inline]
    #[must_use]
    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Whether the set is empty.
    #[inline]
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// Whether the two sets share a point.
    #[inline]
    #[must_use]
    pub fn intersects(&self, other: &CellSet) -> bool {
        self.0.iter().zip(other.0.iter()).any(|(a, b)| a & b != 0)
    }

    /// Whether every point of `self` is in `other`.
    #[inline]
    #[must_use]
    pub fn is_subset(&self, other: &CellSet) -> bool {
        self.0.iter().zip(other.0.iter()).all(|(a, b)| a & !b == 0)
    }

    /// The point with the smallest index, if any.
    #[inline]
    #[must_use]
    pub fn first(&self) -> Option<Cell> {
        self.iter().next()
    }

    /// The `n`-th point in index order (0-based), if the set has that many.
    #[must_use]
    pub fn nth(&self, mut n: usize) -> Option<Cell> {
        for (w, &word) in self.0.iter().enumerate() {
            let count = word.count_ones() as usize;
            if n < count {
                let mut bits = word;
                for _ in 0..n {
                    bits &= bits - 1;
                }
                return Some(Cell::from_index_unchecked(
                    (w * 64) as u16 + bits.trailing_zeros() as u16,
                ));
            }
            n -= count;
        }
        None
    }

    /// Iterates the points in increasing index order (row by row, then the edges).
    #[inline]
    pub fn iter(&self) -> CellSetIter {
        CellSetIter {
            words: self.0,
            front: 0,
            back: WORDS,
        }
    }

    /// The board cells adjacent to some board cell of `self`, together with `self`'s board cells.
    ///
    /// Works on the largest board's numbering: callers intersect with their board's mask. Edge
    /// points in `self` are ignored (the caller seeds edge rows itself).
    #[must_use]
    #[inline]
    pub fn grow(&self) -> CellSet {
        // Boards up to 13x13 use only the first four words (row 12 ends at bit 240), and
        // their neighbours reach into the fifth at most: a narrower loop does the same work.
        if self.0[4] | self.0[5] == 0 {
            return self.grow_low();
        }
        self.grow_wide()
    }

    /// [`CellSet::grow`] for a set within the first four words.
    #[inline]
    fn grow_low(&self) -> CellSet {
        #[inline(always)]
        fn up(a: [u64; 4], k: u32) -> [u64; 5] {
            [
                a[0] << k,
                (a[1] << k) | (a[0] >> (64 - k)),
                (a[2] << k) | (a[1] >> (64 - k)),
                (a[3] << k) | (a[2] >> (64 - k)),
                a[3] >> (64 - k),
            ]
        }
        #[inline(always)]
        fn down(a: [u64; 4], k: u32) -> [u64; 4] {
            [
                (a[0] >> k) | (a[1] << (64 - k)),
                (a[1] >> k) | (a[2] << (64 - k)),
                (a[2] >> k) | (a[3] << (64 - k)),
                a[3] >> k,
            ]
        }
        let stride = STRIDE as u32;
        let w = &self.0;
        let m = &ALL_BOARD_CELLS.0;
        let s = [w[0] & m[0], w[1] & m[1], w[2] & m[2], w[3] & m[3]];
        let f = &FIRST_COLUMN.0;
        let l = &LAST_COLUMN.0;
        let not_first = [s[0] & !f[0], s[1] & !f[1], s[2] & !f[2], s[3] & !f[3]];
        let not_last = [s[0] & !l[0], s[1] & !l[1], s[2] & !l[2], s[3] & !l[3]];
        // Row below, right, and row below one column left; then row above, left, and row
        // above one column right.
        let (a, b, c) = (up(s, stride), up(not_last, 1), up(not_first, stride - 1));
        let (d, e, g) = (
            down(s, stride),
            down(not_first, 1),
            down(not_last, stride - 1),
        );
        let mut out = [0u64; WORDS];
        for i in 0..4 {
            out[i] = (s[i] | a[i] | b[i] | c[i] | d[i] | e[i] | g[i]) & m[i];
        }
        out[4] = (a[4] | b[4] | c[4]) & m[4];
        CellSet(out)
    }

    fn grow_wide(&self) -> CellSet {
        let s = *self & ALL_BOARD_CELLS;
        let not_first = s - FIRST_COLUMN;
        let not_last = s - LAST_COLUMN;
        let stride = STRIDE as u32;
        let grown = s
            | s.shl(stride) // row below, same column
            | s.shr(stride) // row above, same column
            | not_last.shl(1) // right
            | not_first.shr(1) // left
            | not_last.shr(stride - 1) // row above, one column right
            | not_first.shl(stride - 1); // row below, one column left
        grown & ALL_BOARD_CELLS
    }

    /// The points of `within` reachable from `seeds` through `within`, by adjacency.
    ///
    /// Seeds outside `within` are ignored.
    #[must_use]
    pub fn flood(seeds: CellSet, within: CellSet) -> CellSet {
        let mut reached = seeds & within;
        loop {
            let next = reached.grow() & within;
            if next == reached {
                return reached;
            }
            reached = next;
        }
    }

    /// The `len` bits (at most 64) of the set from bit `start` on, lowest first: one row of
    /// cells when `start` is a row's first cell.
    #[must_use]
    pub(crate) fn read_bits(&self, start: usize, len: usize) -> u64 {
        read_bits(&self.0, start, len)
    }

    /// The 128 bits of the set from bit `start` on, lowest first (bits past the end read as
    /// 0): every cell within two rows of a cell in one word, for reading a pattern's frame.
    #[inline]
    #[must_use]
    pub(crate) fn read_bits128(&self, start: usize) -> u128 {
        let (w, shift) = (start / 64, start % 64);
        let word = |i: usize| self.0.get(i).copied().unwrap_or(0);
        // Two 64-bit halves, shifted by constant-safe amounts: a 128-bit shift by a variable
        // amount is a library call in wasm.
        let (low, high) = if shift == 0 {
            (word(w), word(w + 1))
        } else {
            (
                word(w) >> shift | word(w + 1) << (64 - shift),
                word(w + 1) >> shift | word(w + 2) << (64 - shift),
            )
        };
        u128::from(low) | u128::from(high) << 64
    }

    /// Adds the cells whose bits `value` sets, `value`'s bit 0 standing for bit `start`.
    ///
    /// # Panics
    /// If that would set a bit at or above [`Cell::COUNT`] (keeping the set's invariant).
    pub(crate) fn or_bits(&mut self, start: usize, value: u64) {
        assert!(
            value == 0 || start + (64 - value.leading_zeros() as usize) <= Cell::COUNT as usize,
            "bits past the last point"
        );
        or_bits(&mut self.0, start, value);
    }

    fn shl(&self, k: u32) -> CellSet {
        debug_assert!(k > 0 && k < 64);
        let mut out = [0u64; WORDS];
        for (i, word) in out.iter_mut().enumerate() {
            *word = self.0[i] << k;
            if i > 0 {
                *word |= self.0[i - 1] >> (64 - k);
            }
        }
        CellSet(out)
    }

    fn shr(&self, k: u32) -> CellSet {
        debug_assert!(k > 0 && k < 64);
        let mut out = [0u64; WORDS];
        for (i, word) in out.iter_mut().enumerate() {
            *word = self.0[i] >> k;
            if i + 1 < WORDS {
                *word |= self.0[i + 1] << (64 - k);
            }
        }
        CellSet(out)
    }
}

/// The `len` bits (at most 64) of `words` from bit `start` on, lowest first (bits past the
/// end read as 0).
#[must_use]
pub(crate) fn read_bits(words: &[u64], start: usize, len: usize) -> u64 {
    debug_assert!(len <= 64);
    let (w, shift) = (start / 64, start % 64);
    let low = words.get(w).map_or(0, |x| x >> shift);
    let high = if shift == 0 {
        0
    } else {
        words.get(w + 1).map_or(0, |x| x << (64 - shift))
    };
    let mask = if len == 64 { u64::MAX } else { (1 << len) - 1 };
    (low | high) & mask
}

/// ORs `value` into `words`, `value`'s bit 0 at bit `start`.
///
/// # Panics
/// If a set bit of `value` falls past the end of `words`.
pub(crate) fn or_bits(words: &mut [u64], start: usize, value: u64) {
    if value == 0 {
        return;
    }
    let (w, shift) = (start / 64, start % 64);
    words[w] |= value << shift;
    if shift != 0 && value >> (64 - shift) != 0 {
        words[w + 1] |= value >> (64 - shift);
    }
}

macro_rules! binary_op {
    ($trait:ident, $method:ident, $assign_trait:ident, $assign_method:ident, $op:tt) => {
        impl $trait for CellSet {
            type Output = CellSet;
            #[inline]
            fn $method(self, rhs: CellSet) -> CellSet {
                let mut out = self;
                out.$assign_method(rhs);
                out
            }
        }
        impl $assign_trait for CellSet {
            #[inline]
            fn $assign_method(&mut self, rhs: CellSet) {
                for (a, b) in self.0.iter_mut().zip(rhs.0) {
                    *a = $op(*a, b);
                }
            }
        }
    };
}

binary_op!(
    BitAnd,
    bitand,
    BitAndAssign,
    bitand_assign,
    (|a: u64, b: u64| a & b)
);
binary_op!(
    BitOr,
    bitor,
    BitOrAssign,
    bitor_assign,
    (|a: u64, b: u64| a | b)
);
binary_op!(
    BitXor,
    bitxor,
    BitXorAssign,
    bitxor_assign,
    (|a: u64, b: u64| a ^ b)
);
binary_op!(Sub, sub, SubAssign, sub_assign, (|a: u64, b: u64| a & !b));

/// Iterator over a [`CellSet`] in index order; knows its exact length.
#[derive(Clone)]
pub struct CellSetIter {
    words: [u64; WORDS],
    front: usize,
    back: usize,
}

impl Iterator for CellSetIter {
    type Item = Cell;

    #[inline]
    fn next(&mut self) -> Option<Cell> {
        while self.front < self.back {
            let word = &mut self.words[self.front];
            if *word != 0 {
                let bit = word.trailing_zeros() as u16;
                *word &= *word - 1;
                return Some(Cell::from_index_unchecked(self.front as u16 * 64 + bit));
            }
            self.front += 1;
        }
        None
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.len();
        (n, Some(n))
    }
}

impl DoubleEndedIterator for CellSetIter {
    fn next_back(&mut self) -> Option<Cell> {
        while self.front < self.back {
            let word = &mut self.words[self.back - 1];
            if *word != 0 {
                let bit = 63 - word.leading_zeros() as u16;
                *word &= !(1u64 << bit);
                return Some(Cell::from_index_unchecked(
                    (self.back as u16 - 1) * 64 + bit,
                ));
            }
            self.back -= 1;
        }
        None
    }
}

impl ExactSizeIterator for CellSetIter {
    fn len(&self) -> usize {
        self.words[self.front..self.back]
            .iter()
            .map(|w| w.count_ones() as usize)
            .sum()
    }
}

impl FusedIterator for CellSetIter {}

impl IntoIterator for CellSet {
    type Item = Cell;
    type IntoIter = CellSetIter;
    fn into_iter(self) -> CellSetIter {
        self.iter()
    }
}

impl IntoIterator for &CellSet {
    type Item = Cell;
    type IntoIter = CellSetIter;
    fn into_iter(self) -> CellSetIter {
        self.iter()
    }
}

impl FromIterator<Cell> for CellSet {
    fn from_iter<I: IntoIterator<Item = Cell>>(iter: I) -> CellSet {
        let mut set = CellSet::new();
        set.extend(iter);
        set
    }
}

impl Extend<Cell> for CellSet {
    fn extend<I: IntoIterator<Item = Cell>>(&mut self, iter: I) {
        for cell in iter {
            self.insert(cell);
        }
    }
}

/// Lists the points: `{a1, c3, top}`.
impl fmt::Debug for CellSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(cells: &[(u8, u8)]) -> CellSet {
        cells.iter().map(|&(c, r)| Cell::new(c, r)).collect()
    }

    #[test]
    fn read_bits128_reads_across_words() {
        let s: CellSet = [0u16, 59, 61, 64, 66, 127, 128, 200, 300, 360]
            .iter()
            .map(|&i| Cell::from_index_unchecked(i))
            .collect();
        for start in 0..usize::from(Cell::COUNT) {
            let expected = (0..128usize)
                .filter(|&i| {
                    let at = start + i;
                    at < usize::from(Cell::COUNT)
                        && s.contains(Cell::from_index_unchecked(at as u16))
                })
                .fold(0u128, |m, i| m | 1 << i);
            assert_eq!(s.read_bits128(start), expected, "{start}");
        }
    }

    #[test]
    fn insert_remove_len() {
        let mut s = CellSet::new();
        assert!(s.insert(Cell::new(3, 4)));
        assert!(!s.insert(Cell::new(3, 4)));
        assert!(s.insert(Cell::TOP));
        assert_eq!(s.len(), 2);
        assert!(s.remove(Cell::new(3, 4)));
        assert!(!s.remove(Cell::new(3, 4)));
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![Cell::TOP]);
    }

    #[test]
    fn iterates_both_ways_with_exact_length() {
        let s = set(&[(0, 0), (18, 18), (5, 7), (1, 3)]);
        let forward: Vec<_> = s.iter().collect();
        let mut backward: Vec<_> = s.iter().rev().collect();
        backward.reverse();
        assert_eq!(forward, backward);
        assert_eq!(s.iter().len(), 4);
        assert_eq!(forward.windows(2).filter(|w| w[0] >= w[1]).count(), 0);
        for (i, cell) in forward.iter().enumerate() {
            assert_eq!(s.nth(i), Some(*cell));
        }
        assert_eq!(s.nth(4), None);
    }

    #[test]
    fn grow_adds_exactly_the_six_neighbours() {
        // Neighbours of c3 are c2 d2 b3 d3 b4 c4.
        let grown = CellSet::single(Cell::new(2, 2)).grow();
        let expected = set(&[(2, 2), (2, 1), (3, 1), (1, 2), (3, 2), (1, 3), (2, 3)]);
        assert_eq!(grown, expected);
        // No wrapping across rows at the first and last columns.
        let corner = CellSet::single(Cell::new(18, 0)).grow();
        assert_eq!(corner, set(&[(18, 0), (17, 0), (17, 1), (18, 1)]));
        let left = CellSet::single(Cell::new(0, 5)).grow();
        assert_eq!(left, set(&[(0, 5), (0, 4), (1, 4), (1, 5), (0, 6)]));
        let bottom = CellSet::single(Cell::new(18, 18)).grow();
        assert_eq!(bottom, set(&[(18, 18), (18, 17), (17, 18)]));
    }

    #[test]
    fn around_is_the_cell_grown() {
        for index in 0..Cell::COUNT {
            let cell = Cell::from_index_unchecked(index);
            assert_eq!(
                CellSet::around(cell),
                CellSet::single(cell).grow(),
                "{cell:?}"
            );
        }
    }

    #[test]
    fn narrow_grow_matches_the_wide_one() {
        // Random sets within the first four words (boards up to 13x13), and single cells
        // at the ends of those words.
        let mut x = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for _ in 0..2000 {
            let density = next() % 4;
            let mut words = [0u64; WORDS];
            for word in words.iter_mut().take(4) {
                *word = (0..density).fold(u64::MAX, |w, _| w & next());
            }
            let set = CellSet(words) & ALL_BOARD_CELLS;
            assert_eq!(set.grow(), set.grow_wide(), "{set:?}");
        }
        for index in [0, 63, 64, 127, 128, 191, 192, 240, 255] {
            let set = CellSet::single(Cell::from_index_unchecked(index));
            assert_eq!(set.grow(), set.grow_wide(), "{index}");
        }
    }

    #[test]
    fn flood_follows_adjacency_only() {
        let within = set(&[(0, 0), (0, 1), (1, 1), (3, 3)]);
        let reached = CellSet::flood(CellSet::single(Cell::new(0, 0)), within);
        assert_eq!(reached, set(&[(0, 0), (0, 1), (1, 1)]));
    }
}
