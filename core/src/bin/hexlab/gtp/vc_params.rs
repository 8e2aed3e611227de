//! `param_player_vc`: H-search's limits over GTP, under Benzene's parameter names, so HexGui's
//! parameter dialog and scripts written for Benzene can set them.
//!
//! Without arguments it lists every parameter as `[type] name value`, one per line (the form
//! HexGui's `param` dialog reads); `param_player_vc NAME VALUE` sets one.

use hexlab_core::vc::hsearch::MAX_PER_PAIR;
use hexlab_core::vc::Limits;

/// A parameter: its name, whether it is a switch (0 or 1), the least and largest values it
/// takes, and how to read and write it.
struct Param {
    name: &'static str,
    switch: bool,
    least: usize,
    most: usize,
    get: fn(&Limits) -> usize,
    set: fn(&mut Limits, usize),
}

/// The largest `max_ors` (Benzene's default is 4; the eager OR rule is a search exponential in
/// it, bounded per connection, so larger values would only cost time).
const MAX_ORS: usize = 8;

const PARAMS: &[Param] = &[
    Param {
        name: "and_over_edge",
        switch: true,
        least: 0,
        most: 1,
        get: |l| usize::from(l.and_over_edges),
        set: |l, v| l.and_over_edges = v != 0,
    },
    Param {
        name: "max_ors",
        switch: false,
        least: 0,
        most: MAX_ORS,
        get: |l| l.or_depth,
        set: |l, v| l.or_depth = v,
    },
    Param {
        name: "limit_fulls",
        switch: true,
        least: 0,
        most: 1,
        get: |l| usize::from(l.limit_fulls),
        set: |l, v| l.limit_fulls = v != 0,
    },
    Param {
        name: "softlimit_full",
        switch: false,
        least: 1,
        most: MAX_PER_PAIR,
        get: |l| l.full_per_pair,
        set: |l, v| l.full_per_pair = v,
    },
    Param {
        name: "softlimit_semi",
        switch: false,
        least: 1,
        most: MAX_PER_PAIR,
        get: |l| l.semi_per_pair,
        set: |l, v| l.semi_per_pair = v,
    },
    Param {
        name: "use_captured_sets",
        switch: true,
        least: 0,
        most: 1,
        get: |l| usize::from(l.captured_sets),
        set: |l, v| l.captured_sets = v != 0,
    },
    Param {
        name: "use_crossing_rule",
        switch: true,
        least: 0,
        most: 1,
        get: |l| usize::from(l.crossing_rule),
        set: |l, v| l.crossing_rule = v != 0,
    },
    Param {
        name: "use_patterns",
        switch: true,
        least: 0,
        most: 1,
        get: |l| usize::from(l.edge_templates),
        set: |l, v| l.edge_templates = v != 0,
    },
];

/// Answers `param_player_vc [NAME VALUE]` on `limits`.
pub fn command(limits: &mut Limits, args: &[&str]) -> Result<String, String> {
    match args {
        [] => Ok(PARAMS
            .iter()
            .map(|p| {
                let kind = if p.switch { "bool" } else { "string" };
                format!("[{kind}] {} {}", p.name, (p.get)(limits))
            })
            .collect::<Vec<_>>()
            .join("\n")),
        [name, value] => {
            let Some(param) = PARAMS.iter().find(|p| p.name == *name) else {
                let names: Vec<&str> = PARAMS.iter().map(|p| p.name).collect();
                return Err(format!(
                    "unknown parameter '{}': expected one of {}",
                    hexlab_core::quote::quote(name),
                    names.join(", ")
                ));
            };
            let (low, high) = (param.least, param.most);
            let value: usize = value
                .parse()
                .ok()
                .filter(|v| (low..=high).contains(v))
                .ok_or_else(|| format!("{name} takes a whole number from {low} to {high}"))?;
            (param.set)(limits, value);
            Ok(String::new())
        }
        _ => Err("param_player_vc takes no arguments, or a name and a value".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_the_defaults_and_sets_each_parameter() {
        let mut limits = Limits::default();
        let listing = command(&mut limits, &[]).unwrap();
        assert!(listing.contains("[bool] and_over_edge 0"), "{listing}");
        assert!(
            listing.contains("[string] softlimit_semi 32767"),
            "{listing}"
        );
        assert!(listing.contains("[bool] limit_fulls 1"), "{listing}");
        command(&mut limits, &["and_over_edge", "1"]).unwrap();
        command(&mut limits, &["max_ors", "3"]).unwrap();
        assert!(limits.and_over_edges);
        assert_eq!(limits.or_depth, 3);
        assert_eq!(
            limits,
            Limits {
                and_over_edges: true,
                or_depth: 3,
                ..Limits::default()
            }
        );
    }

    #[test]
    fn bad_names_and_values_are_refused() {
        let mut limits = Limits::default();
        for args in [
            &["nope", "1"][..],
            &["and_over_edge", "2"],
            &["max_ors", "9"],
            &["softlimit_semi", "32768"],
            &["softlimit_full", "0"],
            &["softlimit_full", "x"],
            &["max_ors"],
        ] {
            assert!(command(&mut limits, args).is_err(), "{args:?}");
        }
        assert_eq!(limits, Limits::default());
    }
}
