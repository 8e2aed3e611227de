//! Quoting user input in messages: every error message that repeats what a user typed or
//! pasted goes through [`quote`], so no input can put a terminal escape on a screen or make a
//! message longer than a few hundred bytes.

use std::fmt::Write;

/// The most characters of input a message repeats; longer input is cut and ends with `...`.
pub const QUOTE_CHARS: usize = 40;

/// `text` as a message may show it (without surrounding quotes): at most [`QUOTE_CHARS`]
/// characters of it, then `...` if it was longer; control characters (and the invisible
/// characters that reorder or hide text: bidirectional marks, zero-width spaces, byte order
/// marks) written as escapes (`\x1b`, `\u{202e}`), and `\` as `\\`, so what is shown is
/// unambiguous and harmless.
///
/// Invariant: the result holds no control character and is at most
/// `QUOTE_CHARS * 8 + 3` bytes long, whatever `text` is (an escape is at most 8 bytes, as
/// `\u{feff}`; any other character at most 4).
#[must_use]
pub fn quote(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars();
    for c in chars.by_ref().take(QUOTE_CHARS) {
        push_shown(&mut out, c);
    }
    if chars.next().is_some() {
        out.push_str("...");
    }
    out
}

/// Appends `c` to `out` as [`quote`] shows it.
fn push_shown(out: &mut String, c: char) {
    match c {
        '\\' => out.push_str("\\\\"),
        c if c.is_ascii_control() => {
            let _ = write!(out, "\\x{:02x}", u32::from(c));
        }
        c if c.is_control() || is_invisible_format(c) => {
            let _ = write!(out, "\\u{{{:x}}}", u32::from(c));
        }
        c => out.push(c),
    }
}

/// Format characters that change how surrounding text is shown or hide text: zero-width
/// characters, bidirectional marks, embeddings, overrides and isolates, and the byte order mark.
fn is_invisible_format(c: char) -> bool {
    matches!(
        c,
        '\u{200b}'..='\u{200f}'
            | '\u{2028}'..='\u{202e}'
            | '\u{2060}'..='\u{2069}'
            | '\u{feff}'
            | '\u{061c}'
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_text_is_unchanged() {
        assert_eq!(quote("z99"), "z99");
        assert_eq!(quote("café é"), "café é");
        assert_eq!(quote(""), "");
    }

    #[test]
    fn control_characters_are_escaped() {
        assert_eq!(quote("\u{1b}[31mX"), "\\x1b[31mX");
        assert_eq!(quote("a\tb\nc\r\u{7f}"), "a\\x09b\\x0ac\\x0d\\x7f");
        assert_eq!(
            quote("\u{85}\u{202e}x\u{feff}"),
            "\\u{85}\\u{202e}x\\u{feff}"
        );
        assert_eq!(quote("a\\x1b"), "a\\\\x1b");
    }

    #[test]
    fn long_text_is_cut() {
        let long = "a1,".repeat(100_000);
        let shown = quote(&long);
        assert_eq!(shown.chars().count(), QUOTE_CHARS + 3);
        assert!(shown.ends_with("..."));
        assert_eq!(quote(&"x".repeat(QUOTE_CHARS)), "x".repeat(QUOTE_CHARS));
        let worst = quote(&"\u{feff}".repeat(1000));
        assert!(worst.len() <= QUOTE_CHARS * 8 + 3, "{}", worst.len());
        assert!(!worst.chars().any(char::is_control));
    }
}
