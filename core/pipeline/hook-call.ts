/**
 * Every plugin call goes through here: a throw becomes a PluginHookError naming the plugin, the hook and the
 * event, is counted and logged, and never escapes to stop other events. Hook names are typed: only the alert
 * plugin contract's function members (rendering is the core's and is counted apart: render.ts).
 */
import type { AnyAlertPlugin, EventMeta } from '../contract.ts';
import { PluginHookError } from '../errors.ts';
import type { Logger } from '../log/logger.ts';
import type { HookNames } from '../member-table.ts';
import type { Metrics } from '../metrics/metrics.ts';

/** The hooks of an alert plugin: the function members of AlertPlugin (core/contract.ts). */
export type AlertHookName = HookNames<AnyAlertPlugin>;

export type HookResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: PluginHookError };

export interface HookCaller {
  call<T>(plugin: string, hook: AlertHookName, meta: EventMeta | undefined, fn: () => T): HookResult<T>;
  callAsync<T>(plugin: string, hook: AlertHookName, meta: EventMeta | undefined, fn: () => T | Promise<T>): Promise<HookResult<T>>;
}

export function createHookCaller(log: Logger, metrics: Metrics): HookCaller {
  const fail = (plugin: string, hook: AlertHookName, meta: EventMeta | undefined, err: unknown): { ok: false; error: PluginHookError } => {
    const error = new PluginHookError(plugin, hook, meta?.eventId, err);
    metrics.pluginErrors.inc({ plugin, hook });
    log.warn({ plugin, hook, eventId: meta?.eventId, webhookType: meta?.webhookType, err: error.message, stack: err instanceof Error ? err.stack : undefined }, 'plugin hook failed');
    return { ok: false, error };
  };
  return {
    call(plugin, hook, meta, fn) {
      try {
        return { ok: true, value: fn() };
      } catch (err) {
        return fail(plugin, hook, meta, err);
      }
    },
    async callAsync(plugin, hook, meta, fn) {
      try {
        return { ok: true, value: await fn() };
      } catch (err) {
        return fail(plugin, hook, meta, err);
      }
    },
  };
}
