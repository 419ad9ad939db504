/**
 * The parse hook: a Golbat or RDM `weather` webhook → WeatherEvent (the MAD spelling `condition` /
 * `time_changed` is read too), or the reason it cannot be used; and a `pokemon` webhook → the cell sighting
 * the plugin remembers (never an alert by itself). The cell id is computed from the coordinates, because
 * `s2_cell_id` arrives as a 64-bit JSON number that JSON.parse has already rounded.
 */
import type { ParseOutcome } from '../../core/contract.ts';
import { asPayload, PayloadFields } from '../../core/payload/index.ts';
import type { CellSighting, WeatherEvent } from './event.ts';
import { weatherCellId } from '../../core/geo/s2-cell.ts';

const CONDITION = { min: 0, max: 7 };

/** What parsing a weather webhook reads from the plugin's memory of the cell. */
export interface CellRecall {
  /** the condition the cell had before, null when unknown */
  previousCondition(cellId: string): number | null;
  /** the pokemon still on the map in the cell */
  sightings(cellId: string): readonly CellSighting[];
}

/** A weather webhook → the event, with what `recall` remembers of its cell. */
export function parseWeather(raw: unknown, recall: CellRecall): ParseOutcome<WeatherEvent> {
  const payload = asPayload(raw);
  if (!payload) return { ok: false, reason: 'weather message must be an object' };
  const f = new PayloadFields(payload);
  const { latitude, longitude } = f.coordinates();
  const condition = f.has('gameplay_condition') ? f.requiredInt('gameplay_condition', CONDITION) : f.requiredInt('condition', CONDITION);
  const updated = f.has('updated') ? f.optionalInt('updated', 0, { min: 0 }) : f.optionalInt('time_changed', 0, { min: 0 });
  const problem = f.problem;
  if (problem) return { ok: false, reason: problem };
  const cellId = weatherCellId(latitude, longitude);
  const event: WeatherEvent = {
    cellId,
    latitude,
    longitude,
    condition,
    previousCondition: recall.previousCondition(cellId),
    updated,
    sightings: recall.sightings(cellId),
    raw: payload,
  };
  return { ok: true, event };
}

/** What a pokemon webhook tells the weather plugin: where it is, its sighting and the cell's boosting weather. */
export interface PokemonInCell {
  readonly cellId: string;
  readonly sighting: CellSighting;
  /** the pokemon's boosting weather (0 = unknown) */
  readonly weather: number;
}

function ivOf(f: PayloadFields): number | null {
  const atk = f.nullableInt('individual_attack', { min: 0, max: 15 });
  const def = f.nullableInt('individual_defense', { min: 0, max: 15 });
  const sta = f.nullableInt('individual_stamina', { min: 0, max: 15 });
  if (atk === null || def === null || sta === null) return null;
  return Math.round(((atk + def + sta) / 45) * 10000) / 100;
}

/** A pokemon webhook → its sighting in a weather cell, or null when it lacks what a sighting needs. */
export function readPokemonInCell(raw: unknown): PokemonInCell | null {
  const payload = asPayload(raw);
  if (!payload) return null;
  const f = new PayloadFields(payload);
  const encounterId = f.requiredString('encounter_id');
  const pokemonId = f.requiredInt('pokemon_id', { min: 1, max: 100000 });
  const { latitude, longitude } = f.coordinates();
  const sighting: CellSighting = {
    encounterId,
    pokemonId,
    form: f.optionalInt('form', 0, { min: 0 }),
    iv: ivOf(f),
    cp: f.nullableInt('cp', { min: 0 }),
    disappearTime: f.optionalInt('disappear_time', 0, { min: 0 }),
    latitude,
    longitude,
  };
  const weather = f.has('boosted_weather') ? f.optionalInt('boosted_weather', 0, CONDITION) : f.optionalInt('weather', 0, CONDITION);
  if (f.problem) return null;
  return { cellId: weatherCellId(latitude, longitude), sighting, weather };
}
