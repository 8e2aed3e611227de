//! Zobrist keys: one random 64-bit word per (colour, cell) and one for White to move, so a
//! position's hash is the XOR of its stones' keys and changes by one XOR per stone.
//!
//! The keys are made at compile time by SplitMix64 from a fixed seed with 64-bit arithmetic
//! only, so a hash is the same on every platform (native and wasm), in every build and run:
//! a table written by one can be read by the other.

use super::cell::Cell;
use super::color::Color;

/// Keys for a stone of a colour on each point (edges included, never used).
const POINTS: usize = Cell::COUNT as usize;

/// One step of SplitMix64 (Steele, Lea and Flood 2014): the next state and its output.
const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (state, z ^ (z >> 31))
}

/// `KEYS[0]` for Black stones, `KEYS[1]` for White's, by point index; then the side key.
const fn make_keys() -> ([[u64; POINTS]; 2], u64) {
    let mut keys = [[0u64; POINTS]; 2];
    let mut state = 0x6865_786c_6162_2121; // "hexlab!!"
    let mut color = 0;
    while color < 2 {
        let mut i = 0;
        while i < POINTS {
            let (next, out) = splitmix64(state);
            state = next;
            keys[color][i] = out;
            i += 1;
        }
        color += 1;
    }
    let (_, side) = splitmix64(state);
    (keys, side)
}

const KEYS: ([[u64; POINTS]; 2], u64) = make_keys();

/// The key of a `color` stone on `cell`.
#[inline]
#[must_use]
pub fn stone(color: Color, cell: Cell) -> u64 {
    KEYS.0[color as usize][cell.index()]
}

/// The key XORed in while White is to move.
#[inline]
#[must_use]
pub const fn white_to_move() -> u64 {
    KEYS.1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_fixed_and_distinct() {
        // The same value on every platform and build: tables written natively are read by the
        // page.
        assert_eq!(stone(Color::Black, Cell::new(0, 0)), KEYS.0[0][0]);
        assert_eq!(splitmix64(0).1, 0xe220_a839_7b1d_cdaf);
        let mut all: Vec<u64> = KEYS.0.iter().flatten().copied().collect();
        all.push(white_to_move());
        let n = all.len();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), n);
    }
}
