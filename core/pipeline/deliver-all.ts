/**
 * The deliver step of the pipeline: each matched recipient's message is rendered (event-renders.ts), shortened when
 * it asks for it, and handed to the dispatcher for the platform serving the recipient, one recipient after the other,
 * so the first messages go out while the rest render. A delivery the journal holds as finished is not sent again.
 */
import type { RenderedMessage } from '../model.ts';
import type { AnyAlertPlugin, DeliveryJob, EventMeta, HookContext, Match, Renderer, View } from '../contract.ts';
import type { Dispatcher } from '../delivery/dispatcher.ts';
import { loggableTargetId } from '../delivery/redact.ts';
import { needsShortening, shortenMessage, type EventPlace } from '../enrich/layers.ts';
import type { WorkTicket } from '../journal/types.ts';
import type { Logger } from '../log/logger.ts';
import type { PluginRegistry } from '../registry.ts';
import { EventRenders, type RenderOptions } from './event-renders.ts';

export interface DeliverOptions extends RenderOptions {
  readonly registry: PluginRegistry;
  readonly renderer: Renderer | null;
  readonly dispatcher: Dispatcher;
  readonly log: Logger;
}

/** what the dispatcher is handed for one recipient */
function jobFor(match: Match, message: RenderedMessage, meta: EventMeta, expiresAt: number | null, place: EventPlace | null): DeliveryJob {
  return {
    target: { id: match.human.id, type: match.human.type, name: match.human.name, language: match.human.language },
    message,
    meta,
    alertType: match.alertType,
    ping: match.ping,
    clean: match.clean,
    expiresAt,
    ...(place ? { location: place.location } : {}),
  };
}

export async function deliverAll(
  o: DeliverOptions,
  plugin: AnyAlertPlugin,
  event: unknown,
  base: View,
  matches: readonly Match[],
  ctx: HookContext,
  expiresAt: number | null,
  place: EventPlace | null,
  ticket: WorkTicket | undefined,
): Promise<void> {
  const { registry, renderer, log, enricher } = o;
  const renders = renderer ? new EventRenders(o, renderer, plugin, event, base, ctx, place, matches.length) : null;
  for (const match of matches) {
    // a delivery that finished before a restart is not sent again
    const key = ticket ? `${plugin.name}:${match.human.id}` : '';
    if (ticket?.finished(key)) continue;
    const platform = registry.platformForTarget(match.human.type);
    if (!platform || !renders) {
      log.warn({ eventId: ctx.meta.eventId, target: loggableTargetId(match.human.id), targetType: match.human.type, renderer: Boolean(renderer) }, 'no platform or renderer for this target; alert not sent');
      continue;
    }
    const rendered = renders.render(match, platform);
    if (rendered === null) continue;
    const message = enricher && needsShortening(rendered) ? await shortenMessage(enricher, rendered) : rendered;
    await o.dispatcher.dispatch(jobFor(match, message, ctx.meta, expiresAt, place), platform, ticket?.receipt(key));
  }
}
