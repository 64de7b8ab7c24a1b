// What the browser tests share: the built page served by a plain static server (as any
// static host would serve it), Debian's Chromium driven by playwright-core, and the
// screenshots each test saves.
import { createServer } from 'node:http';
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = fileURLToPath(new URL('.', import.meta.url));
export const dist = resolve(here, '../dist');
const output = resolve(here, 'output');
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.mjs': 'text/javascript',
  '.css': 'text/css', '.wasm': 'application/wasm', '.svg': 'image/svg+xml', '.png': 'image/png',
  '.ico': 'image/x-icon', '.json': 'application/json', '.txt': 'text/plain',
};

/** Serves `dist/` on 127.0.0.1 at a free port; resolves to its base URL and a close. */
export async function serve() {
  if (!existsSync(join(dist, 'index.html'))) {
    throw new Error(`${dist}/index.html is missing: build the page first (bash crates/nimlab-web/build.sh)`);
  }
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    let file = normalize(join(dist, path));
    if (!file.startsWith(dist)) { res.writeHead(403).end(); return; }
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file)) { res.writeHead(404, { 'content-type': 'text/plain' }).end('not found'); return; }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address();
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((ok) => server.close(ok)) };
}

/** Chromium, headless; fails with a clear message when it is not installed. */
export async function launch() {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`${CHROMIUM} is missing: the browser tests drive Debian's Chromium (apt-get install chromium), or set CHROMIUM to another Chromium`);
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
      '--disable-component-update', '--no-first-run'],
  });
}

/**
 * A page that records what went wrong in it: errors in the console, uncaught exceptions
 * and failed requests (a 404 included). `problems()` lists them.
 */
export async function newPage(browser, options = {}) {
  const context = await browser.newContext({ viewport: { width: 1100, height: 800 }, ...options });
  const page = await context.newPage();
  const seen = [];
  page.on('console', (m) => { if (m.type() === 'error') seen.push(`console: ${m.text()}`); });
  page.on('pageerror', (e) => seen.push(`exception: ${e.message}`));
  page.on('requestfailed', (r) => seen.push(`failed: ${r.url()}`));
  page.on('response', (r) => { if (r.status() >= 400) seen.push(`${r.status()}: ${r.url()}`); });
  page.problems = () => seen;
  return page;
}

/** Opens the page at `query` and waits for the view to be drawn. */
export async function open(page, base, query = '') {
  await page.goto(base + query);
  await page.waitForSelector('body[data-ready]', { timeout: 20000 });
}

/**
 * Saves a screenshot as tests/output/NAME.png, and also under $SCREENSHOTS (the docs'
 * pictures, e.g. SCREENSHOTS=../../docs/screenshots) when `docs` is set.
 */
export async function screenshot(page, name, { docs = false, fullPage = true } = {}) {
  mkdirSync(output, { recursive: true });
  await page.screenshot({ path: join(output, `${name}.png`), fullPage });
  const dir = process.env.SCREENSHOTS;
  if (docs && dir) {
    mkdirSync(resolve(dir), { recursive: true });
    await page.screenshot({ path: join(resolve(dir), `${name}.png`), fullPage });
  }
}

/** The nim-sum (exclusive or) of heap sizes written as in `3 5 7`. */
export function nimSum(position) {
  return position.trim().split(/\s+/).map(Number).reduce((x, y) => x ^ y, 0);
}
