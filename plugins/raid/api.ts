/**
 * The `raid` and `egg` tables in the HTTP API (types `raid` and `egg`), read as both previous generations
 * accept them. Raid: `pokemon_id` 9000 (by level) needs `level` (one or a list → one rule per level: 1 to the
 * highest raid level, or 90 for every level); a boss is stored with level 9000; PoracleNG's `pokemon_form`
 * list of `{pokemon_id, form}` → one boss rule per pair. Egg: `level` is required the same way. Both: `team`
 * 0–4 (out of range → 4, any team, as before), `exclusive`, `gym_id` ('' → null), `rsvp_changes` 0/1/2 (others
 * → 0, as PoracleNG).
 */
import { ApiItem } from '../../core/tracking/api-item.ts';
import type { RuleColumns, TrackingApiSpec } from '../../core/tracking/api-spec.ts';
import { bossOrLevels, levelsOf } from '../../core/tracking/api-fields.ts';
import { ALL_LEVELS, MAX_LEVEL } from './levels.ts';
import { ANY, ANY_TEAM } from './rule.ts';

const LEVELS = { min: 1, max: MAX_LEVEL, all: ALL_LEVELS };

/** rsvp_changes: first alert only, also on RSVP changes, only when RSVPs are present */
const RSVP_MODES: readonly number[] = [0, 1, 2];

/** The columns raid and egg rules share. */
function gymColumns(item: ApiItem): RuleColumns {
  const team = item.int('team', ANY_TEAM);
  const rsvp = item.int('rsvp_changes', 0);
  return {
    team: team >= 0 && team <= ANY_TEAM ? team : ANY_TEAM,
    exclusive: item.flag('exclusive'),
    gym_id: item.text('gym_id', null)?.trim() || null,
    rsvp_changes: RSVP_MODES.includes(rsvp) ? rsvp : 0,
  };
}

interface Boss {
  readonly pokemonId: number;
  readonly form: number;
}

/** PoracleNG's `pokemon_form: [{pokemon_id, form}]`; undefined when absent or empty. */
function pokemonForms(item: ApiItem): Boss[] | undefined {
  const raw = item.raw('pokemon_form');
  if (raw === undefined || raw === null || (Array.isArray(raw) && raw.length === 0)) return undefined;
  if (!Array.isArray(raw)) return item.fail('pokemon_form', 'a list of {pokemon_id, form}');
  return raw.map((entry: unknown, i): Boss => {
    const name = `pokemon_form[${i}]`;
    if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) item.fail(name, 'an object {pokemon_id, form}');
    const pair = new ApiItem(entry as Record<string, unknown>, item.label(name));
    if (!pair.has('pokemon_id')) pair.refuse('pokemon_id', 'Pokemon id must be specified');
    const boss = { pokemonId: pair.int('pokemon_id', ANY, { min: 1, max: ANY - 1 }), form: pair.int('form', 0, { min: 0 }) };
    const unknown = pair.unread();
    if (unknown.length > 0) pair.refuse(unknown[0]!, `unknown field${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')} (pokemon_form entries have pokemon_id and form)`);
    return boss;
  });
}

export const raidApi: TrackingApiSpec = {
  type: 'raid',
  alertTypes: ['raid'],
  draft(item) {
    const gym = gymColumns(item);
    const filters = { move: item.int('move', ANY, { min: 0 }), evolution: item.int('evolution', ANY, { min: 0 }), costume: item.int('costume', ANY, { min: 0 }) };
    const pairs = pokemonForms(item);
    if (pairs) {
      // as PoracleNG: the list names the bosses, so pokemon_id, form and level are not used
      item.ignore('pokemon_id', 'form', 'level');
      return pairs.map((p) => ({ pokemon_id: p.pokemonId, form: p.form, level: ANY, ...filters, ...gym }));
    }
    const { pokemonId, levels } = bossOrLevels(item, ANY, LEVELS);
    const form = item.int('form', 0, { min: 0 });
    return levels.map((level) => ({ pokemon_id: pokemonId, form, level, ...filters, ...gym }));
  },
};

export const eggApi: TrackingApiSpec = {
  type: 'egg',
  alertTypes: ['egg'],
  draft(item) {
    const gym = gymColumns(item);
    return levelsOf(item, LEVELS, 'Invalid level').map((level) => ({ level, ...gym }));
  },
};
