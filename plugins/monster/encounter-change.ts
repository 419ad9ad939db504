/**
 * What changed between two sightings of one encounter, as pure functions (`[tracking] pokemon_change_tracking`).
 * The scanner sends the same encounter again when it learns more: a new species or form (a disguise or a
 * re-classification), a gender, the IVs once the pokemon is encountered, or new stats after the weather changed its
 * boost. Anything else between two sightings — IVs re-reported differently after the encounter, a weather change
 * that moved no CP, a wild re-scan without IVs — is no change.
 */
import type { MonsterEvent } from './event.ts';

/** One sighting as change tracking compares and remembers it. 0 = unknown (cp 0: not encountered). */
export interface EncounterState {
  readonly pokemonId: number;
  readonly form: number;
  /** 0 unknown, 1 male, 2 female, 3 genderless */
  readonly gender: number;
  /** boosting weather 0..7 */
  readonly weather: number;
  readonly cp: number;
  readonly atk: number;
  readonly def: number;
  readonly sta: number;
  /** percent (two decimals); 0 when not encountered */
  readonly iv: number;
  readonly level: number;
  readonly weight: number;
  readonly height: number;
}

/**
 * The kinds of change, in the order they are looked for: `encountered` (the IVs arrived: CP 0 → more) fires the
 * plain `monster` alert again; the others fire `monsterChanged`.
 */
export type ChangeKind = 'species' | 'form' | 'gender' | 'encountered' | 'weather_boost';

/** `changeType` of the template: what kind of change, in two words (identity or stats). */
export function changeTypeOf(kind: ChangeKind): 'species' | 'stats' {
  return kind === 'weather_boost' || kind === 'encountered' ? 'stats' : 'species';
}

export function encounterStateOf(event: MonsterEvent): EncounterState {
  const s = event.stats;
  return {
    pokemonId: event.pokemonId,
    form: event.form,
    gender: event.gender,
    weather: event.weather,
    cp: s ? s.cp : 0,
    atk: s ? s.atk : 0,
    def: s ? s.def : 0,
    sta: s ? s.sta : 0,
    iv: s ? s.iv : 0,
    level: s ? s.level : 0,
    weight: event.weight,
    height: event.height,
  };
}

/**
 * The change from `before` to `after`, or null when there is none worth telling. A gender counts only when both
 * sightings know one; a weather change only when both were encountered and the CP moved.
 */
export function classifyChange(before: EncounterState, after: EncounterState): ChangeKind | null {
  if (before.pokemonId !== after.pokemonId) return 'species';
  if (before.form !== after.form) return 'form';
  if (before.gender !== after.gender && before.gender !== 0 && after.gender !== 0) return 'gender';
  if (before.cp === 0 && after.cp > 0) return 'encountered';
  if (before.weather !== after.weather && before.cp > 0 && after.cp > 0 && before.cp !== after.cp) return 'weather_boost';
  return null;
}

/** Whether `after` would lose what `before` knew: a wild re-scan (no IVs) of an encountered pokemon. */
export function isDowngrade(before: EncounterState, after: EncounterState): boolean {
  return before.cp > 0 && after.cp === 0;
}
