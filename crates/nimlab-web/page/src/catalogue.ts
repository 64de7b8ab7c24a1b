// The catalogue, asked of the engine once.
import type { Engine } from './engine';

export interface GameInfo {
  id: string; usage: string; kind: string; summary: string; position: string; example: string; start: string;
}

let cached: Promise<GameInfo[]> | null = null;

export function catalogue(engine: Engine): Promise<GameInfo[]> {
  cached ??= engine.call<GameInfo[]>('games').catch((e) => { cached = null; throw e; });
  return cached;
}

/** The id a game is played under: the id with the parameters of its example. */
export function playId(g: GameInfo): string {
  return g.example.split(' ')[0];
}

/** A select of every game, the impartial ones first as the catalogue lists them. */
export function gameOptions(games: GameInfo[], selected: string): HTMLOptionElement[] {
  return games.map((g) => {
    const id = playId(g);
    const o = document.createElement('option');
    o.value = id;
    o.textContent = `${id} (${g.kind})`;
    o.selected = id === selected || g.id === selected;
    return o;
  });
}
