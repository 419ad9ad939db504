/**
 * `/api/summaries/*` in PoracleNG's shapes (what PoracleWeb.NET calls): `GET /summaries/:id` →
 * `{status:"ok", schedules:[{id, alert_type, active_hours}]}`; `GET /summaries/:id/:alertType` → `{status:"ok",
 * schedule:{…}}` or 404; `POST /summaries/:id/:alertType` with `{active_hours}` (a list, or the list as JSON text;
 * `[]` stores no schedule) → `{status:"ok"}`; `DELETE /summaries/:id/:alertType` → `{status:"ok"}` (also when there
 * was none); `POST /summaries/:id/:alertType/trigger` sends the digest now → `{status:"ok"}`. Only the alert type
 * `quest` is known (400 otherwise); with [tracking] quest_summary_enabled off every route answers 503.
 */
import type { ApiRoute } from '../../../core/http/api/plugin-routes.ts';
import { answer, type ApiRequest } from '../../../core/http/api/route-table.ts';
import { formatActiveHours, parseActiveHours, ScheduleFormatError } from './schedule.ts';
import { QUEST_SUMMARY, type QuestSummary } from './service.ts';
import type { ScheduleRow } from './store.ts';

const KNOWN_TYPES = [QUEST_SUMMARY];

const error = (code: number, message: string) => answer(code, { status: 'error', message });

function shown(row: ScheduleRow): { id: string; alert_type: string; active_hours: unknown } {
  let hours: unknown = [];
  try {
    hours = JSON.parse(row.activeHours || '[]');
  } catch {
    hours = row.activeHours;
  }
  return { id: row.id, alert_type: row.alertType, active_hours: hours };
}

/** the stored text of a body's `active_hours`, or why it is refused */
export function activeHoursOf(body: unknown): { ok: true; text: string } | { ok: false; message: string } {
  const value = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)['active_hours'] : undefined;
  if (value === undefined || value === null) return { ok: false, message: 'active_hours must be specified' };
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  try {
    return { ok: true, text: formatActiveHours(parseActiveHours(text)) };
  } catch (err) {
    return { ok: false, message: `active_hours is not a valid list of entries${err instanceof ScheduleFormatError ? `: ${err.message}` : ''}` };
  }
}

export function summaryRoutes(summary: QuestSummary | null): ApiRoute[] {
  const guarded =
    (handler: (request: ApiRequest, summary: QuestSummary) => Promise<unknown>) =>
    async (request: ApiRequest): Promise<unknown> => {
      if (!summary) return error(503, 'summary feature is disabled (set tracking.quest_summary_enabled = true)');
      const type = request.params['alertType'];
      if (type !== undefined && !KNOWN_TYPES.includes(type)) return error(400, 'unknown alert type (currently only "quest" is supported for summary scheduling)');
      return handler(request, summary);
    };
  const id = (request: ApiRequest): string => request.params['id'] ?? '';
  const type = (request: ApiRequest): string => request.params['alertType'] ?? '';
  return [
    {
      method: 'GET',
      path: '/summaries/:id',
      handler: guarded(async (request, s) => {
        const rows = await Promise.all(KNOWN_TYPES.map((t) => s.schedules.get(id(request), t)));
        return { status: 'ok', schedules: rows.filter((r): r is ScheduleRow => r !== null).map(shown) };
      }),
    },
    {
      method: 'GET',
      path: '/summaries/:id/:alertType',
      handler: guarded(async (request, s) => {
        const row = await s.schedules.get(id(request), type(request));
        return row ? { status: 'ok', schedule: shown(row) } : error(404, 'schedule not found');
      }),
    },
    {
      method: 'POST',
      path: '/summaries/:id/:alertType',
      handler: guarded(async (request, s) => {
        const hours = activeHoursOf(request.body);
        if (!hours.ok) return error(400, hours.message);
        await s.schedules.set(id(request), type(request), hours.text);
        return { status: 'ok' };
      }),
    },
    {
      method: 'DELETE',
      path: '/summaries/:id/:alertType',
      handler: guarded(async (request, s) => {
        await s.schedules.delete(id(request), type(request));
        return { status: 'ok' };
      }),
    },
    {
      method: 'POST',
      path: '/summaries/:id/:alertType/trigger',
      handler: guarded(async (request, s) => {
        await s.sendNow(id(request), 'api');
        return { status: 'ok' };
      }),
    },
  ];
}
