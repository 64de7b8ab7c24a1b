// Games born by day n (0 to 3), with their outcome classes and, up to day 2, the Hasse
// diagram of their order.
import type { Engine } from '../engine';
import { busy, errorBox, field, h, params, picture, setParams } from '../ui';

const CLASSES: [string, string][] = [['P', 'zero (P): the second player wins'], ['L', 'positive (L): Left wins'], ['R', 'negative (R): Right wins'], ['N', 'fuzzy (N): the first player wins']];

export async function bornView(main: HTMLElement, engine: Engine) {
  const p = params();
  const day = h('select', { id: 'day' }, [0, 1, 2, 3].map((d) => h('option', { value: d }, String(d))));
  day.value = String(Math.min(3, Math.max(0, Number(p.get('day') ?? 2) || 0)));
  const out = h('div', { id: 'born', class: 'result' });
  async function run() {
    setParams({ view: 'born', day: day.value });
    try {
      const r = await busy(engine, 'Counting…', () => engine.call('born', { day: Number(day.value) }));
      const rep = r.report;
      out.replaceChildren(
        h('p', { id: 'born-total', class: 'status' }, `${rep.total} games are born by day ${rep.day}.`),
        h('div', { class: 'classes' }, ...CLASSES.map(([c, name]) => {
          const games = rep.games.filter((g: any) => g.outcome === c);
          return h('section', { class: `class class-${c}` }, h('h3', {}, `${rep.counts[c]} ${name}`),
            h('p', { class: 'games' }, ...games.slice(0, 400).map((g: any) => h('span', {}, g.value)), games.length > 400 ? `and ${games.length - 400} more` : null));
        })),
        r.hasse ? h('div', {}, h('h3', {}, 'Their order (Hasse diagram)'), picture(r.hasse, 'Hasse diagram')) : h('p', {}, 'The Hasse diagram is drawn up to day 2.'));
    } catch (e) {
      out.replaceChildren(errorBox((e as Error).message));
    }
  }
  day.addEventListener('change', () => void run());
  main.append(h('section', { class: 'view' }, h('h2', {}, 'Games born by day n'), h('form', { class: 'controls', onsubmit: (e: Event) => { e.preventDefault(); void run(); } }, field('Day', day)), out));
  await run();
}
