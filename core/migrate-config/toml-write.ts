/**
 * Writes a configuration table as TOML the way config.example.toml reads: `[section]` headers, plain values,
 * `[[array.of.tables]]` for lists of tables (tables inside them inline), no digit separators. Pure.
 */
import { isTable, type Table } from '../config/values.ts';

const tomlKey = (key: string): string => (/^[A-Za-z0-9_-]+$/.test(key) ? key : JSON.stringify(key));

const isTableList = (value: unknown): value is Table[] => Array.isArray(value) && value.length > 0 && value.every(isTable);

function inline(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`cannot write ${value} to TOML`);
    return String(value);
  }
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (Array.isArray(value)) return `[${value.map(inline).join(', ')}]`;
  if (isTable(value)) {
    const pairs = Object.entries(value).map(([k, v]) => `${tomlKey(k)} = ${inline(v)}`);
    return pairs.length === 0 ? '{}' : `{ ${pairs.join(', ')} }`;
  }
  throw new Error(`cannot write ${typeof value} to TOML`);
}

function writeTable(table: Table, path: string, out: string[]): void {
  const plain = Object.entries(table).filter(([, v]) => !isTable(v) && !isTableList(v));
  if (plain.length > 0 || (path !== '' && Object.keys(table).length === 0)) {
    if (path !== '') out.push('', `[${path}]`);
    for (const [k, v] of plain) out.push(`${tomlKey(k)} = ${inline(v)}`);
  }
  for (const [k, v] of Object.entries(table)) {
    const child = path === '' ? tomlKey(k) : `${path}.${tomlKey(k)}`;
    if (isTable(v)) writeTable(v, child, out);
    else if (isTableList(v)) {
      for (const entry of v) {
        out.push('', `[[${child}]]`);
        for (const [ek, ev] of Object.entries(entry)) out.push(`${tomlKey(ek)} = ${inline(ev)}`);
      }
    }
  }
}

/**
 * The table with its keys in the order of `template`'s (e.g. the defaults, which follow config.example.toml),
 * keys the template lacks after them, and tables left empty removed (an empty table says nothing).
 */
export function orderedLike(table: Table, template: Table): Table {
  const known = Object.keys(template).filter((k) => Object.hasOwn(table, k));
  const rest = Object.keys(table).filter((k) => !Object.hasOwn(template, k));
  const out: Table = {};
  for (const key of [...known, ...rest]) {
    const value = table[key];
    if (!isTable(value)) {
      out[key] = value;
      continue;
    }
    const shape = template[key];
    const child = orderedLike(value, isTable(shape) ? shape : {});
    if (Object.keys(child).length > 0) out[key] = child;
  }
  return out;
}

/** The table as TOML text, after the comment lines given; `template` orders the keys (see orderedLike). */
export function toToml(table: Table, comments: readonly string[] = [], template: Table = {}): string {
  const out: string[] = comments.map((c) => `# ${c}`);
  writeTable(orderedLike(table, template), '', out);
  return `${out.join('\n').replace(/^\n+/, '')}\n`;
}
