/**
 * Where [alert_limits] shame_channel reports a stopped target, as a pure function. The setting is a bare id,
 * so its target type is worked out: (1) when the id is a registered human, its own type (and the platform
 * serving that type); otherwise (2) a platform that serves a `…:channel` target type, preferring one that
 * renders the same templates (`templatePlatform`) as the platform of the stopped target, else the first such
 * platform in registration order. Null when neither applies (the report is skipped).
 */
import type { DeliveryJob, PlatformPlugin } from '../contract.ts';

export type ShameTarget = DeliveryJob['target'];

/** Where one report goes: the target and the platform delivering to it. */
export interface ShameDestination {
  readonly target: ShameTarget;
  readonly platform: PlatformPlugin;
}

export interface ShameLookups {
  /** every platform plugin, in registration order */
  readonly platforms: readonly PlatformPlugin[];
  /** the platform serving a humans.type */
  readonly platformForTarget: (targetType: string) => PlatformPlugin | undefined;
  /** the humans.type of a registered human, undefined when the id is not registered */
  readonly registeredType: (id: string) => string | undefined;
}

const CHANNEL_SUFFIX = ':channel';

const SHAME_NAME = 'shame channel';

function channelTypeOf(platform: PlatformPlugin): string | undefined {
  return platform.targetTypes.find((type) => type.endsWith(CHANNEL_SUFFIX));
}

function destination(id: string, type: string, platform: PlatformPlugin): ShameDestination {
  return { target: { id, type, name: SHAME_NAME, language: null }, platform };
}

/**
 * The destination of a report about a target stopped on `stoppedPlatform` (omit it to ask whether any
 * destination could exist, e.g. at start).
 */
export function resolveShameChannel(id: string, lookups: ShameLookups, stoppedPlatform?: PlatformPlugin): ShameDestination | null {
  const registered = lookups.registeredType(id);
  const ownPlatform = registered === undefined ? undefined : lookups.platformForTarget(registered);
  if (registered !== undefined && ownPlatform) return destination(id, registered, ownPlatform);

  const withChannels = lookups.platforms.filter((p) => channelTypeOf(p) !== undefined);
  const sameTemplates = stoppedPlatform ? withChannels.find((p) => p.templatePlatform === stoppedPlatform.templatePlatform) : undefined;
  const chosen = sameTemplates ?? withChannels[0];
  return chosen ? destination(id, channelTypeOf(chosen)!, chosen) : null;
}
