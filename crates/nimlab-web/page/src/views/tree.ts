// The game tree (or graph) of a small position or of a Conway game, as text 001 draws
// Nim (1, 3).
import type { Engine } from '../engine';
import { catalogue, gameOptions } from '../catalogue';
import { busy, errorBox, field, h, params, picture, setParams } from '../ui';

export async function treeView(main: HTMLElement, engine: Engine) {
  const games = await catalogue(engine);
  const p = params();
  const game = h('select', { id: 'tree-game' }, h('option', { value: '' }, 'a Conway game (below)'), gameOptions(games, p.get('game') ?? (p.get('value') ? '' : 'nim')));
  const position = h('input', { id: 'tree-position', value: p.get('position') ?? '1 3', size: 20, spellcheck: 'false' });
  const value = h('input', { id: 'tree-value', value: p.get('value') ?? '', size: 20, placeholder: '{1|*}', spellcheck: 'false' });
  const graph = h('input', { type: 'checkbox', id: 'tree-graph', checked: p.get('graph') === '1' });
  const out = h('div', { id: 'tree', class: 'result' });
  async function run() {
    const req = game.value ? { game: game.value, position: position.value, graph: graph.checked } : { value: value.value, graph: graph.checked };
    setParams({ view: 'tree', ...req });
    try {
      const r = await busy(engine, 'Exploring…', () => engine.call('tree', req));
      const svg = r.svg.Ok ?? null;
      out.replaceChildren(
        h('p', { class: 'status' }, `${r.tree.nodes.length} positions, ${r.tree.edges.length} moves.`),
        svg ? picture(svg, 'game tree') : h('p', {}, `Not drawn: ${r.svg.Err}`),
        h('details', {}, h('summary', {}, 'As text'), h('pre', { class: 'text' }, r.text)));
    } catch (e) {
      out.replaceChildren(errorBox((e as Error).message));
    }
  }
  main.append(h('section', { class: 'view' }, h('h2', {}, 'Game trees'),
    h('form', { class: 'controls', onsubmit: (e: Event) => { e.preventDefault(); void run(); } },
      field('Game', game), field('Position', position), field('or a value', value), field('Merge equal positions (graph)', graph), h('button', { type: 'submit' }, 'Draw')),
    out));
  await run();
}
