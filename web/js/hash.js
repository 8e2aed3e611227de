// Address bar sync: the hash always holds the current position's code.

/** The position code in a location hash ("#size=7&moves=d4" -> "size=7&moves=d4"); "" if none. */
export function codeFromHash(hash) {
  let code = (hash || '').replace(/^#/, '');
  try {
    code = decodeURIComponent(code);
  } catch {
    // Keep the raw text: the engine will say what is wrong with it.
  }
  return code.trim();
}

/** The current page's position code. */
export function readHash() {
  return codeFromHash(location.hash);
}

/** Shows `code` in the address bar without adding a history entry (and without a hashchange event). */
export function writeHash(code) {
  if (codeFromHash(location.hash) === code) return;
  history.replaceState(history.state, '', '#' + code);
}

/** Calls `onChange(code)` when the user edits or pastes the hash; returns the unbind function. */
export function bindHash(onChange) {
  const listener = () => onChange(readHash());
  window.addEventListener('hashchange', listener);
  return () => window.removeEventListener('hashchange', listener);
}
