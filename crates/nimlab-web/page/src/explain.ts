// The library's explanation of a value drawn as tables: the heaps in binary columns
// with their nim-sum, the mex of the options' values, the values of a sum's parts, and
// for a partizan position each part's value and temperature with the hottest marked.
import { h } from './ui';

/** A natural number as the library sends it (its base-2³² digits, least first). */
export function natural(digits: number[] | number | string): bigint {
  if (typeof digits === 'number' || typeof digits === 'string') return BigInt(digits);
  return digits.reduceRight((acc, d) => (acc << 32n) + BigInt(d), 0n);
}

interface NimColumns {
  kind: 'nim_columns'; unit: string; rows: { label: string; size: number[] }[]; omitted: number;
  nim_sum: number[]; top_bit: number | null; reducible: number[]; of_values: boolean;
}
interface Mex { kind: 'mex'; options: [string, number][]; omitted: number; value: number }
interface Sum { kind: 'sum'; parts: [string, unknown][]; total: unknown }
interface Rule { kind: 'rule'; text: string }
type Explanation = NimColumns | Mex | Sum | Rule;

function columns(t: NimColumns): HTMLElement {
  const sizes = t.rows.map((r) => natural(r.size));
  const sum = natural(t.nim_sum);
  const width = Math.max(1, ...[...sizes, sum].map((s) => s.toString(2).length));
  const bits = (n: bigint) => n.toString(2).padStart(width, '0').split('');
  const head = h('tr', {}, h('th', {}, t.of_values ? `${t.unit} (its value)` : t.unit), h('th', {}, 'size'),
    ...Array.from({ length: width }, (_, i) => h('th', { class: 'bit', scope: 'col' }, String(2 ** (width - 1 - i)))));
  const cell = (b: string, i: number) => h('td', { class: `bit${t.top_bit !== null && width - 1 - i === t.top_bit ? ' top' : ''}` }, b);
  const rows = t.rows.map((r, k) => h('tr', { class: t.reducible.includes(k) ? 'reducible' : '' },
    h('th', { scope: 'row' }, r.label), h('td', {}, sizes[k].toString()), ...bits(sizes[k]).map(cell)));
  const total = h('tr', { class: 'total' }, h('th', { scope: 'row' }, 'nim-sum'), h('td', {}, sum.toString()), ...bits(sum).map(cell));
  const said = sum === 0n
    ? 'Every column has an even number of ones: the nim-sum is 0, and every move leaves a position with a non-zero nim-sum.'
    : `The nim-sum is ${sum}: its highest one is in column ${2n ** BigInt(t.top_bit ?? 0)}; a move on a ${t.unit} with a one there (marked) can make the nim-sum 0.`;
  return h('figure', { class: 'explain-table' },
    h('table', { class: 'columns' }, h('thead', {}, head), h('tbody', {}, ...rows), h('tfoot', {}, total)),
    h('figcaption', {}, said, t.omitted ? ` (${t.omitted} more not shown)` : ''));
}

function mex(m: Mex): HTMLElement {
  const values = new Set(m.options.map(([, v]) => v));
  return h('figure', { class: 'explain-table' },
    h('table', {}, h('thead', {}, h('tr', {}, h('th', {}, 'move to'), h('th', {}, 'value'))),
      h('tbody', {}, ...m.options.map(([to, v]) => h('tr', { class: v === 0 ? 'zero' : '' }, h('td', {}, to), h('td', {}, `*${v}`))))),
    h('figcaption', {}, `The options' values are {${[...values].sort((a, b) => a - b).join(', ')}}${m.omitted ? ` and ${m.omitted} more` : ''}; the least value missing (the mex) is ${m.value}, so the position is *${m.value}.`));
}

function sum(s: Sum): HTMLElement {
  return h('figure', { class: 'explain-table' },
    h('table', {}, h('thead', {}, h('tr', {}, h('th', {}, 'part'), h('th', {}, 'value'))),
      h('tbody', {}, ...s.parts.map(([p, v]) => h('tr', {}, h('td', {}, p), h('td', {}, String(v))))),
      h('tfoot', {}, h('tr', { class: 'total' }, h('th', {}, 'nim-sum'), h('td', {}, String(s.total))))),
    h('figcaption', {}, 'The value of a sum is the nim-sum of its parts\' values.'));
}

/** The analysis' explanation (impartial) or its parts' values and temperatures (partizan). */
export function explanation(analysis: any): HTMLElement {
  const box = h('div', { class: 'explanation' });
  const steps: Explanation[] = analysis.explanation ?? [];
  for (const s of steps) {
    if (s.kind === 'nim_columns') box.append(columns(s));
    else if (s.kind === 'mex') box.append(mex(s));
    else if (s.kind === 'sum') box.append(sum(s));
    else if (s.kind === 'rule') box.append(h('p', {}, s.text));
  }
  const parts: any[] = analysis.parts ?? [];
  if (analysis.temperature !== undefined && parts.length) {
    box.append(h('figure', { class: 'explain-table' },
      h('table', { class: 'parts' },
        h('thead', {}, h('tr', {}, h('th', {}, 'part'), h('th', {}, 'value'), h('th', {}, 'temperature'))),
        h('tbody', {}, ...parts.map((p, i) => h('tr', { class: i === analysis.hottest ? 'hottest' : '' },
          h('td', {}, `${p.game} ${p.position}`), h('td', {}, p.value ?? '?'), h('td', {}, p.temperature ?? '?'))))),
      h('figcaption', {}, analysis.hottest != null
        ? `The hottest part is part ${analysis.hottest + 1}, at temperature ${parts[analysis.hottest].temperature}: the temperature measures how urgent a move in a part is.`
        : 'Each part\'s value and temperature.'),
      h('p', { class: 'sum-facts' }, `The whole: ${analysis.value ?? '?'}, outcome ${analysis.outcome}, mean ${analysis.mean}, temperature ${analysis.temperature}.`)));
  }
  return box;
}
