#[cfg(test)]
mod tests {
    use super::super::frame::Frame;
    use super::super::geometry::all_classes;
    use super::super::local::is_locally_dead;
    use super::super::search::close;

    #[test]
    #[ignore]
    fn time_dead() {
        for class in all_classes() {
            if class.name == "r2-interior" && std::env::var("FULL").is_err() {
                continue;
            }
            let t = std::time::Instant::now();
            let stab: Vec<usize> = (0..class.group.len()).collect();
            let frame = Frame::new(&class, 1, stab);
            let c = close(&class, &frame, |b, w| is_locally_dead(&class, b, w, 0));
            println!(
                "{} size {} tested {} minimal {} covered {} in {:?}",
                class.name,
                frame.size,
                c.tested,
                c.minimal.len(),
                c.covered.count(),
                t.elapsed()
            );
        }
    }
}
