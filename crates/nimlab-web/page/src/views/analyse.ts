// Analyse: any position in the catalogue's notation, as `nimlab analyze` gives it.
import type { Engine } from '../engine';
import { catalogue, gameOptions } from '../catalogue';
import { busy, errorBox, field, h, params, picture, setParams } from '../ui';
import { explanation } from '../explain';

interface Listed { to: string; description: string }

/** A list of winning moves, or a line saying there is none. */
function winningList(id: string, title: string, moves: Listed[] | undefined, count: number | undefined): HTMLElement[] {
  if (!moves) return [];
  const more = (count ?? moves.length) - moves.length;
  return [h('h3', {}, `${title} (${count ?? moves.length})`),
    moves.length ? h('ul', { id, class: 'winning' }, ...moves.map((m) => h('li', { 'data-position': m.to }, m.description, h('span', { class: 'to' }, ` → ${m.to}`))), more > 0 ? h('li', {}, `and ${more} more`) : null)
      : h('p', { id }, 'None: no move wins against perfect play.')];
}

export async function analyseView(main: HTMLElement, engine: Engine) {
  const games = await catalogue(engine);
  const p = params();
  const game = h('select', { id: 'analyse-game' }, gameOptions(games, p.get('game') ?? 'nim'));
  const position = h('input', { id: 'analyse-position', value: p.get('position') ?? '3 5 7', size: 30, spellcheck: 'false' });
  const misere = h('input', { type: 'checkbox', id: 'analyse-misere', checked: p.get('misere') === '1' });
  const out = h('div', { id: 'analysis', class: 'result', 'aria-live': 'polite' });
  const help = h('p', { class: 'help' });
  const showHelp = () => {
    const g = games.find((x) => x.example.split(' ')[0] === game.value);
    help.textContent = g ? `${g.summary.replace(/\.?$/, '.')} Position: ${g.position.replace(/\.?$/, '.')} For a sum, add + and another game with its position.` : '';
  };
  game.addEventListener('change', () => {
    const g = games.find((x) => x.example.split(' ')[0] === game.value);
    if (g) position.value = g.example.split(' ').slice(1).join(' ');
    showHelp();
  });
  showHelp();
  async function analyse() {
    setParams({ view: 'analyse', game: game.value, position: position.value, misere: misere.checked });
    try {
      const r = await busy(engine, 'Analysing…', () => engine.call('analyze', { game: game.value, position: position.value, misere: misere.checked }));
      const a = r.analysis;
      out.replaceChildren(
        h('dl', { class: 'facts' },
          h('dt', {}, 'Outcome'), h('dd', { id: 'outcome' }, a.outcome),
          h('dt', {}, 'Value'), h('dd', { id: 'value' }, String(a.value ?? a.loopy_value ?? '')),
          a.temperature !== undefined ? [h('dt', {}, 'Mean'), h('dd', {}, String(a.mean)), h('dt', {}, 'Temperature'), h('dd', {}, String(a.temperature))] : null),
        ...winningList('winning', 'Winning moves', a.winning_moves, a.winning_move_count),
        ...winningList('left-winning', 'Left\'s winning moves', a.left_winning_moves, a.left_winning_count),
        ...winningList('right-winning', 'Right\'s winning moves', a.right_winning_moves, a.right_winning_count),
        explanation(a),
        h('div', { class: 'pictures' }, ...r.parts.filter((x: any) => x.svg).map((x: any) => picture(x.svg, `${x.game} ${x.position}`)),
          r.picture ? picture(r.picture, 'thermograph') : null),
        h('details', {}, h('summary', {}, 'As nimlab analyze writes it'), h('pre', { class: 'text' }, r.text)));
    } catch (e) {
      out.replaceChildren(errorBox((e as Error).message));
    }
  }
  main.append(h('section', { class: 'view' }, h('h2', {}, 'Analyse a position'),
    h('form', { class: 'controls', onsubmit: (e: Event) => { e.preventDefault(); void analyse(); } },
      field('Game', game), field('Position', position), field('Misère', misere), h('button', { type: 'submit' }, 'Analyse')),
    help, out));
  await analyse();
}
