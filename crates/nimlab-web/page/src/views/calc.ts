// The calculator: Conway's games in CGSuite's notation, with history, the canonical
// form, outcome, mean, temperature and the thermograph.
import type { Engine } from '../engine';
import { busy, errorBox, field, h, params, picture, setParams } from '../ui';

export async function calcView(main: HTMLElement, engine: Engine) {
  const p = params();
  const input = h('input', { id: 'expr', value: p.get('expr') ?? '{3||2|1}', size: 40, spellcheck: 'false', autocomplete: 'off' });
  const explain = h('input', { type: 'checkbox', id: 'calc-explain', checked: p.get('explain') === '1' });
  const history = h('ol', { id: 'history', class: 'history', reversed: true });
  const graph = h('div', { id: 'thermograph', class: 'pictures' });
  const errors = h('div', {});
  const past: string[] = [];
  let back = 0;

  async function evaluate() {
    const expression = input.value.trim();
    if (!expression) return;
    setParams({ view: 'calc', expr: expression, explain: explain.checked });
    past.push(expression);
    back = 0;
    errors.replaceChildren();
    try {
      const r = await busy(engine, 'Evaluating…', () => engine.call('value', { expression, explain: explain.checked }));
      const a = r.answer;
      const facts = [['outcome', a.outcome], ['mean', a.mean], ['temperature', a.temperature], ['birthday', a.birthday]]
        .filter(([, v]) => v !== undefined && v !== null)
        .map(([k, v]) => h('span', { class: `fact ${k}` }, `${k} ${v}`));
      history.prepend(h('li', {},
        h('button', { type: 'button', class: 'again', title: 'Use again', onclick: () => { input.value = expression; input.focus(); } }, h('code', {}, expression)),
        ' = ', h('output', { class: 'output' }, a.output),
        facts.length ? h('span', { class: 'facts-line' }, ' ', ...facts) : null,
        r.text ? h('pre', { class: 'text' }, r.text) : null));
      graph.replaceChildren(r.thermograph ? picture(r.thermograph, 'thermograph') : h('p', {}, 'No thermograph: the value is not a game.'));
      input.select();
    } catch (e) {
      errors.replaceChildren(errorBox((e as Error).message));
    }
  }
  // Up and down walk the expressions typed before.
  input.addEventListener('keydown', (e) => {
    if (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') return;
    e.preventDefault();
    back = Math.max(0, Math.min(past.length, back + (e.key === 'ArrowUp' ? 1 : -1)));
    input.value = back ? past[past.length - back] : '';
  });
  main.append(h('section', { class: 'view' }, h('h2', {}, 'Calculator'),
    h('p', { class: 'help' }, 'CGSuite\'s notation: {1|*}, ^, *2, 3/4, g := {2|-1}, g + ^, {3||2|1}.Temperature, .Mean, .LeftStop, .Canonical…'),
    h('form', { class: 'controls', onsubmit: (e: Event) => { e.preventDefault(); void evaluate(); } },
      field('Expression', input), field('Explain the simplification', explain), h('button', { type: 'submit' }, 'Evaluate')),
    errors, h('div', { class: 'table' }, h('div', {}, h('h3', {}, 'History'), history), h('div', {}, h('h3', {}, 'Thermograph'), graph))));
  if (p.get('expr')) await evaluate();
  input.focus();
}
