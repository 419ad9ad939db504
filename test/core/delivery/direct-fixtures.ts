/**
 * Fakes for the direct messenger's tests: a Dispatcher that records what it is handed (and can hold dispatches
 * back, as a full queue does), small platform plugins that deliver nothing, and a messenger over them.
 */
import type { DeliveryJob, PlatformPlugin } from '../../../core/contract.ts';
import { createDirectMessenger, type DirectMessenger } from '../../../core/delivery/direct.ts';
import type { Dispatcher } from '../../../core/delivery/dispatcher.ts';
import { captureLog, type CapturedLog } from '../../helpers/log-capture.ts';

export interface Dispatched {
  readonly job: DeliveryJob;
  readonly platform: PlatformPlugin;
}

export interface RecordingDispatcher extends Dispatcher {
  readonly dispatched: Dispatched[];
}

/** `gate`: every dispatch is accepted only once it resolves (a full queue); none = at once */
export function recordingDispatcher(gate?: Promise<void>): RecordingDispatcher {
  const dispatched: Dispatched[] = [];
  return {
    dispatched,
    dispatch(job, platform) {
      dispatched.push({ job, platform });
      return gate;
    },
    drain: async () => {},
  };
}

export function fakePlatform(name: string, targetTypes: readonly string[], templatePlatform: string): PlatformPlugin {
  return { kind: 'platform', name, targetTypes, templatePlatform, deliver: async () => ({ ok: true }) };
}

/** discord (bot) for discord:*, webhook for `webhook` (renders discord), telegram for telegram:* */
export const FAKE_PLATFORMS: readonly PlatformPlugin[] = [
  fakePlatform('discord', ['discord:user', 'discord:channel', 'discord:thread'], 'discord'),
  fakePlatform('webhook', ['webhook'], 'discord'),
  fakePlatform('telegram', ['telegram:user', 'telegram:group', 'telegram:channel', 'telegram:topic'], 'telegram'),
];

export interface MessengerRig {
  readonly messenger: DirectMessenger;
  readonly dispatcher: RecordingDispatcher;
  readonly captured: CapturedLog;
}

/** A messenger over the recording dispatcher and `platforms`, with a fixed clock. */
export function messengerRig(platforms: readonly PlatformPlugin[] = FAKE_PLATFORMS, now = 1_700_000_000_000, gate?: Promise<void>): MessengerRig {
  const dispatcher = recordingDispatcher(gate);
  const captured = captureLog('silly');
  const messenger = createDirectMessenger({
    dispatcher,
    platformForTarget: (type) => platforms.find((p) => p.targetTypes.includes(type)),
    log: captured.log,
    now: () => now,
  });
  return { messenger, dispatcher, captured };
}
