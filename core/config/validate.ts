/**
 * Walks the file's tables against the spec: every known key is checked by its rule (or the rule its
 * default implies) and merged over the default; unknown keys and sections become warnings (with the nearest
 * known names of the same table, when one is close enough to be a slip); arrays of
 * tables and tables of tables are checked entry by entry with the same walker.
 */
import { inferRule, type KeyRule, type TableSpec } from './schema.ts';
import { didYouMean, nearestNames } from './suggest.ts';
import { checkValue, describeFound, expectedText, fail, isTable, type Table } from './values.ts';

interface Walk {
  readonly file: string;
  readonly warnings: string[];
}

/** A position in the walk: `rule` looks the key up in the spec, `shown` is what messages print. */
interface Position {
  readonly rule: string;
  readonly shown: string;
}

function child(at: Position, key: string): Position {
  return { rule: at.rule ? `${at.rule}.${key}` : key, shown: at.shown ? `${at.shown}.${key}` : key };
}

function requireTable(value: unknown, shown: string, walk: Walk): Table {
  return isTable(value) ? value : fail({ file: walk.file, key: shown }, 'a table', describeFound(value));
}

/** Unknown keys and sections, each with the known names of the same table it may be a slip for. */
function warnUnknown(raw: Table, defaults: object, at: Position, walk: Walk): void {
  for (const [key, value] of Object.entries(raw)) {
    if (Object.hasOwn(defaults, key)) continue;
    const shown = child(at, key).shown;
    const near = nearestNames(key, Object.keys(defaults)).map((name) => child(at, name).shown);
    walk.warnings.push(
      isTable(value)
        ? `${walk.file}: unknown section [${shown}] ignored${didYouMean(near, (name) => `[${name}]`)}`
        : `${walk.file}: unknown key "${shown}" ignored${didYouMean(near, (name) => `"${name}"`)}`,
    );
  }
}

function mergeTable(raw: Table, defaults: object, spec: TableSpec, at: Position, walk: Walk): Table {
  const out: Table = {};
  for (const [key, fallback] of Object.entries(defaults) as [string, unknown][]) {
    const pos = child(at, key);
    const rule = spec.rules[pos.rule] ?? inferRule(fallback);
    const given = Object.hasOwn(raw, key);
    if (rule === null) {
      const sub = given ? requireTable(raw[key], pos.shown, walk) : {};
      out[key] = mergeTable(sub, fallback as object, spec, pos, walk);
    } else {
      out[key] = given ? checkRule(raw[key], rule, pos.shown, walk) : fallback;
    }
  }
  warnUnknown(raw, defaults, at, walk);
  return out;
}

/** One table of an entry-shaped spec (an array element or a record member): required keys first, then free keys. */
function checkEntry(value: unknown, spec: TableSpec, shown: string, walk: Walk): Table {
  const raw = requireTable(value, shown, walk);
  for (const key of spec.required.filter((k) => !Object.hasOwn(raw, k))) {
    const rule = spec.rules[key] ?? inferRule((spec.defaults as Table)[key]);
    fail({ file: walk.file, key: `${shown}.${key}` }, rule ? expectedText(rule) : 'a table', 'nothing (the key is required)');
  }
  const { extraKeys } = spec;
  if (!extraKeys) return mergeTable(raw, spec.defaults, spec, { rule: '', shown }, walk);
  const isExtra = (key: string): boolean => !Object.hasOwn(spec.defaults, key);
  const known = Object.fromEntries(Object.entries(raw).filter(([key]) => !isExtra(key)));
  const out = mergeTable(known, spec.defaults, spec, { rule: '', shown }, walk);
  for (const [key, given] of Object.entries(raw)) if (isExtra(key)) out[key] = checkRule(given, extraKeys, `${shown}.${key}`, walk);
  return out;
}

function checkTables(value: unknown, rule: KeyRule & { kind: 'tables' }, shown: string, walk: Walk): Table[] {
  if (!Array.isArray(value)) return fail({ file: walk.file, key: shown }, `an array of tables ([[${shown}]])`, describeFound(value));
  const entries = value.map((item: unknown, i) => checkEntry(item, rule.entry, `${shown}[${i}]`, walk));
  if (rule.unique) assertUnique(entries, rule.unique, shown, walk);
  return entries;
}

function assertUnique(entries: readonly Table[], key: string, shown: string, walk: Walk): void {
  const firstAt = new Map<unknown, number>();
  entries.forEach((entry, i) => {
    const seen = firstAt.get(entry[key]);
    if (seen !== undefined) {
      fail({ file: walk.file, key: `${shown}[${i}].${key}` }, `unique (already used by ${shown}[${seen}])`, describeFound(entry[key]));
    }
    firstAt.set(entry[key], i);
  });
}

function checkRecord(value: unknown, rule: KeyRule & { kind: 'record' }, shown: string, walk: Walk): Table {
  const raw = requireTable(value, shown, walk);
  const out: Table = {};
  for (const [name, entry] of Object.entries(raw)) out[name] = checkEntry(entry, rule.entry, `${shown}.${name}`, walk);
  return out;
}

/** A table of free names, each value checked by `item` (`lists`: string lists; `names`: strings). */
function checkNamed(value: unknown, item: KeyRule, shown: string, walk: Walk): Table {
  const raw = requireTable(value, shown, walk);
  const out: Table = {};
  for (const [name, entry] of Object.entries(raw)) out[name] = checkValue(entry, item, { file: walk.file, key: `${shown}.${name}` });
  return out;
}

function checkRule(value: unknown, rule: KeyRule, shown: string, walk: Walk): unknown {
  if (rule.kind === 'tables') return checkTables(value, rule, shown, walk);
  if (rule.kind === 'lists') return checkNamed(value, { kind: 'strings' }, shown, walk);
  if (rule.kind === 'names') return checkNamed(value, { kind: 'string' }, shown, walk);
  if (rule.kind === 'record') return checkRecord(value, rule, shown, walk);
  const checked = checkValue(value, rule, { file: walk.file, key: shown });
  if (rule.kind === 'string' && rule.whitespaceBlank !== undefined && typeof checked === 'string' && checked !== '' && checked.trim() === '') {
    walk.warnings.push(`${walk.file}: ${shown} is only whitespace and is read as blank: ${rule.whitespaceBlank}`);
    return '';
  }
  return checked;
}

/**
 * Checks a parsed file against a spec and returns the merged tree (not yet frozen).
 * Throws ConfigError on the first invalid value; pushes unknown keys onto `warnings`.
 */
export function validateTable(raw: Table, spec: TableSpec, file: string, warnings: string[]): Table {
  return mergeTable(raw, spec.defaults, spec, { rule: '', shown: '' }, { file, warnings });
}
