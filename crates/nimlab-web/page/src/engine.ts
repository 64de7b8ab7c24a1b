// The page's side of the worker: each call is a promise; a long one shows its progress
// and can be cancelled, which ends the worker and starts a fresh one (the games held by
// the old worker are gone with it, so the page starts them again).
type Pending = { resolve: (v: any) => void; reject: (e: Error) => void; progress?: (n: number) => void };

export class Engine {
  private worker!: Worker;
  private pending = new Map<number, Pending>();
  private next = 1;
  /** Called when the worker was restarted (after a cancel). */
  onRestart: () => void = () => {};

  constructor() { this.start(); }

  private start() {
    this.worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
    this.worker.onmessage = (e: MessageEvent) => {
      const m = e.data;
      const p = this.pending.get(m.id);
      if (!p) return;
      if ('progress' in m) { p.progress?.(m.progress); return; }
      this.pending.delete(m.id);
      if (m.ok) p.resolve(m.value); else p.reject(new Error(m.error));
    };
  }

  call<T = any>(op: string, args: unknown = {}, progress?: (n: number) => void): Promise<T> {
    const id = this.next++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve, reject, progress });
      this.worker.postMessage({ id, op, args });
    });
  }

  /** A call made while the reader is busy elsewhere: it shows no busy bar. */
  background<T = any>(op: string, args: unknown = {}): Promise<T> {
    const call = this.call<T>(op, args);
    const id = this.next - 1;
    this.quiet.add(id);
    return call.finally(() => this.quiet.delete(id));
  }
  private quiet = new Set<number>();

  /** Ends every computation under way: the worker is replaced by a new one. */
  cancel() {
    this.worker.terminate();
    for (const p of this.pending.values()) p.reject(new Error('cancelled'));
    this.pending.clear();
    this.quiet.clear();
    this.start();
    this.onRestart();
  }

  /** Whether a call the reader waits for is under way. */
  get busy() { return [...this.pending.keys()].some((id) => !this.quiet.has(id)); }

  /** Whether a background call is under way. */
  get thinking() { return this.quiet.size > 0; }
}
