// Small helpers shared by the views: building elements, the query string, the busy bar.
import type { Engine } from './engine';

type Child = Node | string | null | undefined | false;

/** An element with attributes (`on…` attributes as listeners) and children. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K, attrs: Record<string, any> = {}, ...children: (Child | Child[])[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v);
    else if (k === 'class') el.className = v;
    else if (k in el && k !== 'list' && typeof v !== 'string') (el as any)[k] = v;
    else el.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.append(typeof c === 'string' ? document.createTextNode(c) : c);
  }
  return el;
}

/** A picture made by the library (its text escaped there), placed as it is. */
export function picture(svg: string, label: string): HTMLElement {
  const div = h('div', { class: 'picture', role: 'img', 'aria-label': label });
  div.innerHTML = svg;
  return div;
}

export function params(): URLSearchParams {
  return new URLSearchParams(location.search);
}

/** Puts the view's state in the address, so that the address restores it. */
export function setParams(values: Record<string, string | number | boolean | undefined>) {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined || v === '' || v === false) continue;
    p.set(k, v === true ? '1' : String(v));
  }
  const url = `${location.pathname}?${p.toString()}`;
  if (url !== `${location.pathname}${location.search}`) history.replaceState(null, '', url);
}

/** A labelled control. */
export function field(label: string, control: HTMLElement): HTMLElement {
  return h('label', { class: 'field' }, h('span', {}, label), control);
}

export function errorBox(message: string): HTMLElement {
  return h('pre', { class: 'error', role: 'alert' }, message);
}

let busyTimer: number | undefined;

/**
 * Runs `call` on the engine, showing the busy bar (with the progress given, and a cancel
 * button) when it takes more than a moment.
 */
export async function busy<T>(engine: Engine, label: string, call: (progress: (n: number) => void) => Promise<T>, total?: number): Promise<T> {
  const bar = document.getElementById('busy')!;
  const text = document.getElementById('busy-text')!;
  const progress = document.getElementById('busy-progress') as HTMLProgressElement;
  text.textContent = label;
  progress.removeAttribute('value');
  window.clearTimeout(busyTimer);
  busyTimer = window.setTimeout(() => { bar.hidden = false; }, 150);
  const report = (n: number) => {
    text.textContent = `${label} ${n.toLocaleString('en')} values`;
    if (total) { progress.max = total; progress.value = Math.min(n, total); }
  };
  try {
    return await call(report);
  } finally {
    window.clearTimeout(busyTimer);
    if (!engine.busy) bar.hidden = true;
  }
}
