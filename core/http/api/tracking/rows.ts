/**
 * Tracking rules as the API answers them: the table's columns as stored (the previous generation's clients read
 * them raw; a NULL template reads as ''), with a human-readable description in the human's language — the
 * owning plugin's line, then `@ <label>` for a rule measured from a saved location or `in <areas>`.
 */
import { overrideAreas, overrideLabel } from '../../../commands/builtin/rule-line.ts';
import type { Human, TrackingRow } from '../../../model.ts';
import type { ServedTable, TrackingApiDeps } from './deps.ts';

export function languageOf(deps: TrackingApiDeps, human: Human): string {
  return human.language ?? deps.config.general.locale;
}

/** The rule's line; a plugin that cannot describe it gives the table and uid instead of failing the request. */
export function describeRow(deps: TrackingApiDeps, table: string, row: TrackingRow, language: string): string {
  let text: string;
  try {
    text = deps.describe(table, row, language);
  } catch {
    text = `${table} rule ${row.uid}`;
  }
  const label = overrideLabel(row);
  const areas = overrideAreas(row);
  if (label !== '') return `${text} @ ${label}`;
  return areas.length > 0 ? `${text} in ${areas.join(', ')}` : text;
}

export function ruleShape(row: TrackingRow, description?: string): Record<string, unknown> {
  const shaped: Record<string, unknown> = { ...row, template: row.template ?? '' };
  if (description !== undefined) shaped.description = description;
  return shaped;
}

export interface TableRules {
  readonly served: ServedTable;
  readonly rows: readonly TrackingRow[];
}

/** The human's rules of every served table (of one profile, or all when `profileNo` is undefined), in listing order. */
export async function rulesOf(deps: TrackingApiDeps, humanId: string, profileNo: number | undefined): Promise<TableRules[]> {
  const out: TableRules[] = [];
  for (const served of deps.tables()) out.push({ served, rows: await deps.stores.rules.list(served.table, humanId, profileNo) });
  return out;
}

/** Rows of one table shaped for an answer, described when `language` is given. */
export function shapedRows(deps: TrackingApiDeps, rules: TableRules, language: string | null): Record<string, unknown>[] {
  return rules.rows.map((row) => ruleShape(row, language === null ? undefined : describeRow(deps, rules.served.table, row, language)));
}
