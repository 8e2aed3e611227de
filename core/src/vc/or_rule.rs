//! The OR rule's combining step: semi connections whose carriers, once the cells set aside
//! (captured pairs) are left out, share no cell make a full connection on their union
//! (Henderson 2010, §2.9.2: any number of them). [`greedy_union`] serves the per-pair pass
//! H-search runs once the AND rule is done; [`or_rule`] the eager, depth-limited search of
//! `max_ors`, bounded by a budget of carriers tried.

use super::carrier::CarrierSet;

/// The union of carriers from `carriers` (less `set_aside`), taken in order when they shrink
/// the common cells of those taken so far, until none is left. The caller knows that all of
/// them together share no cell outside `set_aside`.
pub(super) fn greedy_union<C: CarrierSet>(carriers: &[C], set_aside: C) -> C {
    let mut taken = carriers.iter().map(|&c| c - set_aside);
    let Some(first) = taken.next() else {
        return C::default();
    };
    let (mut common, mut union) = (first, first);
    for carrier in taken {
        if common.is_empty() {
            break;
        }
        let shrunk = common & carrier;
        if shrunk != common {
            common = shrunk;
            union |= carrier;
        }
    }
    union
}

/// The OR rule: semi carriers (the new one, then at most `depth` of `others`) whose
/// intersection is empty give a full connection on their union. Returns the first union found.
///
/// Some chosen carrier must miss the intersection's lowest cell, so only those are tried there
/// (a set cover search: it finds a union whenever one within `depth` exists, trying smaller
/// carriers first as `others` comes smallest first). The search is exponential in `depth`: each
/// carrier tried takes one from `budget`, and once it is spent the search gives up (finding
/// nothing loses a connection, never soundness).
pub(super) fn or_rule<C: CarrierSet>(
    intersection: C,
    union: C,
    others: &[C],
    depth: usize,
    budget: &mut u32,
) -> Option<C> {
    if intersection.is_empty() {
        return Some(union);
    }
    if depth == 0 {
        return None;
    }
    let lowest = intersection.lowest();
    for other in others {
        if *budget == 0 {
            return None;
        }
        *budget -= 1;
        if other.intersects(&lowest) {
            continue;
        }
        let found = or_rule(
            intersection & *other,
            union | *other,
            others,
            depth - 1,
            budget,
        );
        if found.is_some() {
            return found;
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vc::carrier::Bits;

    /// The two-word carrier of the given slots.
    fn set(slots: &[u16]) -> Bits<2> {
        slots
            .iter()
            .fold(Bits::default(), |all, &s| all | Bits::single(s))
    }

    #[test]
    fn the_greedy_union_takes_only_carriers_that_shrink_the_common_cells() {
        // Any five of the six share a cell: all six are needed, beyond any depth-4 search.
        let six: Vec<Bits<2>> = (0..6)
            .map(|missing| set(&(0..6).filter(|&c| c != missing).collect::<Vec<_>>()))
            .collect();
        assert_eq!(
            greedy_union(&six, Bits::default()),
            set(&[0, 1, 2, 3, 4, 5])
        );
        assert_eq!(or_rule(six[0], six[0], &six[1..], 4, &mut 1000), None);
        // A carrier that shrinks nothing is left out; set-aside cells are not counted.
        let carriers = [set(&[1, 7, 9]), set(&[2, 3, 7, 9]), set(&[1, 8])];
        assert_eq!(greedy_union(&carriers, set(&[1, 2])), set(&[7, 8, 9]));
    }

    #[test]
    fn the_or_rule_finds_a_cover_within_its_depth() {
        let new = set(&[1, 2, 3]);
        // Each of 1, 2, 3 is missed by exactly one carrier; the first ones miss nothing.
        let others = [
            set(&[1, 2, 3, 9]),
            set(&[2, 3, 4]),
            set(&[1, 3, 5]),
            set(&[1, 2, 6]),
        ];
        assert_eq!(or_rule(new, new, &others, 2, &mut 100), None);
        let union = or_rule(new, new, &others, 3, &mut 100).expect("three carriers cover it");
        assert_eq!(union, set(&[1, 2, 3, 4, 5, 6]));
        assert_eq!(or_rule(new, new, &others[..2], 4, &mut 100), None);
    }

    #[test]
    fn the_or_rule_gives_up_when_its_budget_is_spent() {
        // Any five of the six share a cell: every search to depth 4 fails, after trying many
        // carriers; a small budget stops it early.
        let six: Vec<Bits<2>> = (0..6)
            .map(|missing| set(&(0..6).filter(|&c| c != missing).collect::<Vec<_>>()))
            .collect();
        let mut budget = 1_000_000;
        assert_eq!(or_rule(six[0], six[0], &six[1..], 4, &mut budget), None);
        assert!(1_000_000 - budget >= 20, "{budget}");
        let mut budget = 3;
        assert_eq!(or_rule(six[0], six[0], &six[1..], 4, &mut budget), None);
        assert_eq!(budget, 0);
        // A cover within the budget is found, one past it is not.
        let new = set(&[1, 2]);
        let others = [set(&[1, 9]), set(&[2, 3]), set(&[1, 3])];
        assert_eq!(
            or_rule(new, new, &others, 2, &mut 3),
            Some(set(&[1, 2, 3, 9]))
        );
        assert_eq!(or_rule(new, new, &others, 2, &mut 2), None);
    }
}
