/**
 * The `summary_schedules` table (PoracleNG's 000003: `id`, `alert_type`, `active_hours` JSON text, key (id,
 * alert_type); created by the core's migration 3, emptied of a human's rows with the human): read and written as
 * text, checked by the caller (schedule.ts).
 */
import type { Knex } from 'knex';

export const SUMMARY_TABLE = 'summary_schedules';

export interface ScheduleRow {
  readonly id: string;
  readonly alertType: string;
  readonly activeHours: string;
}

function rowOf(row: { id: unknown; alert_type: unknown; active_hours: unknown }): ScheduleRow {
  return { id: String(row.id), alertType: String(row.alert_type), activeHours: typeof row.active_hours === 'string' ? row.active_hours : '[]' };
}

export class ScheduleStore {
  constructor(private readonly db: () => Knex) {}

  async get(id: string, alertType: string): Promise<ScheduleRow | null> {
    const row = await this.db()(SUMMARY_TABLE).where({ id, alert_type: alertType }).first();
    return row ? rowOf(row) : null;
  }

  /** every schedule of one alert type (the scheduler's wake-up) */
  async list(alertType: string): Promise<ScheduleRow[]> {
    return (await this.db()(SUMMARY_TABLE).where({ alert_type: alertType })).map(rowOf);
  }

  /** creates or replaces the human's schedule */
  async set(id: string, alertType: string, activeHours: string): Promise<void> {
    const db = this.db();
    await db.transaction(async (trx) => {
      const updated = await trx(SUMMARY_TABLE).where({ id, alert_type: alertType }).update({ active_hours: activeHours });
      if (updated === 0) await trx(SUMMARY_TABLE).insert({ id, alert_type: alertType, active_hours: activeHours });
    });
  }

  /** false when there was none */
  async delete(id: string, alertType: string): Promise<boolean> {
    return (await this.db()(SUMMARY_TABLE).where({ id, alert_type: alertType }).delete()) > 0;
  }
}
