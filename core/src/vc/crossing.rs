//! The crossing rule (Henderson 2010, §4.1.2, Theorem 9; Henderson, Arneson and Hayward,
//! "Hex, braids, the crossing rule, and XH-search").
//!
//! Given two empty cells x and y joined by three semi connections S1, S2, S3 with pairwise
//! disjoint carriers, where S1 has a partition chain z1 that S2 lacks and S2 one, z2, that S1
//! lacks, the player has a semi connection between z1 and z2 with key x (or y) and carrier
//! {x, y} ∪ C1 ∪ C2 ∪ C3. Its own partition chains are taken as none.

use crate::board::Cell;

use super::carrier::CarrierSet;
use super::connection::{Chains, Semi};
use super::points::PointId;

/// The point ids of the chains in `chains`.
fn ids(chains: Chains) -> impl Iterator<Item = PointId> {
    (0..64).filter(move |i| chains & (1 << i) != 0)
}

/// Whether the crossing rule can deduce anything from the new semi connection on `new` and its
/// pair's list (`(carrier, chains)` of each, the new one among them): two of the others must
/// miss it, and two of the three must have partition chains. Stops reading as soon as both hold.
pub fn possible<C: CarrierSet>(new: C, list: impl Iterator<Item = (C, Chains)>) -> bool {
    let (mut disjoint, mut chained) = (0, 0);
    for (carrier, chains) in list {
        disjoint += usize::from(!carrier.intersects(&new));
        chained += usize::from(chains != 0);
        if disjoint >= 2 && chained >= 2 {
            return true;
        }
    }
    false
}

/// The semi connections the crossing rule deduces from the new semi connection `new` between
/// the empty cells `x` and `y` (`ends` is the set of the two) and the pair's other semi
/// connections: `(z1, z2, semi)`, the endpoints as point ids.
#[must_use]
pub fn deductions<C: CarrierSet>(
    x: Cell,
    ends: C,
    new: Semi<C>,
    others: &[Semi<C>],
) -> Vec<(PointId, PointId, Semi<C>)> {
    let mut out = Vec::new();
    for (i, second) in others.iter().enumerate() {
        if second.carrier.intersects(&new.carrier) {
            continue;
        }
        for third in &others[i + 1..] {
            if third.carrier.intersects(&new.carrier) || third.carrier.intersects(&second.carrier) {
                continue;
            }
            let carrier = new.carrier | second.carrier | third.carrier | ends;
            let crossed = Semi {
                carrier,
                key: x,
                chains: 0,
            };
            let triple = [new, *second, *third];
            for (p, q) in [(0, 1), (0, 2), (1, 2)] {
                let (s1, s2) = (triple[p].chains, triple[q].chains);
                let (only1, only2) = (s1 & !s2, s2 & !s1);
                for z1 in ids(only1) {
                    for z2 in ids(only2) {
                        out.push((z1, z2, crossed));
                    }
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_point;

    fn cells(names: &[&str]) -> crate::board::CellSet {
        names.iter().map(|n| parse_point(n).unwrap()).collect()
    }

    fn semi(key: &str, carrier: &[&str], chains: Chains) -> Semi {
        Semi {
            carrier: cells(carrier),
            key: parse_point(key).unwrap(),
            chains,
        }
    }

    #[test]
    fn three_disjoint_semis_with_distinct_chains_cross() {
        let (x, ends) = (parse_point("c3").unwrap(), cells(&["c3", "d3"]));
        let s1 = semi("a1", &["a1", "a2"], 0b1);
        let s2 = semi("b1", &["b1", "b2"], 0b100);
        let s3 = semi("c1", &["c1", "c2"], 0);
        let found = deductions(x, ends, s1, &[s2, s3]);
        assert_eq!(found.len(), 1);
        let (z1, z2, crossed) = found[0];
        assert_eq!((z1, z2), (0, 2), "the chains of point ids 0 and 2");
        assert_eq!(
            crossed.carrier,
            cells(&["a1", "a2", "b1", "b2", "c1", "c2", "c3", "d3"])
        );
        assert_eq!(crossed.key, x);
    }

    #[test]
    fn overlapping_or_chainless_semis_do_not_cross() {
        let (x, ends) = (parse_point("c3").unwrap(), cells(&["c3", "d3"]));
        let s1 = semi("a1", &["a1", "a2"], 0b1);
        let s2 = semi("b1", &["b1", "a2"], 0b100);
        let s3 = semi("c1", &["c1", "c2"], 0);
        assert!(deductions(x, ends, s1, &[s2, s3]).is_empty());
        let s2 = semi("b1", &["b1", "b2"], 0b1);
        assert!(deductions(x, ends, s1, &[s2, s3]).is_empty());
    }
}
