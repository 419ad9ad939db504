/**
 * A webhook rendered for one made-up recipient without sending anything (the template studio, the render and
 * enrich API): the same parse, locate, enrich, common variables, language and recipient layers the pipeline uses,
 * then the template (the recipient's, or one being edited) over them. Nothing is deduplicated, matched, counted
 * as processed or delivered. Each plugin parsing the webhook type gives one result.
 */
import type { AnyAlertPlugin, EventMeta, HookContext, Match, Renderer } from '../contract.ts';
import type { EventPlace } from '../enrich/layers.ts';
import { describeError } from '../errors.ts';
import { withCommonVariables } from '../enrich/layers.ts';
import type { Human, RenderedMessage } from '../model.ts';
import { EventRenders, type RenderPlatform } from './event-renders.ts';
import type { PipelineOptions } from './pipeline.ts';

export interface PreviewTarget {
  readonly platform: RenderPlatform;
  readonly language: string;
  /** null = [general] default_template_name */
  readonly templateId: string | null;
  /** the DTS alert type to render, when not the one the plugin gives the event: another of the same plugin's (e.g. `monsterNoIv`) */
  readonly alertType?: string;
  /** renders instead of the pipeline's renderer (a template being edited); null = variables only */
  readonly renderer?: Renderer | null;
}

export interface PreviewResult {
  readonly plugin: string;
  readonly alertType: string;
  /** every variable of the message */
  readonly view: Readonly<Record<string, unknown>>;
  /** the rendered message; absent when no render was asked for or it failed */
  readonly message?: RenderedMessage;
  /** why the render failed (the error, with its context) */
  readonly error?: unknown;
}

export type PreviewOutcome =
  | { readonly ok: true; readonly results: readonly PreviewResult[] }
  | { readonly ok: false; readonly reason: string };

const PREVIEW_ID = 'preview';

/** The recipient of a preview: a registration at the event's place speaking `language` on the platform. */
function previewHuman(platform: RenderPlatform, language: string, place: EventPlace | null): Human {
  return {
    id: PREVIEW_ID,
    type: `${platform.name}:user`,
    name: 'Preview',
    enabled: true,
    area: place ? place.fences.map((f) => f.name.toLowerCase()) : [],
    latitude: place?.location.latitude ?? 0,
    longitude: place?.location.longitude ?? 0,
    fails: 0,
    lastChecked: null,
    language,
    adminDisable: false,
    disabledDate: null,
    currentProfileNo: 1,
    communityMembership: [],
    areaRestriction: null,
    notes: '',
    blockedAlerts: null,
  };
}

export async function previewWebhook(o: PipelineOptions, item: { readonly type: string; readonly message: unknown }, target: PreviewTarget): Promise<PreviewOutcome> {
  const plugins = o.registry.pluginsForWebhook(item.type);
  if (plugins.length === 0) return { ok: false, reason: `no plugin parses webhooks of type "${item.type}"` };
  const meta: EventMeta = { eventId: `${PREVIEW_ID}-${o.now().toString(36)}`, webhookType: item.type, receivedAt: o.now() };
  const results: PreviewResult[] = [];
  const reasons: string[] = [];
  for (const plugin of plugins) {
    const ctx: HookContext = { meta, log: o.log.child({ eventId: meta.eventId, plugin: plugin.name, preview: true }), now: o.now, preview: true };
    try {
      const parsed = plugin.parse(item.message, ctx);
      if (!parsed.ok) {
        if (!parsed.skip) reasons.push(`${plugin.name}: ${parsed.reason}`);
        continue;
      }
      results.push(await previewEvent(o, plugin, parsed.event, ctx, target));
    } catch (err) {
      reasons.push(`${plugin.name}: ${describeError(err)}`);
    }
  }
  if (results.length === 0) return { ok: false, reason: reasons.length > 0 ? `the webhook could not be previewed: ${reasons.join('; ')}` : `no plugin takes this "${item.type}" webhook` };
  return { ok: true, results };
}

async function previewEvent(o: PipelineOptions, plugin: AnyAlertPlugin, event: unknown, ctx: HookContext, target: PreviewTarget): Promise<PreviewResult> {
  const location = plugin.locate?.(event) ?? null;
  const place: EventPlace | null = location ? { location, fences: o.fencesAt ? o.fencesAt(location.latitude, location.longitude) : [] } : null;
  // another alert type of the same plugin may be asked for (an IV'd sighting shown as `monsterNoIv`), not another plugin's
  const natural = plugin.alertTypeOf?.(event) ?? plugin.alertTypes[0] ?? plugin.name;
  const alertType = target.alertType !== undefined && plugin.alertTypes.includes(target.alertType) ? target.alertType : natural;
  const base = plugin.enrich ? await plugin.enrich(event, ctx) : {};
  const expiresAt = plugin.expiresAt ? plugin.expiresAt(event) : null;
  const view = o.enricher && place ? await withCommonVariables(o.enricher, base, { place, expiresAt, alertType, eventId: ctx.meta.eventId }, ctx.log) : base;
  const renderer = target.renderer === undefined ? o.renderer : target.renderer;
  const renders = new EventRenders({ defaultLanguage: target.language, hooks: o.hooks, log: o.log, metrics: o.metrics, enricher: o.enricher, keepAllVariables: true }, renderer ?? NO_RENDERER, plugin, event, view, ctx, place, 1);
  const match: Match = { human: previewHuman(target.platform, target.language, place), table: plugin.trackingTables?.[0]?.table ?? '', ruleUid: 0, alertType, templateId: target.templateId, ping: '', clean: 0 };
  const variables = renders.recipientView(match, target.platform) ?? { ...view };
  // an alert type whose variables exist only in context (a change, a digest) gets an example made from this event
  if (plugin.previewVariables) Object.assign(variables, plugin.previewVariables(alertType, event, variables, { language: target.language, platform: target.platform.templatePlatform }) ?? {});
  if (!renderer) return { plugin: plugin.name, alertType, view: variables };
  try {
    const message = renderer.render({ alertType, platform: target.platform.templatePlatform, language: target.language, templateId: target.templateId, view: variables, meta: ctx.meta });
    return { plugin: plugin.name, alertType, view: variables, message };
  } catch (error) {
    return { plugin: plugin.name, alertType, view: variables, error };
  }
}

const NO_RENDERER: Renderer = {
  render() {
    throw new Error('no renderer');
  },
};
