/**
 * "Why didn't I get this alert?": for one kept event and one human, every rule of the human in the event's plugin's
 * tables (all profiles) with its verdict — the first check it fails, else that it fires — and the answer as a whole:
 * delivered (when, how late), dropped (why), held for a digest, or why nothing fired. Every verdict comes from the
 * code the pipeline runs: the human checks of the match step (recipientMiss), the plugin's own checks
 * (AlertPlugin.explainRule, made from its matcher), and the outcomes the pipeline and the delivery queue recorded.
 * Pure: the human, its rules and the event are handed in.
 */
import type { AnyAlertPlugin, MatchContext, TrackingTableSpec } from '../contract.ts';
import type { Human, NamedLocation, TrackingRow } from '../model.ts';
import { recipientMiss } from '../pipeline/match-step.ts';
import { outcomeOf, type AlertOutcome, type HistoryEntry } from './event-history.ts';
import { silentLogger } from '../log/logger.ts';
import { missed, type Reason, type RuleVerdict } from './verdict.ts';

export type { Reason };

export interface RuleExplanation extends Reason {
  readonly table: string;
  readonly uid: number;
  readonly profileNo: number;
  readonly description: string;
  readonly fires: boolean;
}

export interface Explanation {
  readonly event: {
    readonly id: string;
    readonly plugin: string;
    readonly ids: readonly string[];
    readonly receivedAt: number;
    readonly matchedAt: number;
    /** when it was received, as a time of day in the human's zone (the words' clock) */
    readonly time: string;
    readonly latitude: number | null;
    readonly longitude: number | null;
    readonly areas: readonly string[];
  };
  readonly human: { readonly id: string; readonly name: string; readonly type: string };
  /** the answer: delivered, dropped, held, or why not */
  readonly outcome: Reason;
  readonly rules: readonly RuleExplanation[];
}

/** What the explanation is computed from. */
export interface ExplainInput {
  readonly plugin: AnyAlertPlugin;
  readonly entry: HistoryEntry;
  readonly human: Human;
  /** the human's saved locations by lower-cased label */
  readonly locations: ReadonlyMap<string, NamedLocation> | undefined;
  /** the human's rows of the plugin's tables, every profile */
  readonly rows: readonly { readonly table: TrackingTableSpec; readonly row: TrackingRow }[];
  /** the plugin's disable switch is on */
  readonly switchedOff: boolean;
  /** a platform delivers to the human's type */
  readonly served: boolean;
  /** [area_security] strict_locations with area security on */
  readonly strictLocations: boolean;
  /** the geofences of the event, when the entry has none (a duplicate is not matched) */
  readonly areaNames: ReadonlySet<string>;
  readonly describe: (table: string, row: TrackingRow) => string;
  /** formats a time of day for the words (the human's zone is not known: the service's) */
  readonly clock: (ms: number) => string;
  readonly ids: readonly string[];
}

/**
 * The verdict on one rule, in the pipeline's order: the snapshot holds only the active profile's rules, the plugin's
 * match decides the rule (explainRule), then the match step drops a recipient who blocked the match's kind.
 */
function ruleVerdict(input: ExplainInput, table: TrackingTableSpec, row: TrackingRow, ctx: MatchContext): RuleVerdict {
  const { human, plugin, entry } = input;
  if (row.profile_no !== human.currentProfileNo) return missed('profile_inactive', 'the rule is in profile {profile}; your active profile is {active}', { profile: row.profile_no, active: human.currentProfileNo });
  if (!plugin.explainRule) return missed('not_explained', 'the {plugin} alerts cannot explain their rules', { plugin: plugin.name });
  const rule = table.read ? table.read(row) : row;
  let verdict: RuleVerdict;
  try {
    verdict = plugin.explainRule(entry.event, { table: table.table, rule, human, locations: input.locations }, ctx);
  } catch (err) {
    return missed('explain_failed', 'the rule could not be explained: {error}', { error: err instanceof Error ? err.message : String(err) });
  }
  if (!verdict.fires) return verdict;
  const kind = verdict.blockKind ?? table.blockKind;
  return recipientMiss(human, kind, null) === 'blocked_kind' ? missed('blocked_kind', 'you blocked {kind} alerts', { kind: kind ?? '' }) : verdict;
}

function outcomeReason(outcome: AlertOutcome, clock: (ms: number) => string): Reason {
  switch (outcome.kind) {
    case 'delivered': {
      const values = { time: clock(outcome.at), latency: Math.round(outcome.latencyMs), platform: outcome.platform };
      if (outcome.edited) return { code: 'edited', text: 'your earlier message was updated at {time} (latency {latency} ms) through {platform}', values };
      return { code: 'delivered', text: 'delivered at {time} (latency {latency} ms) through {platform}', values };
    }
    case 'held':
      return { code: 'held', text: 'a rule fired and the alert was kept for your digest at {time}', values: { time: clock(outcome.at) } };
    case 'dropped':
      return {
        code: outcome.reason,
        text: DROPPED_WORDS[outcome.reason] ?? DROPPED_WORDS['other']!,
        values: { time: clock(outcome.at), reason: outcome.reason, platform: outcome.platform },
      };
  }
}

/** the words of each reason a delivery is dropped for (DropReason and the pipeline's own) */
export const DROPPED_WORDS: Readonly<Record<string, string>> = {
  limit: 'a rule fired, but you had reached the alert limit; dropped at {time}',
  stale: 'a rule fired, but the alert reached the front of the queue too late (its event was over or nearly over); dropped at {time}',
  failed: 'a rule fired, but {platform} kept failing to take the message; dropped at {time}',
  permanent: 'a rule fired, but {platform} refused the message for good (a blocked bot, a deleted channel…) at {time}',
  shutdown: 'a rule fired, but the service stopped before the alert went out; dropped at {time}',
  unserved: 'a rule fired, but no platform delivers to your kind of registration',
  render_failed: 'a rule fired, but the template could not be rendered (the operator has the error in the log)',
  validation_denied: 'a rule fired, but the community\'s validation service did not allow this alert',
  error: 'a rule fired, but the delivery failed with an error at {time}',
  other: 'a rule fired, but the alert was dropped ({reason}) at {time}',
};

/** The human-level reason that stops every rule, or null. */
function humanReason(input: ExplainInput, areaNames: ReadonlySet<string>): Reason | null {
  const { human, plugin } = input;
  if (input.switchedOff) return { code: 'type_disabled', text: 'the {plugin} alerts are switched off on this service', values: { plugin: plugin.name } };
  if (human.adminDisable) return { code: 'admin_disabled', text: 'your registration is disabled by an administrator' };
  if (!human.enabled) return { code: 'stopped', text: 'your alerts are stopped (start them again with the start command)' };
  if (!input.served) return { code: 'no_platform', text: 'no platform delivers to your kind of registration ({type})', values: { type: human.type } };
  if (input.strictLocations && input.entry.location && recipientMiss(human, undefined, areaNames) === 'outside_restriction')
    return { code: 'outside_restriction', text: 'the event is outside the areas your community allows you' };
  return null;
}

export function explain(input: ExplainInput): Explanation {
  const { entry, human, plugin } = input;
  const areaNames = entry.areaNames.size > 0 || entry.location === null ? entry.areaNames : input.areaNames;
  const ctx: MatchContext = {
    meta: { eventId: entry.eventId, webhookType: plugin.webhookTypes[0] ?? plugin.name, receivedAt: entry.receivedAt },
    log: silentLog,
    now: () => entry.matchedAt,
    fences: [],
    areaNames,
  };
  const rules: RuleExplanation[] = input.rows.map(({ table, row }) => {
    const verdict = ruleVerdict(input, table, row, ctx);
    return { table: table.table, uid: row.uid, profileNo: row.profile_no, description: input.describe(table.table, row), ...verdict };
  });
  const recorded = outcomeOf(entry, human.id);
  const outcome: Reason =
    (recorded ? outcomeReason(recorded, input.clock) : null) ??
    (entry.duplicate ? { code: 'duplicate', text: 'this event repeated one seen before (the same {plugin} again); alerts go out for the first only', values: { plugin: plugin.name } } : null) ??
    humanReason(input, areaNames) ??
    summaryOf(rules, plugin.name);
  const location = entry.location;
  return {
    event: {
      id: entry.eventId,
      plugin: plugin.name,
      ids: input.ids,
      receivedAt: entry.receivedAt,
      matchedAt: entry.matchedAt,
      time: input.clock(entry.receivedAt),
      latitude: location?.latitude ?? null,
      longitude: location?.longitude ?? null,
      areas: [...areaNames],
    },
    human: { id: human.id, name: human.name, type: human.type },
    outcome,
    rules,
  };
}

function summaryOf(rules: readonly RuleExplanation[], plugin: string): Reason {
  if (rules.length === 0) return { code: 'no_rules', text: 'you have no {plugin} rules', values: { plugin } };
  if (rules.some((r) => r.fires))
    return { code: 'fires_not_recorded', text: 'a rule fires for this event, but no alert from it is on record: the rule may be newer than the event, or the alert is still on its way' };
  return { code: 'no_rule_fires', text: 'none of your {plugin} rules fires for this event; each rule says why', values: { plugin } };
}

const silentLog = silentLogger();
