/**
 * The per-webhook flow: route by `type` to the owning plugin(s), then parse → dedupe → match → enrich →
 * render → deliver. Rendering and dispatch stream target by target, so the first recipients' messages go out
 * while the rest render; recipients whose messages differ only in their distance and bearing share one render
 * (shared-renders.ts). One bad event, target or plugin never stops the others; a plugin hook that throws is
 * counted against the plugin (hook-call.ts), a template that does not render against the core (render.ts). Here:
 * the steps up to matching, in order; the match step is match-step.ts, then the optional validation hook
 * (core/validation: the outside service allows or denies each recipient) and the plugin's `hold` (matches it keeps
 * to send later itself), the deliver step deliver-all.ts (rendering: event-renders.ts).
 */
import type { Snapshot } from '../model.ts';
import type { AnyAlertPlugin, EventMeta, HookContext, Match, Renderer } from '../contract.ts';
import type { Fence } from '../geo/index.ts';
import type { WorkTicket } from '../journal/types.ts';
import type { Dispatcher } from '../delivery/dispatcher.ts';
import type { CommonEnricher } from '../enrich/index.ts';
import { withCommonVariables } from '../enrich/layers.ts';
import type { Logger } from '../log/logger.ts';
import type { Metrics, RejectReason } from '../metrics/metrics.ts';
import { webhookTypeLabel } from '../metrics/labels.ts';
import type { PluginRegistry } from '../registry.ts';
import type { DedupeCache } from './dedupe-cache.ts';
import { deliverAll, type EditKeysFor } from './deliver-all.ts';
import { withEarlierRecipients, type EarlierRecipients } from './earlier-recipients.ts';
import { isDisabledFor, type SwitchReader } from '../switches.ts';
import type { HookCaller } from './hook-call.ts';
import { matchEvent, type Matched } from './match-step.ts';
import { previewWebhook, type PreviewOutcome, type PreviewTarget } from './preview.ts';
import type { RecentEvents } from '../preview/recent-events.ts';
import type { MatchValidator } from '../validation/index.ts';
import type { AlertOutcome, EventHistory, HistoryEntry } from '../explain/event-history.ts';

export interface PipelineItem {
  readonly type: string;
  readonly message: unknown;
  readonly meta: EventMeta;
  /**
   * a human id: deliver to this human only (`service-test`). Such an item is never a duplicate and not counted in
   * the plugin's statistics; when the plugin matches none of this human's rules, a match is made up for them
   * (see onlyToMatches in match-step.ts).
   */
  readonly onlyTo?: string;
  /** the item's place in the journal: each delivery gets a receipt from it (none = not journaled) */
  readonly ticket?: WorkTicket;
}

export interface PipelineOptions {
  readonly registry: PluginRegistry;
  readonly snapshot: () => Snapshot;
  readonly renderer: Renderer | null;
  readonly dispatcher: Dispatcher;
  readonly switches: SwitchReader;
  readonly defaultLanguage: string;
  readonly dedupe: DedupeCache;
  readonly hooks: HookCaller;
  readonly log: Logger;
  readonly metrics: Metrics;
  readonly now: () => number;
  /** the geofences containing a point (the R-tree of the current set) */
  readonly fencesAt?: (latitude: number, longitude: number) => readonly Fence[];
  /** the core's common variables (location, address, links, times, distance…) layered under the plugin's */
  readonly enricher?: CommonEnricher;
  /** [area_security] strict_locations (with area security on): see MatchOptions */
  readonly strictLocations?: boolean;
  /** keeps the last webhooks accepted (the template studio's recent events) */
  readonly recent?: RecentEvents;
  /** [validation]: the recipients put to the outside validator before enrichment (none: the hook is off) */
  readonly validator?: MatchValidator | null;
  /** whose jobs carry the event's editKey (edits in place, reply chains); default nobody */
  readonly editKeysFor?: EditKeysFor;
  /** whether a recipient was sent a message about an editKey that is remembered (see DeliverOptions) */
  readonly hasEarlier?: (key: string, target: { readonly id: string; readonly type: string }) => boolean;
  /** who got a message about an editKey that is remembered (AlertPlugin.followUpKey); none without the sent-message memory */
  readonly earlierRecipients?: EarlierRecipients;
  /** keeps the recent events and what became of their alerts, to explain them ([explain]); none = nothing kept */
  readonly history?: EventHistory;
}

/** what `parse` gives back for an item that is rejected or skipped */
const UNPARSED: unique symbol = Symbol('unparsed');

export class Pipeline {
  constructor(private readonly o: PipelineOptions) {}

  async process(item: PipelineItem): Promise<void> {
    if (item.onlyTo === undefined) this.o.recent?.record(item.meta.eventId, item.type, item.message, item.meta.receivedAt);
    for (const plugin of this.o.registry.pluginsForWebhook(item.type)) {
      if (isDisabledFor(plugin, item.type, this.o.switches)) {
        this.reject(item, 'disabled');
        continue;
      }
      await this.runPlugin(plugin, item);
    }
  }

  /** The webhook rendered for a made-up recipient, nothing sent (preview.ts). */
  preview(item: { readonly type: string; readonly message: unknown }, target: PreviewTarget): Promise<PreviewOutcome> {
    return previewWebhook(this.o, item, target);
  }

  private reject(item: PipelineItem, reason: RejectReason, detail?: string): void {
    this.o.metrics.webhooksRejected.inc({ type: webhookTypeLabel(this.o.registry, item.type), reason });
    if (detail) this.o.log.verbose({ eventId: item.meta.eventId, webhookType: item.type, reason, detail }, 'webhook item rejected');
  }

  /** one plugin's turn at an item: parse, admit, match, enrich, deliver */
  private async runPlugin(plugin: AnyAlertPlugin, item: PipelineItem): Promise<void> {
    const { hooks, enricher } = this.o;
    const ctx: HookContext = { meta: item.meta, log: this.o.log.child({ eventId: item.meta.eventId, plugin: plugin.name }), now: this.o.now };
    const event = this.parse(plugin, item, ctx);
    if (event === UNPARSED) return;
    const expiresAt = this.expiryOf(plugin, event, item.meta);
    if (!this.admit(plugin, item, event, expiresAt)) return;
    if (plugin.observe && item.onlyTo === undefined) hooks.call(plugin.name, 'observe', item.meta, () => plugin.observe!(event, ctx));
    const found = matchEvent(this.o, plugin, event, ctx, item.onlyTo);
    const { place } = found;
    const { history } = this.o;
    if (history && item.onlyTo === undefined) history.record(historyEntry(plugin, item, this.kept(plugin, event, item), found, this.o.now(), false));
    // the matches, and the earlier recipients the event is news for (monster changes)
    const candidates = this.withEarlier(plugin, event, found.matches, ctx, item);
    if (candidates.length === 0) return;
    this.o.metrics.matches.inc({ plugin: plugin.name }, candidates.length);
    // a sample sent to one target on request (`onlyTo`) is not put to the validator nor held
    const allowed = this.o.validator && item.onlyTo === undefined ? await this.validated(this.o.validator, plugin, item, event, found, candidates, ctx) : candidates;
    if (history && allowed !== candidates) recordLeftOut(history, plugin.name, item.meta, candidates, allowed, { kind: 'dropped', reason: 'validation_denied', platform: '', at: this.o.now() });
    const matches = plugin.hold && item.onlyTo === undefined && allowed.length > 0 ? this.held(plugin, event, allowed, ctx) : allowed;
    if (history && matches !== allowed) recordLeftOut(history, plugin.name, item.meta, allowed, matches, { kind: 'held', reason: 'digest', at: this.o.now() });
    if (matches.length === 0) return;
    const base = plugin.enrich ? await hooks.callAsync(plugin.name, 'enrich', item.meta, () => plugin.enrich!(event, ctx)) : { ok: true as const, value: {} };
    if (!base.ok) return;
    const view =
      enricher && place
        ? await withCommonVariables(enricher, base.value, { place, expiresAt, alertType: plugin.alertTypes[0] ?? matches[0]!.alertType, eventId: item.meta.eventId }, ctx.log)
        : base.value;
    await deliverAll(this.o, plugin, event, view, matches, ctx, expiresAt, place, item.ticket);
  }

  /** the matches whose recipients the validation hook allows */
  private validated(validator: MatchValidator, plugin: AnyAlertPlugin, item: PipelineItem, event: unknown, found: Matched, candidates: readonly Match[], ctx: HookContext): Promise<readonly Match[]> {
    const areas = found.place ? found.place.fences.map((f) => f.name) : [];
    const named = plugin.validationType ? this.o.hooks.call(plugin.name, 'validationType', item.meta, () => plugin.validationType!(event)) : null;
    const webhookType = named?.ok ? named.value : item.type;
    return validator.filter({ plugin: plugin.name, webhookType, webhook: item.message, areas }, candidates, ctx);
  }

  /** the matches delivered now: those the plugin's `hold` did not keep (all of them when the hook failed) */
  private held(plugin: AnyAlertPlugin, event: unknown, matches: readonly Match[], ctx: HookContext): readonly Match[] {
    const now = this.o.hooks.call(plugin.name, 'hold', ctx.meta, () => plugin.hold!(event, matches, ctx));
    return now.ok ? now.value : matches;
  }

  /** the matches, and earlier recipients the event is news for (AlertPlugin.followUpKey): one check for other plugins */
  private withEarlier(plugin: AnyAlertPlugin, event: unknown, matches: readonly Match[], ctx: HookContext, item: PipelineItem): readonly Match[] {
    const { earlierRecipients } = this.o;
    if (!earlierRecipients || !plugin.followUpKey || plugin.repliesToEarlier !== true || item.onlyTo !== undefined) return matches;
    return withEarlierRecipients(this.o, earlierRecipients, plugin, event, matches, ctx);
  }

  /** what the explain history keeps of the event (AlertPlugin.historyCopy; the event itself when the hook fails) */
  private kept(plugin: AnyAlertPlugin, event: unknown, item: PipelineItem): unknown {
    if (!plugin.historyCopy) return event;
    const copy = this.o.hooks.call(plugin.name, 'historyCopy', item.meta, () => plugin.historyCopy!(event));
    return copy.ok ? copy.value : event;
  }

  /** the plugin's event in the item; a malformed item is rejected, a skipped one dropped quietly */
  private parse(plugin: AnyAlertPlugin, item: PipelineItem, ctx: HookContext): unknown {
    const parsed = this.o.hooks.call(plugin.name, 'parse', item.meta, () => plugin.parse(item.message, ctx));
    if (!parsed.ok) {
      this.reject(item, 'malformed');
      return UNPARSED;
    }
    if (!parsed.value.ok) {
      if (!parsed.value.skip) this.reject(item, 'malformed', parsed.value.reason);
      return UNPARSED;
    }
    return parsed.value.event;
  }

  /** when the event's alerts stop being worth sending (null: never, or the plugin's hook failed) */
  private expiryOf(plugin: AnyAlertPlugin, event: unknown, meta: EventMeta): number | null {
    if (!plugin.expiresAt) return null;
    const expires = this.o.hooks.call(plugin.name, 'expiresAt', meta, () => plugin.expiresAt!(event));
    return expires.ok ? expires.value : null;
  }

  /** rejects an event that expired while the service was down, or that was seen before; counts the others */
  private admit(plugin: AnyAlertPlugin, item: PipelineItem, event: unknown, expiresAt: number | null): boolean {
    if (item.meta.recovered && expiresAt !== null && expiresAt <= this.o.now()) {
      this.reject(item, 'expired', 'the event expired before the service was back');
      return false;
    }
    if (plugin.dedupeKey) {
      const key = this.o.hooks.call(plugin.name, 'dedupeKey', item.meta, () => plugin.dedupeKey!(event));
      if (key.ok && key.value !== null && item.onlyTo === undefined && this.o.dedupe.seen(`${plugin.name}:${key.value}`, this.o.now(), expiresAt)) {
        this.reject(item, 'duplicate');
        if (this.o.history) this.o.history.record(historyEntry(plugin, item, this.kept(plugin, event, item), null, this.o.now(), true));
        return false;
      }
    }
    this.o.metrics.eventsProcessed.inc({ plugin: plugin.name });
    return true;
  }
}

/** what the explain history keeps of an event: `found` null for a duplicate, which is not matched */
function historyEntry(plugin: AnyAlertPlugin, item: PipelineItem, event: unknown, found: Matched | null, now: number, duplicate: boolean): HistoryEntry {
  return {
    eventId: item.meta.eventId,
    plugin: plugin.name,
    event,
    receivedAt: item.meta.receivedAt,
    matchedAt: now,
    location: found?.place?.location ?? null,
    areaNames: found?.areaNames ?? NO_AREA_NAMES,
    matched: found?.matches.length ?? 0,
    duplicate,
    outcomes: null,
  };
}

const NO_AREA_NAMES: ReadonlySet<string> = new Set();

/** records `outcome` for each recipient of `before` that `after` left out (validation denied them, a digest holds them) */
function recordLeftOut(history: EventHistory, plugin: string, meta: EventMeta, before: readonly Match[], after: readonly Match[], outcome: AlertOutcome): void {
  const kept = new Set(after.map((m) => m.human.id));
  for (const m of before) if (!kept.has(m.human.id)) history.outcome(plugin, meta.eventId, m.human.id, outcome);
}
