//! H-search's GTP commands (`vc-*`, `param_player_vc`), on the board of [`VcBoard`].

use hexlab_core::vc::mustplay::{mustplay_for, threat_in};
use hexlab_core::Cell;

use super::vc_board::VcBoard;
use super::{Answer, Command, Engine};

/// H-search's commands, in HexGui's menu order.
pub const COMMANDS: &[Command] = &[
    Command {
        name: "vc-build",
        handler: Engine::vc_build,
        analyze: Some("inferior/VC Build/vc-build %m"),
    },
    Command {
        name: "vc-build-incremental",
        handler: Engine::vc_build_incremental,
        analyze: Some("inferior/VC Build Incremental/vc-build-incremental %m %p"),
    },
    Command {
        name: "vc-undo-incremental",
        handler: |engine, _| {
            // A board that is missing or stale would be built afresh, with nothing to take
            // back: answer at once instead of building it.
            let (position, limits) = (&engine.position, engine.vc_limits);
            let undone = match &mut engine.vc_board {
                Some(board) if board.made_from(position, limits) => board.undo(),
                _ => false,
            };
            if !undone {
                return Err("cannot undo: no incremental build since the last vc-build".into());
            }
            Ok(String::new())
        },
        analyze: Some("none/VC Undo Incremental/vc-undo-incremental"),
    },
    // `%P`: the points selected on the board (HexGui puts the first selected point in every
    // `%p`, and asks for exactly two points only with `%P`).
    Command {
        name: "vc-between-cells-full",
        handler: |engine, args| engine.vc_between(args, true),
        analyze: Some("vc/VC Between Cells Full/vc-between-cells-full %c %P"),
    },
    Command {
        name: "vc-between-cells-semi",
        handler: |engine, args| engine.vc_between(args, false),
        analyze: Some("vc/VC Between Cells Semi/vc-between-cells-semi %c %P"),
    },
    Command {
        name: "vc-get-mustplay",
        handler: Engine::mustplay,
        analyze: Some("plist/VC Mustplay/vc-get-mustplay %m"),
    },
    Command {
        name: "param_player_vc",
        handler: |engine, args| super::vc_params::command(&mut engine.vc_limits, args),
        analyze: Some("param/VC Parameters/param_player_vc"),
    },
];

/// A point as Benzene and HexGui write it in GTP: cells as usual, the edges `north south west
/// east` (HexGui's point parser knows no other edge names; input takes either).
fn gtp_point(point: Cell) -> String {
    match point {
        Cell::TOP => "north".into(),
        Cell::BOTTOM => "south".into(),
        Cell::LEFT => "west".into(),
        Cell::RIGHT => "east".into(),
        cell => cell.to_string(),
    }
}

impl Engine {
    /// `vc-build C`: both colours' connections built on the game position (kept for the `vc-*`
    /// commands), answered as Benzene does: C's inferior cells, then `cell x` for every other
    /// empty cell outside the moves C should consider (the consider set met with C's mustplay),
    /// which HexGui greys out. Nothing is marked when the game is already decided.
    fn vc_build(&mut self, args: &[&str]) -> Answer {
        let [color] = args else {
            return Err("needs a colour: vc-build b".into());
        };
        let color = Self::color(color)?;
        let mut position = self.position.clone();
        position.set_to_move(color);
        let analysis =
            hexlab_core::ica::analyze_with(&position, &hexlab_core::ica::IcaParams::SEARCH);
        let mut answer = Self::inferior_text(&analysis, false);
        let board = VcBoard::build(&self.position, self.vc_limits);
        let threat = threat_in(&position, board.connections(color.opponent()));
        let mustplay = mustplay_for(&position, threat);
        self.vc_board = Some(board);
        if let (None, Some(mustplay)) = (analysis.decided, mustplay) {
            let listed: hexlab_core::CellSet = analysis
                .fillin
                .iter()
                .map(|f| f.cell)
                .chain(analysis.inferior.iter().map(|m| m.cell))
                .collect();
            let outside = position.empty_cells() - (analysis.consider & mustplay) - listed;
            for cell in outside.iter() {
                answer.push_str(&format!(" {cell} x"));
            }
        }
        Ok(answer.trim_start().to_string())
    }

    /// The board the `vc-*` commands read, Benzene's analysis board: the game position with
    /// both colours' connections, made again whenever the game position or the limits have
    /// changed since it was made; `vc-build-incremental` moves it on without touching the game.
    fn vc_board(&mut self) -> &mut VcBoard {
        let (position, limits) = (&self.position, self.vc_limits);
        match &mut self.vc_board {
            Some(board) if board.made_from(position, limits) => {}
            stale => *stale = Some(VcBoard::build(position, limits)),
        }
        self.vc_board.as_mut().expect("made above")
    }

    /// `vc-build-incremental C X`: puts a C stone on X on the `vc-*` commands' board (not the
    /// game's), updates both colours' connections incrementally, and answers like
    /// `compute-inferior` for that board with the opponent to move.
    fn vc_build_incremental(&mut self, args: &[&str]) -> Answer {
        let [color, cell] = args else {
            return Err("needs a colour and a cell: vc-build-incremental b c3".into());
        };
        let color = Self::color(color)?;
        let cell: Cell = cell
            .parse()
            .map_err(|e: hexlab_core::ParseCellError| e.to_string())?;
        let board = self.vc_board();
        board.play(color, cell)?;
        Ok(Self::inferior_answer(board.position(), false))
    }

    /// `vc-between-cells-full C X Y` / `vc-between-cells-semi C X Y`: C's connections between
    /// two points (cells, stones or `top bottom left right` / `north south west east`), one
    /// HexGui `vc` record per line: `colour from to full|semi hsearch [ carrier ] [ ] key`, the
    /// edges named `north south west east` as HexGui reads them.
    fn vc_between(&mut self, args: &[&str], full: bool) -> Answer {
        let [color, from, to] = args else {
            return Err("needs a colour and two points: vc-between-cells-full b top c3".into());
        };
        let color = Self::color(color)?;
        let point = |text: &str| -> Result<Cell, String> {
            let cell = hexlab_core::notation::parse_point(text).map_err(|e| e.to_string())?;
            if !cell.is_edge() && !self.position.size().contains(cell) {
                return Err(format!("{cell} is off the board"));
            }
            Ok(cell)
        };
        let (a, b) = (point(from)?, point(to)?);
        let (a_name, b_name) = (gtp_point(a), gtp_point(b));
        let connections = self.vc_board().connections(color);
        let Some(pair) = connections.between(a, b) else {
            return Ok(String::new());
        };
        let carrier = |set: hexlab_core::CellSet| {
            set.iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        };
        let lines: Vec<String> = if full {
            pair.full()
                .map(|c| {
                    format!(
                        "{} {a_name} {b_name} full hsearch [ {} ] [ ]",
                        color.name(),
                        carrier(c.carrier)
                    )
                })
                .collect()
        } else {
            pair.semi()
                .map(|s| {
                    format!(
                        "{} {a_name} {b_name} semi hsearch [ {} ] [ ] {}",
                        color.name(),
                        carrier(s.carrier),
                        s.key
                    )
                })
                .collect()
        };
        Ok(lines.join("\n"))
    }

    /// `vc-get-mustplay C`: the cells C, to move, must play to stop the opponent's winning semi
    /// connections (every empty cell when there is none; nothing when the opponent has already
    /// connected virtually).
    fn mustplay(&mut self, args: &[&str]) -> Answer {
        let [color] = args else {
            return Err("needs a colour: vc-get-mustplay b".into());
        };
        let color = Self::color(color)?;
        let board = self.vc_board();
        let mut position = board.position().clone();
        position.set_to_move(color);
        let threat = threat_in(&position, board.connections(color.opponent()));
        let region = mustplay_for(&position, threat).unwrap_or_default();
        Ok(region
            .iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(" "))
    }
}
