//! The game records of `tests/records/` (made from the documented formats: HexGui's, Little
//! Golem's and red-bean's Hex SGF; the page's browser tests open the same files): each loads as
//! its dialect and saving and loading it again gives the same tree, or it is refused with the
//! line and column of its error.

use std::path::Path;

use hexlab_core::formats::sgf::{read, read_record, write_hsgf, Dialect};
use hexlab_core::formats::tree_link;
use hexlab_core::Color;

fn text(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/records")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn every_fixture_loads_as_its_dialect_and_round_trips() {
    let cases = [
        ("redbean.sgf", Dialect::RedBean, 10),
        ("redbean-swap-sides.sgf", Dialect::RedBean, 7),
        ("redbean-rectangle.sgf", Dialect::RedBean, 5),
        ("hexgui.sgf", Dialect::HexGui, 10),
        ("hexgui-rectangle-swap.sgf", Dialect::HexGui, 5),
        ("golem.sgf", Dialect::LittleGolem, 6),
    ];
    for (name, dialect, nodes) in cases {
        let record = read_record(&text(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(record.dialect, dialect, "{name}");
        assert_eq!(record.tree.len(), nodes, "{name}");
        let written = write_hsgf(&record.tree);
        let again = read_record(&written).unwrap();
        assert!(again.tree == record.tree, "{name}: {written}");
        assert_eq!(again.initial, record.initial, "{name}");
        // What hexlab writes is red-bean's Hex SGF (HexGui reads it too).
        assert_eq!(again.dialect, Dialect::RedBean, "{name}");
    }
}

#[test]
fn red_bean_records_mean_what_the_standard_says() {
    let record = read_record(&text("redbean.sgf")).unwrap();
    let tree = &record.tree;
    let info = tree.info();
    assert_eq!((info.size.width(), info.size.height()), (7, 7));
    assert_eq!(info.black.as_deref(), Some("Ann"));
    assert_eq!(info.result.as_deref(), Some("W+Resign"));
    let line = tree.main_line();
    assert_eq!(line.len(), 8);
    // IP[] names W[E3]'s node; IS is kept in the root.
    assert_eq!(record.initial, Some(line[4]));
    assert_eq!(
        tree.data(0).properties,
        [(
            "IS".to_string(),
            vec!["tried:on".to_string(), "lock:off".to_string()]
        )]
    );
    // Upper-case values: D4, Swap-Pieces (the stone becomes White's, mirrored: d4 stays), E3.
    let swapped = tree.position_at(line[2]);
    assert_eq!(swapped.stone_at("d4".parse().unwrap()), Some(Color::White));
    assert_eq!(swapped.to_move(), Color::Black);
    assert_eq!(
        tree.data(line[4]).mv.unwrap().to_string(),
        "white e3",
        "the IP node's move"
    );
    assert_eq!(
        tree.data(0).comment.as_deref(),
        Some("A red-bean Hex record: values in any case, a variation, an initial position (IP).")
    );
    assert_eq!(tree.children(line[3]).len(), 2);

    // No SZ: 11x11. Swap-sides keeps f6 Black and White moves again; PASS in capitals.
    let sides = read(&text("redbean-swap-sides.sgf")).unwrap();
    let end = sides.position_at(*sides.main_line().last().unwrap());
    assert_eq!(end.size().width(), 11);
    assert_eq!(end.stone_at("f6".parse().unwrap()), Some(Color::Black));
    assert_eq!(end.stone_at("e7".parse().unwrap()), Some(Color::White));
    assert_eq!(end.stone_at("c9".parse().unwrap()), Some(Color::Black));
    let rectangle = read(&text("redbean-rectangle.sgf")).unwrap();
    assert_eq!(
        (
            rectangle.info().size.width(),
            rectangle.info().size.height()
        ),
        (9, 5)
    );
}

#[test]
fn bad_fixtures_name_line_and_column() {
    assert_eq!(
        read(&text("bad-column.sgf")).unwrap_err().to_string(),
        "line 3, column 2: W[aa27]: 'aa27' is off every board: column aa is past s, and boards have at most 19 columns"
    );
    assert_eq!(
        read(&text("bad-second-ip.sgf")).unwrap_err().to_string(),
        "line 4, column 7: a second IP (the first is at line 2, column 7): a record names one initial position"
    );
}

#[test]
fn links_carry_what_they_can() {
    // Variations and comments: the red-bean record without its resignation and IS/IP.
    let tree =
        read("(;FF[4]GM[11]SZ[7]C[start];B[d4];W[swap-pieces];B[c5](;W[e3]C[main])(;W[f2];B[e2]))")
            .unwrap();
    let line = tree.main_line();
    let link = tree_link::write(&tree, &line, 2).unwrap();
    assert_eq!(
        link,
        "size=7&moves=d4,swap,c5,e3&at=2&var=0{start}3(f2e2)4{main}"
    );
    assert!(tree_link::read(&link).unwrap().tree == tree);
    // A resignation cannot be said by a link.
    let record = read(&text("redbean.sgf")).unwrap();
    assert_eq!(tree_link::write(&record, &record.main_line(), 0), None);
}

/// README's figures (Tree links, "How long"): a 100-move game on 13x13 nobody wins (Black in rows 1
/// to 4, White in columns a to g below row 5), its line's link, and the whole tree's with five
/// branches of ten moves (after moves 20, 40, 60, 70 and 90, in row 5 and columns h to j) and
/// three short comments. `cargo test --release -p hexlab-core --test record_fixtures -- --nocapture`
/// prints them.
#[test]
fn links_of_a_hundred_move_game() {
    use hexlab_core::game_tree::{GameInfo, GameTree, NodeData, NodeMove};
    use hexlab_core::{BoardSize, Cell};
    let cell = |col: usize, row: usize| Cell::new(col as u8, row as u8);
    let black: Vec<Cell> = (0..4)
        .flat_map(|r| (0..13).map(move |c| (c, r)))
        .take(50)
        .map(|(c, r)| cell(c, r))
        .collect();
    let white: Vec<Cell> = (5..13)
        .flat_map(|r| (0..7).map(move |c| (c, r)))
        .take(50)
        .map(|(c, r)| cell(c, r))
        .collect();
    let spare_black: Vec<Cell> = (0..13).map(|c| cell(c, 4)).collect();
    let spare_white: Vec<Cell> = (5..13)
        .flat_map(|r| (7..10).map(move |c| (c, r)))
        .map(|(c, r)| cell(c, r))
        .collect();
    let mut tree = GameTree::new(GameInfo::new(BoardSize::square(13).unwrap()));
    let stone = |color, cell, comment: Option<&str>| NodeData {
        comment: comment.map(str::to_string),
        ..NodeData::with_move(NodeMove::Stone { color, cell })
    };
    let mut line = vec![0];
    for i in 0..50 {
        for (color, cell, ply) in [
            (Color::Black, black[i], 2 * i + 1),
            (Color::White, white[i], 2 * i + 2),
        ] {
            let comment = match ply {
                50 => Some("the middle game"),
                100 => Some("the end"),
                _ => None,
            };
            let at = *line.last().unwrap();
            line.push(tree.add_child(at, stone(color, cell, comment)).unwrap());
        }
    }
    let plain = tree_link::write(&tree, &line, 100).unwrap();
    for (k, ply) in [20, 40, 60, 70, 90].into_iter().enumerate() {
        let mut at = line[ply];
        for i in 0..5 {
            let comment = (k == 0 && i == 0).then_some("an idea");
            at = tree
                .add_child(at, stone(Color::Black, spare_black[k + i], comment))
                .unwrap();
            at = tree
                .add_child(at, stone(Color::White, spare_white[2 * k + i], None))
                .unwrap();
        }
    }
    let whole = tree_link::write(&tree, &line, 100).unwrap();
    let code = hexlab_core::formats::code::write(&tree.game_at(line[100]));
    println!(
        "a 100-move 13x13 game: the line's link {} characters; the whole tree (5 branches of 10 moves, 3 comments) {}",
        code.len(),
        whole.len()
    );
    assert_eq!(code.len(), 335);
    assert!(
        plain.starts_with(&code)
            && plain.len() == 335 + "&var=50{the+middle+game}100{the+end}".len()
    );
    assert_eq!(whole.len(), 501, "{whole}");
    assert!(tree_link::read(&whole).unwrap().tree == tree);
}

#[test]
fn a_swap_on_a_rectangle_exchanges_the_players_as_hexgui_allows() {
    // HexGui offers the swap on any board; on a rectangle only swap-sides makes sense (the
    // mirrored cell may be off the board): the board and the side to move stay.
    let record = read_record(&text("hexgui-rectangle-swap.sgf")).unwrap();
    let tree = &record.tree;
    let line = tree.main_line();
    let swapped = tree.position_at(line[2]);
    assert_eq!(swapped.stone_at(cell("c3")), Some(Color::Black));
    assert_eq!(swapped.to_move(), Color::White);
    assert!(!swapped.swap_legal());
    let end = tree.position_at(line[4]);
    assert_eq!(end.stone_at(cell("e4")), Some(Color::White));
    assert_eq!(end.stone_at(cell("d5")), Some(Color::Black));
    // Links that want swap-pieces get the game as it is (no panic, nothing reflected).
    assert!(tree.with_swap_pieces() == *tree);
    // Swap-pieces on a rectangle, a swap after the first reply, and a swap with the rule off
    // are refused with the line and column.
    for (bad, why) in [
        (
            "(;FF[4]GM[11]SZ[9:7];B[c3];W[swap-pieces];B[d5])",
            "swap needs a square board",
        ),
        (
            "(;FF[4]GM[11]SZ[9:7];B[c3];W[d4];B[swap-sides])",
            "only White's reply",
        ),
        (
            "(;FF[4]GM[11]SZ[9:7]RU[hex noswap];B[c3];W[swap-sides])",
            "the swap rule is off",
        ),
    ] {
        let error = read(bad).unwrap_err().to_string();
        assert!(
            error.contains("line 1") && error.contains(why),
            "{bad}: {error}"
        );
    }
}

fn cell(name: &str) -> hexlab_core::Cell {
    name.parse().unwrap()
}
