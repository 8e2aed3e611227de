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

/// Times H-search over a position set (one position code per line, `#` comments skipped), both
/// colours from scratch, `repeat` times; the best round, as `{positions, repeat, ms_per_color}`.
#[wasm_bindgen(js_name = benchConnections)]
pub fn bench_connections(set: &str, repeat: u32) -> Result<JsValue, JsError> {
    use hexlab_core::vc::{h_search, Limits};
    let games: Vec<Game> = set
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(load)
        .collect::<Result<_, _>>()?;
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
