// The other views in Chromium: the calculator, sequences, games born by day, game
// trees, analysis from an address, cancelling a long run; the themes and a phone.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, nimSum, open, screenshot, serve } from './browser.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

test('the calculator evaluates {3||2|1}.Temperature to 3/4 and draws the thermograph', async () => {
  const page = await newPage(browser);
  await open(page, server.url, '?view=calc');
  // Typed and submitted with Enter. {3||2|1} = {3|{2|1}}: its Left stop is 3 and its
  // Right scaffold {2|1} has mean 3/2, so the mast rises at (3 + 3/2)/2 = 9/4, from
  // temperature (3 - 3/2)/2 = 3/4 (Winning Ways, chapter 6).
  await page.fill('#expr', '{3||2|1}.Temperature');
  await page.press('#expr', 'Enter');
  await page.waitForSelector('#output');
  assert.equal(await page.textContent('#output'), '3/4');
  assert.match(await page.textContent('#thermograph svg title'), /Thermograph of \{3\|\|2\|1\}/);
  assert.match(new URL(page.url()).search, /expr=%7B3%7C%7C2%7C1%7D.Temperature/);
  await page.fill('#expr', '{3||2|1}');
  await page.press('#expr', 'Enter');
  await page.waitForFunction(() => document.querySelectorAll('#history li').length === 2);
  assert.equal(await page.textContent('#result .mean'), '9/4');
  assert.equal(await page.textContent('#result .temperature'), '3/4');
  await screenshot(page, 'calculator', { docs: true });
  // A mistake is shown with the library's message, and the page goes on.
  await page.fill('#expr', '{1|');
  await page.press('#expr', 'Enter');
  await page.waitForSelector('.error');
  assert.ok((await page.textContent('.error')).length > 0);
  assert.deepEqual(page.problems(), []);
});

/** Kayles (octal 0.77) by brute force: a move removes 1 or 2 adjacent pins of a row. */
function kayles(n) {
  const g = [];
  for (let m = 0; m <= n; m++) {
    const seen = new Set();
    for (const take of [1, 2]) for (let a = 0; a + take <= m; a++) seen.add(g[a] ^ g[m - take - a]);
    let mex = 0;
    while (seen.has(mex)) mex++;
    g.push(mex);
  }
  return g;
}

test('Kayles plotted: period 12 from heap 71, proved', async () => {
  const page = await newPage(browser);
  await open(page, server.url, '?view=sequence&rule=0.77&prove=1');
  await page.waitForSelector('#period');
  // Guy and Smith: Kayles has period 12 from heap 71 (OEIS A002186), which brute force
  // confirms here on the first 71 + 12·20 heaps.
  const truth = kayles(71 + 12 * 20);
  for (let n = 71; n + 12 < truth.length; n++) assert.equal(truth[n], truth[n + 12], `G(${n})`);
  assert.notEqual(truth[70], truth[82]);
  assert.match(await page.textContent('#period'), /period 12 from heap 71, proved/);
  assert.equal(await page.getAttribute('svg.plot rect.period', 'data-period'), '12');
  assert.match(await page.textContent('svg.plot text.mark'), /period 12 from 71/);
  // The download holds G(n) for every heap computed, as brute force has them.
  const text = await page.evaluate(async () => (await fetch(document.getElementById('download').href)).text());
  const values = text.split('\n').filter((l) => /^\d+ \d+$/.test(l)).map((l) => Number(l.split(' ')[1]));
  assert.ok(values.length > 71 + 2 * 12, `${values.length} values`);
  assert.deepEqual(values.slice(0, truth.length), truth.slice(0, values.length));
  const p = truth.flatMap((v, n) => (v === 0 ? [n] : []));
  // Only heap 0: every Kayles row of n ≥ 1 pins is a first-player win.
  assert.deepEqual(p, [0]);
  assert.equal(await page.textContent('#p-positions'), '1: 0');
  // Where each value first occurs, as brute force has them: the last eight new values.
  const firsts = [];
  values.forEach((v, n) => { if (!firsts.some(([w]) => w === v)) firsts.push([v, n]); });
  const last = firsts.slice(-8).map(([v, n]) => `${v} at ${n}`).join(', ');
  assert.equal(await page.textContent('#first-heaps'), `${firsts.length} distinct; first heaps of the last new ones: …, ${last}`);
  await screenshot(page, 'sequence', { docs: true });
  assert.deepEqual(page.problems(), []);
});

test('a long run shows its progress and Cancel stops it', async () => {
  const page = await newPage(browser);
  await page.goto(`${server.url}?view=sequence&rule=0.16&to=200000000&prove=0`);
  await page.waitForSelector('#busy:not([hidden])');
  await page.waitForFunction(() => /\d values/.test(document.getElementById('busy-text').textContent));
  await screenshot(page, 'sequence-progress', { fullPage: false });
  await page.click('#cancel');
  await page.waitForSelector('#busy', { state: 'hidden' });
  await page.waitForSelector('#sequence .cancelled');
  // A fresh engine answers at once.
  await page.fill('#rule', '0.07');
  await page.fill('#to', '100');
  await page.press('#rule', 'Enter');
  await page.waitForFunction(() => /dawson|0\.07/i.test(document.getElementById('period')?.textContent ?? ''));
  assert.deepEqual(page.problems(), []);
});

test('an analysis restored from its address: nim 3 5 7 is N with three winning moves', async () => {
  const page = await newPage(browser);
  await open(page, server.url, '?view=analyse&game=nim&position=3+5+7');
  await page.waitForSelector('#outcome');
  // 3 ⊕ 5 ⊕ 7 = 1 ≠ 0: the first player wins (Bouton), by the moves to nim-sum 0.
  assert.equal(nimSum('3 5 7'), 1);
  assert.equal(await page.textContent('#outcome'), 'N');
  const winning = await page.$$eval('#winning li', (l) => l.map((x) => x.dataset.position));
  assert.deepEqual(winning.sort(), ['2 5 7', '3 4 7', '3 5 6']);
  assert.ok(await page.isVisible('table.columns'));
  await screenshot(page, 'analyse');
  assert.deepEqual(page.problems(), []);
});

test('a partizan sum is analysed with its hottest part', async () => {
  const page = await newPage(browser);
  await open(page, server.url, '?view=analyse&game=domineering&position=..|..+%2B+domineering+...|...');
  await page.waitForSelector('table.parts');
  // ..|.. is ±1 (temperature 1); ...|... is {2|-1/2} (temperature 5/4): the hotter.
  const rows = await page.$$eval('table.parts tbody tr', (r) => r.map((x) => [x.className, ...[...x.cells].map((c) => c.textContent)]));
  assert.deepEqual(rows.map((r) => r[0]), ['', 'hottest']);
  assert.equal(rows[1][3], '5/4');
  assert.deepEqual(page.problems(), []);
});

test('games born by day 2: 22 games, 4 outcome classes', async () => {
  const page = await newPage(browser);
  await open(page, server.url, '?view=born&day=2');
  await page.waitForSelector('#born-total');
  // Day 2: 22 games (On Numbers and Games, chapter 0; text 001); the four classes'
  // counts add up to them.
  assert.match(await page.textContent('#born-total'), /^22 games/);
  const counts = await page.$$eval('.class h3', (l) => l.map((x) => Number(x.textContent.split(' ')[0])));
  assert.equal(counts.length, 4);
  assert.equal(counts.reduce((a, b) => a + b), 22);
  // Only 0 itself is zero, and negation pairs the positive games with the negative ones.
  assert.equal(counts[0], 1);
  assert.equal(counts[1], counts[2]);
  await screenshot(page, 'born');
  assert.deepEqual(page.problems(), []);
});

test('the game tree of Nim (1, 3), and its graph', async () => {
  const page = await newPage(browser);
  await open(page, server.url, '?view=tree&game=nim&position=1+3');
  await page.waitForSelector('#tree .picture svg');
  // The tree: a node for every way down, counted here by brute force (20 for 1 3).
  const count = (a, b) => 1 + [...Array(a).keys()].reduce((s, k) => s + count(k, b), 0) + [...Array(b).keys()].reduce((s, k) => s + count(a, k), 0);
  assert.match(await page.textContent('#tree .status'), new RegExp(`^${count(1, 3)} positions`));
  await page.check('#tree-graph');
  await page.press('#tree-position', 'Enter');
  // The graph merges equal positions: a ≤ 1, b ≤ 3, so 2 · 4 = 8 of them.
  // From a b there are a + b moves: 16 in all.
  await page.waitForFunction(() => /^8 positions, 16 moves/.test(document.querySelector('#tree .status')?.textContent ?? ''));
  assert.match(page.url(), /graph=1/);
  await screenshot(page, 'tree-graph');
  assert.deepEqual(page.problems(), []);
});

test('dark theme and a phone-width screen', async () => {
  const dark = await newPage(browser, { colorScheme: 'dark' });
  await open(dark, server.url, '?view=play&game=domineering&position=4x4');
  assert.equal(await dark.getAttribute('html', 'data-theme'), 'dark');
  await screenshot(dark, 'dark', { docs: true });
  // t switches to light, and the choice is kept.
  await dark.keyboard.press('t');
  assert.equal(await dark.getAttribute('html', 'data-theme'), 'light');
  const phone = await newPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 });
  await open(phone, server.url, '?view=play&game=nim&position=3+5+7');
  const width = await phone.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `no sideways scrolling at 390 px (${width} px wide)`);
  for (const q of ['?view=analyse&game=nim&position=3+5+7', '?view=calc&expr=%7B3%7C%7C2%7C1%7D', '?view=sequence&rule=kayles&prove=1', '?view=born&day=2', '?view=tree&game=nim&position=1+3', '?view=play&game=hackenbush']) {
    await open(phone, server.url, q);
    const w = await phone.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(w <= 390, `${q}: no sideways scrolling at 390 px (${w} px wide)`);
  }
  await open(phone, server.url, '?view=play&game=nim&position=3+5+7');
  await phone.tap('#board [data-cell="1/h3.7"]');
  await phone.waitForFunction(() => document.getElementById('board').dataset.moves === '2');
  await screenshot(phone, 'phone', { docs: true });
  assert.deepEqual([...dark.problems(), ...phone.problems()], []);
});

test('keyboard: the views are reached and used with keys alone', async () => {
  const page = await newPage(browser);
  await open(page, server.url, '?view=play&game=nim&position=3+5+7');
  await page.keyboard.press('h');
  await page.waitForSelector('#moves .move.win');
  await page.focus('#moves .move.win');
  const outline = await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle);
  assert.notEqual(outline, 'none', 'a focused control shows it');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.getElementById('board').dataset.moves === '2');
  // Enter submits a form: the calculator from the address, then a typed expression.
  await page.click('nav a[data-view="calc"]');
  await page.waitForSelector('body[data-ready="calc"]');
  await page.keyboard.type('*2 + *3');
  await page.keyboard.press('Enter');
  await page.waitForSelector('#output');
  // 2 ⊕ 3 = 1: *2 + *3 is *1, which CGSuite's notation writes *.
  assert.equal(await page.textContent('#output'), '*');
  assert.deepEqual(page.problems(), []);
});
