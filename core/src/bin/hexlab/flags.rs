//! The command-line flag parser both native binaries share: `hexlab` has it as `mod flags`,
//! `hexlab-patterns` includes this file with `#[path]`. `--flag value` or `--flag=value`, each
//! at most once, boolean `--switch`es, and arguments that are not flags.

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::fmt;
use std::ops::RangeInclusive;
use std::str::FromStr;

use hexlab_core::quote::quote;

/// A command-line mistake: printed on stderr, exit status 2.
#[derive(Debug)]
pub struct UsageError(pub String);

impl fmt::Display for UsageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl<E: std::error::Error> From<E> for UsageError {
    fn from(e: E) -> Self {
        UsageError(e.to_string())
    }
}

/// The command-line arguments as text: every argument must be UTF-8 (cells, codes, links and
/// file names are), else a usage error naming the first one that is not (numbered from 1, the
/// subcommand being argument 1), shown with its bad bytes replaced by `\u{fffd}`.
pub fn utf8_args(args: impl IntoIterator<Item = OsString>) -> Result<Vec<String>, UsageError> {
    args.into_iter()
        .enumerate()
        .map(|(i, arg)| {
            arg.into_string().map_err(|raw| {
                UsageError(format!(
                    "argument {} is not valid UTF-8: '{}'",
                    i + 1,
                    quote(&raw.to_string_lossy())
                ))
            })
        })
        .collect()
}

/// Parsed `--flag value` pairs and boolean `--switch`es, each flag at most once.
pub struct Flags {
    values: BTreeMap<String, String>,
    switches: Vec<String>,
    positional: Vec<String>,
}

impl Flags {
    /// Splits `args`: a flag named in `switches` takes no value, every other `--flag` takes the
    /// next argument (or `--flag=value`).
    pub fn parse(args: &[String], switches: &[&str]) -> Result<Flags, UsageError> {
        let mut flags = Flags {
            values: BTreeMap::new(),
            switches: Vec::new(),
            positional: Vec::new(),
        };
        let mut iter = args.iter();
        while let Some(arg) = iter.next() {
            let Some(name) = arg.strip_prefix("--") else {
                flags.positional.push(arg.clone());
                continue;
            };
            let (name, inline) = match name.split_once('=') {
                Some((n, v)) => (n.to_string(), Some(v.to_string())),
                None => (name.to_string(), None),
            };
            if switches.contains(&name.as_str()) {
                if inline.is_some() {
                    return Err(UsageError(format!("--{} takes no value", quote(&name))));
                }
                flags.switches.push(name);
                continue;
            }
            let value = match inline {
                Some(v) => v,
                None => iter
                    .next()
                    .cloned()
                    .ok_or_else(|| UsageError(format!("--{} needs a value", quote(&name))))?,
            };
            if flags.values.insert(name.clone(), value).is_some() {
                return Err(UsageError(format!("--{} is given twice", quote(&name))));
            }
        }
        Ok(flags)
    }

    /// Takes the value of `--name`, if given.
    pub fn take(&mut self, name: &str) -> Option<String> {
        self.values.remove(name)
    }

    /// Takes the value of `--name`, if given: a whole number in `bounds`, else a usage error
    /// that names the bounds. Every numeric flag is read this way, so none can ask for more
    /// than its command documents.
    pub fn take_number<T>(
        &mut self,
        name: &str,
        bounds: RangeInclusive<T>,
    ) -> Result<Option<T>, UsageError>
    where
        T: FromStr + PartialOrd + fmt::Display,
    {
        let Some(text) = self.take(name) else {
            return Ok(None);
        };
        match text.trim().parse::<T>() {
            Ok(n) if bounds.contains(&n) => Ok(Some(n)),
            _ => Err(UsageError(format!(
                "--{name} {}: expected a whole number from {} to {}",
                quote(&text),
                bounds.start(),
                bounds.end()
            ))),
        }
    }

    /// Whether `--name` was given with a value and is not taken yet.
    pub fn has(&self, name: &str) -> bool {
        self.values.contains_key(name)
    }

    /// Whether the switch `--name` was given.
    pub fn switch(&self, name: &str) -> bool {
        self.switches.iter().any(|s| s == name)
    }

    /// Arguments that are not flags.
    pub fn positional(&self) -> &[String] {
        &self.positional
    }

    /// Fails on any flag nobody took, naming it.
    pub fn finish(self) -> Result<(), UsageError> {
        if let Some(name) = self.values.keys().next() {
            return Err(UsageError(format!("unknown flag --{}", quote(name))));
        }
        Ok(())
    }
}

/// Refuses any argument that is not a flag (every subcommand takes flags only).
pub fn no_positional(flags: &Flags) -> Result<(), UsageError> {
    match flags.positional().first() {
        Some(arg) => Err(UsageError(format!("unexpected argument '{}'", quote(arg)))),
        None => Ok(()),
    }
}
