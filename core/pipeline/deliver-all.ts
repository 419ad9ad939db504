/**
 * The deliver step of the pipeline: each matched recipient's message is rendered (event-renders.ts), shortened when
 * it asks for it, and handed to the dispatcher for the platform serving the recipient, one recipient after the other,
 * so the first messages go out while the rest render. A delivery the journal holds as finished is not sent again.
 */
import type { RenderedMessage } from '../model.ts';
import type { AnyAlertPlugin, DeliveryJob, EditKey, EventMeta, HookContext, Match, Renderer, View } from '../contract.ts';
import type { Dispatcher } from '../delivery/dispatcher.ts';
import { EDIT_IN_PLACE } from '../delivery/follow-ups.ts';
import { loggableTargetId } from '../delivery/redact.ts';
import { needsShortening, shortenMessage, type EventPlace } from '../enrich/layers.ts';
import type { WorkTicket } from '../journal/types.ts';
import type { Logger } from '../log/logger.ts';
import type { PluginRegistry } from '../registry.ts';
import { EventRenders, type RenderOptions } from './event-renders.ts';
import type { EventHistory } from '../explain/event-history.ts';

export interface DeliverOptions extends RenderOptions {
  readonly registry: PluginRegistry;
  readonly renderer: Renderer | null;
  readonly dispatcher: Dispatcher;
  readonly log: Logger;
  /**
   * whose jobs carry the event's editKey (AlertPlugin.editKey) for edits in place and reply chains: nobody (the
   * sent-message memory is off; the default), recipients whose rule has the `edit` bit, or everyone (reply chains)
   */
  readonly editKeysFor?: EditKeysFor;
  /** whether `target` was sent a message about `key` that is remembered (an editKey's followUpAlertType applies) */
  readonly hasEarlier?: (key: string, target: { readonly id: string; readonly type: string }) => boolean;
  /** the explain history: told of the alerts not handed to a platform (none served the target, the render failed) */
  readonly history?: EventHistory;
}

export type EditKeysFor = 'nobody' | 'edit-rules' | 'everyone';

/** what the dispatcher is handed for one recipient */
function jobFor(match: Match, message: RenderedMessage, meta: EventMeta, expiresAt: number | null, place: EventPlace | null, editKey: EditKey | null): DeliveryJob {
  return {
    target: { id: match.human.id, type: match.human.type, name: match.human.name, language: match.human.language },
    message,
    meta,
    alertType: match.alertType,
    templateId: match.templateId,
    ping: match.ping,
    clean: match.clean,
    expiresAt,
    ...(place ? { location: place.location } : {}),
    ...(editKey ? { editKey } : {}),
  };
}

/**
 * The match as rendered: with the editKey's followUpAlertType when the message will follow up the recipient's earlier
 * one as a reply (its rule does not edit, and an earlier message is remembered).
 */
function followUpOf(o: DeliverOptions, match: Match, editKey: EditKey): Match {
  const alertType = editKey.followUpAlertType;
  if (!alertType || (match.clean & EDIT_IN_PLACE) !== 0 || !o.hasEarlier?.(editKey.key, match.human)) return match;
  return { ...match, alertType };
}

/** Whether a recipient's job carries the event's editKey: an `edit` rule, or anyone with reply chains on. */
function wantsEditKey(mode: EditKeysFor, match: Match): boolean {
  return mode === 'everyone' || (mode === 'edit-rules' && (match.clean & EDIT_IN_PLACE) !== 0);
}

/**
 * The event's editKey, asked of the plugin at most once per event and only when a recipient wants it
 * (wantsEditKey): while no rule has the `edit` bit and reply chains are off, a delivery pays one bit check.
 */
function editKeyOf(o: DeliverOptions, plugin: AnyAlertPlugin, event: unknown, ctx: HookContext): EditKey | null {
  const result = o.hooks.call(plugin.name, 'editKey', ctx.meta, () => plugin.editKey!(event));
  const key = result.ok ? result.value : null;
  // a plugin that always follows up replies whatever [tracking] reply_chains says
  return key && plugin.repliesToEarlier === true && key.reply !== true ? { ...key, reply: true } : key;
}

/** whose jobs carry the plugin's editKey: nobody without the sent-message memory, everyone for a plugin that `repliesToEarlier` */
function editKeysModeOf(o: DeliverOptions, plugin: AnyAlertPlugin): EditKeysFor {
  const mode = o.editKeysFor ?? 'nobody';
  if (mode === 'nobody' || !plugin.editKey) return 'nobody';
  return plugin.repliesToEarlier === true ? 'everyone' : mode;
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
  const editKeysFor = editKeysModeOf(o, plugin);
  let editKeyAsked = false;
  let eventEditKey: EditKey | null = null;
  for (const match of matches) {
    // a delivery that finished before a restart is not sent again
    const key = ticket ? `${plugin.name}:${match.human.id}` : '';
    if (ticket?.finished(key)) continue;
    const platform = registry.platformForTarget(match.human.type);
    if (!platform || !renders) {
      o.metrics.deliveriesDropped.inc({ platform: platform?.name ?? 'none', reason: 'unserved' });
      log.warn({ eventId: ctx.meta.eventId, target: loggableTargetId(match.human.id), targetType: match.human.type, renderer: Boolean(renderer), dropReason: 'unserved' }, 'no platform or renderer for this target; alert not sent');
      o.history?.outcome(plugin.name, ctx.meta.eventId, match.human.id, { kind: 'dropped', reason: 'unserved', platform: platform?.name ?? '', at: ctx.now() });
      continue;
    }
    let editKey: EditKey | null = null;
    if (editKeysFor !== 'nobody' && wantsEditKey(editKeysFor, match)) {
      if (!editKeyAsked) {
        editKeyAsked = true;
        eventEditKey = editKeyOf(o, plugin, event, ctx);
      }
      editKey = eventEditKey;
    }
    const shown = editKey ? followUpOf(o, match, editKey) : match;
    const rendered = renders.render(shown, platform);
    if (rendered === null) {
      o.history?.outcome(plugin.name, ctx.meta.eventId, match.human.id, { kind: 'dropped', reason: 'render_failed', platform: platform.name, at: ctx.now() });
      continue;
    }
    const message = enricher && needsShortening(rendered) ? await shortenMessage(enricher, rendered) : rendered;
    await o.dispatcher.dispatch(jobFor(shown, message, ctx.meta, expiresAt, place, editKey), platform, ticket?.receipt(key));
  }
}
