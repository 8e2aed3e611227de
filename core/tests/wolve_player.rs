//! Soundness of Wolve (`hexlab_core::wolve`): legal moves on any position (finished boards, one
//! empty cell, random set-ups and games), a winning move whenever its evaluation proves the
//! position won (checked by the brute force), proven results that hold, and a stop soon after
//! the cancel flag. The seed comes from `HEXLAB_SEED` when set.

mod support;

use hexlab_core::formats::code;
use hexlab_core::search::Budget;
use hexlab_core::vc::Limits;
use hexlab_core::wolve::eval::evaluate;
use hexlab_core::wolve::{Wolve, WolveParams};
use support::brute::Brute;
use support::games;

fn shallow() -> Wolve {
    Wolve::new(WolveParams {
        max_time: 0.0,
        max_depth: 2,
        ply_width: 6,
    })
}

#[test]
fn never_plays_an_illegal_move() {
    let seed = games::seed("wolve legal", 1);
    let mut wolve = shallow();
    for size in [1, 2, 3, 4, 6] {
        for position in games::setups_and_games(seed + u64::from(size), size, 20) {
            let result = wolve.search(&position, &Budget::unlimited());
            games::assert_legal_answer(&position, result.best, true);
        }
    }
}

#[test]
fn finished_boards_and_one_empty_cell() {
    let mut wolve = shallow();
    let done = code::read("size=3&moves=b1,a2,b2,a3,b3").unwrap();
    assert_eq!(
        wolve.search(done.position(), &Budget::unlimited()).best,
        None
    );
    let one = code::read("size=2&b=a1,b2&w=b1").unwrap();
    let result = wolve.search(one.position(), &Budget::unlimited());
    assert_eq!(result.best, Some("a2".parse().unwrap()));
}

/// Whenever the evaluation proves the side to move wins (a winning connection or fill-in), the
/// move played wins, and a proven result is right (brute force).
#[test]
fn proven_positions_are_right_and_won_ones_are_won() {
    let seed = games::seed("wolve proofs", 2);
    let mut won = 0;
    for size in [3u32, 4, 5] {
        let mut brute = Brute::new(size as usize, size as usize, hexlab_core::Rules::Hex);
        for position in games::setups_and_games(seed + u64::from(size), size, 60) {
            // The brute force of a near-empty 5x5 board takes long: 7 stones at least there.
            if position.winner().is_some() || (size == 5 && position.occupied().len() < 7) {
                continue;
            }
            let name = games::describe(&position);
            let value = brute.value(&brute.small(&position));
            let eval = evaluate(&position, Limits::default());
            if let Some(wins) = eval.proven {
                assert_eq!(wins, value == position.to_move(), "evaluation of {name}");
            }
            let result = shallow().search(&position, &Budget::unlimited());
            if let Some(wins) = result.proven {
                assert_eq!(wins, value == position.to_move(), "search of {name}");
            }
            if eval.proven == Some(true) {
                won += 1;
                let mut after = position.clone();
                after.play_unchecked(result.best.unwrap());
                assert_eq!(
                    brute.value(&brute.small(&after)),
                    position.to_move(),
                    "{} loses in {name}",
                    result.best.unwrap()
                );
            }
        }
    }
    assert!(won >= 10, "only {won} proven wins");
}

#[test]
fn stops_soon_after_cancel() {
    let game = code::read("size=9&moves=e5").unwrap();
    let mut wolve = Wolve::new(WolveParams {
        max_time: 0.0,
        max_depth: 4,
        ply_width: 20,
    });
    let (result, late) =
        support::cancel::latency(std::time::Duration::from_millis(300), |budget| {
            wolve.search(game.position(), budget)
        });
    // One evaluation (H-search twice on 9x9) may finish after the flag.
    assert!(late < std::time::Duration::from_millis(250), "{late:?}");
    assert!(game.position().empty_cells().contains(result.best.unwrap()));
}
