//! Captured regions (`ica::region`) against a brute-force solver on small boards.
//!
//! A region claim says: filling the region with its colour keeps who wins, for either side to
//! move, and in every continuation (it is X's second-player strategy inside the region). For
//! random set-ups and games of 4x4, 5x5 and 5x4, both colours:
//! 1. every region the candidate search proposes, and
//! 2. random connected sets of 2 to 6 empty cells the rule accepts
//!
//! are checked by exhaustive minimax on the position and on random continuations (extra stones
//! of both colours outside the region, either side to move). Sets the rule refuses are counted
//! too, so the test shows it is neither vacuous nor accepting everything.

mod support;

use hexlab_core::board::CellSet;
use hexlab_core::formats::code;
use hexlab_core::ica::region::{find_captured_region, is_captured_region, MAX_REGION};
use hexlab_core::rng::Rng;
use hexlab_core::{BoardSize, Color, Position};
use support::brute::Brute;
use support::games::{self, describe};

fn filled(position: &Position, region: CellSet, color: Color) -> Position {
    let mut after = position.clone();
    for cell in region.iter() {
        after.set_stone(cell, Some(color)).unwrap();
    }
    after
}

/// Asserts that filling `region` with `color` keeps the winner of `position` and of `extra`
/// random continuations outside the region, either side to move.
fn assert_captured(
    brute: &mut Brute,
    rng: &mut Rng,
    position: &Position,
    region: CellSet,
    color: Color,
    extra: usize,
) {
    let mut base = position.clone();
    for step in 0..=extra {
        if step > 0 {
            // A continuation: one more stone of either colour outside the region.
            let free = base.empty_cells() - region;
            if free.is_empty() {
                break;
            }
            let cell = free.nth(rng.below(free.len())).unwrap();
            let stone = games::random_color(rng);
            base.set_stone(cell, Some(stone)).unwrap();
            if base.winner().is_some() {
                break;
            }
        }
        let before = brute.small(&base);
        let after = brute.small(&filled(&base, region, color));
        for mover in Color::ALL {
            assert_eq!(
                brute.value(&before.with_mover(mover)),
                brute.value(&after.with_mover(mover)),
                "{color} region {:?} is not captured in {} ({mover} to move, claimed on {})",
                region.iter().map(|c| c.to_string()).collect::<Vec<_>>(),
                describe(&base),
                describe(position)
            );
        }
    }
}

/// A random connected set of `len` empty cells around a random empty cell, or fewer.
fn random_connected(rng: &mut Rng, position: &Position, len: usize) -> CellSet {
    let empty = position.empty_cells();
    let Some(start) = empty.nth(rng.below(empty.len().max(1))) else {
        return CellSet::default();
    };
    let mut set = CellSet::single(start);
    while set.len() < len {
        let frontier = (set.grow() & empty) - set;
        let Some(next) = frontier.nth(rng.below(frontier.len().max(1))) else {
            break;
        };
        set.insert(next);
    }
    set
}

/// `positions` random set-ups and games with at least `min_stones` stones (the brute force
/// solves near-empty 5x5 boards only slowly).
fn run(
    width: u32,
    height: u32,
    positions: usize,
    min_stones: usize,
    seed: u64,
) -> (usize, usize, usize) {
    let board = BoardSize::new(width, height).unwrap();
    let mut brute = Brute::new(width as usize, height as usize, hexlab_core::Rules::Hex);
    let mut rng = Rng::new(games::seed(&format!("regions {width}x{height}"), seed));
    let (mut proposed, mut accepted, mut refused) = (0, 0, 0);
    for i in 0..positions {
        brute.forget();
        let position = if i % 2 == 0 {
            loop {
                let position = games::random_setup(&mut rng, board);
                if position.occupied().len() >= min_stones {
                    break position;
                }
            }
        } else {
            let cells = board.cell_count();
            games::unfinished_game(&mut rng, board, |rng| {
                min_stones + rng.below(cells - min_stones)
            })
        };
        if position.winner().is_some() {
            continue;
        }
        for color in Color::ALL {
            for seed_cell in position.empty_cells().iter() {
                if let Some(region) =
                    find_captured_region(&position, color, CellSet::single(seed_cell))
                {
                    proposed += 1;
                    assert_captured(&mut brute, &mut rng, &position, region, color, 3);
                }
            }
            for _ in 0..4 {
                let len = 2 + rng.below(MAX_REGION.min(6) - 1);
                let set = random_connected(&mut rng, &position, len);
                if set.len() < 2 {
                    continue;
                }
                if is_captured_region(&position, color, set) {
                    accepted += 1;
                    assert_captured(&mut brute, &mut rng, &position, set, color, 3);
                } else {
                    refused += 1;
                }
            }
        }
    }
    eprintln!(
        "regions {width}x{height}: {positions} positions, {proposed} proposed and {accepted} random sets accepted (all checked), {refused} random sets refused"
    );
    (proposed, accepted, refused)
}

#[test]
fn regions_sound_on_4x4() {
    let (proposed, accepted, refused) = run(4, 4, 300, 0, 41);
    assert!(
        proposed > 20 && accepted > 20 && refused > 100,
        "{proposed} {accepted} {refused}"
    );
}

#[test]
fn regions_sound_on_5x5() {
    let (proposed, accepted, refused) = run(5, 5, 150, 10, 42);
    assert!(
        proposed > 20 && accepted > 20 && refused > 100,
        "{proposed} {accepted} {refused}"
    );
}

#[test]
fn regions_sound_on_5x4() {
    let (proposed, _, _) = run(5, 4, 150, 6, 43);
    assert!(proposed > 5, "{proposed}");
}

/// Black's row-2 chain with the whole strip to the top edge free: any Black stone in the strip
/// cascades, and the strip is Black captured.
#[test]
fn edge_strip_above_a_chain_is_captured() {
    let game = code::read("size=5&b=b3,c3,d3&w=a4,e2&turn=w").unwrap();
    let position = game.position();
    let mut brute = Brute::new(5, 5, hexlab_core::Rules::Hex);
    let mut rng = Rng::new(7);
    let region = find_captured_region(position, Color::Black, position.empty_cells())
        .expect("a Black region above the chain");
    assert_captured(&mut brute, &mut rng, position, region, Color::Black, 6);
}

/// A set that is not captured: the opponent's intrusion in the middle of an open row splits
/// it, and no answer inside the set makes it dead.
#[test]
fn open_row_is_not_captured() {
    let game = code::read("size=5&b=c1&turn=w").unwrap();
    let position = game.position();
    let set: CellSet = ["a3", "b3", "c3", "d3", "e3"]
        .iter()
        .map(|c| c.parse().unwrap())
        .collect();
    assert!(!is_captured_region(position, Color::Black, set));
    assert!(!is_captured_region(position, Color::White, set));
}
