//! Tree links: the documented example, round trips of random trees, errors and hostile input.

use super::*;
use crate::board::{BoardSize, Cell};
use crate::game_tree::{GameInfo, NodeData, NodeMove};
use crate::rng::Rng;
use crate::rules::{Rules, RulesConfig};

/// The moves along `line` (the link's line read back may have other node ids).
fn line_moves(tree: &GameTree, line: &[NodeId]) -> Vec<String> {
    line[1..]
        .iter()
        .map(|&id| tree.data(id).mv.unwrap().to_string())
        .collect()
}

#[test]
fn reads_the_documented_example() {
    let link = "size=11&moves=f6,e7,d8&at=2&var=1(d5(c6)(e6))2{a+fine+reply}(c9)*";
    let read = read(link).unwrap();
    let tree = &read.tree;
    assert_eq!(read.cursor, 2);
    assert_eq!(
        line_moves(tree, &read.line),
        ["black f6", "white e7", "black d8"]
    );
    let f6 = read.line[1];
    let e7 = read.line[2];
    let names = |id: NodeId| -> Vec<String> {
        tree.children(id)
            .iter()
            .map(|&c| tree.data(c).mv.unwrap().to_string())
            .collect()
    };
    assert_eq!(names(f6), ["white e7", "white d5"]);
    let d5 = tree.children(f6)[1];
    assert_eq!(names(d5), ["black c6", "black e6"]);
    assert_eq!(tree.data(e7).comment.as_deref(), Some("a fine reply"));
    assert_eq!(names(e7), ["black c9", "black d8"]);
    assert_eq!(tree.len(), 8);
    // Written back: the same text.
    assert_eq!(write(tree, &read.line, read.cursor).as_deref(), Some(link));
    // Without var: a one-line tree, as every other reader of codes sees the link.
    let plain = super::read("size=11&moves=f6,e7,d8&at=2").unwrap();
    assert_eq!(plain.tree.len(), 4);
    assert_eq!(
        write(&plain.tree, &plain.line, 2).as_deref(),
        Some("size=11&moves=f6,e7,d8&at=2")
    );
}

#[test]
fn reads_links_as_pasted() {
    // A whole URL, %-encoded by a browser, with the page's own keys.
    let url = "https://example.org/#size=5&moves=c3,swap&view=ica&var=0%7Bstart%7D1(b2)";
    let read = read(url).unwrap();
    assert_eq!(read.tree.data(0).comment.as_deref(), Some("start"));
    let c3 = read.line[1];
    let b2 = read.tree.children(c3)[1];
    assert_eq!(
        read.tree.data(b2).mv,
        Some(NodeMove::Stone {
            color: crate::Color::White,
            cell: "b2".parse().unwrap()
        })
    );
    assert_eq!(read.tree.data(b2).comment, None);
    let noted = super::read("size=5&moves=c3&var=1(b2{~21~E2~82~AC})").unwrap();
    let b2 = noted.tree.children(noted.line[1])[0];
    assert_eq!(noted.tree.data(b2).comment.as_deref(), Some("!€"));
    // HexWorld and trmph links have no variations.
    assert_eq!(
        super::read("https://hexworld.org/board/#11c1,a1b2")
            .unwrap()
            .tree
            .len(),
        3
    );
}

#[test]
fn errors_name_the_character() {
    let cases = [
        ("size=5&var=", None),
        ("size=5&moves=c3&var=1", Some("bad variations (var=), at character 2: expected '{', '*' or '(' after the move number")),
        ("size=5&moves=c3&var=2(a1)", Some("bad variations (var=), at character 1: move 2 is past the line's end (move 1)")),
        ("size=5&moves=c3&var=1(a1)0(b1)", Some("bad variations (var=), at character 6: entries go by increasing move number")),
        ("size=5&moves=c3&var=1(c3)", Some("bad variations (var=), at character 3: white c3 is illegal: c3 is already occupied")),
        ("size=5&moves=c3&var=1(a1(b1)a2)", Some("bad variations (var=), at character 9: a move after the variations: they come last")),
        ("size=5&moves=c3&var=1(a1", Some("bad variations (var=), at character 2: a variation is not closed: ')' is missing")),
        ("size=5&moves=c3&var=1()", Some("bad variations (var=), at character 3: an empty variation '()'")),
        ("size=5&moves=c3&var=1(z9)", Some("bad variations (var=), at character 3: 'z9' is not a cell: columns go from a to s (boards have at most 19 columns)")),
        ("size=5&moves=c3&var=1*", Some("bad variations (var=), at character 2: '*' where the line ends: there is no next move")),
        ("size=5&moves=c3&var=0*", None),
        ("size=5&moves=c3&var=0**", Some("bad variations (var=), at character 3: '*' is given twice in one entry")),
        ("size=5&moves=c3&var=1{a b}", Some("bad variations (var=), at character 4: ' ' in a comment: write it ~20")),
        ("size=5&moves=c3&var=1{~zz}", Some("bad variations (var=), at character 3: '~' in a comment is followed by two hex digits (~20)")),
        ("size=5&moves=c3&var=1{~FF}", Some("bad variations (var=), at character 2: a comment is not UTF-8 text")),
        ("size=5&moves=c3&var=1(a1{x}{y})", Some("bad variations (var=), at character 8: a move has one comment")),
        ("size=5&var=0(a1)&var=0(b1)", Some("bad variations (var=), at character 1: var is given twice")),
        ("size=5&moves=c3&var=x", Some("bad variations (var=), at character 1: an entry starts with a move number (0: the start)")),
        ("size=5&moves=c3&var=1(a1)!", Some("bad variations (var=), at character 6: an entry starts with a move number (0: the start)")),
        ("size=3&moves=b1,a1,b2,a2,b3&var=5(a3)", Some("bad variations (var=), at character 3: white a3 is illegal: the game is over: black has won")),
    ];
    for (text, expected) in cases {
        match (read(text), expected) {
            (Ok(_), None) => {}
            (Err(e), Some(expected)) => assert_eq!(e.to_string(), expected, "{text}"),
            (result, _) => panic!("{text}: {result:?}"),
        }
    }
}

/// A random tree of plain moves (cells of the side to move, sometimes a swap), with comments.
fn random_tree(rng: &mut Rng) -> GameTree {
    let size = BoardSize::new(1 + rng.below(8) as u32, 1 + rng.below(8) as u32).unwrap();
    let mut info = GameInfo::new(size);
    info.config = RulesConfig {
        rules: if rng.below(4) == 0 {
            Rules::Rex
        } else {
            Rules::Hex
        },
        swap: rng.below(3) != 0,
    };
    let mut tree = GameTree::new(info);
    if rng.below(4) == 0 {
        // As every start of a link is written: its stones and the side to move.
        let root = NodeData {
            add_black: vec![Cell::new(0, 0)],
            to_play: Some(crate::Color::White),
            comment: Some("set-up".to_string()),
            ..NodeData::default()
        };
        tree = GameTree::build(tree.info().clone(), root, []).unwrap();
    }
    let texts = ["", "a", "two words", "x}y{z", "~+%&#", "é €", "line\nbreak"];
    for _ in 0..rng.below(30) {
        let parent = rng.below(tree.len());
        let position = tree.position_at(parent);
        let color = position.to_move();
        let mv = if position.swap_legal() && rng.below(3) == 0 {
            NodeMove::Swap {
                color,
                form: crate::game_tree::SwapForm::Pieces,
            }
        } else {
            let legal = position.legal_cells();
            if legal.is_empty() {
                continue;
            }
            NodeMove::Stone {
                color,
                cell: legal.nth(rng.below(legal.len())).unwrap(),
            }
        };
        // Two children with the same move are possible in a tree; links keep them too.
        let mut data = NodeData::with_move(mv);
        if rng.below(4) == 0 {
            data.comment = Some(texts[rng.below(texts.len())].to_string());
        }
        let _ = tree.add_child(parent, data);
    }
    tree
}

#[test]
fn random_trees_round_trip() {
    let mut rng = Rng::new(2626);
    for _ in 0..3000 {
        let tree = random_tree(&mut rng);
        // A random line: down from the root through random children to a leaf.
        let mut line = vec![0];
        loop {
            let children = tree.children(*line.last().unwrap());
            if children.is_empty() {
                break;
            }
            line.push(children[rng.below(children.len())]);
        }
        let cursor = rng.below(line.len());
        let link = write(&tree, &line, cursor).unwrap_or_else(|| panic!("{tree:?}"));
        let back = read(&link).unwrap_or_else(|e| panic!("{e}: {link}"));
        assert_eq!(back.tree, tree, "{link}");
        assert_eq!(back.cursor, cursor, "{link}");
        assert_eq!(
            line_moves(&back.tree, &back.line),
            line_moves(&tree, &line),
            "{link}"
        );
        assert_eq!(
            write(&back.tree, &back.line, back.cursor).as_deref(),
            Some(link.as_str())
        );
    }
}

#[test]
fn trees_links_cannot_say_give_none() {
    let tree = crate::formats::sgf::read("(;FF[4]GM[11]SZ[5];B[c3];W[resign])").unwrap();
    assert_eq!(write(&tree, &tree.main_line(), 1), None);
    let pass = crate::formats::sgf::read("(;FF[4]GM[11]SZ[5];B[c3];W[pass])").unwrap();
    assert_eq!(write(&pass, &pass.main_line(), 0), None);
    let ok = crate::formats::sgf::read("(;FF[4]GM[11]SZ[5]AB[a1]PL[W];W[c3]C[hi])").unwrap();
    assert_eq!(
        write(&ok, &ok.main_line(), 1).as_deref(),
        Some("size=5&b=a1&turn=w&moves=c3&var=1{hi}")
    );
    assert_eq!(write(&ok, &[0, 0], 0), None, "not a path");
}

#[test]
fn hostile_links_are_bounded() {
    let deep = format!(
        "size=19&var=0{}{}",
        "(a1".repeat(60_000),
        ")".repeat(60_000)
    );
    // Legal or not, it is read with no recursion: a1 twice is refused at the second.
    assert!(read(&deep)
        .unwrap_err()
        .to_string()
        .contains("already occupied"));
    let wide = format!("size=19&var=0{}", "(a1)".repeat(MAX_LINK_NODES + 1));
    assert!(read(&wide)
        .unwrap_err()
        .to_string()
        .contains("too large a tree"));
    let long_comment = format!("size=5&var=0{{{}}}", "x".repeat(1 << 20));
    assert_eq!(
        read(&long_comment)
            .unwrap()
            .tree
            .data(0)
            .comment
            .as_ref()
            .unwrap()
            .len(),
        1 << 20
    );
}
