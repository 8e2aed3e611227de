// 4. A malformed link shows #error and leaves a usable board.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { act, chooseSize, hashOf, playCell, setup, stones } from './helpers.mjs';

let env;
before(async () => (env = await setup()));
after(() => env?.close());

for (const bad of ['#size=99', '#size=5&moves=zz9', '#garbage']) {
  test(`opening ${bad} shows an error and a usable default board`, { timeout: 90_000 }, async () => {
    const { page, errors } = await env.open(bad);
    assert.equal(await page.isVisible('#error'), true);
    assert.equal(await page.getAttribute('#error', 'role'), 'alert');
    const message = (await page.textContent('#error-text')).trim();
    assert.ok(message.length > 10, `expected an error message, got "${message}"`);
    assert.ok(message.includes(decodeURIComponent(bad.slice(1))), `the message names the link: ${message}`);

    assert.equal(await page.getAttribute('#board', 'data-size'), '11');
    assert.notEqual(await hashOf(page), bad.slice(1), 'the address bar shows the board actually shown');
    await playCell(page, 'f6');
    assert.deepEqual(await stones(page), { b: ['f6'], w: [] });
    assert.deepEqual(errors, []);
  });
}

test('a malformed hash typed later keeps the previous position', { timeout: 90_000 }, async () => {
  const { page } = await env.open();
  await chooseSize(page, 5);
  await playCell(page, 'c3');
  const code = await hashOf(page);
  await page.evaluate(() => (location.hash = '#size=5&moves=c3,zz9'));
  await page.waitForSelector('#error:not([hidden])');
  assert.match(await page.textContent('#error-text'), /zz9/);
  assert.equal(await hashOf(page), code);
  assert.deepEqual(await stones(page), { b: ['c3'], w: [] });
  await playCell(page, 'b4');
  assert.deepEqual(await stones(page), { b: ['c3'], w: ['b4'] });
});

test('the link field loads a trmph link and rejects nonsense', { timeout: 90_000 }, async () => {
  const { page } = await env.open();
  await page.fill('#link', 'nonsense');
  await page.click('#link-form button[type="submit"]');
  await page.waitForSelector('#error:not([hidden])');
  assert.equal(await page.getAttribute('#board', 'data-size'), '11');

  await page.fill('#link', 'https://trmph.com/hex/board#5,c3b2');
  await act(page, () => page.click('#link-form button[type="submit"]'));
  assert.equal(await page.getAttribute('#board', 'data-size'), '5');
  assert.deepEqual(await stones(page), { b: ['c3'], w: ['b2'] });
  assert.equal(await page.isHidden('#error'), true);
});
