//! Stones on a board with the side to move: legal moves, swap, winner.
//!
//! A [`Setup`] is any arrangement a user may type (stones of each colour, side to move); it is
//! validated into a [`Position`], which then only changes through legal moves.

use std::fmt;

use crate::board::{zobrist, BoardSize, ByColor, Cell, CellSet, Color};
use crate::notation::Move;
use crate::rules::{Rules, RulesConfig};

/// Stones, side to move and rules: a position that can be played on.
///
/// Invariants: every stone is a board cell of `size`; no cell holds two stones; `swap_open` is
/// true only when the swap rule is on, the board is square, and the only stone on the board is
/// Black's first move with White to move. Kept up to date stone by stone: `reach[c][i]` is the
/// stones of `c` joined (through stones of `c`) to its edge `i` (top/bottom, left/right), so the
/// winner is a few word operations away; `hash` is the XOR of the [`zobrist`] keys of the
/// stones (and of White to move), `rotated_hash` the same for the position turned 180 degrees.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    size: BoardSize,
    cells: CellSet,
    stones: ByColor<CellSet>,
    to_move: Color,
    config: RulesConfig,
    swap_open: bool,
    reach: ByColor<[CellSet; 2]>,
    hash: u64,
    rotated_hash: u64,
}

/// A not necessarily valid arrangement of stones, as read from flags or a file.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Setup {
    pub size: BoardSize,
    pub config: RulesConfig,
    pub black: Vec<Cell>,
    pub white: Vec<Cell>,
    pub to_move: Option<Color>,
}

/// One reason a [`Setup`] is not a valid position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupProblem {
    /// A stone outside the board.
    OffBoard { cell: Cell, size: BoardSize },
    /// A cell given for both colours.
    BothColors(Cell),
    /// A cell given twice for the same colour.
    Repeated(Cell),
}

impl fmt::Display for SetupProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupProblem::OffBoard { cell, size } => {
                write!(
                    f,
                    "{cell} is off the {}x{} board",
                    size.width(),
                    size.height()
                )
            }
            SetupProblem::BothColors(cell) => write!(f, "{cell} is given to both black and white"),
            SetupProblem::Repeated(cell) => write!(f, "{cell} is listed twice"),
        }
    }
}

/// Why a [`Setup`] was refused: every problem found, in the order met.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionError {
    pub problems: Vec<SetupProblem>,
}

/// The most problems a [`PositionError`] message names; the rest are counted.
const SHOWN_PROBLEMS: usize = 3;

impl fmt::Display for PositionError {
    /// The first [`SHOWN_PROBLEMS`] problems, then how many more there are: a bounded message
    /// however many stones were given.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, problem) in self.problems.iter().take(SHOWN_PROBLEMS).enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{problem}")?;
        }
        let more = self.problems.len().saturating_sub(SHOWN_PROBLEMS);
        if more > 0 {
            write!(f, "; and {more} more")?;
        }
        Ok(())
    }
}

impl std::error::Error for PositionError {}

/// Why a move was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The game has a winner already.
    GameOver(Color),
    /// The cell is outside the board.
    OffBoard { cell: Cell, size: BoardSize },
    /// The cell already holds a stone.
    Occupied(Cell),
    /// Swap asked for when it is not allowed, with the reason.
    SwapNotAllowed(&'static str),
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::GameOver(winner) => write!(f, "the game is over: {winner} has won"),
            PlayError::OffBoard { cell, size } => {
                write!(
                    f,
                    "{cell} is off the {}x{} board",
                    size.width(),
                    size.height()
                )
            }
            PlayError::Occupied(cell) => write!(f, "{cell} is already occupied"),
            PlayError::SwapNotAllowed(why) => write!(f, "swap is not allowed: {why}"),
        }
    }
}

impl std::error::Error for PlayError {}

impl Position {
    /// The empty board, Black to move.
    #[must_use]
    pub fn new(size: BoardSize, config: RulesConfig) -> Position {
        Position {
            size,
            cells: size.cells(),
            stones: ByColor::default(),
            to_move: Color::Black,
            config,
            swap_open: false,
            reach: ByColor::default(),
            hash: 0,
            rotated_hash: 0,
        }
    }

    /// The cell `cell` goes to when the board turns 180 degrees (which keeps each player's edges
    /// its own, so a position and its turned image have the same value).
    #[must_use]
    pub fn rotate(&self, cell: Cell) -> Cell {
        Cell::new(
            self.size.width() - 1 - cell.col(),
            self.size.height() - 1 - cell.row(),
        )
    }

    /// This position turned 180 degrees.
    #[must_use]
    pub fn rotated(&self) -> Position {
        let mut out = Position::new(self.size, self.config);
        for color in Color::ALL {
            for cell in self.stones[color].iter() {
                out.add_stone(color, self.rotate(cell));
            }
        }
        out.set_to_move(self.to_move);
        out.swap_open = self.swap_open;
        out
    }

    /// The Zobrist hash of the stones and the side to move (the same on every platform).
    #[inline]
    #[must_use]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash of the position turned 180 degrees ([`Position::rotated`]'s [`Position::hash`]).
    #[inline]
    #[must_use]
    pub fn rotated_hash(&self) -> u64 {
        self.rotated_hash
    }

    /// The smaller of the two hashes: one key for a position and its turned image, for tables
    /// that share results between them.
    #[inline]
    #[must_use]
    pub fn canonical_hash(&self) -> u64 {
        self.hash.min(self.rotated_hash)
    }

    /// Puts a `color` stone on the empty board cell `cell`, keeping the hashes and edge reach.
    fn add_stone(&mut self, color: Color, cell: Cell) {
        self.stones[color].insert(cell);
        self.hash ^= zobrist::stone(color, cell);
        self.rotated_hash ^= zobrist::stone(color, self.rotate(cell));
        let (first, second) = BoardSize::edges_of(color);
        let around = CellSet::around(cell);
        for (i, edge) in [first, second].into_iter().enumerate() {
            if self.size.edge_cells(edge).contains(cell) || around.intersects(&self.reach[color][i])
            {
                self.reach[color][i] |= CellSet::flood(CellSet::single(cell), self.stones[color]);
            }
        }
    }

    /// Takes the `color` stone off `cell`, keeping the hashes and edge reach (found again: a
    /// chain may have split).
    fn remove_stone(&mut self, color: Color, cell: Cell) {
        self.stones[color].discard(cell);
        self.hash ^= zobrist::stone(color, cell);
        self.rotated_hash ^= zobrist::stone(color, self.rotate(cell));
        let (first, second) = BoardSize::edges_of(color);
        for (i, edge) in [first, second].into_iter().enumerate() {
            self.reach[color][i] = CellSet::flood(
                self.size.edge_cells(edge) & self.stones[color],
                self.stones[color],
            );
        }
    }

    /// The position holding exactly the stones `black` and `white` with `to_move` to play and
    /// the swap option closed: set-up of many stones at once, with the edge reach and the
    /// hashes computed once (placing stones one by one floods a chain per stone).
    ///
    /// The caller guarantees that both sets are board cells of `size` and do not meet;
    /// otherwise the position's invariants break (no undefined behaviour, but wrong answers).
    #[must_use]
    pub fn from_stones(
        size: BoardSize,
        config: RulesConfig,
        black: CellSet,
        white: CellSet,
        to_move: Color,
    ) -> Position {
        debug_assert!(black.is_subset(&size.cells()) && white.is_subset(&size.cells()));
        debug_assert!(!black.intersects(&white));
        let mut position = Position::new(size, config);
        for (color, stones) in [(Color::Black, black), (Color::White, white)] {
            position.stones[color] = stones;
            for cell in stones.iter() {
                position.hash ^= zobrist::stone(color, cell);
                position.rotated_hash ^= zobrist::stone(color, position.rotate(cell));
            }
            let (first, second) = BoardSize::edges_of(color);
            for (i, edge) in [first, second].into_iter().enumerate() {
                position.reach[color][i] = CellSet::flood(size.edge_cells(edge) & stones, stones);
            }
        }
        position.set_to_move(to_move);
        position
    }

    /// Validates a setup. The side to move defaults to Black when both colours have as many
    /// stones, and to White when Black has one more; otherwise to Black.
    pub fn from_setup(setup: &Setup) -> Result<Position, PositionError> {
        let mut problems = Vec::new();
        let mut position = Position::new(setup.size, setup.config);
        for (color, cells) in [(Color::Black, &setup.black), (Color::White, &setup.white)] {
            for &cell in cells {
                if !setup.size.contains(cell) {
                    problems.push(SetupProblem::OffBoard {
                        cell,
                        size: setup.size,
                    });
                } else if position.stones[color].contains(cell) {
                    problems.push(SetupProblem::Repeated(cell));
                } else if position.stones[color.opponent()].contains(cell) {
                    problems.push(SetupProblem::BothColors(cell));
                } else {
                    position.add_stone(color, cell);
                }
            }
        }
        if !problems.is_empty() {
            return Err(PositionError { problems });
        }
        let (b, w) = (position.stones.black.len(), position.stones.white.len());
        position.set_to_move(setup.to_move.unwrap_or(if b == w + 1 {
            Color::White
        } else {
            Color::Black
        }));
        Ok(position)
    }

    /// Board dimensions.
    #[inline]
    #[must_use]
    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// All board cells of this size.
    #[inline]
    #[must_use]
    pub fn cells(&self) -> CellSet {
        self.cells
    }

    /// The stones of `color`.
    #[inline]
    #[must_use]
    pub fn stones(&self, color: Color) -> CellSet {
        self.stones[color]
    }

    /// Every stone on the board.
    #[inline]
    #[must_use]
    pub fn occupied(&self) -> CellSet {
        self.stones.black | self.stones.white
    }

    /// The empty cells.
    #[inline]
    #[must_use]
    pub fn empty_cells(&self) -> CellSet {
        self.cells - self.occupied()
    }

    /// The stone on `cell`, if any.
    #[must_use]
    pub fn stone_at(&self, cell: Cell) -> Option<Color> {
        Color::ALL
            .into_iter()
            .find(|&c| self.stones[c].contains(cell))
    }

    /// The player to move.
    #[inline]
    #[must_use]
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// Sets the player to move (for set-up positions and analysis of either side).
    pub fn set_to_move(&mut self, color: Color) {
        if color != self.to_move {
            self.swap_open = false;
            self.hash ^= zobrist::white_to_move();
            self.rotated_hash ^= zobrist::white_to_move();
        }
        self.to_move = color;
    }

    /// The rules and swap setting.
    #[inline]
    #[must_use]
    pub fn config(&self) -> RulesConfig {
        self.config
    }

    /// Hex or Rex.
    #[inline]
    #[must_use]
    pub fn rules(&self) -> Rules {
        self.config.rules
    }

    /// The stones of `color` connected (through stones of `color`) to both of its edges.
    /// Empty unless `color` has joined its edges.
    #[must_use]
    pub fn connecting_chain(&self, color: Color) -> CellSet {
        let [a, b] = &self.reach[color];
        *a & *b
    }

    /// Whether `color` has joined its two edges (a few word operations: the edge reach is kept
    /// stone by stone).
    #[inline]
    #[must_use]
    pub fn has_connected(&self, color: Color) -> bool {
        let [a, b] = &self.reach[color];
        a.intersects(b)
    }

    /// The player who has joined their edges, if any (at most one can: the board is planar).
    #[must_use]
    pub fn connector(&self) -> Option<Color> {
        Color::ALL.into_iter().find(|&c| self.has_connected(c))
    }

    /// The winner under this position's rules, if the game is over.
    #[must_use]
    pub fn winner(&self) -> Option<Color> {
        self.connector()
            .map(|c| self.config.rules.winner_when_connected(c))
    }

    /// The chain that decided the game (the connector's edge-to-edge stones), empty if none.
    #[must_use]
    pub fn winning_chain(&self) -> CellSet {
        self.connector()
            .map(|c| self.connecting_chain(c))
            .unwrap_or_default()
    }

    /// Whether White may swap now (never once the game is over, as on 1x1).
    #[must_use]
    pub fn swap_legal(&self) -> bool {
        self.swap_open && self.winner().is_none()
    }

    /// The cells the side to move may play (none once the game is over).
    #[must_use]
    pub fn legal_cells(&self) -> CellSet {
        if self.winner().is_some() {
            CellSet::new()
        } else {
            self.empty_cells()
        }
    }

    /// Whether a stone can go on `cell`: it is on the board and empty.
    pub fn check_empty(&self, cell: Cell) -> Result<(), PlayError> {
        if !self.size.contains(cell) {
            return Err(PlayError::OffBoard {
                cell,
                size: self.size,
            });
        }
        if self.occupied().contains(cell) {
            return Err(PlayError::Occupied(cell));
        }
        Ok(())
    }

    /// Plays `mv` for the side to move, checking legality.
    pub fn play(&mut self, mv: Move) -> Result<(), PlayError> {
        if let Some(winner) = self.winner() {
            return Err(PlayError::GameOver(winner));
        }
        match mv {
            Move::Cell(cell) => {
                self.check_empty(cell)?;
                self.play_unchecked(cell);
                Ok(())
            }
            Move::Swap => {
                if !self.swap_legal() {
                    return Err(PlayError::SwapNotAllowed(self.why_no_swap()));
                }
                self.swap();
                Ok(())
            }
        }
    }

    /// Checks that the side to move may swap sides now: exchange the players, the board and
    /// the side to move unchanged (a game record's swap-sides; the caller changes nothing on
    /// the board). On a square board exactly when swap-pieces is legal; on a rectangle, where
    /// HexGui offers the swap too but swap-pieces could mirror the stone off the board, when it
    /// is White's reply to Black's one stone.
    pub fn check_swap_sides(&self) -> Result<(), PlayError> {
        if let Some(winner) = self.winner() {
            return Err(PlayError::GameOver(winner));
        }
        let first_reply = if self.size.is_square() {
            self.swap_open
        } else {
            self.config.swap
                && self.to_move == Color::White
                && self.stones(Color::Black).len() == 1
                && self.stones(Color::White).is_empty()
        };
        if first_reply {
            Ok(())
        } else {
            Err(PlayError::SwapNotAllowed(self.why_no_swap_sides()))
        }
    }

    fn why_no_swap(&self) -> &'static str {
        if self.config.swap && !self.size.is_square() {
            "swap needs a square board"
        } else {
            self.why_no_swap_sides()
        }
    }

    fn why_no_swap_sides(&self) -> &'static str {
        if !self.config.swap {
            "the swap rule is off"
        } else {
            "only White's reply to Black's first move may swap"
        }
    }

    /// Places a stone of the side to move on `cell` and passes the turn, without checks.
    ///
    /// The caller guarantees `cell` is an empty board cell; otherwise the position's invariants
    /// break (no undefined behaviour, but wrong answers).
    pub fn play_unchecked(&mut self, cell: Cell) {
        debug_assert!(self.size.contains(cell) && !self.occupied().contains(cell));
        let first_move = self.occupied().is_empty() && self.to_move == Color::Black;
        self.add_stone(self.to_move, cell);
        self.set_to_move(self.to_move.opponent());
        self.swap_open = first_move && self.config.swap && self.size.is_square();
    }

    /// Swap-pieces: Black's only stone is replaced by a White stone on the mirrored cell, and
    /// Black is to move.
    fn swap(&mut self) {
        let black = self
            .stones
            .black
            .first()
            .expect("swap needs Black's first stone");
        self.remove_stone(Color::Black, black);
        self.add_stone(Color::White, black.mirrored());
        self.set_to_move(Color::Black);
        self.swap_open = false;
    }

    /// Turns the swap rule off for the rest of the game (closing the option if it is open):
    /// the position is then solved or analysed as if the game had no swap.
    pub fn disable_swap(&mut self) {
        self.swap_open = false;
        self.config.swap = false;
    }

    /// Puts a stone of `color` on `cell` (or removes it with `None`) without changing the side
    /// to move: for GTP's `play` in any order and for analysis. Closes the swap option.
    pub fn set_stone(&mut self, cell: Cell, stone: Option<Color>) -> Result<(), PlayError> {
        if !self.size.contains(cell) {
            return Err(PlayError::OffBoard {
                cell,
                size: self.size,
            });
        }
        let present = self.stone_at(cell);
        if present != stone {
            if let Some(old) = present {
                self.remove_stone(old, cell);
            }
            if let Some(color) = stone {
                self.add_stone(color, cell);
            }
        }
        self.swap_open = false;
        Ok(())
    }

    /// The board as text, a row per line shifted into the usual rhombus:
    /// `B`/`W` stones, `.` empty, with column letters and row numbers.
    #[must_use]
    pub fn diagram(&self) -> String {
        let mut out = String::from("  ");
        for col in 0..self.size.width() {
            out.push(' ');
            out.push((b'a' + col) as char);
        }
        out.push('\n');
        for row in 0..self.size.height() {
            out.push_str(&" ".repeat(row as usize));
            out.push_str(&format!("{:>2}", row + 1));
            for col in 0..self.size.width() {
                out.push(' ');
                out.push(match self.stone_at(Cell::new(col, row)) {
                    Some(Color::Black) => 'B',
                    Some(Color::White) => 'W',
                    None => '.',
                });
            }
            out.push_str(&format!(" {}\n", row + 1));
        }
        out.push_str(&" ".repeat(self.size.height() as usize + 2));
        for col in 0..self.size.width() {
            out.push(' ');
            out.push((b'a' + col) as char);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    fn pos(size: u32) -> Position {
        Position::new(BoardSize::square(size).unwrap(), RulesConfig::default())
    }

    fn play_all(position: &mut Position, moves: &[&str]) {
        for m in moves {
            position.play(m.parse().unwrap()).unwrap();
        }
    }

    /// Reference winner test: a plain breadth-first search over the neighbour lists.
    fn connects_by_bfs(position: &Position, color: Color) -> bool {
        let size = position.size();
        let (a, b) = BoardSize::edges_of(color);
        let own = position.stones(color);
        let mut seen = vec![false; Cell::COUNT as usize];
        let mut queue = vec![a];
        seen[a.index()] = true;
        while let Some(point) = queue.pop() {
            if point == b {
                return true;
            }
            for next in size.neighbours(point).iter() {
                let passable = next == b || (!next.is_edge() && own.contains(next));
                if passable && !seen[next.index()] {
                    seen[next.index()] = true;
                    queue.push(next);
                }
            }
        }
        false
    }

    #[test]
    fn winning_line_on_3x3() {
        let mut p = pos(3);
        play_all(&mut p, &["b1", "a2", "b2", "a3"]);
        assert_eq!(p.winner(), None);
        play_all(&mut p, &["b3"]);
        assert_eq!(p.winner(), Some(Color::Black));
        let chain: Vec<String> = p.winning_chain().iter().map(|c| c.to_string()).collect();
        assert_eq!(chain, ["b1", "b2", "b3"]);
        assert_eq!(
            p.play("c1".parse().unwrap()),
            Err(PlayError::GameOver(Color::Black))
        );
        assert!(p.legal_cells().is_empty());
    }

    #[test]
    fn rex_winner_is_the_other_player() {
        let mut p = Position::new(
            BoardSize::square(2).unwrap(),
            RulesConfig {
                rules: Rules::Rex,
                swap: false,
            },
        );
        play_all(&mut p, &["a1", "b1", "a2"]);
        assert!(p.has_connected(Color::Black));
        assert_eq!(p.winner(), Some(Color::White));
    }

    #[test]
    fn swap_mirrors_the_first_stone() {
        let mut p = pos(5);
        play_all(&mut p, &["a3"]);
        assert!(p.swap_legal());
        play_all(&mut p, &["swap"]);
        assert_eq!(
            p.stones(Color::White).iter().collect::<Vec<_>>(),
            vec![Cell::new(2, 0)]
        );
        assert!(p.stones(Color::Black).is_empty());
        assert_eq!(p.to_move(), Color::Black);
        assert!(!p.swap_legal());
        assert!(matches!(
            p.play(Move::Swap),
            Err(PlayError::SwapNotAllowed(_))
        ));
    }

    #[test]
    fn swap_only_right_after_the_first_move() {
        let mut p = pos(5);
        assert!(!p.swap_legal());
        play_all(&mut p, &["a3", "b2"]);
        assert!(!p.swap_legal());
        let mut off = Position::new(
            BoardSize::square(5).unwrap(),
            RulesConfig {
                rules: Rules::Hex,
                swap: false,
            },
        );
        play_all(&mut off, &["a3"]);
        assert_eq!(
            off.play(Move::Swap),
            Err(PlayError::SwapNotAllowed("the swap rule is off"))
        );
        let mut rect = Position::new(BoardSize::new(5, 4).unwrap(), RulesConfig::default());
        play_all(&mut rect, &["a3"]);
        assert!(!rect.swap_legal());
    }

    #[test]
    fn no_swap_after_a_winning_first_move() {
        let mut p = pos(1);
        play_all(&mut p, &["a1"]);
        assert_eq!(p.winner(), Some(Color::Black));
        assert!(!p.swap_legal());
    }

    #[test]
    fn illegal_moves_are_refused() {
        let mut p = pos(3);
        play_all(&mut p, &["b2"]);
        assert_eq!(
            p.play("b2".parse().unwrap()),
            Err(PlayError::Occupied(Cell::new(1, 1)))
        );
        assert!(matches!(
            p.play("d1".parse().unwrap()),
            Err(PlayError::OffBoard { .. })
        ));
    }

    #[test]
    fn setup_reports_every_problem() {
        let setup = Setup {
            size: BoardSize::square(3).unwrap(),
            black: vec![Cell::new(0, 0), Cell::new(5, 5), Cell::new(0, 0)],
            white: vec![Cell::new(0, 0)],
            ..Setup::default()
        };
        let err = Position::from_setup(&setup).unwrap_err();
        assert_eq!(err.problems.len(), 3);
        assert_eq!(
            err.to_string(),
            "f6 is off the 3x3 board; a1 is listed twice; a1 is given to both black and white"
        );
    }

    #[test]
    fn setup_message_is_bounded() {
        let setup = Setup {
            size: BoardSize::square(3).unwrap(),
            black: vec![Cell::new(0, 0); 40_000],
            ..Setup::default()
        };
        let err = Position::from_setup(&setup).unwrap_err();
        assert_eq!(err.problems.len(), 39_999);
        assert_eq!(
            err.to_string(),
            "a1 is listed twice; a1 is listed twice; a1 is listed twice; and 39996 more"
        );
    }

    #[test]
    fn setup_infers_side_to_move() {
        let mut setup = Setup {
            size: BoardSize::square(3).unwrap(),
            black: vec![Cell::new(1, 1)],
            ..Setup::default()
        };
        assert_eq!(
            Position::from_setup(&setup).unwrap().to_move(),
            Color::White
        );
        setup.to_move = Some(Color::Black);
        assert_eq!(
            Position::from_setup(&setup).unwrap().to_move(),
            Color::Black
        );
    }

    #[test]
    fn win_detection_matches_breadth_first_search_on_random_boards() {
        let mut rng = Rng::new(7);
        for trial in 0..3000 {
            let width = 1 + rng.below(12) as u32;
            let height = if trial % 3 == 0 {
                1 + rng.below(12) as u32
            } else {
                width
            };
            let size = BoardSize::new(width, height).unwrap();
            let mut p = Position::new(size, RulesConfig::default());
            let density = rng.below(101);
            for cell in size.cells().iter() {
                if rng.below(100) < density {
                    let color = if rng.below(2) == 0 {
                        Color::Black
                    } else {
                        Color::White
                    };
                    p.set_stone(cell, Some(color)).unwrap();
                }
            }
            for color in Color::ALL {
                assert_eq!(
                    p.has_connected(color),
                    connects_by_bfs(&p, color),
                    "{color} on\n{}",
                    p.diagram()
                );
            }
            assert!(!(p.has_connected(Color::Black) && p.has_connected(Color::White)));
        }
    }

    #[test]
    fn full_board_always_has_exactly_one_connector() {
        let mut rng = Rng::new(11);
        for _ in 0..500 {
            let size = BoardSize::square(1 + rng.below(11) as u32).unwrap();
            let mut p = Position::new(size, RulesConfig::default());
            for cell in size.cells().iter() {
                let color = if rng.below(2) == 0 {
                    Color::Black
                } else {
                    Color::White
                };
                p.set_stone(cell, Some(color)).unwrap();
            }
            assert!(p.connector().is_some(), "{}", p.diagram());
        }
    }

    /// The position's stones and side to move rebuilt from nothing: what the incremental
    /// hashes and edge reach must equal.
    fn rebuilt(p: &Position) -> Position {
        let mut fresh = Position::new(p.size(), p.config());
        for color in Color::ALL {
            for cell in p.stones(color).iter() {
                fresh.set_stone(cell, Some(color)).unwrap();
            }
        }
        fresh.set_to_move(p.to_move());
        fresh
    }

    #[test]
    fn hashes_and_edge_reach_follow_every_change() {
        let mut rng = Rng::new(5);
        for _ in 0..300 {
            let size = BoardSize::new(1 + rng.below(11) as u32, 1 + rng.below(11) as u32).unwrap();
            let mut p = Position::new(size, RulesConfig::default());
            for _ in 0..rng.below(60) {
                let cells: Vec<Cell> = size.cells().iter().collect();
                let cell = cells[rng.below(cells.len())];
                // Stones put on, taken off and replaced, and the side to move changed, as set-up
                // and analysis do.
                let stone = [None, Some(Color::Black), Some(Color::White)][rng.below(3)];
                p.set_stone(cell, stone).unwrap();
                if rng.below(4) == 0 {
                    p.set_to_move(p.to_move().opponent());
                }
                let fresh = rebuilt(&p);
                assert_eq!(p.hash(), fresh.hash());
                assert_eq!(p.rotated_hash(), p.rotated().hash());
                assert_eq!(p.rotated().rotated_hash(), p.hash());
                for color in Color::ALL {
                    assert_eq!(p.has_connected(color), connects_by_bfs(&p, color));
                    assert_eq!(p.connecting_chain(color), fresh.connecting_chain(color));
                }
            }
        }
    }

    #[test]
    fn hashes_tell_positions_apart_and_turned_images_share_a_canonical_one() {
        let size = BoardSize::square(5).unwrap();
        let mut p = Position::new(size, RulesConfig::default());
        let empty = p.hash();
        p.play_unchecked(Cell::new(1, 0));
        assert_ne!(p.hash(), empty);
        let turned = p.rotated();
        assert_eq!(turned.stone_at(Cell::new(3, 4)), Some(Color::Black));
        assert_ne!(turned.hash(), p.hash());
        assert_eq!(turned.canonical_hash(), p.canonical_hash());
        // Swap: the stone moves to the mirrored cell and changes colour; the hash follows.
        let mut swapped = Position::new(size, RulesConfig::default());
        swapped.play_unchecked(Cell::new(1, 0));
        swapped.play(Move::Swap).unwrap();
        assert_eq!(swapped.hash(), rebuilt(&swapped).hash());
        assert_eq!(swapped.stone_at(Cell::new(0, 1)), Some(Color::White));
    }
}
