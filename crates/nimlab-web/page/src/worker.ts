// The engine in a Web Worker: the page sends {id, op, args}, the worker answers
// {id, ok, value} or {id, ok: false, error}, and {id, progress} while a sequence runs.
import init, * as engine from '../../pkg/nimlab_web.js';

const ready = init({ module_or_path: new URL('../../pkg/nimlab_web_bg.wasm', import.meta.url) });
const games = new Map<number, engine.Play>();
let calculator: engine.Calculator | null = null;
let nextGame = 1;

type Request = { id: number; op: string; args: any };

function run(id: number, op: string, a: any): unknown {
  switch (op) {
    case 'games': return engine.games();
    case 'analyze': return engine.analyze(a);
    case 'sequence': return engine.sequence(a, (n: number) => postMessage({ id, progress: n }));
    case 'born': return engine.born(a.day);
    case 'tree': return engine.tree(a);
    case 'value':
      calculator ??= new engine.Calculator();
      return calculator.evaluate(a);
    case 'newGame': {
      const g = new engine.Play(a);
      const key = nextGame++;
      games.set(key, g);
      return { key, state: g.state() };
    }
    case 'dropGame': games.get(a.key)?.free(); games.delete(a.key); return null;
  }
  const g = games.get(a.key);
  if (!g) throw new Error('no such game');
  switch (op) {
    case 'state': return g.state();
    case 'play': g.play(a.text); return g.state();
    case 'playIndex': g.play_index(a.index); return g.state();
    case 'computerMove': { const m = g.computer_move(); return { move: m, state: g.state() }; }
    case 'hint': return g.hint();
    case 'think': g.think(); return null;
    case 'explain': return g.explain();
    case 'undo': g.undo(); return g.state();
    case 'restart': g.restart(); return g.state();
  }
  throw new Error(`unknown request ${op}`);
}

self.onmessage = async (e: MessageEvent<Request>) => {
  const { id, op, args } = e.data;
  try {
    await ready;
    postMessage({ id, ok: true, value: run(id, op, args) });
  } catch (err) {
    postMessage({ id, ok: false, error: err instanceof Error ? err.message : String(err) });
  }
};
