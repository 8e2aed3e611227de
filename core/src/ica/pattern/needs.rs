//! Requirement words: what an index entry needs of a frame in one `u64`, and lists of them
//! asked which is the first to match a frame.
//!
//! A frame has at most [`MAX_CELLS`] cells, bit `i` standing for frame cell `i`. An entry needs
//! some cells to hold Black stones, some White stones and some to be empty: its [`need_word`]
//! holds the three masks side by side, [`PART`] bits apart. A frame offers its Black stones,
//! its White stones and its empty cells the same way ([`have_word`]), so the entry matches
//! exactly when `need & !have == 0`.
//!
//! One word per entry (8 bytes, where the entry with its pattern and symmetry took 24) is what
//! a query scans: the scans are most of the analysis's reads, and the smaller words cut its
//! first-level cache read misses by a third (cachegrind, 300 positions). A bit-sliced copy of
//! the long lists (a column of compatible entries per cell and state, ANDed until empty) ran
//! fewer instructions but mispredicted its early exits and was slower; so was testing eight
//! words per branch.

use super::geometry::MAX_CELLS;

/// Bits per part of a requirement word: at least a frame's cells.
pub const PART: u32 = 21;

const _: () = assert!(MAX_CELLS as u32 <= PART);

/// The requirement word of Black stones `black`, White stones `white` and empty cells `empty`
/// (frame cell masks).
#[inline]
#[must_use]
pub fn need_word(black: u32, white: u32, empty: u32) -> u64 {
    debug_assert!((black | white | empty) >> MAX_CELLS == 0);
    u64::from(black) | u64::from(white) << PART | u64::from(empty) << (2 * PART)
}

/// What a frame with stones `black` and `white` offers: its stones and its empty cells (every
/// bit without a stone, beyond the frame too: no requirement names those).
#[inline]
#[must_use]
pub fn have_word(black: u32, white: u32) -> u64 {
    let empty = !(black | white) & ((1 << PART) - 1);
    u64::from(black) | u64::from(white) << PART | u64::from(empty) << (2 * PART)
}

/// The index of the first of `needs` matching `have`.
#[inline]
#[must_use]
pub fn first_linear(needs: &[u64], have: u64) -> Option<usize> {
    needs.iter().position(|&need| need & !have == 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Rng(u64);

    impl Rng {
        fn next(&mut self) -> u32 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 >> 20) as u32
        }

        /// About one cell in `1 << sparsity`.
        fn sparse(&mut self, sparsity: u32) -> u32 {
            (0..sparsity).fold(self.next(), |m, _| m & self.next()) & ((1 << MAX_CELLS) - 1)
        }
    }

    /// The requirement of needing `black`, `white` and `empty` is the three mask tests.
    #[test]
    fn one_word_test_is_the_three_mask_test() {
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        let mut met = 0;
        for _ in 0..100_000 {
            let need_b = rng.sparse(3);
            let need_w = rng.sparse(3) & !need_b;
            let need_e = rng.sparse(3) & !(need_b | need_w);
            let black = rng.sparse(1);
            let white = rng.sparse(1) & !black;
            let three =
                need_b & !black == 0 && need_w & !white == 0 && need_e & (black | white) == 0;
            let one = need_word(need_b, need_w, need_e) & !have_word(black, white) == 0;
            assert_eq!(one, three);
            met += usize::from(one);
        }
        assert!(met > 1_000 && met < 99_000, "both answers tried: {met} met");
    }
}
