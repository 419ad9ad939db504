/**
 * The per-webhook flow: route by `type` to the owning plugin(s), then parse → dedupe → match → enrich →
 * render → deliver. Rendering and dispatch stream target by target, so the first recipients' messages go out
 * while the rest render; recipients whose messages differ only in their distance and bearing share one render
 * (shared-renders.ts). One bad event, target or plugin never stops the others; a plugin hook that throws is
 * counted against the plugin (hook-call.ts), a template that does not render against the core (render.ts).
 */
import { loggableTargetId } from '../delivery/redact.ts';
import type { AnyAlertPlugin, EventMeta, HookContext, Match, MatchContext, Renderer, Snapshot, View } from '../contract.ts';
import type { Fence } from '../geo/index.ts';
import type { WorkTicket } from '../journal/types.ts';
import type { Dispatcher } from '../delivery/dispatcher.ts';
import type { CommonEnricher } from '../enrich/index.ts';
import { needsShortening, shortenMessage, withCommonVariables, type EventPlace } from '../enrich/layers.ts';
import type { Logger } from '../log/logger.ts';
import type { Metrics, RejectReason } from '../metrics/metrics.ts';
import { webhookTypeLabel } from '../metrics/labels.ts';
import type { PluginRegistry } from '../registry.ts';
import type { DedupeCache } from './dedupe-cache.ts';
import { isDisabledFor, type SwitchReader } from '../switches.ts';
import type { HookCaller } from './hook-call.ts';
import { renderCounted } from './render.ts';
import { sharedRendersFor } from './shared-renders.ts';
import { FlatView } from './view.ts';

export interface PipelineItem {
  readonly type: string;
  readonly message: unknown;
  readonly meta: EventMeta;
  /**
   * a human id: deliver to this human only (`service-test`). Such an item is never a duplicate and not counted in
   * the plugin's statistics; when the plugin matches none of this human's rules, a match is made up for them
   * (see onlyToMatches).
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

export class Pipeline {
  constructor(private readonly o: PipelineOptions) {}

  async process(item: PipelineItem): Promise<void> {
    for (const plugin of this.o.registry.pluginsForWebhook(item.type)) {
      if (isDisabledFor(plugin, item.type, this.o.switches)) {
        this.reject(item, 'disabled');
        continue;
      }
      await this.runPlugin(plugin, item);
    }
  }

  private reject(item: PipelineItem, reason: RejectReason, detail?: string): void {
    this.o.metrics.webhooksRejected.inc({ type: webhookTypeLabel(this.o.registry, item.type), reason });
    if (detail) this.o.log.verbose({ eventId: item.meta.eventId, webhookType: item.type, reason, detail }, 'webhook item rejected');
  }

  private async runPlugin(plugin: AnyAlertPlugin, item: PipelineItem): Promise<void> {
    const { hooks } = this.o;
    const ctx: HookContext = { meta: item.meta, log: this.o.log.child({ eventId: item.meta.eventId, plugin: plugin.name }), now: this.o.now };
    const parsed = hooks.call(plugin.name, 'parse', item.meta, () => plugin.parse(item.message, ctx));
    if (!parsed.ok) return this.reject(item, 'malformed');
    if (!parsed.value.ok) {
      if (!parsed.value.skip) this.reject(item, 'malformed', parsed.value.reason);
      return;
    }
    const event = parsed.value.event;
    const expires = plugin.expiresAt ? hooks.call(plugin.name, 'expiresAt', item.meta, () => plugin.expiresAt!(event)) : null;
    const expiresAt = expires?.ok ? expires.value : null;
    if (item.meta.recovered && expiresAt !== null && expiresAt <= this.o.now()) return this.reject(item, 'expired', 'the event expired before the service was back');
    if (plugin.dedupeKey) {
      const key = hooks.call(plugin.name, 'dedupeKey', item.meta, () => plugin.dedupeKey!(event));
      if (key.ok && key.value !== null && item.onlyTo === undefined && this.o.dedupe.seen(`${plugin.name}:${key.value}`, this.o.now(), expiresAt)) return this.reject(item, 'duplicate');
    }
    this.o.metrics.eventsProcessed.inc({ plugin: plugin.name });
    if (plugin.observe && item.onlyTo === undefined) hooks.call(plugin.name, 'observe', item.meta, () => plugin.observe!(event, ctx));
    const { matches, place } = this.match(plugin, event, ctx, item.onlyTo);
    if (matches.length === 0) return;
    this.o.metrics.matches.inc({ plugin: plugin.name }, matches.length);
    const base = plugin.enrich ? await hooks.callAsync(plugin.name, 'enrich', item.meta, () => plugin.enrich!(event, ctx)) : { ok: true as const, value: {} };
    if (!base.ok) return;
    const { enricher } = this.o;
    const view =
      enricher && place
        ? await withCommonVariables(enricher, base.value, { place, expiresAt, alertType: plugin.alertTypes[0] ?? matches[0]!.alertType, eventId: item.meta.eventId }, ctx.log)
        : base.value;
    await this.deliverAll(plugin, event, view, matches, ctx, expiresAt, place, item.ticket);
  }

  private matchContext(plugin: AnyAlertPlugin, event: unknown, ctx: HookContext): { readonly matchCtx: MatchContext; readonly place: EventPlace | null } {
    const located = plugin.locate ? this.o.hooks.call(plugin.name, 'locate', ctx.meta, () => plugin.locate!(event)) : null;
    const where = located?.ok ? located.value : null;
    const fences = where && this.o.fencesAt ? this.o.fencesAt(where.latitude, where.longitude) : NO_FENCES;
    const matchCtx = { ...ctx, fences, areaNames: fences.length ? new Set(fences.map((f) => f.name.toLowerCase())) : NO_AREAS };
    return { matchCtx, place: where ? { location: where, fences } : null };
  }

  private match(plugin: AnyAlertPlugin, event: unknown, ctx: HookContext, onlyTo?: string): { readonly matches: readonly Match[]; readonly place: EventPlace | null } {
    const snapshot = this.o.snapshot();
    const started = performance.now();
    const { matchCtx, place } = this.matchContext(plugin, event, ctx);
    const result = this.o.hooks.call(plugin.name, 'match', ctx.meta, () => plugin.match(event, snapshot, snapshot.index(plugin.name), matchCtx));
    this.o.metrics.matchSeconds.observe({ plugin: plugin.name }, (performance.now() - started) / 1000);
    if (!result.ok) return { matches: [], place };
    if (onlyTo !== undefined) return { matches: onlyToMatches(plugin, event, onlyTo, result.value, snapshot), place };
    const matches = result.value.filter((m) => {
      const kind = m.blockKind ?? this.o.registry.blockKindOf(m.table);
      return !(kind && m.human.blockedAlerts?.includes(kind));
    });
    return { matches, place };
  }

  private async deliverAll(
    plugin: AnyAlertPlugin,
    event: unknown,
    base: View,
    matches: readonly Match[],
    ctx: HookContext,
    expiresAt: number | null,
    place: EventPlace | null,
    ticket: WorkTicket | undefined,
  ): Promise<void> {
    const { hooks, registry, renderer, log, enricher } = this.o;
    const byLanguage = new Map<string, FlatView>();
    const shared = renderer && matches.length > 1 ? sharedRendersFor(renderer) : null;
    for (const match of matches) {
      // a delivery that finished before a restart is not sent again
      const key = ticket ? `${plugin.name}:${match.human.id}` : '';
      if (ticket?.finished(key)) continue;
      const platform = registry.platformForTarget(match.human.type);
      if (!platform || !renderer) {
        log.warn({ eventId: ctx.meta.eventId, target: loggableTargetId(match.human.id), targetType: match.human.type, renderer: Boolean(renderer) }, 'no platform or renderer for this target; alert not sent');
        continue;
      }
      const language = match.human.language ?? this.o.defaultLanguage;
      const scope = { language, platform: platform.templatePlatform };
      const scopeKey = `${language}\u0000${scope.platform}`;
      let langView = byLanguage.get(scopeKey);
      if (!langView) {
        const extra = plugin.enrichLanguage ? hooks.call(plugin.name, 'enrichLanguage', ctx.meta, () => plugin.enrichLanguage!(event, base, scope, ctx)) : null;
        langView = FlatView.of(base, extra?.ok ? extra.value : undefined);
        byLanguage.set(scopeKey, langView);
      }
      const view = langView;
      const targetExtra = plugin.enrichTarget ? hooks.call(plugin.name, 'enrichTarget', ctx.meta, () => plugin.enrichTarget!(event, view.view, match, ctx)) : null;
      if (targetExtra && !targetExtra.ok) continue;
      const common = enricher?.targetView({ location: place?.location ?? null, match, commandPrefix: platform.commandPrefix ?? '' });
      const request = { alertType: match.alertType, platform: platform.templatePlatform, language, templateId: match.templateId, meta: ctx.meta };
      const extra = targetExtra?.value;
      const renderScope = { ...request, plugin: plugin.name, platform: platform.name, templatePlatform: platform.templatePlatform, targetId: match.human.id };
      const rendered = renderCounted(renderScope, this.o, () => {
        const once = shared && common ? shared.render({ request, view, common, extra }) : null;
        return once ?? view.render([common, extra], (recipientView) => renderer.render({ ...request, view: recipientView }));
      });
      if (!rendered) continue;
      const message = enricher && needsShortening(rendered) ? await shortenMessage(enricher, rendered) : rendered;
      await this.o.dispatcher.dispatch(
        {
          target: { id: match.human.id, type: match.human.type, name: match.human.name, language: match.human.language },
          message,
          meta: ctx.meta,
          alertType: match.alertType,
          ping: match.ping,
          clean: match.clean,
          expiresAt,
          ...(place ? { location: place.location } : {}),
        },
        platform,
        ticket?.receipt(key),
      );
    }
  }
}
