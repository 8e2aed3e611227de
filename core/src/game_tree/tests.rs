//! The game tree: checked nodes, variations, set-up, games.

use super::*;
use crate::board::{BoardSize, Cell, Color};
use crate::notation::Move;
use crate::rules::RulesConfig;

fn stone(color: Color, name: &str) -> NodeData {
    NodeData::with_move(NodeMove::Stone {
        color,
        cell: name.parse().unwrap(),
    })
}

fn tree() -> GameTree {
    GameTree::new(GameInfo::new(BoardSize::square(5).unwrap()))
}

#[test]
fn nodes_are_checked_against_their_position() {
    let mut t = tree();
    let a = t.add_child(0, stone(Color::Black, "c3")).unwrap();
    assert_eq!(
        t.add_child(a, stone(Color::White, "c3"))
            .unwrap_err()
            .to_string(),
        "white c3 is illegal: c3 is already occupied"
    );
    let swap = NodeData::with_move(NodeMove::Swap {
        color: Color::Black,
        form: SwapForm::Pieces,
    });
    assert!(t.add_child(0, swap).is_err());
    assert_eq!(t.len(), 2, "refused nodes are not added");
    // Out of turn: a second Black stone, then White to move.
    let b = t.add_child(a, stone(Color::Black, "d4")).unwrap();
    assert_eq!(t.position_at(b).to_move(), Color::White);
}

#[test]
fn variations_and_the_main_line() {
    let mut t = tree();
    let a = t.add_child(0, stone(Color::Black, "a1")).unwrap();
    let b = t.add_child(a, stone(Color::White, "b2")).unwrap();
    let c = t.add_child(a, stone(Color::White, "c3")).unwrap();
    let d = t.add_child(b, stone(Color::Black, "d4")).unwrap();
    assert_eq!(t.main_line(), vec![0, a, b, d]);
    assert_eq!(t.children(a), &[b, c]);
    assert_eq!(t.path_to(c), vec![0, a, c]);
    let game = t.game_at(b);
    assert_eq!(game.moves().len(), 3);
    assert_eq!(game.cursor(), 2);
    assert_eq!(game.position(), &t.position_at(b));
    // The same tree built in another order is equal.
    let mut u = tree();
    let a2 = u.add_child(0, stone(Color::Black, "a1")).unwrap();
    let b2 = u.add_child(a2, stone(Color::White, "b2")).unwrap();
    u.add_child(b2, stone(Color::Black, "d4")).unwrap();
    assert_ne!(t, u);
    u.add_child(a2, stone(Color::White, "c3")).unwrap();
    assert_eq!(t, u);
}

/// Set-up in one step gives the position that setting each stone in turn gives.
#[test]
fn set_up_equals_stone_by_stone() {
    let mut rng = crate::rng::Rng::new(11);
    for _ in 0..500 {
        let size = BoardSize::new(1 + rng.below(9) as u32, 1 + rng.below(9) as u32).unwrap();
        let mut slow = Position::new(size, RulesConfig::default());
        if rng.below(2) == 0 {
            slow.play(Move::Cell(Cell::new(0, 0))).unwrap();
        }
        let mut fast = slow.clone();
        for _ in 0..4 {
            let mut data = NodeData::default();
            for _ in 0..rng.below(30) {
                let cell = Cell::new(rng.below(9) as u8, rng.below(9) as u8);
                [
                    &mut data.add_empty,
                    &mut data.add_black,
                    &mut data.add_white,
                ][rng.below(3)]
                .push(cell);
            }
            let mut expected = Ok(());
            'cells: for (cells, stone) in [
                (&data.add_empty, None),
                (&data.add_black, Some(Color::Black)),
                (&data.add_white, Some(Color::White)),
            ] {
                for &cell in cells {
                    if let Err(e) = slow.set_stone(cell, stone) {
                        expected = Err(NodeError::Setup(e));
                        break 'cells;
                    }
                }
            }
            assert_eq!(apply(&mut fast, &data), expected);
            if expected.is_err() {
                break;
            }
            assert_eq!(fast, slow);
        }
    }
}

#[test]
fn games_make_trees_and_back() {
    for text in [
        "size=5&moves=c3,swap,b2,d4&at=2",
        "size=7x5&rules=rex&swap=no&b=a1&w=b1,c1&turn=w&moves=d4",
        "size=1",
    ] {
        let game = crate::formats::code::read(text).unwrap();
        let tree = GameTree::from_game(&game);
        let line = tree.main_line();
        assert_eq!(line.len(), game.moves().len() + 1);
        let back = tree.game_at(line[game.cursor()]);
        assert_eq!(back, game, "{text}");
    }
}

#[test]
fn games_start_after_set_up() {
    let mut t = tree();
    let mut setup = NodeData {
        add_black: vec!["a1".parse().unwrap()],
        ..NodeData::default()
    };
    setup.to_play = Some(Color::White);
    let s = t.add_child(0, setup).unwrap();
    let m = t.add_child(s, stone(Color::White, "b2")).unwrap();
    let game = t.game_at(m);
    assert_eq!(game.start(), &t.position_at(s));
    assert_eq!(game.moves(), &[Move::Cell("b2".parse().unwrap())]);
}
