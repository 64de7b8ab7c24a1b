// Sequences: the Grundy values of a heap rule plotted, with the period and preperiod
// marked, the proof, the P-positions and the rare values; downloadable as text.
import type { Engine } from '../engine';
import { busy, errorBox, field, h, params, setParams } from '../ui';

/** The most values drawn in the plot (all are in the download). */
const PLOTTED = 2000;
const SVG = 'http://www.w3.org/2000/svg';

function svgEl(tag: string, attrs: Record<string, string | number>, text?: string): SVGElement {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  if (text !== undefined) el.textContent = text;
  return el;
}

/** The values as points, heap n across and G(n) up, the preperiod and a period marked. */
function plot(values: number[], report: any): SVGElement {
  const n = Math.min(values.length, PLOTTED);
  const max = Math.max(1, ...values.slice(0, n));
  const W = 880, H = 300, L = 40, B = 28, T = 16;
  const x = (i: number) => L + (i / Math.max(1, n - 1)) * (W - L - 10);
  const y = (v: number) => H - B - (v / max) * (H - B - T);
  const svg = svgEl('svg', { viewBox: `0 0 ${W} ${H}`, class: 'plot', role: 'img', 'aria-label': `Grundy values of ${report.rule}` }) as SVGSVGElement;
  svg.append(svgEl('title', {}, `G(n) of ${report.name ?? report.rule}, n = 0 … ${n - 1}`));
  svg.append(svgEl('line', { x1: L, y1: H - B, x2: W - 10, y2: H - B, class: 'axis' }));
  svg.append(svgEl('line', { x1: L, y1: T, x2: L, y2: H - B, class: 'axis' }));
  // Ticks at 1, 2 or 5 times a power of ten, about six of them on each axis.
  const step = (span: number) => { const p = 10 ** Math.floor(Math.log10(Math.max(1, span / 6))); return [1, 2, 5, 10].map((k) => k * p).find((s) => span / s <= 6) ?? p * 10; };
  for (let v = 0; v <= max; v += step(max)) {
    svg.append(svgEl('line', { x1: L - 4, y1: y(v), x2: W - 10, y2: y(v), class: 'tick' }));
    svg.append(svgEl('text', { x: L - 6, y: y(v) + 4, 'text-anchor': 'end' }, String(v)));
  }
  for (let i = 0; i < n; i += step(n - 1)) svg.append(svgEl('text', { x: x(i), y: H - 8, 'text-anchor': 'middle' }, String(i)));
  if (report.preperiod != null && report.period != null && report.preperiod < n) {
    const a = report.preperiod, b = Math.min(n - 1, report.preperiod + report.period);
    svg.append(svgEl('rect', { x: x(a), y: T, width: Math.max(1, x(b) - x(a)), height: H - B - T, class: 'period', 'data-period': report.period }));
    svg.append(svgEl('line', { x1: x(a), y1: T, x2: x(a), y2: H - B, class: 'preperiod' }));
    svg.append(svgEl('text', { x: x(a) + 4, y: T + 12, class: 'mark' }, `period ${report.period} from ${a}`));
  }
  let d = '';
  const r = n > 500 ? 1.2 : 2.2;
  for (let i = 0; i < n; i++) d += `M${(x(i) - r).toFixed(1)} ${y(values[i]).toFixed(1)}h${2 * r}`;
  svg.append(svgEl('path', { d, class: 'points', 'stroke-width': 2 * r }));
  return svg;
}

export async function sequenceView(main: HTMLElement, engine: Engine) {
  const p = params();
  const rule = h('input', { id: 'rule', value: p.get('rule') ?? 'kayles', size: 18, spellcheck: 'false' });
  const to = h('input', { id: 'to', type: 'number', min: 0, value: p.get('to') ?? '1000', size: 8 });
  const prove = h('input', { type: 'checkbox', id: 'prove', checked: p.get('prove') !== '0' });
  const out = h('div', { id: 'sequence', class: 'result', 'aria-live': 'polite' });

  async function run() {
    setParams({ view: 'sequence', rule: rule.value, to: prove.checked ? undefined : to.value, prove: prove.checked ? true : '0' });
    const req = prove.checked ? { rule: rule.value, prove: true } : { rule: rule.value, to: Number(to.value) };
    try {
      const r = await busy(engine, 'Computing', (progress) => engine.call('sequence', req, progress), prove.checked ? undefined : Number(to.value) + 1);
      const rep = r.report;
      const text = [`# ${rep.name ?? rep.rule}: G(0) … G(${rep.to})`, ...r.values.map((v: number, i: number) => `${i} ${v}`), '', r.text].join('\n');
      const download = h('a', { id: 'download', class: 'button', download: `${rep.rule.replace(/[^\w.,-]/g, '_')}.txt`, href: URL.createObjectURL(new Blob([text], { type: 'text/plain' })) }, 'Download as text');
      const status = rep.period == null ? 'no period found' : `period ${rep.period} from heap ${rep.preperiod}${rep.saltus ? `, saltus ${rep.saltus}` : ''}, ${rep.proved ? 'proved' : 'not proved'}`;
      out.replaceChildren(
        h('p', { id: 'period', class: 'status' }, `${rep.name ?? rep.rule}: ${status}.`),
        plot(r.values, rep),
        h('dl', { class: 'facts' },
          h('dt', {}, 'Computed'), h('dd', {}, `G(0) … G(${rep.to})`),
          h('dt', {}, 'Largest value'), h('dd', {}, `${rep.max_value} (first at heap ${rep.max_at})`),
          h('dt', {}, 'Values'), h('dd', { id: 'first-heaps' }, `${rep.first_heaps.length} distinct; first heaps of the last new ones: ${rep.first_heaps.length > 8 ? '…, ' : ''}${rep.first_heaps.slice(-8).map((f: { value: number; heap: number }) => `${f.value} at ${f.heap}`).join(', ')}`),
          h('dt', {}, 'P-positions'), h('dd', { id: 'p-positions' }, `${rep.p_count}: ${rep.p_positions.slice(0, 40).join(', ')}${rep.p_count > 40 ? ', …' : ''}`),
          h('dt', {}, 'Rare values'), h('dd', {}, `mask ${rep.rare.mask}: ${rep.rare.count} heaps${rep.rare.last != null ? `, the last at ${rep.rare.last}` : ''}`),
          h('dt', {}, 'Proof'), h('dd', {}, rep.proved ? 'proved by the periodicity theorem' : rep.proof_needs ? `needs ${rep.proof_needs} values` : 'none')),
        download, h('pre', { class: 'text' }, r.text));
    } catch (e) {
      const message = (e as Error).message;
      out.replaceChildren(message === 'cancelled'
        ? h('p', { class: 'cancelled status' }, 'Cancelled: the engine was stopped (and started afresh).')
        : errorBox(message));
    }
  }
  prove.addEventListener('change', () => { to.disabled = prove.checked; });
  to.disabled = prove.checked;
  main.append(h('section', { class: 'view' }, h('h2', {}, 'Sequences of heap games'),
    h('p', { class: 'help' }, 'A rule: a name (kayles, dawson-kayles, grundy), an octal code (0.77, 4.07), hexadecimal (0x.F) or subtraction:1,3,4.'),
    h('form', { class: 'controls', onsubmit: (e: Event) => { e.preventDefault(); void run(); } },
      field('Rule', rule), field('Prove the period', prove), field('Largest heap', to), h('button', { type: 'submit' }, 'Compute')),
    out));
  await run();
}
