/**
 * Whether and how the scanner database is opened at start. `[database.scanner]` is opened only when a feature reads
 * it — `[general] populate_stop_name` or `[geocoding] include_stops` (with the tileservercache static provider) — so
 * the keys' defaults never make a connection for an installation without a scanner database. It is probed in the
 * background: an unreachable server is a warning, never a failed start.
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

/** The scanner database when a feature reads it (probed in the background), else null. */
export function openScannerDb(config: Config, log: Logger, metrics?: Metrics): ScannerDb | null {
  const dbLog = log.child({ part: 'scanner-db' });
  if (config.geocoding.include_stops && config.geocoding.static_provider !== 'tileservercache') {
    dbLog.warn({ key: 'geocoding.include_stops', static_provider: config.geocoding.static_provider }, 'include_stops only applies to the tileservercache static provider; ignored');
  }
  const uses = scannerDbUses(config);
  if (!uses.names && !uses.staticMapStops) {
    dbLog.debug('scanner database not opened: neither [general] populate_stop_name nor [geocoding] include_stops reads it');
    return null;
  }
  const scanner = config.database.scanner;
  dbLog.info({ database: describeScannerDb(scanner), names: uses.names, staticMapStops: uses.staticMapStops }, 'opening the scanner database (read-only)');
  const db = new ScannerDb({ knex: createScannerKnex(scanner, dbLog), type: scanner.type, log: dbLog, metrics });
  void db.probe();
  return db;
}
