/**
 * What the plugins' tracking API tests share: a draft context from the fixture plugin setup, one body item read
 * as the core reads it (the shared fields marked read, so `unread` lists what the core would refuse), and
 * rules as GET returns them — written to a fully migrated SQLite database with every shared column set, read
 * back whole (every column of the real table, `template` '' for NULL) with a description added.
 */
import { ApiItem } from '../../core/tracking/api-item.ts';
import { KnexRuleStore } from '../../core/db/index.ts';
import { CORE_ITEM_FIELDS, type RuleColumns, type TrackingApiContext, type TrackingApiSpec } from '../../core/tracking/api-spec.ts';
import { openTestDatabase, type TestDatabase } from './databases.ts';
import { testPluginSetup } from './plugin-setup.ts';

/** The shared columns of a stored rule (the core's), all set to something other than their defaults. */
export const SHARED_COLUMNS = {
  id: '222333444',
  profile_no: 2,
  ping: '<@&99>',
  template: '3',
  clean: 1,
  distance: 750,
  override_areas: null,
  override_location_label: 'home',
} as const;

export interface ApiHarness {
  readonly ctx: TrackingApiContext;
  /** the rows one body item asks for (as item `body[0]`) */
  draft(body: Readonly<Record<string, unknown>>): readonly RuleColumns[];
  /** the fields of `body` that neither the draft nor the core reads */
  unread(body: Readonly<Record<string, unknown>>): string[];
  /** `rows` stored in `table` with SHARED_COLUMNS, as GET answers them */
  storedAsGet(table: string, rows: readonly RuleColumns[]): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}

export async function apiHarness(spec: TrackingApiSpec, config?: Record<string, unknown>): Promise<ApiHarness> {
  const setup = await testPluginSetup(config ? { config } : {});
  const ctx: TrackingApiContext = { gameData: setup.services.gameData(), config: setup.config };
  let db: TestDatabase | null = null;
  return {
    ctx,
    draft: (body) => spec.draft(new ApiItem(body, 'body[0]'), ctx),
    unread(body) {
      const item = new ApiItem(body, 'body[0]');
      item.ignore(...CORE_ITEM_FIELDS);
      spec.draft(item, ctx);
      return item.unread();
    },
    async storedAsGet(table, rows) {
      db ??= await openTestDatabase('sqlite', { migrate: true });
      const stored = await new KnexRuleStore(db.knex).insert(table, rows.map((row) => ({ ...row, ...SHARED_COLUMNS })));
      return stored.map((row) => ({ ...row, template: row.template ?? '', description: `${table} rule ${row.uid}` }));
    },
    async close() {
      await db?.cleanup();
    },
  };
}
