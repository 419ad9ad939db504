/**
 * `incident` arguments → invasion rules or a removal. Grunt types are pokemon type names in English or the
 * user's language (`metal` = steel), `mixed`, `darkness`, `gruntb`, `decoy`, the leaders and Giovanni, the
 * stop events (`gold-stop`, `kecleon`, `showcase`), `boss` (any boss) or `everything`; `male`/`female` narrow
 * the gender. No type given means everything. Pure: everything it needs comes in the options.
 */
import type { GameData } from '../../../core/gamedata/index.ts';
import { refuse, resolveReach, type Message, type Parsed, type ReachOptions } from '../../../core/commands/tracking/index.ts';
import { emptyCommonArgs, readCommonToken, type RuleDraft } from '../../../core/commands/tracking/keyed-rules.ts';
import { SPECIAL_GRUNT_TYPES } from '../grunt-type.ts';
import { ANY_BOSS, ANY_GRUNT } from '../rule.ts';

export interface IncidentParseOptions {
  readonly gameData: GameData;
  readonly language: string;
  readonly reach: ReachOptions;
  readonly ping: string;
}

export type IncidentRequest =
  | { readonly kind: 'track'; readonly rules: readonly RuleDraft[]; readonly notes: readonly Message[] }
  | { readonly kind: 'remove'; readonly gruntTypes: readonly string[] | 'all'; readonly uids: readonly number[] };

const GENDERS: Readonly<Record<string, number>> = { male: 1, female: 2 };
const TYPE_ALIASES: Readonly<Record<string, string>> = { metal: 'steel', 'gold stop': 'gold-stop', goldstop: 'gold-stop' };
const POKEMON_TYPE_IDS = Array.from({ length: 18 }, (_, i) => i + 1);

/** the grunt-type word a token names, or null */
export function readGruntType(token: string, gameData: GameData, language: string): string | null {
  const word = TYPE_ALIASES[token] ?? token;
  if ((SPECIAL_GRUNT_TYPES as readonly string[]).includes(word) || word === ANY_BOSS) return word;
  const english = gameData.typeByName(word);
  if (english) return english.name.toLowerCase();
  for (const id of POKEMON_TYPE_IDS) {
    if (gameData.typeName(id, language).toLowerCase() === word) return gameData.typeName(id).toLowerCase();
  }
  return null;
}

export function parseIncident(args: readonly string[], rawArgs: readonly string[], options: IncidentParseOptions): Parsed<IncidentRequest> {
  const common = emptyCommonArgs();
  const types: string[] = [];
  let gender = 0;
  for (const [i, token] of args.entries()) {
    if (GENDERS[token] !== undefined) {
      gender = GENDERS[token]!;
      continue;
    }
    const type = readGruntType(token, options.gameData, options.language);
    if (type !== null) {
      if (!types.includes(type)) types.push(type);
      continue;
    }
    if (readCommonToken(token, rawArgs[i] ?? token, common)) continue;
    return refuse('No valid invasion types found: {arg}', { arg: rawArgs[i] ?? token });
  }
  if (common.remove || (common.uids.length > 0 && types.length === 0 && !common.everything)) {
    const all = common.everything || (types.length === 0 && common.uids.length === 0);
    return { ok: true, value: { kind: 'remove', gruntTypes: all ? 'all' : types, uids: common.uids } };
  }
  const reach = resolveReach(common.reach, options.reach);
  if (!reach.ok) return reach;
  const wanted = common.everything || types.length === 0 ? [ANY_GRUNT] : types;
  const rules = wanted.map(
    (gruntType): RuleDraft => ({
      grunt_type: gruntType,
      gender,
      distance: reach.value.distance,
      template: common.template,
      clean: common.clean ? 1 : 0,
      ping: options.ping,
      override_areas: reach.value.override_areas,
      override_location_label: reach.value.override_location_label,
    }),
  );
  return { ok: true, value: { kind: 'track', rules, notes: reach.value.note ? [reach.value.note] : [] } };
}
