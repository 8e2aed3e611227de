//! Soundness of inferior cell analysis against a brute-force solver on small boards.
//!
//! For thousands of random positions (sparse set-ups and positions from random games) of sizes
//! 3x3 to 5x5, every claim of `ica::analyze` is checked by exhaustive minimax:
//! 1. filling the fill-in does not change who wins, for either side to move;
//! 2. if the side to move wins, some winning move lies in the consider set;
//! 3. for every claim with `by`: if the inferior move wins, so does `by`;
//! 4. every dead cell: the winner is the same with that cell filled by either colour, either
//!    side to move.
//!
//! A single wrong claim fails the test, printing the position's code.

mod support;

use hexlab_core::formats::code;
use hexlab_core::ica::{analyze, FillKind};
use hexlab_core::rng::Rng;
use hexlab_core::{BoardSize, Cell, Color, Game, Position, Rules, RulesConfig};
use support::brute::{Brute, Small};

fn with_mover(s: Small, mover: Color) -> Small {
    Small {
        black_to_move: mover == Color::Black,
        ..s
    }
}

fn describe(position: &Position) -> String {
    code::write(&Game::from_position(position.clone()))
}

/// Checks every claim about `position`; returns how many claims were checked.
fn check(brute: &mut Brute, position: &Position) -> usize {
    let analysis = analyze(position);
    let name = describe(position);
    let original = brute.small(position);
    let filled = brute.small(&analysis.filled);
    let mut claims = 0;

    // 1. Fill-in keeps the value for either side to move.
    for mover in Color::ALL {
        assert_eq!(
            brute.value(&with_mover(original, mover)),
            brute.value(&with_mover(filled, mover)),
            "fill-in changed the winner with {mover} to move in {name}: fill-in {:?}",
            analysis
                .fillin
                .iter()
                .map(|f| (f.cell, f.color, f.kind))
                .collect::<Vec<_>>()
        );
    }
    claims += analysis.fillin.len();

    // 2. The consider set holds a winning move whenever the side to move wins.
    if position.winner().is_none() && brute.wins(&original) {
        let winning = brute.winning_moves(&original);
        assert!(
            winning
                .iter()
                .any(|&bit| analysis.consider.contains(brute.cell(bit))),
            "no winning move in the consider set {:?} of {name}; winning moves {:?}; claims {:?}",
            analysis.consider,
            winning.iter().map(|&b| brute.cell(b)).collect::<Vec<_>>(),
            analysis.inferior
        );
    }
    claims += 1;

    // 3. A dominated move's `by` wins whenever it does (moves of the original position).
    let mover_wins_with =
        |brute: &mut Brute, cell: Cell| !brute.wins(&Brute::play(&original, brute.bit(cell)));
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

    // 4. Dead cells may take either colour (checked in the filled position).
    for f in analysis.fillin.iter().filter(|f| f.kind == FillKind::Dead) {
        let bit = 1u32 << brute.bit(f.cell);
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
                brute.value(&with_mover(as_black, mover)),
                brute.value(&with_mover(as_white, mover)),
                "{} is not dead in {name} (filled: {})",
                f.cell,
                describe(&analysis.filled)
            );
        }
        claims += 1;
    }
    claims
}

fn random_setup(rng: &mut Rng, size: BoardSize, min_stones: usize) -> Position {
    loop {
        let mut position = Position::new(
            size,
            RulesConfig {
                rules: Rules::Hex,
                swap: false,
            },
        );
        let density = 15 + rng.below(50);
        for cell in size.cells().iter() {
            if rng.below(100) < density {
                let color = if rng.below(2) == 0 {
                    Color::Black
                } else {
                    Color::White
                };
                position.set_stone(cell, Some(color)).unwrap();
            }
        }
        position.set_to_move(if rng.below(2) == 0 {
            Color::Black
        } else {
            Color::White
        });
        if position.occupied().len() >= min_stones && position.winner().is_none() {
            return position;
        }
    }
}

fn random_game(rng: &mut Rng, size: BoardSize, min_stones: usize) -> Position {
    loop {
        let mut position = Position::new(
            size,
            RulesConfig {
                rules: Rules::Hex,
                swap: false,
            },
        );
        let plies = min_stones + rng.below(size.cell_count() - min_stones);
        for _ in 0..plies {
            let legal = position.legal_cells();
            if legal.is_empty() {
                break;
            }
            position.play_unchecked(legal.nth(rng.below(legal.len())).unwrap());
        }
        if position.winner().is_none() {
            return position;
        }
    }
}

fn run(size: u32, positions: usize, min_stones: usize, seed: u64) -> usize {
    let board = BoardSize::square(size).unwrap();
    let mut brute = Brute::new(size as usize, size as usize, Rules::Hex);
    let mut rng = Rng::new(seed);
    let mut claims = 0;
    for i in 0..positions {
        let position = if i % 2 == 0 {
            random_setup(&mut rng, board, min_stones)
        } else {
            random_game(&mut rng, board, min_stones)
        };
        claims += check(&mut brute, &position);
    }
    claims
}

#[test]
fn sound_on_3x3() {
    assert!(run(3, 2000, 0, 1) > 2000);
}

#[test]
fn sound_on_4x4() {
    assert!(run(4, 1500, 2, 2) > 1500);
}

#[test]
fn sound_on_5x5() {
    assert!(run(5, 600, 9, 3) > 600);
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
