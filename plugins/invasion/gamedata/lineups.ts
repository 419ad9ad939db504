/**
 * Invasion characters → GruntInfo. Reads both shapes the public sources publish:
 * - classic (event-info grunts/classic.json): `{ active, character: { template, gender, boss, type: { id } },
 *   lineup: { rewards: [slot indexes], team: [[{ id, form }], …] } }`
 * - formatted (event-info formatted.json, masterfile `grunts`): `{ type, gender, grunt, firstReward…,
 *   encounters: { first: [{ id, form } | id], … } }`
 */
import { composeGruntName, gruntNaming, type GruntNaming } from './grunt-template.ts';
import type { GameData } from '../../../core/gamedata/game-data.ts';
import { arrayOf, booleanOf, isObject, numberOf, objectOf, stringOf, type JsonObject } from '../../../core/gamedata/json-read.ts';
import { UNKNOWN_COLOR } from '../../../core/gamedata/tables.ts';
import type { PokemonRef } from '../../../core/gamedata/types.ts';
import type { GruntInfo, GruntReward, RewardSlot } from './types.ts';

/** The pokemon types the lineups name, as GameData knows them. */
type TypeCatalog = Pick<GameData, 'typeByName' | 'type'>;

export const SLOTS: readonly RewardSlot[] = ['first', 'second', 'third'];
/** When two slots can give the reward, the first gives it 85% of the time. */
const TWO_SLOT_CHANCES = [85, 15] as const;

type Encounters = Readonly<Record<RewardSlot, readonly PokemonRef[]>>;

function refsOf(value: unknown): readonly PokemonRef[] {
  const out: PokemonRef[] = [];
  for (const entry of arrayOf(value)) {
    const id = numberOf(isObject(entry) ? entry['id'] : entry);
    if (id !== undefined) out.push(Object.freeze({ id, form: numberOf(objectOf(entry)['form']) ?? 0 }));
  }
  return Object.freeze(out);
}

export function rewardsFor(slots: readonly RewardSlot[], encounters: Encounters): readonly GruntReward[] {
  const chances = slots.length === 1 ? [100] : slots.length === 2 ? TWO_SLOT_CHANCES : slots.map(() => Math.round(100 / slots.length));
  return Object.freeze(slots.map((slot, i) => Object.freeze({ slot, chance: chances[i] ?? 0, encounters: encounters[slot] })));
}

interface GruntFields {
  readonly naming: GruntNaming;
  readonly typeId: number | null;
  readonly gender: number;
  readonly boss: boolean;
  readonly active: boolean;
  readonly encounters: Encounters;
  readonly slots: readonly RewardSlot[];
}

function fromClassic(entry: JsonObject, types: TypeCatalog): GruntFields {
  const character = objectOf(entry['character']);
  const naming = gruntNaming(stringOf(character['template']) ?? '');
  const team = arrayOf(objectOf(entry['lineup'])['team']);
  const encounters = { first: refsOf(team[0]), second: refsOf(team[1]), third: refsOf(team[2]) };
  const slots = arrayOf(objectOf(entry['lineup'])['rewards'])
    .map((i) => SLOTS[numberOf(i) ?? -1])
    .filter((s): s is RewardSlot => s !== undefined);
  const typeId = numberOf(objectOf(character['type'])['id']) ?? types.typeByName(naming.type)?.id ?? null;
  return {
    naming,
    typeId,
    gender: numberOf(character['gender']) ?? 0,
    boss: booleanOf(character['boss']) ?? false,
    active: booleanOf(entry['active']) ?? true,
    encounters,
    slots,
  };
}

function fromFormatted(entry: JsonObject, types: TypeCatalog): GruntFields {
  const type = stringOf(entry['type']) || 'Unset';
  const naming = { type, grunt: stringOf(entry['grunt']) || type };
  const e = objectOf(entry['encounters']);
  const encounters = { first: refsOf(e['first']), second: refsOf(e['second']), third: refsOf(e['third']) };
  const flags: Record<RewardSlot, unknown> = { first: entry['firstReward'], second: entry['secondReward'], third: entry['thirdReward'] };
  return {
    naming,
    typeId: types.typeByName(type)?.id ?? null,
    gender: numberOf(entry['gender']) ?? 0,
    boss: ['Executive', 'Giovanni'].includes(naming.grunt),
    active: booleanOf(entry['active']) ?? SLOTS.some((slot) => encounters[slot].length > 0),
    encounters,
    slots: SLOTS.filter((slot) => flags[slot] === true),
  };
}

function toGrunt(id: number, f: GruntFields, types: TypeCatalog, englishName: string | undefined): GruntInfo {
  const typeInfo = f.typeId === null ? null : types.type(f.typeId);
  const rewards = rewardsFor(f.slots, f.encounters);
  return Object.freeze({
    id,
    type: f.naming.type,
    typeId: f.typeId,
    gender: f.gender,
    grunt: f.naming.grunt,
    name: englishName || composeGruntName(f.naming, f.gender),
    boss: f.boss,
    active: f.active,
    encounters: Object.freeze(f.encounters),
    rewards,
    secondRewardChance: rewards.find((r) => r.slot === 'second')?.chance ?? 0,
    color: typeInfo?.color ?? UNKNOWN_COLOR,
    emojiKey: typeInfo?.emojiKey ?? 'grunt-unknown',
    known: true,
  });
}

/** `englishName(id)`: the English display name from the translations, when loaded. */
export function parseInvasions(raw: unknown, types: TypeCatalog, englishName: (id: number) => string | undefined): Map<number, GruntInfo> {
  const grunts = new Map<number, GruntInfo>();
  for (const [key, value] of Object.entries(objectOf(raw))) {
    const id = numberOf(key);
    if (id === undefined || !isObject(value)) continue;
    const fields = isObject(value['character']) ? fromClassic(value, types) : fromFormatted(value, types);
    grunts.set(id, toGrunt(id, fields, types, englishName(id)));
  }
  return grunts;
}

/** An invasion file we can use is an object holding character objects. */
export function looksLikeInvasions(raw: unknown): boolean {
  return isObject(raw) && Object.values(raw).some(isObject);
}
