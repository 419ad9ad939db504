/**
 * Views as a template sees them, for the previous-generation name tests of each plugin: a webhook parsed and
 * enriched by the plugin, over the core's common variables (no geocoder, no static map), with the language
 * layer for a language and platform and the recipient's variables on top. And the check those tests share:
 * an alias holds exactly what its variable holds.
 */
import assert from 'node:assert/strict';
import type { AnyAlertPlugin, HookContext, Match, View } from '../../core/contract.ts';
import { createCommonEnricher } from '../../core/enrich/index.ts';
import { silentLogger } from '../../core/log/logger.ts';
import { FlatView, withFallbacks } from '../../core/pipeline/view.ts';
import { configFromObject } from './config.ts';
import { human } from './humans.ts';

export interface ViewOptions {
  readonly language?: string;
  readonly platform?: string;
  /** config the common enricher is built with (`[locale]`, `[general]`…) */
  readonly config?: Record<string, unknown>;
  /** the match the recipient's variables are computed for (default: a user at 0,0 matched by areas) */
  readonly match?: Match;
}

function defaultMatch(alertType: string): Match {
  return { human: human('u1'), table: 'test', ruleUid: 1, alertType, templateId: null, ping: '', clean: 0 };
}

/** The full view of one webhook (the plugin's parse must accept it). */
export async function fullView(plugin: AnyAlertPlugin, webhook: unknown, ctx: HookContext, options: ViewOptions = {}): Promise<View> {
  const parsed = plugin.parse(webhook, ctx);
  if (!parsed.ok) throw new Error(`the plugin refused the webhook: ${parsed.reason}`);
  const event = parsed.event;
  const config = configFromObject(options.config ?? {}).config;
  const enricher = createCommonEnricher({ config, log: silentLogger(), rootDir: process.cwd(), now: () => ctx.now() });
  const base = (await plugin.enrich?.(event, ctx)) ?? {};
  const location = plugin.locate?.(event) ?? null;
  const alertType = plugin.alertTypeOf?.(event) ?? plugin.alertTypes[0]!;
  const common = location ? await enricher.eventView({ location, expiresAt: plugin.expiresAt?.(event) ?? null, fences: [], alertType, pluginView: base, eventId: 'test' }) : {};
  const eventView = withFallbacks(base, common);
  const scope = { language: options.language ?? 'en', platform: options.platform ?? 'discord' };
  const language = plugin.enrichLanguage?.(event, eventView, scope, ctx);
  const match = options.match ?? defaultMatch(alertType);
  const target = plugin.enrichTarget?.(event, eventView, match, ctx);
  const recipientView = enricher.targetView({ location, match, commandPrefix: '!' });
  return FlatView.of(eventView, language).render([recipientView, target], (view) => ({ ...view }));
}

/** Every alias is in the view and holds what its variable holds. */
export function assertAliases(view: View, aliases: Readonly<Record<string, string>>, label = ''): void {
  for (const [alias, canonical] of Object.entries(aliases)) {
    assert.ok(alias in view, `${label}${alias} is in the view`);
    assert.ok(canonical in view, `${label}${canonical} (the variable ${alias} stands for) is in the view`);
    assert.deepEqual(view[alias], view[canonical], `${label}${alias} = ${canonical}`);
  }
}
