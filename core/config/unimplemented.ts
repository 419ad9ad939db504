/**
 * Keys the file may set that do nothing, named so the start says so instead of accepting them silently: keys of
 * features not built yet (`unimplemented`: documented with their default, which is what the service does; warned
 * about when the file gives another value) and keys kept only so older files load (`ignored`: not documented;
 * warned about whenever the file sets them). The core's keys are listed here; a plugin lists its own in its config
 * spec (`definePluginConfig({ unimplemented })`). test/core/config/example-keys.test.ts fails when a listed key is
 * read by code (take it off the list when its feature lands) and when config.example.toml documents a key that no
 * code reads and no list names.
 */
import type { ConfigPath } from './types.ts';
import { isTable, type Table } from './values.ts';

export interface UnimplementedKey {
  readonly status: 'unimplemented' | 'ignored';
  /** why it does nothing, and where the work is tracked; the warning quotes it */
  readonly reason: string;
}

/** Dotted key (or table) → why it does nothing. */
export type UnimplementedKeys = Readonly<Record<string, UnimplementedKey>>;

/** The core's keys that do nothing; a table's entry covers every key under it. */
export const CORE_UNIMPLEMENTED_KEYS: { readonly [P in ConfigPath]?: UnimplementedKey } = {
  'general.environment': { status: 'ignored', reason: 'nothing depends on it (the previous generation did not read it either)' },
  'tuning.worker_pool_size': {
    status: 'ignored',
    reason: 'one pool of [tuning] concurrent_matched_processors workers matches, enriches and renders the webhooks; set that instead',
  },
  'tuning.batch_size': { status: 'ignored', reason: 'webhooks are queued item by item as each request arrives, never in batches' },
  'tuning.flush_interval_millis': { status: 'ignored', reason: 'webhooks are queued item by item as each request arrives: there is no batch to flush' },
};

function valueAt(root: unknown, path: readonly string[]): unknown {
  let node = root;
  for (const key of path) {
    if (!isTable(node) || !Object.hasOwn(node, key)) return undefined;
    node = node[key];
  }
  return node;
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The dotted keys under `path` the file sets (the key itself when it is no table). */
function givenLeaves(given: unknown, path: string): string[] {
  if (!isTable(given)) return [path];
  return Object.entries(given).flatMap(([key, value]) => givenLeaves(value, `${path}.${key}`));
}

/**
 * One warning per listed key (or table) the file sets: `given` is the file as written (legacy spellings already
 * rewritten), `merged` the validated tree and `defaults` the schema's defaults. An `unimplemented` key counts as set
 * only when its validated value differs from the default; an `ignored` one whenever the file writes it.
 */
export function unimplementedWarnings(given: Table, merged: Table, defaults: object, keys: UnimplementedKeys, file: string): string[] {
  const warnings: string[] = [];
  for (const [path, { status, reason }] of Object.entries(keys)) {
    const segments = path.split('.');
    const written = valueAt(given, segments);
    if (written === undefined || valueAt(defaults, segments) === undefined) continue;
    const set = givenLeaves(written, path).filter((leaf) => {
      const at = leaf.split('.');
      return status === 'ignored' || !sameValue(valueAt(merged, at), valueAt(defaults, at));
    });
    if (set.length === 0) continue;
    const named = isTable(written) ? `[${path}] (${set.map((leaf) => leaf.slice(path.length + 1)).join(', ')})` : path;
    warnings.push(status === 'ignored' ? `${file}: ${named} ignored: ${reason}` : `${file}: ${named} is set but does nothing yet: ${reason}`);
  }
  return warnings;
}
