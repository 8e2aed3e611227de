//! Checks the brute-force oracle itself on facts known without it.

mod support;

use hexlab_core::Rules;
use support::brute::{Brute, Small};

/// Strategy stealing: the first player wins Hex on every empty square board.
#[test]
fn first_player_wins_every_small_empty_board() {
    for n in 1..=4 {
        let mut brute = Brute::new(n, n, Rules::Hex);
        assert!(
            brute.wins(&Small {
                black: 0,
                white: 0,
                black_to_move: true
            }),
            "{n}x{n}"
        );
    }
}

/// On rectangular boards the player with the shorter distance wins whoever starts.
#[test]
fn the_short_side_wins_rectangular_boards() {
    // 3 columns x 2 rows: Black joins top and bottom (2 rows apart) and wins even moving second.
    let mut brute = Brute::new(3, 2, Rules::Hex);
    assert!(!brute.wins(&Small {
        black: 0,
        white: 0,
        black_to_move: false
    }));
    assert!(brute.wins(&Small {
        black: 0,
        white: 0,
        black_to_move: true
    }));
}

/// Rex on n x n (Winder): the first player wins when n is even, the second when n is odd; for
/// even n, opening in an acute corner wins (Evans).
#[test]
fn rex_small_boards() {
    let empty = Small {
        black: 0,
        white: 0,
        black_to_move: true,
    };
    for n in 1..=4 {
        let mut brute = Brute::new(n, n, Rules::Rex);
        assert_eq!(brute.wins(&empty), n % 2 == 0, "{n}x{n}");
        if n % 2 == 0 {
            assert!(
                brute.winning_moves(&empty).contains(&0),
                "acute corner a1 wins on {n}x{n}"
            );
        }
    }
}

/// 2x2: the first player wins only on the short diagonal (b1, a2); 3x3: the centre wins.
#[test]
fn known_small_results() {
    let mut b = Brute::new(2, 2, Rules::Hex);
    let empty = Small {
        black: 0,
        white: 0,
        black_to_move: true,
    };
    assert!(b.wins(&empty));
    let winning: Vec<String> = b
        .winning_moves(&empty)
        .into_iter()
        .map(|i| b.cell(i).to_string())
        .collect();
    assert_eq!(winning, ["b1", "a2"]);
    let mut b3 = Brute::new(3, 3, Rules::Hex);
    assert!(b3.winning_moves(&empty).contains(&4));
}
