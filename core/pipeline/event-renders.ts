/**
 * One event's messages, recipient by recipient: the event's variables in each language and platform (made once
 * each, with the plugin's `enrichLanguage`), the recipient's own variables (the plugin's `enrichTarget` and the
 * core's distance, bearing, prefix…) laid on for its render, and one render shared by recipients whose messages
 * differ only in those (shared-renders.ts).
 */
import type { RenderedMessage } from '../model.ts';
import type { AnyAlertPlugin, HookContext, Match, PlatformPlugin, Renderer, View } from '../contract.ts';
import type { CommonEnricher } from '../enrich/index.ts';
import type { EventPlace } from '../enrich/layers.ts';
import type { Logger } from '../log/logger.ts';
import type { Metrics } from '../metrics/metrics.ts';
import type { HookCaller } from './hook-call.ts';
import { renderFailed } from './render.ts';
import { sharedRendersFor, type SharedRenders } from './shared-renders.ts';
import { FlatView } from './view.ts';

/** What a render needs to know of the platform a message goes to. */
export type RenderPlatform = Pick<PlatformPlugin, 'name' | 'templatePlatform' | 'commandPrefix'>;

export interface RenderOptions {
  readonly defaultLanguage: string;
  readonly hooks: HookCaller;
  readonly log: Logger;
  readonly metrics: Metrics;
  /** the core's common variables (location, address, links, times, distance…) layered under the plugin's */
  readonly enricher?: CommonEnricher;
  /** keep every variable in the views, also those no loaded template reads (previews show them all) */
  readonly keepAllVariables?: boolean;
}

export class EventRenders {
  /** the event's view in the first language and template platform asked for, and in any further ones (most events have one) */
  private firstKey: string | null = null;
  private firstView: FlatView | null = null;
  private more: Map<string, FlatView> | null = null;
  private readonly shared: SharedRenders | null;

  constructor(
    private readonly o: RenderOptions,
    private readonly renderer: Renderer,
    private readonly plugin: AnyAlertPlugin,
    private readonly event: unknown,
    /** the event's variables (the plugin's, over the core's common ones) */
    private readonly base: View,
    private readonly ctx: HookContext,
    private readonly place: EventPlace | null,
    recipients: number,
  ) {
    this.shared = recipients > 1 ? sharedRendersFor(renderer) : null;
  }

  /**
   * the recipient's message on `platform`; null when a plugin hook failed (counted against the plugin in hook-call.ts)
   * or the template did not render (counted against the core in render.ts)
   */
  render(match: Match, platform: RenderPlatform): RenderedMessage | null {
    const { plugin, ctx, renderer, shared } = this;
    const layers = this.recipientLayers(match, platform);
    if (!layers) return null;
    const { view, common, extra, language } = layers;
    const request = { alertType: match.alertType, platform: platform.templatePlatform, language, templateId: match.templateId, meta: ctx.meta, targetType: match.human.type };
    try {
      const once = shared && common ? shared.render({ request, view, common, extra }) : null;
      return once ?? view.render([common, extra], (recipientView) => renderer.render({ ...request, view: recipientView }));
    } catch (err) {
      const scope = { ...request, plugin: plugin.name, platform: platform.name, templatePlatform: platform.templatePlatform, targetId: match.human.id };
      renderFailed(scope, this.o, err);
      return null;
    }
  }

  /**
   * Every variable the recipient's message is rendered with, in a new object (template previews and editors);
   * null when a plugin hook failed.
   */
  recipientView(match: Match, platform: RenderPlatform): Record<string, unknown> | null {
    const layers = this.recipientLayers(match, platform);
    if (!layers) return null;
    return layers.view.render([layers.common, layers.extra], (view) => ({ ...view }));
  }

  /** the event's view in the recipient's language and platform, and the recipient's own variables to lay on it */
  private recipientLayers(match: Match, platform: RenderPlatform): { view: FlatView; common: View | undefined; extra: View | undefined; language: string } | null {
    const { plugin, event, ctx } = this;
    const { hooks, enricher } = this.o;
    const language = match.human.language ?? this.o.defaultLanguage;
    const view = this.viewFor(language, platform.templatePlatform);
    const targetExtra = plugin.enrichTarget ? hooks.call(plugin.name, 'enrichTarget', ctx.meta, () => plugin.enrichTarget!(event, view.view, match, ctx)) : null;
    if (targetExtra && !targetExtra.ok) return null;
    const common = enricher?.targetView({ location: this.place?.location ?? null, match, commandPrefix: platform.commandPrefix ?? '' });
    return { view, common, extra: targetExtra?.value, language };
  }

  /** the event's variables in a language for a template platform, made once per event */
  private viewFor(language: string, templatePlatform: string): FlatView {
    const key = `${language}\u0000${templatePlatform}`;
    if (key === this.firstKey) return this.firstView!;
    let view = this.more?.get(key);
    if (view) return view;
    view = this.languageView(language, templatePlatform);
    if (this.firstKey === null) {
      this.firstKey = key;
      this.firstView = view;
    } else (this.more ??= new Map()).set(key, view);
    return view;
  }

  /** the event's variables with the plugin's for that language and platform on top */
  private languageView(language: string, templatePlatform: string): FlatView {
    const { plugin, event, base, ctx } = this;
    const scope = { language, platform: templatePlatform };
    const extra = plugin.enrichLanguage ? this.o.hooks.call(plugin.name, 'enrichLanguage', ctx.meta, () => plugin.enrichLanguage!(event, base, scope, ctx)) : null;
    const keep = this.o.keepAllVariables ? null : (this.renderer.variableFilter?.() ?? null);
    return FlatView.of(base, extra?.ok ? extra.value : undefined, keep);
  }
}
