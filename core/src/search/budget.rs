//! How much work a computation may do, and a flag that stops it early.
//!
//! A [`Budget`] holds a node limit, an optional time limit and a cancel flag that another
//! thread (or the page, through the worker) may set at any time. Each thread working under it
//! counts its own nodes in a [`Meter`] and looks at the shared state only every
//! [`CHECK_EVERY`] nodes, so the hot loop pays one increment and one comparison per node. At
//! the speeds of this engine's searches (a few microseconds per node at most) a check comes
//! well within 10 ms of the flag being set.
//!
//! Time is read through a clock the caller passes in (milliseconds from any fixed origin):
//! the engine has no clock of its own, because `std::time::Instant` does not exist in the
//! browser's WebAssembly. [`native_clock`] serves native callers; the page passes
//! `Date.now`.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

/// Nodes a [`Meter`] counts before it looks at the shared limits and flag again.
pub const CHECK_EVERY: u64 = 256;

/// Why a computation stopped before its end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stopped {
    /// The node limit was reached.
    Nodes,
    /// The time limit passed.
    Time,
    /// Someone set the cancel flag.
    Cancelled,
}

impl std::fmt::Display for Stopped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Stopped::Nodes => "the node limit was reached",
            Stopped::Time => "the time limit passed",
            Stopped::Cancelled => "it was cancelled",
        })
    }
}

/// A limit on work shared by every thread doing it (cloning shares it).
///
/// Invariant: `spent` only grows, by what meters have counted; once `cancel` is set it stays
/// set.
#[derive(Clone, Debug)]
pub struct Budget {
    nodes: u64,
    deadline: Option<(fn() -> f64, f64)>,
    cancel: Arc<AtomicBool>,
    spent: Arc<AtomicU64>,
}

impl Budget {
    /// At most `nodes` nodes in all (over every thread), no time limit.
    #[must_use]
    pub fn nodes(nodes: u64) -> Budget {
        Budget {
            nodes,
            deadline: None,
            cancel: Arc::new(AtomicBool::new(false)),
            spent: Arc::new(AtomicU64::new(0)),
        }
    }

    /// No limit but the cancel flag.
    #[must_use]
    pub fn unlimited() -> Budget {
        Budget::nodes(u64::MAX)
    }

    /// The same budget, also stopping `millis` milliseconds from now by `clock`.
    #[must_use]
    pub fn with_time_limit(mut self, millis: f64, clock: fn() -> f64) -> Budget {
        self.deadline = Some((clock, clock() + millis.max(0.0)));
        self
    }

    /// The flag that stops the work when set (from any thread).
    #[must_use]
    pub fn cancel_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.cancel)
    }

    /// Sets the cancel flag.
    pub fn cancel(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }

    /// The node limit.
    #[must_use]
    pub fn node_limit(&self) -> u64 {
        self.nodes
    }

    /// Whether the cancel flag is set or the time limit has passed (the node limit aside: a
    /// search that counts its own nodes asks this every so often).
    #[must_use]
    pub fn stopped(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
            || self
                .deadline
                .is_some_and(|(clock, deadline)| clock() >= deadline)
    }

    /// Nodes counted so far by every meter (up to [`CHECK_EVERY`] per meter behind).
    #[must_use]
    pub fn spent(&self) -> u64 {
        self.spent.load(Ordering::Relaxed)
    }

    /// A counter for one thread's work under this budget.
    #[must_use]
    pub fn meter(&self) -> Meter<'_> {
        Meter {
            budget: self,
            unreported: 0,
            stopped: None,
        }
    }

    /// Whether the work must stop now, and why, once `more` nodes are added to what is spent.
    fn charge(&self, more: u64) -> Result<(), Stopped> {
        let spent = self
            .spent
            .fetch_add(more, Ordering::Relaxed)
            .saturating_add(more);
        if self.cancel.load(Ordering::Relaxed) {
            return Err(Stopped::Cancelled);
        }
        if spent >= self.nodes {
            return Err(Stopped::Nodes);
        }
        if let Some((clock, deadline)) = self.deadline {
            if clock() >= deadline {
                return Err(Stopped::Time);
            }
        }
        Ok(())
    }
}

/// One thread's node count under a [`Budget`], reported to it every [`CHECK_EVERY`] nodes.
#[derive(Debug)]
pub struct Meter<'a> {
    budget: &'a Budget,
    unreported: u64,
    /// Why the work stopped, once it has (kept: every later tick says so too).
    stopped: Option<Stopped>,
}

impl Meter<'_> {
    /// Counts one node; an error once the work must stop (and on every call after).
    #[inline]
    pub fn tick(&mut self) -> Result<(), Stopped> {
        self.unreported += 1;
        if self.unreported < CHECK_EVERY && self.stopped.is_none() {
            return Ok(());
        }
        self.check()
    }

    /// Reports the nodes counted and asks whether the work must stop.
    pub fn check(&mut self) -> Result<(), Stopped> {
        if let Some(why) = self.stopped {
            return Err(why);
        }
        let more = std::mem::take(&mut self.unreported);
        self.budget
            .charge(more)
            .inspect_err(|&why| self.stopped = Some(why))
    }
}

impl Drop for Meter<'_> {
    fn drop(&mut self) {
        self.budget
            .spent
            .fetch_add(self.unreported, Ordering::Relaxed);
    }
}

/// Milliseconds since the first call, from the native monotonic clock (not in the browser:
/// there `std::time::Instant` panics, and the page passes `Date.now` instead).
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
#[must_use]
pub fn native_clock() -> f64 {
    static START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
    START
        .get_or_init(std::time::Instant::now)
        .elapsed()
        .as_secs_f64()
        * 1000.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_node_limit_stops_within_one_check() {
        let budget = Budget::nodes(1000);
        let mut meter = budget.meter();
        let mut done = 0u64;
        while meter.tick().is_ok() {
            done += 1;
        }
        assert!(
            (1000 - CHECK_EVERY..1000 + CHECK_EVERY).contains(&done),
            "{done}"
        );
        assert_eq!(meter.tick(), Err(Stopped::Nodes));
    }

    #[test]
    fn another_thread_cancels() {
        let budget = Budget::unlimited();
        let flag = budget.cancel_flag();
        let stopped = std::thread::scope(|s| {
            let worker = s.spawn(|| {
                let mut meter = budget.meter();
                loop {
                    if let Err(why) = meter.tick() {
                        return why;
                    }
                    std::hint::spin_loop();
                }
            });
            std::thread::sleep(std::time::Duration::from_millis(5));
            flag.store(true, Ordering::Relaxed);
            worker.join().unwrap()
        });
        assert_eq!(stopped, Stopped::Cancelled);
    }

    #[test]
    fn threads_share_one_count() {
        let budget = Budget::nodes(100_000);
        let per_thread: Vec<u64> = std::thread::scope(|s| {
            let handles: Vec<_> = (0..4)
                .map(|_| {
                    s.spawn(|| {
                        let mut meter = budget.meter();
                        let mut n = 0;
                        while meter.tick().is_ok() {
                            n += 1;
                        }
                        n
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        let total: u64 = per_thread.iter().sum();
        assert!(total < 100_000 + 4 * CHECK_EVERY, "{total}");
        assert!(budget.spent() >= 100_000);
    }

    #[test]
    fn a_time_limit_stops() {
        let started = std::time::Instant::now();
        let budget = Budget::unlimited().with_time_limit(20.0, native_clock);
        let mut meter = budget.meter();
        while meter.tick().is_ok() {}
        assert_eq!(meter.check(), Err(Stopped::Time));
        assert!(started.elapsed() >= std::time::Duration::from_millis(20));
    }
}
