/**
 * The one call an alert plugin makes to fill in a fort name its webhook lacked ([general] populate_stop_name):
 * `missingFortName(setup, 'pokestop', event.stopId, event.stopName)` — null when nothing is to be looked up, else
 * the name to wait for (`fortName` awaits it for callers that wait anyway). The name given is kept unless it is
 * blank or the scanners' "Unknown"; then the scanner database's name is used when it answers in time. With the
 * setting off or no scanner database, the given name comes back at once.
 */
import type { PluginSetup } from '../contract.ts';
import type { FortKind, ScannerDbLookup } from './types.ts';

/** what scanners send for a fort whose name they do not know */
const UNKNOWN_NAME = 'Unknown';

export function lacksName(name: string | null | undefined): boolean {
  return name === null || name === undefined || name.trim() === '' || name.trim() === UNKNOWN_NAME;
}

function lookupOf(db: ScannerDbLookup, kind: FortKind): (id: string) => Promise<string | null> {
  if (kind === 'gym') return (id) => db.gymName(id);
  if (kind === 'station') return (id) => db.stationName(id);
  return (id) => db.stopName(id);
}

/**
 * The name to wait for, or null when the webhook's name stays as it is (the setting off, no scanner database, a
 * name given): then the plugin neither waits nor copies its event — the hot path pays nothing.
 */
export function missingFortName(setup: Pick<PluginSetup, 'config' | 'services'>, kind: FortKind, id: string, given: string): Promise<string> | null {
  if (!lacksName(given) || !setup.config.general.populate_stop_name) return null;
  const db = setup.services.scannerDb?.();
  if (!db) return null;
  // the core's lookup never throws; another implementation's failure must not cost the alert either
  return lookupOf(db, kind)(id).then(
    (name) => name ?? given,
    () => given,
  );
}

/** The fort name to show: the webhook's, or the scanner database's when it lacked one (see missingFortName). */
export async function fortName(setup: Pick<PluginSetup, 'config' | 'services'>, kind: FortKind, id: string, given: string): Promise<string> {
  return (await missingFortName(setup, kind, id, given)) ?? given;
}
