/**
 * The tracking types of the API (`pokemon`, `raid`, …): a type name or alias → the table serving it, with a
 * 400 naming the known types for anything else.
 */
import { LookoutError } from '../../../errors.ts';
import { isSwitchedOff, type SwitchReader } from '../../../switches.ts';
import type { PluginRegistry } from '../../../registry.ts';
import type { ServedTable, TrackingApiDeps } from './deps.ts';

/** `type` as a client wrote it → the table serving it. */
export function servedTable(deps: TrackingApiDeps, type: unknown, field = 'type'): ServedTable {
  const tables = deps.tables();
  const name = typeof type === 'string' ? type.trim().toLowerCase() : '';
  const found = tables.find((t) => t.api.type === name || (t.api.aliases ?? []).includes(name));
  if (found) return found;
  const known = tables.map((t) => t.api.type).join(', ');
  if (name === '') throw new LookoutError('BAD_REQUEST', `${field} is required (one of ${known})`, { field });
  throw new LookoutError('BAD_REQUEST', `${field}: unknown tracking type "${String(type)}" (known: ${known})`, { field, type });
}

/** A served table that may be written: a switched-off alert type is refused. */
export function writableTable(deps: TrackingApiDeps, type: unknown, field = 'type'): ServedTable {
  const served = servedTable(deps, type, field);
  if (served.switchedOff) throw new LookoutError('BAD_REQUEST', `${field}: ${served.api.type} alerts are switched off on this server`, { field, type: served.api.type });
  return served;
}

/** The tables the registered plugins serve through the API, in `tracked` order (computed once; plugins are fixed). */
export function servedTables(registry: PluginRegistry, isOn: SwitchReader): ServedTable[] {
  const pluginOf = new Map(registry.alertPlugins.map((p) => [p.name, p]));
  return [...registry.trackingTables()]
    .sort((a, b) => (a.order ?? Infinity) - (b.order ?? Infinity))
    .flatMap((spec) => {
      const plugin = pluginOf.get(spec.plugin);
      if (!spec.api || !plugin) return [];
      const switchedOff = isSwitchedOff(plugin, isOn);
      return [{ table: spec.table, api: spec.api, alertTypes: spec.api.alertTypes ?? plugin.alertTypes, switchedOff }];
    });
}
