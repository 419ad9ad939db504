/**
 * Sends one human's digest: takes the human's held quests out of the buffer, drops those that ended (counted), asks
 * the summary limit (the first digest refused in a period tells the destination so), and sends one `questSummary`
 * message per reward group and chunk, with the chunk's multi-pin map. Each message is deleted at its group's latest quest end when one of the group's rules has `clean`. Whatever
 * is not sent is counted in `lookout_quest_summary_dropped_total{reason}` and logged.
 */
import type { AlertPluginRuntime, View, ViewScope } from '../../../core/contract.ts';
import { loggableTargetId } from '../../../core/delivery/redact.ts';
import { describeError } from '../../../core/errors.ts';
import { navigationLinks } from '../../../core/enrich/location.ts';
import type { GameData } from '../../../core/gamedata/index.ts';
import type { Human } from '../../../core/model.ts';
import { summaryLimitNotice } from '../commands/summary-texts.ts';
import type { HeldQuest, SummaryBuffer } from './buffer.ts';
import { digestChunks, type DigestChunk } from './group.ts';
import type { SummaryLimiter } from './limit.ts';
import type { SummaryMetrics } from './metrics.ts';
import { digestView, summaryRewardName, tileVariables } from './view.ts';

/** The DTS alert type of a digest message (PoracleNG's). */
export const SUMMARY_ALERT_TYPE = 'questSummary';
/** The tile server template of its map: `poracle-questsummary`. */
export const SUMMARY_MAP_TEMPLATE = 'questsummary';
const CLEAN_ON_EXPIRY = 1;

/** How a held quest becomes the quest alert's variables (the plugin's enrich hooks). */
export interface QuestViews {
  base(quest: HeldQuest): Promise<View>;
  language(quest: HeldQuest, base: View, scope: ViewScope): View;
}

export interface DigestDeps {
  readonly buffer: SummaryBuffer;
  /** called after the buffer changed (the file is written soon) */
  readonly changed: () => void;
  readonly limiter: SummaryLimiter;
  readonly metrics: SummaryMetrics;
  readonly views: QuestViews;
  readonly gameData: () => GameData;
  /** [summariser] max_per_message */
  readonly perMessage: number;
}

export interface DigestOutcome {
  /** messages queued */
  readonly sent: number;
  /** quests taken out of the buffer */
  readonly quests: number;
  readonly dropped?: 'expired' | 'no_human' | 'stopped' | 'limit';
}

/** the quest's variables in one language, with its stop's position and navigation links */
function questVariables(views: QuestViews, quest: HeldQuest, base: View, scope: ViewScope): View {
  const { latitude, longitude } = quest.event;
  return { ...base, ...navigationLinks({ latitude, longitude }), latitude, longitude, withAR: quest.event.withAr, ...views.language(quest, base, scope) };
}

export class SummaryDigests {
  constructor(private readonly d: DigestDeps) {}

  /** sends the human's digest now (`why` labels the log line: schedule, command, api) */
  async send(runtime: AlertPluginRuntime, humanId: string, why: string): Promise<DigestOutcome> {
    const { buffer, metrics, limiter } = this.d;
    const taken = buffer.take(humanId);
    if (taken.length === 0) return { sent: 0, quests: 0 };
    this.d.changed();
    metrics.buffered.set(buffer.size);
    const log = runtime.log.child({ target: loggableTargetId(humanId), why });
    const now = runtime.clock.now();
    const fresh = taken.filter((q) => q.expiresAt > now);
    if (fresh.length < taken.length) metrics.dropped.inc({ reason: 'expired' }, taken.length - fresh.length);
    if (fresh.length === 0) {
      log.verbose({ quests: taken.length }, 'quest summary: every held quest ended before the digest; nothing sent');
      return { sent: 0, quests: taken.length, dropped: 'expired' };
    }
    const human = runtime.snapshot().humans.get(humanId);
    const drop = (reason: 'no_human' | 'stopped' | 'limit', text: string): DigestOutcome => {
      metrics.dropped.inc({ reason }, fresh.length);
      log.info({ quests: fresh.length, reason }, text);
      return { sent: 0, quests: taken.length, dropped: reason };
    };
    if (!human) return drop('no_human', 'quest summary: the human is no longer registered; held quests dropped');
    if (!human.enabled || human.adminDisable) return drop('stopped', 'quest summary: the human has alerts stopped; held quests dropped');
    const verdict = limiter.check(human, now);
    if (!verdict.allowed) {
      if (verdict.notify) await runtime.sendText(human, summaryLimitNotice(runtime.translator(human.language), verdict.limit, verdict.periodSeconds), 'quest-summary-limit');
      return drop('limit', 'quest summary: digest over [alert_limits] summary limit; held quests dropped');
    }
    const bases = new Map<HeldQuest, View>();
    for (const q of fresh) {
      try {
        bases.set(q, await this.d.views.base(q));
      } catch (err) {
        metrics.dropped.inc({ reason: 'error' });
        log.warn({ pokestopId: q.event.pokestopId, err: describeError(err) }, 'quest summary: a held quest could not be enriched; left out of the digest');
      }
    }
    let sent = 0;
    for (const chunk of digestChunks([...bases.keys()], this.d.perMessage)) {
      if (await this.sendChunk(runtime, human, chunk, bases)) sent++;
    }
    metrics.digests.inc();
    metrics.messages.inc(sent);
    log.info({ quests: fresh.length, messages: sent }, 'quest summary: digest queued');
    return { sent, quests: taken.length };
  }

  private async sendChunk(runtime: AlertPluginRuntime, human: Human, chunk: DigestChunk, bases: ReadonlyMap<HeldQuest, View>): Promise<boolean> {
    const { views, gameData } = this.d;
    const tile = tileVariables(chunk.quests.map((q) => ({ ...bases.get(q)!, latitude: q.event.latitude, longitude: q.event.longitude })));
    const staticMap = tile ? await runtime.staticMap({ location: { latitude: tile.latitude, longitude: tile.longitude }, template: SUMMARY_MAP_TEMPLATE, variables: tile, reference: 'quest-summary' }) : '';
    return runtime.sendAlert({
      human,
      alertType: SUMMARY_ALERT_TYPE,
      templateId: null,
      view: (scope) => {
        const quests = chunk.quests.map((q) => questVariables(views, q, bases.get(q)!, scope));
        return digestView(chunk, quests, staticMap, summaryRewardName(chunk.group, gameData(), scope.language));
      },
      clean: chunk.group.clean & CLEAN_ON_EXPIRY,
      expiresAt: chunk.group.expiresAt,
      ...(tile ? { location: { latitude: tile.latitude, longitude: tile.longitude } } : {}),
      reference: 'quest-summary',
      ownLimit: true,
    });
  }
}
