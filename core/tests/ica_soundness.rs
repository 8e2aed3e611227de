//! Soundness of inferior cell analysis against a brute-force solver on small boards.
//!
//! For thousands of random positions (sparse set-ups and positions from random games) of sizes
//! 3x3 to 5x5, every claim of `ica::analyze_with`, with the thorough, search, solver and quick settings, is
//! checked by exhaustive minimax:
//! 1. filling the fill-in does not change who wins, for either side to move;
//! 2. if the side to move wins, some winning move lies in the consider set (a winning move of
//!    the position as given; of the filled position when the mover's own permanently inferior
//!    cells were filled, as the search settings do);
//! 3. for every claim with `by`: if the inferior move wins, so does `by`;
//! 4. every dead cell: the winner is the same with that cell filled by either colour, either
//!    side to move;
//! 5. a reversible move answered by its reverser is worth the reverser alone;
//! 6. a vulnerable-by-capture move: its carrier is the opponent's captured set after the move
//!    and the killer, and with the killer and the carrier the cell is dead.
//!
//! A single wrong claim fails the test, printing the position's code.

mod support;

use hexlab_core::formats::code;
use hexlab_core::ica::fillin::FillWhy;
use hexlab_core::ica::permanent::permanently_inferior;
use hexlab_core::ica::{analyze, analyze_with, FillKind, IcaParams, MoveKind, MoveWhy};

/// Reversible claims checked so far (to see that the check is not vacuous).
static REVERSIBLE: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
/// Vulnerable-by-capture claims checked so far.
static BY_CAPTURE: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
/// Positions with a permanently inferior fill so far.
static PERMANENT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
use hexlab_core::rng::Rng;
use hexlab_core::{BoardSize, Cell, CellSet, Color, Position, Rules};
use support::brute::{Brute, Small};
use support::games::{self, describe};

/// Checks every claim about `position`, with both settings; returns how many claims were
/// checked.
fn check(brute: &mut Brute, position: &Position, analysis_time: &mut std::time::Duration) -> usize {
    check_with(brute, position, &IcaParams::THOROUGH, analysis_time)
        + check_with(brute, position, &IcaParams::SEARCH, analysis_time)
        + check_with(brute, position, &IcaParams::QUICK, analysis_time)
        + check_with(brute, position, &IcaParams::SOLVER, analysis_time)
}

/// Checks every claim of the analysis of `position` with `params`.
fn check_with(
    brute: &mut Brute,
    position: &Position,
    params: &IcaParams,
    analysis_time: &mut std::time::Duration,
) -> usize {
    let started = std::time::Instant::now();
    let analysis = analyze_with(position, params);
    *analysis_time += started.elapsed();
    let name = format!("{} ({params:?})", describe(position));
    let original = brute.small(position);
    let filled = brute.small(&analysis.filled);
    let mut claims = 0;

    // 1. Fill-in keeps the value for either side to move.
    for mover in Color::ALL {
        assert_eq!(
            brute.value(&original.with_mover(mover)),
            brute.value(&filled.with_mover(mover)),
            "fill-in changed the winner with {mover} to move in {name}: fill-in {:?}",
            analysis
                .fillin
                .iter()
                .map(|f| (f.cell, f.color, f.kind))
                .collect::<Vec<_>>()
        );
    }
    claims += analysis.fillin.len();

    // 2. The consider set holds a winning move whenever the side to move wins (a move of the
    //    filled position when the mover's own cells were filled as permanently inferior, or
    //    an acute corner's mutual fill-in was made).
    let mover_filled = analysis.fillin.iter().any(|f| {
        (f.kind == FillKind::PermanentlyInferior && f.color == position.to_move())
            || matches!(f.why, FillWhy::AcuteCorner(_))
    });
    let moves_of = if mover_filled { filled } else { original };
    // (A filled position that is already won keeps its result whatever is played.)
    if position.winner().is_none()
        && brute.wins(&original)
        && !(mover_filled && analysis.decided.is_some())
    {
        let winning = brute.winning_moves(&moves_of);
        assert!(
            winning
                .iter()
                .any(|&bit| analysis.consider.contains(brute.cell(bit))),
            "no winning move in the consider set {:?} of {name} ({params:?}); winning moves {:?}; claims {:?}",
            analysis.consider,
            winning.iter().map(|&b| brute.cell(b)).collect::<Vec<_>>(),
            analysis.inferior
        );
    }
    claims += 1;

    // Claims about moves are made after fill-in. When every fill step is stable they hold in the
    // original position too, and are checked there; a permanently inferior fill is not stable,
    // and then they are checked where they are made.
    let unstable = analysis
        .fillin
        .iter()
        .any(|f| f.kind == FillKind::PermanentlyInferior);
    if unstable {
        PERMANENT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    }
    let reference_position = if unstable {
        analysis.filled.clone()
    } else {
        position.clone()
    };
    let reference = brute.small(&reference_position);

    // 3. A dominated move's `by` wins whenever it does.
    let mover_wins_with =
        |brute: &mut Brute, cell: Cell| !brute.wins(&Brute::play(&reference, brute.bit(cell)));
    for m in &analysis.inferior {
        if let Some(by) = m.by {
            if mover_wins_with(brute, m.cell) {
                assert!(
                    mover_wins_with(brute, by),
                    "{} wins but its dominator {by} does not in {name}",
                    m.cell
                );
            }
            claims += 1;
        }
    }

    // 5. A reversible move answered by its reverser equals the reverser alone, either side to
    //    move.
    let mover = position.to_move();
    for m in analysis
        .inferior
        .iter()
        .filter(|m| m.kind == MoveKind::Reversible)
    {
        let reverser = m.reverser.expect("reversible claims name their reverser");
        let mut exchanged = reference_position.clone();
        exchanged.set_stone(m.cell, Some(mover)).unwrap();
        exchanged
            .set_stone(reverser, Some(mover.opponent()))
            .unwrap();
        let mut reversed = reference_position.clone();
        reversed
            .set_stone(reverser, Some(mover.opponent()))
            .unwrap();
        assert!(
            same_winner(brute, &exchanged, &reversed),
            "{} answered by {reverser} is not the same as {reverser} alone in {name}",
            m.cell
        );
        claims += 1;
        REVERSIBLE.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    }

    // 6. A vulnerable-by-capture move: after it and the killer, the carrier is the opponent's
    //    captured set (filling it keeps the value), and with the killer and the carrier the
    //    opponent's, the cell is dead; either side to move.
    for m in &analysis.inferior {
        let MoveWhy::ByCapture { carrier } = &m.why else {
            continue;
        };
        let killer = m
            .killers
            .first()
            .expect("a vulnerable claim names its killer");
        let opponent = mover.opponent();
        let mut answered = reference_position.clone();
        answered.set_stone(m.cell, Some(mover)).unwrap();
        answered.set_stone(killer, Some(opponent)).unwrap();
        let mut captured = answered.clone();
        let mut killed = reference_position.clone();
        killed.set_stone(killer, Some(opponent)).unwrap();
        for cell in carrier.iter() {
            captured.set_stone(cell, Some(opponent)).unwrap();
            killed.set_stone(cell, Some(opponent)).unwrap();
        }
        let mut as_opponent = killed.clone();
        as_opponent.set_stone(m.cell, Some(opponent)).unwrap();
        let mut as_mover = killed;
        as_mover.set_stone(m.cell, Some(mover)).unwrap();
        assert!(
            same_winner(brute, &answered, &captured),
            "{carrier:?} is not {opponent} captured after {} and {killer} in {name}",
            m.cell
        );
        assert!(
            same_winner(brute, &as_mover, &as_opponent),
            "{} is not dead after {killer} and {carrier:?} in {name}",
            m.cell
        );
        claims += 1;
        BY_CAPTURE.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    }

    // 4. Dead cells may take either colour (checked in the filled position).
    for f in analysis.fillin.iter().filter(|f| f.kind == FillKind::Dead) {
        let bit = 1u64 << brute.bit(f.cell);
        let as_black = Small {
            black: filled.black | bit,
            white: filled.white & !bit,
            ..filled
        };
        let as_white = Small {
            black: filled.black & !bit,
            white: filled.white | bit,
            ..filled
        };
        for mover in Color::ALL {
            assert_eq!(
                brute.value(&as_black.with_mover(mover)),
                brute.value(&as_white.with_mover(mover)),
                "{} is not dead in {name} (filled: {})",
                f.cell,
                describe(&analysis.filled)
            );
        }
        claims += 1;
    }
    claims
}

/// Whether `a` and `b` have the same winner with either side to move.
fn same_winner(brute: &mut Brute, a: &Position, b: &Position) -> bool {
    Color::ALL.into_iter().all(|to_move| {
        brute.value(&brute.small(a).with_mover(to_move))
            == brute.value(&brute.small(b).with_mover(to_move))
    })
}

/// A random set-up (unbalanced stone counts, either side to move) with at least `min_stones`
/// stones.
fn random_setup(rng: &mut Rng, size: BoardSize, min_stones: usize) -> Position {
    loop {
        let position = games::random_setup(rng, size);
        if position.occupied().len() >= min_stones {
            return position;
        }
    }
}

fn random_game(rng: &mut Rng, size: BoardSize, min_stones: usize) -> Position {
    games::unfinished_game(rng, size, |rng| {
        min_stones + rng.below(size.cell_count() - min_stones)
    })
}

fn run(width: u32, height: u32, positions: usize, min_stones: usize, seed: u64) -> usize {
    let board = BoardSize::new(width, height).unwrap();
    let mut brute = Brute::new(width as usize, height as usize, Rules::Hex);
    let mut rng = Rng::new(games::seed(&format!("ica {width}x{height}"), seed));
    let mut claims = 0;
    let started = std::time::Instant::now();
    let mut analysis_time = std::time::Duration::ZERO;
    let mut states = 0;
    for i in 0..positions {
        states += brute.memo_len();
        brute.forget();
        let position = if i % 2 == 0 {
            random_setup(&mut rng, board, min_stones)
        } else {
            random_game(&mut rng, board, min_stones)
        };
        claims += check(&mut brute, &position, &mut analysis_time);
    }
    eprintln!(
        "{width}x{height}: {} reversible, {} vulnerable by capture, {} permanently inferior so far; {positions} positions, {claims} claims checked in {:.1} s ({:.1} s analysing, {} states solved)",
        REVERSIBLE.load(std::sync::atomic::Ordering::Relaxed),
        BY_CAPTURE.load(std::sync::atomic::Ordering::Relaxed),
        PERMANENT.load(std::sync::atomic::Ordering::Relaxed),
        started.elapsed().as_secs_f64(),
        analysis_time.as_secs_f64(),
        states + brute.memo_len()
    );
    claims
}

/// Every 3x3 position without a winner, both sides to move.
#[test]
fn sound_on_every_3x3_position() {
    let size = BoardSize::square(3).unwrap();
    let mut brute = Brute::new(3, 3, Rules::Hex);
    let mut time = std::time::Duration::ZERO;
    let mut positions = 0;
    for code in 0..3u32.pow(9) {
        let mut position = games::empty_board(size);
        let mut rest = code;
        for cell in size.cells().iter() {
            match rest % 3 {
                1 => position.set_stone(cell, Some(Color::Black)).unwrap(),
                2 => position.set_stone(cell, Some(Color::White)).unwrap(),
                _ => {}
            }
            rest /= 3;
        }
        if position.winner().is_some() {
            continue;
        }
        for mover in Color::ALL {
            position.set_to_move(mover);
            check(&mut brute, &position, &mut time);
            positions += 1;
        }
    }
    assert!(positions > 5000, "{positions}");
}

#[test]
fn sound_on_4x4() {
    assert!(run(4, 4, 4000, 2, 2) > 4000);
}

#[test]
fn sound_on_5x5() {
    assert!(run(5, 5, 1500, 10, 3) > 1500);
}

#[test]
fn sound_on_rectangles() {
    assert!(run(5, 4, 1000, 5, 4) > 1000);
    assert!(run(3, 5, 1000, 2, 5) > 1000);
}

/// Every permanently inferior claim, of either search (all dead-cell tests, or local patterns
/// only) and for either colour, on random 4x4 and 5x5 set-ups and games: filling the cell keeps
/// the winner for both sides to move (5x5 with 10 stones or more, for the brute force's sake).
/// Claims are checked one by one on the position as given,
/// not only through the fill-in, so that each rule of the search is tried on many carriers.
#[test]
fn permanently_inferior_claims_hold() {
    use hexlab_core::ica::permanent::permanently_inferior_by_patterns;
    let mut claims = 0;
    for (side, positions, min_stones, seed) in [(4u32, 1500usize, 2, 31u64), (5, 200, 10, 32)] {
        let board = BoardSize::square(side).unwrap();
        let mut brute = Brute::new(side as usize, side as usize, Rules::Hex);
        let mut rng = Rng::new(games::seed(&format!("permanent {side}"), seed));
        for i in 0..positions {
            brute.forget();
            let position = if i % 2 == 0 {
                random_setup(&mut rng, board, min_stones)
            } else {
                random_game(&mut rng, board, min_stones)
            };
            if position.winner().is_some() {
                continue;
            }
            for cell in position.empty_cells().iter() {
                for color in Color::ALL {
                    let found = [
                        permanently_inferior(&position, cell, color),
                        permanently_inferior_by_patterns(&position, cell, color),
                    ];
                    for claim in found.into_iter().flatten() {
                        let mut filled = position.clone();
                        filled.set_stone(cell, Some(color)).unwrap();
                        for mover in Color::ALL {
                            assert_eq!(
                                brute.value(&brute.small(&position).with_mover(mover)),
                                brute.value(&brute.small(&filled).with_mover(mover)),
                                "{cell} is not {color} permanently inferior ({claim:?}) in {} ({mover} to move)",
                                describe(&position)
                            );
                        }
                        claims += 1;
                    }
                }
            }
        }
    }
    eprintln!("{claims} permanently inferior claims checked");
    assert!(claims > 500, "only {claims} claims");
}

/// A permanently inferior cell found in a random game: Black's e1 is permanently inferior
/// (its set lies in c2 d2), and filling it keeps the winner for both sides to move. (The
/// analysis itself now fills e1 White first, as part of a captured region.)
#[test]
fn known_permanently_inferior() {
    let game = code::read("size=5&swap=no&moves=e3,e4,c1,d1,b2,c3,d3,e2,c5,c4,a3").unwrap();
    let position = game.position();
    let e1: Cell = "e1".parse().unwrap();
    assert!(permanently_inferior(position, e1, Color::Black).is_some());
    let mut brute = Brute::new(5, 5, Rules::Hex);
    let mut filled = position.clone();
    filled.set_stone(e1, Some(Color::Black)).unwrap();
    for mover in Color::ALL {
        assert_eq!(
            brute.value(&brute.small(position).with_mover(mover)),
            brute.value(&brute.small(&filled).with_mover(mover))
        );
    }
    let mut time = std::time::Duration::ZERO;
    check(&mut brute, position, &mut time);
}

/// Known claims on hand-made positions, so a regression names the pattern it broke.
#[test]
fn known_fillin() {
    // The top-edge bridge carrier of Black b2 on 3x3 is Black captured.
    let game = code::read("size=3&b=b2&turn=w").unwrap();
    let analysis = analyze(game.position());
    let black: Vec<String> = analysis
        .fillin
        .iter()
        .filter(|f| f.color == Color::Black)
        .map(|f| f.cell.to_string())
        .collect();
    assert!(
        black.contains(&"b1".to_string()) && black.contains(&"c1".to_string()),
        "{black:?}"
    );
}

/// Every mutual fill-in found (`ica::mutual`, Young and Hayward's Theorem 3.8) on random 4x4
/// and 5x5 set-ups and games, with random stones added outside its two sets (the stability a
/// search's proof sets rest on): giving `A` to X and `B` to the opponent keeps the winner for
/// both sides to move, and so does each half added to the position that holds the other half.
#[test]
fn mutual_fillin_claims_hold() {
    use hexlab_core::ica::mutual::find_mutual;
    let mut found = 0;
    let mut checks = 0;
    for (side, positions, min_stones, seed) in [(4u32, 1200usize, 2, 41u64), (5, 120, 8, 42)] {
        let board = BoardSize::square(side).unwrap();
        let mut brute = Brute::new(side as usize, side as usize, Rules::Hex);
        let mut rng = Rng::new(games::seed(&format!("mutual {side}"), seed));
        for i in 0..positions {
            brute.forget();
            let base = if i % 2 == 0 {
                random_setup(&mut rng, board, min_stones)
            } else {
                random_game(&mut rng, board, min_stones)
            };
            let Some(m) = find_mutual(&base, base.empty_cells()) else {
                continue;
            };
            found += 1;
            let (a_set, b_set) = (m.a_set(), m.b_set());
            assert!(!a_set.intersects(&b_set) && a_set.contains(m.a()) && b_set.contains(m.b()));
            // The position as found, then with random stones outside both sets.
            let outside: Vec<Cell> = (base.empty_cells() - a_set - b_set).iter().collect();
            for round in 0..3 {
                let mut position = base.clone();
                if round > 0 {
                    for &cell in &outside {
                        match rng.below(3) {
                            0 => position.set_stone(cell, Some(Color::Black)).unwrap(),
                            1 => position.set_stone(cell, Some(Color::White)).unwrap(),
                            _ => {}
                        }
                    }
                }
                let with = |p: &Position, cells: hexlab_core::CellSet, color: Color| {
                    let mut p = p.clone();
                    for cell in cells.iter() {
                        p.set_stone(cell, Some(color)).unwrap();
                    }
                    p
                };
                let (x, y) = (m.color, m.color.opponent());
                let a_filled = with(&position, a_set, x);
                let b_filled = with(&position, b_set, y);
                let both = with(&a_filled, b_set, y);
                for mover in Color::ALL {
                    let value = |brute: &mut Brute, p: &Position| {
                        brute.value(&brute.small(p).with_mover(mover))
                    };
                    let name = format!("{} ({m:?}, {mover} to move)", describe(&position));
                    let whole = value(&mut brute, &both);
                    assert_eq!(
                        value(&mut brute, &position),
                        whole,
                        "mutual fill-in in {name}"
                    );
                    assert_eq!(value(&mut brute, &a_filled), whole, "B half in {name}");
                    assert_eq!(value(&mut brute, &b_filled), whole, "A half in {name}");
                    checks += 1;
                }
            }
        }
    }
    eprintln!("{found} mutual fill-ins, {checks} checks");
    assert!(found > 30, "only {found} mutual fill-ins found");
}

/// A random position of `board` with the nine cells `corner` empty and stones on the others at
/// random densities (unbalanced counts), at most `max_empty` empty cells in all, nobody having
/// won, `mover` to move.
fn corner_setup(
    rng: &mut Rng,
    board: BoardSize,
    corner: hexlab_core::CellSet,
    mover: Color,
    max_empty: usize,
) -> Position {
    loop {
        let mut position = games::empty_board(board);
        let black_share = 20 + rng.below(61);
        let mut others: Vec<Cell> = (board.cells() - corner).iter().collect();
        // A random number of the other cells stay empty too, drawn at random.
        let keep_empty = rng
            .below(max_empty.saturating_sub(corner.len()) + 1)
            .min(others.len());
        for i in 0..keep_empty {
            let j = i + rng.below(others.len() - i);
            others.swap(i, j);
        }
        for &cell in &others[keep_empty..] {
            let color = if rng.below(100) < black_share {
                Color::Black
            } else {
                Color::White
            };
            position.set_stone(cell, Some(color)).unwrap();
        }
        position.set_to_move(mover);
        if position.winner().is_none() {
            return position;
        }
    }
}

/// What [`acute_corner_fills_hold`] counted.
#[derive(Default)]
struct CornerFillCounts {
    checked: usize,
    with_line_stones: usize,
    in_analysis: usize,
    wrong_without_carrier: usize,
}

/// Checks one set-up holding an acute-corner fill `(x, own, other, carrier)` (or, with
/// `control`, the same with a carrier cell taken): the rule finds it exactly when it should, the
/// fill keeps the winner for both sides to move (a control counts how often it would not), and
/// the whole analysis holds.
fn check_corner_fill(
    brute: &mut Brute,
    position: &Position,
    x: Color,
    own: CellSet,
    other: CellSet,
    control: bool,
    counts: &mut CornerFillCounts,
) {
    use hexlab_core::ica::corner_fill::corner_fills;
    let name = describe(position);
    brute.forget();
    let found = corner_fills(position, position.cells())
        .iter()
        .any(|f| f.color == x && f.own == own && f.other == other);
    assert_eq!(found, !control, "{name}");
    let mut filled = position.clone();
    for cell in own {
        filled.set_stone(cell, Some(x)).unwrap();
    }
    for cell in other {
        filled.set_stone(cell, Some(x.opponent())).unwrap();
    }
    let (before, after) = (brute.small(position), brute.small(&filled));
    for mover in Color::ALL {
        let same = brute.value(&before.with_mover(mover)) == brute.value(&after.with_mover(mover));
        if control {
            counts.wrong_without_carrier += usize::from(!same);
        } else {
            assert!(
                same,
                "the acute-corner fill of {x} on {own:?} and {other:?} changed the winner with {mover} to move in {name}"
            );
            counts.checked += 1;
        }
    }
    if !control
        && analyze_with(position, &IcaParams::SOLVER)
            .fillin
            .iter()
            .any(|f| matches!(f.why, FillWhy::AcuteCorner(_)))
    {
        counts.in_analysis += 1;
    }
    let mut time = std::time::Duration::ZERO;
    check(brute, position, &mut time);
}

/// Acute-corner mutual fill-in (`ica::corner_fill`, Benzene's `acute-pinf`) on its own
/// adversarial positions, both forms:
/// - the literal corner, on boards from 4x4 to 6x6, rectangles included: X's stone on its cell
///   and the eight cells empty;
/// - the general form, on 5x5 to 6x6 boards and 4x6, 6x4: the pattern in a random one of its
///   twelve orientations at a random place, each of its two lines an edge or the right stones
///   (so most placements use stones in a line);
///
/// random stones at random densities everywhere else (at most eight other empty cells), X
/// either colour, either side to move. The fill must keep the winner for both sides to move;
/// the whole analysis is checked as in the other tests. Every fourth set-up takes a carrier cell
/// instead, where the rule must not fire and the same fill changes the winner on some of them
/// (so this check can see a wrong fill).
#[test]
fn acute_corner_fills_hold() {
    use hexlab_core::ica::corner_fill::{layout, CornerFill};
    let mut counts = CornerFillCounts::default();
    for (w, h, positions, seed) in [
        (4u32, 4u32, 300usize, 51u64),
        (5, 5, 300, 52),
        (4, 5, 150, 53),
        (5, 4, 150, 54),
        (6, 4, 80, 55),
        (4, 6, 80, 56),
        (6, 6, 60, 57),
    ] {
        let board = BoardSize::new(w, h).unwrap();
        let mut brute = Brute::new(w as usize, h as usize, Rules::Hex);
        let mut rng = Rng::new(games::seed(&format!("acute corner fill {w}x{h}"), seed));
        for i in 0..positions {
            let x = games::random_color(&mut rng);
            let shape = CornerFill::shape(board, x, rng.below(2) == 1);
            let mut position = corner_setup(
                &mut rng,
                board,
                shape.cells() | CellSet::single(shape.stone),
                x,
                16,
            );
            position.set_stone(shape.stone, Some(x)).unwrap();
            position.set_to_move(games::random_color(&mut rng));
            let control = i % 4 == 3;
            if control {
                let taken = shape.carrier.iter().nth(rng.below(3)).unwrap();
                position
                    .set_stone(taken, Some(games::random_color(&mut rng)))
                    .unwrap();
            }
            if position.winner().is_none() {
                let (own, other) = (shape.own, shape.other);
                check_corner_fill(&mut brute, &position, x, own, other, control, &mut counts);
            }
        }
    }
    for (w, h, positions, seed) in [
        (5u32, 5u32, 250usize, 61u64),
        (6, 6, 90, 62),
        (5, 6, 90, 63),
        (6, 5, 90, 64),
        (4, 6, 60, 65),
        (6, 4, 60, 66),
    ] {
        let board = BoardSize::new(w, h).unwrap();
        let mut brute = Brute::new(w as usize, h as usize, Rules::Hex);
        let mut rng = Rng::new(games::seed(
            &format!("acute corner fill, general {w}x{h}"),
            seed,
        ));
        let on = |(q, r): (i32, i32)| q >= 0 && r >= 0 && q < w as i32 && r < h as i32;
        let cell = |(q, r): (i32, i32)| Cell::new(q as u8, r as u8);
        // What an off-board point is: its edge's colour, or nothing beyond an obtuse corner.
        let edge = |(q, r): (i32, i32)| match (q < 0 || q >= w as i32, r < 0 || r >= h as i32) {
            (true, false) => Some(Color::White),
            (false, true) => Some(Color::Black),
            _ => None,
        };
        let mut made = 0;
        while made < positions {
            let x = games::random_color(&mut rng);
            let index = rng.below(12);
            let at = (rng.below(w as usize) as i32, rng.below(h as usize) as i32);
            let [stone, own, other, carrier, x_line, y_line] = layout(index, at);
            let inside = stone.iter().chain(&own).chain(&other).chain(&carrier);
            if !inside.clone().all(|&p| on(p)) {
                continue;
            }
            let mut stones = vec![(cell(stone[0]), x)];
            let mut lines_fit = true;
            for (line, owner) in [(&x_line, x), (&y_line, x.opponent())] {
                for &p in line {
                    if on(p) {
                        stones.push((cell(p), owner));
                    } else if edge(p) != Some(owner) {
                        lines_fit = false;
                    }
                }
            }
            let eight: CellSet = own
                .iter()
                .chain(&other)
                .chain(&carrier)
                .map(|&p| cell(p))
                .collect();
            if !lines_fit || stones.iter().any(|&(c, _)| eight.contains(c)) {
                continue;
            }
            let mut position = corner_setup(
                &mut rng,
                board,
                eight | stones.iter().map(|&(c, _)| c).collect(),
                x,
                16,
            );
            for &(c, owner) in &stones {
                position.set_stone(c, Some(owner)).unwrap();
            }
            position.set_to_move(games::random_color(&mut rng));
            let control = made % 4 == 3;
            if control {
                let taken = cell(carrier[rng.below(3)]);
                position
                    .set_stone(taken, Some(games::random_color(&mut rng)))
                    .unwrap();
            }
            if position.winner().is_some() {
                continue;
            }
            made += 1;
            if stones.len() > 1 {
                counts.with_line_stones += 1;
            }
            let own: CellSet = own.iter().map(|&p| cell(p)).collect();
            let other: CellSet = other.iter().map(|&p| cell(p)).collect();
            check_corner_fill(&mut brute, &position, x, own, other, control, &mut counts);
        }
    }
    let c = &counts;
    eprintln!(
        "acute corner fills: {} checked (both sides to move), {} positions with stones in a line, {} fill one in the search analysis; with a carrier cell taken the fill would change the winner {} times",
        c.checked, c.with_line_stones, c.in_analysis, c.wrong_without_carrier
    );
    assert!(c.checked > 2400, "{}", c.checked);
    assert!(c.with_line_stones > 250, "{}", c.with_line_stones);
    assert!(c.in_analysis > 600, "{}", c.in_analysis);
    assert!(c.wrong_without_carrier > 20, "{}", c.wrong_without_carrier);
}

/// The acute-corner theorem (`ica::corner`, Henderson 2010 Theorem 17) on its own adversarial
/// positions: on 5x5, 6x6 and the 5x6 and 6x5 rectangles, stones at random everywhere but one
/// acute corner's nine cells (the shape of the side to move or of the other side, the near or
/// the far corner), either side to move. Each claim "x is dominated by y" is checked as a
/// domination: the claimant wins after playing y whenever it wins after playing x, with either
/// side to move next; and every claim of the whole analysis is checked as in the other tests.
#[test]
fn acute_corner_dominations_hold() {
    use hexlab_core::ica::corner::{acute_corner_dominations, shape};
    let mut checked = 0;
    let mut positions_with_claims = 0;
    for (w, h, positions, seed) in [
        (5u32, 5u32, 400usize, 41u64),
        (6, 6, 150, 42),
        (5, 6, 150, 43),
        (6, 5, 150, 44),
    ] {
        let board = BoardSize::new(w, h).unwrap();
        let mut brute = Brute::new(w as usize, h as usize, Rules::Hex);
        let mut rng = Rng::new(games::seed(&format!("acute corner {w}x{h}"), seed));
        let mut time = std::time::Duration::ZERO;
        for _ in 0..positions {
            brute.forget();
            let mover = games::random_color(&mut rng);
            let shape_of = if rng.below(3) == 0 {
                mover.opponent()
            } else {
                mover
            };
            let corner = shape(board, shape_of, rng.below(2) == 1)
                .into_iter()
                .collect();
            let position = corner_setup(&mut rng, board, corner, mover, 16);
            let name = describe(&position);
            let claims = acute_corner_dominations(&position, mover);
            if !claims.is_empty() {
                positions_with_claims += 1;
            }
            let small = brute.small(&position);
            for d in &claims {
                let after_x = Brute::play(&small, brute.bit(d.cell));
                let after_y = Brute::play(&small, brute.bit(d.by));
                for next in Color::ALL {
                    if brute.value(&after_x.with_mover(next)) == mover {
                        assert_eq!(
                            brute.value(&after_y.with_mover(next)),
                            mover,
                            "{mover} wins after {} but not after {} ({next} to move next) in {name}",
                            d.cell,
                            d.by
                        );
                    }
                }
                checked += 1;
            }
            check(&mut brute, &position, &mut time);
        }
    }
    eprintln!("acute corners: {checked} claims checked on {positions_with_claims} positions");
    assert!(checked > 4000, "{checked}");
}
