/**
 * PVP ranks from a pokemon webhook: Golbat's and current RDM's `pvp` object (league name → rank entries) and
 * the older `pvp_rankings_great_league` / `_ultra_league` / `_little_league` arrays. Leagues other than little,
 * great and ultra (e.g. master) are ignored. An entry without a usable rank is skipped; a `pvp` value that is
 * not an object is a problem.
 */
import type { PayloadFields } from '../../core/payload/index.ts';
import type { LeagueCap, PvpRank } from './event.ts';

const LEAGUE_BY_NAME: Readonly<Record<string, LeagueCap>> = { little: 500, great: 1500, ultra: 2500 };
const LEGACY_KEYS: readonly [string, LeagueCap][] = [
  ['pvp_rankings_little_league', 500],
  ['pvp_rankings_great_league', 1500],
  ['pvp_rankings_ultra_league', 2500],
];

function num(value: unknown, fallback = 0): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

function rankEntry(raw: unknown, fallbackPokemon: number, fallbackForm: number): PvpRank | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const e = raw as Record<string, unknown>;
  const rank = num(e.rank);
  if (!Number.isInteger(rank) || rank < 1) return null;
  const percentage = num(e.percentage);
  return {
    pokemon: num(e.pokemon, fallbackPokemon) || fallbackPokemon,
    form: num(e.form, 0) || (num(e.pokemon, fallbackPokemon) === fallbackPokemon ? fallbackForm : 0),
    evolution: num(e.evolution),
    cap: num(e.cap),
    capped: e.capped === true,
    level: num(e.level),
    cp: num(e.cp),
    // older helpers sent percent (0..100) instead of a fraction
    percentage: percentage > 1 ? percentage / 100 : percentage,
    rank,
  };
}

function entries(raw: unknown, pokemon: number, form: number): PvpRank[] {
  if (!Array.isArray(raw)) return [];
  return raw.map((e) => rankEntry(e, pokemon, form)).filter((e): e is PvpRank => e !== null);
}

export function readPvp(fields: PayloadFields, pokemon: number, form: number): ReadonlyMap<LeagueCap, readonly PvpRank[]> {
  const out = new Map<LeagueCap, readonly PvpRank[]>();
  const pvp = fields.value('pvp');
  if (pvp !== undefined && pvp !== null) {
    if (typeof pvp !== 'object' || Array.isArray(pvp)) fields.report('pvp must be an object of league → ranks');
    else
      for (const [league, list] of Object.entries(pvp)) {
        const cap = LEAGUE_BY_NAME[league];
        if (cap) out.set(cap, entries(list, pokemon, form));
      }
  }
  for (const [key, cap] of LEGACY_KEYS) {
    if (out.has(cap)) continue;
    const list = entries(fields.value(key), pokemon, form);
    if (list.length > 0) out.set(cap, list);
  }
  return out;
}
