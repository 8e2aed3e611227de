//! Many short lists in one vector: H-search keeps a list of connections for each pair of points
//! it meets (thousands per search), and one allocation per list cost more than the lists' work.

/// Where one list lives in a [`ListArena`]: `len` items from `start`, with room for `room`.
///
/// Invariant: `len <= room`, and the arena holds `room` items from `start` that no other span
/// uses.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Span {
    start: u32,
    len: u16,
    room: u16,
}

impl Span {
    /// The number of items in the list.
    pub(super) fn len(self) -> usize {
        usize::from(self.len)
    }

    /// Whether the list has no items.
    pub(super) fn is_empty(self) -> bool {
        self.len == 0
    }
}

/// Lists of `T` stored one after another. A list that outgrows its room moves to the end with
/// twice the room (the room it leaves is not reused: a list holds at most a few dozen items, so
/// at most half the arena is left behind).
#[derive(Clone, Debug)]
pub(super) struct ListArena<T> {
    items: Vec<T>,
}

impl<T: Copy> ListArena<T> {
    /// An empty arena with room for `capacity` items before it grows.
    pub(super) fn with_capacity(capacity: usize) -> ListArena<T> {
        ListArena {
            items: Vec::with_capacity(capacity),
        }
    }

    /// The items of the list at `span`.
    #[inline]
    pub(super) fn get(&self, span: Span) -> &[T] {
        &self.items[span.start as usize..][..span.len()]
    }

    /// Inserts `item` at index `at` (at most the list's length) of the list at `span`, making
    /// room first if the list has none left (`first_room` for a list that had none).
    ///
    /// # Panics
    /// If `at` is past the list's end, or a list would hold more than `u16::MAX` items.
    pub(super) fn insert(&mut self, span: &mut Span, at: usize, item: T, first_room: usize) {
        assert!(at <= span.len(), "inserting past the list's end");
        if span.len == span.room {
            self.make_room(span, item, first_room);
        }
        let start = span.start as usize;
        // Lists are short: moving item by item beats a call to `memmove`.
        let list = &mut self.items[start..=start + span.len()];
        for i in (at..span.len()).rev() {
            list[i + 1] = list[i];
        }
        list[at] = item;
        span.len += 1;
    }

    /// Inserts `item` at index `at` of the list at `span` (as [`ListArena::insert`]) after
    /// dropping the items from `at` on for which `drop` holds and, if the list would then be
    /// longer than `limit` (at least 1), its last one.
    pub(super) fn insert_dropping(
        &mut self,
        span: &mut Span,
        at: usize,
        item: T,
        mut drop: impl FnMut(&T) -> bool,
        limit: usize,
        first_room: usize,
    ) {
        self.retain_from(span, at, |x| !drop(x));
        span.len = span.len().min(limit - 1) as u16;
        self.insert(span, at, item, first_room);
    }

    /// Moves the full list at `span` where it has more room: in place when it is the last list,
    /// else to the end (`filler` fills the room not yet used).
    fn make_room(&mut self, span: &mut Span, filler: T, first_room: usize) {
        let room = if span.room == 0 {
            first_room.max(1)
        } else {
            usize::from(span.room) * 2
        };
        let room = u16::try_from(room).expect("a list of at most u16::MAX items");
        let start = span.start as usize;
        let at_end = span.room > 0 && start + usize::from(span.room) == self.items.len();
        if !at_end {
            let new_start = self.items.len();
            self.items.extend_from_within(start..start + span.len());
            span.start = u32::try_from(new_start).expect("an arena under 2^32 items");
        }
        let end = span.start as usize + usize::from(room);
        self.items.resize(end, filler);
        span.room = room;
    }

    /// Keeps the items of the list at `span` for which `keep` holds, in order.
    pub(super) fn retain(&mut self, span: &mut Span, keep: impl FnMut(&T) -> bool) {
        self.retain_from(span, 0, keep);
    }

    /// Keeps the first `from` items of the list at `span`, and those after for which `keep`
    /// holds, in order.
    fn retain_from(&mut self, span: &mut Span, from: usize, mut keep: impl FnMut(&T) -> bool) {
        let list = &mut self.items[span.start as usize..][..span.len()];
        let mut kept = from;
        for i in from..list.len() {
            let item = list[i];
            if keep(&item) {
                list[kept] = item;
                kept += 1;
            }
        }
        span.len = kept as u16;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_keep_their_items_as_others_grow() {
        let mut arena = ListArena::with_capacity(0);
        let (mut a, mut b) = (Span::default(), Span::default());
        for i in 0..20u32 {
            let end = a.len();
            arena.insert(&mut a, end, i, 2);
            arena.insert(&mut b, 0, 100 + i, 2);
        }
        assert_eq!(arena.get(a), (0..20).collect::<Vec<_>>());
        assert_eq!(arena.get(b), (100..120).rev().collect::<Vec<_>>());
        arena.insert(&mut a, 3, 7, 2);
        assert_eq!(&arena.get(a)[..5], &[0, 1, 2, 7, 3]);
    }

    #[test]
    fn retain_shortens_a_list_in_order() {
        let mut arena = ListArena::with_capacity(8);
        let mut a = Span::default();
        for i in 0..10u32 {
            let end = a.len();
            arena.insert(&mut a, end, i, 4);
        }
        arena.retain(&mut a, |&x| x % 3 != 0);
        assert_eq!(arena.get(a), &[1, 2, 4, 5, 7, 8]);
        assert!(!a.is_empty());
        arena.retain(&mut a, |_| false);
        assert!(a.is_empty());
    }

    #[test]
    fn insert_dropping_drops_later_items_and_keeps_the_limit() {
        let mut arena = ListArena::with_capacity(0);
        let mut a = Span::default();
        for i in [1u32, 2, 4, 6, 8, 9] {
            let end = a.len();
            arena.insert(&mut a, end, i, 4);
        }
        // Even items from index 2 on go, and 3 goes in at index 2.
        arena.insert_dropping(&mut a, 2, 3, |x| x % 2 == 0, 10, 4);
        assert_eq!(arena.get(a), &[1, 2, 3, 9]);
        // A limit of 3 keeps two of the four, then adds one.
        arena.insert_dropping(&mut a, 1, 0, |_| false, 3, 4);
        assert_eq!(arena.get(a), &[1, 0, 2]);
    }
}
