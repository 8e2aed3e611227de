// An edited address bar that changes the position and the page's own keys at once (view=, fillin=, edges=) shows
// the new position: the toggles' rewrite of the address (the old position with the new keys) between the
// browser's popstate and hashchange events of that one edit is the page's own, and is not read as a second edit.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { hashOf, setup, stones, waitConnections, waitReady } from './helpers.mjs';

let env;
before(async () => (env = await setup()));
after(() => env?.close());

const edits = [
  ['turning the Connections mode on', 'size=11&moves=f6', 'size=5&moves=c3&view=vc', { b: ['c3'], w: [] }],
  ['turning the analysis on', 'size=11&moves=f6', 'size=5&moves=c3,b4&view=ica', { b: ['c3'], w: ['b4'] }],
  ['dropping edges=1 with the mode on', 'size=11&moves=f6&view=vc&edges=1', 'size=5&moves=c3&view=vc', { b: ['c3'], w: [] }],
  ['turning the mode off', 'size=11&moves=f6&view=vc', 'size=5&moves=c3', { b: ['c3'], w: [] }],
];

for (const [name, from, to, expected] of edits) {
  test(`an edited hash ${name} and changing the position shows the new position`, { timeout: 60_000 }, async () => {
    const { page, errors } = await env.open(`#${from}`);
    await page.evaluate((text) => (location.hash = `#${text}`), to);
    await page.waitForFunction(() => document.getElementById('board')?.dataset.size === '5' && !document.body.dataset.busy);
    await waitReady(page);
    if (to.includes('view=vc')) await waitConnections(page);
    assert.deepEqual(await stones(page), expected);
    assert.equal(await hashOf(page), to);
    assert.deepEqual(errors, []);
  });
}
