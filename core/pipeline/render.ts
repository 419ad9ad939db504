/**
 * Rendering one recipient's message is the core's work (the DTS engine), not the plugin's: a template that fails
 * to render is counted against the core (`lookout_core_errors_total{part="renderer"}`) and as an alert dropped
 * for that reason (`lookout_deliveries_dropped_total{platform, reason="render_failed"}`), and logged with the
 * event id, alert type, template and target. It never stops the other recipients.
 */
import type { RenderedMessage } from '../model.ts';
import type { EventMeta } from '../contract.ts';
import { loggableTargetId } from '../delivery/redact.ts';
import { describeError } from '../errors.ts';
import type { Logger } from '../log/logger.ts';
import type { Metrics } from '../metrics/metrics.ts';

/** What one render was for: enough to find the template and the recipient from the log line. */
export interface RenderScope {
  readonly meta: EventMeta;
  /** the plugin whose event it is (a log field only: the failure is not counted against it) */
  readonly plugin: string;
  readonly alertType: string;
  /** the platform plugin delivering it and the DTS platform rendered */
  readonly platform: string;
  readonly templatePlatform: string;
  readonly language: string;
  readonly templateId: string | null;
  readonly targetId: string;
}

/** Counts and logs a render that threw; the caller drops that recipient's alert. Only called on failure, so a
 * render that works costs nothing here. */
export function renderFailed(scope: RenderScope, deps: { readonly log: Logger; readonly metrics: Metrics }, err: unknown): void {
  const { meta, plugin, alertType, platform, templatePlatform, language, templateId, targetId } = scope;
  const context = { eventId: meta.eventId, webhookType: meta.webhookType, plugin, alertType, platform, templatePlatform, language, templateId, target: loggableTargetId(targetId) };
  deps.metrics.coreErrors.inc({ part: 'renderer' });
  deps.metrics.deliveriesDropped.inc({ platform, reason: 'render_failed' });
  deps.log.warn({ ...context, err: describeError(err), stack: err instanceof Error ? err.stack : undefined }, 'render failed; alert not sent');
}
