//! A GTP session over a byte stream: lines in, answers out, and what a client may send or be
//! sent while a command runs.
//!
//! Three threads share the work, so that a long command can be watched while it runs:
//! - a **reader** reads the input line by line ahead of the engine (at most [`LINES_AHEAD`]
//!   lines waiting, each at most 1 MiB) and numbers them. When it reads `# interrupt` (what
//!   GoGui and HexGui send when their Stop button is pressed, as Benzene's engines read it) it
//!   marks every command read before it as interrupted; a command still running sees the mark
//!   and stops early (see [`watch`]). The reader is not joined: it may wait on an input
//!   the client never closes, and it ends when the process does.
//! - the **engine** (the caller's thread) answers the lines in order.
//! - a **writer** writes, in the order they are sent, the answers and the `gogui-gfx:` blocks a
//!   command shows before its answer (HexGui's live drawing). Its queue is short, so a client
//!   that reads no answers slows the engine down instead of filling memory.
//!
//! Invariant: line `n` (from 1) is the `n`-th line the reader forwarded, the engine answers
//! them in that order, and `interrupted >= n` once a `# interrupt` was read after line `n`.

use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, SyncSender};
use std::sync::Arc;
use std::time::{Duration, Instant};

use hexlab_core::search::Budget;

use crate::output::Failure;

use super::{read_line, Engine};

/// Input lines the reader may hold before the engine takes them.
const LINES_AHEAD: usize = 4;

/// Answers and drawings the writer may hold before the engine waits for it.
const WRITES_AHEAD: usize = 16;

/// The comment that interrupts the commands sent before it.
const INTERRUPT: &[u8] = b"# interrupt";

/// How often a watched command redraws (Benzene's solver draws at most once a second).
pub const DRAW_EVERY: Duration = Duration::from_secs(1);

/// How often a watched command looks for an interrupt.
const POLL: Duration = Duration::from_millis(10);

/// What a running command may reach: the writer (for drawings shown before its answer) and the
/// interrupt mark.
pub struct Live {
    out: SyncSender<String>,
    /// The number of the last line a `# interrupt` came after.
    interrupted: Arc<AtomicU64>,
    /// The number of the line being answered.
    current: u64,
}

/// One line as the reader forwards it: its bytes and whether it was cut at 1 MiB.
type Line = io::Result<(Vec<u8>, bool)>;

impl Engine {
    /// Reads commands from `input` and answers on `output` until `quit` or end of input; a
    /// closed output ends the session too (as [`Failure::Output`], which exits quietly).
    /// Input is read as bytes, line by line, so no input line ends the session.
    pub fn run<R, W>(&mut self, input: R, output: W) -> Result<(), Failure>
    where
        R: BufRead + Send + 'static,
        W: Write + Send,
    {
        let interrupted = Arc::new(AtomicU64::new(0));
        let lines = spawn_reader(input, Arc::clone(&interrupted));
        let (out, answers) = mpsc::sync_channel::<String>(WRITES_AHEAD);
        std::thread::scope(|scope| {
            let writer = scope.spawn(move || write_each(output, &answers));
            self.live = Some(Live {
                out,
                interrupted,
                current: 0,
            });
            let served = self.serve(&lines);
            // Dropping the last sender ends the writer once it has written everything.
            self.live = None;
            let written = writer
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            served.and(written.map_err(Failure::Output))
        })
    }

    /// Answers the reader's lines until `quit`, the end of input, or the writer failing (its
    /// error is the session's).
    fn serve(&mut self, lines: &Receiver<Line>) -> Result<(), Failure> {
        for line in lines {
            let (line, cut) = line.map_err(Failure::Input)?;
            if let Some(live) = &mut self.live {
                live.current += 1;
            }
            if let Some(reply) = self.handle_bytes(&line, cut) {
                if !self.show(reply) {
                    break;
                }
            }
            if self.quit {
                break;
            }
        }
        Ok(())
    }

    /// Sends `text` to the writer; false when the output is gone (or there is no session).
    pub(super) fn show(&self, text: String) -> bool {
        self.live.as_ref().is_some_and(|live| live.show(text))
    }
}

impl Live {
    /// Sends `text` to the writer; false when the output is gone.
    fn show(&self, text: String) -> bool {
        self.out.send(text).is_ok()
    }

    /// Whether a `# interrupt` came after the command being answered.
    fn interrupted(&self) -> bool {
        self.interrupted.load(Ordering::Relaxed) >= self.current
    }
}

/// Runs `work` on a thread of its own while this thread watches it for the session `live`
/// (none when the engine is driven line by line): an interrupt sets `budget`'s cancel flag
/// (seen within [`POLL`]), and every [`DRAW_EVERY`] the block `draw` returns, if any, is
/// written before the command's answer (HexGui draws it at once).
pub fn watch<T: Send>(
    live: Option<&Live>,
    budget: &Budget,
    work: impl FnOnce() -> T + Send,
    draw: impl Fn() -> Option<String>,
) -> T {
    let watcher = std::thread::current();
    std::thread::scope(|scope| {
        let worker = scope.spawn(move || {
            let result = work();
            watcher.unpark();
            result
        });
        let mut drawn = Instant::now();
        while !worker.is_finished() {
            if live.is_some_and(Live::interrupted) {
                budget.cancel();
            }
            if drawn.elapsed() >= DRAW_EVERY {
                if let (Some(live), Some(block)) = (live, draw()) {
                    live.show(block);
                }
                drawn = Instant::now();
            }
            std::thread::park_timeout(POLL);
        }
        worker
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
    })
}

/// Starts the reader thread: it numbers lines as it forwards them and marks interrupts.
fn spawn_reader<R: BufRead + Send + 'static>(
    mut input: R,
    interrupted: Arc<AtomicU64>,
) -> Receiver<Line> {
    let (tx, rx) = mpsc::sync_channel::<Line>(LINES_AHEAD);
    std::thread::spawn(move || {
        let mut forwarded = 0u64;
        loop {
            let mut line = Vec::new();
            let item = match read_line(&mut input, &mut line) {
                Ok(None) => return,
                Ok(Some(_)) if line.trim_ascii() == INTERRUPT => {
                    interrupted.store(forwarded, Ordering::Relaxed);
                    continue;
                }
                Ok(Some(cut)) => Ok((line, cut)),
                Err(e) => Err(e),
            };
            let failed = item.is_err();
            forwarded += 1;
            if tx.send(item).is_err() || failed {
                return;
            }
        }
    });
    rx
}

/// Writes each text as it comes, flushing after each; stops at the first error.
fn write_each<W: Write>(mut output: W, texts: &Receiver<String>) -> io::Result<()> {
    for text in texts {
        output.write_all(text.as_bytes())?;
        output.flush()?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The reader numbers the lines it forwards and marks, on `# interrupt`, every line read
    /// before it; a command is interrupted when its number is at most the mark. (Driven end
    /// to end in `core/tests/hexgui.rs`: solves cost more memory than this process's GTP fuzz
    /// test allows beside it.)
    #[test]
    fn interrupt_marks_the_lines_before_it() {
        let interrupted = Arc::new(AtomicU64::new(0));
        let input = "name\n  # interrupt \nversion\n# interrupted\n";
        let lines = spawn_reader(
            io::Cursor::new(input.as_bytes().to_vec()),
            Arc::clone(&interrupted),
        );
        let got: Vec<Vec<u8>> = lines.iter().map(|l| l.unwrap().0).collect();
        assert_eq!(got, [&b"name"[..], b"version", b"# interrupted"]);
        assert_eq!(interrupted.load(Ordering::Relaxed), 1);
        let (out, _answers) = mpsc::sync_channel(1);
        let live = |current| Live {
            out: out.clone(),
            interrupted: Arc::clone(&interrupted),
            current,
        };
        assert!(live(1).interrupted());
        assert!(!live(2).interrupted());
    }

    /// A closed output ends the session quietly, however much input is left.
    #[test]
    fn a_closed_output_ends_the_session() {
        struct Closed;
        impl Write for Closed {
            fn write(&mut self, _: &[u8]) -> io::Result<usize> {
                Err(io::ErrorKind::BrokenPipe.into())
            }
            fn flush(&mut self) -> io::Result<()> {
                Ok(())
            }
        }
        let input = "name\n".repeat(10_000);
        let result = Engine::new(1).run(io::Cursor::new(input.into_bytes()), Closed);
        assert!(matches!(result, Err(Failure::Output(_))));
    }
}
