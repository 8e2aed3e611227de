//! Standard output without panics: every result line goes through [`line`] (or the
//! [`outln!`](crate::outln) macro), which returns an error instead of panicking as `println!`
//! does when the output is closed or full.
//!
//! What an error becomes is decided once, in `main` ([`Failure::exit`]): a closed pipe
//! (`hexlab ... | head -1`) ends the command quietly with status 0, as the reader asked for no
//! more; any other write error (a full disk) prints `hexlab: cannot write output: ...` and exits
//! with status 1; bad input exits with status 2.

use std::fmt;
use std::io::{self, Write};
use std::process::ExitCode;

use crate::args::UsageError;

/// Why a command stopped early.
#[derive(Debug)]
pub enum Failure {
    /// Bad input: a message on stderr, exit status 2.
    Usage(UsageError),
    /// Standard output could not be written.
    Output(io::Error),
    /// Standard input could not be read (GTP).
    Input(io::Error),
    /// A check the command makes failed (a benchmark's result differs from the known one):
    /// exit status 1.
    Wrong(String),
}

impl From<UsageError> for Failure {
    fn from(e: UsageError) -> Self {
        Failure::Usage(e)
    }
}

impl<E: std::error::Error> From<E> for Failure {
    /// Errors of the core (bad positions, cells, sizes) are bad input.
    fn from(e: E) -> Self {
        Failure::Usage(UsageError(e.to_string()))
    }
}

impl Failure {
    /// Reports the failure on stderr (nothing for a closed pipe) and gives the exit status.
    pub fn exit(self) -> ExitCode {
        let (message, status) = match self {
            Failure::Output(e) if e.kind() == io::ErrorKind::BrokenPipe => {
                return ExitCode::SUCCESS
            }
            Failure::Usage(e) => (e.to_string(), 2),
            Failure::Output(e) => (format!("cannot write output: {e}"), 1),
            Failure::Input(e) => (format!("cannot read input: {e}"), 1),
            Failure::Wrong(message) => (message, 1),
        };
        // Nothing more can be done when stderr is closed too.
        let _ = writeln!(io::stderr().lock(), "hexlab: {message}");
        ExitCode::from(status)
    }
}

/// Prints `value` as one line of JSON.
pub fn print_json<T: serde::Serialize>(value: &T) -> Result<(), Failure> {
    crate::outln!("{}", serde_json::to_string(value)?)?;
    Ok(())
}

/// Writes `text` to standard output and flushes it.
pub fn text(text: &str) -> Result<(), Failure> {
    write_flushed(|out| out.write_all(text.as_bytes()))
}

/// Writes one formatted line to standard output and flushes it (see [`outln!`](crate::outln)).
pub fn line(args: fmt::Arguments<'_>) -> Result<(), Failure> {
    write_flushed(|out| writeln!(out, "{args}"))
}

fn write_flushed(
    write: impl FnOnce(&mut io::StdoutLock<'static>) -> io::Result<()>,
) -> Result<(), Failure> {
    let mut out = io::stdout().lock();
    write(&mut out)
        .and_then(|()| out.flush())
        .map_err(Failure::Output)
}

/// `println!` that returns a [`Failure`] instead of panicking: `outln!("{x}")?;`.
#[macro_export]
macro_rules! outln {
    ($($arg:tt)*) => {
        $crate::output::line(format_args!($($arg)*))
    };
}
