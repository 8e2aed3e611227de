//! Timing a search's answer to its cancel flag.

use std::time::{Duration, Instant};

use hexlab_core::search::Budget;

/// Runs `search` on another thread with an unlimited budget, sets the budget's cancel flag
/// after `after`, and returns the search's result and how long it took to return once the
/// flag was set.
pub fn latency<R: Send>(
    after: Duration,
    search: impl FnOnce(&Budget) -> R + Send,
) -> (R, Duration) {
    let budget = Budget::unlimited();
    let flag = budget.cancel_flag();
    std::thread::scope(|s| {
        let searching = s.spawn(|| {
            let result = search(&budget);
            (result, Instant::now())
        });
        std::thread::sleep(after);
        let cancelled = Instant::now();
        flag.store(true, std::sync::atomic::Ordering::Relaxed);
        let (result, done) = searching.join().expect("the search does not panic");
        (result, done.duration_since(cancelled))
    })
}
