/**
 * Alert limits ([alert_limits]): how many messages one target may receive in a sliding window of
 * timing_period seconds, when it is told that it hit the limit (once per period) and when repeated hits stop
 * it. Pure bookkeeping over an injected clock; the delivery queue asks it when a message is about to be sent.
 */
import type { AlertLimitsConfig } from '../config/index.ts';

export interface LimitSettings {
  readonly periodMs: number;
  /** messages per period for a user target; 0 = no limit */
  readonly dmLimit: number;
  /** messages per period for any other target (channel, group, thread, webhook); 0 = no limit */
  readonly channelLimit: number;
  /** hits that stop the target; 0 = never stopped */
  readonly maxHitsBeforeStop: number;
  /** hits older than this no longer count towards the stop (the previous generation used 24 hours) */
  readonly hitWindowMs: number;
  /** per-target limits, by target id or by target (webhook) name */
  readonly overrides: ReadonlyMap<string, number>;
}

/** Who is limited: the fields of a delivery target the limits depend on. */
export interface LimitTarget {
  readonly id: string;
  readonly type: string;
  readonly name: string;
}

export type LimitVerdict =
  | { readonly allowed: true }
  | {
      readonly allowed: false;
      /** the limit that was hit, and the period it applies to */
      readonly limit: number;
      readonly periodSeconds: number;
      /** true for the first refusal of a period: the target is told (and the hit is counted) */
      readonly notify: boolean;
      /** hits counted within the hit window, this one included */
      readonly hits: number;
      /** true when this hit reaches max_limits_before_stop: the target is to be stopped */
      readonly stop: boolean;
    };

export interface AlertLimiter {
  /** decides whether one more message may go to `target` now, and records it when it may */
  check(target: LimitTarget): LimitVerdict;
}

export const DEFAULT_HIT_WINDOW_MS = 24 * 60 * 60 * 1000;

/** checks between sweeps of targets whose bookkeeping has run empty */
const SWEEP_EVERY = 1000;

export function limitSettingsFrom(config: AlertLimitsConfig, hitWindowMs: number = DEFAULT_HIT_WINDOW_MS): LimitSettings {
  return {
    periodMs: config.timing_period * 1000,
    dmLimit: config.dm_limit,
    channelLimit: config.channel_limit,
    maxHitsBeforeStop: config.max_limits_before_stop,
    hitWindowMs,
    overrides: new Map(config.overrides.map((o) => [o.target, o.limit])),
  };
}

/** A user gets the DM limit; every other kind of target (channel, group, thread, webhook) the channel limit. */
export function isUserTarget(type: string): boolean {
  return type.endsWith(':user');
}

/** The limit of one target: an override for its id, else one for its name, else by kind. 0 = unlimited. */
export function limitFor(target: LimitTarget, settings: LimitSettings): number {
  const override = settings.overrides.get(target.id) ?? settings.overrides.get(target.name);
  if (override !== undefined) return override;
  return isUserTarget(target.type) ? settings.dmLimit : settings.channelLimit;
}

interface TargetLimitState {
  /** times of the messages let through within the current window, oldest first */
  sent: number[];
  /** refusals before this time are not told again and not counted as another hit */
  quietUntil: number;
  /** times of the hits within the hit window, oldest first */
  hits: number[];
}

function dropBefore(times: number[], cutoff: number): void {
  let stale = 0;
  while (stale < times.length && (times[stale] as number) <= cutoff) stale++;
  if (stale > 0) times.splice(0, stale);
}

export function createAlertLimiter(settings: LimitSettings, now: () => number): AlertLimiter {
  const states = new Map<string, TargetLimitState>();
  let checks = 0;

  const sweep = (at: number): void => {
    for (const [key, state] of states) {
      dropBefore(state.sent, at - settings.periodMs);
      dropBefore(state.hits, at - settings.hitWindowMs);
      if (state.sent.length === 0 && state.hits.length === 0 && state.quietUntil <= at) states.delete(key);
    }
  };

  const refuse = (state: TargetLimitState, at: number, limit: number): LimitVerdict => {
    const periodSeconds = settings.periodMs / 1000;
    dropBefore(state.hits, at - settings.hitWindowMs);
    if (at < state.quietUntil) return { allowed: false, limit, periodSeconds, notify: false, hits: state.hits.length, stop: false };
    state.quietUntil = at + settings.periodMs;
    state.hits.push(at);
    const hits = state.hits.length;
    const stop = settings.maxHitsBeforeStop > 0 && hits >= settings.maxHitsBeforeStop;
    // a stopped target that is started again begins with a clean record
    if (stop) state.hits = [];
    return { allowed: false, limit, periodSeconds, notify: true, hits, stop };
  };

  return {
    check(target) {
      const limit = limitFor(target, settings);
      if (limit <= 0) return { allowed: true };
      const at = now();
      if (++checks % SWEEP_EVERY === 0) sweep(at);
      const key = `${target.type}\u0000${target.id}`;
      let state = states.get(key);
      if (!state) {
        state = { sent: [], quietUntil: 0, hits: [] };
        states.set(key, state);
      }
      dropBefore(state.sent, at - settings.periodMs);
      if (state.sent.length < limit) {
        state.sent.push(at);
        return { allowed: true };
      }
      return refuse(state, at, limit);
    },
  };
}
