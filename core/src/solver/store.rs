//! The solved-position store: proven results kept in an SQLite file (WAL mode), so a position
//! is never solved twice and opening maps can be spread over many runs and merged.
//!
//! Native only (the `cli` feature; the page keeps its results in IndexedDB).
//!
//! Invariants the store keeps:
//! - The key is the canonical position: a position and its 180° turn share one row, named by
//!   the smaller of the two hashes *and* the text of whichever of the two has the smaller
//!   position code ([`Key`]). A lookup compares the text too, so a hash collision can never
//!   return another position's result.
//! - Winning moves are stored as seen from the canonical position and turned back on the way
//!   out, so each caller sees them on its own board.
//! - A result, once stored, is never replaced by a different one: a different winner, or a
//!   different complete list of winning moves, is a [`StoreError::Conflict`] naming the
//!   position. An identical result is accepted; a stored result without winning moves learns
//!   them from a later one.
//! - Every write is one SQLite transaction (WAL, `synchronous=NORMAL`): a process killed at any
//!   moment loses at most the write under way, never the file (tested with SIGKILL in
//!   `core/tests/store_kill.rs`).

use std::fmt;
use std::path::Path;

use rusqlite::{params, Connection, OptionalExtension};
use serde::Serialize;

use crate::board::Color;
use crate::formats::code;
use crate::game::Game;
use crate::notation::Move;
use crate::position::Position;

/// The schema version, in `PRAGMA user_version`.
const SCHEMA_VERSION: i64 = 1;

/// How long a write waits for another process holding the file, in milliseconds.
const BUSY_TIMEOUT_MS: u64 = 30_000;

/// Why the store failed.
#[derive(Debug)]
pub enum StoreError {
    /// SQLite refused (a file that is not a store, a full disk, ...).
    Sqlite(String),
    /// A different result for a position that is already stored.
    Conflict {
        /// The canonical position's text.
        position: String,
        stored: String,
        new: String,
    },
    /// A row that does not read back as a result (a file written by something else).
    Corrupt(String),
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::Sqlite(e) => write!(f, "store: {e}"),
            StoreError::Conflict {
                position,
                stored,
                new,
            } => write!(
                f,
                "conflicting results for {position}: stored {stored}, new {new}"
            ),
            StoreError::Corrupt(e) => write!(f, "store: bad row: {e}"),
        }
    }
}

impl std::error::Error for StoreError {}

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> Self {
        StoreError::Sqlite(e.to_string())
    }
}

/// The canonical key of a position: the smaller hash of it and its turned image, and the
/// text of the one whose code is smaller. `turned` says whether that one is the turned image.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Key {
    pub hash: u64,
    pub text: String,
    pub turned: bool,
}

impl Key {
    /// The key of `position`.
    #[must_use]
    pub fn of(position: &Position) -> Key {
        let own = text_of(position);
        let rotated = text_of(&position.rotated());
        let turned = rotated < own;
        Key {
            hash: position.canonical_hash(),
            text: if turned { rotated } else { own },
            turned,
        }
    }
}

/// A position's text: its code, and `&swap=open` while the swap may still be played (the code
/// of a set-up position cannot say so, and the result depends on it).
fn text_of(position: &Position) -> String {
    let mut text = code::write(&Game::from_position(position.clone()));
    if position.swap_legal() {
        text.push_str("&swap=open");
    }
    text
}

/// One proven result.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Solved {
    pub winner: Color,
    /// Every winning move of the side to move, when they were all settled.
    #[serde(serialize_with = "moves_as_text")]
    pub winning_moves: Option<Vec<Move>>,
    /// Nodes and milliseconds the solve took.
    pub nodes: u64,
    pub ms: f64,
    /// The engine version that proved it.
    pub version: String,
}

impl Solved {
    /// The result itself (winner and winning moves), for comparing two runs' answers.
    fn answer(&self) -> String {
        match &self.winning_moves {
            Some(moves) => format!("{} wins, moves {}", self.winner.name(), join(moves)),
            None => format!("{} wins", self.winner.name()),
        }
    }
}

/// A stored row as it is in the file: the canonical position's text and its result, moves as
/// seen from that position.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Entry {
    pub position: String,
    #[serde(skip)]
    pub hash: u64,
    #[serde(flatten)]
    pub solved: Solved,
}

/// An open store.
pub struct Store {
    conn: Connection,
}

impl Store {
    /// Opens (creating if needed) the store in `path`.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        let conn = Connection::open(path)?;
        conn.busy_timeout(std::time::Duration::from_millis(BUSY_TIMEOUT_MS))?;
        let mode: String = conn.query_row("PRAGMA journal_mode=WAL", [], |r| r.get(0))?;
        if !mode.eq_ignore_ascii_case("wal") {
            return Err(StoreError::Sqlite(format!(
                "cannot use WAL mode (journal mode {mode})"
            )));
        }
        conn.execute_batch(
            "PRAGMA synchronous=NORMAL;
             CREATE TABLE IF NOT EXISTS solved (
                 hash INTEGER NOT NULL,
                 position TEXT NOT NULL,
                 winner TEXT NOT NULL CHECK (winner IN ('b', 'w')),
                 winning_moves TEXT,
                 nodes INTEGER NOT NULL,
                 ms REAL NOT NULL,
                 version TEXT NOT NULL,
                 PRIMARY KEY (hash, position)
             ) WITHOUT ROWID;",
        )?;
        let version: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get(0))?;
        match version {
            0 => conn.execute_batch(&format!("PRAGMA user_version={SCHEMA_VERSION}"))?,
            SCHEMA_VERSION => {}
            other => {
                return Err(StoreError::Sqlite(format!(
                    "schema version {other}, expected {SCHEMA_VERSION}"
                )))
            }
        }
        Ok(Store { conn })
    }

    /// The stored result of `position`, winning moves on `position`'s own board.
    pub fn get(&self, position: &Position) -> Result<Option<Solved>, StoreError> {
        let key = Key::of(position);
        let Some(mut solved) = get_key(&self.conn, &key)? else {
            return Ok(None);
        };
        if key.turned {
            solved.winning_moves = solved
                .winning_moves
                .map(|moves| turn_moves(position, &moves));
        }
        Ok(Some(solved))
    }

    /// Stores `solved` (winning moves on `position`'s own board) as `position`'s result.
    pub fn put(&self, position: &Position, solved: &Solved) -> Result<(), StoreError> {
        let key = Key::of(position);
        let mut canonical = solved.clone();
        if key.turned {
            canonical.winning_moves = solved
                .winning_moves
                .as_ref()
                .map(|moves| turn_moves(position, moves));
        }
        self.put_entry(&Entry {
            position: key.text,
            hash: key.hash,
            solved: canonical,
        })
    }

    /// Stores a row as it is (canonical text and moves), in one transaction: a new row, or the
    /// winning moves a stored result lacked; an identical result is left alone; a different
    /// one is a [`StoreError::Conflict`].
    pub fn put_entry(&self, entry: &Entry) -> Result<(), StoreError> {
        let tx = self.conn.unchecked_transaction()?;
        put_row(&tx, entry)?;
        tx.commit()?;
        Ok(())
    }

    /// Every stored row, ordered by position text.
    pub fn entries(&self) -> Result<Vec<Entry>, StoreError> {
        let mut statement = self.conn.prepare(
            "SELECT hash, position, winner, winning_moves, nodes, ms, version FROM solved
             ORDER BY position",
        )?;
        let rows = statement.query_map([], raw_row)?;
        let mut entries = Vec::new();
        for row in rows {
            let (hash, position, raw) = row?;
            entries.push(Entry {
                position,
                hash: hash as u64,
                solved: raw.parse()?,
            });
        }
        Ok(entries)
    }

    /// `PRAGMA integrity_check`'s answer: `ok` for a sound file.
    pub fn integrity_check(&self) -> Result<String, StoreError> {
        Ok(self
            .conn
            .query_row("PRAGMA integrity_check", [], |r| r.get(0))?)
    }
}

/// Merges every row of `sources` into `into` in one transaction: on a conflicting result (an
/// error naming the position) nothing is written. Returns the number of rows read.
pub fn merge(into: &Store, sources: &[Store]) -> Result<usize, StoreError> {
    let tx = into.conn.unchecked_transaction()?;
    let mut count = 0;
    for source in sources {
        let entries = source.entries()?;
        for entry in &entries {
            put_row(&tx, entry)?;
        }
        count += entries.len();
    }
    tx.commit()?;
    Ok(count)
}

/// A row before its cells are read: winner letter, moves text, nodes, ms, version.
struct RawRow(String, Option<String>, i64, f64, String);

fn raw_row(row: &rusqlite::Row<'_>) -> rusqlite::Result<(i64, String, RawRow)> {
    Ok((
        row.get(0)?,
        row.get(1)?,
        RawRow(
            row.get(2)?,
            row.get(3)?,
            row.get(4)?,
            row.get(5)?,
            row.get(6)?,
        ),
    ))
}

impl RawRow {
    fn parse(self) -> Result<Solved, StoreError> {
        let RawRow(winner, moves, nodes, ms, version) = self;
        let winner = match winner.as_str() {
            "b" => Color::Black,
            "w" => Color::White,
            other => return Err(StoreError::Corrupt(format!("winner {other}"))),
        };
        let winning_moves = match moves {
            None => None,
            Some(text) => Some(
                text.split_whitespace()
                    .map(|m| {
                        m.parse::<Move>()
                            .map_err(|_| StoreError::Corrupt(format!("move {m}")))
                    })
                    .collect::<Result<Vec<_>, _>>()?,
            ),
        };
        Ok(Solved {
            winner,
            winning_moves,
            nodes: nodes.max(0) as u64,
            ms,
            version,
        })
    }
}

/// Writes `entry` on `conn` (inside the caller's transaction): see [`Store::put_entry`].
fn put_row(conn: &Connection, entry: &Entry) -> Result<(), StoreError> {
    let key = Key {
        hash: entry.hash,
        text: entry.position.clone(),
        turned: false,
    };
    match get_key(conn, &key)? {
        None => {
            conn.execute(
                "INSERT INTO solved (hash, position, winner, winning_moves, nodes, ms, version)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                params![
                    entry.hash as i64,
                    entry.position,
                    entry.solved.winner.letter().to_string(),
                    entry.solved.winning_moves.as_deref().map(join),
                    entry.solved.nodes.min(i64::MAX as u64) as i64,
                    entry.solved.ms,
                    entry.solved.version,
                ],
            )?;
        }
        Some(stored) => {
            let new = &entry.solved;
            let agree = stored.winner == new.winner
                && match (&stored.winning_moves, &new.winning_moves) {
                    (Some(a), Some(b)) => sorted(a) == sorted(b),
                    _ => true,
                };
            if !agree {
                return Err(StoreError::Conflict {
                    position: entry.position.clone(),
                    stored: stored.answer(),
                    new: new.answer(),
                });
            }
            if stored.winning_moves.is_none() {
                if let Some(moves) = &new.winning_moves {
                    conn.execute(
                        "UPDATE solved SET winning_moves = ?3 WHERE hash = ?1 AND position = ?2",
                        params![entry.hash as i64, entry.position, join(moves)],
                    )?;
                }
            }
        }
    }
    Ok(())
}

fn get_key(conn: &Connection, key: &Key) -> Result<Option<Solved>, StoreError> {
    let row = conn
        .query_row(
            "SELECT hash, position, winner, winning_moves, nodes, ms, version FROM solved
             WHERE hash = ?1 AND position = ?2",
            params![key.hash as i64, key.text],
            raw_row,
        )
        .optional()?;
    row.map(|(_, _, raw)| raw.parse()).transpose()
}

/// `moves` turned 180 degrees on `position`'s board (the swap stays the swap).
fn turn_moves(position: &Position, moves: &[Move]) -> Vec<Move> {
    moves
        .iter()
        .map(|mv| match mv {
            Move::Cell(cell) => Move::Cell(position.rotate(*cell)),
            Move::Swap => Move::Swap,
        })
        .collect()
}

/// Winning moves as a JSON list of move names (or `null`).
fn moves_as_text<S: serde::Serializer>(
    moves: &Option<Vec<Move>>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    let names: Option<Vec<String>> = moves
        .as_ref()
        .map(|m| m.iter().map(ToString::to_string).collect());
    names.serialize(serializer)
}

fn join(moves: &[Move]) -> String {
    moves
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

fn sorted(moves: &[Move]) -> Vec<String> {
    let mut texts: Vec<String> = moves.iter().map(ToString::to_string).collect();
    texts.sort();
    texts
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{BoardSize, Cell};
    use crate::rules::RulesConfig;

    /// A store's path in a fresh directory of its own, removed when dropped.
    struct TempDb(std::path::PathBuf);

    impl std::ops::Deref for TempDb {
        type Target = std::path::Path;
        fn deref(&self) -> &std::path::Path {
            &self.0
        }
    }

    impl Drop for TempDb {
        fn drop(&mut self) {
            if let Some(dir) = self.0.parent() {
                let _ = std::fs::remove_dir_all(dir);
            }
        }
    }

    fn temp(name: &str) -> TempDb {
        let dir = std::env::temp_dir().join(format!("hexlab-store-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDb(dir.join("s.db"))
    }

    fn opening(cell: &str) -> Position {
        let mut p = Position::new(BoardSize::square(4).unwrap(), RulesConfig::default());
        p.disable_swap();
        p.play(cell.parse().unwrap()).unwrap();
        p
    }

    fn solved(winner: Color, moves: Option<&[&str]>) -> Solved {
        Solved {
            winner,
            winning_moves: moves.map(|m| m.iter().map(|c| c.parse().unwrap()).collect()),
            nodes: 7,
            ms: 1.5,
            version: "test".into(),
        }
    }

    #[test]
    fn a_position_and_its_turn_share_one_row_with_moves_turned_back() {
        let path = temp("turn");
        let store = Store::open(&path).unwrap();
        let a1 = opening("a1");
        let d4 = opening("d4");
        assert_eq!(Key::of(&a1).text, Key::of(&d4).text);
        assert_ne!(Key::of(&a1).turned, Key::of(&d4).turned);
        store
            .put(&a1, &solved(Color::White, Some(&["b2", "c3"])))
            .unwrap();
        let back = store.get(&d4).unwrap().unwrap();
        let expected: Vec<Move> = ["c3", "b2"].iter().map(|c| c.parse().unwrap()).collect();
        assert_eq!(back.winning_moves.unwrap(), expected);
        assert_eq!(
            store.get(&a1).unwrap().unwrap().winning_moves.unwrap()[0],
            Move::Cell(Cell::new(1, 1))
        );
        assert_eq!(store.entries().unwrap().len(), 1);
        assert!(store.get(&opening("b1")).unwrap().is_none());
    }

    #[test]
    fn a_different_result_is_a_conflict_and_moves_fill_in() {
        let path = temp("conflict");
        let store = Store::open(&path).unwrap();
        let p = opening("b2");
        store.put(&p, &solved(Color::Black, None)).unwrap();
        store.put(&p, &solved(Color::Black, None)).unwrap();
        let err = store.put(&p, &solved(Color::White, None)).unwrap_err();
        assert!(err.to_string().contains("size=4"), "{err}");
        store.put(&p, &solved(Color::Black, Some(&["a1"]))).unwrap();
        assert!(store.put(&p, &solved(Color::Black, Some(&["a2"]))).is_err());
        assert_eq!(
            store.get(&p).unwrap().unwrap().winning_moves.unwrap().len(),
            1
        );
    }

    #[test]
    fn the_swap_option_is_part_of_the_key() {
        let mut open = Position::new(BoardSize::square(4).unwrap(), RulesConfig::default());
        open.play("b2".parse().unwrap()).unwrap();
        assert!(open.swap_legal());
        assert_ne!(Key::of(&open).text, Key::of(&opening("b2")).text);
    }

    #[test]
    fn merge_takes_every_row_and_refuses_conflicts() {
        let a_path = temp("merge-a");
        let a = Store::open(&a_path).unwrap();
        let b_path = temp("merge-b");
        let b = Store::open(&b_path).unwrap();
        let c_path = temp("merge-c");
        let c = Store::open(&c_path).unwrap();
        a.put(&opening("a1"), &solved(Color::Black, None)).unwrap();
        b.put(&opening("b1"), &solved(Color::White, None)).unwrap();
        b.put(&opening("d4"), &solved(Color::Black, None)).unwrap();
        assert_eq!(merge(&c, &[a, b]).unwrap(), 3);
        assert_eq!(c.entries().unwrap().len(), 2);
        let d_path = temp("merge-d");
        let d = Store::open(&d_path).unwrap();
        d.put(&opening("a1"), &solved(Color::White, None)).unwrap();
        assert!(matches!(merge(&c, &[d]), Err(StoreError::Conflict { .. })));
        assert_eq!(c.integrity_check().unwrap(), "ok");
    }
}
