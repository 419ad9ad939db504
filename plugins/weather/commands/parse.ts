/**
 * `weather` arguments → the `weather` rules to write or the rules to remove, or a refusal with the reason, as a
 * pure function. Grammar: weather condition names (`clear`/`sunny`, `rain`, `partlycloudy`, `cloudy`,
 * `windy`, `snow`, `fog`, in English or the user's language) or `everything`; where: `cell:<id>`, `here` (the
 * cell of the target's location) or `d:<metres> [location:<label>]` (the cell at that centre) — without one, the
 * rule follows the target's areas; `template<N>`, `clean`; `remove` with the same selectors or `id:<uid>`.
 * `area:` and the other rule-mode errors are checked like every tracking command's.
 */
import type { GameData } from '../../../core/gamedata/index.ts';
import { message, prefixRawValue, prefixValue, readInteger, readReachToken, refuse, resolveReach, type Message, type Parsed, type ReachLimits, type ReachRequest } from '../../../core/commands/tracking/index.ts';
import { weatherCellId } from '../../../core/geo/index.ts';

export const CONDITION_IDS: readonly number[] = [1, 2, 3, 4, 5, 6, 7];

const ALIASES: Readonly<Record<string, number>> = {
  sunny: 1, clear: 1, sun: 1, rain: 2, rainy: 2, partlycloudy: 3, partly: 3, cloudy: 4, overcast: 4, windy: 5, wind: 5, snow: 6, snowy: 6, fog: 7, foggy: 7,
};

/** A condition name as users type it: lower case, letters and digits only. */
function squash(text: string): string {
  return text.toLowerCase().normalize('NFD').replace(/[^\p{L}\p{N}]/gu, '');
}

export interface WeatherParseOptions {
  readonly gameData: GameData;
  readonly language: string;
  readonly limits: ReachLimits;
  readonly areaNames: ReadonlySet<string>;
  /** the target's saved locations */
  readonly locations: readonly { readonly label: string; readonly latitude: number; readonly longitude: number }[];
  /** the target's own location (0,0 = none) */
  readonly home: { readonly latitude: number; readonly longitude: number };
  /** [general] default_template_name: the template of a rule that names none (the column is an integer) */
  readonly defaultTemplate: string;
  readonly ping: string;
}

/** One `weather` row to write (without id, profile_no and uid). */
export interface WeatherDraft {
  readonly condition: number;
  readonly cell: string;
  readonly template: number;
  readonly clean: number;
  readonly ping: string;
}

export type WeatherRequest =
  | {
      readonly kind: 'track';
      readonly rules: readonly WeatherDraft[];
      /** the template the user typed (`template<N>`), null when the rules take the default */
      readonly namedTemplate: number | null;
    }
  | {
      readonly kind: 'remove';
      /** null = every condition */
      readonly conditions: readonly number[] | null;
      /** null = every cell */
      readonly cell: string | null;
      readonly uids: readonly number[];
    };

/** The condition a word names, or null. */
export function conditionOf(word: string, gameData: GameData, language: string): number | null {
  const wanted = squash(word);
  if (wanted === '') return null;
  const alias = ALIASES[wanted];
  if (alias !== undefined) return alias;
  for (const id of CONDITION_IDS) {
    if (squash(gameData.weatherName(id)) === wanted || squash(gameData.weatherName(id, language)) === wanted) return id;
  }
  return null;
}

function hasPlace(p: { readonly latitude: number; readonly longitude: number }): boolean {
  return !(p.latitude === 0 && p.longitude === 0);
}

interface Gathered {
  conditions: Set<number>;
  everything: boolean;
  remove: boolean;
  cell: string | null;
  here: boolean;
  template: number | null;
  clean: boolean;
  uids: number[];
  reach: ReachRequest;
}

function readToken(token: string, raw: string, g: Gathered, options: WeatherParseOptions): Message | null {
  if (token === 'everything') g.everything = true;
  else if (token === 'remove') g.remove = true;
  else if (token === 'clean') g.clean = true;
  else if (token === 'here') g.here = true;
  else if (prefixValue(token, 'id', true) !== null) {
    const uid = readInteger(prefixValue(token, 'id', true)!);
    if (uid === null) return message('Invalid id: {value}', { value: raw });
    g.uids.push(uid);
  } else if (prefixValue(token, 'cell', true) !== null) {
    const cell = prefixValue(token, 'cell', true)!;
    if (!/^\d{1,20}$/.test(cell)) return message('A cell is its S2 cell id, for example cell:5170709059331571712');
    g.cell = BigInt(cell).toString();
  } else if (prefixRawValue(token, raw, 'template') !== null) {
    const template = readInteger(prefixRawValue(token, raw, 'template')!);
    if (template === null) return message('Weather rules take a numeric template, for example template2');
    g.template = template;
  } else if (!readReachToken(token, raw, g.reach)) {
    const condition = conditionOf(token, options.gameData, options.language);
    if (condition === null) return message('Unknown weather condition: {value}', { value: raw });
    g.conditions.add(condition);
  }
  return null;
}

/** The cell the place arguments name: '' = any cell (the target's areas). */
function cellOf(g: Gathered, options: WeatherParseOptions): Parsed<string> {
  const placeKinds = [g.cell !== null, g.here, g.reach.distance !== undefined || g.reach.location !== undefined || g.reach.areas !== undefined].filter(Boolean).length;
  if (placeKinds > 1) return refuse('Use one of cell:, here or d: for a weather rule, not several');
  const reach = resolveReach(g.reach, { limits: options.limits, areaNames: options.areaNames, locationLabels: options.locations.map((l) => l.label) });
  if (!reach.ok) return reach;
  if (g.reach.areas) return refuse('Weather rules cannot be limited to areas: without a cell they follow your areas');
  if (g.cell !== null) return { ok: true, value: g.cell };
  if (g.here || g.reach.distance !== undefined) {
    const saved = reach.value.override_location_label;
    const centre = saved === null ? options.home : options.locations.find((l) => l.label === saved)!;
    if (!hasPlace(centre)) return refuse('You have not set a location yet. Use {prefix}location to set one');
    return { ok: true, value: weatherCellId(centre.latitude, centre.longitude) };
  }
  return { ok: true, value: '' };
}

function defaultTemplate(name: string): number {
  const n = readInteger(name.trim());
  return n ?? 1;
}

export function parseWeatherCommand(args: readonly string[], rawArgs: readonly string[], options: WeatherParseOptions): Parsed<WeatherRequest> {
  const g: Gathered = { conditions: new Set(), everything: false, remove: false, cell: null, here: false, template: null, clean: false, uids: [], reach: {} };
  for (let i = 0; i < args.length; i++) {
    const problem = readToken(args[i]!, rawArgs[i] ?? args[i]!, g, options);
    if (problem) return { ok: false, error: problem };
  }
  if (g.uids.length > 0 && !g.remove) return refuse('id: selects rules to remove: use {prefix}weather remove id:<id>');
  const selected = g.everything ? null : [...g.conditions].sort((a, b) => a - b);
  if (g.remove) {
    if (g.uids.length === 0 && selected !== null && selected.length === 0) return refuse('Name the weather to stop tracking, everything, or id:<id>');
    const cell = g.cell !== null || g.here || g.reach.distance !== undefined || g.reach.location !== undefined || g.reach.areas !== undefined ? cellOf(g, options) : null;
    if (cell && !cell.ok) return cell;
    return { ok: true, value: { kind: 'remove', conditions: g.uids.length > 0 && selected?.length === 0 ? [] : selected, cell: cell ? cell.value : null, uids: g.uids } };
  }
  if (selected !== null && selected.length === 0) return refuse('Name a weather condition (clear, rain, partlycloudy, cloudy, windy, snow, fog) or everything');
  const cell = cellOf(g, options);
  if (!cell.ok) return cell;
  const template = g.template ?? defaultTemplate(options.defaultTemplate);
  const base = { cell: cell.value, template, clean: g.clean ? 1 : 0, ping: options.ping };
  const rules = (selected ?? [0]).map((condition) => ({ condition, ...base }));
  return { ok: true, value: { kind: 'track', rules, namedTemplate: g.template } };
}
