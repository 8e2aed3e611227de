// "Search longer": after Search deeper answers `unknown` with its whole budget spent, a second search of the
// same pair with ten times the nodes (3,000,000, then 30,000,000 at most), running and stopped as the first.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { defaults } from '../../web/js/config.js';
import { pickPair, setup, waitConnections, waitSearch } from './helpers.mjs';

let env;
before(async () => (env = await setup()));
after(() => env?.close());

test('search longer: a 7x7 pair unknown within 300,000 nodes is searched again with 3,000,000, and Stop still works', { timeout: 120_000 }, async () => {
  assert.equal(defaults.searchNodes, 300_000);
  const { page, errors } = await env.open('#size=7&b=d4&view=vc');
  await waitConnections(page);
  await pickPair(page, 'top', 'bottom');
  assert.equal(await page.isHidden('#connections-search-more'), true, 'nothing to continue yet');
  await page.click('#connections-search');
  await waitSearch(page, 'unknown');
  const result = '#connections-search-result';
  assert.match(await page.textContent(result), /^Unknown within 300,000 nodes/);
  assert.equal(await page.isVisible('#connections-search-more'), true, 'offered after unknown');
  assert.equal(await page.getAttribute('#connections-search-more', 'data-nodes'), '3000000');
  assert.match(await page.textContent('#connections-search-more'), /^Search longer/);

  // The longer search: running (Stop offered), then its answer with its budget.
  await page.click('#connections-search-more');
  await waitSearch(page, 'running');
  assert.equal(await page.isHidden('#connections-search-more'), true);
  assert.equal(await page.textContent('#connections-search'), 'Stop search');
  assert.match(await page.textContent(result), /up to 3,000,000 nodes…$/);
  await waitSearch(page, ['unknown', 'connected', 'refuted'], 90_000);
  const status = await page.getAttribute(result, 'data-status');
  if (status === 'unknown') {
    assert.ok(Number(await page.getAttribute(result, 'data-nodes')) > 300_000, 'the larger budget was used');
    assert.match(await page.textContent(result), /^Unknown within 3,000,000 nodes/);
    assert.equal(await page.getAttribute('#connections-search-more', 'data-nodes'), '30000000');

    // Stop drops the next one as it does the first.
    await page.click('#connections-search-more');
    await waitSearch(page, 'running');
    assert.match(await page.textContent(result), /up to 30,000,000 nodes…$/);
    await page.click('#connections-search');
    await page.waitForFunction(() => !document.getElementById('connections-panel').dataset.search);
    assert.equal(await page.textContent('#connections-search'), 'Search deeper');
    assert.equal(await page.isHidden('#connections-search-more'), true);
    assert.equal(await page.isHidden(result), true);
  } else {
    assert.match(await page.textContent(result), / of 3,000,000, /);
  }
  assert.deepEqual(errors, []);
});
