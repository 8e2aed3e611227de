//! Random positions for the soundness tests.

use hexlab_core::rng::Rng;
use hexlab_core::{BoardSize, Position, Rules, RulesConfig};

/// The empty board of `size` under Hex without the swap rule, Black to move: where every random
/// position of the soundness tests starts.
pub fn empty_board(size: BoardSize) -> Position {
    Position::new(
        size,
        RulesConfig {
            rules: Rules::Hex,
            swap: false,
        },
    )
}

/// The position after `plies` uniformly random moves from the empty board (Hex, no swap), or
/// fewer if the game ends first; the result may be finished.
pub fn random_game(rng: &mut Rng, size: BoardSize, plies: usize) -> Position {
    let mut position = empty_board(size);
    for _ in 0..plies {
        let legal = position.legal_cells();
        if legal.is_empty() {
            break;
        }
        position.play_unchecked(legal.nth(rng.below(legal.len())).expect("a legal cell"));
    }
    position
}

/// Like [`random_game`], drawing again until the game is not over.
pub fn unfinished_game(
    rng: &mut Rng,
    size: BoardSize,
    plies: impl Fn(&mut Rng) -> usize,
) -> Position {
    loop {
        let n = plies(rng);
        let position = random_game(rng, size, n);
        if position.winner().is_none() {
            return position;
        }
    }
}

/// A random set-up (not a game): each cell black, white or empty at random, with the stone
/// counts free to be unbalanced, and either side to move. Drawn again until nobody has won.
/// Set-ups reach positions random games rarely do: one colour far ahead, stones crowding an
/// edge, empty endpoints among many stones.
pub fn random_setup(rng: &mut Rng, size: BoardSize) -> Position {
    loop {
        let mut position = empty_board(size);
        // Per set-up densities, so some boards are sparse and some crowded, and one colour
        // can have many more stones than the other.
        let black = rng.below(45);
        let white = rng.below(45);
        for cell in size.cells().iter() {
            let roll = rng.below(100);
            let stone = if roll < black {
                Some(hexlab_core::Color::Black)
            } else if roll < black + white {
                Some(hexlab_core::Color::White)
            } else {
                None
            };
            if stone.is_some() {
                position.set_stone(cell, stone).expect("an empty cell");
            }
        }
        let mover = random_color(rng);
        position.set_to_move(mover);
        if position.winner().is_none() {
            return position;
        }
    }
}

/// `count` positions of a `size` x `size` board from `seed`: random set-ups (unbalanced stone
/// counts, either side to move) and random games of any length (finished ones included) in turn.
pub fn setups_and_games(seed: u64, size: u32, count: usize) -> Vec<Position> {
    let mut rng = Rng::new(seed);
    let size = BoardSize::square(size).unwrap();
    let cells = size.cell_count();
    (0..count)
        .map(|i| {
            if i % 2 == 0 {
                random_setup(&mut rng, size)
            } else {
                let plies = rng.below(cells + 1);
                random_game(&mut rng, size, plies)
            }
        })
        .collect()
}

/// Black or White with even odds (one draw of `rng`).
pub fn random_color(rng: &mut Rng) -> hexlab_core::Color {
    if rng.below(2) == 0 {
        hexlab_core::Color::Black
    } else {
        hexlab_core::Color::White
    }
}

/// The seed of a soundness test: `HEXLAB_SEED` when set (a fresh sample in one command), else
/// the test's own fixed seed; printed either way so a failure can be replayed.
pub fn seed(test: &str, fixed: u64) -> u64 {
    let seed = match std::env::var("HEXLAB_SEED") {
        Ok(text) if !text.trim().is_empty() => text
            .trim()
            .parse::<u64>()
            .unwrap_or_else(|_| panic!("HEXLAB_SEED must be a number, not {text:?}"))
            .wrapping_add(fixed),
        _ => fixed,
    };
    eprintln!(
        "{test}: seed {seed} (HEXLAB_SEED={})",
        std::env::var("HEXLAB_SEED").unwrap_or_default()
    );
    seed
}

/// `count` random positions of a `side` board with at least `fewest` stones: random set-ups
/// and random unfinished games, alternately.
pub fn mixed(seed: u64, side: u32, count: usize, fewest: usize) -> Vec<Position> {
    mixed_on(
        seed,
        BoardSize::square(side).expect("a board size"),
        count,
        fewest,
    )
}

/// [`mixed`] on a board of any shape (rectangles too).
pub fn mixed_on(seed: u64, size: BoardSize, count: usize, fewest: usize) -> Vec<Position> {
    let mut rng = Rng::new(seed);
    let cells = size.cell_count();
    let mut positions = Vec::with_capacity(count);
    while positions.len() < count {
        let position = if positions.len() % 2 == 0 {
            random_setup(&mut rng, size)
        } else {
            unfinished_game(&mut rng, size, |r| fewest + r.below(cells - fewest))
        };
        if position.occupied().len() >= fewest {
            positions.push(position);
        }
    }
    positions
}

/// The position's code, for messages.
pub fn describe(position: &Position) -> String {
    hexlab_core::formats::code::write(&hexlab_core::Game::from_position(position.clone()))
}

/// Asserts that a player's answer `best` for `position` is an empty cell when the game goes
/// on, and `None` only when it is over (or, with `full_board_passes`, when no cell is empty).
pub fn assert_legal_answer(
    position: &Position,
    best: Option<hexlab_core::Cell>,
    full_board_passes: bool,
) {
    let name = describe(position);
    match best {
        None => assert!(
            position.winner().is_some() || (full_board_passes && position.empty_cells().is_empty()),
            "no move in {name}"
        ),
        Some(cell) => {
            assert!(position.winner().is_none(), "a move on finished {name}");
            assert!(
                position.empty_cells().contains(cell),
                "illegal {cell} in {name}"
            );
        }
    }
}
