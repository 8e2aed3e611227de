//! Minimal carriers of one connection, by search: the generators of the edge templates and the
//! edge pieces both derive their tables this way.
//!
//! A carrier is found by connection search on the whole region, then shrunk one cell at a time
//! while the two still connect; further minimal carriers are found by forbidding, in turn, each
//! cell of one already found (a search over forbidden sets, as in enumerating minimal
//! transversals), up to `max_forbidden` forbidden cells at once.

use std::collections::HashSet;

use crate::board::CellSet;

/// The minimal carriers found on `region`, in the order found. `connects` answers the carrier
/// of a connection playing only on the cells it is given, or `None` (also when its budget runs
/// out: then a carrier may be missed or left larger than minimal, never wrong).
pub fn minimal_carriers(
    region: CellSet,
    max_forbidden: usize,
    connects: impl Fn(CellSet) -> Option<CellSet>,
) -> Vec<CellSet> {
    let minimise = |mut carrier: CellSet| {
        for cell in carrier.iter().rev() {
            if let Some(found) = connects(carrier - CellSet::single(cell)) {
                carrier = found;
            }
        }
        carrier
    };
    let mut found: Vec<CellSet> = Vec::new();
    let mut seen: HashSet<CellSet> = HashSet::new();
    let mut stack = vec![CellSet::new()];
    while let Some(forbidden) = stack.pop() {
        if !seen.insert(forbidden) {
            continue;
        }
        let existing = found.iter().find(|c| !c.intersects(&forbidden)).copied();
        let carrier = match existing {
            Some(c) => c,
            None => match connects(region - forbidden) {
                Some(c) => {
                    let minimal = minimise(c);
                    found.push(minimal);
                    minimal
                }
                None => continue,
            },
        };
        if forbidden.len() < max_forbidden {
            for cell in carrier.iter() {
                stack.push(forbidden | CellSet::single(cell));
            }
        }
    }
    found
}
