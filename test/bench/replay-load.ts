/**
 * `npm run bench -- --replay <webhook log>`: the items of a raw webhook log ([webhookLogging], plain or gzip;
 * several files in time order) as the bench's load instead of the generated pokemon. The bench keeps its own
 * rates and batch size; the items go out in log order, each moved to the present as `npm run replay` moves
 * them (every time field keeps its distance to "now" that it had to its receipt, core/replay-log/time-shift.ts),
 * starting over when the log is used up. Pokemon encounter ids get the phase's label and the pass number, so
 * one phase never meets the previous phase's (or pass's) sightings in the dedupe cache; repeats inside one pass
 * are the log's own and deduplicate as they did.
 */
import { orderLogFiles, readLogFiles } from '../../core/replay-log/log-files.ts';
import { shiftItem } from '../../core/replay-log/time-shift.ts';
import type { WebhookItem, WebhookStream } from './webhooks.ts';

export interface LoggedItem {
  /** when the service received the batch it came in, unix ms */
  readonly receivedAt: number;
  readonly item: WebhookItem;
}

export interface ReplayLoad {
  readonly items: readonly LoggedItem[];
  readonly badLines: number;
  readonly files: readonly string[];
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every well-formed item of the files, in time order; lines or items that are not webhook items are counted and left out. */
export async function loadReplayItems(files: readonly string[]): Promise<ReplayLoad> {
  const ordered = await orderLogFiles(files);
  const items: LoggedItem[] = [];
  let badLines = 0;
  for await (const record of readLogFiles(ordered)) {
    if (record.kind === 'unreadable') throw new Error(`--replay ${record.file}: ${record.reason}`);
    if (record.kind === 'bad-line') {
      badLines++;
      continue;
    }
    let body: unknown;
    try {
      body = JSON.parse(record.batch.body);
    } catch {
      badLines++;
      continue;
    }
    for (const raw of Array.isArray(body) ? body : [body]) {
      if (isRecord(raw) && typeof raw.type === 'string' && isRecord(raw.message)) items.push({ receivedAt: record.batch.receivedAt, item: { type: raw.type, message: raw.message } });
    }
  }
  if (items.length === 0) throw new Error(`--replay: no webhook items in ${files.join(', ')}${badLines > 0 ? ` (${badLines} bad lines)` : ''}`);
  return { items, badLines, files: ordered };
}

/** The items again and again, each shifted to `nowS`; `label` separates the streams of the phases of a run. */
export function replayStream(load: ReplayLoad, label: string): WebhookStream {
  let position = 0;
  const next = (nowS: number): WebhookItem => {
    const pass = Math.floor(position / load.items.length);
    const { receivedAt, item } = load.items[position % load.items.length]!;
    position++;
    const shifted = shiftItem(item, nowS * 1000 - receivedAt) as WebhookItem;
    if (item.type !== 'pokemon' || shifted.message.encounter_id === undefined) return shifted;
    return { type: item.type, message: { ...shifted.message, encounter_id: `${String(shifted.message.encounter_id)}-${label}-${pass}` } };
  };
  return { next, batch: (size, nowS) => Array.from({ length: size }, () => next(nowS)) };
}
