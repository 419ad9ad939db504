/**
 * A `forts` row, read once per snapshot: fort_type (`pokestop`, `gym`, `station`, `everything`), include_empty,
 * change_types (JSON array; `[]` = every change), plus the rule modes and delivery columns. The table has no
 * `clean` column.
 */
import type { Snapshot, TrackingRow } from '../../core/model.ts';
import { intColumn, readRuleReach, templateColumn, textColumn, type RuleReach } from '../../core/match/index.ts';

export const FORTS_TABLE = 'forts';
export const ANY_FORT = 'everything';

export interface FortRule {
  readonly uid: number;
  readonly humanId: string;
  readonly fortType: string;
  readonly includeEmpty: boolean;
  /** lower-cased; empty = every change */
  readonly changeTypes: readonly string[];
  readonly reach: RuleReach;
  readonly templateId: string | null;
  readonly ping: string;
}

/** `change_types` text → its lower-cased entries; unreadable text counts as `[]`. */
export function readChangeTypes(row: TrackingRow): string[] {
  const text = textColumn(row, 'change_types').trim();
  if (text === '') return [];
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.filter((t): t is string => typeof t === 'string').map((t) => t.trim().toLowerCase()) : [];
  } catch {
    return [];
  }
}

export function readFortRule(row: TrackingRow): FortRule {
  const fortType = textColumn(row, 'fort_type').trim().toLowerCase();
  return {
    uid: row.uid,
    humanId: row.id,
    fortType: fortType === '' ? ANY_FORT : fortType,
    includeEmpty: intColumn(row, 'include_empty', 1) !== 0,
    changeTypes: readChangeTypes(row),
    reach: readRuleReach(row),
    templateId: templateColumn(row),
    ping: textColumn(row, 'ping'),
  };
}

export interface FortIndex {
  readonly rules: readonly FortRule[];
}

export function buildFortIndex(snapshot: Snapshot): FortIndex {
  return { rules: snapshot.activeRules<FortRule>(FORTS_TABLE) };
}
