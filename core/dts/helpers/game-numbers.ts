/**
 * Game helpers that compute: CP, base stats, power-up costs, and the operator's custom maps.
 */
import type { BaseStats, GameLookups } from '../game-lookups.ts';
import { languageOf, split, toId, toNumber, type Helper, type HelperOptions } from './options.ts';

const NO_STATS: BaseStats = { baseAttack: 0, baseDefense: 0, baseStamina: 0 };

function asStats(value: unknown): BaseStats | null {
  if (value === null || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  const [a, d, s] = [toNumber(v['baseAttack']), toNumber(v['baseDefense']), toNumber(v['baseStamina'])];
  return a === null || d === null || s === null ? null : { baseAttack: a, baseDefense: d, baseStamina: s };
}

function statsOf(lookups: GameLookups, id: unknown, form: unknown): BaseStats | null {
  const pid = toId(id);
  if (pid === null) return null;
  const info = lookups.pokemonInfo(pid, toId(form) ?? 0) ?? lookups.pokemonInfo(pid, 0);
  return info?.baseStats ?? null;
}

/**
 * `{{calculateCp baseStats level atk def sta}}` (PoracleJS; defaults level 25, IVs 15) or
 * `{{calculateCp id form level atk def sta}}` (PoracleNG). 0 when the stats or the level are unknown.
 */
function calculateCp(lookups: GameLookups): Helper {
  return (...args) => {
    const { params } = split(args);
    const direct = asStats(params[0]);
    const stats = direct ?? (params.length >= 6 ? statsOf(lookups, params[0], params[1]) : null);
    if (!stats) return 0;
    const [level = 25, atk = 15, def = 15, sta = 15] = params.slice(direct ? 1 : 2).map((v) => toNumber(v) ?? Number.NaN);
    const multiplier = lookups.cpMultiplier(level);
    if (multiplier === null || [atk, def, sta].some(Number.isNaN)) return 0;
    const value = ((stats.baseAttack + atk) * Math.sqrt(stats.baseDefense + def) * Math.sqrt(stats.baseStamina + sta) * multiplier ** 2) / 10;
    return Math.max(10, Math.floor(value));
  };
}

/** `{{#getPowerUpCost 20 30}}{{stardust}} {{candy}} {{xlCandy}}{{/getPowerUpCost}}` or inline text. */
function getPowerUpCost(lookups: GameLookups, numberLocale: string): Helper {
  return (...args) => {
    const { params, options } = split(args);
    const start = toNumber(params[0]);
    const end = toNumber(params[1]);
    if (!start || !end) return '';
    const cost = { stardust: 0, candy: 0, xlCandy: 0 };
    for (const step of lookups.powerUpSteps()) {
      if (step.level < start || step.level >= end) continue;
      cost.stardust += step.stardust;
      cost.candy += step.candy;
      cost.xlCandy += step.xlCandy;
    }
    if (options.fn) return options.fn(cost);
    const t = (text: string): string => lookups.translate(text, languageOf(options));
    const parts: string[] = [];
    if (cost.stardust) parts.push(`${cost.stardust.toLocaleString(numberLocale)} ${t('Stardust')}`);
    if (cost.candy) parts.push(`${cost.candy} ${t('Candies')}`);
    if (cost.xlCandy) parts.push(`${cost.xlCandy} ${t('XL Candies')}`);
    return parts.join(' and ');
  };
}

function mapped(context: unknown, value: unknown, options: HelperOptions): unknown {
  if (!options.fn) return value ?? '';
  return value === undefined || value === null ? (options.inverse?.(context) ?? '') : options.fn(value);
}

/** `{{map 'name' value}}` / `{{map2 'name' value fallbackValue}}`: a value from a custom map (block: as context). */
function customMaps(lookups: GameLookups): Record<string, Helper> {
  const lookup = (name: unknown, options: HelperOptions): Readonly<Record<string, unknown>> | null =>
    typeof name === 'string' ? lookups.customMap(name, languageOf(options)) : null;
  const entry = (map: Readonly<Record<string, unknown>> | null, key: unknown): unknown =>
    map && key !== undefined && key !== null && Object.hasOwn(map, String(key)) ? map[String(key)] : undefined;
  return {
    map: function (this: unknown, ...args) {
      const { params, options } = split(args);
      return mapped(this, entry(lookup(params[0], options), params[1]), options);
    },
    map2: function (this: unknown, ...args) {
      const { params, options } = split(args);
      const map = lookup(params[0], options);
      return mapped(this, entry(map, params[1]) || entry(map, params[2]), options);
    },
  };
}

export function gameNumberHelpers(lookups: GameLookups, numberLocale: string): Record<string, Helper> {
  return {
    calculateCp: calculateCp(lookups),
    /** `{{pokemonBaseStats id form}}`: {baseAttack, baseDefense, baseStamina}, zeros when unknown */
    pokemonBaseStats: (...args) => {
      const { params } = split(args);
      return statsOf(lookups, params[0], params[1]) ?? NO_STATS;
    },
    getPowerUpCost: getPowerUpCost(lookups, numberLocale),
    ...customMaps(lookups),
  };
}
