//! The pattern library: the committed tables, compiled into lookup indices, and the queries
//! the analysis asks about a cell of a position.
//!
//! The tables are parsed once ([`Library::global`]); the index of each class, kind and colour
//! is built on its first query. Every symmetric image of every pattern is expanded, then filed under
//! each colouring of the centre's ring (distance-1 cells, at most 3^6 = 729 codes) it is
//! compatible with. Within a ring code only the outer cells are left to check, as three masks
//! (Black stones, White stones, cells required empty), and entries implied by a weaker entry of
//! the same code are dropped. A query reads the frame around the cell (19 cells at most), looks
//! up its ring code and scans a short list of mask tests, at radius 2 and then at radius 1.
//!
//! Invariant: an entry answers a query exactly when the position's frame contains the stones
//! of one image of its pattern with that image's role cells empty; every answer is therefore
//! an instance of a committed pattern, and as sound as the pattern.

use std::collections::HashSet;
use std::fmt;
use std::sync::OnceLock;

use crate::board::{BoardSize, Cell, CellSet, Color, STRIDE};

use super::geometry::{all_classes, place, BoardMap, Class, Shape};
use super::local::bits;
use super::needs;
use super::stones::StoneView;
use super::table::{parse, Kind, Pattern, TableError};

/// The committed tables.
const TABLES: [&str; 4] = [
    include_str!("../../../data/patterns/dead.txt"),
    include_str!("../../../data/patterns/captured.txt"),
    include_str!("../../../data/patterns/vulnerable.txt"),
    include_str!("../../../data/patterns/dominated.txt"),
];

/// One image of a pattern, with its ring cells left out (the ring code bucket holds them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Entry {
    /// What it needs of the frame's cells outside the ring ([`needs::need_word`]).
    need: u64,
    /// Index of the pattern in the library.
    pattern: u32,
    /// Index of the symmetry (in the class's group) giving this image.
    symmetry: u8,
}

impl Entry {
    /// The order of a bucket: entries needing fewer cells first (a weaker entry before the
    /// entries it implies), then in table order.
    fn order(&self) -> (u32, u32, u8) {
        (self.need.count_ones(), self.pattern, self.symmetry)
    }

    /// Whether `other` needs all this entry needs (so it matches only where this one does).
    fn implies(&self, other: &Entry) -> bool {
        self.need & !other.need == 0
    }
}

/// `POW3_SUMS[m]` is the sum of `3^i` over the set bits `i` of `m` (6-bit masks).
const POW3_SUMS: [u16; 64] = {
    let mut table = [0u16; 64];
    let mut m = 0;
    while m < 64 {
        let (mut sum, mut p, mut i) = (0u16, 1u16, 0);
        while i < 6 {
            if m & (1 << i) != 0 {
                sum += p;
            }
            p *= 3;
            i += 1;
        }
        table[m] = sum;
        m += 1;
    }
    table
};

/// The ring code of frame stone masks, the ring being cells `1..=k` (cells are sorted by
/// distance).
#[inline]
fn ring_code(k: usize, black: u32, white: u32) -> usize {
    let ring = |m: u32| POW3_SUMS[((m >> 1) & ((1 << k) - 1)) as usize] as usize;
    ring(black) + 2 * ring(white)
}

/// Entries grouped by ring code.
///
/// Invariant: `needs[i]` is `entries[i].need`: a query scans the words alone (8 bytes each,
/// where an entry takes 16) and reads an entry only once it knows the entry matches.
#[derive(Clone, Debug, Default)]
struct Buckets {
    start: Vec<u32>,
    entries: Vec<Entry>,
    needs: Vec<u64>,
}

impl Buckets {
    /// The buckets of the entries of each ring code (`listed[listed_start[c]..listed_start[c +
    /// 1]]` for code `c`), each list in [`Entry::order`]: each bucket keeps that order, an entry
    /// implied by one before it left out.
    fn build(listed_start: &[u32], listed: &[Entry]) -> Buckets {
        let mut buckets = Buckets {
            start: Vec::with_capacity(listed_start.len()),
            entries: Vec::with_capacity(listed.len()),
            needs: Vec::new(),
        };
        for range in listed_start.windows(2) {
            let list = &listed[range[0] as usize..range[1] as usize];
            buckets.start.push(buckets.entries.len() as u32);
            debug_assert!(list.is_sorted_by_key(Entry::order));
            let first = buckets.entries.len();
            for e in list {
                if !buckets.entries[first..].iter().any(|k| k.implies(e)) {
                    buckets.entries.push(*e);
                }
            }
        }
        buckets.start.push(buckets.entries.len() as u32);
        buckets.entries.shrink_to_fit();
        buckets.needs = buckets.entries.iter().map(|e| e.need).collect();
        buckets
    }

    /// The first entry matching the frame `at`.
    #[inline]
    fn find(&self, at: &Placed) -> Option<&Entry> {
        let (code, black, white) = (at.code as usize, at.black, at.white);
        let (from, to) = (self.start[code] as usize, self.start[code + 1] as usize);
        let have = needs::have_word(black, white);
        let i = needs::first_linear(&self.needs[from..to], have)?;
        Some(&self.entries[from + i])
    }
}

/// The indices of one class.
#[derive(Clone, Debug)]
struct ClassIndex {
    ring: Vec<usize>,
    /// For each board map, the frame's cells other than the centre row by row of the board.
    rows: [Vec<RowRead>; 4],
    /// For each board map, the frame cell (0 for none) at each cell index from the centre's
    /// plus [`AROUND_REACH`].
    bit_at: [[u8; 2 * AROUND_REACH + 1]; 4],
    /// Per kind and frame colour ([`slot`]), built on first use.
    slots: [OnceLock<Buckets>; 7],
}

/// The index slot of a kind and frame colour (capturer or mover; none for dead).
fn slot(kind: Kind, color: Option<Color>) -> usize {
    let c = color.map_or(0, color_index);
    match kind {
        Kind::Dead => 0,
        Kind::Captured => 1 + c,
        Kind::Vulnerable => 3 + c,
        Kind::Dominated => 5 + c,
    }
}

/// A claim found by a pattern, on the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Match {
    pub kind: Kind,
    /// The pattern's name, like `dead/r2-interior/7`.
    pub pattern: String,
    /// The cell the claim is about.
    pub cell: Cell,
    /// The stones the pattern needs, on the board.
    pub black: CellSet,
    pub white: CellSet,
    /// The killer (vulnerable) or the dominating move (dominated).
    pub role: Option<Cell>,
    /// The captured set (captured), or the set the cell falls into after the dominating move
    /// (dominated, empty when the cell dies); `cell` included.
    pub set: CellSet,
    /// The capturer (captured) or the player to move (vulnerable, dominated), on the board.
    pub color: Option<Color>,
}

/// A pattern found on the board, before it is named: the claim's cells, and where in the
/// library the pattern is, so that [`Library::explain`] can say which one it was.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hit {
    /// The cell the claim is about.
    pub cell: Cell,
    /// The captured set (captured), or the set the cell falls into after the role move
    /// (dominated, empty when the cell dies); `cell` included.
    pub set: CellSet,
    /// The killer (vulnerable) or the dominating move (dominated).
    pub role: Option<Cell>,
    /// The capturer (captured) or the player to move (vulnerable, dominated), on the board.
    pub color: Option<Color>,
    size: BoardSize,
    class: u16,
    pattern: u32,
    symmetry: u8,
    map: BoardMap,
}

impl Hit {
    /// The full match (pattern name, the stones it needs), for a hit of [`Library::global`].
    #[must_use]
    pub fn explain(&self) -> Match {
        Library::global().explain(self)
    }
}

fn list(set: CellSet) -> String {
    if set.is_empty() {
        "no stones".to_string()
    } else {
        set.iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    }
}

impl Match {
    /// The cells to highlight: the pattern's stones and role cells.
    #[must_use]
    pub fn witness(&self) -> CellSet {
        let mut w = self.black | self.white | self.set;
        if let Some(r) = self.role {
            w.insert(r);
        }
        w.discard(self.cell);
        w
    }

    /// A sentence for players.
    #[must_use]
    pub fn sentence(&self) -> String {
        let c = self.cell;
        let stones = format!("Black {} and White {}", list(self.black), list(self.white));
        let color = self.color.unwrap_or(Color::Black);
        let role = self.role.map_or(String::new(), |r| r.to_string());
        let others = list(self.set - CellSet::single(c));
        match self.kind {
            Kind::Dead => format!(
                "{c} is dead (pattern {}): with {stones} around it, no minimal winning chain of either player can pass through {c}, whatever the rest of the board holds",
                self.pattern
            ),
            Kind::Captured => format!(
                "{c} is {color} captured with {others} (pattern {}): with {stones}, if {} plays in the set {color} answers in it and the intruding stones are dead, so {color} may fill it",
                self.pattern,
                color.opponent()
            ),
            Kind::Vulnerable => format!(
                "{c} is vulnerable for {color} (pattern {}): with {stones}, a {} stone on {role} would make {c} dead, so {color} need not play {c}, and {role} is at least as good",
                self.pattern,
                color.opponent()
            ),
            Kind::Dominated => {
                let after = if self.set.is_empty() {
                    format!("{c} is dead")
                } else {
                    format!("{c} is {color} captured with {others}")
                };
                format!(
                    "{c} is dominated by {role} for {color} (pattern {}): with {stones}, after {color} plays {role} {after}, so {role} is at least as good for {color}",
                    self.pattern
                )
            }
        }
    }
}

impl fmt::Display for Match {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.sentence())
    }
}

/// The pattern library: classes, patterns and their indices.
#[derive(Clone, Debug)]
pub struct Library {
    classes: Vec<Class>,
    patterns: Vec<Pattern>,
    indices: Vec<ClassIndex>,
    /// The class of each radius and shape ([`shape_slot`]), if the library has one.
    class_of: [Option<u16>; 2 * SHAPE_SLOTS],
}

/// Shapes per radius in [`shape_slot`]'s numbering.
const SHAPE_SLOTS: usize = 11;

/// A small number for a shape whose distances to the edges are below 2 (all a radius of 1
/// or 2 can give): interior 0, edges 1-2, acute corners 3-6, obtuse corners 7-10.
fn shape_slot(shape: Shape) -> Option<usize> {
    let small = |d: i8| (0..2).contains(&d).then_some(d as usize);
    match shape {
        Shape::Interior => Some(0),
        Shape::Edge { top } => Some(1 + small(top)?),
        Shape::Acute { side, top } => Some(3 + 2 * small(side)? + small(top)?),
        Shape::Obtuse { side, top } => Some(7 + 2 * small(side)? + small(top)?),
    }
}

/// The frames of a cell (radius 2, then radius 1), read once for several queries. Small and
/// `Copy`: probes copy a cell's frames and add stones to the copy.
#[derive(Clone, Copy, Debug)]
pub struct Frames {
    cell: Cell,
    size: BoardSize,
    placed: [Option<Placed>; 2],
}

impl Frames {
    /// The cell the frames are around.
    #[must_use]
    pub fn cell(&self) -> Cell {
        self.cell
    }
}

/// The frame of a cell on a board: class index, board map, and frame stone masks.
#[derive(Clone, Copy, Debug)]
struct Placed {
    class: u16,
    map: BoardMap,
    /// `map`'s place in [`BoardMap::ALL`].
    map_id: u8,
    black: u32,
    white: u32,
    /// The ring code of the stones ([`ring_code`]).
    code: u32,
}

fn color_index(color: Color) -> usize {
    match color {
        Color::Black => 0,
        Color::White => 1,
    }
}

impl Library {
    /// The library of the committed tables, built on first use.
    ///
    /// # Panics
    /// If a committed table does not parse (a test checks they all do).
    #[must_use]
    pub fn global() -> &'static Library {
        static LIBRARY: OnceLock<Library> = OnceLock::new();
        LIBRARY.get_or_init(|| {
            Library::from_tables(TABLES).expect("the committed pattern tables parse")
        })
    }

    /// Builds a library from table texts (any kinds, in any order).
    pub fn from_tables<'a>(
        texts: impl IntoIterator<Item = &'a str>,
    ) -> Result<Library, TableError> {
        let classes = all_classes();
        let mut patterns = Vec::new();
        for text in texts {
            patterns.extend(parse(text, &classes)?);
        }
        let indices = classes.iter().map(index_class).collect();
        let mut class_of = [None; 2 * SHAPE_SLOTS];
        for (i, class) in classes.iter().enumerate() {
            if let (1..=2, Some(slot)) = (class.radius, shape_slot(class.shape)) {
                class_of[(class.radius as usize - 1) * SHAPE_SLOTS + slot] =
                    Some(u16::try_from(i).expect("few classes"));
            }
        }
        Ok(Library {
            classes,
            patterns,
            indices,
            class_of,
        })
    }

    /// Builds every index now (each is otherwise built on its first use): what a long-running
    /// engine does at start-up, so no search pays for it (`hexlab_core::warm_up`).
    pub fn build_indices(&self) {
        for c in 0..self.classes.len() {
            for kind in Kind::ALL {
                for &color in frame_colors(kind) {
                    let _ = self.buckets(c, kind, color);
                }
            }
        }
    }

    /// For each class: its name and the number of index entries per kind (after expanding
    /// symmetric images into ring codes and dropping implied entries). Builds every index.
    #[must_use]
    pub fn index_sizes(&self) -> Vec<(String, [usize; 4])> {
        (0..self.classes.len())
            .map(|c| {
                let mut sizes = [0; 4];
                for (i, kind) in Kind::ALL.into_iter().enumerate() {
                    sizes[i] = frame_colors(kind)
                        .iter()
                        .map(|&color| self.buckets(c, kind, color).entries.len())
                        .sum();
                }
                (self.classes[c].name.clone(), sizes)
            })
            .collect()
    }

    /// The index of a class, kind and frame colour, built on first use.
    fn buckets(&self, class: usize, kind: Kind, color: Option<Color>) -> &Buckets {
        let index = &self.indices[class];
        index.slots[slot(kind, color)].get_or_init(|| {
            build_slot(
                &self.classes[class],
                &self.patterns,
                &index.ring,
                kind,
                color,
            )
        })
    }

    /// Every pattern, in table order.
    #[must_use]
    pub fn patterns(&self) -> &[Pattern] {
        &self.patterns
    }

    /// Every class.
    #[must_use]
    pub fn classes(&self) -> &[Class] {
        &self.classes
    }

    /// The class of this name.
    #[must_use]
    pub fn class(&self, name: &str) -> Option<&Class> {
        self.classes.iter().find(|c| c.name == name)
    }

    /// Whether `cell` (empty) is dead by a pattern.
    #[must_use]
    pub fn dead(&self, position: &impl StoneView, cell: Cell) -> Option<Match> {
        let hit = self.dead_hit(position, cell)?;
        Some(self.explain(&hit))
    }

    /// [`Library::dead`] without naming the pattern (see [`Library::explain`]).
    #[must_use]
    pub fn dead_hit(&self, position: &impl StoneView, cell: Cell) -> Option<Hit> {
        self.dead_in(&self.frames(position, cell))
    }

    /// A set containing `cell` (empty) that `color` has captured, by a pattern.
    #[must_use]
    pub fn captured(
        &self,
        position: &impl StoneView,
        cell: Cell,
        color: Color,
    ) -> Option<(CellSet, Match)> {
        let hit = self.captured_hit(position, cell, color)?;
        Some((hit.set, self.explain(&hit)))
    }

    /// [`Library::captured`] without naming the pattern: the hit's `set` is the captured set.
    #[must_use]
    pub fn captured_hit(&self, position: &impl StoneView, cell: Cell, color: Color) -> Option<Hit> {
        self.captured_in(&self.frames(position, cell), color)
    }

    /// An opponent move (the killer) that would make `cell` (empty) dead, so that `mover` need
    /// not play it, by a pattern.
    #[must_use]
    pub fn vulnerable(
        &self,
        position: &impl StoneView,
        cell: Cell,
        mover: Color,
    ) -> Option<(Cell, Match)> {
        let hit = self.role_hit(position, cell, mover, Kind::Vulnerable)?;
        Some((Self::role_of(&hit), self.explain(&hit)))
    }

    /// A move at least as good as `cell` (empty) for `mover`, by a pattern: after it, `cell`
    /// is `mover`'s fill-in.
    #[must_use]
    pub fn dominated(
        &self,
        position: &impl StoneView,
        cell: Cell,
        mover: Color,
    ) -> Option<(Cell, Match)> {
        let hit = self.role_hit(position, cell, mover, Kind::Dominated)?;
        Some((Self::role_of(&hit), self.explain(&hit)))
    }

    /// [`Library::vulnerable`] without naming the pattern: the hit's `role` is the killer.
    #[must_use]
    pub fn vulnerable_hit(
        &self,
        position: &impl StoneView,
        cell: Cell,
        mover: Color,
    ) -> Option<Hit> {
        self.role_hit(position, cell, mover, Kind::Vulnerable)
    }

    /// [`Library::dominated`] without naming the pattern: the hit's `role` is the dominating
    /// move, its `set` what the cell falls into.
    #[must_use]
    pub fn dominated_hit(
        &self,
        position: &impl StoneView,
        cell: Cell,
        mover: Color,
    ) -> Option<Hit> {
        self.role_hit(position, cell, mover, Kind::Dominated)
    }

    fn role_of(hit: &Hit) -> Cell {
        hit.role
            .expect("vulnerable and dominated patterns have a role cell")
    }

    /// A pattern of `kind` (vulnerable or dominated) for `mover` around `cell`, with its role
    /// cell (the killer or the dominating move).
    fn role_hit(
        &self,
        position: &impl StoneView,
        cell: Cell,
        mover: Color,
        kind: Kind,
    ) -> Option<Hit> {
        self.role_in(&self.frames(position, cell), mover, kind)
    }

    /// The frames of `cell` (radius 2, then 1) in `position`, read once: the `*_in` queries
    /// then answer as their one-off counterparts would, without reading the board again.
    #[must_use]
    pub fn frames(&self, position: &impl StoneView, cell: Cell) -> Frames {
        let size = position.size();
        let (black, white) = (position.stones(Color::Black), position.stones(Color::White));
        let usable = size.contains(cell) && !(black | white).contains(cell);
        if !usable {
            return Frames {
                cell,
                size,
                placed: [None, None],
            };
        }
        // Both frames read from one window around the cell.
        let around = Around::of(&black, &white, cell);
        let at = |radius: i8| -> Option<Placed> {
            let (shape, map) = place(size, cell, radius)?;
            let slot = shape_slot(shape)?;
            let class = self.class_of[(radius as usize - 1) * SHAPE_SLOTS + slot]?;
            Some(self.read(&around, size, cell, usize::from(class), map))
        };
        Frames {
            cell,
            size,
            placed: [at(2), at(1)],
        }
    }

    /// `frames` as [`Library::frames`] would read them with `black` and `white` stones added on
    /// empty cells (the frame bits of those cells change, nothing else is read): for probes
    /// that add a few stones to a board whose frames are known.
    #[must_use]
    pub fn frames_plus(&self, frames: &Frames, black: CellSet, white: CellSet) -> Frames {
        // One copy, the stones added in place (`Frames` is `Copy`).
        let mut out = *frames;
        // Every frame cell, the centre included, lies in the window.
        let added = Around::of(&black, &white, out.cell);
        let any = added.black | added.white;
        if any == 0 {
            return out;
        }
        if low_bits_from(any, added.centre) & 1 != 0 {
            out.placed = [None, None];
            return out;
        }
        // Window bit `j` is the cell `j + offset - AROUND_REACH` indices from the centre.
        let offset = AROUND_REACH - added.centre;
        for at in out.placed.iter_mut().flatten() {
            let index = &self.indices[usize::from(at.class)];
            let bit_at = &index.bit_at[usize::from(at.map_id)];
            let bits = |mut window: u128| -> u32 {
                let mut bits = 0;
                while window != 0 {
                    let j = window.trailing_zeros() as usize;
                    window &= window - 1;
                    bits |= bit_at.get(j + offset).map_or(0, |&b| 1 << b);
                }
                bits & !1 // bit 0 (the centre) stands for no frame cell
            };
            let (b, w) = (bits(added.black), bits(added.white));
            let (b, w) = if at.map.swap { (w, b) } else { (b, w) };
            at.black |= b;
            at.white |= w;
            at.code = u32::try_from(ring_code(index.ring.len(), at.black, at.white))
                .expect("ring codes below 3^18");
        }
        out
    }

    /// [`Library::dead_hit`] on frames already read.
    #[must_use]
    pub fn dead_in(&self, frames: &Frames) -> Option<Hit> {
        frames.placed.iter().flatten().find_map(|at| {
            let e = self
                .buckets(usize::from(at.class), Kind::Dead, None)
                .find(at)?;
            Some(self.hit(frames.size, frames.cell, at, e))
        })
    }

    /// Whether [`Library::dead_in`] finds a hit (without building it).
    #[must_use]
    pub fn is_dead_in(&self, frames: &Frames) -> bool {
        frames.placed.iter().flatten().any(|at| {
            self.buckets(usize::from(at.class), Kind::Dead, None)
                .find(at)
                .is_some()
        })
    }

    /// Whether [`Library::vulnerable_in`] finds a hit (without building it).
    #[must_use]
    pub fn is_vulnerable_in(&self, frames: &Frames, mover: Color) -> bool {
        frames.placed.iter().flatten().any(|at| {
            let frame_color = if at.map.swap { mover.opponent() } else { mover };
            self.buckets(usize::from(at.class), Kind::Vulnerable, Some(frame_color))
                .find(at)
                .is_some()
        })
    }

    /// [`Library::vulnerable_hit`] on frames already read.
    #[must_use]
    pub fn vulnerable_in(&self, frames: &Frames, mover: Color) -> Option<Hit> {
        self.role_in(frames, mover, Kind::Vulnerable)
    }

    /// [`Library::dominated_hit`] on frames already read.
    #[must_use]
    pub fn dominated_in(&self, frames: &Frames, mover: Color) -> Option<Hit> {
        self.role_in(frames, mover, Kind::Dominated)
    }

    fn role_in(&self, frames: &Frames, mover: Color, kind: Kind) -> Option<Hit> {
        frames.placed.iter().flatten().find_map(|at| {
            let frame_color = if at.map.swap { mover.opponent() } else { mover };
            let e = self
                .buckets(usize::from(at.class), kind, Some(frame_color))
                .find(at)?;
            Some(self.hit(frames.size, frames.cell, at, e))
        })
    }

    /// [`Library::captured_hit`] on frames already read.
    #[must_use]
    pub fn captured_in(&self, frames: &Frames, color: Color) -> Option<Hit> {
        frames.placed.iter().flatten().find_map(|at| {
            let frame_color = if at.map.swap { color.opponent() } else { color };
            let e = self
                .buckets(usize::from(at.class), Kind::Captured, Some(frame_color))
                .find(at)?;
            Some(self.hit(frames.size, frames.cell, at, e))
        })
    }

    fn read(
        &self,
        around: &Around,
        size: BoardSize,
        cell: Cell,
        class: usize,
        map: BoardMap,
    ) -> Placed {
        debug_assert!(self.classes[class]
            .cells
            .iter()
            .all(|&o| map.cell(size, cell, o).is_some()));
        let index = &self.indices[class];
        let map_id = map.id();
        let (mut black, mut white) = (0u32, 0u32);
        for row in &index.rows[map_id] {
            let (b, w) = around.row(row.start, row.width);
            black |= row.frame_bits[b];
            white |= row.frame_bits[w];
        }
        if map.swap {
            std::mem::swap(&mut black, &mut white);
        }
        let code = ring_code(index.ring.len(), black, white);
        Placed {
            class: u16::try_from(class).expect("fewer classes than 2^16"),
            map,
            map_id: u8::try_from(map_id).expect("four maps"),
            black,
            white,
            code: u32::try_from(code).expect("ring codes below 3^18"),
        }
    }

    /// The hit of entry `e` found in frame `at` around `cell`: its set and role cell on the
    /// board, and what [`Library::explain`] needs to name it later.
    fn hit(&self, size: BoardSize, cell: Cell, at: &Placed, e: &Entry) -> Hit {
        let class = &self.classes[usize::from(at.class)];
        let p = &self.patterns[e.pattern as usize];
        let g = &class.group[e.symmetry as usize];
        let board = |mask: u32| -> CellSet {
            bits(mask)
                .filter_map(|i| at.map.cell(size, cell, class.cells[i]))
                .collect()
        };
        let color = p.color.map(|c| {
            let c = if g.swap { c.opponent() } else { c };
            if at.map.swap {
                c.opponent()
            } else {
                c
            }
        });
        Hit {
            cell,
            set: board(g.map_mask(p.fill)),
            role: board(g.map_mask(p.roles)).first(),
            color,
            size,
            class: at.class,
            pattern: e.pattern,
            symmetry: e.symmetry,
            map: at.map,
        }
    }

    /// The full match behind a hit of this library: pattern name and the stones it needs.
    #[must_use]
    pub fn explain(&self, hit: &Hit) -> Match {
        let size = hit.size;
        let class = &self.classes[usize::from(hit.class)];
        let p = &self.patterns[hit.pattern as usize];
        let g = &class.group[usize::from(hit.symmetry)];
        let (b, w) = g.map_stones(p.black, p.white);
        let (b, w) = if hit.map.swap { (w, b) } else { (b, w) };
        let board = |mask: u32| -> CellSet {
            bits(mask)
                .filter_map(|i| hit.map.cell(size, hit.cell, class.cells[i]))
                .collect()
        };
        Match {
            kind: p.kind,
            pattern: p.name(),
            cell: hit.cell,
            black: board(b),
            white: board(w),
            role: hit.role,
            set: hit.set,
            color: hit.color,
        }
    }
}

/// The lookup data of a class that does not depend on the tables.
fn index_class(class: &Class) -> ClassIndex {
    let ring: Vec<usize> = bits(class.ring).collect();
    debug_assert_eq!(
        class.ring,
        ((1 << ring.len()) - 1) << 1,
        "ring cells come first"
    );
    ClassIndex {
        rows: BoardMap::ALL.map(|m| RowRead::rows(class, m)),
        bit_at: BoardMap::ALL.map(|m| {
            let mut bit_at = [0u8; 2 * AROUND_REACH + 1];
            for (i, &o) in class.cells.iter().enumerate().skip(1) {
                let at = usize::try_from(m.index_delta(o) + AROUND_REACH as i32)
                    .expect("frame cells lie within AROUND_REACH");
                bit_at[at] = u8::try_from(i).expect("few frame cells");
            }
            bit_at
        }),
        slots: Default::default(),
        ring,
    }
}

/// The stones of the cells within two rows of a cell (and a few more), read once for both
/// of its frames: bit `i` of each word is the cell whose index is the centre's plus `i - centre`.
struct Around {
    /// Where the centre is in the window.
    centre: usize,
    black: u128,
    white: u128,
}

/// The low 64 bits of `window >> shift` (`shift` below 128), from the window's two halves: a
/// 128-bit shift by a variable amount is a library call in wasm.
#[inline]
fn low_bits_from(window: u128, shift: usize) -> u64 {
    let (low, high) = (window as u64, (window >> 64) as u64);
    match shift {
        0 => low,
        1..=63 => low >> shift | high << (64 - shift),
        64..=127 => high >> (shift - 64),
        _ => 0,
    }
}

/// How far before a cell its window starts: the farthest frame cell back is two rows and two
/// columns away.
const AROUND_REACH: usize = 2 * STRIDE as usize + 2;

impl Around {
    fn of(black: &CellSet, white: &CellSet, cell: Cell) -> Around {
        let first = cell.index().saturating_sub(AROUND_REACH);
        Around {
            centre: cell.index() - first,
            black: black.read_bits128(first),
            white: white.read_bits128(first),
        }
    }

    /// The stones of the `width` cells from the centre's index plus `start` on, as masks.
    #[inline]
    fn row(&self, start: isize, width: usize) -> (usize, usize) {
        // In range: the row is a frame's, so it lies on the board within AROUND_REACH.
        let shift = self.centre.wrapping_add_signed(start);
        debug_assert!(shift + width <= 128);
        debug_assert!(width < 64);
        let mask = (1u64 << width) - 1;
        (
            (low_bits_from(self.black, shift) & mask) as usize,
            (low_bits_from(self.white, shift) & mask) as usize,
        )
    }
}

/// The frame cells (other than the centre) lying in one row of the board under a board map:
/// a window of consecutive cell indices, and the frame mask of each content of the window.
///
/// Invariant: `frame_bits[w]` is the set of frame cells `i` whose board cell is window bit
/// `j` with `w` bit `j` set; window bits that are not frame cells map to nothing.
#[derive(Clone, Debug)]
struct RowRead {
    /// The window's first cell index, from the centre's.
    start: isize,
    width: usize,
    frame_bits: Vec<u32>,
}

impl RowRead {
    /// The rows of `class`'s frame on a board under `map`, top row first.
    fn rows(class: &Class, map: BoardMap) -> Vec<RowRead> {
        let mut by_row: Vec<(i8, Vec<(i8, usize)>)> = Vec::new();
        for (i, &o) in class.cells.iter().enumerate().skip(1) {
            let at = map.grid.apply(o);
            match by_row.iter_mut().find(|(dr, _)| *dr == at.dr) {
                Some((_, cells)) => cells.push((at.dc, i)),
                None => by_row.push((at.dr, vec![(at.dc, i)])),
            }
        }
        by_row.sort_by_key(|&(dr, _)| dr);
        by_row
            .into_iter()
            .map(|(dr, cells)| {
                let first = cells.iter().map(|&(dc, _)| dc).min().expect("a cell");
                let last = cells.iter().map(|&(dc, _)| dc).max().expect("a cell");
                let width = usize::try_from(last - first + 1).expect("ordered");
                assert!(width <= 5, "a frame row is at most 5 cells wide");
                let frame_bits = (0..1u32 << width)
                    .map(|w| {
                        cells
                            .iter()
                            .filter(|&&(dc, _)| w & 1 << (dc - first) != 0)
                            .fold(0, |m, &(_, i)| m | 1 << i)
                    })
                    .collect();
                RowRead {
                    start: isize::from(first) + isize::from(dr) * STRIDE as isize,
                    width,
                    frame_bits,
                }
            })
            .collect()
    }
}

/// Expands the images of the class's patterns of `kind` whose frame colour is `color` into
/// ring-code buckets.
fn build_slot(
    class: &Class,
    patterns: &[Pattern],
    ring: &[usize],
    kind: Kind,
    color: Option<Color>,
) -> Buckets {
    let ring_mask = class.ring;
    // Each image with its stones and cells needed empty, then their ring codes in bucket order:
    // sorting the few thousand images once instead of every bucket of their copies.
    let mut images: Vec<(Entry, u32, u32, u32)> = Vec::new();
    let mut seen = HashSet::new();
    let members = patterns
        .iter()
        .enumerate()
        .filter(|(_, p)| p.kind == kind && p.class == class.name);
    for (n, p) in members {
        for (gi, g) in class.group.iter().enumerate() {
            let image_color = p.color.map(|c| if g.swap { c.opponent() } else { c });
            if image_color != color {
                continue;
            }
            let (black, white) = g.map_stones(p.black, p.white);
            let empty = g.map_mask(p.empty_cells());
            if !seen.insert((black, white, empty)) {
                continue;
            }
            let entry = Entry {
                need: needs::need_word(black & !ring_mask, white & !ring_mask, empty & !ring_mask),
                pattern: n as u32,
                symmetry: gi as u8,
            };
            images.push((entry, black, white, empty));
        }
    }
    images.sort_unstable_by_key(|(entry, ..)| entry.order());
    // Each image goes to every ring code it is compatible with: counted first, then placed, so
    // that each code's list is one slice of one vector, in the images' order.
    let mut start = vec![0u32; 3usize.pow(ring.len() as u32) + 1];
    let mut codes = RingCodes::default();
    for &(_, black, white, empty) in &images {
        for &code in codes.of(ring, black, white, empty) {
            start[code as usize + 1] += 1;
        }
    }
    for c in 1..start.len() {
        start[c] += start[c - 1];
    }
    let mut next = start.clone();
    let mut listed = Vec::new();
    if let Some(&(first, ..)) = images.first() {
        listed = vec![first; *start.last().expect("codes") as usize];
    }
    for &(entry, black, white, empty) in &images {
        for &code in codes.of(ring, black, white, empty) {
            listed[next[code as usize] as usize] = entry;
            next[code as usize] += 1;
        }
    }
    Buckets::build(&start, &listed)
}

/// The ring codes an image is compatible with (reusing its buffer from image to image).
#[derive(Default)]
struct RingCodes {
    codes: Vec<u32>,
}

impl RingCodes {
    /// The codes of the rings whose cells `ring` (frame cells) hold what an image with stones
    /// `black` and `white` and cells needed empty `empty` asks: any state where it asks none.
    fn of(&mut self, ring: &[usize], black: u32, white: u32, empty: u32) -> &[u32] {
        self.codes.clear();
        let mut base = 0;
        let mut free = [0u32; 6];
        let mut frees = 0;
        for (i, &r) in ring.iter().enumerate() {
            let p3 = 3u32.pow(i as u32);
            if black & (1 << r) != 0 {
                base += p3;
            } else if white & (1 << r) != 0 {
                base += 2 * p3;
            } else if empty & (1 << r) == 0 {
                free[frees] = p3;
                frees += 1;
            }
        }
        self.codes.push(base);
        for &p3 in &free[..frees] {
            let n = self.codes.len();
            for d in 1..=2 {
                for i in 0..n {
                    let code = self.codes[i] + d * p3;
                    self.codes.push(code);
                }
            }
        }
        &self.codes
    }
}

/// The frame colours a kind's indices are built for: dead patterns are colourless, the
/// others are indexed per player.
fn frame_colors(kind: Kind) -> &'static [Option<Color>] {
    if kind == Kind::Dead {
        &[None]
    } else {
        &[Some(Color::Black), Some(Color::White)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::code;
    use crate::position::Position;

    #[test]
    fn low_bits_from_is_the_low_word_of_the_shift() {
        let windows = [
            0u128,
            1,
            u128::MAX,
            0x8000_0000_0000_0001_8000_0000_0000_0001,
            1 << 127,
        ];
        for window in windows
            .into_iter()
            .chain((0..128).map(|i| 0x5a5a_u128 << (i % 113)))
        {
            for shift in 0..128 {
                assert_eq!(
                    low_bits_from(window, shift),
                    (window >> shift) as u64,
                    "{window:x} {shift}"
                );
            }
        }
    }

    fn position(text: &str) -> Position {
        code::read(text).unwrap().position().clone()
    }

    #[test]
    fn committed_tables_parse_and_cover_every_class() {
        let library = Library::global();
        for class in library.classes() {
            assert!(
                library
                    .patterns()
                    .iter()
                    .any(|p| p.class == class.name && p.kind == Kind::Dead),
                "no dead pattern for {}",
                class.name
            );
        }
    }

    #[test]
    fn dead_patterns_need_stones_only() {
        // The permanently inferior search's bound (`Probe::may_die`) rests on this: with no
        // cell held empty, a stone more never revives a dead cell.
        let library = Library::global();
        for p in library.patterns().iter().filter(|p| p.kind == Kind::Dead) {
            assert_eq!(p.empty_cells(), 0, "{}", p.name());
        }
    }

    #[test]
    fn four_in_a_row_kills_the_centre() {
        // c3 on 5x5 with Black on d3, d2, c2, b3 (four consecutive neighbours).
        let p = position("size=5&b=d3,d2,c2,b3");
        let m = Library::global()
            .dead(&p, "c3".parse().unwrap())
            .expect("dead");
        assert_eq!(m.kind, Kind::Dead);
        assert!(m.black.is_subset(&p.stones(Color::Black)));
        assert!(Library::global().dead(&p, "e5".parse().unwrap()).is_none());
    }

    #[test]
    fn edge_bridge_is_captured_on_every_edge() {
        // The two cells between a stone on the second row and its edge are captured by the
        // edge's owner, on all four edges (the left and right ones through the transpose).
        let library = Library::global();
        let cases = [
            ("size=5&b=c2", "c1", Color::Black),
            ("size=5&b=c4", "c5", Color::Black),
            ("size=5&w=b3", "a3", Color::White),
            ("size=5&w=d3", "e3", Color::White),
        ];
        for (text, cell, color) in cases {
            let p = position(text);
            let (set, m) = library
                .captured(&p, cell.parse().unwrap(), color)
                .unwrap_or_else(|| panic!("{text} {cell}"));
            assert_eq!(set.len(), 2, "{m}");
            assert!(library
                .captured(&p, cell.parse().unwrap(), color.opponent())
                .is_none());
        }
    }

    #[test]
    fn matches_explain_themselves() {
        let p = position("size=5&b=d3,d2,c2&w=b4");
        let m = Library::global()
            .dead(&p, "c3".parse().unwrap())
            .expect("dead");
        assert!(m.sentence().contains("c3 is dead"), "{m}");
        assert!(!m.witness().is_empty());
    }
}
