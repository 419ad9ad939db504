/**
 * Start-up and stop step of the alert plugins' background work (AlertPlugin.start / stop): each gets its runtime —
 * the clock, the database, the metrics registry, the snapshot, `sendAlert` (rendered for the human's platform and
 * language and queued like an alert), `staticMap`, the reply translator and `sendText` (plain notices) — once the
 * pipeline and the delivery queue exist; they stop in reverse order.
 */
import type { Knex } from 'knex';
import type { AlertPluginRuntime, AnyAlertPlugin, PluginAlert, PluginClock, PluginStaticMap, Renderer } from '../contract.ts';
import type { Translate } from '../commands/translate.ts';
import type { DirectMessenger } from '../delivery/direct.ts';
import type { Dispatcher } from '../delivery/dispatcher.ts';
import { loggableTargetId } from '../delivery/redact.ts';
import type { CommonEnricher } from '../enrich/index.ts';
import { needsShortening, shortenMessage } from '../enrich/layers.ts';
import { describeError } from '../errors.ts';
import type { Logger } from '../log/logger.ts';
import type { Metrics } from '../metrics/metrics.ts';
import { nextEventId } from '../pipeline/intake.ts';
import { renderFailed } from '../pipeline/render.ts';
import { layer } from '../pipeline/view.ts';
import type { PluginRegistry } from '../registry.ts';
import type { StateManager } from '../state/state.ts';

/** The real clock: Date.now and unref'd timers (a pending timer never keeps the process alive). */
export const SYSTEM_CLOCK: PluginClock = {
  now: () => Date.now(),
  after(delayMs, fn) {
    const timer = setTimeout(fn, Math.max(0, delayMs));
    timer.unref();
    return () => clearTimeout(timer);
  },
};

export interface AlertPluginDeps {
  readonly registry: PluginRegistry;
  readonly state: StateManager;
  readonly db: Knex;
  readonly metrics: Metrics;
  readonly log: Logger;
  readonly renderer: Renderer;
  readonly dispatcher: Dispatcher;
  readonly enricher: CommonEnricher;
  readonly defaultLanguage: string;
  /** reply texts in a language (null: the default one) */
  readonly translator: (language: string | null) => Translate;
  /** plain messages that are not alerts */
  readonly messages: DirectMessenger;
  readonly clock?: PluginClock;
}

/** renders one plugin alert for its human and queues it; false when nothing was queued */
async function sendPluginAlert(d: AlertPluginDeps, plugin: string, log: Logger, clock: PluginClock, alert: PluginAlert): Promise<boolean> {
  const { human } = alert;
  const platform = d.registry.platformForTarget(human.type);
  if (!platform) {
    log.warn({ target: loggableTargetId(human.id), targetType: human.type, alertType: alert.alertType }, 'no platform for this target; alert not sent');
    return false;
  }
  const language = human.language ?? d.defaultLanguage;
  const now = clock.now();
  const meta = { eventId: `${alert.reference}-${nextEventId()}`, webhookType: alert.reference, receivedAt: now };
  const request = { alertType: alert.alertType, platform: platform.templatePlatform, language, templateId: alert.templateId, meta, targetType: human.type };
  let message;
  try {
    const view = layer(alert.view({ language, platform: platform.templatePlatform }), { prefix: platform.commandPrefix ?? '' });
    message = d.renderer.render({ ...request, view });
  } catch (err) {
    renderFailed({ ...request, plugin, platform: platform.name, templatePlatform: platform.templatePlatform, targetId: human.id }, d, err);
    return false;
  }
  if (needsShortening(message)) message = await shortenMessage(d.enricher, message);
  await d.dispatcher.dispatch(
    {
      target: { id: human.id, type: human.type, name: human.name, language: human.language },
      message,
      meta,
      alertType: alert.alertType,
      templateId: alert.templateId,
      ping: alert.ping ?? '',
      clean: alert.clean,
      expiresAt: alert.expiresAt,
      ...(alert.location ? { location: alert.location } : {}),
      ...(alert.ownLimit ? { ownLimit: true } : {}),
    },
    platform,
  );
  return true;
}

function runtimeFor(d: AlertPluginDeps, plugin: AnyAlertPlugin): AlertPluginRuntime {
  const log = d.log.child({ plugin: plugin.name });
  const clock = d.clock ?? SYSTEM_CLOCK;
  return {
    log,
    clock,
    db: d.db,
    metrics: d.metrics.registry,
    snapshot: () => d.state.current,
    reloadState: () => d.state.reload(),
    sendAlert: (alert) => sendPluginAlert(d, plugin.name, log, clock, alert),
    staticMap: (request: PluginStaticMap) =>
      d.enricher.templateMap?.({ location: request.location, template: request.template, variables: request.variables, eventId: `${request.reference}-${nextEventId()}` }) ?? Promise.resolve(''),
    translator: (language) => d.translator(language),
    sendText: (human, text, reference) => d.messages.sendText({ id: human.id, type: human.type, name: human.name, language: human.language }, text, reference),
  };
}

/** starts every alert plugin having `start`, in plugin order; a plugin that fails to start stops the start */
export async function startAlertPlugins(d: AlertPluginDeps): Promise<void> {
  for (const plugin of d.registry.alertPlugins) if (plugin.start) await plugin.start(runtimeFor(d, plugin));
}

/** stops them in reverse order; a failure is logged and the others still stop */
export async function stopAlertPlugins(plugins: readonly AnyAlertPlugin[], log: Logger): Promise<void> {
  for (const plugin of [...plugins].reverse()) {
    if (!plugin.stop) continue;
    try {
      await plugin.stop();
    } catch (err) {
      log.warn({ plugin: plugin.name, err: describeError(err) }, 'plugin stop failed');
    }
  }
}
