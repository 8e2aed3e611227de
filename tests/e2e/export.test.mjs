// Export (web/js/export.js): the board with its overlays downloaded as SVG and PNG at a chosen width. The SVG holds
// every stone and mark of the board (its data attributes), the coordinates, and the computed colours inline; the PNG
// is a valid PNG of exactly the width asked for (and the board's aspect), and decoded again in the page it shows a
// Black stone where the board has one. A width out of bounds is refused in words.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import { artifact, setup, waitAnalysis } from './helpers.mjs';

let env;
before(async () => (env = await setup()));
after(() => env?.close());

/**
 * What an exported SVG shows (read with regular expressions in node: the page's policy refuses the file's `style`
 * attributes, which a DOMParser in the page would report): each cell's stone and mark, the stones' style, the
 * labels' text, the glyphs, keyboard attributes left over, and whether every element is closed.
 */
function readSvg(text) {
  const cells = [...text.matchAll(/<g ([^>]*data-cell="(\w+)"[^>]*)>(.*?)<\/g>(?=<g [^>]*data-cell=|<\/g>)/g)];
  const attr = (attrs, name) => new RegExp(` ${name}="([^"]*)"`).exec(attrs)?.[1];
  const out = { stones: {}, marks: {}, stoneFill: {} };
  for (const [, attrs, cell, inner] of cells) {
    const stone = attr(attrs, 'data-stone');
    const mark = attr(attrs, 'data-mark');
    if (stone) {
      out.stones[cell] = stone;
      out.stoneFill[cell] = /<circle class="stone"[^>]* style="([^"]*)"/.exec(inner)?.[1] ?? '';
    }
    if (mark) out.marks[cell] = mark;
  }
  out.labels = [...text.matchAll(/<text [^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
  out.glyphs = (text.match(/class="glyphs"/g) ?? []).length;
  out.focusable = (text.match(/ (tabindex|role)="/g) ?? []).length;
  const opened = (text.match(/<[a-zA-Z]/g) ?? []).length;
  const closed = (text.match(/<\/[a-zA-Z]|\/>/g) ?? []).length;
  out.balanced = opened === closed;
  out.cells = cells.length;
  return out;
}

/** `{ width, height, colorType, bitDepth, pixels }` of a PNG file (every IDAT inflated: it must decode). */
function readPng(bytes) {
  assert.deepEqual([...bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'the PNG signature');
  let offset = 8;
  let header = null;
  const data = [];
  while (offset < bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    const body = bytes.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') header = { width: body.readUInt32BE(0), height: body.readUInt32BE(4), bitDepth: body[8], colorType: body[9] };
    if (type === 'IDAT') data.push(body);
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  return { ...header, raw };
}

test('SVG and PNG downloads of a 5x5 board with the analysis marks, at the width asked for', { timeout: 90_000 }, async () => {
  const { page, errors } = await env.open('#size=5&b=c3,a2&w=b4,e1&view=ica');
  await waitAnalysis(page);
  const board = await page.evaluate(() => ({
    viewBox: document.getElementById('board').getAttribute('viewBox').split(' ').map(Number),
    stones: Object.fromEntries([...document.querySelectorAll('#board [data-stone]')].map((g) => [g.dataset.cell, g.dataset.stone])),
    marks: Object.fromEntries([...document.querySelectorAll('#board [data-mark]')].map((g) => [g.dataset.cell, g.dataset.mark])),
  }));
  assert.ok(Object.keys(board.marks).length > 0, 'the analysis marks something');

  // A width out of bounds: refused, nothing downloaded.
  await page.fill('#export-width', '50');
  await page.click('#export-svg');
  await page.waitForSelector('#export-status[data-status="error"]');
  assert.match(await page.textContent('#export-status'), /from 100 to 4000/);

  // SVG at 640 px.
  await page.fill('#export-width', '640');
  const [svgDownload] = await Promise.all([page.waitForEvent('download'), page.click('#export-svg')]);
  assert.equal(svgDownload.suggestedFilename(), 'hexlab-5x5.svg');
  const svgPath = artifact('export.svg');
  await svgDownload.saveAs(svgPath);
  const svg = readFileSync(svgPath, 'utf8');
  assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  const height = Math.round((640 * board.viewBox[3]) / board.viewBox[2]);
  assert.match(svg, new RegExp(` width="640" height="${height}"`));
  // The stones and marks the board shows, by their data attributes, each stone drawn with its colour inline.
  const parsed = readSvg(svg);
  assert.equal(parsed.balanced, true, 'every element closed');
  assert.equal(parsed.cells, 25, 'every cell read');
  assert.deepEqual(parsed.stones, board.stones);
  assert.deepEqual(parsed.marks, board.marks);
  assert.match(parsed.stoneFill.c3, /fill:rgb\(22, 22, 22\)/, 'Black c3 drawn black');
  assert.match(parsed.stoneFill.b4, /fill:rgb\(253, 253, 253\)/, 'White b4 drawn white');
  assert.deepEqual(parsed.labels.slice().sort(), ['1', '2', '3', '4', '5', 'a', 'b', 'c', 'd', 'e'], 'the coordinates');
  assert.ok(parsed.glyphs > 0, 'the marks\' glyphs');
  assert.equal(parsed.focusable, 0, 'no keyboard attributes in a picture');

  // PNG at 480 px: decodes at that size, and shows the Black stone of c3 dark where the board has it.
  await page.fill('#export-width', '480');
  const [pngDownload] = await Promise.all([page.waitForEvent('download'), page.click('#export-png')]);
  assert.equal(pngDownload.suggestedFilename(), 'hexlab-5x5.png');
  const pngPath = artifact('export.png');
  await pngDownload.saveAs(pngPath);
  const bytes = readFileSync(pngPath);
  const png = readPng(bytes);
  const pngHeight = Math.round((480 * board.viewBox[3]) / board.viewBox[2]);
  assert.equal(png.width, 480);
  assert.equal(png.height, pngHeight);
  const channels = { 2: 3, 6: 4 }[png.colorType];
  assert.ok(channels && png.bitDepth === 8, `an 8-bit RGB(A) PNG (colour type ${png.colorType})`);
  assert.equal(png.raw.length, png.height * (1 + png.width * channels), 'every row decoded');
  const pixel = await page.evaluate(async ({ b64, viewBox }) => {
    const blob = new Blob([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], { type: 'image/png' });
    const bitmap = await createImageBitmap(blob);
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const ctx = canvas.getContext('2d');
    ctx.drawImage(bitmap, 0, 0);
    // c3's centre in board units (geometry.js: x = (col + row / 2) · √3 · R, y = row · 1.5 · R, R = 20).
    const [x, y] = [(2 + 1) * Math.sqrt(3) * 20, 2 * 1.5 * 20];
    const scale = bitmap.width / viewBox[2];
    const px = Math.round((x - viewBox[0]) * scale);
    const py = Math.round((y - viewBox[1]) * scale);
    return { size: [bitmap.width, bitmap.height], rgba: [...ctx.getImageData(px, py, 1, 1).data] };
  }, { b64: bytes.toString('base64'), viewBox: board.viewBox });
  assert.deepEqual(pixel.size, [480, pngHeight]);
  assert.ok(pixel.rgba[0] < 60 && pixel.rgba[1] < 60 && pixel.rgba[2] < 60 && pixel.rgba[3] > 200, `c3 is dark in the PNG: ${pixel.rgba}`);
  assert.match(await page.textContent('#export-status'), /Saved hexlab-5x5\.png \(480×\d+ px\)/);
  assert.deepEqual(errors, []);
});
