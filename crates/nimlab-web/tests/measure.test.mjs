// Figures, printed rather than asserted (the machines that run the tests differ): the
// time from the player's move to the computer's answer for every catalogue game's
// start, the time from navigation to a page that answers, and the compressed engine.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { dist, launch, newPage, open, serve } from './browser.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

/** The longest a game's start may take before it is reported as too slow to measure. */
const LIMIT_MS = 20000;

test('the engine compressed', () => {
  const assets = join(dist, 'assets');
  const wasm = readdirSync(assets).find((f) => f.endsWith('.wasm'));
  assert.ok(wasm, 'a .wasm in dist/assets');
  const raw = readFileSync(join(assets, wasm));
  const gz = gzipSync(raw, { level: 9 }).length;
  console.log(`# engine: ${wasm} ${(raw.length / 1e6).toFixed(2)} MB, gzip -9 ${(gz / 1e6).toFixed(2)} MB`);
});

test('from navigation to a page that answers, on loopback', async () => {
  const times = [];
  for (let i = 0; i < 5; i++) {
    const page = await newPage(browser);
    await open(page, server.url, '?view=play&game=nim&position=3+5+7');
    times.push(await page.evaluate(() => performance.getEntriesByName('nimlab-ready')[0].startTime));
    await page.context().close();
  }
  times.sort((a, b) => a - b);
  console.log(`# interactive after ${times.map((t) => t.toFixed(0)).join(', ')} ms (median ${times[2].toFixed(0)} ms) of 5 loads`);
});

test('the computer answers a move from every catalogue game\'s start', async () => {
  const page = await newPage(browser);
  await open(page, server.url, '?view=play');
  const games = await page.$$eval('#play-game option', (o) => o.map((x) => x.value));
  const rows = [];
  for (const game of games) {
    const t0 = Date.now();
    await page.goto(`${server.url}?view=play&game=${encodeURIComponent(game)}`);
    await page.waitForSelector('body[data-ready]');
    const started = Date.now() - t0;
    const position = await page.getAttribute('#board', 'data-position');
    if (position === null) {
      rows.push({ game, started, answer: null, note: await page.textContent('.errors') });
      continue;
    }
    // The first listed move, clicked; the time until the computer's answer is drawn.
    const answer = await page.evaluate((limit) => new Promise((resolve) => {
      const board = document.getElementById('board');
      const moves = board.dataset.moves;
      const done = () => board.dataset.moves !== moves && (board.classList.contains('live') || document.getElementById('status').dataset.over);
      const t = performance.now();
      const watch = new MutationObserver(() => { if (done()) { watch.disconnect(); resolve(performance.now() - t); } });
      watch.observe(document.getElementById('main'), { attributes: true, subtree: true, childList: true });
      setTimeout(() => { watch.disconnect(); resolve(null); }, limit);
      document.querySelector('#moves .move').click();
    }), LIMIT_MS);
    rows.push({ game, position, started, answer });
  }
  rows.sort((a, b) => (b.answer ?? Infinity) - (a.answer ?? Infinity));
  for (const r of rows) {
    console.log(`# ${r.game.padEnd(30)} ${r.answer === null ? (r.note ? `not played: ${r.note}` : `no answer within ${LIMIT_MS} ms`) : `${r.answer.toFixed(1).padStart(8)} ms`}  (start drawn after ${r.started} ms; ${r.position ?? ''})`);
  }
  const slowest = rows.find((r) => r.answer !== null);
  console.log(`# slowest answer: ${slowest.game} ${slowest.answer.toFixed(1)} ms; ${rows.filter((r) => r.answer > 100).length} of ${rows.length} over 100 ms`);
  assert.deepEqual(rows.filter((r) => r.answer === null).map((r) => r.game), [], 'every game is played and answered');
});
