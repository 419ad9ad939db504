/**
 * How the scanner database is opened at start. The connection is lazy (no connection before the first query). When
 * an alert feature reads it — `[general] populate_stop_name` or `[geocoding] include_stops` (with the tileservercache
 * static provider) — it is probed at start in the background: an unreachable server is a warning, never a failed
 * start. Otherwise it is first asked when a command names a gym (`gym:<id or name>`), so the keys' defaults never make
 * a connection for an installation that neither reads it nor looks gyms up.
 */
import type { Config } from '../config/index.ts';
import type { Logger } from '../log/logger.ts';
import type { Metrics } from '../metrics/metrics.ts';
import { createScannerKnex, describeScannerDb } from './connect.ts';
import { ScannerDb } from './scanner-db.ts';

/** The features that read the scanner database, as configured. */
export interface ScannerDbUses {
  /** fill in stop, gym and station names a webhook lacks */
  readonly names: boolean;
  /** send nearby stops and gyms to the tile server's static map templates */
  readonly staticMapStops: boolean;
}

export function scannerDbUses(config: Config): ScannerDbUses {
  return {
    names: config.general.populate_stop_name,
    staticMapStops: config.geocoding.include_stops && config.geocoding.static_provider === 'tileservercache',
  };
}

/** The scanner database: probed in the background when an alert feature reads it, else left until a command asks. */
export function openScannerDb(config: Config, log: Logger, metrics?: Metrics): ScannerDb {
  const dbLog = log.child({ part: 'scanner-db' });
  if (config.geocoding.include_stops && config.geocoding.static_provider !== 'tileservercache') {
    dbLog.warn({ key: 'geocoding.include_stops', static_provider: config.geocoding.static_provider }, 'include_stops only applies to the tileservercache static provider; ignored');
  }
  const uses = scannerDbUses(config);
  const scanner = config.database.scanner;
  const db = new ScannerDb({ knex: createScannerKnex(scanner, dbLog), type: scanner.type, log: dbLog, metrics });
  if (!uses.names && !uses.staticMapStops) {
    dbLog.debug({ database: describeScannerDb(scanner) }, 'scanner database not probed: no alert feature reads it; asked only when a command names a gym');
    return db;
  }
  dbLog.info({ database: describeScannerDb(scanner), names: uses.names, staticMapStops: uses.staticMapStops }, 'opening the scanner database (read-only)');
  void db.probe();
  return db;
}
