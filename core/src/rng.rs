//! A small, fast, seedable random number generator (SplitMix64), the same on every platform.
//!
//! It uses only 64-bit arithmetic: 128-bit multiplies (wyrand, Lemire's 64-bit reduction) are a
//! library call in WebAssembly and made wasm playouts a fifth slower than native.
//!
//! The engine never asks the operating system for randomness, so results are reproducible from
//! a seed and the wasm build needs no entropy source.

/// Pseudo-random numbers from a 64-bit seed. Not for cryptography.
#[derive(Clone, Debug)]
pub struct Rng {
    state: u64,
}

impl Rng {
    /// A generator whose whole sequence is fixed by `seed`.
    #[must_use]
    pub fn new(seed: u64) -> Rng {
        Rng { state: seed }
    }

    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..bound` (multiply-shift on 32 random bits; `bound` must be positive and
    /// below 2^32). The bias is at most `bound / 2^32`, far below anything a playout can see.
    #[inline]
    pub fn below(&mut self, bound: usize) -> usize {
        debug_assert!(bound > 0 && bound as u64 <= u64::from(u32::MAX));
        (((self.next_u64() >> 32) * bound as u64) >> 32) as usize
    }

    /// A seed for an independent stream number `stream` derived from `seed` (SplitMix64 mixing).
    #[must_use]
    pub fn derive_seed(seed: u64, stream: u64) -> u64 {
        let mut z = seed ^ stream.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn below_stays_in_range_and_covers_it() {
        let mut rng = Rng::new(1);
        let mut seen = [0usize; 7];
        for _ in 0..7000 {
            seen[rng.below(7)] += 1;
        }
        assert!(seen.iter().all(|&n| n > 800 && n < 1200), "{seen:?}");
    }

    #[test]
    fn same_seed_same_sequence() {
        let (mut a, mut b) = (Rng::new(42), Rng::new(42));
        assert!((0..100).all(|_| a.next_u64() == b.next_u64()));
        assert_ne!(Rng::derive_seed(1, 0), Rng::derive_seed(1, 1));
    }
}
