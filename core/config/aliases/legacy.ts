/**
 * Older and neutral spellings, rewritten to the current layout before validation:
 * - `[alerter] api_secret` is copied into `[processor]` when the processor's secret is blank;
 * - `[database] scanner_type` stands for `[database.scanner] type`;
 * - the previous generation's `[fallbacks] img_url_pokestop` and `pokestop_url` stand for `img_url_stop` and
 *   `stop_url`;
 * - a section alias a plugin declares (`sectionAliases` in its config spec, e.g. a platform's neutral name) stands
 *   for that section, at the top level and under `[reconciliation]`;
 * - scanner type `mad` is refused: that scanner is no longer supported.
 * The input is never modified; touched tables are copied.
 */
import { ConfigError } from '../../errors.ts';
import { describeFound, fail, isTable, type Table } from '../values.ts';

interface Context {
  readonly file: string;
  readonly warnings: string[];
}

function tableAt(parent: Table, key: string, shown: string, ctx: Context): Table | undefined {
  const value = parent[key];
  if (value === undefined) return undefined;
  return isTable(value) ? value : fail({ file: ctx.file, key: shown }, 'a table', describeFound(value));
}

/** Folds `[prefix.alias]` into `[prefix.name]`; a key set in both keeps the real section's value, with a warning. */
function foldAlias(parent: Table, alias: string, name: string, prefix: string, ctx: Context): void {
  const from = tableAt(parent, alias, `${prefix}${alias}`, ctx);
  if (from === undefined) return;
  const into = tableAt(parent, name, `${prefix}${name}`, ctx) ?? {};
  for (const key of Object.keys(from).filter((k) => Object.hasOwn(into, k))) {
    ctx.warnings.push(`${ctx.file}: ${prefix}${alias}.${key} is also set in [${prefix}${name}]; the [${prefix}${name}] value is used`);
  }
  parent[name] = { ...from, ...into };
  delete parent[alias];
}

function foldAlerter(top: Table, ctx: Context): void {
  const alerter = tableAt(top, 'alerter', 'alerter', ctx);
  if (alerter === undefined) return;
  delete top.alerter;
  for (const key of Object.keys(alerter).filter((k) => k !== 'api_secret')) {
    ctx.warnings.push(`${ctx.file}: alerter.${key} ignored (only api_secret is read from the legacy [alerter] section)`);
  }
  const secret = alerter.api_secret;
  if (secret === undefined) return;
  if (typeof secret !== 'string') fail({ file: ctx.file, key: 'alerter.api_secret' }, 'a string', describeFound(secret));
  const processor = { ...(tableAt(top, 'processor', 'processor', ctx) ?? {}) };
  const current = processor.api_secret;
  if (current === undefined || (typeof current === 'string' && current.trim() === '')) processor.api_secret = secret;
  top.processor = processor;
}

function foldScannerType(top: Table, ctx: Context): void {
  const found = tableAt(top, 'database', 'database', ctx);
  if (found === undefined) return;
  const database = { ...found };
  top.database = database;
  const scanner = { ...(tableAt(database, 'scanner', 'database.scanner', ctx) ?? {}) };
  database.scanner = scanner;
  if (Object.hasOwn(database, 'scanner_type')) {
    const legacy = database.scanner_type;
    delete database.scanner_type;
    refuseMad(legacy, 'database.scanner_type', ctx);
    if (!Object.hasOwn(scanner, 'type')) scanner.type = legacy;
    else if (scanner.type !== legacy) {
      ctx.warnings.push(`${ctx.file}: database.scanner_type ignored because database.scanner.type is also set`);
    }
  }
  refuseMad(scanner.type, 'database.scanner.type', ctx);
}

/** section, the previous generation's key, the key it stands for */
const RENAMED_KEYS: readonly (readonly [string, string, string])[] = [
  ['fallbacks', 'img_url_pokestop', 'img_url_stop'],
  ['fallbacks', 'pokestop_url', 'stop_url'],
];

/** A renamed key is read as its new name; when both are set the new name wins, with a warning. */
function foldRenamedKeys(top: Table, ctx: Context): void {
  for (const [section, old, current] of RENAMED_KEYS) {
    const found = tableAt(top, section, section, ctx);
    if (found === undefined || !Object.hasOwn(found, old)) continue;
    const table = { ...found };
    if (Object.hasOwn(table, current)) ctx.warnings.push(`${ctx.file}: ${section}.${old} ignored because ${section}.${current} is also set`);
    else table[current] = table[old];
    delete table[old];
    top[section] = table;
  }
}

function refuseMad(value: unknown, key: string, ctx: Context): void {
  if (typeof value !== 'string' || value.trim().toLowerCase() !== 'mad') return;
  throw new ConfigError(`${ctx.file}: ${key} is "${value}": MAD is no longer supported; use "golbat" or "rdm"`, {
    file: ctx.file,
    key,
    expected: '"golbat" or "rdm"',
    found: value,
  }, 'CONFIG_UNSUPPORTED');
}

/**
 * Returns the file's top-level table with every legacy spelling rewritten; warnings go onto `warnings`.
 * `sectionAliases` (alias → section) are the plugins' (core/config/plugin-schema.ts sectionAliasesOf).
 */
export function applyLegacy(raw: Table, file: string, warnings: string[], sectionAliases: ReadonlyMap<string, string>): Table {
  const ctx: Context = { file, warnings };
  const top: Table = { ...raw };
  for (const [alias, name] of sectionAliases) foldAlias(top, alias, name, '', ctx);
  const reconciliation = tableAt(top, 'reconciliation', 'reconciliation', ctx);
  if (reconciliation !== undefined) {
    const copy = { ...reconciliation };
    for (const [alias, name] of sectionAliases) foldAlias(copy, alias, name, 'reconciliation.', ctx);
    top.reconciliation = copy;
  }
  foldAlerter(top, ctx);
  foldScannerType(top, ctx);
  foldRenamedKeys(top, ctx);
  return top;
}
