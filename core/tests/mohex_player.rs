//! Soundness of the player (`hexlab_core::mohex`): legal moves on any position (finished
//! boards, one empty cell, one and two threads, playouts from the fill-in), a winning move whenever it holds a winning
//! virtual connection, a stop within 100 ms of the cancel flag, tree reuse, and on random 3x3
//! to 4x4 positions where the side to move wins, a winning move (checked by the brute force).
//! The seed comes from `HEXLAB_SEED` when set.

mod support;

use hexlab_core::formats::code;
use hexlab_core::mohex::knowledge::knowledge;
use hexlab_core::mohex::tree::WIN;
use hexlab_core::mohex::{Params, Player, Proven};
use hexlab_core::search::Budget;
use hexlab_core::Position;
use support::brute::Brute;
use support::games;

fn params(games: u64) -> Params {
    Params {
        max_games: games,
        max_time: 0.0,
        knowledge_threshold: 20,
        ..Params::default()
    }
}

/// The move is an empty cell, or `None` exactly when the game is over.
fn check_legal(player: &mut Player, position: &Position) {
    let result = player.search(position, &Budget::unlimited());
    games::assert_legal_answer(position, result.best, false);
}

#[test]
fn never_plays_an_illegal_move() {
    let seed = games::seed("mohex legal", 1);
    // Two threads, and one with the playouts starting from the nodes' fill-in.
    for (threads, playout_fillin) in [(1, false), (2, false), (1, true)] {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        let mut player = Player::new(Params {
            num_threads: threads,
            playout_fillin,
            ..params(300)
        });
        for size in [1, 2, 3, 5, 7] {
            for position in games::setups_and_games(seed + u64::from(size), size, 30) {
                pool.install(|| check_legal(&mut player, &position));
            }
        }
    }
}

#[test]
fn finished_boards_and_one_empty_cell() {
    let mut player = Player::new(params(100));
    let done = code::read("size=3&moves=b1,a2,b2,a3,b3").unwrap();
    let result = player.search(done.position(), &Budget::unlimited());
    assert_eq!(result.best, None);
    let mut won = done.position().clone();
    won.set_to_move(hexlab_core::Color::Black);
    let result = player.search(&won, &Budget::unlimited());
    assert_eq!((result.best, result.proven), (None, Some(Proven::Win)));
    let one = code::read("size=2&b=a1,b2&w=b1").unwrap();
    let result = player.search(one.position(), &Budget::unlimited());
    assert_eq!(result.best, Some("a2".parse().unwrap()));
    check_legal(&mut player, code::read("size=1").unwrap().position());
}

#[test]
fn plays_a_winning_move_when_it_holds_a_winning_connection() {
    let seed = games::seed("mohex vc", 2);
    let mut tried = 0;
    for size in [4u32, 5] {
        let mut brute = Brute::new(size as usize, size as usize, hexlab_core::Rules::Hex);
        for position in games::setups_and_games(seed + u64::from(size), size, 80) {
            if position.winner().is_some() || knowledge(&position, 100).proven != WIN {
                continue;
            }
            if size == 5 && position.occupied().len() < 7 {
                continue;
            }
            tried += 1;
            // No solver: the connection alone must be enough, even with few games.
            let mut player = Player::new(Params {
                solver_max_empty: 0,
                ..params(50)
            });
            let result = player.search(&position, &Budget::unlimited());
            assert_eq!(
                result.proven,
                Some(Proven::Win),
                "{}",
                games::describe(&position)
            );
            let mut after = position.clone();
            after.play_unchecked(result.best.unwrap());
            let value = brute.value(&brute.small(&after));
            assert_eq!(
                value,
                position.to_move(),
                "{} loses in {}",
                result.best.unwrap(),
                games::describe(&position)
            );
            // Without proofs (the lower levels) the same knowledge proves nothing: with no move
            // that ends the game, one game leaves the root unproven, and the move is legal.
            let ends_at_once = position.empty_cells().iter().any(|cell| {
                let mut after = position.clone();
                after.play_unchecked(cell);
                after.winner().is_some()
            });
            if !ends_at_once {
                let mut player = Player::new(Params {
                    solver_max_empty: 0,
                    knowledge_proofs: false,
                    ..params(1)
                });
                let result = player.search(&position, &Budget::unlimited());
                assert_eq!(result.proven, None, "{}", games::describe(&position));
                games::assert_legal_answer(&position, result.best, false);
            }
        }
    }
    assert!(
        tried >= 10,
        "only {tried} positions with a winning connection"
    );
}

#[test]
fn plays_winning_moves_on_small_boards() {
    let seed = games::seed("mohex brute", 3);
    for (size, games_per_move) in [(3u32, 500), (4, 4000)] {
        let mut brute = Brute::new(size as usize, size as usize, hexlab_core::Rules::Hex);
        let mut checked = 0;
        for position in games::setups_and_games(seed + u64::from(size), size, 60) {
            if position.winner().is_some() {
                continue;
            }
            let small = brute.small(&position);
            if brute.value(&small) != position.to_move() {
                continue;
            }
            checked += 1;
            // Without the solver: the search itself (with knowledge) must find the win.
            let mut player = Player::new(Params {
                solver_max_empty: 0,
                ..params(games_per_move)
            });
            let result = player.search(&position, &Budget::unlimited());
            let best = result.best.expect("a move");
            let mut after = position.clone();
            after.play_unchecked(best);
            assert_eq!(
                brute.value(&brute.small(&after)),
                position.to_move(),
                "{best} loses in {} ({result:?})",
                games::describe(&position)
            );
        }
        assert!(checked >= 10, "{size}x{size}: only {checked} won positions");
    }
}

#[test]
fn the_solver_at_the_root_plays_proven_wins() {
    let seed = games::seed("mohex solver", 4);
    let mut brute = Brute::new(5, 5, hexlab_core::Rules::Hex);
    let mut player = Player::new(params(1));
    for position in games::setups_and_games(seed, 5, 40) {
        if position.winner().is_some() || position.occupied().len() < 7 {
            continue;
        }
        if brute.value(&brute.small(&position)) != position.to_move() {
            continue;
        }
        let result = player.search(&position, &Budget::unlimited());
        assert_eq!(
            result.proven,
            Some(Proven::Win),
            "{}",
            games::describe(&position)
        );
        let mut after = position.clone();
        after.play_unchecked(result.best.unwrap());
        assert_eq!(brute.value(&brute.small(&after)), position.to_move());
    }
}

#[test]
fn stops_within_100_ms_of_cancel() {
    let game = code::read("size=11").unwrap();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .unwrap();
    let mut player = Player::new(Params {
        num_threads: 2,
        max_nodes: 200_000,
        ..Params::default()
    });
    // The first search builds the pattern tables (once per process).
    player.search(
        code::read("size=11&moves=f6").unwrap().position(),
        &Budget::nodes(10),
    );
    // Wall time on a shared machine also counts the time the OS gives other processes: the
    // best of three cancels is the engine's own latency (a loaded CI machine can hold a thread
    // back once; three times in a row means the engine is slow to look at the flag).
    let mut latencies = Vec::new();
    for _ in 0..3 {
        let (result, late) =
            support::cancel::latency(std::time::Duration::from_millis(300), |budget| {
                pool.install(|| player.search(game.position(), budget))
            });
        assert!(result.games > 0);
        assert!(result.best.is_some());
        latencies.push(late);
        if late < std::time::Duration::from_millis(100) {
            return;
        }
    }
    panic!("no cancel answered within 100 ms: {latencies:?}");
}

#[test]
fn keeps_the_subtree_between_moves() {
    let mut player = Player::new(Params {
        solver_max_empty: 0,
        ..params(2000)
    });
    let game = code::read("size=5").unwrap();
    let mut position = game.position().clone();
    let first = player.search(&position, &Budget::unlimited());
    position.play_unchecked(first.best.unwrap());
    let reply = first
        .pv
        .get(1)
        .copied()
        .unwrap_or_else(|| position.empty_cells().first().unwrap());
    position.play_unchecked(reply);
    let second = player.search(&position, &Budget::unlimited());
    assert!(
        second.visits > second.games,
        "no reuse: {} visits, {} games",
        second.visits,
        second.games
    );
}
