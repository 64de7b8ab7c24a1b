// Figures, printed rather than asserted (the machines that run the tests differ): the
// time from the player's move to the computer's answer for every catalogue game's
// start, the time from navigation to a page that answers, and the compressed engine.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { dist, launch, newPage, open, serve } from '../tests/browser.mjs';

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

/** Clicks the first listed move; resolves to the time until the answer is drawn. */
function answer(page) {
  return page.evaluate((limit) => new Promise((resolve) => {
    const board = document.getElementById('board');
    const moves = board.dataset.moves;
    const done = () => board.dataset.moves !== moves && (board.classList.contains('live') || document.getElementById('status').dataset.over);
    const t = performance.now();
    const watch = new MutationObserver(() => { if (done()) { watch.disconnect(); resolve(performance.now() - t); } });
    watch.observe(document.getElementById('main'), { attributes: true, subtree: true, childList: true });
    setTimeout(() => { watch.disconnect(); resolve(null); }, limit);
    document.querySelector('#moves .move').click();
  }), LIMIT_MS);
}

test('the computer answers a move from every catalogue game\'s start', async () => {
  const page = await newPage(browser);
  await open(page, server.url, '?view=play');
  const games = await page.$$eval('#play-game option', (o) => o.map((x) => x.value));
  const rows = [];
  const ms = (t) => (t === null ? `over ${LIMIT_MS} ms` : `${t.toFixed(1)} ms`);
  for (const game of games) {
    const row = { game };
    // At once: the move clicked as soon as the board is drawn (the engine may still be
    // working out the player's best move, which the answer then waits for).
    const t0 = Date.now();
    await page.goto(`${server.url}?view=play&game=${encodeURIComponent(game)}`);
    await page.waitForSelector('body[data-ready]');
    row.started = Date.now() - t0;
    row.position = await page.getAttribute('#board', 'data-position');
    if (row.position === null) { row.note = await page.textContent('.errors'); rows.push(row); continue; }
    row.atOnce = await answer(page);
    // After the player's thinking time: the move clicked once the engine is idle.
    await page.goto(`${server.url}?view=play&game=${encodeURIComponent(game)}`);
    await page.waitForSelector('body[data-ready]');
    const t1 = Date.now();
    await page.waitForSelector('#board:not([data-thinking])', { timeout: LIMIT_MS });
    row.thought = Date.now() - t1;
    row.afterThinking = await answer(page);
    rows.push(row);
  }
  rows.sort((a, b) => (b.afterThinking ?? Infinity) - (a.afterThinking ?? Infinity));
  console.log(`# ${'game'.padEnd(30)} ${'answer'.padStart(9)} ${'at once'.padStart(9)} ${'thinking'.padStart(9)} start`);
  for (const r of rows) {
    if (r.note) { console.log(`# ${r.game.padEnd(30)} not played: ${r.note}`); continue; }
    console.log(`# ${r.game.padEnd(30)} ${ms(r.afterThinking).padStart(9)} ${ms(r.atOnce).padStart(9)} ${`${r.thought} ms`.padStart(9)} ${r.position} (drawn after ${r.started} ms)`);
  }
  const worst = (key) => rows.filter((r) => r[key] != null).sort((a, b) => b[key] - a[key])[0];
  const [w1, w2] = [worst('afterThinking'), worst('atOnce')];
  console.log(`# slowest answer once the engine is idle: ${w1.game} ${ms(w1.afterThinking)}; ${rows.filter((r) => r.afterThinking > 100).length} of ${rows.length} over 100 ms`);
  console.log(`# slowest answer to a move clicked at once: ${w2.game} ${ms(w2.atOnce)}; ${rows.filter((r) => r.atOnce > 100).length} of ${rows.length} over 100 ms`);
  const unanswered = rows.filter((r) => r.note || r.atOnce === null || r.afterThinking === null).map((r) => r.game);
  assert.deepEqual(unanswered, [], 'every game is played and answered');
});
