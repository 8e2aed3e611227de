use hexlab_core::ica::{self, fillin, inferior, reversible};
use hexlab_core::{formats::code, Game};
use std::time::Instant;
fn main() {
    let text = std::env::args().nth(1).unwrap();
    let game: Game = code::read(&text).unwrap();
    let p = game.position().clone();
    let _ = ica::analyze(&p);
    let mover = p.to_move();
    let n = 10;
    let t = Instant::now();
    let mut filled = p.clone();
    for _ in 0..n {
        filled = fillin::fill(
            &p,
            fillin::FillPolicy::Both {
                dead_color: mover.opponent(),
            },
            p.cells(),
        )
        .0;
    }
    println!("fill {:?}", t.elapsed() / n);
    let t = Instant::now();
    let mut v = Vec::new();
    for _ in 0..n {
        v = inferior::vulnerable(&filled, mover);
    }
    println!("vulnerable {:?} ({})", t.elapsed() / n, v.len());
    let t = Instant::now();
    let cells = v.iter().map(|v| v.cell).collect();
    for _ in 0..n {
        let _ = reversible::reversible(&filled, mover, cells);
    }
    println!("reversible {:?}", t.elapsed() / n);
    let t = Instant::now();
    let mut d = Vec::new();
    for _ in 0..n {
        d = inferior::dominations(&filled, mover);
    }
    println!("dominations {:?} ({})", t.elapsed() / n, d.len());
}
