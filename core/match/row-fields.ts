import type { TrackingRow } from '../model.ts';
/**
 * Narrow readers for tracking-table columns. Rows come from MySQL (numbers, strings, Buffers for tinyint in
 * some drivers' configurations) or SQLite, and from databases other tools wrote; a reader never throws and
 * falls back to the column's documented default.
 */

/**
 * A column's value as an integer. Readers that convert many rows call it with `row.column` (a named read the
 * engine can specialise) rather than intColumn's computed key, which costs tens of nanoseconds per column at
 * half a million rows.
 */
export function intValue(value: unknown, fallback: number): number {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.trunc(value) : fallback;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? Math.trunc(parsed) : fallback;
  }
  return fallback;
}

export function intColumn(row: TrackingRow, column: string, fallback: number): number {
  return intValue(row[column], fallback);
}

export function textColumn(row: TrackingRow, column: string): string {
  const value = row[column];
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : String(value);
}

/** The rule's template id: null (= [general] default_template_name) when the column is NULL or empty. */
export function templateColumn(row: TrackingRow): string | null {
  const text = textColumn(row, 'template').trim();
  return text === '' ? null : text;
}

/** A JSON array of strings stored as text (`override_areas`, `humans.area`), lower-cased; null when absent, empty or unreadable. */
export function lowerNameListColumn(row: TrackingRow, column: string): readonly string[] | null {
  const text = textColumn(row, column).trim();
  if (text === '' || text === 'null') return null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (!Array.isArray(parsed)) return null;
    const names = parsed.filter((n): n is string => typeof n === 'string' && n.trim() !== '').map((n) => n.trim().toLowerCase());
    return names.length > 0 ? names : null;
  } catch {
    return null;
  }
}
