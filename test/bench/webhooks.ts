/**
 * Seeded Golbat `pokemon` webhooks for the load: species by spawn odds, the reported form, uniform IVs (90 %
 * encountered, the rest seen without IVs), levels 1–35 with the CP they imply, moves, size, weather, PVP rank
 * arrays the way Golbat sends them (great and ultra league, each family member ranked, only ranks ≤ 100 kept),
 * a point inside one of the fences and a unique encounter id per item.
 */
import { pointSampler, type BenchFence, type LatLonPoint } from './fences.ts';
import { seededRandom, type Random } from './random.ts';
import { combatPower, type SpeciesEntry, type SpeciesPool } from './species.ts';

/** one webhook item of the load: generated ones are always `pokemon`; a replayed log (replay-load.ts) has any type */
export interface WebhookItem {
  readonly type: string;
  readonly message: Record<string, unknown>;
}

/** Golbat keeps PVP ranks up to this (its usual ranking filter) */
const PVP_RANK_KEPT = 100;
const LEAGUES: readonly { readonly name: 'great' | 'ultra'; readonly cap: number }[] = [
  { name: 'great', cap: 1500 },
  { name: 'ultra', cap: 2500 },
];

function pvpArrays(random: Random, species: SpeciesEntry): Record<string, unknown[]> | null {
  const out: Record<string, unknown[]> = {};
  for (const league of LEAGUES) {
    const entries: unknown[] = [];
    for (const member of species.family) {
      const rank = random.int(1, 4096);
      if (rank > PVP_RANK_KEPT) continue;
      entries.push({
        pokemon: member.pokemon,
        ...(member.form ? { form: member.form } : {}),
        cap: 50,
        level: random.int(20, 100) / 2,
        cp: league.cap - random.int(0, 80),
        percentage: Math.round((1 - rank / 4096 / 4) * 10000) / 10000,
        rank,
      });
    }
    if (entries.length > 0) out[league.name] = entries;
  }
  return Object.keys(out).length > 0 ? out : null;
}

function hexId(random: Random, length: number): string {
  let s = '';
  for (let i = 0; i < length; i++) s += '0123456789abcdef'[random.int(0, 15)];
  return s;
}

function encounteredFields(random: Random, species: SpeciesEntry): Record<string, unknown> {
  const atk = random.int(0, 15);
  const def = random.int(0, 15);
  const sta = random.int(0, 15);
  const level = random.int(1, 35);
  return {
    cp: combatPower(species, atk, def, sta, level),
    individual_attack: atk,
    individual_defense: def,
    individual_stamina: sta,
    pokemon_level: level,
    move_1: random.int(200, 282),
    move_2: random.int(13, 130),
    weight: Math.round(random.next() * 100 * 100) / 100 + 0.5,
    height: Math.round(random.next() * 200) / 100 + 0.2,
    size: random.pick([1, 2, 3, 3, 3, 3, 4, 5]),
    capture_1: Math.round(random.next() * 50) / 100,
    capture_2: Math.round(random.next() * 70) / 100,
    capture_3: Math.round(random.next() * 90) / 100,
    seen_type: 'encounter',
    pvp: pvpArrays(random, species),
  };
}

const UNENCOUNTERED = {
  cp: null,
  individual_attack: null,
  individual_defense: null,
  individual_stamina: null,
  pokemon_level: null,
  move_1: null,
  move_2: null,
  weight: null,
  height: null,
  size: null,
  capture_1: 0,
  capture_2: 0,
  capture_3: 0,
  seen_type: 'wild',
  pvp: null,
} as const;

export interface WebhookStream {
  /** the next item; its times are relative to `nowS` (unix seconds) */
  next(nowS: number): WebhookItem;
  batch(size: number, nowS: number): WebhookItem[];
}

/**
 * A stream of webhooks. `label` separates streams of one seed (each phase of a run gets its own, so encounter
 * ids never repeat and the dedupe cache never drops an item).
 */
export function webhookStream(seed: number, label: string, pool: SpeciesPool, fences: readonly BenchFence[]): WebhookStream {
  const random = seededRandom(seed).fork(`webhooks-${label}`);
  const samplers = fences.map((f) => pointSampler(f));
  const idPrefix = `${seed}${[...label].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 100_000, 7)}`;
  let count = 0;
  const place = (): LatLonPoint => samplers[random.int(0, samplers.length - 1)]!(random);
  const next = (nowS: number): WebhookItem => {
    count++;
    const species = pool.draw(random);
    const at = place();
    const encountered = random.chance(0.9);
    return {
      type: 'pokemon',
      message: {
        encounter_id: `${idPrefix}${String(count).padStart(10, '0')}`,
        spawnpoint_id: hexId(random, 11),
        pokestop_id: 'None',
        pokestop_name: null,
        pokemon_id: species.id,
        form: species.form,
        costume: 0,
        latitude: at.latitude,
        longitude: at.longitude,
        disappear_time: nowS + random.int(300, 1800),
        disappear_time_verified: random.chance(0.8),
        first_seen: nowS - random.int(0, 600),
        last_modified_time: nowS - random.int(0, 30),
        gender: random.int(1, 2),
        weather: random.int(0, 7),
        shiny: random.chance(0.02),
        username: 'bench',
        display_pokemon_id: null,
        display_pokemon_form: null,
        is_event: 0,
        ...(encountered ? encounteredFields(random, species) : UNENCOUNTERED),
      },
    };
  };
  return { next, batch: (size, nowS) => Array.from({ length: size }, () => next(nowS)) };
}
