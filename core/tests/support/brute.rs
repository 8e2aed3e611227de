//! A brute-force Hex solver for small boards: exhaustive minimax with memoisation.
//!
//! It knows nothing about Hex beyond the board's adjacency and the winning condition, and
//! shares no code with the engine's analysis (its own adjacency, its own flood fill), so it
//! cannot share a bug with what it checks. Boards up to 64 cells (for example 6x6 or 8x8).

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A multiplicative hasher for the memo: the keys are already well-mixed bit masks, and the
/// standard SipHash made hashing most of the solver's time.
#[derive(Default)]
struct MaskHasher(u64);

impl Hasher for MaskHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }
    fn write_u8(&mut self, n: u8) {
        self.write_u64(u64::from(n));
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(29) ^ n).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
}

type Memo = HashMap<Small, bool, BuildHasherDefault<MaskHasher>>;

use hexlab_core::{Cell, Color, Position, Rules};

/// A small board's stones as bit masks, cell `i` = column `i % width`, row `i / width`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Small {
    pub black: u64,
    pub white: u64,
    pub black_to_move: bool,
}

impl Small {
    /// The same stones with `mover` to move.
    pub fn with_mover(self, mover: hexlab_core::Color) -> Small {
        Small {
            black_to_move: mover == hexlab_core::Color::Black,
            ..self
        }
    }
}

/// Solves positions of one board size and rule set, remembering every state it met.
pub struct Brute {
    width: usize,
    height: usize,
    rules: Rules,
    neighbours: Vec<u64>,
    top: u64,
    bottom: u64,
    left: u64,
    right: u64,
    memo: Memo,
    /// Cells in the order moves are tried: centre first, which finds wins sooner (the order
    /// never changes an answer, only how fast it comes).
    order: Vec<usize>,
}

impl Brute {
    pub fn new(width: usize, height: usize, rules: Rules) -> Brute {
        assert!(width * height <= 64);
        let index = |c: isize, r: isize| -> Option<usize> {
            (c >= 0 && r >= 0 && (c as usize) < width && (r as usize) < height)
                .then(|| r as usize * width + c as usize)
        };
        let mut neighbours = vec![0u64; width * height];
        for r in 0..height as isize {
            for c in 0..width as isize {
                let me = index(c, r).unwrap();
                for (dc, dr) in [(0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1)] {
                    if let Some(n) = index(c + dc, r + dr) {
                        neighbours[me] |= 1 << n;
                    }
                }
            }
        }
        let mut edges = [0u64; 4];
        for r in 0..height {
            for c in 0..width {
                let bit = 1u64 << (r * width + c);
                if r == 0 {
                    edges[0] |= bit;
                }
                if r == height - 1 {
                    edges[1] |= bit;
                }
                if c == 0 {
                    edges[2] |= bit;
                }
                if c == width - 1 {
                    edges[3] |= bit;
                }
            }
        }
        Brute {
            width,
            height,
            rules,
            neighbours,
            top: edges[0],
            bottom: edges[1],
            left: edges[2],
            right: edges[3],
            memo: Memo::default(),
            order: {
                let mut order: Vec<usize> = (0..width * height).collect();
                let (cx, cy) = ((width as f64 - 1.0) / 2.0, (height as f64 - 1.0) / 2.0);
                let distance = |i: usize| {
                    let (x, y) = ((i % width) as f64 - cx, (i / width) as f64 - cy);
                    // Hex distance in axial coordinates, doubled to stay integral.
                    ((x.abs() + y.abs() + (x + y).abs()) * 2.0) as u32
                };
                order.sort_by_key(|&i| (distance(i), i));
                order
            },
        }
    }

    fn all(&self) -> u64 {
        if self.width * self.height == 64 {
            u64::MAX
        } else {
            (1u64 << (self.width * self.height)) - 1
        }
    }

    /// Converts an engine position of this size to bit masks.
    pub fn small(&self, position: &Position) -> Small {
        let mut s = Small {
            black: 0,
            white: 0,
            black_to_move: position.to_move() == Color::Black,
        };
        for (color, mask) in [(Color::Black, &mut s.black), (Color::White, &mut s.white)] {
            for cell in position.stones(color).iter() {
                *mask |= 1 << self.bit(cell);
            }
        }
        s
    }

    /// The bit index of a board cell.
    pub fn bit(&self, cell: Cell) -> usize {
        cell.row() as usize * self.width + cell.col() as usize
    }

    /// The engine cell of a bit index.
    pub fn cell(&self, bit: usize) -> Cell {
        Cell::new((bit % self.width) as u8, (bit / self.width) as u8)
    }

    fn joins(&self, stones: u64, from: u64, to: u64) -> bool {
        let mut reached = stones & from;
        let mut frontier = reached;
        while frontier != 0 {
            let bit = frontier.trailing_zeros() as usize;
            frontier &= frontier - 1;
            let fresh = self.neighbours[bit] & stones & !reached;
            reached |= fresh;
            frontier |= fresh;
        }
        reached & to != 0
    }

    /// The winner if the game is over.
    pub fn winner(&self, s: &Small) -> Option<Color> {
        let connector = if self.joins(s.black, self.top, self.bottom) {
            Color::Black
        } else if self.joins(s.white, self.left, self.right) {
            Color::White
        } else {
            return None;
        };
        Some(match self.rules {
            Rules::Hex => connector,
            Rules::Rex => connector.opponent(),
        })
    }

    /// The position after the side to move plays `bit`.
    pub fn play(s: &Small, bit: usize) -> Small {
        let mut next = *s;
        if s.black_to_move {
            next.black |= 1 << bit;
        } else {
            next.white |= 1 << bit;
        }
        next.black_to_move = !s.black_to_move;
        next
    }

    /// Whether the side to move wins with perfect play.
    pub fn wins(&mut self, s: &Small) -> bool {
        if let Some(winner) = self.winner(s) {
            return (winner == Color::Black) == s.black_to_move;
        }
        if let Some(&known) = self.memo.get(s) {
            return known;
        }
        let empty = self.all() & !(s.black | s.white);
        let mut result = false;
        for i in 0..self.order.len() {
            let bit = self.order[i];
            if empty & (1 << bit) != 0 && !self.wins(&Self::play(s, bit)) {
                result = true;
                break;
            }
        }
        self.memo.insert(*s, result);
        result
    }

    /// The winner with perfect play from `s`.
    pub fn value(&mut self, s: &Small) -> Color {
        let mover = if s.black_to_move {
            Color::Black
        } else {
            Color::White
        };
        if self.wins(s) {
            mover
        } else {
            mover.opponent()
        }
    }

    /// The empty cells where the side to move wins by playing.
    pub fn winning_moves(&mut self, s: &Small) -> Vec<usize> {
        let mut empty = self.all() & !(s.black | s.white);
        let mut out = Vec::new();
        if self.winner(s).is_some() {
            return out;
        }
        while empty != 0 {
            let bit = empty.trailing_zeros() as usize;
            empty &= empty - 1;
            if !self.wins(&Self::play(s, bit)) {
                out.push(bit);
            }
        }
        out
    }

    /// Number of states remembered (for keeping test costs in view).
    pub fn memo_len(&self) -> usize {
        self.memo.len()
    }

    /// Forgets every remembered state (to bound memory between unrelated positions).
    pub fn forget(&mut self) {
        self.memo.clear();
    }
}
