/**
 * `fort` arguments → the rules to write or the rules to remove. Pure. Fort types `pokestop`, `gym`,
 * `station`, `everything` (the default); change filters `location`, `new`, `removal`, `photo` (stored as
 * `image_url`), `name`, `description` (none = every change); `include empty`; and the shared `template<N>`,
 * `d:`/`area:`/`location:`, `remove` (by fort type, none or `everything` = all) and `id:<uid>`. `clean` is
 * accepted but not stored: the `forts` table has no clean column.
 */
import { refuse, resolveReach, type Message, type Parsed, type ReachOptions } from '../../../core/commands/tracking/index.ts';
import { emptyCommonArgs, readCommonToken, type CommonRuleArgs } from '../../../core/commands/tracking/keyed-rules.ts';
import { ANY_FORT } from '../rule.ts';

export const FORT_TYPE_WORDS: ReadonlyMap<string, string> = new Map([
  ['pokestop', 'pokestop'], ['stop', 'pokestop'], ['gym', 'gym'], ['station', 'station'],
]);

export const CHANGE_WORDS: ReadonlyMap<string, string> = new Map([
  ['location', 'location'], ['new', 'new'], ['removal', 'removal'], ['photo', 'image_url'], ['name', 'name'], ['description', 'description'],
]);

/** A rule as `fort` writes it: every column but `uid`, `id` and `profile_no`. */
export interface FortDraft {
  readonly [column: string]: string | number | null;
  readonly fort_type: string;
  readonly include_empty: number;
  /** JSON array text, sorted; `[]` = every change */
  readonly change_types: string;
  readonly distance: number;
  /** '' = the default template (the column is NOT NULL) */
  readonly template: string;
  readonly ping: string;
  readonly override_location_label: string | null;
  readonly override_areas: string | null;
}

export interface FortParseOptions {
  readonly reach: ReachOptions;
  readonly ping: string;
}

export type FortRequest =
  | { readonly kind: 'track'; readonly rules: readonly FortDraft[]; readonly notes: readonly Message[] }
  /** `fortTypes` empty = every rule */
  | { readonly kind: 'remove'; readonly fortTypes: readonly string[]; readonly uids: readonly number[] };

interface Gathered {
  readonly common: CommonRuleArgs;
  readonly fortTypes: Set<string>;
  readonly changes: Set<string>;
  includeEmpty: boolean;
  readonly unrecognized: string[];
}

function readToken(token: string, raw: string, g: Gathered): boolean {
  const fortType = FORT_TYPE_WORDS.get(token);
  if (fortType !== undefined) g.fortTypes.add(fortType);
  else {
    const change = CHANGE_WORDS.get(token);
    if (change !== undefined) g.changes.add(change);
    else return readCommonToken(token, raw, g.common);
  }
  return true;
}

function gather(args: readonly string[], rawArgs: readonly string[]): Gathered {
  const g: Gathered = { common: emptyCommonArgs(), fortTypes: new Set(), changes: new Set(), includeEmpty: false, unrecognized: [] };
  for (let i = 0; i < args.length; ) {
    const empty = args[i] === 'include empty' ? 1 : args[i] === 'include' && args[i + 1] === 'empty' ? 2 : 0;
    if (empty > 0) {
      g.includeEmpty = true;
      i += empty;
      continue;
    }
    const token = args[i] ?? '';
    if (!readToken(token, rawArgs[i] ?? token, g)) g.unrecognized.push(rawArgs[i] ?? token);
    i++;
  }
  return g;
}

export function parseFortCommand(args: readonly string[], rawArgs: readonly string[], options: FortParseOptions): Parsed<FortRequest> {
  const g = gather(args, rawArgs);
  if (g.unrecognized.length > 0) return refuse('Unrecognized: {tokens}', { tokens: g.unrecognized.join(', ') });
  const { common } = g;
  if (common.remove) return { ok: true, value: { kind: 'remove', fortTypes: common.everything ? [] : [...g.fortTypes], uids: common.uids } };
  if (common.uids.length > 0) return refuse('id: only removes rules, for example {prefix}fort remove id:{uid}', { uid: common.uids[0]! });
  const reach = resolveReach(common.reach, options.reach);
  if (!reach.ok) return reach;
  const fortTypes = common.everything || g.fortTypes.size === 0 ? [ANY_FORT] : [...g.fortTypes].sort();
  const changeTypes = JSON.stringify([...g.changes].sort());
  const rules = fortTypes.map(
    (fortType): FortDraft => ({
      fort_type: fortType,
      include_empty: g.includeEmpty ? 1 : 0,
      change_types: changeTypes,
      distance: reach.value.distance,
      template: common.template ?? '',
      ping: options.ping,
      override_location_label: reach.value.override_location_label,
      override_areas: reach.value.override_areas,
    }),
  );
  return { ok: true, value: { kind: 'track', rules, notes: reach.value.note ? [reach.value.note] : [] } };
}
