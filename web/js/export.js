// Export: the board as it is drawn (stones, coordinates and every overlay shown) as an SVG or a PNG file of a
// chosen width, downloaded. The board's look lives in CSS (theme.css, base.css); a file needs it inline, so the
// board's SVG is cloned with each element's computed style written into a `style` attribute, hidden parts
// (display: none) dropped, the patterns the marks use (index.html's svg.patterns) copied in, and a background
// of the page's colour put under it. The PNG is that SVG drawn on a canvas at the chosen width (from a `data:`
// URL: the page's Content-Security-Policy allows `data:` images, not `blob:` ones).
//
// The file keeps the board's data attributes (`data-cell`, `data-stone`, `data-mark`...) and classes, so it says
// what it shows as the page does; the keyboard and screen-reader attributes (tabindex, role, aria-*) go. It is
// written as text (the page's Content-Security-Policy refuses `style` attributes on elements it makes).

const SVG_NS = 'http://www.w3.org/2000/svg';

/** The widths a picture may have, in pixels. */
export const EXPORT_MIN = 100;
export const EXPORT_MAX = 4000;
export const EXPORT_DEFAULT = 800;

// The computed properties an SVG file needs to look as the page draws it.
const PROPS = [
  'fill', 'fill-opacity', 'fill-rule', 'stroke', 'stroke-width', 'stroke-opacity', 'stroke-dasharray', 'stroke-dashoffset',
  'stroke-linecap', 'stroke-linejoin', 'opacity', 'visibility', 'font-family', 'font-size', 'font-weight', 'font-style',
  'text-anchor', 'dominant-baseline', 'transform', 'transform-origin', 'transform-box', 'paint-order', 'filter',
];
// Attributes of the page's interaction and accessibility, not of the picture.
const DROP = ['tabindex', 'role', 'focusable', 'clip-path-units'];

/** The width asked for (the input's text): `{ width }` within EXPORT_MIN..EXPORT_MAX, or `{ error }`. */
export function exportWidth(text) {
  const value = Number(String(text ?? '').trim());
  if (!Number.isInteger(value) || value < EXPORT_MIN || value > EXPORT_MAX) {
    return { error: `The picture's width must be a whole number of pixels from ${EXPORT_MIN} to ${EXPORT_MAX}.` };
  }
  return { width: value };
}

/** The picture's size for `width`: the board's viewBox aspect kept, the height rounded to a whole pixel. */
export function exportSize(viewBox, width) {
  const [, , w, h] = viewBox;
  return { width, height: Math.max(1, Math.round((width * h) / w)) };
}

/** The file name: "hexlab-5x5-c3-d2.svg" (the board's size and its last moves, at most three). */
export function fileName(view, ext) {
  const size = view ? `${view.width ?? view.size}x${view.height ?? view.size}` : 'board';
  const moves = (view?.moves ?? []).slice(0, view?.cursor ?? 0).slice(-3).join('-');
  return `hexlab-${size}${moves ? `-${moves}` : ''}.${ext}`;
}

/** `text` escaped for an attribute value or text content. */
function escape(text) {
  return String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The `style` value of PROPS from `computed` (only those that say something). */
function styleOf(computed) {
  const parts = [];
  for (const prop of PROPS) {
    // A computed url() is absolute (the page's address): the file's own patterns and clip paths are `url(#id)`.
    const value = computed.getPropertyValue(prop).replace(/url\("?[^"#)]*#([^")]+)"?\)/g, 'url(#$1)');
    if (!value || value === 'normal' || (prop === 'transform' && value === 'none') || (prop === 'filter' && value === 'none')) continue;
    parts.push(`${prop}:${value}`);
  }
  return parts.join(';');
}

/**
 * The markup of `from` and what it holds (skipping what is not displayed), with each element's computed style
 * written into its `style` attribute; '' if hidden. Text, not elements: the page's Content-Security-Policy
 * refuses `style` attributes on its own elements.
 */
function markup(from, win) {
  const computed = win.getComputedStyle(from);
  if (computed.display === 'none') return '';
  const name = from.localName;
  let attrs = '';
  for (const { name: attr, value } of from.attributes) {
    if (DROP.includes(attr) || attr.startsWith('aria-') || attr === 'style' || (attr === 'id' && value === 'board')) continue;
    attrs += ` ${attr}="${escape(value)}"`;
  }
  if (!['svg', 'defs', 'clipPath', 'pattern', 'title'].includes(name)) attrs += ` style="${escape(styleOf(computed))}"`;
  let inner = '';
  for (const child of from.childNodes) {
    if (child.nodeType === 3) inner += escape(child.nodeValue);
    else if (child.nodeType === 1) inner += markup(child, win);
  }
  return `<${name}${attrs}>${inner}</${name}>`;
}

/**
 * The board's SVG (`board`: the page's `svg#board`) as a file's text, `width` pixels wide: styles inlined, the
 * patterns of `patterns` (index.html's `svg.patterns`) copied into its defs, a background rectangle of `background`.
 */
export function boardSvg(board, { width, patterns = null, background = null, win = globalThis.window } = {}) {
  const viewBox = board.getAttribute('viewBox').split(/[\s,]+/).map(Number);
  const size = exportSize(viewBox, width);
  let head = `<svg xmlns="${SVG_NS}" viewBox="${viewBox.join(' ')}" width="${size.width}" height="${size.height}"`;
  for (const name of ['data-size', 'data-width', 'data-height', 'data-code', 'data-to-move', 'data-winner', 'data-rules', 'data-overlay']) {
    if (board.hasAttribute(name)) head += ` ${name}="${escape(board.getAttribute(name))}"`;
  }
  const title = `Hex board ${board.dataset.width}x${board.dataset.height}: ${board.dataset.code ?? ''} (hexlab)`;
  let body = `<title>${escape(title)}</title><defs>`;
  for (const pattern of patterns?.querySelectorAll('pattern') ?? []) body += markup(pattern, win);
  body += '</defs>';
  if (background) {
    const [x, y, w, h] = viewBox;
    body += `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${escape(background)}"/>`;
  }
  for (const child of board.children) {
    if (child.classList.contains('focus-ring')) continue; // the keyboard's, not the picture's
    body += markup(child, win);
  }
  return { text: `${head}>${body}</svg>\n`, ...size };
}

/** A PNG Blob of `svgText` drawn at `width` x `height` pixels. */
export async function pngOf(svgText, width, height, doc = globalThis.document) {
  const image = new Image(width, height);
  image.decoding = 'async';
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svgText)}`;
  await image.decode();
  const canvas = doc.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  canvas.getContext('2d').drawImage(image, 0, 0, width, height);
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the browser made no PNG'))), 'image/png'));
}

/** Downloads `blob` as `name` (a link clicked, its object URL let go afterwards). */
export function download(blob, name, doc = globalThis.document) {
  const url = URL.createObjectURL(blob);
  const a = doc.createElement('a');
  a.href = url;
  a.download = name;
  a.hidden = true;
  doc.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Binds the Export box (`#export-width`, `#export-svg`, `#export-png`, `#export-status`): each button downloads
 * the board drawn now. `state` gives the view (for the file name). Returns the unbind function.
 */
export function bindExport(state, doc = globalThis.document) {
  const $ = (id) => doc.getElementById(id);
  const input = $('export-width');
  const status = $('export-status');
  if (!input) return () => {};
  const say = (text, kind) => {
    status.textContent = text;
    if (kind) status.dataset.status = kind;
    else delete status.dataset.status;
  };
  async function run(kind) {
    const board = doc.getElementById('board');
    if (!board) return say('No board to export yet.', 'error');
    const asked = exportWidth(input.value);
    if (asked.error) return say(asked.error, 'error');
    try {
      const background = getComputedStyle(doc.body).backgroundColor;
      const svg = boardSvg(board, { width: asked.width, patterns: doc.querySelector('svg.patterns'), background });
      const blob = kind === 'svg'
        ? new Blob([svg.text], { type: 'image/svg+xml' })
        : await pngOf(svg.text, svg.width, svg.height, doc);
      const name = fileName(state.view, kind);
      download(blob, name, doc);
      say(`Saved ${name} (${svg.width}×${svg.height} px).`, 'saved');
    } catch (err) {
      say(`Could not export the board: ${err.message}`, 'error');
    }
  }
  const svgButton = $('export-svg');
  const pngButton = $('export-png');
  const onSvg = () => run('svg');
  const onPng = () => run('png');
  svgButton.addEventListener('click', onSvg);
  pngButton.addEventListener('click', onPng);
  return () => {
    svgButton.removeEventListener('click', onSvg);
    pngButton.removeEventListener('click', onPng);
  };
}
