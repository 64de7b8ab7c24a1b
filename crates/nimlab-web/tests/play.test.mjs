// Games played in Chromium by clicks on the drawn pictures, each checked against a value
// worked out here independently of the engine (Bouton's nim-sum, brute force).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, nimSum, open, screenshot, serve } from './browser.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const board = (page, name) => page.getAttribute('#board', `data-${name}`);

/** Waits for the game to move on from `moves` moves: the player's turn again, or the end. */
async function settled(page, moves) {
  await page.waitForFunction((m) => {
    const b = document.getElementById('board');
    return b && b.dataset.moves !== m && (b.classList.contains('live') || document.getElementById('status').dataset.over);
  }, moves, { timeout: 15000 });
}

const over = (page) => page.getAttribute('#status', 'data-over');

/** The positions after each move of the game so far. */
const record = (page) => page.$$eval('#record li', (li) => li.map((l) => l.dataset.position));

/** Plays the listed move at `index` by clicking its cells on the picture. */
async function clickMove(page, index) {
  const moves = await page.$$eval('#moves .move', (b) => b.map((x) => x.dataset.touched.split(' ')));
  const [first, second] = moves[index];
  const before = await board(page, 'moves');
  await page.click(`#board [data-cell="${first}"]`);
  // A cell that several moves change: a second cell says which.
  if (moves.filter((t) => t.includes(first)).length > 1) await page.click(`#board [data-cell="${second}"]`);
  await settled(page, before);
}

/** Every position one Nim move from `position`. */
function nimOptions(position) {
  const heaps = position.trim().split(/\s+/).map(Number);
  const out = [];
  heaps.forEach((n, i) => { for (let k = 0; k < n; k++) out.push(heaps.map((m, j) => (j === i ? k : m)).join(' ')); });
  return out;
}

test('a whole Nim game from 3 5 7, played by clicks on the heaps, is won by the computer', async () => {
  const page = await newPage(browser);
  await open(page, server.url, '?view=play&game=nim&position=3+5+7');
  assert.equal(await board(page, 'position'), '3 5 7');
  // The player takes a whole heap each time (a click on its first match); after the first
  // such move (0 5 7, nim-sum 2) the computer keeps the nim-sum at 0 (Bouton) to the end.
  for (let round = 0; !(await over(page)); round++) {
    assert.ok(round < 20, 'the game should end');
    const heaps = (await board(page, 'position')).split(' ').map(Number);
    const i = heaps.findIndex((n) => n > 0);
    const moves = await board(page, 'moves');
    await page.click(`#board [data-cell="1/h${i + 1}.1"]`);
    await settled(page, moves);
    const seen = await record(page);
    const mine = seen[seen.length - 2] ?? seen[seen.length - 1];
    assert.equal(mine.split(' ').map(Number)[i], 0, `a click on the first match takes the heap: ${mine}`);
    assert.equal(nimSum(await board(page, 'position')), 0, `the computer leaves nim-sum 0: ${seen}`);
  }
  assert.equal(await over(page), 'computer');
  assert.equal(await board(page, 'position'), '0 0 0');
  assert.match(await page.textContent('#status'), /computer won/);
  await screenshot(page, 'play-nim-computer-wins');
  assert.deepEqual(page.problems(), []);
});

test('a hint highlights every winning move, and following the hints wins', async () => {
  const page = await newPage(browser);
  await open(page, server.url, '?view=play&game=nim&position=3+5+7');
  for (let round = 0; !(await over(page)); round++) {
    assert.ok(round < 20, 'the game should end');
    const position = await board(page, 'position');
    await page.click('#hint');
    await page.waitForSelector('#moves .move.win');
    const highlighted = (await page.$$eval('#moves .move.win', (b) => b.map((x) => x.dataset.position))).sort();
    const expected = nimOptions(position).filter((p) => nimSum(p) === 0).sort();
    assert.deepEqual(highlighted, expected, `the winning moves from ${position}`);
    // Every cell of every winning move is highlighted in the picture.
    const cells = await page.$$eval('#moves .move.win', (b) => b.flatMap((x) => x.dataset.touched.split(' ')));
    const lit = await page.$$eval('#board [data-cell].win', (g) => g.map((x) => x.getAttribute('data-cell')));
    assert.deepEqual([...new Set(cells)].sort(), lit.sort());
    if (round === 0) await screenshot(page, 'play-hint', { docs: true });
    // A click on the first highlighted match plays a winning move.
    const moves = await board(page, 'moves');
    await page.click('#board [data-cell].win >> nth=0');
    await settled(page, moves);
    const seen = await record(page);
    const mine = (await over(page)) ? seen[seen.length - 1] : seen[seen.length - 2];
    assert.equal(nimSum(mine), 0, `the hinted move ${mine} leaves nim-sum 0`);
    assert.ok(expected.includes(mine));
  }
  assert.equal(await over(page), 'you');
  assert.deepEqual(page.problems(), []);
});

test('explain shows the heaps in binary columns with their nim-sum', async () => {
  const page = await newPage(browser);
  await open(page, server.url, '?view=play&game=nim&position=3+5+7');
  await page.click('#explain-button');
  await page.waitForSelector('#explain table.columns');
  // 3 = 011, 5 = 101, 7 = 111; their nim-sum 001 = 1.
  const rows = await page.$$eval('#explain table.columns tr', (r) => r.map((x) => [...x.querySelectorAll('.bit')].map((c) => c.textContent).join('')));
  assert.deepEqual(rows.filter(Boolean), ['421', '011', '101', '111', '001']);
  await screenshot(page, 'play-explain');
});

/** Who wins misère Nim from `position` with the player to move: brute force. */
function misereWins(position, memo = new Map()) {
  if (memo.has(position)) return memo.get(position);
  const options = nimOptions(position);
  // No move left: the previous player took the last counter and lost.
  const win = options.length === 0 || options.some((p) => !misereWins(p, memo));
  memo.set(position, win);
  return win;
}

test('misère Nim: the hint and the game follow the misère rule', async () => {
  const page = await newPage(browser);
  await open(page, server.url, '?view=play&game=nim&position=1+1+2&misere=1');
  assert.equal(await page.isChecked('#play-misere'), true);
  await page.click('#hint');
  await page.waitForSelector('#moves .move.win');
  const highlighted = await page.$$eval('#moves .move.win', (b) => b.map((x) => x.dataset.position));
  const expected = nimOptions('1 1 2').filter((p) => !misereWins(p));
  assert.deepEqual(highlighted, expected);
  // In normal play the winning move is another one (to nim-sum 0).
  assert.deepEqual(nimOptions('1 1 2').filter((p) => nimSum(p) === 0), ['1 1 0']);
  assert.deepEqual(expected, ['1 1 1']);
  const moves = await board(page, 'moves');
  await page.click(`#moves .move[data-position="1 1 1"]`);
  await settled(page, moves);
  while (!(await over(page))) {
    const m = await board(page, 'moves');
    await page.click('#moves .move >> nth=0');
    await settled(page, m);
  }
  // The computer had to take the last counter.
  assert.equal(await over(page), 'you');
  await screenshot(page, 'play-misere');
  assert.deepEqual(page.problems(), []);
});

/** Whether the side to move wins Domineering on `rows` ('.' empty): brute force. */
function domineeringWins(rows, left, memo = new Map()) {
  const key = `${left}${rows.join('|')}`;
  if (memo.has(key)) return memo.get(key);
  let win = false;
  for (let r = 0; r < rows.length && !win; r++) {
    for (let c = 0; c < rows[r].length && !win; c++) {
      const [r2, c2] = left ? [r + 1, c] : [r, c + 1];
      if (rows[r][c] !== '.' || rows[r2]?.[c2] !== '.') continue;
      const next = rows.map((row, i) => [...row].map((x, j) => ((i === r && j === c) || (i === r2 && j === c2) ? '#' : x)).join(''));
      win = !domineeringWins(next, !left, memo);
    }
  }
  memo.set(key, win);
  return win;
}

test('a Domineering game played by clicks on the squares ends as brute force says', async () => {
  const page = await newPage(browser);
  await open(page, server.url, '?view=play&game=domineering&position=....|....|....');
  let computerCanWin = false;
  for (let round = 0; !(await over(page)); round++) {
    assert.ok(round < 12, 'the game should end');
    await clickMove(page, 0);
    const seen = await record(page);
    // Once Right (the computer) is to move in a position it wins, it must win.
    const mine = (await over(page)) && seen.length % 2 === 1 ? seen[seen.length - 1] : seen[seen.length - 2];
    computerCanWin ||= domineeringWins(mine.split('|'), false);
  }
  assert.equal(await over(page), computerCanWin ? 'computer' : 'you');
  await screenshot(page, 'play-domineering', { docs: true });
  assert.deepEqual(page.problems(), []);
});

test('Bus-Nim 1 2 2 2 played with the suggested moves is drawn by repetition', async () => {
  const page = await newPage(browser);
  await open(page, server.url, '?view=play&game=bus-nim&position=1+2+2+2');
  for (let round = 0; !(await over(page)); round++) {
    assert.ok(round < 40, 'the game should end');
    await page.click('#hint');
    await page.waitForSelector('#moves .move.suggested');
    const moves = await board(page, 'moves');
    await page.click('#moves .move.suggested');
    await settled(page, moves);
  }
  assert.equal(await over(page), 'draw');
  // The last position came up a third time with the same player to move.
  const seen = ['1 2 2 2', ...(await record(page))];
  const last = seen.length - 1;
  assert.equal(seen.filter((p, i) => p === seen[last] && (last - i) % 2 === 0).length, 3, seen.join(', '));
  await screenshot(page, 'play-draw');
  assert.deepEqual(page.problems(), []);
});

test('the computer moves first when asked; undo, restart and a new game', async () => {
  const page = await newPage(browser);
  await open(page, server.url, '?view=play&game=nim&position=3+5+7&first=computer');
  await page.waitForFunction(() => document.getElementById('board').dataset.moves === '1');
  // 3 ⊕ 5 ⊕ 7 = 1: the computer, first, moves to nim-sum 0.
  const first = await board(page, 'position');
  assert.equal(nimSum(first), 0);
  await page.click('#moves .move >> nth=0');
  await page.waitForFunction(() => document.getElementById('board').dataset.moves === '3');
  assert.equal((await record(page)).length, 3);
  // Undo takes back the player's move and the answer.
  await page.click('#undo');
  await page.waitForFunction(() => document.getElementById('board').dataset.moves === '1');
  assert.equal(await board(page, 'position'), first);
  assert.deepEqual(await record(page), [first]);
  // Restart: the computer opens again, to nim-sum 0.
  await page.click('#moves .move >> nth=0');
  await page.waitForFunction(() => document.getElementById('board').dataset.moves === '3');
  await page.click('#restart');
  await page.waitForFunction(() => document.getElementById('record').children.length === 1 && document.getElementById('board').classList.contains('live'));
  assert.equal(nimSum(await board(page, 'position')), 0);
  // A new game from 1 2 3 (1 ⊕ 2 ⊕ 3 = 0): the computer, first, can only leave a
  // non-zero nim-sum, and the hint finds a winning move for the player.
  await page.fill('#play-position', '1 2 3');
  await page.click('button[type=submit]:has-text("New game")');
  await page.waitForFunction((old) => {
    const r = document.getElementById('record').children;
    return r.length === 1 && r[0].dataset.position !== old && document.getElementById('board').classList.contains('live');
  }, first);
  assert.notEqual(nimSum(await board(page, 'position')), 0);
  assert.match(page.url(), /position=1\+2\+3/);
  assert.match(page.url(), /first=computer/);
  await page.click('#hint');
  await page.waitForSelector('#moves .move.win');
  assert.deepEqual(page.problems(), []);
});

test('playing Right, with the computer (Left) first: Domineering 2 × 2 goes to the first player', async () => {
  const page = await newPage(browser);
  await open(page, server.url, '?view=play&game=domineering&position=..|..&first=computer&side=right');
  assert.equal(await page.inputValue('#play-side'), 'right');
  // Brute force: on 2 × 2 whoever moves first wins (the value is ±1).
  assert.equal(domineeringWins(['..', '..'], true), true);
  assert.equal(domineeringWins(['..', '..'], false), true);
  await page.waitForFunction(() => document.getElementById('status').dataset.over);
  assert.equal(await over(page), 'computer');
  // Left placed a domino one above the other: a column of the board is full.
  const [top, bottom] = (await board(page, 'position')).split('|');
  assert.ok([0, 1].some((c) => top[c] === '#' && bottom[c] === '#'), `${top}|${bottom}`);
  assert.deepEqual(page.problems(), []);
});

/** Kayles values G(0..n) by brute force: knock down 1 or 2 adjacent pins of a row. */
function kaylesValues(n) {
  const g = [];
  for (let m = 0; m <= n; m++) {
    const seen = new Set();
    for (const k of [1, 2]) for (let a = 0; a + k <= m; a++) seen.add(g[a] ^ g[m - k - a]);
    let mex = 0;
    while (seen.has(mex)) mex++;
    g.push(mex);
  }
  return g;
}

test('Kayles by clicks on the pins: a click knocks down the pin clicked, and the hint lights the winning pins', async () => {
  const page = await newPage(browser);
  await open(page, server.url, '?view=play&game=kayles&position=5+7');
  const g = kaylesValues(7);
  const value = (p) => p.trim().split(/\s+/).map(Number).reduce((x, n) => x ^ g[n], 0);
  assert.notEqual(value('5 7'), 0, 'the player to move wins');
  await page.click('#hint');
  await page.waitForSelector('#moves .move.win');
  const winning = await page.$$eval('#moves .move.win', (b) => b.map((x) => x.dataset.position));
  const listed = await page.$$eval('#moves .move', (b) => b.map((x) => x.dataset.position));
  assert.deepEqual(winning, listed.filter((p) => value(p) === 0));
  // Each winning move lights only the pins it knocks down (one or two of a row), read
  // from either end of the row: at most four pins, all of one row.
  const lit = await page.$$eval('#moves .move.win', (b) => b.map((x) => x.dataset.touched.split(' ')));
  for (const cells of lit) {
    assert.ok(cells.length <= 4, `${cells}`);
    assert.equal(new Set(cells.map((c) => c.split('.')[0])).size, 1, `${cells}`);
  }
  await screenshot(page, 'play-kayles-hint');
  // Pin 2 of the row of 5 clicked: rows of 1 and 3 are left.
  const moves = await board(page, 'moves');
  await page.click('#board [data-cell="1/h1.2"]');
  await settled(page, moves);
  assert.equal((await record(page))[0], '1 3 7');
  assert.deepEqual(page.problems(), []);
});

// The time each answer takes is measured by `npm run measure` (bench/measure.test.mjs).
// The games are chosen in the menu, one after the other on the same page, as a reader
// does (a page loaded again for each compiled the engine again, 60 times).
test('the computer answers a move from every catalogue game\'s start', async () => {
  const page = await newPage(browser);
  await open(page, server.url, '?view=play');
  const games = await page.$$eval('#play-game option', (o) => o.map((x) => x.value));
  assert.ok(games.length >= 50, `${games.length} games`);
  const unanswered = [];
  for (const game of games) {
    // The board's count of moves is overwritten by the new game's, once it is drawn.
    await page.$eval('#board', (b) => { b.dataset.moves = 'choosing'; });
    await page.selectOption('#play-game', game);
    try {
      await settled(page, 'choosing');
    } catch {
      unanswered.push(`${game}: not started`);
      continue;
    }
    assert.equal(new URL(page.url()).searchParams.get('game'), game);
    const moves = await board(page, 'moves');
    if (moves === null || !(await page.$('#moves .move'))) { unanswered.push(`${game}: no move listed`); continue; }
    await page.click('#moves .move');
    try {
      await settled(page, moves);
    } catch {
      unanswered.push(`${game}: no answer`);
    }
  }
  assert.deepEqual(unanswered, [], 'every game is played and answered');
  assert.deepEqual(page.problems(), []);
});
