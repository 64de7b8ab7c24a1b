// The page: a view per tool, chosen by `?view=`, each restoring its state from the
// query string. Every value shown is computed by the engine in the worker.
import { Engine } from './engine';
import { playView } from './views/play';
import { analyseView } from './views/analyse';
import { calcView } from './views/calc';
import { sequenceView } from './views/sequence';
import { bornView } from './views/born';
import { treeView } from './views/tree';
import { params } from './ui';

export type View = (main: HTMLElement, engine: Engine) => Promise<void> | void;

const views: Record<string, View> = {
  play: playView,
  analyse: analyseView,
  calc: calcView,
  sequence: sequenceView,
  born: bornView,
  tree: treeView,
};

const engine = new Engine();
const main = document.getElementById('main')!;

document.getElementById('cancel')!.addEventListener('click', () => {
  engine.cancel();
  document.getElementById('busy')!.hidden = true;
});

// Light and dark: the system's choice unless the reader chose.
const root = document.documentElement;
function applyTheme(theme: string | null) {
  const dark = theme ? theme === 'dark' : matchMedia('(prefers-color-scheme: dark)').matches;
  root.dataset.theme = dark ? 'dark' : 'light';
}
applyTheme(localStorage.getItem('nimlab-theme'));
function toggleTheme() {
  const next = root.dataset.theme === 'dark' ? 'light' : 'dark';
  localStorage.setItem('nimlab-theme', next);
  applyTheme(next);
}
document.getElementById('theme')!.addEventListener('click', toggleTheme);

async function show() {
  const name = params().get('view') ?? 'play';
  const view = views[name] ?? playView;
  for (const a of document.querySelectorAll<HTMLAnchorElement>('nav a')) {
    if (a.dataset.view === name) a.setAttribute('aria-current', 'page');
    else a.removeAttribute('aria-current');
  }
  main.replaceChildren();
  await view(main, engine);
  document.body.dataset.ready = name;
  // When the page first answers (measured by the browser tests).
  if (!performance.getEntriesByName('nimlab-ready').length) performance.mark('nimlab-ready');
}

// The views' links change the view without reloading the engine.
document.querySelector('nav')!.addEventListener('click', (e) => {
  const a = (e.target as HTMLElement).closest('a');
  if (!a || e.ctrlKey || e.metaKey || e.shiftKey) return;
  e.preventDefault();
  history.pushState(null, '', a.getAttribute('href')!);
  void show();
});
window.addEventListener('popstate', () => void show());

// Keys: t for the theme (each view adds its own); never while typing.
document.addEventListener('keydown', (e) => {
  const t = e.target as HTMLElement;
  if (t.closest('input, textarea, select') || e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.key === 't') toggleTheme();
});

void show();
