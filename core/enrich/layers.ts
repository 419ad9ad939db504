/**
 * How the pipeline uses the common enricher: the event's common variables go UNDER the plugin's (plugin
 * variables win), and a rendered message whose strings (its buttons' too) carry shortlink markers is shortened
 * before dispatch. A failing enricher never loses the alert: the plugin's view is used alone.
 */
import type { RenderedMessage } from '../model.ts';
import type { EventLocation, View } from '../contract.ts';
import type { Fence } from '../geo/index.ts';
import type { Logger } from '../log/logger.ts';
import { withFallbacks } from '../pipeline/view.ts';
import { bodyHasMarker, shortenBody } from './shortlink/marker.ts';
import type { CommonEnricher } from './types.ts';

/** Where a located event is and the fences it lies in. */
export interface EventPlace {
  readonly location: EventLocation;
  readonly fences: readonly Fence[];
}

export interface CommonLayerInput {
  readonly place: EventPlace;
  readonly expiresAt: number | null;
  readonly alertType: string;
  readonly eventId: string;
}

/** The plugin's view over the common variables of the event (the plugin's win; its view is not copied). */
export async function withCommonVariables(enricher: CommonEnricher, pluginView: View, input: CommonLayerInput, log: Logger): Promise<View> {
  try {
    const common = await enricher.eventView({ location: input.place.location, fences: input.place.fences, expiresAt: input.expiresAt, alertType: input.alertType, pluginView, eventId: input.eventId });
    return withFallbacks(pluginView, common);
  } catch (err) {
    log.warn({ eventId: input.eventId, err: err instanceof Error ? err.message : String(err) }, 'common variables failed; using the plugin variables alone');
    return pluginView;
  }
}

/** True when the message must go through `shortenMessage` first (checked synchronously to keep streaming). */
export function needsShortening(message: RenderedMessage): boolean {
  return bodyHasMarker(message.body) || (message.buttons !== undefined && bodyHasMarker(message.buttons));
}

/** The message with every marked URL shortened: in the body and in its buttons' urls. */
export async function shortenMessage(enricher: CommonEnricher, message: RenderedMessage): Promise<RenderedMessage> {
  const shorten = (text: string): Promise<string> => enricher.shortenMarked(text);
  const body = await shortenBody(message.body, shorten);
  if (message.buttons === undefined) return { ...message, body };
  return { ...message, body, buttons: await shortenBody(message.buttons, shorten) };
}
