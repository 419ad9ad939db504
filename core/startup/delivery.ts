/**
 * Start-up step: the delivery core (queue, alert limits, fails bookkeeping, clean-ups) unless a dispatcher is given
 * (tests), and the messenger that sends messages that are not alerts through it.
 */
import { createDirectMessenger, type DirectMessenger } from '../delivery/direct.ts';
import type { Dispatcher } from '../delivery/dispatcher.ts';
import { createDeliveryService, type DeliveryService } from '../delivery/service.ts';
import { settlingOnDispatch } from '../delivery/settling-dispatcher.ts';
import type { Journal } from '../journal/types.ts';
import type { DeliveryWatch } from '../delivery/queue-report.ts';
import type { Stores } from '../state/watched-stores.ts';
import type { StartedCore } from './basics.ts';
import type { Replies } from './replies.ts';

export interface DeliverySetup extends StartedCore {
  readonly stores: Stores;
  readonly replies: Replies;
  readonly journal: Journal | null;
  /** replaces the delivery queue (tests) */
  readonly dispatcher: Dispatcher | undefined;
  /** told what became of each alert (the explain history); null = nobody */
  readonly watch?: DeliveryWatch | null;
}

export interface WiredDelivery {
  /** null when a dispatcher was given */
  readonly delivery: DeliveryService | null;
  readonly dispatcher: Dispatcher;
  readonly messages: DirectMessenger;
}

export function wireDelivery(s: DeliverySetup): WiredDelivery {
  const { config, log, registry, state } = s;
  const delivery = s.dispatcher
    ? null
    : createDeliveryService({
        log: log.child({ part: 'delivery' }),
        metrics: s.metrics,
        rootDir: s.rootDir,
        limits: config.alert_limits,
        capacity: config.tuning.matched_max_queue_size,
        minimumTimeLeftMs: config.general.alert_minimum_time * 1000,
        platforms: registry.platforms,
        platformForTarget: (type) => registry.platformForTarget(type),
        registeredType: (id) => state.current.humans.get(id)?.type,
        humans: s.stores.humans,
        failsInSnapshot: (id) => state.current.humans.get(id)?.fails,
        translator: s.replies.translator,
        stopGraceMs: config.tuning.stop_grace_secs * 1000,
        maintenance: config.general.maintenance,
        sentMemory: config.tuning.sent_message_memory,
        replyChains: config.tracking.reply_chains,
        ...(s.watch ? { watch: s.watch } : {}),
      });
  if (s.dispatcher && config.general.maintenance) log.warn('[general] maintenance has no effect: the delivery queue is replaced');
  const dispatcher = s.dispatcher ? settlingOnDispatch(s.dispatcher) : delivery!.dispatcher;
  const messages = createDirectMessenger({
    dispatcher,
    platformForTarget: (type) => registry.platformForTarget(type),
    log: log.child({ part: 'messages' }),
    ...(s.journal ? { journal: s.journal } : {}),
  });
  return { delivery, dispatcher, messages };
}
