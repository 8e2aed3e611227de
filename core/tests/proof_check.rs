//! An independent checker of the solver's proofs (`Solver::certificate`), and the check that
//! it accepts the solver's proofs and rejects broken ones.
//!
//! The checker trusts nothing of the solver: it replays the proof on the position with the
//! rules only (`Position::play`, `Position::winner`), requires every legal reply of the loser
//! at the loser's turns, and verifies each connection leaf by exhaustive search over its
//! carrier: the winner, playing only inside the carrier, must join its edges whatever the loser
//! plays there, the loser moving first (a full connection) or the winner first from its key (a
//! semi one). The loser's moves outside the carrier cannot cut a chain inside it, so the
//! restricted game decides the claim.

mod support;

use hexlab_core::rng::Rng;
use hexlab_core::search::Budget;
use hexlab_core::solver::certificate::legal_moves;
use hexlab_core::solver::{Certificate, Features, Solver};
use hexlab_core::{BoardSize, Cell, CellSet, Color, Move, Position};
use support::brute::Brute;
use support::games;

/// Whether `cert` proves that `winner` wins `position`; `Err` says where it breaks.
fn check(position: &Position, winner: Color, cert: &Certificate) -> Result<(), String> {
    match cert {
        Certificate::GameOver => (position.winner() == Some(winner))
            .then_some(())
            .ok_or_else(|| "a leaf claims a finished game that is not".into()),
        Certificate::Connection { carrier, key } => {
            if !carrier.is_subset(&position.empty_cells()) {
                return Err("a carrier holds a stone".into());
            }
            let holds = match key {
                None => restricted_win(position, winner, *carrier, winner.opponent()),
                Some(k) => {
                    if position.to_move() != winner || !carrier.contains(*k) {
                        return Err("a semi connection's key is not the winner's to play".into());
                    }
                    let mut after = position.clone();
                    after
                        .set_stone(*k, Some(winner))
                        .map_err(|e| e.to_string())?;
                    let mut rest = *carrier;
                    rest.discard(*k);
                    restricted_win(&after, winner, rest, winner.opponent())
                }
            };
            holds
                .then_some(())
                .ok_or_else(|| format!("a connection leaf does not hold: carrier {carrier:?}"))
        }
        Certificate::Move { mv, then } => {
            if position.to_move() != winner {
                return Err("the winner moves out of turn".into());
            }
            let mut child = position.clone();
            child.play(*mv).map_err(|e| format!("{mv}: {e}"))?;
            check(&child, winner, then)
        }
        Certificate::Replies { replies } => {
            if position.to_move() == winner {
                return Err("replies at the winner's turn".into());
            }
            let mut expected: Vec<String> = legal_moves(position)
                .iter()
                .map(ToString::to_string)
                .collect();
            let mut given: Vec<String> = replies.iter().map(|(m, _)| m.to_string()).collect();
            expected.sort();
            given.sort();
            if expected != given {
                return Err(format!(
                    "replies {given:?} are not every legal move {expected:?}"
                ));
            }
            for (mv, then) in replies {
                let mut child = position.clone();
                child.play(*mv).map_err(|e| format!("{mv}: {e}"))?;
                check(&child, winner, then).map_err(|e| format!("after {mv}: {e}"))?;
            }
            Ok(())
        }
    }
}

/// Whether `winner` joins its edges on `position` playing only in `cells`, the players
/// alternating there with `first` to move (the rest of the board left as it is). Memoised on
/// which carrier cells each player holds.
fn restricted_win(position: &Position, winner: Color, cells: CellSet, first: Color) -> bool {
    let list: Vec<Cell> = cells.iter().collect();
    assert!(list.len() <= 32, "carrier too large for the checker");
    let mut board = position.clone();
    let mut memo = std::collections::HashMap::new();
    search(&mut board, winner, &list, (0, 0), first, &mut memo)
}

fn search(
    board: &mut Position,
    winner: Color,
    cells: &[Cell],
    held: (u32, u32),
    mover: Color,
    memo: &mut std::collections::HashMap<(u32, u32, bool), bool>,
) -> bool {
    if board.has_connected(winner) {
        return true;
    }
    let key = (held.0, held.1, mover == winner);
    if let Some(&known) = memo.get(&key) {
        return known;
    }
    let taken = held.0 | held.1;
    let mut outcome = mover != winner; // the loser must find a refutation; the winner a win
    let mut any = false;
    for (i, &cell) in cells.iter().enumerate() {
        if taken & (1 << i) != 0 {
            continue;
        }
        any = true;
        board.set_stone(cell, Some(mover)).unwrap();
        let next = if mover == winner {
            (held.0 | 1 << i, held.1)
        } else {
            (held.0, held.1 | 1 << i)
        };
        let wins = search(board, winner, cells, next, mover.opponent(), memo);
        board.set_stone(cell, None).unwrap();
        if mover == winner && wins {
            outcome = true;
            break;
        }
        if mover != winner && !wins {
            outcome = false;
            break;
        }
    }
    if !any {
        outcome = false;
    }
    memo.insert(key, outcome);
    outcome
}

fn certificates(size: u32, count: usize, seed: u64) -> Vec<(Position, Color, Certificate)> {
    let seed = games::seed(&format!("proofs {size}x{size}"), seed);
    let mut rng = Rng::new(seed);
    let board = BoardSize::square(size).unwrap();
    let solver = Solver::new(16, Features::default());
    let mut brute = Brute::new(size as usize, size as usize, hexlab_core::Rules::Hex);
    let mut out = Vec::new();
    // On 4x4, only positions with at least 7 stones: a certificate settles every reply of the
    // loser, which on a nearly empty board is most of the game tree.
    let fewest = if size >= 4 { 7 } else { 0 };
    while out.len() < count {
        let position = if out.len() % 2 == 0 {
            games::random_setup(&mut rng, board)
        } else {
            games::unfinished_game(&mut rng, board, |r| 3 + r.below(8))
        };
        if position.occupied().len() < fewest {
            continue;
        }
        let winner = brute.value(&brute.small(&position));
        match solver.certificate(&position, winner, &Budget::unlimited(), 500) {
            // Proofs that are one connection leaf test little: keep those with moves.
            Ok(cert) if cert.size() > 1 => out.push((position, winner, cert)),
            Ok(_) => {}
            Err(hexlab_core::solver::CertificateError::TooLarge) => {}
            Err(e) => panic!("no certificate for a position the brute force solves: {e:?}"),
        }
    }
    out
}

#[test]
fn the_solvers_proofs_check() {
    let mut nodes = 0;
    for size in [4] {
        for (position, winner, cert) in certificates(size, 30, 70 + u64::from(size)) {
            nodes += cert.size();
            check(&position, winner, &cert).unwrap_or_else(|e| {
                panic!("the checker rejects a proof of {}: {e}", position.diagram())
            });
        }
    }
    println!("{nodes} proof nodes checked");
    assert!(nodes > 100, "{nodes}");
}

/// Each way of breaking a proof is caught.
#[test]
fn broken_proofs_are_rejected() {
    let mut broken = [0usize; 4];
    for (position, winner, cert) in certificates(4, 30, 91) {
        // 1. A reply left out.
        if let Some(bad) = drop_a_reply(&cert) {
            assert!(check(&position, winner, &bad).is_err());
            broken[0] += 1;
        }
        // 2. The winner's move replaced by a losing one.
        if let Certificate::Move { mv, then } = &cert {
            let mut brute = Brute::new(4, 4, hexlab_core::Rules::Hex);
            let small = brute.small(&position);
            let winning: Vec<Move> = brute
                .winning_moves(&small)
                .into_iter()
                .map(|b| Move::Cell(brute.cell(b)))
                .collect();
            if let Some(losing) = legal_moves(&position)
                .into_iter()
                .find(|m| !winning.contains(m))
            {
                let bad = Certificate::Move {
                    mv: losing,
                    then: then.clone(),
                };
                assert!(check(&position, winner, &bad).is_err(), "{mv} -> {losing}");
                broken[1] += 1;
            }
        }
        // 3. A carrier cut down to nothing but its key, or emptied.
        if let Some(bad) = shrink_a_carrier(&cert) {
            if check(&position, winner, &bad).is_err() {
                broken[2] += 1;
            }
        }
        // 4. The other player named the winner.
        assert!(check(&position, winner.opponent(), &cert).is_err());
        broken[3] += 1;
    }
    println!("broken proofs rejected: {broken:?}");
    assert!(broken.iter().all(|&n| n > 0), "{broken:?}");
}

fn drop_a_reply(cert: &Certificate) -> Option<Certificate> {
    match cert {
        Certificate::Replies { replies } if replies.len() > 1 => Some(Certificate::Replies {
            replies: replies[1..].to_vec(),
        }),
        Certificate::Move { mv, then } => drop_a_reply(then).map(|t| Certificate::Move {
            mv: *mv,
            then: Box::new(t),
        }),
        _ => None,
    }
}

fn shrink_a_carrier(cert: &Certificate) -> Option<Certificate> {
    match cert {
        Certificate::Connection { carrier, key } if carrier.len() > 1 => {
            let mut smaller = CellSet::new();
            if let Some(k) = key {
                smaller.insert(*k);
            }
            Some(Certificate::Connection {
                carrier: smaller,
                key: *key,
            })
        }
        Certificate::Move { mv, then } => shrink_a_carrier(then).map(|t| Certificate::Move {
            mv: *mv,
            then: Box::new(t),
        }),
        Certificate::Replies { replies } => {
            for (i, (_, c)) in replies.iter().enumerate() {
                if let Some(t) = shrink_a_carrier(c) {
                    let mut replies = replies.clone();
                    replies[i].1 = t;
                    return Some(Certificate::Replies { replies });
                }
            }
            None
        }
        _ => None,
    }
}
