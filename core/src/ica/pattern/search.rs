//! The closure search: all minimal configurations of a frame satisfying a sound local test,
//! and the bitmap of every configuration that contains one.
//!
//! Local claims are monotone: a claim that holds in every embedding of a configuration still
//! holds once more stones are added (dead cells stay dead, captured sets stay captured). The
//! search visits configurations in increasing number, so after their sub-configurations
//! (see [`super::frame`]). A configuration is *covered* when removing one of its stones leaves a
//! covered configuration, or when the test passes; only uncovered ones are tested, and those
//! that pass are the minimal patterns. Symmetric images are tested once: an uncovered
//! configuration with a symmetric image of smaller number copies that image's answer.
//!
//! Invariant: `covered` is the up-closure of the configurations the test accepted, and
//! `minimal` holds its minimal elements, one per symmetry orbit (the smallest number).

use super::frame::Frame;
use super::geometry::Class;

/// A fixed-size set of configuration numbers.
#[derive(Clone, Debug)]
pub struct Bitmap(Vec<u64>);

impl Bitmap {
    /// A set able to hold `0..len`, empty.
    #[must_use]
    pub fn new(len: u32) -> Bitmap {
        Bitmap(vec![0; (len as usize).div_ceil(64)])
    }

    /// Whether `i` is in the set.
    #[inline]
    #[must_use]
    pub fn get(&self, i: u32) -> bool {
        self.0[(i >> 6) as usize] & (1 << (i & 63)) != 0
    }

    /// Adds `i`.
    #[inline]
    pub fn set(&mut self, i: u32) {
        self.0[(i >> 6) as usize] |= 1 << (i & 63);
    }

    /// Number of members.
    #[must_use]
    pub fn count(&self) -> u64 {
        self.0.iter().map(|w| u64::from(w.count_ones())).sum()
    }
}

/// The result of a closure search over one frame.
#[derive(Clone, Debug)]
pub struct Closure {
    /// Every configuration containing an accepted one.
    pub covered: Bitmap,
    /// Minimal accepted configurations `(black, white)`, one per orbit, in increasing number.
    pub minimal: Vec<(u32, u32)>,
    /// How many configurations the test was run on.
    pub tested: u64,
}

/// Runs the closure search of `test` over `frame`.
pub fn close(class: &Class, frame: &Frame, mut test: impl FnMut(u32, u32) -> bool) -> Closure {
    let mut covered = Bitmap::new(frame.size);
    let mut minimal = Vec::new();
    let mut tested = 0;
    let use_symmetry = frame.stabiliser.len() > 1;
    let mut digits = vec![0u8; frame.free.len()];
    let (mut black, mut white) = (0u32, 0u32);
    // Digit positions holding a Black (`pos_black`) or a White (`pos_white`) stone.
    let (mut pos_black, mut pos_white) = (0u32, 0u32);
    for index in 0..frame.size {
        if index > 0 {
            let mut p = 0;
            loop {
                let cell = 1u32 << frame.free[p];
                match digits[p] {
                    0 => {
                        digits[p] = 1;
                        black |= cell;
                        pos_black |= 1 << p;
                        break;
                    }
                    1 => {
                        digits[p] = 2;
                        black &= !cell;
                        white |= cell;
                        pos_black &= !(1 << p);
                        pos_white |= 1 << p;
                        break;
                    }
                    _ => {
                        digits[p] = 0;
                        white &= !cell;
                        pos_white &= !(1 << p);
                        p += 1;
                    }
                }
            }
        }
        let mut is_covered = false;
        let mut stones = pos_black | pos_white;
        while stones != 0 {
            let p = stones.trailing_zeros();
            stones &= stones - 1;
            let step = if pos_black & (1 << p) != 0 { 1 } else { 2 } * frame.pow[p as usize];
            if covered.get(index - step) {
                is_covered = true;
                break;
            }
        }
        if !is_covered {
            let image = if use_symmetry {
                frame.smaller_image(class, black, white, index)
            } else {
                None
            };
            if let Some(image) = image {
                is_covered = covered.get(image);
            } else {
                tested += 1;
                if test(black, white) {
                    is_covered = true;
                    minimal.push((black, white));
                }
            }
        }
        if is_covered {
            covered.set(index);
        }
    }
    Closure {
        covered,
        minimal,
        tested,
    }
}

#[cfg(test)]
mod tests {
    use super::super::geometry::Shape;
    use super::*;

    #[test]
    fn closure_of_a_single_stone_test() {
        // Accept any configuration with a Black stone on cell 1: one minimal pattern, and the
        // covered set is everything with Black on cell 1.
        let class = Class::new(1, Shape::Edge { top: 0 });
        let frame = Frame::new(&class, 1, vec![0]);
        let closure = close(&class, &frame, |b, _| b & 0b10 != 0);
        assert_eq!(closure.minimal, vec![(0b10, 0)]);
        assert_eq!(closure.covered.count(), 27);
    }
}
