//! A transposition table shared by threads, in fixed memory, replacing by work.
//!
//! The table is an array of buckets of [`WAYS`] entries, its size fixed at creation from a
//! number of megabytes (rounded down to a power of two buckets, at least one). A key's bucket
//! is picked by its low bits; each bucket has its own lock, so threads meet only when they
//! touch the same bucket at the same moment (no global lock: with millions of buckets, two
//! threads almost never wait). When a bucket is full, a new entry replaces the one that took
//! the least work to find (a deeper subtree, more nodes), so the table keeps what is dearest
//! to recompute; the same key is updated in place.
//!
//! Keys are 64-bit hashes (for example [`crate::Position::canonical_hash`]). Two positions
//! with the same hash would share an entry: at 64 bits that is rare enough for a search's
//! heuristic values, but a result that must be exact (a stored proof) should also keep the
//! position, as the solved-position store will.

use std::sync::{Mutex, PoisonError};

/// Entries per bucket.
pub const WAYS: usize = 4;

/// One entry: the full key, the work it took, and the value (`None` when the way is empty).
#[derive(Clone, Copy, Debug)]
struct Entry<V> {
    key: u64,
    work: u32,
    value: Option<V>,
}

impl<V> Default for Entry<V> {
    fn default() -> Self {
        Entry {
            key: 0,
            work: 0,
            value: None,
        }
    }
}

/// A fixed-memory table from 64-bit keys to values of type `V`, shared by threads.
///
/// Invariant: `buckets.len()` is a power of two and `mask` is one less; a key lives only in
/// bucket `key & mask`, at most once.
#[derive(Debug)]
pub struct Table<V> {
    buckets: Box<[Mutex<[Entry<V>; WAYS]>]>,
    mask: u64,
}

impl<V: Copy> Table<V> {
    /// A table using at most `megabytes` MB (at least one bucket).
    #[must_use]
    pub fn with_megabytes(megabytes: usize) -> Table<V> {
        let bucket = std::mem::size_of::<Mutex<[Entry<V>; WAYS]>>().max(1);
        let wanted = (megabytes.saturating_mul(1 << 20) / bucket).max(1);
        // The largest power of two not above `wanted`.
        let count = 1usize << (usize::BITS - 1 - wanted.leading_zeros());
        Table {
            buckets: (0..count).map(|_| Mutex::new(Default::default())).collect(),
            mask: count as u64 - 1,
        }
    }

    /// The number of entries the table can hold.
    #[must_use]
    pub fn capacity(&self) -> usize {
        self.buckets.len() * WAYS
    }

    /// The bytes the table's entries take.
    #[must_use]
    pub fn bytes(&self) -> usize {
        self.buckets.len() * std::mem::size_of::<Mutex<[Entry<V>; WAYS]>>()
    }

    /// The bucket of `key`, locked (a thread that panicked while holding a bucket left only
    /// whole entries behind: each is written in one assignment, so the lock is taken anyway).
    fn bucket(&self, key: u64) -> std::sync::MutexGuard<'_, [Entry<V>; WAYS]> {
        self.buckets[(key & self.mask) as usize]
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// The value stored for `key`, if it is still there.
    #[must_use]
    pub fn get(&self, key: u64) -> Option<V> {
        self.bucket(key)
            .iter()
            .find(|e| e.key == key && e.value.is_some())
            .and_then(|e| e.value)
    }

    /// `read` applied to the value stored for `key`, if it is still there (under the bucket's
    /// lock, without copying the whole value out).
    #[must_use]
    pub fn get_with<R>(&self, key: u64, read: impl FnOnce(&V) -> R) -> Option<R> {
        self.bucket(key)
            .iter()
            .find(|e| e.key == key && e.value.is_some())
            .and_then(|e| e.value.as_ref().map(read))
    }

    /// Stores `value` for `key`, found with `work` (nodes, or any measure where more is
    /// dearer): in place of the key's old entry, else in an empty way, else over the entry of
    /// least work.
    pub fn put(&self, key: u64, value: V, work: u32) {
        let mut bucket = self.bucket(key);
        let way = bucket
            .iter()
            .position(|e| e.key == key && e.value.is_some())
            .or_else(|| bucket.iter().position(|e| e.value.is_none()))
            .unwrap_or_else(|| {
                (0..WAYS)
                    .min_by_key(|&i| bucket[i].work)
                    .expect("a bucket has ways")
            });
        bucket[way] = Entry {
            key,
            work,
            value: Some(value),
        };
    }

    /// Empties the table.
    pub fn clear(&self) {
        for bucket in self.buckets.iter() {
            *bucket.lock().unwrap_or_else(PoisonError::into_inner) = Default::default();
        }
    }

    /// The entries in use (a full pass over the table: for progress reports, not hot loops).
    #[must_use]
    pub fn len(&self) -> usize {
        self.buckets
            .iter()
            .map(|b| {
                b.lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .iter()
                    .filter(|e| e.value.is_some())
                    .count()
            })
            .sum()
    }

    /// Whether no entry is in use.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sized_in_megabytes() {
        let table: Table<u64> = Table::with_megabytes(1);
        assert!(table.bytes() <= 1 << 20);
        assert!(table.bytes() > 1 << 19, "uses at least half of what it may");
        let tiny: Table<u64> = Table::with_megabytes(0);
        assert_eq!(tiny.capacity(), WAYS);
    }

    #[test]
    fn keeps_the_dearest_entries_when_full() {
        let table: Table<u32> = Table::with_megabytes(0); // one bucket
        for key in 0..WAYS as u64 {
            table.put(key, key as u32, 10 + key as u32);
        }
        assert_eq!(table.len(), WAYS);
        table.put(100, 100, 50); // replaces key 0, the cheapest
        assert_eq!(table.get(0), None);
        assert_eq!(table.get(100), Some(100));
        table.put(1, 7, 1); // the same key: updated in place
        assert_eq!(table.get(1), Some(7));
        assert_eq!(table.len(), WAYS);
        table.clear();
        assert!(table.is_empty());
    }

    #[test]
    fn threads_share_it_without_mixing_entries() {
        let table: Table<(u64, u64)> = Table::with_megabytes(1);
        std::thread::scope(|s| {
            for t in 0..4u64 {
                let table = &table;
                s.spawn(move || {
                    let mut x = t.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
                    for _ in 0..50_000 {
                        x ^= x << 13;
                        x ^= x >> 7;
                        x ^= x << 17;
                        let key = x % 100_000;
                        table.put(key, (key, key.wrapping_mul(3)), (key % 97) as u32);
                        if let Some((k, v)) = table.get(key ^ 1) {
                            assert_eq!((k, v), (key ^ 1, (key ^ 1).wrapping_mul(3)));
                        }
                    }
                });
            }
        });
        assert!(!table.is_empty());
    }
}
