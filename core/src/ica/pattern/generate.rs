//! Derives every pattern table of a class from first principles.
//!
//! 1. **Dead.** For each cell x not next to the outside (one per symmetry orbit), the closure
//!    search of the local dead test at x ([`super::local`]) over the frame with x empty. The
//!    centre's minimal configurations are the dead patterns; the other cells' bitmaps answer
//!    "is x dead with these stones" for the games below.
//! 2. **Captured.** For each colour Y and each set X of such cells containing the centre
//!    (2 to `max_set` cells, one per orbit), the closure search of the local capture game: the
//!    opponent moves first inside X, Y answers inside X, and at the end every opponent stone in X
//!    must be dead with the opponent's stones of X removed (Henderson 2010, §2.9.1). Patterns
//!    in which a cell of X is already dead are left out of the table (dead fill comes first).
//! 3. **Vulnerable.** A minimal dead pattern less one stone of colour Z: the centre dies when Z
//!    plays there (the killer), so it is vulnerable for Z's opponent. Kept when minimal.
//! 4. **Dominated.** A minimal dead or captured pattern less one stone of the player P who
//!    fills: after P plays there, the centre is P fill-in, so that cell dominates the centre
//!    for P (Henderson 2010, §3.1). Kept when minimal and when the centre is not fill already.
//!
//! Every table lists one pattern per orbit of the class's symmetry group, in a fixed order, so
//! generation is reproducible.

use std::collections::{BTreeSet, HashMap};

use crate::board::Color;

use super::frame::Frame;
use super::geometry::Class;
use super::local::{bits, is_locally_dead};
use super::search::{close, Closure};
use super::table::{Kind, Pattern};

/// Counts from one class's generation, for the generator's report.
#[derive(Clone, Debug, Default)]
pub struct Stats {
    /// Configurations on which the local dead test ran, over all dead frames.
    pub dead_tested: u64,
    /// Configurations visited by all closure searches.
    pub visited: u64,
}

/// The four tables of one class.
#[derive(Clone, Debug)]
pub struct ClassTables {
    pub dead: Vec<Pattern>,
    pub captured: Vec<Pattern>,
    pub vulnerable: Vec<Pattern>,
    pub dominated: Vec<Pattern>,
    pub stats: Stats,
}

impl ClassTables {
    /// The table of one kind.
    #[must_use]
    pub fn of(&self, kind: Kind) -> &[Pattern] {
        match kind {
            Kind::Dead => &self.dead,
            Kind::Captured => &self.captured,
            Kind::Vulnerable => &self.vulnerable,
            Kind::Dominated => &self.dominated,
        }
    }
}

/// Closure bitmaps of the local dead test at every cell not next to the outside.
struct DeadCells {
    frames: Vec<Frame>,
    closures: Vec<Closure>,
    /// For each cell: which closure answers for it, and a symmetry mapping the cell onto that
    /// closure's cell.
    map: Vec<Option<(usize, usize)>>,
}

impl DeadCells {
    fn new(class: &Class, stats: &mut Stats) -> DeadCells {
        let mut cells = DeadCells {
            frames: Vec::new(),
            closures: Vec::new(),
            map: vec![None; class.len()],
        };
        for x in bits(class.all() & !class.outside) {
            if cells.map[x].is_some() {
                continue;
            }
            let stabiliser = (0..class.group.len())
                .filter(|&g| class.group[g].perm[x] as usize == x)
                .collect();
            let frame = Frame::new(class, 1 << x, stabiliser);
            let closure = close(class, &frame, |b, w| is_locally_dead(class, b, w, x));
            stats.dead_tested += closure.tested;
            stats.visited += u64::from(frame.size);
            let k = cells.frames.len();
            for (g, sym) in class.group.iter().enumerate() {
                for y in 0..class.len() {
                    if sym.perm[y] as usize == x && cells.map[y].is_none() {
                        cells.map[y] = Some((k, g));
                    }
                }
            }
            cells.frames.push(frame);
            cells.closures.push(closure);
        }
        cells
    }

    /// Whether empty cell `x` is dead (by the closure) with these stones.
    fn dead_at(&self, class: &Class, x: usize, black: u32, white: u32) -> bool {
        match self.map[x] {
            Some((k, g)) => {
                let (b, w) = class.group[g].map_stones(black, white);
                self.closures[k].covered.get(self.frames[k].index(b, w))
            }
            None => false,
        }
    }
}

/// Closure bitmaps of the capture game for every set (one per orbit) and colour.
struct CapturedSets {
    entries: Vec<(u32, Color, Frame, Closure)>,
    map: HashMap<(u32, Color), (usize, usize)>,
}

impl CapturedSets {
    fn new(class: &Class, dead: &DeadCells, max_set: usize, stats: &mut Stats) -> CapturedSets {
        let mut sets = CapturedSets {
            entries: Vec::new(),
            map: HashMap::new(),
        };
        let inner = class.all() & !class.outside & !1;
        let candidates: Vec<u32> = (0..=inner)
            .filter(|&m| m & !inner == 0 && (m.count_ones() as usize) < max_set)
            .filter(|&m| m != 0)
            .map(|m| m | 1)
            .collect();
        for color in Color::ALL {
            for &set in &candidates {
                if sets.map.contains_key(&(set, color)) {
                    continue;
                }
                let stabiliser = (0..class.group.len())
                    .filter(|&g| !class.group[g].swap && class.group[g].map_mask(set) == set)
                    .collect();
                let frame = Frame::new(class, set, stabiliser);
                let closure = close(class, &frame, |b, w| {
                    capture_game(class, dead, set, color, b, w, set, true)
                });
                stats.visited += u64::from(frame.size);
                let k = sets.entries.len();
                for (g, sym) in class.group.iter().enumerate() {
                    let preimage = bits(class.all())
                        .filter(|&y| set & (1 << sym.perm[y]) != 0)
                        .fold(0u32, |m, y| m | 1 << y);
                    let from_color = if sym.swap { color.opponent() } else { color };
                    sets.map.entry((preimage, from_color)).or_insert((k, g));
                }
                sets.entries.push((set, color, frame, closure));
            }
        }
        sets
    }

    /// Whether `set` (empty cells, the centre among them) is `color` captured with these stones.
    fn captured_at(&self, class: &Class, set: u32, color: Color, black: u32, white: u32) -> bool {
        match self.map.get(&(set, color)) {
            Some(&(k, g)) => {
                let (b, w) = class.group[g].map_stones(black, white);
                let (_, _, frame, closure) = &self.entries[k];
                closure.covered.get(frame.index(b, w))
            }
            None => false,
        }
    }

    /// The sets captured by `color` that contain the centre, avoid the stones, with these stones.
    fn capturing_set(&self, class: &Class, color: Color, black: u32, white: u32) -> Option<u32> {
        let mut sets: Vec<u32> = self
            .map
            .keys()
            .filter(|&&(s, c)| c == color && s & (black | white) == 0)
            .map(|&(s, _)| s)
            .collect();
        sets.sort_by_key(|&s| (s.count_ones(), s));
        sets.into_iter()
            .find(|&s| self.captured_at(class, s, color, black, white))
    }
}

/// Places a stone of `color` on `cell`.
fn with_stone(black: u32, white: u32, cell: usize, color: Color) -> (u32, u32) {
    match color {
        Color::Black => (black | 1 << cell, white),
        Color::White => (black, white | 1 << cell),
    }
}

/// The capture game on `set` for `color` (Y): does Y win with the opponent to move
/// (`opponent_to_move`) and `left` cells of the set still empty?
#[allow(clippy::too_many_arguments)]
fn capture_game(
    class: &Class,
    dead: &DeadCells,
    set: u32,
    color: Color,
    black: u32,
    white: u32,
    left: u32,
    opponent_to_move: bool,
) -> bool {
    if left == 0 {
        let (own, theirs) = match color {
            Color::Black => (black, white),
            Color::White => (white, black),
        };
        let intruders = theirs & set;
        let (b, w) = match color {
            Color::Black => (own, theirs & !set),
            Color::White => (theirs & !set, own),
        };
        return bits(intruders).all(|x| dead.dead_at(class, x, b, w));
    }
    if opponent_to_move {
        bits(left).all(|x| {
            let (b, w) = with_stone(black, white, x, color.opponent());
            capture_game(class, dead, set, color, b, w, left & !(1 << x), false)
        })
    } else {
        bits(left).any(|x| {
            let (b, w) = with_stone(black, white, x, color);
            capture_game(class, dead, set, color, b, w, left & !(1 << x), true)
        })
    }
}

/// The colour of the stone on `cell`.
fn color_at(black: u32, cell: usize) -> Color {
    if black & (1 << cell) != 0 {
        Color::Black
    } else {
        Color::White
    }
}

/// The canonical image of a pattern under the class's group: the least `(colour, roles, fill,
/// black, white)` key among its images (a colour-exchanging symmetry exchanges the colour).
fn canonical(class: &Class, p: &Pattern) -> Pattern {
    class
        .group
        .iter()
        .map(|g| {
            let (black, white) = g.map_stones(p.black, p.white);
            let color = p.color.map(|c| if g.swap { c.opponent() } else { c });
            Pattern {
                black,
                white,
                roles: g.map_mask(p.roles),
                fill: g.map_mask(p.fill),
                color,
                ..p.clone()
            }
        })
        .min_by_key(|q| {
            (
                q.color.map(|c| c == Color::White),
                q.roles,
                q.fill,
                q.black,
                q.white,
            )
        })
        .expect("the group holds the identity")
}

/// Numbers the patterns of one table in reading order: fewer stones first.
fn number(class: &Class, mut patterns: Vec<Pattern>) -> Vec<Pattern> {
    patterns.sort_by_key(|p| {
        (
            (p.black | p.white).count_ones(),
            p.color.map(|c| c == Color::White),
            p.roles.count_ones(),
            p.roles,
            p.black.count_ones(),
            p.black,
            p.white,
        )
    });
    for (i, p) in patterns.iter_mut().enumerate() {
        p.id = i as u32 + 1;
        p.class = class.name.clone();
    }
    patterns
}

/// Generates the four tables of `class`, with captured sets of up to `max_set` cells.
#[must_use]
pub fn generate(class: &Class, max_set: usize) -> ClassTables {
    let mut stats = Stats::default();
    let dead = DeadCells::new(class, &mut stats);
    let captured = CapturedSets::new(class, &dead, max_set, &mut stats);
    let base = |kind| Pattern {
        kind,
        class: class.name.clone(),
        id: 0,
        black: 0,
        white: 0,
        roles: 0,
        fill: 0,
        color: None,
    };

    let (centre_frame, centre_closure) = match dead.map[0] {
        Some((k, _)) => (&dead.frames[k], &dead.closures[k]),
        None => unreachable!("the centre is never next to the outside"),
    };
    debug_assert_eq!(centre_frame.fixed, 1);
    let dead_minimal = &centre_closure.minimal;
    let dead_table: Vec<Pattern> = dead_minimal
        .iter()
        .map(|&(black, white)| Pattern {
            black,
            white,
            ..base(Kind::Dead)
        })
        .collect();

    // Captured: keep patterns whose set has no dead cell (all minimal ones feed domination).
    let mut captured_table = Vec::new();
    let mut captured_all = Vec::new();
    for (set, color, _, closure) in &captured.entries {
        for &(black, white) in &closure.minimal {
            let p = Pattern {
                black,
                white,
                fill: *set,
                color: Some(*color),
                ..base(Kind::Captured)
            };
            captured_all.push(p.clone());
            if bits(*set).all(|x| !dead.dead_at(class, x, black, white)) {
                captured_table.push(p);
            }
        }
    }

    // Vulnerable: a dead pattern less one stone (the killer's).
    let mut vulnerable = BTreeSet::new();
    for &(black, white) in dead_minimal {
        for s in bits(black | white) {
            let z = color_at(black, s);
            let (b, w) = (black & !(1 << s), white & !(1 << s));
            let minimal = bits(b | w).all(|t| {
                let (b2, w2) = with_stone(b & !(1 << t), w & !(1 << t), s, z);
                !dead.dead_at(class, 0, b2, w2)
            });
            if minimal {
                let p = Pattern {
                    black: b,
                    white: w,
                    roles: 1 << s,
                    color: Some(z.opponent()),
                    ..base(Kind::Vulnerable)
                };
                vulnerable.insert(PatternKey(canonical(class, &p)));
            }
        }
    }

    // Dominated: a dead or captured pattern less one stone of the filling player.
    let fill_for = |mover: Color, black: u32, white: u32| -> Option<u32> {
        if dead.dead_at(class, 0, black, white) {
            Some(1)
        } else {
            captured.capturing_set(class, mover, black, white)
        }
    };
    let mut dominated = BTreeSet::new();
    let sources = dead_minimal
        .iter()
        .map(|&(b, w)| (b, w, None))
        .chain(captured_all.iter().map(|p| (p.black, p.white, p.color)));
    for (black, white, filler) in sources {
        for d in bits(black | white) {
            let mover = color_at(black, d);
            if filler.is_some_and(|f| f != mover) {
                continue;
            }
            let (b, w) = (black & !(1 << d), white & !(1 << d));
            if fill_for(mover, b, w).is_some() {
                continue;
            }
            let minimal = bits(b | w).all(|t| {
                let (b2, w2) = with_stone(b & !(1 << t), w & !(1 << t), d, mover);
                fill_for(mover, b2, w2).is_none()
            });
            if !minimal {
                continue;
            }
            let (b2, w2) = with_stone(b, w, d, mover);
            let fill = fill_for(mover, b2, w2).expect("the source pattern fills the centre");
            let p = Pattern {
                black: b,
                white: w,
                roles: 1 << d,
                fill: if fill == 1 { 0 } else { fill },
                color: Some(mover),
                ..base(Kind::Dominated)
            };
            dominated.insert(PatternKey(canonical(class, &p)));
        }
    }

    ClassTables {
        dead: number(class, dead_table),
        captured: number(class, captured_table),
        vulnerable: number(class, vulnerable.into_iter().map(|k| k.0).collect()),
        dominated: number(class, dominated.into_iter().map(|k| k.0).collect()),
        stats,
    }
}

/// Orders patterns by their data, for de-duplication.
#[derive(PartialEq, Eq)]
struct PatternKey(Pattern);

impl PartialOrd for PatternKey {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for PatternKey {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        let key = |p: &Pattern| {
            (
                p.color.map(|c| c == Color::White),
                p.roles,
                p.fill,
                p.black,
                p.white,
            )
        };
        key(&self.0).cmp(&key(&other.0))
    }
}

#[cfg(test)]
mod tests {
    use super::super::geometry::{Class, Offset, Shape};
    use super::*;

    #[test]
    fn radius_one_interior_has_the_three_benzene_shapes() {
        let class = Class::new(1, Shape::Interior);
        let tables = generate(&class, 3);
        let sizes: Vec<(u32, u32)> = tables
            .dead
            .iter()
            .map(|p| (p.black.count_ones(), p.white.count_ones()))
            .collect();
        // Colours are normalised by the symmetry group; shapes are 4+0, 3+1, 2+2.
        let mut shapes: Vec<(u32, u32)> =
            sizes.iter().map(|&(b, w)| (b.max(w), b.min(w))).collect();
        shapes.sort();
        assert_eq!(shapes, [(2, 2), (3, 1), (4, 0)]);
        assert!(
            tables.captured.is_empty(),
            "ring cells are next to the outside"
        );
    }

    #[test]
    fn edge_bridge_carrier_is_captured() {
        // Centre on the first row and a Black stone below it at (0,1): the stone's bridge to
        // the top edge has carrier {centre, E}, both on the first row (or the mirror image:
        // stone at SW, carrier {centre, W}).
        let class = Class::new(2, Shape::Edge { top: 0 });
        let tables = generate(&class, 2);
        let stone = 1u32 << class.index_of(Offset::new(0, 1)).unwrap();
        let e = 1u32 << class.index_of(Offset::new(1, 0)).unwrap();
        let w = 1u32 << class.index_of(Offset::new(-1, 0)).unwrap();
        let sw = 1u32 << class.index_of(Offset::new(-1, 1)).unwrap();
        let found = tables.captured.iter().any(|p| {
            p.color == Some(Color::Black)
                && p.white == 0
                && ((p.black == stone && p.fill == 1 | e) || (p.black == sw && p.fill == 1 | w))
        });
        assert!(found, "{:?}", tables.captured);
    }
}
