/**
 * A tracking command whose rules are identified by a few columns (a kind and a gender, an item id…): the
 * arguments every such command shares (`clean`, `template<N>`, `d:`/`area:`/`location:`, `remove`, `id:<uid>`,
 * `everything`), saving new rules against the target's existing ones and removing rules, each answered with the
 * rules' lines. Saving follows the previous generation's diff (chat-commands §10, core/tracking/rule-diff.ts): among the rows with the same
 * key, one identical in `distance`, `template`, `clean` and `ping` is unchanged; one differing in exactly one
 * of `distance`, `template`, `clean` is updated in place; anything else is a new row. A named template is
 * checked against the DTS first.
 */
import type { CommandInvocation, CommandReply } from '../types.ts';
import type { TrackingConfig } from '../../config/index.ts';
import type { Human, TrackingRow } from '../../model.ts';
import type { DescribeContext } from '../../contract.ts';
import type { GameData } from '../../gamedata/game-data.ts';
import { lowerNameListColumn, textColumn } from '../../match/index.ts';
import { DONE, REFUSED, UNCHANGED } from '../replies.ts';
import { message, type Message } from './message.ts';
import { prefixRawValue, prefixValue, readInteger } from './prefix-args.ts';
import { readReachToken, type ReachOptions, type ReachRequest } from './reach-args.ts';
import { diffRules, type RuleComparison } from '../../tracking/rule-diff.ts';
import { checkTemplates } from './template-check.ts';

/** More changed rules than this are answered with one summary line. */
const MAX_LISTED = 20;

/** The shared arguments of one command, as read so far. */
export interface CommonRuleArgs {
  clean: boolean;
  template: string | null;
  readonly reach: ReachRequest;
  readonly uids: number[];
  remove: boolean;
  everything: boolean;
}

export function emptyCommonArgs(): CommonRuleArgs {
  return { clean: false, template: null, reach: {}, uids: [], remove: false, everything: false };
}

/** Reads one shared argument into `args`; false when the token is not one of them. `raw` keeps its case. */
export function readCommonToken(token: string, raw: string, args: CommonRuleArgs): boolean {
  if (token === 'clean') return (args.clean = true);
  if (token === 'remove') return (args.remove = true);
  if (token === 'everything') return (args.everything = true);
  const uid = prefixValue(token, 'id', true);
  if (uid !== null) {
    const n = readInteger(uid);
    if (n === null) return false;
    args.uids.push(n);
    return true;
  }
  const template = prefixRawValue(token, raw, 'template');
  if (template !== null) {
    args.template = template;
    return true;
  }
  return readReachToken(token, raw, args.reach);
}

/** What resolveReach needs for this invocation: [tracking] limits, fence names and the target's saved labels. */
export async function reachOptionsFor(inv: CommandInvocation, target: Human): Promise<ReachOptions> {
  const locations = await inv.services.stores.locations.list(target.id);
  return {
    limits: inv.services.config.tracking,
    areaNames: new Set(inv.services.geofences().fences.map((f) => f.name.toLowerCase())),
    locationLabels: locations.map((l) => l.label),
  };
}

/** What a tracking command's argument parser needs from the invocation. */
export interface TrackingParseContext {
  readonly gameData: GameData;
  /** the language names are read in (the user's, then English) */
  readonly language: string;
  readonly tracking: Pick<TrackingConfig, 'default_distance' | 'max_distance'>;
  /** lower-cased names of the loaded fences */
  readonly areaNames: ReadonlySet<string>;
  /** the target's saved location labels */
  readonly locationLabels: readonly string[];
  /** the mentions to store with the rules */
  readonly ping: string;
}

export async function parseContextFor(inv: CommandInvocation, target: Human): Promise<TrackingParseContext> {
  const reach = await reachOptionsFor(inv, target);
  return { gameData: inv.services.gameData(), language: inv.language, tracking: reach.limits, areaNames: reach.areaNames, locationLabels: reach.locationLabels, ping: inv.ping };
}

/** How one table's rules are identified and described. */
export interface KeyedRuleTable {
  readonly table: string;
  /** the columns that identify a rule besides its reach override (e.g. a kind and a gender column) */
  readonly keyColumns: readonly string[];
  /** the DTS alert types the table's rules render as: `template<N>` must exist for one of them */
  readonly alertTypes: readonly string[];
  /** the rule's line without its override suffix */
  describe(row: TrackingRow, ctx: DescribeContext): string;
}

/** A new rule's columns (without id, profile_no and uid). */
export type RuleDraft = Readonly<Record<string, string | number | null>>;

const IDENTITY_EXTRA = ['override_areas', 'override_location_label'];
/** the columns outside the key that are compared; one differing updatable column updates the row */
const COMPARED = ['distance', 'template', 'clean', 'ping'];
const UPDATABLE: ReadonlySet<string> = new Set(['distance', 'template', 'clean']);

/** The shared diff's comparison for a keyed table: its key columns and the reach override identify a rule. */
function keyedComparison(spec: KeyedRuleTable): RuleComparison<TrackingRow, RuleDraft> {
  const identity = [...spec.keyColumns, ...IDENTITY_EXTRA];
  return {
    sameKey: (row, draft) => identity.every((c) => same(row[c], draft[c])),
    differing: (row, draft) => COMPARED.filter((c) => !same(row[c], draft[c])),
    updatable: UPDATABLE,
  };
}

export function describeContextOf(inv: CommandInvocation): DescribeContext {
  return { language: inv.language, gameData: inv.services.gameData(), t: (text, vars) => inv.t(text, vars) };
}

/** ` @ <label>` for a saved-location rule, ` in <areas>` for an area override, else ''. */
export function overrideSuffix(row: TrackingRow, t: DescribeContext['t']): string {
  const label = textColumn(row, 'override_location_label').trim();
  if (label !== '') return ` @ ${label}`;
  const areas = lowerNameListColumn(row, 'override_areas')?.join(', ');
  return areas ? ` ${t('in {areas}', { areas })}` : '';
}

function same(a: unknown, b: unknown): boolean {
  const norm = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
  return norm(a) === norm(b);
}

export function translateMessage(inv: CommandInvocation, m: Message): string {
  return inv.t(m.text, { prefix: inv.prefix, ...m.vars });
}

export function refusalOf(inv: CommandInvocation, m: Message): CommandReply {
  return { reaction: REFUSED, text: translateMessage(inv, m) };
}

function line(inv: CommandInvocation, spec: KeyedRuleTable, label: string, row: TrackingRow): string {
  const ctx = describeContextOf(inv);
  return inv.t(label, { rule: spec.describe(row, ctx) + overrideSuffix(row, ctx.t) });
}

function warnings(target: Human, drafts: readonly RuleDraft[]): Message[] {
  const out: Message[] = [];
  if (!target.enabled) out.push(message('Your alerts are currently paused. Use {prefix}start to resume them'));
  const noLocation = target.latitude === 0 && target.longitude === 0;
  if (noLocation && drafts.some((d) => Number(d['distance']) > 0 && d['override_location_label'] === null)) {
    out.push(message('You are tracking by distance but have no location set. Use {prefix}location to set one'));
  }
  if (target.area.length === 0 && drafts.some((d) => Number(d['distance']) === 0 && d['override_areas'] === null)) {
    out.push(message('You are tracking by area but have no areas set. Use {prefix}area add to choose some'));
  }
  return out;
}

/**
 * Saves `drafts` for the target's current profile and answers with what changed; a template the drafts name
 * that the DTS lacks refuses a non-admin's command (nothing written) and warns an admin.
 */
export async function saveKeyedRules(inv: CommandInvocation, target: Human, spec: KeyedRuleTable, drafts: readonly RuleDraft[], notes: readonly Message[]): Promise<CommandReply[]> {
  const templates = checkTemplates(inv, target, spec.alertTypes, drafts);
  if (!templates.ok) return [templates.reply];
  const store = inv.services.stores.rules;
  const existing = await store.list(spec.table, target.id, target.currentProfileNo);
  const changes = diffRules(drafts, existing, keyedComparison(spec));
  const changed: string[] = [];
  for (const { existing: row, wanted, column } of changes.updates) {
    const patch = { [column]: wanted[column] ?? null };
    await store.update(spec.table, row.uid, patch);
    changed.push(line(inv, spec, 'Updated: {rule}', { ...row, ...patch }));
  }
  const kept = changes.unchanged.map(({ existing: row }) => line(inv, spec, 'Unchanged: {rule}', row));
  const { inserts } = changes;
  if (inserts.length > 0) {
    const rows = await store.insert(spec.table, inserts.map((d) => ({ ...d, id: target.id, profile_no: target.currentProfileNo })));
    for (const row of rows) changed.push(line(inv, spec, 'New: {rule}', row));
  }
  inv.services.log.info({ command: inv.name, table: spec.table, humanId: target.id, profileNo: target.currentProfileNo, inserted: inserts.length, changed: changed.length }, 'rules tracked');
  const extra = [...notes, ...templates.notes, ...warnings(target, drafts)].map((m) => translateMessage(inv, m));
  const all = [...changed, ...kept];
  const listed = all.length > MAX_LISTED ? [translateMessage(inv, message('I have made a lot of changes. See {prefix}tracked for details'))] : all;
  if (changed.length === 0) return [{ reaction: UNCHANGED, text: [...(kept.length > MAX_LISTED ? listed : kept.length ? kept : [inv.t('Nothing changed')]), ...extra].join('\n') }];
  return [{ reaction: DONE, text: [...listed, ...extra].join('\n') }];
}

/** Removes the target's rules of the current profile that `selects` picks or whose uid is in `uids`. */
export async function removeKeyedRules(inv: CommandInvocation, target: Human, spec: KeyedRuleTable, selects: (row: TrackingRow) => boolean, uids: readonly number[]): Promise<CommandReply[]> {
  const store = inv.services.stores.rules;
  const rows = await store.list(spec.table, target.id, target.currentProfileNo);
  const wanted = new Set(uids);
  const doomed = rows.filter((row) => wanted.has(row.uid) || selects(row));
  const removed = doomed.length > 0 ? await store.deleteByUid(spec.table, target.id, doomed.map((r) => r.uid)) : 0;
  inv.services.log.info({ command: inv.name, table: spec.table, humanId: target.id, profileNo: target.currentProfileNo, removed }, 'rules removed');
  const known = new Set(rows.map((r) => r.uid));
  const missing = uids.filter((uid) => !known.has(uid)).map((uid) => inv.t('id:{uid} not found', { uid }));
  if (removed === 0) return [{ reaction: UNCHANGED, text: [inv.t('Nothing to remove'), ...missing].join('\n') }];
  const lines = doomed.map((row) => line(inv, spec, 'Removed: {rule}', row));
  const listed = lines.length > MAX_LISTED ? [inv.t('Removed {count} tracking rules', { count: removed })] : lines;
  return [{ reaction: DONE, text: [...listed, ...missing].join('\n') }];
}
