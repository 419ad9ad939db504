/**
 * The quest summary's metrics, registered in the app's registry once the plugin starts:
 * `lookout_quest_summary_held_total` (quests held for a digest), `lookout_quest_summary_buffered` (held now),
 * `lookout_quest_summary_digests_total` / `_messages_total` (digests and their messages queued) and
 * `lookout_quest_summary_dropped_total{reason}` (held quests never sent: expired, stale, no_human, stopped, limit,
 * unreadable, error).
 */
import { Counter, Gauge, type Registry } from 'prom-client';

export interface SummaryMetrics {
  readonly held: Counter;
  readonly buffered: Gauge;
  readonly digests: Counter;
  readonly messages: Counter;
  readonly dropped: Counter<'reason'>;
}

export function summaryMetrics(registry: Registry): SummaryMetrics {
  const registers = [registry];
  return {
    held: new Counter({ name: 'lookout_quest_summary_held_total', help: 'Quests held for a scheduled digest (summary rules)', registers }),
    buffered: new Gauge({ name: 'lookout_quest_summary_buffered', help: 'Quests held for digests now', registers }),
    digests: new Counter({ name: 'lookout_quest_summary_digests_total', help: 'Quest digests queued', registers }),
    messages: new Counter({ name: 'lookout_quest_summary_messages_total', help: 'Messages of quest digests queued (one per reward group and chunk)', registers }),
    dropped: new Counter({ name: 'lookout_quest_summary_dropped_total', help: 'Held quests never sent, by reason (expired, stale, no_human, stopped, limit, unreadable, error)', labelNames: ['reason'], registers }),
  };
}
