/**
 * A snapshot built for one alert plugin the way the app builds it: the plugin's table readers turn the active
 * rows into its typed rules, then its index is built over them.
 */
import type { Snapshot } from '../../core/model.ts';
import type { AnyAlertPlugin } from '../../core/contract.ts';
import { buildSnapshot, type RowReader, type SnapshotData } from '../../core/state/snapshot.ts';

export function pluginSnapshot(plugin: AnyAlertPlugin, data: SnapshotData, now = 0): Snapshot {
  const readers = new Map<string, RowReader>((plugin.trackingTables ?? []).flatMap((t) => (t.read ? [[t.table, t.read] as const] : [])));
  const indexers = plugin.buildIndex ? [{ plugin: plugin.name, build: (s: Snapshot) => plugin.buildIndex!(s) }] : [];
  return buildSnapshot(data, 1, indexers, now, readers);
}
