//! The SGF reader and writers on fixtures made from the documented formats
//! (`shared/hex-formats.md`), and round trips of random trees.

use super::*;
use crate::board::{BoardSize, Cell, Color};
use crate::formats::code;
use crate::game_tree::{GameInfo, GameTree, NodeData, NodeMove, Special, SwapForm};
use crate::rng::Rng;
use crate::rules::{Rules, RulesConfig};

/// HexGui's dialect: variations, a comment with escapes, set-up stones, PL, swap-pieces.
const HEXGUI: &str = "(;AP[HexGui:0.9.3]FF[4]GM[11]SZ[5]PB[Alice]PW[Bob]
;B[c3];W[swap-pieces];B[b2]C[a comment with \\] and \\\\ in it]
(;W[d4];B[resign])
(;W[a5]LB[a5:x]
(;B[e1])
(;AB[e5][d1]AW[a1]AE[b2]PL[W];W[b2]))
)";

/// HexGui 1.0's swap bug, as Benzene's records show it: `swap-pieces` written for swap-sides.
const HEXGUI_OLD_SWAP: &str =
    "(;AP[HexGui:1.0.]FF[4]GM[11]SZ[11];B[b3];W[swap-pieces];W[f6];B[e7])";

/// A Little Golem record: no GM, the first mover labelled W, two-letter points, `swap`.
const GOLEM: &str = "(;FF[4]EV[hex.mc.2010.oct.1.11]PB[Carol]PW[Dave]SZ[13]RE[B]\
SO[http://www.littlegolem.com];W[mf];B[swap];W[gg];B[fi];W[resign])";

fn cell(name: &str) -> Cell {
    name.parse().unwrap()
}

fn at(tree: &GameTree, n: usize) -> crate::position::Position {
    tree.position_at(tree.main_line()[n])
}

#[test]
fn reads_hexgui_records() {
    let tree = read(HEXGUI).unwrap();
    let info = tree.info();
    assert_eq!(info.size, BoardSize::square(5).unwrap());
    assert_eq!(info.black.as_deref(), Some("Alice"));
    assert_eq!(tree.len(), 10);
    let line = tree.main_line();
    assert_eq!(line.len(), 6);
    // After swap-pieces: White's stone on the mirrored cell (c3 is on the diagonal).
    let swapped = at(&tree, 2);
    assert_eq!(swapped.stone_at(cell("c3")), Some(Color::White));
    assert_eq!(swapped.to_move(), Color::Black);
    assert_eq!(
        tree.data(line[3]).comment.as_deref(),
        Some("a comment with ] and \\ in it")
    );
    assert_eq!(
        tree.data(line[5]).mv,
        Some(NodeMove::Special {
            color: Color::Black,
            kind: Special::Resign
        })
    );
    // The second variation after b2, and the set-up in its second branch.
    let branch = tree.children(line[3])[1];
    assert_eq!(
        tree.data(branch).properties,
        [("LB".to_string(), vec!["a5:x".to_string()])]
    );
    let setup = tree.children(branch)[1];
    let position = tree.position_at(setup);
    assert_eq!(position.stone_at(cell("b2")), None);
    assert_eq!(position.stone_at(cell("e5")), Some(Color::Black));
    let last = tree.children(setup)[0];
    assert_eq!(
        tree.position_at(last).stone_at(cell("b2")),
        Some(Color::White)
    );
}

#[test]
fn reads_swap_sides_and_the_old_swap_bug() {
    let tree = read(HEXGUI_OLD_SWAP).unwrap();
    let line = tree.main_line();
    assert_eq!(
        tree.data(line[2]).mv,
        Some(NodeMove::Swap {
            color: Color::White,
            form: SwapForm::Sides
        })
    );
    // Swap-sides keeps the board: b3 stays Black, White moves again.
    let position = at(&tree, 4);
    assert_eq!(position.stone_at(cell("b3")), Some(Color::Black));
    assert_eq!(position.stone_at(cell("f6")), Some(Color::White));
    assert_eq!(position.stone_at(cell("e7")), Some(Color::Black));
    // The same as written by HexGui 0.x with no move after the swap.
    let old = read("(;AP[HexGui:0.2]FF[4]GM[11]SZ[11];B[b3];W[swap-pieces])").unwrap();
    assert!(matches!(
        old.data(2).mv,
        Some(NodeMove::Swap {
            form: SwapForm::Sides,
            ..
        })
    ));
    let new = read("(;FF[4]GM[11]SZ[11];B[b3];W[swap-pieces])").unwrap();
    assert_eq!(new.position_at(2).stone_at(cell("c2")), Some(Color::White));
    let sides = read("(;FF[4]GM[11]SZ[11];B[b3];W[swap-sides];W[a1])").unwrap();
    assert_eq!(sides, tree_without_last(&tree));
    // As a game: swap-sides cannot be a plain move, so the game starts after it.
    assert_eq!(
        code::write(&tree.game_at(line[4])),
        "size=11&b=b3&turn=w&moves=f6,e7"
    );
    // Played as swap-pieces instead: the equivalent game every link can say.
    let pieces = tree.with_swap_pieces();
    assert_eq!(
        code::write(&pieces.game_at(line[4])),
        "size=11&moves=b3,swap,f6,g5"
    );
}

/// The old-swap record cut after its swap, with `W[a1]` after it.
fn tree_without_last(tree: &GameTree) -> GameTree {
    let mut cut = GameTree::new(tree.info().clone());
    let mut at = 0;
    for id in tree.main_line().into_iter().skip(1).take(2) {
        at = cut.add_child(at, tree.data(id).clone()).unwrap();
    }
    let a1 = NodeMove::Stone {
        color: Color::White,
        cell: cell("a1"),
    };
    cut.add_child(at, NodeData::with_move(a1)).unwrap();
    cut
}

#[test]
fn reads_little_golem_records() {
    let tree = read(GOLEM).unwrap();
    let info = tree.info();
    // The first mover (labelled W, named by PW) is Black; RE[B] means the second player won.
    assert_eq!(info.black.as_deref(), Some("Dave"));
    assert_eq!(info.white.as_deref(), Some("Carol"));
    assert_eq!(info.result.as_deref(), Some("W"));
    let line = tree.main_line();
    assert_eq!(
        tree.data(line[1]).mv,
        Some(NodeMove::Stone {
            color: Color::Black,
            cell: cell("m6")
        })
    );
    assert_eq!(
        code::write(&tree.game_at(line[4])),
        "size=13&moves=m6,swap,g7,f9"
    );
    let written = write_little_golem(&tree).unwrap();
    assert_eq!(
        written,
        "(;FF[4]SZ[13]PB[Carol]PW[Dave]RE[B]EV[hex.mc.2010.oct.1.11]SO[http://www.littlegolem.com]\n\
         ;W[mf];B[swap];W[gg];B[fi];W[resign])\n"
    );
    assert_eq!(read(&written).unwrap(), tree);
    assert_eq!(read(&write_hsgf(&tree)).unwrap(), tree);
    // Without GM but with set-up stones, a file is HexGui's: W is White.
    let puzzle = read("(;FF[4]SZ[5];AB[a1]PL[W];W[b2])").unwrap();
    assert_eq!(
        puzzle.position_at(2).stone_at(cell("b2")),
        Some(Color::White)
    );
}

#[test]
fn writes_what_hexgui_writes() {
    let tree = read("(;FF[4]GM[11]SZ[9:7];AB[a1]AW[b1]PL[B]C[puzzle];B[c3])").unwrap();
    assert_eq!(tree.info().size, BoardSize::new(9, 7).unwrap());
    let written = write_hsgf(&tree);
    assert_eq!(
        written,
        format!(
            "(;FF[4]AP[hexlab:{}]GM[11]SZ[9:7];AB[a1]AW[b1]PL[B]C[puzzle];B[c3])\n",
            crate::VERSION
        )
    );
    let rex = read("(;FF[4]GM[11]SZ[5]RU[rex noswap];B[a1])").unwrap();
    assert_eq!(
        rex.info().config,
        RulesConfig {
            rules: Rules::Rex,
            swap: false
        }
    );
    assert!(write_hsgf(&rex).contains("RU[rex noswap]"));
    assert_eq!(
        write_little_golem(&rex).unwrap_err().to_string(),
        "Little Golem's records cannot say this game: it is not Hex with the swap rule"
    );
}

#[test]
fn errors_name_line_and_column() {
    let cases = [
        ("(;GM[1]SZ[19])", "line 1, column 3: GM[1] is not a Hex game: Hex is GM[11]"),
        ("(;FF[5])", "line 1, column 3: FF[5]: SGF versions go from 1 to 4"),
        ("(;SZ[30])", "line 1, column 3: SZ[30]: board side 30 is out of range: sizes go from 1 to 19"),
        ("(;SZ[x])", "line 1, column 3: SZ[x] is not a board size: write SZ[11], or SZ[11:9] for 11 columns and 9 rows"),
        ("(;SZ[5]\n;B[a1]\n;W[a1])", "line 3, column 2: white a1 is illegal: a1 is already occupied"),
        ("(;SZ[5];B[f1])", "line 1, column 9: black f1 is illegal: f1 is off the 5x5 board"),
        ("(;SZ[5];B[a1];B[swap-pieces])", "line 1, column 15: black swap-pieces is illegal: swap is not allowed: only the side to move may swap"),
        ("(;SZ[5];B[a1];W[b1];B[swap])", "line 1, column 21: black swap-sides is illegal: swap is not allowed: only White's reply to Black's first move may swap"),
        ("(;SZ[5];B[a1]W[b2])", "line 1, column 14: a node holds one move: B and W are both given"),
        ("(;SZ[5];B[%])", "line 1, column 9: B[%]: '%' is not a cell: expected a column letter then a row number, like c3"),
        ("(;SZ[5];AB[a1:z])", "line 1, column 9: AB: 'z' has no row number: expected a cell like c3"),
        ("(;SZ[5];AB[a1]PL[x])", "line 1, column 15: PL[x]: expected PL[B] or PL[W]"),
        ("(;SZ[3];AB[a1]AB[d4])", "line 1, column 15: AB is given twice in one node"),
        ("(;SZ[3];AB[d4])", "line 1, column 9: bad set-up stone: d4 is off the 3x3 board"),
        ("(;SZ[3];C[a][b])", "line 1, column 9: C takes one value, not 2"),
        ("(;SZ[3];B[b1];W[a1];B[b2];W[a2];B[b3];W[a3])", "line 1, column 39: white a3 is illegal: the game is over: black has won"),
        // Red-bean's IS (root only, `key:on|off`), IP (one), columns after z.
        ("(;GM[11];B[a1]IS[lock:on])", "line 1, column 15: IS (the viewer's settings) belongs in the root node only"),
        ("(;GM[11]IS[lock])", "line 1, column 9: IS[lock]: expected a setting like IS[tried:on][lock:off]"),
        ("(;GM[11]IP[];IP[])", "line 1, column 14: a second IP (the first is at line 1, column 9): a record names one initial position"),
        ("(;GM[11]AB[ab6])", "line 1, column 9: AB: 'ab6' is off every board: column ab is past s, and boards have at most 19 columns"),
    ];
    for (text, expected) in cases {
        assert_eq!(read(text).unwrap_err().to_string(), expected, "{text:?}");
    }
}

/// A random tree: random legal moves, mostly in turn (sometimes a swap of either form, a pass
/// or a resignation), branches, set-up nodes, comments and other properties.
fn random_tree(rng: &mut Rng) -> GameTree {
    let size = if rng.below(4) == 0 {
        BoardSize::new(1 + rng.below(9) as u32, 1 + rng.below(9) as u32).unwrap()
    } else {
        BoardSize::square(1 + rng.below(11) as u32).unwrap()
    };
    let mut info = GameInfo::new(size);
    info.config = RulesConfig {
        rules: if rng.below(4) == 0 {
            Rules::Rex
        } else {
            Rules::Hex
        },
        swap: rng.below(4) != 0,
    };
    let text = |rng: &mut Rng| {
        [
            "",
            "x",
            "a ] b",
            "back\\slash",
            "two\nlines",
            "é:ü",
            "(;B[a1])",
        ][rng.below(7)]
        .to_string()
    };
    if rng.below(2) == 0 {
        info.black = Some(text(rng));
        info.result = Some(["B+", "W+Resign", "?"][rng.below(3)].to_string());
    }
    let mut tree = GameTree::new(info);
    let nodes = 1 + rng.below(40);
    for _ in 0..nodes {
        let parent = rng.below(tree.len());
        let position = tree.position_at(parent);
        let color = position.to_move();
        let mut data = NodeData::default();
        match rng.below(10) {
            0 => {
                let cells: Vec<Cell> = position.cells().iter().collect();
                let pick = cells[rng.below(cells.len())];
                match rng.below(3) {
                    0 => data.add_black.push(pick),
                    1 => data.add_white.push(pick),
                    _ => data.add_empty.push(pick),
                }
                data.to_play = (rng.below(2) == 0).then_some(color.opponent());
            }
            1 if position.swap_legal() => {
                let form = if rng.below(2) == 0 {
                    SwapForm::Pieces
                } else {
                    SwapForm::Sides
                };
                data.mv = Some(NodeMove::Swap { color, form });
            }
            2 => {
                let kind = [Special::Pass, Special::Resign, Special::Forfeit][rng.below(3)];
                data.mv = Some(NodeMove::Special { color, kind });
            }
            _ => {
                let legal = position.legal_cells();
                if !legal.is_empty() {
                    let cell = legal.nth(rng.below(legal.len())).unwrap();
                    // Sometimes out of turn, as analysis records have it (not right after a
                    // swap, where the colour of the next move tells which swap it was).
                    let after_swap = matches!(tree.data(parent).mv, Some(NodeMove::Swap { .. }));
                    let color = if !after_swap && rng.below(8) == 0 {
                        color.opponent()
                    } else {
                        color
                    };
                    data.mv = Some(NodeMove::Stone { color, cell });
                }
            }
        }
        if rng.below(4) == 0 {
            data.comment = Some(text(rng));
        }
        if rng.below(6) == 0 {
            data.properties.push(("N".to_string(), vec![text(rng)]));
        }
        // Refused nodes (a move after the game is over, say) are left out.
        let _ = tree.add_child(parent, data);
    }
    tree
}

/// Whether every swap of `tree` is followed only by moves that say which swap it was (White
/// again after swap-sides, Black after swap-pieces): true of every tree read from a file, and
/// of [`random_tree`]'s, which play in turn after a swap.
fn swaps_are_told(tree: &GameTree) -> bool {
    (0..tree.len()).all(|id| match tree.data(id).mv {
        Some(NodeMove::Swap { color, form }) => tree.children(id).iter().all(|&c| {
            tree.data(c)
                .mv
                .is_none_or(|mv| (mv.color() == color) == (form == SwapForm::Sides))
        }),
        _ => true,
    })
}

#[test]
fn random_trees_round_trip() {
    let mut rng = Rng::new(26);
    let mut golem = 0;
    for _ in 0..3000 {
        let tree = random_tree(&mut rng);
        assert!(swaps_are_told(&tree));
        let written = write_hsgf(&tree);
        let back = read(&written).unwrap_or_else(|e| panic!("{e}\n{written}"));
        assert_eq!(back, tree, "{written}");
        assert_eq!(write_hsgf(&back), written);
        if let Ok(text) = write_little_golem(&tree) {
            golem += 1;
            let back = read(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
            assert_eq!(back, tree, "{text}");
        }
    }
    assert!(golem > 100, "{golem} trees written as Little Golem records");
}

/// What a reader gives for any text read, written and read again, is the same tree.
#[test]
fn fixtures_round_trip() {
    for text in [HEXGUI, HEXGUI_OLD_SWAP, GOLEM] {
        let tree = read(text).unwrap();
        let written = write_hsgf(&tree);
        assert_eq!(read(&written).unwrap(), tree, "{written}");
    }
}

#[test]
fn hostile_files_are_refused_quickly() {
    let deep = format!("(;SZ[3]{}{}", "(;".repeat(20_000), ")".repeat(20_001));
    assert!(read(&deep).is_ok());
    let long_line = format!("(;SZ[19]{})", ";PL[B]".repeat(90_000));
    assert!(read(&long_line).is_ok());
    let huge = "(;C[".to_string() + &"x".repeat(MAX_BYTES) + "])";
    assert!(read(&huge).unwrap_err().message.contains("bytes"));
    let setup = format!("(;SZ[19]{})", ";AB[a1:s19];AW[a1:s19]".repeat(300));
    assert_eq!(
        read(&setup).unwrap_err().to_string(),
        "line 1, column 6104: more than 200000 set-up cells: too large a game record"
    );
    let junk = "\u{1b}[31m".repeat(10_000);
    let message = read(&format!("(;SZ[{junk}])")).unwrap_err().to_string();
    assert!(
        !message.chars().any(char::is_control) && message.len() < 400,
        "{message}"
    );
}

#[test]
fn tells_the_dialects_apart() {
    let dialect = |text: &str| read_record(text).unwrap().dialect;
    assert_eq!(dialect(HEXGUI), Dialect::HexGui);
    assert_eq!(dialect(GOLEM), Dialect::LittleGolem);
    assert_eq!(
        dialect("(;FF[4]GM[11]SZ[5]AP[HexWorld:1];B[a1])"),
        Dialect::RedBean
    );
    assert_eq!(
        dialect(&write_hsgf(&read(HEXGUI).unwrap())),
        Dialect::RedBean
    );
    assert_eq!(dialect("(;AP[hexgui:3.0]GM[11])"), Dialect::HexGui);
    let record = read_record("(;GM[11]SZ[5];B[A1];W[B2]IP[];B[C3])").unwrap();
    assert_eq!(record.initial, Some(2));
    assert_eq!(Dialect::RedBean.name(), "red-bean Hex SGF");
}
