// Colours and wording: every Connections overlay is told apart by its shape or pattern, not only its colour (a
// carrier dotted, a key a ghost stone, a refutation crossed, the mustplay hatched, an endpoint outlined); the
// analysis legend lists the outlines (witness, killers, dominating move) with their colours and dashes; claims read
// in words for players (no internal pattern names, no "Black no stones and White no stones"); playouts say they are
// random games, not an evaluation.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { engineAnalysis, pickPair, setup, waitAnalysis, waitConnections, waitSearch } from './helpers.mjs';

let env;
before(async () => (env = await setup()));
after(() => env?.close());

/**
 * What a cell shows besides its colours: the shape elements visible in it (patterns by their fill, the ghost
 * stone, the cross, the outline), as a sorted list.
 */
function shapesOf(page, cell) {
  return page.evaluate((name) => {
    const g = document.querySelector(`#board [data-cell="${name}"]`);
    const out = [];
    for (const el of g.querySelectorAll('.pat, .stone, .vc-cross, .hl, .glyphs > *')) {
      const style = getComputedStyle(el);
      if (style.display === 'none' || el.closest('.glyphs')?.dataset.glyph === undefined && el.closest('.glyphs')) continue;
      const painted = (style.fill !== 'none' && style.fill !== 'rgba(0, 0, 0, 0)') || style.stroke !== 'none';
      if (!painted) continue;
      const fill = style.fill.includes('url(') ? style.fill.replace(/.*#([\w-]+).*/, '$1') : null;
      out.push([...el.classList].join('.') + (fill ? `:${fill}` : '') + (style.strokeDasharray !== 'none' ? ':dashed' : ''));
    }
    return out.sort();
  }, cell);
}

test('Connections marks differ in shape: carrier dotted, key a ghost stone, mustplay hatched, refutation crossed, endpoint outlined', { timeout: 120_000 }, async () => {
  // An 11x11 game where Black threatens: White's mustplay shaded, a White semi connection drawn (carrier and key).
  const moves = 'f6,e7,e6,d7,g4,c9,h3,j2,i2,b10,k1,a11,d9,c8,h5,g7,e9,d10';
  const { page, errors } = await env.open(`#size=11&moves=${moves}&at=17&view=vc`);
  await waitConnections(page);
  await page.check('#mustplay-toggle');
  await page.waitForSelector('#mustplay-status[data-threat="threat"]', { state: 'attached' });
  await pickPair(page, 'g7', 'right');
  const marked = await page.evaluate(() => {
    const out = {};
    for (const el of document.querySelectorAll('#board [data-mark]')) (out[el.dataset.mark] ??= []).push(el.dataset.cell);
    return out;
  });
  assert.ok(marked.carrier?.length && marked.key?.length && marked.mustplay?.length, JSON.stringify(marked));
  const carrier = await shapesOf(page, marked.carrier.find((c) => !marked.mustplay.includes(c)));
  const key = await shapesOf(page, marked.key[0]);
  const mustplay = await shapesOf(page, marked.mustplay[0]);
  assert.deepEqual(carrier, ['pat.pat-carrier:pattern-carrier']);
  assert.deepEqual(key, ['pat.pat-carrier:pattern-carrier', 'stone']);
  assert.deepEqual(mustplay, ['pat.pat-mustplay:pattern-mustplay']);
  // Every mustplay cell is hatched, whatever mark is on top of it (the class `mustplay` stays).
  for (const cell of await page.$$eval('#board .cell.mustplay', (els) => els.map((e) => e.dataset.cell))) {
    assert.ok((await shapesOf(page, cell)).includes('pat.pat-mustplay:pattern-mustplay'), `${cell} is hatched`);
  }
  // The endpoint g7 (a stone) is outlined.
  assert.ok((await shapesOf(page, 'g7')).includes('hl'));

  // A refutation (Search deeper on 3x3): crossed, over a ghost stone; unlike the key and the mustplay.
  const other = await env.open('#size=3&b=b2&w=b3&view=vc');
  await waitConnections(other.page);
  await pickPair(other.page, 'top', 'bottom');
  await other.page.click('#connections-search');
  await waitSearch(other.page, 'refuted');
  const cell = await other.page.getAttribute('#connections-search-result', 'data-refutation');
  const refutation = await shapesOf(other.page, cell);
  assert.deepEqual(refutation, ['stone', 'vc-cross']);
  const all = [carrier, key, mustplay, refutation].map((s) => JSON.stringify(s));
  assert.equal(new Set(all).size, all.length, 'four marks, four different drawings');

  // The legend draws each mark as the board does: its icon shows the same shapes.
  const legend = await page.evaluate(() => {
    const out = {};
    for (const li of document.querySelectorAll('#connections-legend li[data-legend]')) {
      const icon = li.querySelector('svg.legend-icon');
      out[li.dataset.legend] = {
        text: li.textContent.trim(),
        shapes: icon ? [...icon.querySelectorAll('.pat, .stone, .vc-cross, .hl')].filter((e) => getComputedStyle(e).display !== 'none' && (getComputedStyle(e).fill !== 'none' || getComputedStyle(e).stroke !== 'none')).map((e) => [...e.classList].join('.')).sort() : null,
      };
    }
    return out;
  });
  assert.deepEqual(legend.carrier.shapes, ['pat.pat-carrier']);
  assert.deepEqual(legend.key.shapes, ['pat.pat-carrier', 'stone']);
  assert.deepEqual(legend.mustplay.shapes, ['pat.pat-mustplay']);
  assert.deepEqual(legend.refutation.shapes, ['stone', 'vc-cross']);
  assert.deepEqual(legend.endpoint.shapes, ['hl']);
  assert.match(legend.mustplay.text, /hatched/);
  assert.match(legend.refutation.text, /crossed/);
  assert.deepEqual([...errors, ...other.errors], []);
});

test('the analysis legend lists the outlines: witness, killers, dominating move, with their colours and dashes', { timeout: 90_000 }, async () => {
  const { page, errors } = await env.open('#size=5&b=a1,b2&w=c3&view=ica');
  await waitAnalysis(page);
  // The board's outlines of the claims of d3 (dominated: witness and dominator) and e1 (vulnerable: killers).
  const outline = async (cell, kind) => {
    await page.click(`[data-cell="${cell}"]`);
    await page.waitForSelector(`#analysis-panel[data-focus="${cell}"]`, { state: 'attached' });
    return page.evaluate((k) => {
      const hl = document.querySelector(`#board .cell.${k} .hl`);
      const style = getComputedStyle(hl);
      return { stroke: style.stroke, dash: style.strokeDasharray };
    }, kind);
  };
  const board = {
    witness: await outline('d3', 'witness'),
    dominator: await outline('d3', 'dominator'),
    killer: await outline('e1', 'killer'),
  };
  const legend = await page.evaluate(() => {
    const out = {};
    for (const li of document.querySelectorAll('#analysis-legend li[data-legend]')) {
      const style = getComputedStyle(li.querySelector('.hl'));
      out[li.dataset.legend] = { text: li.textContent.trim(), stroke: style.stroke, dash: style.strokeDasharray };
    }
    return out;
  });
  for (const kind of ['witness', 'killer', 'dominator']) {
    assert.ok(legend[kind], `the legend lists the ${kind} outline`);
    assert.deepEqual({ stroke: legend[kind].stroke, dash: legend[kind].dash }, board[kind], `${kind}: the legend's outline is the board's`);
  }
  assert.match(legend.witness.text, /witness/);
  assert.match(legend.killer.text, /killer/);
  assert.match(legend.dominator.text, /dominating move/);
  // Told apart without colour too: three different dash patterns.
  assert.equal(new Set(Object.values(board).map((o) => o.dash)).size, 3);
  assert.deepEqual(errors, []);
});

test('claims read in words for players: no internal pattern names, no "Black no stones and White no stones"', { timeout: 120_000 }, async () => {
  // Positions whose engine reasons name patterns and have "with Black no stones and White no stones".
  for (const code of ['size=5&b=a1,b2&w=c3', 'size=11&moves=f6,e7,e6,d7,g4,c9,h3,j2,i2,b10,k1,a11']) {
    const report = await engineAnalysis(code);
    assert.ok(report.inferior.some((c) => /\(pattern [a-z-]+\/[\w-]+\/\d+/.test(c.reason)), 'the engine names patterns');
    assert.ok(report.inferior.some((c) => c.reason.includes('Black no stones and White no stones')));
    const { page, errors } = await env.open(`#${code}&view=ica`);
    await waitAnalysis(page);
    const cells = [...new Set(report.inferior.map((c) => c.cell))];
    for (const cell of cells) {
      await page.hover(`[data-cell="${cell}"]`);
      await page.waitForSelector(`#analysis-panel[data-focus="${cell}"]`, { state: 'attached' });
      const texts = await page.$$eval('#analysis-claim .reason', (els) => els.map((e) => e.textContent));
      assert.ok(texts.length > 0);
      for (const text of texts) {
        assert.doesNotMatch(text, /[a-z-]+\/[\w-]+\/\d+/, `${cell}: no pattern name in "${text}"`);
        assert.doesNotMatch(text, /\bpattern\b/, `${cell}: "${text}"`);
        assert.doesNotMatch(text, /no stones and White no stones|Black no stones|White no stones/, `${cell}: "${text}"`);
        assert.doesNotMatch(text, /\b(black|white)\b/, `${cell}: colours are capitalised in "${text}"`);
        assert.match(text, new RegExp(`^${cell} `), 'the sentence still starts with its cell');
      }
    }
    assert.deepEqual(errors, []);
  }
});
