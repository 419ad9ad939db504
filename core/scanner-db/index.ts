/**
 * The scanner database ([database.scanner]): read-only, cached, time-bounded lookups of fort names and nearby forts;
 * see docs/configuration.md ("The scanner database").
 */
export { openScannerDb, scannerDbUses, type ScannerDbUses } from './open.ts';
export { ScannerDb, DEFAULT_BOUND_MS, SEARCH_BOUND_MS, type ScannerDbOptions } from './scanner-db.ts';
export { fortName, lacksName, missingFortName } from './fort-name.ts';
export { frameBox, radiusBox } from './area.ts';
export type { FortKind, FoundGym, GymSearch, LatLonBox, LookupOutcome, LookupQuery, NearbyFort, NearbyKind, ScannerDbLookup } from './types.ts';
