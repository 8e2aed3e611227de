// Address bar sync: the hash always holds the current position's code, plus the page's own `view` key:
// `view=ica` while the Analysis toggle is on, `view=vc` while the Connections mode is on, `view=ica,vc`
// with both (the engine ignores keys it does not know).

/** The text of a location hash ("#size=7&moves=d4" -> "size=7&moves=d4"); "" if none. */
export function codeFromHash(hash) {
  let code = (hash || '').replace(/^#/, '');
  try {
    code = decodeURIComponent(code);
  } catch {
    // Keep the raw text: the engine will say what is wrong with it.
  }
  return code.trim();
}

/** Splits off the page's `view` key: "size=5&moves=c3&view=ica" -> { code: "size=5&moves=c3", view: "ica" }. */
export function splitView(text) {
  let view = null;
  const parts = String(text).split('&').filter((part) => {
    const match = /^view=(.*)$/.exec(part);
    if (match) view = match[1];
    return !match;
  });
  return { code: parts.join('&'), view };
}

/** The hash text for `code` with the page's `view` key (none if `view` is null). */
export function hashText(code, view = null) {
  return view ? `${code}&view=${view}` : code;
}

/** The views named by a `view` value: "ica,vc" -> Set { "ica", "vc" } (null or "" -> an empty Set). */
export function parseViews(view) {
  return new Set(String(view ?? '').split(',').map((v) => v.trim()).filter(Boolean));
}

/** The `view` value for the views that are on, in a fixed order: (true, true) -> "ica,vc"; null when none. */
export function viewValue({ analysis = false, connections = false } = {}) {
  const views = [analysis && 'ica', connections && 'vc'].filter(Boolean);
  return views.length ? views.join(',') : null;
}

/** The current page's position code (without the `view` key). */
export function readHash() {
  return splitView(codeFromHash(location.hash)).code;
}

/** The current page's `view` key ("ica", "vc", "ica,vc"), or null. */
export function readHashView() {
  return splitView(codeFromHash(location.hash)).view;
}

/** Shows `code` (and `view`) in the address bar without adding a history entry (and without a hashchange event). */
export function writeHash(code, view = null) {
  const text = hashText(code, view);
  if (codeFromHash(location.hash) === text) return;
  history.replaceState(history.state, '', '#' + text);
}

/** Calls `onChange(code, view)` when the user edits or pastes the hash; returns the unbind function. */
export function bindHash(onChange) {
  const listener = () => {
    const { code, view } = splitView(codeFromHash(location.hash));
    onChange(code, view);
  };
  window.addEventListener('hashchange', listener);
  return () => window.removeEventListener('hashchange', listener);
}
