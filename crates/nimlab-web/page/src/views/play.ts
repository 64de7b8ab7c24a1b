// Play: any catalogue game against the perfect opponent. Moves by a click on the
// picture (the cells each move changes come from the engine), from the list of moves,
// or typed; hint, explain, undo, new game.
import type { Engine } from '../engine';
import { catalogue, gameOptions, playId, type GameInfo } from '../catalogue';
import { busy, errorBox, field, h, params, picture, setParams } from '../ui';
import { explanation } from '../explain';

interface Playable { move: string; position: string; touched: string[] }
interface Part { game: string; position: string; svg: string | null }
interface State {
  title: string; game: string; position: string; partizan: boolean; you: string; to_move: string;
  your_turn: boolean; misere: boolean; moves_played: number;
  over: null | 'Repetition' | { NoMove: { mover: string; winner: string } };
  parts: Part[]; moves: Playable[];
}
interface Chosen { move: string; position: string; winning: boolean; reason: string }

/** A small picture drawn larger (up to twice its size), for a projector or a finger. */
function enlarge(div: HTMLElement): HTMLElement {
  const svg = div.querySelector('svg');
  const w = Number(svg?.getAttribute('width'));
  if (svg && w > 0) svg.style.width = `${Math.round(Math.min(2, Math.max(1, 480 / w)) * w)}px`;
  return div;
}

export async function playView(main: HTMLElement, engine: Engine) {
  const games = await catalogue(engine);
  const p = params();
  const initial = p.get('game') ?? 'nim';
  const info = (id: string): GameInfo | undefined => games.find((g) => playId(g) === id || g.id === id.split(':')[0]);

  const gameSel = h('select', { id: 'play-game', onchange: () => { position.value = info(gameSel.value)?.start ?? ''; void newGame(); } }, gameOptions(games, initial));
  const position = h('input', { id: 'play-position', value: p.get('position') ?? info(initial)?.start ?? '', size: 24, spellcheck: 'false' });
  const misere = h('input', { type: 'checkbox', id: 'play-misere', checked: p.get('misere') === '1' });
  const first = h('select', { id: 'play-first' }, h('option', { value: 'you' }, 'You'), h('option', { value: 'computer' }, 'The computer'));
  first.value = p.get('first') === 'computer' ? 'computer' : 'you';
  const side = h('select', { id: 'play-side' }, h('option', { value: 'left' }, 'Left (blue)'), h('option', { value: 'right' }, 'Right (red)'));
  side.value = p.get('side') === 'right' ? 'right' : 'left';

  const status = h('p', { id: 'status', class: 'status', 'aria-live': 'polite' });
  const said = h('p', { id: 'said', class: 'said', 'aria-live': 'polite' });
  const board = h('div', { id: 'board', class: 'board' });
  const moveList = h('ol', { id: 'moves', class: 'moves' });
  const record = h('ol', { id: 'record', class: 'record' });
  const typed = h('input', { id: 'typed', placeholder: 'type a move (e.g. 3-2, a1-a2)', spellcheck: 'false', size: 26 });
  const explainBox = h('div', { id: 'explain', class: 'explain', hidden: true });
  const where = h('p', { id: 'where', class: 'where' });
  const errors = h('div', { class: 'errors' });

  let key = 0;
  let state: State | null = null;
  let winning: number[] = [];
  let selection: string[] = [];

  const form = h('form', { class: 'controls', onsubmit: (e: Event) => { e.preventDefault(); void newGame(); } },
    field('Game', gameSel), field('Position', position),
    field('Misère', misere), field('First to move', first), field('You play', side),
    h('button', { type: 'submit', title: 'New game (n)' }, 'New game'));
  const actions = h('div', { class: 'actions' },
    h('button', { type: 'button', id: 'hint', title: 'Every winning move (h)', onclick: () => void hint() }, 'Hint'),
    h('button', { type: 'button', id: 'explain-button', title: 'Why (e)', onclick: () => void explain() }, 'Explain'),
    h('button', { type: 'button', id: 'undo', title: 'Take back your move (u)', onclick: () => void act('undo') }, 'Undo'),
    h('button', { type: 'button', id: 'restart', title: 'From the start again (r)', onclick: () => void act('restart') }, 'Restart'),
    h('form', { class: 'typed', onsubmit: (e: Event) => { e.preventDefault(); void playText(); } }, typed, h('button', { type: 'submit' }, 'Play')));
  main.append(h('section', { class: 'view play' },
    h('h2', {}, 'Play against the computer'), form, status, actions, said, errors, where,
    h('div', { class: 'table' }, board, h('div', { class: 'side' }, h('h3', {}, 'Your moves'), moveList, h('h3', { class: 'record-title' }, 'The game so far'), record)),
    explainBox));

  function request() {
    return { game: gameSel.value, position: position.value, misere: misere.checked, computer_first: first.value === 'computer', right: side.value === 'right' };
  }

  function showError(e: unknown) {
    const msg = e instanceof Error ? e.message : String(e);
    if (msg !== 'cancelled') errors.replaceChildren(errorBox(msg));
  }

  async function newGame() {
    errors.replaceChildren();
    said.textContent = '';
    explainBox.hidden = true;
    const partizan = info(gameSel.value)?.kind === 'partizan';
    misere.disabled = partizan;
    side.disabled = !partizan;
    const req = request();
    if (partizan) req.misere = false;
    setParams({ view: 'play', game: req.game, position: req.position, misere: req.misere, first: req.computer_first ? 'computer' : undefined, side: req.right ? 'right' : undefined });
    try {
      if (key) void engine.call('dropGame', { key });
      const r = await busy(engine, 'Starting…', () => engine.call<{ key: number; state: State }>('newGame', req));
      key = r.key;
      record.replaceChildren();
      show(r.state);
      await computerTurn();
    } catch (e) { key = 0; state = null; board.replaceChildren(); moveList.replaceChildren(); status.textContent = ''; showError(e); }
  }
  // A cancel restarts the worker: the game is started again.
  engine.onRestart = () => { if (main.contains(board)) void newGame(); };

  function show(s: State) {
    state = s;
    winning = [];
    selection = [];
    board.replaceChildren(...s.parts.map((part, i) => h('figure', { class: 'part' },
      part.svg ? enlarge(picture(part.svg, `${part.game} ${part.position}`)) : h('pre', {}, `${part.game} ${part.position}`),
      s.parts.length > 1 ? h('figcaption', {}, `part ${i + 1}: ${part.game} ${part.position}`) : null)));
    while (record.children.length > s.moves_played) record.lastElementChild!.remove();
    board.dataset.position = s.position;
    board.dataset.moves = String(s.moves_played);
    where.textContent = `${s.game} ${s.position}${s.misere ? ' (misère)' : ''}, after ${s.moves_played} move${s.moves_played === 1 ? '' : 's'}`;
    moveList.replaceChildren(...s.moves.map((m, i) => h('li', {},
      h('button', { type: 'button', class: 'move', 'data-index': i, 'data-position': m.position, 'data-touched': m.touched.join(' '), onclick: () => void playIndex(i) }, m.move, h('span', { class: 'to' }, ` → ${m.position}`)))));
    const sideName = (x: string) => (s.partizan ? ` (${x})` : '');
    if (s.over) {
      const youWon = s.over !== 'Repetition' && s.over.NoMove.winner === s.you;
      status.textContent = s.over === 'Repetition' ? 'A draw: the position came up a third time.'
        : youWon ? 'You won!' : 'The computer won.';
      status.dataset.over = s.over === 'Repetition' ? 'draw' : youWon ? 'you' : 'computer';
    } else {
      delete status.dataset.over;
      status.textContent = s.your_turn ? `Your move${sideName(s.you)}: click the picture or a move.` : `The computer is thinking${sideName(s.to_move)}…`;
    }
    board.classList.toggle('live', !s.over && s.your_turn);
    if (!s.over && s.your_turn) think();
  }

  // While the player looks at the position, the engine works out its best move, so that
  // the answer to the player's move finds what it needs known (the board's data-thinking
  // says when it is done).
  function think() {
    board.dataset.thinking = '1';
    void engine.background('think', { key }).catch(() => {}).finally(() => {
      if (!engine.thinking) delete board.dataset.thinking;
    });
  }

  async function computerTurn() {
    while (state && !state.over && !state.your_turn) {
      const r = await busy(engine, 'The computer is thinking…', () => engine.call<{ move: Chosen | null; state: State }>('computerMove', { key }));
      if (r.move) {
        said.textContent = `The computer played ${r.move.move} (→ ${r.move.position}): ${r.move.reason}.`;
        remember('computer', r.move.move, r.move.position);
      }
      show(r.state);
    }
  }

  async function after(call: Promise<State>) {
    errors.replaceChildren();
    explainBox.hidden = true;
    try {
      show(await call);
      await computerTurn();
    } catch (e) { showError(e); }
  }

  function playIndex(i: number) {
    if (!state || state.over || !state.your_turn) return;
    const m = state.moves[i];
    said.textContent = `You played ${m.move}.`;
    return after(engine.call<State>('playIndex', { key, index: i }).then((s) => { remember('you', m.move, m.position); return s; }));
  }

  /** A move in the game's record, with the position it left. */
  function remember(who: 'you' | 'computer', move: string, after: string) {
    record.append(h('li', { class: who, 'data-position': after }, `${who === 'you' ? 'You' : 'Computer'}: ${move} → ${after}`));
  }

  function playText() {
    const text = typed.value.trim();
    if (!text) return;
    typed.value = '';
    said.textContent = `You played ${text}.`;
    return after(engine.call<State>('play', { key, text }).then((s) => { remember('you', text, s.position); return s; }));
  }

  function act(op: 'undo' | 'restart') {
    said.textContent = '';
    return after(engine.call<State>(op, { key }));
  }

  // A click on a match, a square or an edge: the moves that change every cell clicked
  // so far; one of them, or one that changes fewer cells than each of the others (take
  // from this match on; cut this edge), is played, else the choice is shown.
  board.addEventListener('click', (e) => {
    const cell = (e.target as Element).closest('[data-cell]')?.getAttribute('data-cell');
    if (!cell || !state || state.over || !state.your_turn) return;
    const touching = (sel: string[]) => state!.moves.map((m, i) => ({ m, i })).filter(({ m }) => sel.every((c) => m.touched.includes(c)));
    selection = selection.includes(cell) ? selection : [...selection, cell];
    let candidates = touching(selection);
    if (candidates.length === 0) { selection = [cell]; candidates = touching(selection); }
    if (candidates.length === 0) { selection = []; mark(); said.textContent = 'No move changes that.'; return; }
    const least = candidates.filter(({ m }) => candidates.every(({ m: o }) => m.touched.every((c) => o.touched.includes(c))));
    const chosen = candidates.length === 1 ? candidates[0] : least.length === 1 ? least[0] : null;
    if (chosen) { void playIndex(chosen.i); return; }
    mark(candidates.map((c) => c.i));
    said.textContent = `${candidates.length} moves change that: click another square, or a move in the list.`;
  });

  /** Marks the cells selected, and the moves that are candidates. */
  function mark(candidates: number[] = []) {
    for (const g of board.querySelectorAll('[data-cell]')) g.classList.toggle('selected', selection.includes(g.getAttribute('data-cell')!));
    for (const b of moveList.querySelectorAll<HTMLElement>('.move')) b.classList.toggle('candidate', candidates.includes(Number(b.dataset.index)));
  }

  async function hint() {
    if (!state || state.over) return;
    try {
      const r = await busy(engine, 'Looking for winning moves…', () => engine.call<{ choice: Chosen | null; winning: number[] }>('hint', { key }));
      winning = r.winning;
      const cells = new Set(winning.flatMap((i) => state!.moves[i].touched));
      for (const g of board.querySelectorAll('[data-cell]')) g.classList.toggle('win', cells.has(g.getAttribute('data-cell')!));
      for (const b of moveList.querySelectorAll<HTMLElement>('.move')) {
        b.classList.toggle('win', winning.includes(Number(b.dataset.index)));
        b.classList.toggle('suggested', b.dataset.position === r.choice?.position);
      }
      said.textContent = winning.length
        ? `${winning.length} winning move${winning.length > 1 ? 's' : ''}, highlighted. The computer would play ${r.choice?.move}: ${r.choice?.reason}.`
        : `No move wins against perfect play. The computer would play ${r.choice?.move ?? 'nothing'}${r.choice ? `: ${r.choice.reason}` : ''}.`;
    } catch (e) { showError(e); }
  }

  async function explain() {
    if (!state) return;
    try {
      const r = await busy(engine, 'Explaining…', () => engine.call<{ text: string; analysis: unknown }>('explain', { key }));
      explainBox.replaceChildren(h('h3', {}, 'Why'), explanation(r.analysis), h('details', {}, h('summary', {}, 'As nimlab analyze writes it'), h('pre', { class: 'text' }, r.text)));
      explainBox.hidden = false;
    } catch (e) { showError(e); }
  }

  const keys = (e: KeyboardEvent) => {
    if (!main.contains(board)) { document.removeEventListener('keydown', keys); return; }
    const t = e.target as HTMLElement;
    if (t.closest('input, textarea, select') || e.ctrlKey || e.metaKey || e.altKey) return;
    const run: Record<string, () => unknown> = { h: hint, e: explain, u: () => act('undo'), r: () => act('restart'), n: newGame, '/': () => typed.focus() };
    if (run[e.key]) { e.preventDefault(); void run[e.key](); }
  };
  document.addEventListener('keydown', keys);

  await newGame();
}
