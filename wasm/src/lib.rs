//! WebAssembly bindings for hexlab-core, thin by design: parse strings with the core parsers,
//! call core, return the core's serde result types as JavaScript objects, and run parallel work
//! on the rayon pool. Every typed error becomes a JavaScript `Error` carrying its message.
//!
//! The game state lives in JavaScript as a position code (the page's URL hash): every call takes
//! the code and returns a fresh view, so the worker keeps no state and can't drift from the page.

use hexlab_core::formats::read_link;
use hexlab_core::ica::{analyze as analyze_position, InferiorReport};
use hexlab_core::playout::random_playouts;
use hexlab_core::report::{PlayoutReport, PositionReport};
use hexlab_core::{BoardSize, Game, Move, Rules, RulesConfig};
use serde::Serialize;
use wasm_bindgen::prelude::*;

#[cfg(feature = "threads")]
pub use wasm_bindgen_rayon::init_thread_pool;

mod records;

/// Makes a Rust panic show as a readable console error instead of a silent dead worker.
#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}

/// Converts a serde value to a JS object (`None` becomes `null`, maps become plain objects).
fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsError> {
    let serializer = serde_wasm_bindgen::Serializer::new()
        .serialize_missing_as_null(true)
        .serialize_maps_as_objects(true);
    value
        .serialize(&serializer)
        .map_err(|e| JsError::new(&e.to_string()))
}

fn error(e: impl std::fmt::Display) -> JsError {
    JsError::new(&e.to_string())
}

fn view(game: &Game) -> Result<JsValue, JsError> {
    to_js(&PositionReport::of(game))
}

/// Milliseconds from the global `performance.now()` (window or worker), else `Date.now()`.
fn now_ms() -> f64 {
    let performance =
        js_sys::Reflect::get(&js_sys::global(), &JsValue::from_str("performance")).ok();
    let now = performance
        .as_ref()
        .and_then(|p| js_sys::Reflect::get(p, &JsValue::from_str("now")).ok())
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
    match (performance, now) {
        (Some(p), Some(f)) => f
            .call0(&p)
            .ok()
            .and_then(|v| v.as_f64())
            .unwrap_or_else(js_sys::Date::now),
        _ => js_sys::Date::now(),
    }
}

fn load(code: &str) -> Result<Game, JsError> {
    read_link(code).map_err(error)
}

/// The engine version.
#[wasm_bindgen]
pub fn version() -> String {
    hexlab_core::VERSION.to_string()
}

/// How many threads the rayon pool has (1 in the single-threaded build).
#[wasm_bindgen(js_name = threadCount)]
pub fn thread_count() -> usize {
    rayon::current_num_threads()
}

/// A new game on an empty `width` x `height` board.
#[wasm_bindgen(js_name = newGame)]
pub fn new_game(width: u32, height: u32, rules: &str, swap_rule: bool) -> Result<JsValue, JsError> {
    let size = BoardSize::new(width, height).map_err(error)?;
    let rules: Rules = rules.parse().map_err(error)?;
    view(&Game::new(
        size,
        RulesConfig {
            rules,
            swap: swap_rule,
        },
    ))
}

/// Reads a position code, share link, HexWorld or trmph link.
#[wasm_bindgen(js_name = loadPosition)]
pub fn load_position(code: &str) -> Result<JsValue, JsError> {
    view(&load(code)?)
}

/// Plays `mv` (a cell or `swap`) at the cursor of the game in `code`.
#[wasm_bindgen]
pub fn play(code: &str, mv: &str) -> Result<JsValue, JsError> {
    let mut game = load(code)?;
    let mv: Move = mv.parse().map_err(error)?;
    game.play(mv).map_err(error)?;
    view(&game)
}

/// Takes back one move (no change if there is none).
#[wasm_bindgen]
pub fn undo(code: &str) -> Result<JsValue, JsError> {
    let mut game = load(code)?;
    game.undo();
    view(&game)
}

/// Replays one undone move (no change if there is none).
#[wasm_bindgen]
pub fn redo(code: &str) -> Result<JsValue, JsError> {
    let mut game = load(code)?;
    game.redo();
    view(&game)
}

/// Runs `count` random playouts from the position in parallel on the pool.
#[wasm_bindgen]
pub fn playouts(code: &str, count: u32, seed: u32) -> Result<JsValue, JsError> {
    let game = load(code)?;
    let started = now_ms();
    let counts = random_playouts(game.position(), u64::from(count), u64::from(seed));
    let millis = now_ms() - started;
    to_js(&PlayoutReport {
        playouts: counts.playouts,
        black_wins: counts.black_wins,
        white_wins: counts.white_wins,
        threads: rayon::current_num_threads(),
        millis,
        playouts_per_second: counts.playouts as f64 / (millis.max(1.0) / 1000.0),
    })
}

/// Inferior cell analysis of the position for its side to move: fill-in, inferior moves with
/// their reasons and witnesses, and the consider set.
#[wasm_bindgen]
pub fn analyze(code: &str) -> Result<JsValue, JsError> {
    let game = load(code)?;
    to_js(&InferiorReport::of(&analyze_position(game.position())))
}

/// Virtual connections of `player` (`b` or `w`) found by H-search, with the side to move's
/// mustplay; between the points `from` and `to` only when both are given (cells, stones or
/// `top bottom left right`); on the fill-in reduced position when `fillin` is true; with the
/// AND rule through the player's edges too when `and_over_edges` is true (more connections,
/// over ten times slower).
#[wasm_bindgen]
pub fn connections(
    code: &str,
    player: &str,
    from: Option<String>,
    to: Option<String>,
    fillin: Option<bool>,
    and_over_edges: Option<bool>,
) -> Result<JsValue, JsError> {
    use hexlab_core::notation::parse_point;
    use hexlab_core::vc::report::report;
    use hexlab_core::vc::Limits;
    let game = load(code)?;
    let player = hexlab_core::Color::parse(player)
        .ok_or_else(|| error(format!("'{player}' is not a player: expected b or w")))?;
    let between = match (from, to) {
        (Some(a), Some(b)) => Some((
            parse_point(&a).map_err(error)?,
            parse_point(&b).map_err(error)?,
        )),
        (None, None) => None,
        _ => return Err(error("from and to go together".to_string())),
    };
    let found = report(
        game.position(),
        player,
        between,
        fillin.unwrap_or(false),
        Limits {
            and_over_edges: and_over_edges.unwrap_or(false),
            ..Limits::default()
        },
    )
    .map_err(error)?;
    to_js(&found)
}

/// Connection search: whether `player` connects `from` and `to` (a full connection), when
/// H-search does not already show it, within `nodes` search nodes (the report's `status` is
/// `connected`, `refuted` or `unknown`).
#[wasm_bindgen]
pub fn connect(
    code: &str,
    player: &str,
    from: &str,
    to: &str,
    nodes: f64,
) -> Result<JsValue, JsError> {
    use hexlab_core::notation::parse_point;
    use hexlab_core::vc::connect_report::ConnectReport;
    let started = js_sys::Date::now();
    let game = load(code)?;
    let position = game.position();
    let player = hexlab_core::Color::parse(player)
        .ok_or_else(|| error(format!("'{player}' is not a player: expected b or w")))?;
    let (from, to) = (
        parse_point(from).map_err(error)?,
        parse_point(to).map_err(error)?,
    );
    let budget = if nodes.is_finite() && nodes >= 1.0 {
        nodes as u64
    } else {
        1_000_000
    };
    let mut report = ConnectReport::decide(position, player, from, to, budget).map_err(error)?;
    report.millis = js_sys::Date::now() - started;
    to_js(&report)
}

/// The games of a position set: one position code per line, blank lines and `#` comments
/// skipped.
fn load_set(set: &str) -> Result<Vec<Game>, JsError> {
    hexlab_core::formats::read_link_lines(set).map_err(|(_, e)| error(e))
}

/// Times H-search over a position set (one position code per line, `#` comments skipped), both
/// colours from scratch, `repeat` times; the best round, as `{positions, repeat, ms_per_color}`.
#[wasm_bindgen(js_name = benchConnections)]
pub fn bench_connections(set: &str, repeat: u32) -> Result<JsValue, JsError> {
    use hexlab_core::vc::{h_search, Limits};
    let games = load_set(set)?;
    let mut best = f64::INFINITY;
    let mut found = 0usize;
    for _ in 0..repeat.max(1) {
        let started = js_sys::Date::now();
        found = 0;
        for game in &games {
            for color in hexlab_core::Color::ALL {
                found += h_search(game.position(), color, Limits::default())
                    .pairs()
                    .count();
            }
        }
        best = best.min(js_sys::Date::now() - started);
    }
    #[derive(Serialize)]
    struct Figures {
        positions: usize,
        repeat: u32,
        ms_per_color: f64,
        pairs_found: usize,
    }
    to_js(&Figures {
        positions: games.len(),
        repeat: repeat.max(1),
        ms_per_color: best / (2.0 * games.len().max(1) as f64),
        pairs_found: found,
    })
}

/// Times the inferior cell analysis over a position set (one position code per line, `#`
/// comments skipped), for the side to move, `repeat` passes: the best pass per board size, as
/// `[{size, positions, repeat, mean_ms, mean_fillin, mean_inferior, mean_consider, ...}]`
/// (`hexlab_core::ica::bench::SizeFigures`, what `hexlab bench ica --json` prints), with the
/// search settings (`search` true: what the solver and GTP use) or the thorough ones (the page's).
#[wasm_bindgen(js_name = benchInferior)]
pub fn bench_inferior(set: &str, repeat: u32, search: bool) -> Result<JsValue, JsError> {
    use hexlab_core::ica::{bench, IcaParams};
    let games = load_set(set)?;
    let params = if search {
        IcaParams::SEARCH
    } else {
        IcaParams::THOROUGH
    };
    to_js(&bench::measure(
        &games,
        &params,
        repeat as usize,
        js_sys::Date::now,
    ))
}

// Solve -----------------------------------------------------------------------------------------
//
// One `Solver` per worker instance, kept between calls so its table carries over: a solve runs
// in slices (`solveSlice`, each stopping after `slice_ms` milliseconds), and the next slice on the
// same position goes on where the last one stopped. Between slices the worker reports progress
// and reads its messages (a Stop), so a Stop is answered within one slice. The table is cleared
// when the board size changes.

thread_local! {
    static SOLVER: std::cell::RefCell<Option<(BoardSize, std::rc::Rc<hexlab_core::solver::Solver>)>> =
        const { std::cell::RefCell::new(None) };
}

/// The worker's solver for positions of `size` (a new one, with an empty table, on a new size).
fn solver_for(size: BoardSize) -> std::rc::Rc<hexlab_core::solver::Solver> {
    use hexlab_core::solver::{Features, Solver, DEFAULT_TABLE_MB};
    SOLVER.with(|cell| {
        let mut slot = cell.borrow_mut();
        match slot.as_ref() {
            Some((s, solver)) if *s == size => std::rc::Rc::clone(solver),
            _ => {
                *slot = None; // the old table goes before the new one is allocated
                let solver = std::rc::Rc::new(Solver::new(DEFAULT_TABLE_MB, Features::default()));
                *slot = Some((size, std::rc::Rc::clone(&solver)));
                solver
            }
        }
    })
}

/// One slice of a solve, or its end.
#[derive(Serialize)]
struct SolveSlice {
    /// `running` (call again to go on) or `solved` (`report` holds the answer).
    status: &'static str,
    /// Nodes expanded in this slice.
    nodes: u64,
    /// The root's proof and disproof numbers (side to move's view) after the slice.
    phi: u32,
    delta: u32,
    table_entries: Option<usize>,
    table_capacity: usize,
    report: Option<hexlab_core::solver::SolveReport>,
}

/// Solves the position in `code` for at most `slice_ms` milliseconds with every pool thread,
/// then reports: `running` with the progress (the table keeps it: call again to go on) or
/// `solved` with the `SolveReport` (every legal move settled, as `hexlab solve --all-winning`;
/// with `all_winning` false, only the winner and the principal variation, as `hexlab solve`
/// and `hexlab openings`: a winning side to move's other moves are not settled).
/// The table's fill (a pass over the whole table) is counted only `with_fill` (else `null`).
#[wasm_bindgen(js_name = solveSlice)]
pub fn solve_slice(
    code: &str,
    slice_ms: f64,
    with_fill: bool,
    all_winning: Option<bool>,
) -> Result<JsValue, JsError> {
    use hexlab_core::search::Budget;
    use hexlab_core::solver::{solve_report, SolveOptions};
    let game = load(code)?;
    let position = game.position();
    let solver = solver_for(position.size());
    let threads = rayon::current_num_threads().max(1);
    let slice = if slice_ms.is_finite() && slice_ms > 0.0 {
        slice_ms
    } else {
        50.0
    };
    let budget = Budget::unlimited().with_time_limit(slice, now_ms);
    let before = solver
        .stats
        .expansions
        .load(std::sync::atomic::Ordering::Relaxed);
    let outcome = solver.solve(position, threads, &budget);
    let mut report = None;
    let all_winning = all_winning.unwrap_or(true);
    if outcome.winner.is_some() && !budget.stopped() {
        // Decided: every legal move settled (when asked), within what is left of the slice (the
        // table keeps what a stopped settling learnt, so the next slice goes on).
        let r = solve_report(
            &solver,
            position,
            SolveOptions {
                threads,
                all_winning,
            },
            &budget,
            Some(now_ms),
        );
        if r.stopped.is_none() && (r.all_winning || !all_winning) {
            report = Some(r);
        }
    }
    let nodes = solver
        .stats
        .expansions
        .load(std::sync::atomic::Ordering::Relaxed)
        - before;
    to_js(&SolveSlice {
        status: if report.is_some() {
            "solved"
        } else {
            "running"
        },
        nodes,
        phi: outcome.bounds.phi,
        delta: outcome.bounds.delta,
        table_entries: (with_fill || report.is_some()).then(|| solver.table().len()),
        table_capacity: solver.table().capacity(),
        report,
    })
}

/// One node of the proof of the position in `code`: the node reached by the moves `path`
/// (space separated, from the solved position), explained (`ProofNode`), its children settled
/// within `slice_ms` milliseconds; `null` when that was not enough (call again: the table keeps
/// the work done).
#[wasm_bindgen(js_name = explainSlice)]
pub fn explain_slice(code: &str, path: &str, slice_ms: f64) -> Result<JsValue, JsError> {
    use hexlab_core::search::Budget;
    let game = load(code)?;
    let position = game.position();
    let moves: Vec<Move> = path
        .split_whitespace()
        .map(str::parse)
        .collect::<Result<_, _>>()
        .map_err(error)?;
    let solver = solver_for(position.size());
    let slice = if slice_ms.is_finite() && slice_ms > 0.0 {
        slice_ms
    } else {
        50.0
    };
    let budget = Budget::unlimited().with_time_limit(slice, now_ms);
    // The proof's moves are played on each node's filled position; a first move into the root's
    // fill-in (a dead or captured cell, still a legal move of the game, marked won or lost like
    // the others) is played on the position as given, and the rest of the path follows from there.
    let mut start = position.clone();
    let mut rest = &moves[..];
    if let Some(&first) = moves.first() {
        let node = match solver.node(position, &mut budget.meter()) {
            Ok(node) => node,
            Err(_) => return Ok(JsValue::NULL),
        };
        if node.filled(position).play(first).is_err() && start.play(first).is_ok() {
            rest = &moves[1..];
        } else {
            start = position.clone();
        }
    }
    match solver.explain(&start, rest, &budget, true) {
        Ok(node) if node.winner.is_some() && node.children.iter().all(|c| c.winner.is_some()) => {
            to_js(&node)
        }
        // No node limit here: only a move that can't be played stops with `Nodes`.
        Err(hexlab_core::search::Stopped::Nodes) => Err(error(format!(
            "the path {path:?} leaves the proof (a move that can't be played)"
        ))),
        _ => Ok(JsValue::NULL),
    }
}

/// Forgets every solved position of the worker's solver.
#[wasm_bindgen(js_name = clearSolver)]
pub fn clear_solver() {
    SOLVER.with(|cell| *cell.borrow_mut() = None);
}

// Play and Analyse --------------------------------------------------------------------------------
//
// One MoHex player per worker instance, kept between calls so its tree carries over: a search
// runs in slices (`searchSlice`, each stopping after `slice_ms` milliseconds), and the next
// slice on the same position goes on with the same tree (a position one or two moves on
// starts from the subtree). Between slices the worker reports progress and reads its messages
// (Move now, Stop, a new position), so they are answered within one slice.

thread_local! {
    static PLAYER: std::cell::RefCell<Option<hexlab_core::mohex::Player>> =
        const { std::cell::RefCell::new(None) };
}

/// One slice of a search.
#[derive(Serialize)]
struct SearchSlice {
    /// The search's answer so far (`move`, `winrate`, `visits`, `pv`, `top`, `proven`, ...).
    #[serde(flatten)]
    report: hexlab_core::mohex::PlayReport,
    /// The simulations per move of the level (0: no limit).
    level_games: u64,
}

/// Searches the position in `code` for at most `slice_ms` milliseconds and at most
/// `games_left` more simulations (0: no limit) with the settings of strength `level` (1 to
/// 10; 0: the full player), on every pool thread; `last` is the opponent's last move (or "").
/// Returns the result so far: call again with the same position to go on.
#[wasm_bindgen(js_name = searchSlice)]
pub fn search_slice(
    code: &str,
    slice_ms: f64,
    level: u32,
    games_left: f64,
    last: &str,
) -> Result<JsValue, JsError> {
    use hexlab_core::mohex::{level as levels, Params, Player};
    use hexlab_core::search::Budget;
    let game = load(code)?;
    let position = game.position();
    let last = match last.trim() {
        "" => None,
        text => Some(text.parse::<hexlab_core::Cell>().map_err(error)?),
    };
    let slice = if slice_ms.is_finite() && slice_ms > 0.0 {
        slice_ms.min(60_000.0)
    } else {
        50.0
    };
    let mut base = Params {
        num_threads: rayon::current_num_threads().max(1),
        max_time: 0.0,
        max_games: u64::MAX / 4,
        ..Params::default()
    };
    let level_games = if level == 0 {
        0
    } else {
        base = levels::params(level, base);
        levels::games(level)
    };
    if games_left.is_finite() && games_left >= 1.0 {
        base.max_games = (games_left as u64).max(1);
    }
    let started = now_ms();
    let budget = Budget::unlimited().with_time_limit(slice, now_ms);
    let result = PLAYER.with(|cell| {
        let mut slot = cell.borrow_mut();
        let player = slot.get_or_insert_with(|| Player::new(base));
        player.params = base;
        player.top_count = 40;
        player.search_after(position, last, &budget)
    });
    to_js(&SearchSlice {
        report: result.report(now_ms() - started),
        level_games,
    })
}

/// Forgets the worker's search tree (a new game).
#[wasm_bindgen(js_name = clearPlayer)]
pub fn clear_player() {
    PLAYER.with(|cell| *cell.borrow_mut() = None);
}
