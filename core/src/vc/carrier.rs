//! Carriers in a board's own layout, for H-search's inner loops.
//!
//! A [`CellSet`] has room for the largest board, six words whatever the board. H-search spends
//! its time intersecting, joining and comparing carriers, so it works on [`Bits`]: cell
//! `(col, row)` at bit `row * width + col`, in as few words as the board needs (two for 11x11,
//! three for 13x13). [`Layout`] converts between the two.

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Sub, SubAssign};

use crate::board::{or_bits, read_bits, BoardSize, Cell, CellSet};

/// What H-search's rules need of a set of cells: the set operations and comparisons.
pub trait CarrierSet:
    Copy
    + Eq
    + Default
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitOrAssign
    + Sub<Output = Self>
{
    /// Whether the set has no cell.
    fn is_empty(&self) -> bool;
    /// Whether the two sets share a cell.
    fn intersects(&self, other: &Self) -> bool;
    /// Whether every cell of `self` is in `other`.
    fn is_subset(&self, other: &Self) -> bool;
    /// The number of cells.
    fn len(&self) -> usize;
    /// The set of the lowest cell alone (empty for the empty set).
    fn lowest(&self) -> Self;
}

impl CarrierSet for CellSet {
    fn is_empty(&self) -> bool {
        CellSet::is_empty(self)
    }
    fn intersects(&self, other: &Self) -> bool {
        CellSet::intersects(self, other)
    }
    fn is_subset(&self, other: &Self) -> bool {
        CellSet::is_subset(self, other)
    }
    fn len(&self) -> usize {
        CellSet::len(self)
    }
    fn lowest(&self) -> Self {
        self.first().map_or(CellSet::new(), CellSet::single)
    }
}

/// A set of a board's cells in `W` words, bit `row * width + col` (see [`Layout`]).
///
/// Invariant: only bits of the board's cells are set (the [`Layout`] that made it says which).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Bits<const W: usize>([u64; W]);

/// The empty set.
impl<const W: usize> Default for Bits<W> {
    #[inline]
    fn default() -> Self {
        Bits([0; W])
    }
}

impl<const W: usize> Bits<W> {
    /// Whether bit `slot` is set.
    #[inline]
    #[must_use]
    pub fn contains(&self, slot: u16) -> bool {
        let slot = usize::from(slot);
        self.0[slot / 64] & (1 << (slot % 64)) != 0
    }

    /// The words, lowest bits first.
    #[must_use]
    pub fn words(&self) -> &[u64] {
        &self.0
    }

    /// The set with these words, if there are `W` of them (the caller keeps the invariant: the
    /// words come from a `Bits` of the same layout).
    #[must_use]
    pub fn from_words(words: &[u64]) -> Option<Self> {
        words.try_into().ok().map(Bits)
    }

    /// Sets bit `slot`.
    #[inline]
    pub fn insert(&mut self, slot: u16) {
        let slot = usize::from(slot);
        self.0[slot / 64] |= 1 << (slot % 64);
    }

    /// The set with bit `slot` only.
    #[inline]
    #[must_use]
    pub fn single(slot: u16) -> Self {
        // Built word by word (not by indexing a zeroed array), so the set stays in registers.
        let slot = usize::from(slot);
        Bits(std::array::from_fn(|i| {
            u64::from(i == slot / 64) << (slot % 64)
        }))
    }

    /// Clears bit `slot`.
    #[inline]
    pub fn remove(&mut self, slot: u16) {
        let slot = usize::from(slot);
        self.0[slot / 64] &= !(1 << (slot % 64));
    }

    /// The lowest set bit.
    #[inline]
    #[must_use]
    pub fn first(&self) -> Option<u16> {
        let i = self.0.iter().position(|&w| w != 0)?;
        Some((i * 64) as u16 + self.0[i].trailing_zeros() as u16)
    }

    /// The set bits, lowest first.
    pub fn slots(self) -> impl Iterator<Item = u16> {
        let mut rest = self;
        std::iter::from_fn(move || {
            let slot = rest.first()?;
            rest.remove(slot);
            Some(slot)
        })
    }
}

impl<const W: usize> CarrierSet for Bits<W> {
    #[inline]
    fn is_empty(&self) -> bool {
        self.0.iter().fold(0, |acc, w| acc | w) == 0
    }
    #[inline]
    fn intersects(&self, other: &Self) -> bool {
        self.0
            .iter()
            .zip(other.0.iter())
            .fold(0, |acc, (a, b)| acc | (a & b))
            != 0
    }
    #[inline]
    fn is_subset(&self, other: &Self) -> bool {
        self.0
            .iter()
            .zip(other.0.iter())
            .fold(0, |acc, (a, b)| acc | (a & !b))
            == 0
    }
    #[inline]
    fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }
    #[inline]
    fn lowest(&self) -> Self {
        let mut out = [0; W];
        if let Some(i) = self.0.iter().position(|&w| w != 0) {
            out[i] = self.0[i] & self.0[i].wrapping_neg();
        }
        Bits(out)
    }
}

/// A binary operation word by word, and its assigning form.
macro_rules! word_op {
    ($trait:ident, $method:ident, $assign_trait:ident, $assign_method:ident, $op:expr) => {
        impl<const W: usize> $assign_trait for Bits<W> {
            #[inline]
            fn $assign_method(&mut self, rhs: Self) {
                for (a, b) in self.0.iter_mut().zip(rhs.0) {
                    *a = $op(*a, b);
                }
            }
        }
        impl<const W: usize> $trait for Bits<W> {
            type Output = Self;
            #[inline]
            fn $method(mut self, rhs: Self) -> Self {
                self.$assign_method(rhs);
                self
            }
        }
    };
}

word_op!(
    BitAnd,
    bitand,
    BitAndAssign,
    bitand_assign,
    |a: u64, b: u64| a & b
);
word_op!(BitOr, bitor, BitOrAssign, bitor_assign, |a: u64, b: u64| a
    | b);
word_op!(Sub, sub, SubAssign, sub_assign, |a: u64, b: u64| a & !b);

/// How one board's cells map to [`Bits`]: row by row, `width` bits each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    size: BoardSize,
}

/// The most words a carrier takes ([`Layout::words`] on the largest board).
pub const MAX_WORDS: usize = 6;

impl Layout {
    /// The layout of `size`'s cells.
    #[must_use]
    pub fn new(size: BoardSize) -> Layout {
        Layout { size }
    }

    /// The words a [`Bits`] needs for this board: 2, 3, 4 or 6 (the sizes H-search is built
    /// for; at most [`MAX_WORDS`]).
    #[must_use]
    pub fn words(self) -> usize {
        match usize::from(self.size.width()) * usize::from(self.size.height()) {
            0..=128 => 2,
            129..=192 => 3,
            193..=256 => 4,
            _ => 6,
        }
    }

    /// The bit of a board cell.
    #[must_use]
    pub fn slot(self, cell: Cell) -> u16 {
        u16::from(cell.row()) * u16::from(self.size.width()) + u16::from(cell.col())
    }

    /// The board cells of `cells` (edges are left out).
    #[must_use]
    pub fn bits<const W: usize>(self, cells: &CellSet) -> Bits<W> {
        let width = usize::from(self.size.width());
        let mut out = [0; W];
        for row in 0..usize::from(self.size.height()) {
            let value = cells.read_bits(row * crate::board::STRIDE as usize, width);
            or_bits(&mut out, row * width, value);
        }
        Bits(out)
    }

    /// The cells of `bits`.
    #[must_use]
    pub fn cells<const W: usize>(self, bits: &Bits<W>) -> CellSet {
        self.cells_of_words(&bits.0)
    }

    /// The cells of a [`Bits`]' words.
    #[must_use]
    pub fn cells_of_words(self, words: &[u64]) -> CellSet {
        let width = usize::from(self.size.width());
        let mut out = CellSet::new();
        for row in 0..usize::from(self.size.height()) {
            let value = read_bits(words, row * width, width);
            out.or_bits(row * crate::board::STRIDE as usize, value);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_point;

    fn cells(names: &[&str]) -> CellSet {
        names.iter().map(|n| parse_point(n).unwrap()).collect()
    }

    #[test]
    fn cells_go_to_bits_and_back_on_every_size() {
        for (width, height) in [(1, 1), (5, 3), (11, 11), (13, 13), (16, 16), (19, 19)] {
            let size = BoardSize::new(width, height).unwrap();
            let layout = Layout::new(size);
            let all = size.cells();
            let back = match layout.words() {
                2 => layout.cells(&layout.bits::<2>(&all)),
                3 => layout.cells(&layout.bits::<3>(&all)),
                4 => layout.cells(&layout.bits::<4>(&all)),
                _ => layout.cells(&layout.bits::<6>(&all)),
            };
            assert_eq!(back, all, "{width}x{height}");
        }
    }

    #[test]
    fn bits_follow_the_rows() {
        let layout = Layout::new(BoardSize::new(11, 11).unwrap());
        let set = cells(&["a1", "k1", "a2", "c3", "k11"]);
        let bits: Bits<2> = layout.bits(&set);
        for (name, slot) in [("a1", 0), ("k1", 10), ("a2", 11), ("c3", 24), ("k11", 120)] {
            assert!(bits.contains(slot), "{name}");
            assert_eq!(layout.slot(parse_point(name).unwrap()), slot);
        }
        assert_eq!(bits.len(), 5);
        assert_eq!(layout.cells(&bits), set);
    }

    #[test]
    fn set_operations_agree_with_cell_sets() {
        let layout = Layout::new(BoardSize::new(13, 13).unwrap());
        let (a, b) = (cells(&["a1", "m13", "f7"]), cells(&["f7", "b2"]));
        let (x, y): (Bits<3>, Bits<3>) = (layout.bits(&a), layout.bits(&b));
        assert_eq!(layout.cells(&(x & y)), a & b);
        assert_eq!(layout.cells(&(x | y)), a | b);
        assert_eq!(layout.cells(&(x - y)), a - b);
        assert!(x.intersects(&y));
        assert!(!x.is_subset(&y));
        assert!((x & y).is_subset(&y));
    }
}
