/**
 * A `weather` row, read once per snapshot: `condition` 1–7 (0 = any change), `cell` the level-10 S2 cell id
 * as decimal text (empty or `0` = any cell in the human's areas). The table has no distance or per-rule
 * override columns, so a rule's place is its cell or, without one, the human's areas.
 */
import type { TrackingRow } from '../../core/model.ts';
import { intColumn, readRuleReach, templateColumn, textColumn, type RuleReach } from '../../core/match/index.ts';

export const WEATHER_TABLE = 'weather';

/** `cell` values that mean "any cell" */
export function isAnyCell(cell: string): boolean {
  return cell === '' || cell === '0';
}

export interface WeatherRule {
  readonly uid: number;
  readonly humanId: string;
  /** 0 = any */
  readonly condition: number;
  /** '' = any cell (the human's areas decide) */
  readonly cell: string;
  readonly reach: RuleReach;
  readonly templateId: string | null;
  readonly ping: string;
  readonly clean: number;
}

export function readWeatherRule(row: TrackingRow): WeatherRule {
  const cell = textColumn(row, 'cell').trim();
  return {
    uid: row.uid,
    humanId: row.id,
    condition: intColumn(row, 'condition', 0),
    cell: isAnyCell(cell) ? '' : cell,
    reach: readRuleReach(row),
    templateId: templateColumn(row),
    ping: textColumn(row, 'ping'),
    clean: intColumn(row, 'clean', 0),
  };
}

/** The active weather rules of a snapshot, bucketed by cell ('' = any cell). */
export interface WeatherIndex {
  readonly byCell: ReadonlyMap<string, readonly WeatherRule[]>;
}

export function buildWeatherIndex(rules: readonly WeatherRule[]): WeatherIndex {
  const byCell = new Map<string, WeatherRule[]>();
  for (const rule of rules) {
    const bucket = byCell.get(rule.cell);
    if (bucket) bucket.push(rule);
    else byCell.set(rule.cell, [rule]);
  }
  return { byCell };
}
