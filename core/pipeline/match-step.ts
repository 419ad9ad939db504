/**
 * The match step of the pipeline: the event's place and the geofences containing it, the plugin's matches against
 * the current snapshot (timed), less the recipients who blocked that kind of alert and, with strict locations, those
 * whose area restriction does not contain the event; a single-recipient item gets that recipient's matches, or one
 * made up for them.
 */
import type { Human, Snapshot } from '../model.ts';
import type { AnyAlertPlugin, HookContext, Match, MatchContext } from '../contract.ts';
import type { EventPlace } from '../enrich/layers.ts';
import type { Fence } from '../geo/index.ts';
import type { Metrics } from '../metrics/metrics.ts';
import type { PluginRegistry } from '../registry.ts';
import type { HookCaller } from './hook-call.ts';

export interface MatchOptions {
  readonly registry: PluginRegistry;
  readonly snapshot: () => Snapshot;
  readonly hooks: HookCaller;
  readonly metrics: Metrics;
  /** the geofences containing a point (the R-tree of the current set) */
  readonly fencesAt?: (latitude: number, longitude: number) => readonly Fence[];
  /**
   * [area_security] strict_locations: a recipient with an area restriction (a community member) is matched only by
   * events inside one of its restricted areas
   */
  readonly strictLocations?: boolean;
}

export interface Matched {
  readonly matches: readonly Match[];
  /** where the event is, with its geofences (null: the plugin does not locate its events) */
  readonly place: EventPlace | null;
  /** lower-cased names of the geofences containing it */
  readonly areaNames: ReadonlySet<string>;
}

const NO_FENCES: readonly Fence[] = Object.freeze([]);
const NO_AREAS: ReadonlySet<string> = new Set();

/**
 * The matches of a single-recipient item: the plugin's own matches for that human, else one made-up match for
 * them (no rule: uid 0, default template) with the alert type the plugin gives the event (`alertTypeOf`), else the
 * one it chose for someone else, else its first.
 */
export function onlyToMatches(plugin: AnyAlertPlugin, event: unknown, humanId: string, matched: readonly Match[], snapshot: Snapshot): readonly Match[] {
  const own = matched.filter((m) => m.human.id === humanId);
  if (own.length > 0) return own;
  const human = snapshot.humans.get(humanId);
  const alertType = plugin.alertTypeOf?.(event) ?? matched[0]?.alertType ?? plugin.alertTypes[0];
  if (!human || alertType === undefined) return [];
  return [{ human, table: plugin.trackingTables?.[0]?.table ?? '', ruleUid: 0, alertType, templateId: null, ping: '', clean: 0 }];
}

/** the plugin's matches for the event (`onlyTo`: for that human only) and the event's place */
export function matchEvent(o: MatchOptions, plugin: AnyAlertPlugin, event: unknown, ctx: HookContext, onlyTo?: string): Matched {
  const snapshot = o.snapshot();
  const started = performance.now();
  const { matchCtx, place } = matchContext(o, plugin, event, ctx);
  const result = o.hooks.call(plugin.name, 'match', ctx.meta, () => plugin.match(event, snapshot, snapshot.index(plugin.name), matchCtx));
  o.metrics.matchSeconds.observe({ plugin: plugin.name }, (performance.now() - started) / 1000);
  const { areaNames } = matchCtx;
  if (!result.ok) return { matches: [], place, areaNames };
  if (onlyTo !== undefined) return { matches: onlyToMatches(plugin, event, onlyTo, result.value, snapshot), place, areaNames };
  const restricted = o.strictLocations === true && place !== null ? areaNames : null;
  const matches = result.value.filter((m) => recipientMiss(m.human, m.blockKind ?? o.registry.blockKindOf(m.table), restricted) === null);
  return { matches, place, areaNames };
}

/**
 * Why the core takes a matched recipient out (null: it keeps them): it blocked the kind of alert (`blocked_kind`),
 * or, with strict locations (`restricted`: the event's areas), its area restriction does not contain the event
 * (`outside_restriction`). The explanation (core/explain) asks the same function.
 */
export function recipientMiss(human: Human, kind: string | undefined, restricted: ReadonlySet<string> | null): 'blocked_kind' | 'outside_restriction' | null {
  if (kind && human.blockedAlerts?.includes(kind)) return 'blocked_kind';
  return restricted === null || insideRestriction(human.areaRestriction, restricted) ? null : 'outside_restriction';
}

/** No restriction, or one of its areas contains the event. */
function insideRestriction(restriction: readonly string[] | null, areaNames: ReadonlySet<string>): boolean {
  return restriction === null || restriction.some((area) => areaNames.has(area.toLowerCase()));
}

function matchContext(o: MatchOptions, plugin: AnyAlertPlugin, event: unknown, ctx: HookContext): { readonly matchCtx: MatchContext; readonly place: EventPlace | null } {
  const located = plugin.locate ? o.hooks.call(plugin.name, 'locate', ctx.meta, () => plugin.locate!(event)) : null;
  const where = located?.ok ? located.value : null;
  const fences = where && o.fencesAt ? o.fencesAt(where.latitude, where.longitude) : NO_FENCES;
  const matchCtx = { ...ctx, fences, areaNames: fences.length ? new Set(fences.map((f) => f.name.toLowerCase())) : NO_AREAS };
  return { matchCtx, place: where ? { location: where, fences } : null };
}
