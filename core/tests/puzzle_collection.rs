//! The page's built-in puzzle collection (`web/puzzles/collection.json`) proven again natively, so the data the
//! page trusts can never be wrong: every puzzle's code is a canonical set-up (no moves) of a game still to play,
//! its side to move is the one the file names and wins, and its winning moves are exactly the solver's (every legal
//! move settled, as `hexlab solve --all-winning`). Ids are unique, sizes from 4x4 to 9x9, and every puzzle says
//! where it comes from.

use std::collections::HashSet;

use hexlab_core::formats::{code, read_link};
use hexlab_core::search::Budget;
use hexlab_core::solver::{solve_report, Features, SolveOptions, Solver};

fn collection() -> serde_json::Value {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../web/puzzles/collection.json"
    );
    let text = std::fs::read_to_string(path).expect("web/puzzles/collection.json");
    serde_json::from_str(&text).expect("the collection is JSON")
}

fn strings(value: &serde_json::Value) -> Vec<String> {
    value
        .as_array()
        .expect("a list")
        .iter()
        .map(|v| v.as_str().expect("a string").to_string())
        .collect()
}

#[test]
fn every_puzzle_is_won_by_its_side_to_move_with_exactly_the_moves_listed() {
    let data = collection();
    let puzzles = data["puzzles"].as_array().expect("puzzles");
    assert!(puzzles.len() >= 12, "a dozen puzzles or more");
    let mut ids = HashSet::new();
    let mut sizes = HashSet::new();
    for puzzle in puzzles {
        let id = puzzle["id"].as_str().expect("an id");
        assert!(ids.insert(id.to_string()), "puzzle id {id} twice");
        assert!(
            !puzzle["source"].as_str().unwrap_or("").is_empty()
                && !puzzle["title"].as_str().unwrap_or("").is_empty(),
            "{id}: a title and where it comes from"
        );
        let text = puzzle["code"].as_str().expect("a code");
        let game = read_link(text).unwrap_or_else(|e| panic!("{id}: {text}: {e}"));
        assert_eq!(code::write(&game), text, "{id}: the code is canonical");
        assert!(game.moves().is_empty(), "{id}: a set-up, no moves");
        let position = game.position();
        assert!(position.winner().is_none(), "{id}: a game still to play");
        let size = position.size();
        assert!(
            size.width() == size.height() && (4..=9).contains(&size.width()),
            "{id}: 4x4 to 9x9"
        );
        sizes.insert(size.width());
        assert_eq!(
            puzzle["to_move"].as_str(),
            Some(position.to_move().letter().to_string().as_str()),
            "{id}: the side to move"
        );

        let solver = Solver::new(32, Features::default());
        let options = SolveOptions {
            threads: 1,
            all_winning: true,
        };
        let report = solve_report(&solver, position, options, &Budget::unlimited(), None);
        assert_eq!(
            report.winner,
            Some(position.to_move()),
            "{id}: the side to move wins"
        );
        assert!(report.all_winning, "{id}: every move settled");
        let mut proven = report.winning_moves.clone();
        proven.sort();
        let mut listed = strings(&puzzle["winning"]);
        listed.sort();
        assert_eq!(listed, proven, "{id}: the winning moves");
    }
    assert_eq!(sizes.len(), 6, "every size from 4x4 to 9x9: {sizes:?}");
}
