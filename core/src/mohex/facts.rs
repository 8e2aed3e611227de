//! What a node's knowledge leaves for the work below it ([`Facts`]): its fill-in, which the
//! simulations below it start from (as MoHex's do), and the replies that restore the
//! opponent's connections after each probe ([`super::vcm`]), which the probes' children get a
//! larger prior for.
//!
//! An append-only store read by every thread without a lock: entries live in segments of
//! doubling size, each segment allocated once (a [`OnceLock`]) and each entry written once (a
//! [`OnceLock`] again), so a reader sees either nothing or the whole entry. The index handed
//! out by [`FactStore::push`] is what a node keeps ([`super::tree::Node::facts`], 1-based, 0 for
//! none).
//!
//! Invariants: indices `1..=len` are handed out once each, by one `fetch_add`; the entry of an
//! index is written by the thread that received the index, before it stores the index in its
//! node (release), so a thread that reads the index from the node (acquire) finds it written.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;

/// One node's facts, in padded cells of the simulation board.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Facts {
    /// The fill-in: cells with the stone each receives.
    pub fill: Box<[(u16, u8)]>,
    /// Probes (moves of the node's side to move) with the opponent's replies to each.
    pub replies: Box<[(u16, Box<[u16]>)]>,
}

impl Facts {
    /// The replies to `probe`, if it has any.
    #[must_use]
    pub fn replies_to(&self, probe: u16) -> Option<&[u16]> {
        self.replies
            .iter()
            .find(|(p, _)| *p == probe)
            .map(|(_, r)| &r[..])
    }
}

/// Entries in the first segment; segment `k` holds `FIRST << k`.
const FIRST: usize = 64;
/// Segments: room for `FIRST * (2^SEGMENTS - 1)` entries, more than any tree reaches.
const SEGMENTS: usize = 20;

/// The store (see the module doc).
pub struct FactStore {
    segments: [OnceLock<Box<[OnceLock<Facts>]>>; SEGMENTS],
    next: AtomicUsize,
}

impl Default for FactStore {
    fn default() -> FactStore {
        FactStore {
            segments: std::array::from_fn(|_| OnceLock::new()),
            next: AtomicUsize::new(0),
        }
    }
}

/// The segment and the offset in it of entry `i` (0-based).
fn place(i: usize) -> (usize, usize) {
    // Segment k starts at FIRST * (2^k - 1).
    let k = (i / FIRST + 1).ilog2() as usize;
    (k, i - FIRST * ((1 << k) - 1))
}

impl FactStore {
    /// Stores `facts`; their 1-based index, or `None` when the store is full.
    pub fn push(&self, facts: Facts) -> Option<u32> {
        let i = self.next.fetch_add(1, Ordering::Relaxed);
        let (k, offset) = place(i);
        if k >= SEGMENTS {
            return None;
        }
        let segment = self.segments[k].get_or_init(|| {
            (0..FIRST << k)
                .map(|_| OnceLock::new())
                .collect::<Vec<_>>()
                .into_boxed_slice()
        });
        segment[offset].set(facts).ok()?;
        u32::try_from(i + 1).ok()
    }

    /// The facts of 1-based `index` (`None` for 0 or an index not yet written).
    #[must_use]
    pub fn get(&self, index: u32) -> Option<&Facts> {
        let i = (index as usize).checked_sub(1)?;
        let (k, offset) = place(i);
        self.segments.get(k)?.get()?.get(offset)?.get()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_cover_every_index_once_in_order() {
        let mut expected = (0, 0);
        for i in 0..FIRST * 15 {
            assert_eq!(place(i), expected, "index {i}");
            expected.1 += 1;
            if expected.1 == FIRST << expected.0 {
                expected = (expected.0 + 1, 0);
            }
        }
    }

    #[test]
    fn pushed_facts_read_back_from_many_threads() {
        let fills = FactStore::default();
        let indices: Vec<Vec<u32>> = std::thread::scope(|s| {
            let workers: Vec<_> = (0..4u16)
                .map(|t| {
                    let fills = &fills;
                    s.spawn(move || {
                        (0..300u16)
                            .map(|j| {
                                let facts = Facts {
                                    fill: vec![(t * 1000 + j, 1)].into(),
                                    ..Facts::default()
                                };
                                fills.push(facts).unwrap()
                            })
                            .collect()
                    })
                })
                .collect();
            workers.into_iter().map(|w| w.join().unwrap()).collect()
        });
        let mut seen: Vec<u32> = indices.concat();
        seen.sort_unstable();
        assert_eq!(seen, (1..=1200).collect::<Vec<_>>());
        for (t, list) in indices.iter().enumerate() {
            for (j, &index) in list.iter().enumerate() {
                let facts = fills.get(index).unwrap();
                assert_eq!(facts.fill[0].0 as usize, t * 1000 + j);
            }
        }
        assert!(fills.get(0).is_none());
        assert!(fills.get(5000).is_none());
    }
}
