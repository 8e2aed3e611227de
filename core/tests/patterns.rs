//! The local pattern tables: reproducible, complete at radius 1, and sound.
//!
//! 1. Regenerating the smaller classes gives exactly the committed table sections.
//! 2. Radius 1 interior has exactly Benzene's three minimal dead shapes.
//! 3. Every pattern is embedded, in random symmetric images and at random places of its class,
//!    into random 5x5, 5x6, 6x5 and 6x6 positions, and its claim is checked by brute force:
//!    dead (same winner with the cell either colour, either side to move), captured (filling
//!    the set for the capturer keeps the winner), vulnerable (after the killer the cell is
//!    dead), dominated (if the cell wins for the mover, so does the dominator).
//! 4. The matcher's answers on random positions are checked the same way.

mod support;

use hexlab_core::ica::dead::find_dead;
use hexlab_core::ica::pattern::generate::generate;
use hexlab_core::ica::pattern::geometry::{place, BoardMap, Class};
use hexlab_core::ica::pattern::table::find_section;
use hexlab_core::ica::pattern::{table, Kind, Library, Match, Pattern, MAX_SET};
use hexlab_core::rng::Rng;
use hexlab_core::{BoardSize, Cell, CellSet, Color, Position, Rules, RulesConfig};
use support::brute::{Brute, Small};
use support::games;

const TABLES: [(Kind, &str); 4] = [
    (Kind::Dead, include_str!("../data/patterns/dead.txt")),
    (
        Kind::Captured,
        include_str!("../data/patterns/captured.txt"),
    ),
    (
        Kind::Vulnerable,
        include_str!("../data/patterns/vulnerable.txt"),
    ),
    (
        Kind::Dominated,
        include_str!("../data/patterns/dominated.txt"),
    ),
];

/// Heavy loops are scaled down in debug builds (run with `--release` for the full check).
fn scale(n: usize) -> usize {
    if cfg!(debug_assertions) {
        n.div_ceil(8)
    } else {
        n
    }
}

#[test]
fn regenerated_sections_match_the_committed_tables() {
    let library = Library::global();
    // The small classes; the generator's `check` command covers all but r2-interior.
    let limit = if cfg!(debug_assertions) { 12 } else { 14 };
    let mut checked = 0;
    for class in library.classes().iter().filter(|c| c.len() <= limit) {
        let tables = generate(class, MAX_SET);
        for (kind, text) in TABLES {
            let fresh = table::section(kind, class, tables.of(kind));
            let committed = find_section(text, kind, &class.name)
                .unwrap_or_else(|| panic!("no {kind} section for {}", class.name));
            assert_eq!(committed, fresh, "{kind} {} differs", class.name);
            checked += 1;
        }
    }
    assert!(checked >= 4 * 8, "{checked}");
}

/// The ring of a radius-1 pattern in cyclic order E, NE, N, W, SW, S: 0 empty, 1 Black, 2 White.
fn ring(class: &Class, p: &Pattern) -> [u8; 6] {
    use hexlab_core::ica::pattern::geometry::Offset;
    let order = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)];
    order.map(|(dc, dr)| {
        let bit = 1 << class.index_of(Offset::new(dc, dr)).unwrap();
        if p.black & bit != 0 {
            1
        } else if p.white & bit != 0 {
            2
        } else {
            0
        }
    })
}

/// The least of a ring's images under rotation, reflection and colour exchange.
fn canonical_ring(r: [u8; 6]) -> [u8; 6] {
    let mut best = r;
    for swap in [false, true] {
        for reflect in [false, true] {
            for turn in 0..6 {
                let image: [u8; 6] = std::array::from_fn(|i| {
                    let j = if reflect { (6 - i) % 6 } else { i };
                    let v = r[(j + turn) % 6];
                    if swap && v != 0 {
                        3 - v
                    } else {
                        v
                    }
                });
                best = best.min(image);
            }
        }
    }
    best
}

#[test]
fn radius_one_interior_has_exactly_benzenes_three_dead_shapes() {
    let library = Library::global();
    let class = library.class("r1-interior").unwrap();
    let mut found: Vec<[u8; 6]> = library
        .patterns()
        .iter()
        .filter(|p| p.kind == Kind::Dead && p.class == class.name)
        .map(|p| canonical_ring(ring(class, p)))
        .collect();
    found.sort();
    let mut expected = vec![
        canonical_ring([1, 1, 1, 1, 0, 0]), // four consecutive
        canonical_ring([1, 1, 1, 0, 2, 0]), // three, and the other colour opposite the middle
        canonical_ring([1, 1, 0, 2, 2, 0]), // two and two opposite
    ];
    expected.sort();
    assert_eq!(found, expected);
}

/// A board position being built, with the cells the pattern fixed.
struct Embedding {
    position: Position,
    centre: Cell,
    /// Captured set or fill set (centre included), killer or dominator, and the board colour
    /// of the claim.
    set: CellSet,
    role: Option<Cell>,
    color: Option<Color>,
}

/// Places a random image of `p` at a random place of its class on a board of `size`, the
/// other cells random (each empty with probability `empty_percent`).
fn embed(
    rng: &mut Rng,
    class: &Class,
    p: &Pattern,
    size: BoardSize,
    empty_percent: usize,
) -> Option<Embedding> {
    let places: Vec<(Cell, BoardMap)> = size
        .cells()
        .iter()
        .filter_map(|cell| match place(size, cell, class.radius) {
            Some((shape, map)) if shape == class.shape => Some((cell, map)),
            _ => None,
        })
        .collect();
    if places.is_empty() {
        return None;
    }
    let (centre, map) = places[rng.below(places.len())];
    let g = &class.group[rng.below(class.group.len())];
    let (b, w) = g.map_stones(p.black, p.white);
    let (b, w) = if map.swap { (w, b) } else { (b, w) };
    let board = |mask: u32| -> CellSet {
        (0..class.len())
            .filter(|i| mask & (1 << i) != 0)
            .map(|i| map.cell(size, centre, class.cells[i]).unwrap())
            .collect()
    };
    let (black, white) = (board(b), board(w));
    let roles = board(g.map_mask(p.roles));
    let set = board(g.map_mask(p.fill));
    let fixed_empty = roles | set | CellSet::single(centre);
    let mut position = Position::new(
        size,
        RulesConfig {
            rules: Rules::Hex,
            swap: false,
        },
    );
    for cell in size.cells().iter() {
        let color = if black.contains(cell) {
            Some(Color::Black)
        } else if white.contains(cell) {
            Some(Color::White)
        } else if fixed_empty.contains(cell) || rng.below(100) < empty_percent {
            None
        } else if rng.below(2) == 0 {
            Some(Color::Black)
        } else {
            Some(Color::White)
        };
        position.set_stone(cell, color).unwrap();
    }
    let color = p.color.map(|c| {
        let c = if g.swap { c.opponent() } else { c };
        if map.swap {
            c.opponent()
        } else {
            c
        }
    });
    Some(Embedding {
        position,
        centre,
        set,
        role: roles.first(),
        color,
    })
}

fn with(s: Small, brute: &Brute, cells: &[(Cell, Color)], mover: Color) -> Small {
    let mut out = Small {
        black_to_move: mover == Color::Black,
        ..s
    };
    for &(cell, color) in cells {
        let bit = 1u64 << brute.bit(cell);
        match color {
            Color::Black => out.black |= bit,
            Color::White => out.white |= bit,
        }
    }
    out
}

/// Checks a claim of `kind` about `centre` in `position`; returns a description of the failure.
fn verify(
    brute: &mut Brute,
    position: &Position,
    kind: Kind,
    centre: Cell,
    set: CellSet,
    role: Option<Cell>,
    color: Option<Color>,
) -> Result<(), String> {
    let s = brute.small(position);
    let dead_in = |brute: &mut Brute, extra: &[(Cell, Color)], cell: Cell| -> Result<(), String> {
        for mover in Color::ALL {
            let mut as_black = extra.to_vec();
            as_black.push((cell, Color::Black));
            let mut as_white = extra.to_vec();
            as_white.push((cell, Color::White));
            let vb = brute.value(&with(s, brute, &as_black, mover));
            let vw = brute.value(&with(s, brute, &as_white, mover));
            if vb != vw {
                return Err(format!(
                    "{cell} is not dead ({mover} to move, after {extra:?})"
                ));
            }
        }
        Ok(())
    };
    match kind {
        Kind::Dead => dead_in(brute, &[], centre),
        Kind::Captured => {
            let y = color.expect("capturer");
            let fill: Vec<(Cell, Color)> = set.iter().map(|c| (c, y)).collect();
            for mover in Color::ALL {
                let before = brute.value(&with(s, brute, &[], mover));
                let after = brute.value(&with(s, brute, &fill, mover));
                if before != after {
                    return Err(format!(
                        "filling {set:?} for {y} changes the winner ({mover} to move)"
                    ));
                }
            }
            Ok(())
        }
        Kind::Vulnerable => {
            let mover = color.expect("mover");
            let killer = role.expect("killer");
            dead_in(brute, &[(killer, mover.opponent())], centre)
        }
        Kind::Dominated => {
            let mover = color.expect("mover");
            let by = role.expect("dominator");
            // Mover to move: the move wins if the opponent then loses.
            let wins_with = |brute: &mut Brute, cell: Cell| {
                !brute.wins(&with(s, brute, &[(cell, mover)], mover.opponent()))
            };
            if wins_with(brute, centre) && !wins_with(brute, by) {
                return Err(format!("{centre} wins for {mover} but {by} does not"));
            }
            Ok(())
        }
    }
}

fn describe(position: &Position) -> String {
    hexlab_core::formats::code::write(&hexlab_core::Game::from_position(position.clone()))
}

#[test]
fn every_pattern_is_sound_by_brute_force() {
    let library = Library::global();
    let sizes = [(5, 5), (5, 6), (6, 5), (6, 6)].map(|(w, h)| BoardSize::new(w, h).unwrap());
    let mut rng = Rng::new(support::games::seed(
        "every_pattern_is_sound_by_brute_force",
        2026,
    ));
    let mut checked = [0usize; 4];
    // Every pattern three times in release builds (about 43,000 embeddings); a sample of
    // one in four in debug builds.
    let rounds = if cfg!(debug_assertions) { 1 } else { 3 };
    for p in library.patterns() {
        let class = library.class(&p.class).unwrap();
        if cfg!(debug_assertions) && rng.below(4) != 0 {
            continue;
        }
        for round in 0..rounds {
            let size = sizes[rng.below(sizes.len())];
            let empty_percent = 25 + rng.below(25);
            let Some(e) = embed(&mut rng, class, p, size, empty_percent) else {
                continue;
            };
            // Keep the brute-force search small.
            if e.position.empty_cells().len() > 13 {
                continue;
            }
            let mut brute = Brute::new(size.width() as usize, size.height() as usize, Rules::Hex);
            if let Err(why) = verify(
                &mut brute,
                &e.position,
                p.kind,
                e.centre,
                e.set,
                e.role,
                e.color,
            ) {
                panic!(
                    "pattern {} is unsound at {} (round {round}): {why}\n{}\n{}",
                    p.name(),
                    e.centre,
                    describe(&e.position),
                    e.position.diagram()
                );
            }
            checked[Kind::ALL.iter().position(|&k| k == p.kind).unwrap()] += 1;
        }
    }
    eprintln!("embeddings checked per kind (dead, captured, vulnerable, dominated): {checked:?}");
    assert!(checked.iter().all(|&n| n > 50), "{checked:?}");
}

/// The brute-force check has teeth: a minimal dead pattern with one stone removed is no longer
/// a valid claim, and random embeddings expose most of them.
#[test]
fn weakened_dead_patterns_are_caught() {
    let library = Library::global();
    let size = BoardSize::square(5).unwrap();
    let mut rng = Rng::new(99);
    let (mut weakened, mut caught) = (0, 0);
    let dead: Vec<&Pattern> = library
        .patterns()
        .iter()
        .filter(|p| p.kind == Kind::Dead && (p.black | p.white).count_ones() >= 2)
        .collect();
    for p in dead
        .iter()
        .step_by(if cfg!(debug_assertions) { 8 } else { 1 })
    {
        let class = library.class(&p.class).unwrap();
        let stones = p.black | p.white;
        let drop = 1u32
            << (0..32)
                .filter(|i| stones & (1 << i) != 0)
                .nth(rng.below(stones.count_ones() as usize))
                .unwrap();
        let weak = Pattern {
            black: p.black & !drop,
            white: p.white & !drop,
            ..(*p).clone()
        };
        weakened += 1;
        for _ in 0..40 {
            let Some(e) = embed(&mut rng, class, &weak, size, 45) else {
                break;
            };
            if e.position.empty_cells().len() > 13 {
                continue;
            }
            let mut brute = Brute::new(5, 5, Rules::Hex);
            if verify(
                &mut brute,
                &e.position,
                Kind::Dead,
                e.centre,
                e.set,
                e.role,
                e.color,
            )
            .is_err()
            {
                caught += 1;
                break;
            }
        }
    }
    eprintln!("weakened dead patterns caught: {caught} of {weakened}");
    assert!(caught * 2 > weakened, "{caught} of {weakened}");
}

fn random_position(rng: &mut Rng, size: BoardSize, empty_percent: usize) -> Position {
    let mut p = Position::new(
        size,
        RulesConfig {
            rules: Rules::Hex,
            swap: false,
        },
    );
    for cell in size.cells().iter() {
        if rng.below(100) >= empty_percent {
            let color = games::random_color(rng);
            p.set_stone(cell, Some(color)).unwrap();
        }
    }
    p
}

/// Checks a match's stones are in the position and its claim by brute force.
fn check_match(brute: &mut Brute, position: &Position, m: &Match) {
    assert!(m.black.is_subset(&position.stones(Color::Black)), "{m}");
    assert!(m.white.is_subset(&position.stones(Color::White)), "{m}");
    assert!(
        !(m.set | CellSet::single(m.cell)).intersects(&position.occupied()),
        "{m}"
    );
    if let Err(why) = verify(brute, position, m.kind, m.cell, m.set, m.role, m.color) {
        panic!(
            "{m}\nis wrong: {why}\n{}\n{}",
            describe(position),
            position.diagram()
        );
    }
}

#[test]
fn matcher_answers_are_sound_by_brute_force() {
    let library = Library::global();
    let mut rng = Rng::new(support::games::seed(
        "matcher_answers_are_sound_by_brute_force",
        7,
    ));
    let (mut found, mut graph_dead, mut pattern_dead, mut pattern_only) =
        ([0usize; 4], 0usize, 0usize, 0usize);
    for i in 0..scale(1500) {
        let size = match i % 4 {
            0 => BoardSize::new(5, 6).unwrap(),
            1 => BoardSize::square(6).unwrap(),
            _ => BoardSize::square(5).unwrap(),
        };
        let empty_percent = 30 + rng.below(20);
        let position = random_position(&mut rng, size, empty_percent);
        if position.empty_cells().len() > 13 || position.winner().is_some() {
            continue;
        }
        let mut brute = Brute::new(size.width() as usize, size.height() as usize, Rules::Hex);
        let graph: CellSet = find_dead(&position, position.empty_cells())
            .into_iter()
            .map(|(c, _)| c)
            .collect();
        graph_dead += graph.len();
        for cell in position.empty_cells().iter() {
            if let Some(m) = library.dead(&position, cell) {
                check_match(&mut brute, &position, &m);
                found[0] += 1;
                pattern_dead += 1;
                pattern_only += usize::from(!graph.contains(cell));
            }
            for color in Color::ALL {
                if let Some((set, m)) = library.captured(&position, cell, color) {
                    assert!(set.contains(cell) && set.len() >= 2);
                    check_match(&mut brute, &position, &m);
                    found[1] += 1;
                }
                if let Some((killer, m)) = library.vulnerable(&position, cell, color) {
                    assert_eq!(m.role, Some(killer));
                    check_match(&mut brute, &position, &m);
                    found[2] += 1;
                }
                if let Some((by, m)) = library.dominated(&position, cell, color) {
                    assert_eq!(m.role, Some(by));
                    check_match(&mut brute, &position, &m);
                    found[3] += 1;
                }
            }
        }
    }
    eprintln!(
        "matches checked (dead, captured, vulnerable, dominated): {found:?}; dead cells: \
         {pattern_dead} by patterns ({pattern_only} of them not by find_dead), {graph_dead} by \
         find_dead"
    );
    assert!(found.iter().all(|&n| n > 20), "{found:?}");
}
