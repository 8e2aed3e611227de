//! The game board's GTP commands: the board size, moves (played, taken back) and
//! what the position shows (`showboard`, `all_legal_moves`, `final_score`,
//! `hexlab-position`).

use hexlab_core::quote::quote;
use hexlab_core::{BoardSize, Cell, Color, Move, Position, RulesConfig};

use super::{Answer, Command, Engine};

/// The board's commands; those with an analyze line in HexGui's menu order.
pub const COMMANDS: &[Command] = &[
    Command {
        name: "boardsize",
        handler: Engine::boardsize,
        analyze: None,
    },
    Command {
        name: "clear_board",
        handler: |engine, _| {
            engine.reset(engine.position.size());
            Ok(String::new())
        },
        analyze: None,
    },
    Command {
        name: "play",
        handler: Engine::play,
        analyze: None,
    },
    Command {
        name: "undo",
        handler: |engine, _| match engine.history.pop() {
            Some(previous) => {
                engine.position = previous;
                Ok(String::new())
            }
            None => Err("cannot undo: no moves played".into()),
        },
        analyze: None,
    },
    Command {
        name: "all_legal_moves",
        handler: |engine, _| {
            Ok(engine
                .position
                .legal_cells()
                .iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join(" "))
        },
        analyze: Some("plist/All Legal Moves/all_legal_moves %m"),
    },
    Command {
        name: "final_score",
        handler: |engine, _| {
            Ok(match engine.position.winner() {
                Some(Color::Black) => "B+".into(),
                Some(Color::White) => "W+".into(),
                None => "cannot score: the game is not over".into(),
            })
        },
        analyze: Some("string/Final Score/final_score"),
    },
    Command {
        name: "hexlab-position",
        handler: |engine, _| {
            let game = hexlab_core::Game::from_position(engine.position.clone());
            Ok(hexlab_core::formats::code::write(&game))
        },
        analyze: Some("string/Position Code/hexlab-position"),
    },
    Command {
        name: "showboard",
        handler: |engine, _| Ok(format!("\n{}", engine.position.diagram())),
        analyze: Some("string/Show Board/showboard"),
    },
];

impl Engine {
    fn reset(&mut self, size: BoardSize) {
        self.position = Position::new(size, RulesConfig::default());
        self.history.clear();
    }

    fn boardsize(&mut self, args: &[&str]) -> Answer {
        let side = |text: &str| {
            text.parse::<u32>()
                .map_err(|_| format!("'{}' is not a board size", quote(text)))
        };
        let size = match args {
            [n] => BoardSize::square(side(n)?),
            [w, h] => BoardSize::new(side(w)?, side(h)?),
            _ => return Err("boardsize needs a size: boardsize 11 or boardsize 11 11".into()),
        }
        .map_err(|e| e.to_string())?;
        self.reset(size);
        Ok(String::new())
    }

    fn play(&mut self, args: &[&str]) -> Answer {
        let [color, mv] = args else {
            return Err("play needs a colour and a move: play b c3".into());
        };
        let color = Self::color(color)?;
        let mv: Move = mv
            .parse()
            .map_err(|e: hexlab_core::ParseMoveError| e.to_string())?;
        self.apply(color, mv)?;
        Ok(String::new())
    }

    /// Puts `mv` on the board for `color`, whoever is to move; the opponent moves next.
    pub(super) fn apply(&mut self, color: Color, mv: Move) -> Result<(), String> {
        let mut next = self.position.clone();
        match mv {
            Move::Swap => {
                if color != Color::White || next.to_move() != Color::White {
                    return Err("only White may swap, right after Black's first move".into());
                }
                next.play(Move::Swap).map_err(|e| e.to_string())?;
            }
            Move::Cell(cell) => {
                self.check_empty(cell)?;
                if color == next.to_move() && next.winner().is_none() {
                    next.play_unchecked(cell);
                } else {
                    next.set_stone(cell, Some(color))
                        .map_err(|e| e.to_string())?;
                    next.set_to_move(color.opponent());
                }
            }
        }
        self.history
            .push(std::mem::replace(&mut self.position, next));
        Ok(())
    }

    fn check_empty(&self, cell: Cell) -> Result<(), String> {
        self.position.check_empty(cell).map_err(|e| e.to_string())
    }
}
