// README's HexWorld example opens: pasted in the link box and in the address bar, and the page's own HexWorld
// link of that game is the same link. An illegal one (a swap as the third move) is refused with a message.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { act, boardCode, moveList, REPO, setup, stones } from './helpers.mjs';

let env;
before(async () => (env = await setup()));
after(() => env?.close());

const LINK = 'https://hexworld.org/board/#11c1,f6:sg5';
const CODE = 'size=11&moves=f6,swap,g5';

test("README's HexWorld example is a legal game the page opens", { timeout: 90_000 }, async () => {
  const readme = readFileSync(path.join(REPO, 'README.md'), 'utf8');
  assert.ok(readme.includes(LINK), 'README shows this link');
  assert.ok(!readme.includes('#11c1,a1b2:s'), 'the illegal example is gone');

  const { page, errors } = await env.open();
  await page.fill('#link', LINK);
  await act(page, () => page.click('#link-form button[type="submit"]'));
  assert.equal(await boardCode(page), CODE);
  assert.deepEqual(await stones(page), { b: ['g5'], w: ['f6'] }, 'f6 swapped is White f6 (the long diagonal)');
  assert.deepEqual((await moveList(page)).moves, ['f6', 'swap', 'g5']);
  assert.equal(await page.getAttribute('#hexworld-link', 'href'), LINK, 'and the page links back to it');
  assert.equal(await page.isHidden('#error'), true);

  // In the address bar too.
  const opened = await env.open(`#${LINK}`);
  assert.equal(await boardCode(opened.page), CODE);

  // The old example swaps at move 3: refused with a message, the board stays usable.
  await page.fill('#link', 'https://hexworld.org/board/#11c1,a1b2:s');
  await page.click('#link-form button[type="submit"]');
  await page.waitForSelector('#error:not([hidden])');
  assert.match(await page.textContent('#error-text'), /move 3/);
  assert.equal(await boardCode(page), CODE);
  assert.deepEqual([...errors, ...opened.errors], []);
});
