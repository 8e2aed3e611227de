// Quoting user input in messages, as the engine does (hexlab_core::quote): every message the page writes that
// repeats what was typed, pasted or put in the address bar goes through `quote`, so no link can fill the panel
// with a megabyte of text, hide or reorder what is shown (control and bidirectional characters), or be read as
// markup (the page only ever sets text, never HTML: see panel.js `setText`). `clip` escapes the same characters in any
// message shown (the engine's too) and caps its length.

/** The most characters of input a message repeats; longer input is cut and ends with `...` (as the engine). */
export const QUOTE_CHARS = 40;

/** The longest message #error shows (the page's words, a quote and the engine's quoted message fit easily). */
export const MESSAGE_CHARS = 600;

/** Format characters that hide text or change its direction: zero-width, bidirectional marks, BOM (as the engine). */
function invisible(code) {
  return (code >= 0x200b && code <= 0x200f) || (code >= 0x2028 && code <= 0x202e) || (code >= 0x2060 && code <= 0x2069)
    || code === 0xfeff || code === 0x061c;
}

/** One character as a message shows it: `\` doubled, control characters as `\x1b`, invisible ones as `\u{202e}`. */
function shown(char) {
  const code = char.codePointAt(0);
  if (char === '\\') return '\\\\';
  if (code < 0x20 || code === 0x7f) return `\\x${code.toString(16).padStart(2, '0')}`;
  if ((code >= 0x80 && code <= 0x9f) || invisible(code)) return `\\u{${code.toString(16)}}`;
  return char;
}

/**
 * `text` as a message may show it (without surrounding quotes): at most `max` characters of it (code points),
 * then `...` if it was longer, each shown unambiguously (see `shown`). Reads only the first `max + 1` characters,
 * so a megabyte of input costs nothing.
 */
export function quote(text, max = QUOTE_CHARS) {
  let out = '';
  let count = 0;
  for (const char of String(text ?? '')) {
    if (count === max) return `${out}...`;
    out += shown(char);
    count++;
  }
  return out;
}

/**
 * A message as #error shows it: control and invisible characters escaped as `quote` does (the page quotes what it
 * repeats, but a message from the engine is shown whole: this is the last line of defence), then cut to at most
 * `max` characters (ending with `…` when cut); null and '' stay as they are. Reads at most `max` characters.
 */
export function clip(message, max = MESSAGE_CHARS) {
  if (!message) return message;
  let out = '';
  for (const char of String(message)) {
    const code = char.codePointAt(0);
    const hidden = code < 0x20 || (code >= 0x7f && code <= 0x9f) || invisible(code);
    out += hidden ? shown(char) : char;
    if (out.length >= max) return `${out.slice(0, max - 1)}…`;
  }
  return out;
}
