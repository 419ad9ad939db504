/**
 * `lure` arguments → lure rules or a removal: `normal`, `glacial`, `mossy`, `magnetic`, `rainy`,
 * `sparkly`/`golden` (or the lure's name in the user's language, optionally followed by the word `lure`),
 * `everything` (any lure), `edit` (clean |= 2: update the sent alert instead of sending a new one). Pure:
 * everything it needs comes in the options.
 */
import type { GameData } from '../../../core/gamedata/index.ts';
import { refuse, resolveReach, type Message, type Parsed, type ReachOptions } from '../../../core/commands/tracking/index.ts';
import { emptyCommonArgs, readCommonToken, type RuleDraft } from '../../../core/commands/tracking/keyed-rules.ts';
import { LURE_IDS, lureName } from '../lures.ts';
import { ANY_LURE } from '../match.ts';

export interface LureParseOptions {
  readonly gameData: GameData;
  readonly language: string;
  readonly reach: ReachOptions;
  readonly ping: string;
}

export type LureRequest =
  | { readonly kind: 'track'; readonly rules: readonly RuleDraft[]; readonly notes: readonly Message[] }
  | { readonly kind: 'remove'; readonly lureIds: readonly number[] | 'all'; readonly uids: readonly number[] };

export const LURE_WORDS: ReadonlyMap<string, number> = new Map([
  ['normal', 501],
  ['glacial', 502],
  ['mossy', 503],
  ['magnetic', 504],
  ['rainy', 505],
  ['sparkly', 506],
  ['golden', 506],
]);
const NOISE = new Set(['lure', 'lures', 'module']);

/** the lure item id a token names, or null */
export function readLureType(token: string, gameData: GameData, language: string): number | null {
  const word = token.replace(/[\s_-]*(lure|module)$/, '').trim();
  const known = LURE_WORDS.get(word);
  if (known !== undefined) return known;
  for (const id of LURE_IDS) {
    const name = lureName(gameData, id, language).toLowerCase();
    if (name === token || name === word) return id;
  }
  return null;
}

export function parseLureArgs(args: readonly string[], rawArgs: readonly string[], options: LureParseOptions): Parsed<LureRequest> {
  const common = emptyCommonArgs();
  const lureIds: number[] = [];
  let edit = false;
  for (const [i, token] of args.entries()) {
    if (NOISE.has(token)) continue;
    if (token === 'edit') {
      edit = true;
      continue;
    }
    const id = readLureType(token, options.gameData, options.language);
    if (id !== null) {
      if (!lureIds.includes(id)) lureIds.push(id);
      continue;
    }
    if (readCommonToken(token, rawArgs[i] ?? token, common)) continue;
    return refuse('Unknown lure type: {arg}', { arg: rawArgs[i] ?? token });
  }
  if (common.remove || (common.uids.length > 0 && lureIds.length === 0 && !common.everything)) {
    return { ok: true, value: { kind: 'remove', lureIds: common.everything ? 'all' : lureIds, uids: common.uids } };
  }
  if (!common.everything && lureIds.length === 0) return refuse('No lure type specified');
  const reach = resolveReach(common.reach, options.reach);
  if (!reach.ok) return reach;
  const wanted = common.everything ? [ANY_LURE] : lureIds;
  const rules = wanted.map(
    (lureId): RuleDraft => ({
      lure_id: lureId,
      distance: reach.value.distance,
      template: common.template,
      clean: (common.clean ? 1 : 0) | (edit ? 2 : 0),
      ping: options.ping,
      override_areas: reach.value.override_areas,
      override_location_label: reach.value.override_location_label,
    }),
  );
  return { ok: true, value: { kind: 'track', rules, notes: reach.value.note ? [reach.value.note] : [] } };
}
