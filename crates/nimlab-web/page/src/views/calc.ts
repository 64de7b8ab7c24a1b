// The calculator: Conway's games in CGSuite's notation, with history, the canonical
// form, outcome, mean, temperature and the thermograph.
import type { Engine } from '../engine';
import { busy, errorBox, field, h, params, picture, setParams } from '../ui';

const OUTCOMES: Record<string, string> = {
  L: 'L: Left wins, whoever starts', R: 'R: Right wins, whoever starts',
  P: 'P: the second player wins', N: 'N: the first player wins',
};
const EXAMPLES = ['{3||2|1}.Temperature', '{3||2|1}', '^ + *', '{2|-1}.Mean', '*2 + *3', 'g := {1|{0|-1}}'];

export async function calcView(main: HTMLElement, engine: Engine) {
  const p = params();
  const input = h('input', { id: 'expr', value: p.get('expr') ?? '{3||2|1}.Temperature', size: 40, spellcheck: 'false', autocomplete: 'off', 'aria-label': 'Expression' });
  const explain = h('input', { type: 'checkbox', id: 'calc-explain', checked: p.get('explain') === '1' });
  const history = h('ol', { id: 'history', class: 'history', reversed: true });
  const historyBox = h('section', { class: 'history-box', hidden: true }, h('h3', {}, 'History'), history);
  const result = h('div', { id: 'result', class: 'calc-result', 'aria-live': 'polite' },
    h('p', { class: 'help' }, 'Type an expression and press Enter, or try one: ',
      ...EXAMPLES.map((x) => h('button', { type: 'button', class: 'example', onclick: () => { input.value = x; void evaluate(); } }, h('code', {}, x))), '.'));
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
      const facts: [string, string, string | undefined][] = [
        ['canonical', 'Canonical form', a.output], ['outcome', 'Outcome', a.outcome && (OUTCOMES[a.outcome] ?? a.outcome)],
        ['mean', 'Mean', a.mean], ['temperature', 'Temperature', a.temperature], ['birthday', 'Birthday', a.birthday?.toString()],
      ];
      result.replaceChildren(
        h('p', { class: 'answer' }, h('code', {}, expression), ' = ', h('output', { id: 'output', class: 'output' }, a.output)),
        h('div', { class: 'table' },
          h('dl', { class: 'facts' }, ...facts.filter(([, , v]) => v !== undefined && v !== null)
            .flatMap(([k, name, v]) => [h('dt', {}, name), h('dd', { class: k }, v!)])),
          r.thermograph ? h('div', { id: 'thermograph', class: 'thermograph' }, picture(r.thermograph, `thermograph`)) : h('p', { class: 'help' }, 'No thermograph: the value is not a game.')),
        r.text ? h('pre', { class: 'text' }, r.text) : '');
      history.prepend(h('li', {},
        h('button', { type: 'button', class: 'again', title: 'Use again', onclick: () => { input.value = expression; input.focus(); } }, h('code', {}, expression)),
        ' = ', h('output', {}, a.output)));
      historyBox.hidden = false;
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
    h('p', { class: 'help' }, 'CGSuite\'s notation: {1|*}, ^, *2, 3/4, g := {2|-1}, g + ^, {3||2|1}.Temperature, .Mean, .LeftStop, .Canonical… Up and down recall what you typed.'),
    h('form', { class: 'controls', onsubmit: (e: Event) => { e.preventDefault(); void evaluate(); } },
      field('Expression', input), field('Explain the simplification', explain), h('button', { type: 'submit' }, 'Evaluate')),
    errors, result, historyBox));
  if (p.get('expr')) await evaluate();
  input.focus();
  input.select();
}
