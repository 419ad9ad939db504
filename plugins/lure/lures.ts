/**
 * The lure modules by item id (our table: the downloaded files name lures only through the translations'
 * `lure_<id>`), and their names in a language. Unknown ids answer `known: false` with "Lure <id>".
 */
import type { GameData } from '../../core/gamedata/game-data.ts';
import { UNKNOWN_COLOR } from '../../core/gamedata/tables.ts';

export interface LureInfo {
  readonly id: number;
  readonly name: string;
  readonly color: string;
  readonly emojiKey: string;
  readonly known: boolean;
}

type LureRow = Pick<LureInfo, 'name' | 'color' | 'emojiKey'>;

const LURES: ReadonlyMap<number, LureRow> = new Map([
  [501, { name: 'Normal', color: '#e040c8', emojiKey: 'lure-normal' }],
  [502, { name: 'Glacial', color: '#3a7ee0', emojiKey: 'lure-glacial' }],
  [503, { name: 'Mossy', color: '#7ea832', emojiKey: 'lure-mossy' }],
  [504, { name: 'Magnetic', color: '#a0a8c0', emojiKey: 'lure-magnetic' }],
  [505, { name: 'Rainy', color: '#20c8f0', emojiKey: 'lure-rainy' }],
  [506, { name: 'Golden', color: '#f0d820', emojiKey: 'lure-sparkly' }],
]);

/** the lure item ids the game has */
export const LURE_IDS: readonly number[] = [...LURES.keys()];

export function lureInfo(id: number): LureInfo {
  const row = LURES.get(id);
  return Object.freeze({ id, name: row?.name ?? `Lure ${id}`, color: row?.color ?? UNKNOWN_COLOR, emojiKey: row?.emojiKey ?? '', known: row !== undefined });
}

/** the name in `lang` (the translations' `lure_<id>`, else English), else our English name; no `lang`: our English name */
export function lureName(gameData: GameData, id: number, lang?: string): string {
  return (lang === undefined ? undefined : gameData.translation(`lure_${id}`, lang)) ?? lureInfo(id).name;
}
