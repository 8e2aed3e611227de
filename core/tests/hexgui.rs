//! `hexlab gtp` as HexGui's engine: replays what HexGui (selinger/hexgui) sends for connecting,
//! playing, every entry of the analyze menu (with HexGui's wildcard substitution), its Hint,
//! Solve, Stop and Program Options buttons and its parameter dialogs, and reads each answer
//! with a mirror of HexGui's own parsers (`support/hexgui.rs`, each function naming the HexGui
//! method it follows).

use std::time::{Duration, Instant};

mod support;

use support::hexgui::{
    board_cell, guifx_dfpn, hex_point, parameter_command, parse_parameters, parse_point_list,
    parse_string_pair_list, parse_vc_list, program_options_command, read_analyze_commands,
    show_inferior_cells, AnalyzeDefinition, DfpnGfx, Htp, Point,
};

/// `HexGui.connectProgram`: `name`, `version` and `hexgui-analyze_commands`, then the board
/// size (`htpBoardsize`: `boardsize W H` and `clear_board`), the game's moves and `showboard`.
fn connect(htp: &mut Htp, size: usize, moves: &[(&str, &str)]) -> Vec<AnalyzeDefinition> {
    let name = htp.send("name").expect("name");
    assert!(!name.trim().is_empty());
    htp.send("version").expect("version");
    let menu = htp.send("hexgui-analyze_commands").expect("menu");
    let definitions = read_analyze_commands(&menu).expect("HexGui reads the menu");
    htp.send(&format!("boardsize {size} {size}"))
        .expect("boardsize");
    htp.send("clear_board").expect("clear_board");
    for (color, cell) in moves {
        htp.send(&format!("play {color} {cell}")).expect("play");
    }
    htp.send("showboard").expect("showboard");
    definitions
}

/// A 5x5 game: Black c2 and b4 (a bridge), White d3 and b2; Black to move.
const GAME: [(&str, &str); 4] = [
    ("black", "c2"),
    ("white", "d3"),
    ("black", "b4"),
    ("white", "b2"),
];

/// Checks an answer to an analyze entry as the callback HexGui runs for its type reads it
/// (`HexGui.actionSetAnalyzeCommand`'s switch).
fn check_answer(definition: &AnalyzeDefinition, line: &str, answer: &str, size: usize) {
    let cells = |text: &str| -> Vec<(usize, usize)> {
        parse_point_list(text, " ")
            .and_then(|points| {
                points
                    .iter()
                    .map(|p| match p {
                        Point::Cell(c, r) if *c < size && *r < size => Ok((*c, *r)),
                        other => Err(format!("{other:?} is not on the board")),
                    })
                    .collect()
            })
            .unwrap_or_else(|e| panic!("{line}: {e}: '{answer}'"))
    };
    match definition.kind.as_str() {
        // cbShowInferiorCells
        "inferior" => {
            show_inferior_cells(answer, size).unwrap_or_else(|e| panic!("{line}: {e}"));
        }
        // cbVCs: parseVCList, then VCDisplayDialog lists them.
        "vc" => {
            let vcs = parse_vc_list(answer).unwrap_or_else(|e| panic!("{line}: {e}"));
            for vc in &vcs {
                assert!(
                    ["full", "semi"].contains(&vc.kind.as_str()),
                    "{line}: {vc:?}"
                );
            }
        }
        // cbDisplayPointList, cbVar.
        "plist" | "var" => {
            cells(answer);
        }
        // cbDisplayPointText: pairs, a cell then its text.
        "pspairs" => {
            for (cell, _) in parse_string_pair_list(answer).unwrap() {
                board_cell(&cell, size).unwrap_or_else(|e| panic!("{line}: {e}"));
            }
        }
        // cbString shows any text; cbEditParameters is checked in `parameter_dialogs`.
        "string" | "none" => {}
        "param" => assert!(!parse_parameters(answer).is_empty(), "{line}"),
        other => panic!("{line}: hexlab declares a '{other}' entry this test does not read"),
    }
}

/// Connecting, playing (a human move, `genmove`, undo, swap as HexGui sends it), and every
/// entry of the analyze menu with both colours to move and both colour buttons.
#[test]
fn connect_play_and_every_analyze_entry() {
    let mut htp = Htp::start(&["--seed", "7"]);
    let definitions = connect(&mut htp, 5, &GAME);
    assert!(definitions.len() >= 20, "{definitions:?}");
    // A short search, set as the parameter dialog sets it.
    htp.send(&parameter_command("param_mohex", "max_games", "300"))
        .expect("max_games");
    // cbGenMove: the answer is one point HexGui can play.
    let reply = htp.send("genmove black").expect("genmove");
    board_cell(reply.trim(), 5).expect("genmove answers a cell");
    htp.send("undo").expect("undo");
    // Swap: HexGui clears the board and plays its stones again (htpSetUpCurrentBoard).
    htp.send("clear_board").expect("clear_board");
    for (color, cell) in GAME {
        htp.send(&format!("play {color} {cell}")).expect("play");
    }

    let mut ran = 0;
    for definition in &definitions {
        // What a user selects: an empty cell for `%p`, Black's two stones for a pair.
        let selected: &[&str] = if definition.needs_point() {
            &["c4"]
        } else {
            &["c2", "b4"]
        };
        for to_move in ['b', 'w'] {
            for color in ['b', 'w'] {
                if definition.command == "vc-undo-incremental" {
                    htp.send("vc-build-incremental b c4")
                        .expect("build incremental");
                }
                let line = definition
                    .command_line(to_move, selected, color)
                    .expect("HexGui runs it with this selection");
                let answer = htp
                    .send(&line)
                    .unwrap_or_else(|e| panic!("'{line}' ({}) failed:{e}", definition.label));
                check_answer(definition, &line, &answer, 5);
                ran += 1;
                // An incremental build is taken back at once, and an undo follows one.
                if definition.command.starts_with("vc-build-incremental") {
                    htp.send("vc-undo-incremental").expect("undo incremental");
                }
            }
        }
    }
    assert_eq!(ran, 4 * definitions.len());

    // `%c %P` sends both picked points: Black's bridge is one full connection with its two
    // cells as carrier.
    let vc = definitions
        .iter()
        .find(|d| d.command.starts_with("vc-between-cells-full"))
        .expect("the full connections entry");
    let line = vc.command_line('b', &["c2", "b4"], 'b').unwrap();
    assert_eq!(line, "vc-between-cells-full b c2 b4");
    let vcs = parse_vc_list(&htp.send(&line).unwrap()).unwrap();
    assert!(
        vcs.iter().any(|v| v.carrier.len() == 2
            && v.from == hex_point("c2").unwrap()
            && v.to == hex_point("b4").unwrap()),
        "{vcs:?}"
    );
    // A pair is required: HexGui refuses with one cell selected.
    assert_eq!(vc.command_line('b', &["c2"], 'b'), None);
    assert!(htp.quit());
}

/// The Hint button (`show_consider_set`): `vc-build <colour to move>`, drawn by
/// `showInferiorCells`; cells outside the consider set come as `x` and are greyed out.
#[test]
fn hint_greys_out_cells_outside_the_consider_set() {
    let mut htp = Htp::start(&["--seed", "1"]);
    connect(
        &mut htp,
        7,
        &[("black", "d2"), ("white", "c4"), ("black", "d6")],
    );
    // (With White e4 too, the fill-in leaves only d4, as Benzene's does: nothing to grey out.)
    let answer = htp.send("vc-build white").expect("vc-build");
    let pairs = show_inferior_cells(&answer, 7).unwrap();
    assert!(pairs.iter().any(|(_, v)| v == "x"), "{answer}");
    assert!(htp.quit());
}

/// Each `gogui-gfx:` block, read as `HexGui.guifx_dfpn` reads it.
fn dfpn_blocks(htp: &mut Htp, size: usize) -> Vec<DfpnGfx> {
    htp.take_gfx()
        .iter()
        .map(|fx| guifx_dfpn(fx, size).unwrap_or_else(|e| panic!("{e}")))
        .collect()
}

/// The Solve button (`solve_state`): `param_dfpn use_guifx 1`, then `dfpn-solve-state <colour
/// to move>`, whose answer `cbSolveState` shows as "Winning: <answer>". The solver draws the
/// root's moves before answering; the last drawing agrees with the answer.
#[test]
fn solve_button_draws_the_root_moves_and_the_winner() {
    let mut htp = Htp::start(&["--seed", "1"]);
    // 6x6, Black a1: White to move wins; with White f1 too, Black to move wins. Neither is
    // decided by the root's own analysis (which draws nothing, as in Benzene).
    connect(&mut htp, 6, &[("black", "a1")]);
    for (to_move, deep, more) in [("white", "0", None), ("black", "1", Some("f1"))] {
        if let Some(cell) = more {
            htp.send(&format!("play white {cell}")).unwrap();
        }
        htp.send(&parameter_command("param_dfpn", "guifx_deep_bounds", deep))
            .unwrap();
        htp.send("param_dfpn use_guifx 1").expect("use_guifx");
        let winner = htp
            .send(&format!("dfpn-solve-state {to_move}"))
            .expect("solves");
        let winner = winner.trim();
        assert_eq!(winner, to_move);
        let blocks = dfpn_blocks(&mut htp, 6);
        let last = blocks.last().expect("the final drawing");
        assert!(last.variation.is_empty(), "the final drawing has no line");
        assert!(
            last.labels.iter().any(|(_, v)| v.starts_with('W')),
            "a winning move is drawn: {last:?}"
        );
        assert!(last.text.contains("proven losses"), "{last:?}");
        // Each label is W, L (with the place in the line) or phi@place@delta.
        for (_, value) in &last.labels {
            let numbers = value.split('@').count() == 3
                && value
                    .split('@')
                    .all(|p| p.is_empty() || p.parse::<u32>().is_ok());
            assert!(value.starts_with(['W', 'L']) || numbers, "{value}");
        }
    }
    // The other side to move: a loser's drawing has every move a proven loss.
    let winner = htp.send("dfpn-solve-state white").unwrap();
    if let Some(last) = dfpn_blocks(&mut htp, 6).last() {
        let lost = last.labels.iter().all(|(_, v)| v.starts_with('L'));
        assert_eq!(lost, winner.trim() == "black", "{winner}: {last:?}");
    }
    htp.send("boardsize 5 5").unwrap();
    htp.send("play black c3").unwrap();
    // Find Winning draws the moves it settles (the same kind of block, with no line).
    let answer = htp
        .send("dfpn-solver-find-winning w")
        .expect("find winning");
    let winning = parse_point_list(&answer, " ").unwrap();
    let blocks = dfpn_blocks(&mut htp, 5);
    let last = blocks.last().expect("the final drawing");
    let drawn_wins: Vec<Point> = last
        .labels
        .iter()
        .filter(|(_, v)| v == "W")
        .map(|((c, r), _)| Point::Cell(*c, *r))
        .collect();
    let mut sorted = winning.clone();
    sorted.sort_by_key(|p| format!("{p:?}"));
    let mut drawn = drawn_wins.clone();
    drawn.sort_by_key(|p| format!("{p:?}"));
    assert_eq!(sorted, drawn);
    assert_eq!(last.labels.len(), 24, "every legal move settled");
    // Off again: no drawing.
    htp.send("param_dfpn use_guifx 0").unwrap();
    htp.send("dfpn-clear-tt").unwrap();
    htp.send("dfpn-solve-state white").unwrap();
    assert!(htp.take_gfx().is_empty());
    assert!(htp.quit());
}

/// A long solve draws its progress every second while it runs (the line being searched, its
/// moves numbered, the root's moves labelled) and HexGui's Stop button (`# interrupt`) ends
/// it: `empty`, as Benzene answers a search stopped early. `genmove` stops the same way and
/// plays its best move so far.
#[test]
fn solve_draws_live_progress_and_stop_interrupts() {
    let mut htp = Htp::start(&["--seed", "1"]);
    connect(&mut htp, 9, &[]);
    htp.send("param_dfpn use_guifx 1").unwrap();
    htp.write("dfpn-solve-state black\n");
    // Read until the first drawing, then press Stop.
    let first = htp.next_drawing();
    let live = guifx_dfpn(&first, 9).unwrap_or_else(|e| panic!("{e}"));
    assert!(!live.variation.is_empty(), "a line is drawn: {live:?}");
    assert_eq!(live.variation[0].0, 'B', "Black moves first");
    assert!(live.labels.len() >= 2, "{live:?}");
    assert!(live.text.contains("proven losses, var:"), "{live:?}");
    let pressed = Instant::now();
    htp.write("# interrupt\n");
    let answer = htp.answer().expect("the solve answers");
    let latency = pressed.elapsed();
    assert_eq!(answer.trim(), "empty");
    println!("dfpn-solve-state answered {latency:?} after # interrupt");
    // The session goes on, and the next command is not interrupted.
    htp.send("param_dfpn use_guifx 0").unwrap();
    htp.send("boardsize 3 3").unwrap();
    assert_eq!(htp.send("dfpn-solve-state black").unwrap().trim(), "black");

    htp.send("boardsize 11 11").unwrap();
    // MoHex with no limit but the games, then Wolve with no time limit and a search far too
    // wide to finish: each is stopped by the interrupt and plays.
    let mohex: &[[&str; 3]] = &[
        ["param_mohex", "max_games", "1000000000"],
        ["param_mohex", "max_time", "0"],
    ];
    let wolve: &[[&str; 3]] = &[
        ["param_wolve", "max_time", "0"],
        ["param_wolve", "max_depth", "8"],
        ["param_wolve", "ply_width", "361"],
    ];
    for (player, settings) in [("mohex", mohex), ("wolve", wolve)] {
        htp.send(&format!("param_game player {player}")).unwrap();
        for [command, name, value] in settings {
            htp.send(&parameter_command(command, name, value)).unwrap();
        }
        htp.write("genmove black\n");
        std::thread::sleep(Duration::from_millis(300));
        let pressed = Instant::now();
        htp.write("# interrupt\n");
        let answer = htp.answer().expect("genmove answers");
        let latency = pressed.elapsed();
        board_cell(answer.trim(), 11).expect("a move");
        println!("{player}'s genmove answered {latency:?} after # interrupt");
        htp.send("undo").unwrap();
    }
    assert!(htp.quit());
}

/// `# interrupt` stops the commands read before it, however early it is read (a script sends
/// it at once), and none after it.
#[test]
fn interrupt_stops_only_the_commands_before_it() {
    let out = support::gtp::run_gtp(
        "boardsize 9\ndfpn-solve-state b\n# interrupt\nboardsize 3\ndfpn-solve-state b\n",
        1,
    );
    assert_eq!(out, "=\n\n= empty\n\n=\n\n= black\n\n");
}

/// The Program Options button opens `param_mohex` for an engine named MoHex or HexHex (and
/// `param_wolve` for Wolve), else says "Unknown program!": hexlab names itself `hexlab` unless
/// started with `--name`. Every parameter dialog (those two and the analyze menu's `param`
/// entries) lists parameters HexGui reads, takes back each listed value and each switch
/// flipped, and refuses values out of bounds with `?`.
#[test]
fn program_options_and_parameter_dialogs() {
    let mut htp = Htp::start(&[]);
    let definitions = connect(&mut htp, 11, &[]);
    let name = htp.send("name").unwrap();
    assert_eq!(name.trim(), "hexlab");
    assert_eq!(program_options_command(&name), None);
    assert!(htp.quit());

    let mut htp = Htp::start(&["--name", "MoHex"]);
    connect(&mut htp, 11, &[]);
    let name = htp.send("name").unwrap();
    let options = program_options_command(&name).expect("the button opens");
    // HexGui's title bar shows the name and then the version: it still says hexlab.
    assert!(htp.send("version").unwrap().ends_with(" (hexlab)"));
    assert_eq!(options, "param_mohex");

    let mut dialogs: Vec<&str> = definitions
        .iter()
        .filter(|d| d.kind == "param")
        .map(|d| d.command.as_str())
        .collect();
    dialogs.push(options);
    for command in dialogs {
        let listed = parse_parameters(&htp.send(command).expect("lists"));
        assert!(!listed.is_empty(), "{command}");
        for p in &listed {
            // OK with nothing changed sends nothing; a changed field sends its new value.
            let same = parameter_command(command, &p.key, &p.value);
            htp.send(&same)
                .unwrap_or_else(|e| panic!("'{same}' is refused:{e}"));
            if p.kind == "bool" {
                let flipped = if p.value == "0" { "1" } else { "0" };
                for value in [flipped, p.value.as_str()] {
                    let line = parameter_command(command, &p.key, value);
                    htp.send(&line)
                        .unwrap_or_else(|e| panic!("'{line}' is refused:{e}"));
                }
            }
            for bad in ["x", "-1", "99999999999999999999", "2.5e400"] {
                let line = parameter_command(command, &p.key, bad);
                assert!(htp.send(&line).is_err(), "'{line}' is accepted");
            }
        }
        // The values read back are the ones listed.
        let again = parse_parameters(&htp.send(command).unwrap());
        let pairs = |ps: &[support::hexgui::Parameter]| {
            ps.iter()
                .map(|p| (p.key.clone(), p.value.clone()))
                .collect::<Vec<_>>()
        };
        assert_eq!(pairs(&again), pairs(&listed), "{command}");
    }
    assert!(htp.quit());
}

/// `--name` is checked like every flag.
#[test]
fn name_flag_is_bounded() {
    for bad in ["", "two words", &"x".repeat(33)] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_hexlab"))
            .args(["gtp", "--name", bad])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "--name '{bad}'");
    }
}
