/**
 * Puts the converted table through the service's own loader (legacy spellings, enum aliases, every rule); the
 * table returned has the legacy spellings rewritten by the loader's own rules (core/config/aliases), so the file
 * written uses today's names (e.g. PoracleJS's imgUrlPokestop ends up as img_url_stop). A value
 * the loader refuses is taken out and reported against the PoracleJS key it came from, until the table loads;
 * the loader's warnings are reported too. The result is what the service will read.
 */
import { applyLegacy } from '../config/aliases/legacy.ts';
import { configFromObject, type PluginConfigSource } from '../config/index.ts';
import { sectionAliasesOf } from '../config/plugin-schema.ts';
import { isTable, type Table } from '../config/values.ts';
import { ConfigError } from '../errors.ts';
import type { Note } from './report.ts';

/** more refusals than this means the table is not what the converter thinks it is */
const MAX_REFUSALS = 100;

type Segment = string | number;

/** `a.b[2].c` → ['a', 'b', 2, 'c'] */
function segments(key: string): Segment[] {
  return key.split('.').flatMap((part) => {
    const m = /^(.*?)((?:\[\d+\])+)$/.exec(part);
    if (!m) return [part];
    const indexes = [...m[2]!.matchAll(/\[(\d+)\]/g)].map((x) => Number(x[1]));
    return [m[1]!, ...indexes];
  });
}

/** Removes the value at the path (an array entry is spliced out); false when there is none. */
function removeAt(root: Table, path: readonly Segment[]): boolean {
  let node: unknown = root;
  for (const seg of path.slice(0, -1)) {
    if (typeof seg === 'number' ? !Array.isArray(node) : !isTable(node)) return false;
    node = (node as Record<string | number, unknown>)[seg];
  }
  const last = path[path.length - 1];
  if (typeof last === 'number') {
    if (!Array.isArray(node) || last >= node.length) return false;
    node.splice(last, 1);
    return true;
  }
  if (last === undefined || !isTable(node) || !Object.hasOwn(node, last)) return false;
  delete node[last];
  return true;
}

/**
 * The path itself, else (a required key missing) the entry holding it: an array entry or a named table below a
 * section, never a whole section.
 */
function removeRefused(table: Table, key: string): boolean {
  const path = segments(key);
  return removeAt(table, path) || (path.length >= 4 && removeAt(table, path.slice(0, -1)));
}

/** The PoracleJS key a Lookout key was written from: the longest written prefix. */
function sourceOf(key: string, sources: ReadonlyMap<string, string>): string {
  const plain = key.replace(/\[\d+\]/g, '');
  for (let k = plain; k !== ''; k = k.includes('.') ? k.slice(0, k.lastIndexOf('.')) : '') {
    const from = sources.get(k);
    if (from !== undefined) return from;
  }
  return key;
}

const withoutLabel = (text: string, label: string): string => (text.startsWith(`${label}: `) ? text.slice(label.length + 2) : text);

export interface Validated {
  readonly table: Table;
  readonly notes: readonly Note[];
}

/**
 * Validates (a copy of) `table` as config.toml; `sources` maps each written Lookout key to its PoracleJS key.
 * Throws what the loader throws when a refusal cannot be traced to a written key.
 */
export function validateConverted(table: Table, sources: ReadonlyMap<string, string>, label: string, plugins: readonly PluginConfigSource[]): Validated {
  const current = structuredClone(table);
  const notes: Note[] = [];
  for (let refusals = 0; ; refusals++) {
    try {
      const legacyWarnings: string[] = [];
      const normalised = applyLegacy(current, label, legacyWarnings, sectionAliasesOf(plugins));
      const { warnings } = configFromObject(normalised, label, plugins);
      for (const warning of [...legacyWarnings, ...warnings]) notes.push({ kind: 'loader warning', key: label, detail: withoutLabel(warning, label) });
      return { table: normalised, notes };
    } catch (err) {
      const key = err instanceof ConfigError ? err.context.key : undefined;
      if (typeof key !== 'string' || refusals >= MAX_REFUSALS || !removeRefused(current, key)) throw err;
      const message = err instanceof Error ? err.message : String(err);
      notes.push({ kind: 'value refused', key: sourceOf(key, sources), to: key, detail: withoutLabel(message, label) });
    }
  }
}
