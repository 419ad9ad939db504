/**
 * PoracleJS local.json → the table config.toml is written from, as a pure function.
 *
 * Only what local.json says is carried over; every other key keeps Lookout's default — except the few PoracleJS
 * defaults that differ from Lookout's in a way that changes what the service does (the listening interface, the
 * database login, the geofence file, Discord being on, PVP's source): those are applied when local.json is silent
 * and reported as such. Keys are mapped by KEY_RULES; anything else is reported, never dropped silently.
 */
import { isTable, type Table } from '../config/values.ts';
import { KEY_RULES } from './key-map.ts';
import { combine, type FileCopy, type Outcome } from './outcome.ts';
import type { Note } from './report.ts';

export interface Conversion {
  /** the Lookout configuration (dotted keys already nested), before validation */
  readonly table: Table;
  readonly notes: readonly Note[];
  /** geofence files to copy (`from` as PoracleJS named it, relative to its folder) */
  readonly copies: readonly FileCopy[];
  /** each written Lookout key → the PoracleJS key it came from */
  readonly sources: ReadonlyMap<string, string>;
}

interface PoracleDefault {
  readonly key: string;
  readonly value: unknown;
  readonly why: string;
  /** applied only when this holds for local.json */
  readonly when?: (local: Table) => boolean;
}

function valueAt(root: Table, key: string): unknown {
  let node: unknown = root;
  for (const part of key.split('.')) {
    if (!isTable(node) || !Object.hasOwn(node, part)) return undefined;
    node = node[part];
  }
  return node;
}

function scannerUsed(local: Table): boolean {
  const type = valueAt(local, 'database.scannerType');
  return typeof type === 'string' && ['golbat', 'rdm'].includes(type.trim().toLowerCase());
}

function discordTokenGiven(local: Table): boolean {
  const token = valueAt(local, 'discord.token');
  const tokens = Array.isArray(token) ? token : [token];
  return tokens.some((t) => typeof t === 'string' && t.trim() !== '');
}

/** PoracleJS's defaults (config/default.json) that differ from Lookout's where it matters. */
export const PORACLE_DEFAULTS: readonly PoracleDefault[] = [
  { key: 'server.host', value: '127.0.0.1', why: 'PoracleJS listened on 127.0.0.1 unless told otherwise; Lookout\'s default is 0.0.0.0' },
  { key: 'database.conn.user', value: 'poracleuser', why: 'PoracleJS\'s default database user' },
  { key: 'database.conn.password', value: 'poraclepassword', why: 'PoracleJS\'s default database password' },
  { key: 'database.conn.database', value: 'poracle', why: 'PoracleJS\'s default database name' },
  { key: 'database.scanner.user', value: 'scanneruser', why: 'PoracleJS\'s default scanner database user', when: scannerUsed },
  { key: 'database.scanner.password', value: 'scannerpassword', why: 'PoracleJS\'s default scanner database password', when: scannerUsed },
  { key: 'database.scanner.database', value: 'scannerdb', why: 'PoracleJS\'s default scanner database name', when: scannerUsed },
  { key: 'geofence.path', value: './config/geofence.json', why: 'PoracleJS\'s default geofence file' },
  { key: 'discord.enabled', value: true, why: 'Discord was on in PoracleJS unless disabled; Lookout\'s default is off', when: discordTokenGiven },
  { key: 'pvp.dataSource', value: 'internal', why: 'PoracleJS computed PVP ranks itself unless told to read the webhook\'s' },
];

function setAt(root: Table, key: string, value: unknown): void {
  const parts = key.split('.');
  let node = root;
  for (const part of parts.slice(0, -1)) {
    const next = node[part];
    if (isTable(next)) node = next;
    else {
      const created: Table = {};
      node[part] = created;
      node = created;
    }
  }
  node[parts[parts.length - 1]!] = value;
}

/** local.json with PoracleJS's relevant defaults filled in where it is silent, and a note for each. */
export function withPoracleDefaults(local: Table): { readonly local: Table; readonly notes: readonly Note[] } {
  const filled = structuredClone(local);
  const notes: Note[] = [];
  for (const d of PORACLE_DEFAULTS) {
    if (valueAt(local, d.key) !== undefined || (d.when !== undefined && !d.when(local))) continue;
    setAt(filled, d.key, d.value);
    notes.push({ kind: 'default applied', key: d.key, detail: `${JSON.stringify(d.value)}: ${d.why}` });
  }
  return { local: filled, notes };
}

function walk(value: unknown, key: string): Outcome[] {
  const rule = KEY_RULES[key];
  if (rule !== undefined) {
    const outcome = rule(value, key);
    return [{ ...outcome, placements: outcome.placements.map((p) => ({ ...p, from: key })) }];
  }
  if (isTable(value)) return Object.entries(value).flatMap(([child, v]) => walk(v, key === '' ? child : `${key}.${child}`));
  return [{ placements: [], notes: [{ kind: 'no equivalent', key, detail: 'not a PoracleJS key this converter knows (misspelt, or from another release)' }] }];
}

/** Converts a parsed local.json. */
export function convertPoracleConfig(local: Table): Conversion {
  const defaults = withPoracleDefaults(local);
  const outcome = combine(walk(defaults.local, ''));
  const table: Table = {};
  const notes: Note[] = [...defaults.notes, ...outcome.notes];
  const writtenBy = new Map<string, string>();
  for (const placement of outcome.placements) {
    const first = writtenBy.get(placement.to);
    if (first !== undefined) {
      notes.push({ kind: 'value refused', key: placement.from ?? placement.to, to: placement.to, detail: `${placement.to} is already written from ${first}; this value is not used` });
      continue;
    }
    writtenBy.set(placement.to, placement.from ?? placement.to);
    setAt(table, placement.to, placement.value);
  }
  return { table, notes, copies: outcome.copies ?? [], sources: writtenBy };
}
