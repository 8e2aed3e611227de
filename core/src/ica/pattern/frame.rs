//! Frames: the configurations of a class with some cells held empty, numbered in base 3.
//!
//! A configuration is a pair of stone masks `(black, white)` over the class's cells. The
//! *free* cells of a frame each carry a base-3 digit (0 empty, 1 Black, 2 White); the *fixed*
//! cells (the cell under test, a captured set, ...) are always empty. Removing a stone lowers
//! the number, so visiting numbers in increasing order visits every configuration after all of
//! its sub-configurations: the order the closure search relies on.
//!
//! Invariant: `index` and `decode` are inverse bijections between `0..size` and the
//! configurations whose stones lie on free cells.

use super::geometry::Class;
use super::local::bits;

/// The numbering of one frame, with the symmetries that fix it.
#[derive(Clone, Debug)]
pub struct Frame {
    /// The free cells, lowest digit first.
    pub free: Vec<u8>,
    /// Cells held empty.
    pub fixed: u32,
    /// `3^i` for each digit position.
    pub pow: Vec<u32>,
    /// Number of configurations, `3^free.len()`.
    pub size: u32,
    /// Indices into the class's group of the symmetries mapping the frame (and whatever the
    /// caller attaches to its fixed cells) onto itself.
    pub stabiliser: Vec<usize>,
    lo: Vec<u32>,
    hi: Vec<u32>,
}

impl Frame {
    /// The frame of `class` with `fixed` cells held empty.
    #[must_use]
    pub fn new(class: &Class, fixed: u32, stabiliser: Vec<usize>) -> Frame {
        let free: Vec<u8> = bits(class.all() & !fixed).map(|i| i as u8).collect();
        let pow: Vec<u32> = (0..free.len() as u32).map(|i| 3u32.pow(i)).collect();
        let mut value = [0u32; 32];
        for (p, &cell) in free.iter().enumerate() {
            value[cell as usize] = pow[p];
        }
        let table = |shift: u32, len: u32| -> Vec<u32> {
            (0..1u32 << len)
                .map(|m| bits(m << shift).map(|c| value[c]).sum())
                .collect()
        };
        Frame {
            size: 3u32.pow(free.len() as u32),
            lo: table(0, 10),
            hi: table(10, 9),
            free,
            fixed,
            pow,
            stabiliser,
        }
    }

    /// The number of a configuration (stones on fixed cells are not allowed).
    #[inline]
    #[must_use]
    pub fn index(&self, black: u32, white: u32) -> u32 {
        debug_assert!((black | white) & self.fixed == 0);
        let part = |m: u32| self.lo[(m & 0x3ff) as usize] + self.hi[(m >> 10) as usize];
        part(black) + 2 * part(white)
    }

    /// The configuration with number `index`.
    #[must_use]
    pub fn decode(&self, mut index: u32) -> (u32, u32) {
        let (mut black, mut white) = (0, 0);
        for &cell in &self.free {
            match index % 3 {
                1 => black |= 1 << cell,
                2 => white |= 1 << cell,
                _ => {}
            }
            index /= 3;
        }
        (black, white)
    }

    /// The number of some image of the configuration under the stabiliser that is smaller
    /// than `index` (its own number), or `None` when `index` is the smallest of its orbit.
    #[inline]
    #[must_use]
    pub fn smaller_image(&self, class: &Class, black: u32, white: u32, index: u32) -> Option<u32> {
        self.stabiliser.iter().skip(1).find_map(|&g| {
            let (b, w) = class.group[g].map_stones(black, white);
            let j = self.index(b, w);
            (j < index).then_some(j)
        })
    }

    /// The smallest number among the images of a configuration under the stabiliser.
    #[inline]
    #[must_use]
    pub fn canonical(&self, class: &Class, black: u32, white: u32) -> u32 {
        self.stabiliser
            .iter()
            .map(|&g| {
                let (b, w) = class.group[g].map_stones(black, white);
                self.index(b, w)
            })
            .min()
            .unwrap_or_else(|| self.index(black, white))
    }
}

#[cfg(test)]
mod tests {
    use super::super::geometry::Shape;
    use super::*;

    #[test]
    fn index_and_decode_are_inverse() {
        let class = Class::new(2, Shape::Edge { top: 0 });
        let frame = Frame::new(&class, 1, vec![0]);
        assert_eq!(frame.size, 3u32.pow(11));
        for i in (0..frame.size).step_by(97) {
            let (b, w) = frame.decode(i);
            assert_eq!(b & w, 0);
            assert_eq!(frame.index(b, w), i);
        }
    }
}
