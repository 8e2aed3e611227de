//! Which game is played: Hex or Rex (misère Hex), and whether the swap rule is in use.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::board::Color;

/// The winning condition.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Rules {
    /// Whoever joins their own two edges wins.
    #[default]
    Hex,
    /// Reverse Hex (misère): whoever joins their own two edges loses.
    Rex,
}

impl Rules {
    /// The winner of a finished game in which `connector` has joined their edges.
    #[must_use]
    pub const fn winner_when_connected(self, connector: Color) -> Color {
        match self {
            Rules::Hex => connector,
            Rules::Rex => connector.opponent(),
        }
    }

    /// The name used in codes, JSON and flags: `hex` or `rex`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Rules::Hex => "hex",
            Rules::Rex => "rex",
        }
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error for a rules name other than `hex` or `rex`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseRulesError(pub String);

impl fmt::Display for ParseRulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown rules '{}': expected hex or rex",
            crate::quote::quote(&self.0)
        )
    }
}

impl std::error::Error for ParseRulesError {}

impl FromStr for Rules {
    type Err = ParseRulesError;
    fn from_str(text: &str) -> Result<Rules, ParseRulesError> {
        match text.to_ascii_lowercase().as_str() {
            "hex" => Ok(Rules::Hex),
            "rex" | "reverse" | "misere" => Ok(Rules::Rex),
            _ => Err(ParseRulesError(text.to_string())),
        }
    }
}

/// Everything about the game that is fixed before the first move, apart from the board size.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct RulesConfig {
    /// Hex or Rex.
    pub rules: Rules,
    /// Whether White may swap after Black's first move.
    pub swap: bool,
}

impl Default for RulesConfig {
    /// Hex with the swap rule, as played in competitions.
    fn default() -> Self {
        RulesConfig {
            rules: Rules::Hex,
            swap: true,
        }
    }
}
