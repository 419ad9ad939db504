/**
 * Tracking rules of every tracking table (the schema's and whatever tables the registered plugins
 * declare), for chat commands and the API. Rows go in one at a time inside one transaction so every engine
 * reports each new uid (a multi-row INSERT only tells MySQL's first id); reads come back normalised as the
 * state snapshot reads them.
 */
import type { Knex } from 'knex';
import type { RuleStore } from '../../model.ts';
import { LookoutError } from '../../errors.ts';
import type { TrackingRow } from '../../model.ts';
import { normaliseRow } from '../read-table.ts';
import { TRACKING_TABLES } from '../tables.ts';

type Row = Record<string, unknown>;

/** Column values as knex writes them: booleans become 0/1 (tinyint on both engines), objects become JSON text. */
function toColumns(values: Readonly<Record<string, unknown>>): Row {
  const out: Row = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    if (typeof value === 'boolean') out[key] = value ? 1 : 0;
    else if (value !== null && typeof value === 'object' && !(value instanceof Date)) out[key] = JSON.stringify(value);
    else out[key] = value;
  }
  return out;
}

/** The id of the row an INSERT created: knex answers [id] on mysql2 and better-sqlite3 alike. */
function insertedId(result: unknown): number {
  const first: unknown = Array.isArray(result) ? result[0] : result;
  const id = typeof first === 'object' && first !== null ? (first as { uid?: unknown }).uid : first;
  const n = Number(id);
  if (!Number.isInteger(n) || n <= 0) throw new LookoutError('INTERNAL', 'the database did not report the new rule uid', { result: String(first) });
  return n;
}

export class KnexRuleStore implements RuleStore {
  private readonly tables: ReadonlySet<string>;

  /** @param tables the tables it may touch (default: every tracking table of the schema) */
  constructor(
    private readonly knex: Knex,
    tables: readonly string[] = TRACKING_TABLES,
  ) {
    this.tables = new Set(tables);
  }

  async list(table: string, humanId: string, profileNo?: number): Promise<TrackingRow[]> {
    const query = this.knex(this.checked(table)).where({ id: humanId }).orderBy('uid');
    if (profileNo !== undefined) query.andWhere({ profile_no: profileNo });
    return ((await query) as Row[]).map(normaliseRow);
  }

  async insert(table: string, rows: readonly Record<string, unknown>[]): Promise<TrackingRow[]> {
    const name = this.checked(table);
    if (rows.length === 0) return [];
    const uids = await this.knex.transaction(async (trx) => {
      const ids: number[] = [];
      for (const row of rows) {
        const { uid: _ignored, ...values } = row;
        ids.push(insertedId(await trx(name).insert(toColumns(values))));
      }
      return ids;
    });
    const stored = ((await this.knex(name).whereIn('uid', uids)) as Row[]).map(normaliseRow);
    const byUid = new Map(stored.map((r) => [r.uid, r]));
    return uids.flatMap((uid) => byUid.get(uid) ?? []);
  }

  async update(table: string, uid: number, patch: Readonly<Record<string, unknown>>): Promise<void> {
    const { uid: _uid, id: _id, ...values } = patch;
    const columns = toColumns(values);
    if (Object.keys(columns).length === 0) return;
    await this.knex(this.checked(table)).where({ uid }).update(columns);
  }

  async deleteByUid(table: string, humanId: string, uids: readonly number[]): Promise<number> {
    if (uids.length === 0) return 0;
    return this.knex(this.checked(table)).where({ id: humanId }).whereIn('uid', [...uids]).delete();
  }

  async deleteAll(table: string, humanId: string, profileNo?: number): Promise<number> {
    const query = this.knex(this.checked(table)).where({ id: humanId });
    if (profileNo !== undefined) query.andWhere({ profile_no: profileNo });
    return query.delete();
  }

  private checked(table: string): string {
    if (!this.tables.has(table)) throw new LookoutError('BAD_REQUEST', `"${table}" is not a tracking table`, { table });
    return table;
  }
}
