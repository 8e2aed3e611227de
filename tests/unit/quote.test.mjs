// quote.js: what the page repeats of a link, and every message #error shows (as the engine's quote).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clip, MESSAGE_CHARS, quote, QUOTE_CHARS } from '../../web/js/quote.js';
import { createState, setError } from '../../web/js/state.js';

test('quote: short text unchanged, long text cut at 40 characters with ...', () => {
  assert.equal(quote('size=5&moves=zz9'), 'size=5&moves=zz9');
  assert.equal(quote('a'.repeat(QUOTE_CHARS)), 'a'.repeat(QUOTE_CHARS));
  assert.equal(quote('a'.repeat(QUOTE_CHARS + 1)), `${'a'.repeat(QUOTE_CHARS)}...`);
  assert.equal(quote('x'.repeat(1 << 20)).length, QUOTE_CHARS + 3);
  assert.equal(quote('😀'.repeat(50)), `${'😀'.repeat(40)}...`, 'characters, not UTF-16 units');
});

test('quote: control, C1 and invisible characters escaped as the engine does, backslashes doubled', () => {
  assert.equal(quote('a\u0000b\u001b[31m\u007f'), 'a\\x00b\\x1b[31m\\x7f');
  assert.equal(quote('\u0085\u202e\u200b\ufeff\u061c'), '\\u{85}\\u{202e}\\u{200b}\\u{feff}\\u{61c}');
  assert.equal(quote('a\\b'), 'a\\\\b');
  assert.equal(quote('<img src=x onerror=alert(1)>'), '<img src=x onerror=alert(1)>', 'markup is text: the page never sets HTML');
  assert.equal(quote(null), '');
});

test('clip: escapes hidden characters in any message and caps its length; setError uses it', () => {
  assert.equal(clip(null), null);
  assert.equal(clip(''), '');
  assert.equal(clip("bad size '5\u0000\u202e'"), "bad size '5\\x00\\u{202e}'");
  assert.equal(clip('a\\b'), 'a\\b', 'a backslash of a message stays');
  const long = clip('y'.repeat(1 << 20));
  assert.equal(long.length, MESSAGE_CHARS);
  assert.ok(long.endsWith('…'));
  const state = createState();
  setError(state, `Could not load "${'\u0007'.repeat(5000)}"`);
  assert.ok(state.error.length <= MESSAGE_CHARS);
  assert.doesNotMatch(state.error, /\u0007/);
  setError(state, null);
  assert.equal(state.error, null);
});
