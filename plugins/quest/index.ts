/**
 * The quest plugin: field research from Golbat and RDM `quest` webhooks (AR and non-AR quests arrive
 * separately) → `quest` alerts for the rules of the `quest` table. See README.md in this folder.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { eventClock } from '../../core/enrich/event-clock.ts';
import { MAP_ENTITY, mapSiteLinks } from '../../core/enrich/map-sites.ts';
import { defineAlertPlugin, type AlertPluginRuntime, type HookContext, type Match, type PluginSetup, type TestWebhook, type View } from '../../core/contract.ts';
import { ConfigError } from '../../core/errors.ts';
import { missingFortName } from '../../core/scanner-db/index.ts';
import type { Icons } from '../../core/icons/index.ts';
import { QUEST_CONFIG } from './config.ts';
import { questApi } from './api.ts';
import { describeQuestRule, questCommand, summaryCommand } from './commands/index.ts';
import { questImages, questLanguageView, questView } from './enrich.ts';
import { REWARD, type QuestEvent } from './event.ts';
import { explainQuestRule } from './explain.ts';
import { questExpiresAt } from './expiry.ts';
import { questsRoute } from './masterdata-route.ts';
import { matchQuest } from './match.ts';
import { parseQuest } from './parse.ts';
import { buildQuestIndex, type QuestIndex } from './rule-index.ts';
import { QUEST_TABLE, readQuestRule } from './rule.ts';
import { QUEST_VARIABLES } from './variables.ts';
import { summaryRoutes } from './summary/api.ts';
import { SUMMARY_ALERT_TYPE } from './summary/digest.ts';
import { exampleDigestView } from './summary/view.ts';
import { knownZone } from './summary/schedule.ts';
import { QuestSummary } from './summary/service.ts';

const TEST_WEBHOOKS = JSON.parse(readFileSync(new URL('./testdata.json', import.meta.url), 'utf8')) as TestWebhook[];

/** The same quest again: same stop, AR or not, same task and rewards. */
export function questDedupeKey(event: QuestEvent): string {
  const rewards = event.rewards.map((r) => `${r.type}:${r.itemId}:${r.pokemonId}:${r.formId}:${r.amount}:${r.shiny ? 1 : 0}`).join(',');
  return `${event.pokestopId}_${event.withAr ? 'ar' : 'noar'}_${event.questType}_${event.title || event.template}_${rewards}`;
}

/** the species of the quest's first pokemon reward, null when it rewards none */
function firstPokemon(event: QuestEvent): number | null {
  return event.rewards.find((r) => r.type === REWARD.pokemon)?.pokemonId ?? null;
}

/** the icon sets with [fallbacks] img_url where the image set cannot show the reward (as the previous generation) */
function iconsWithFallback(setup: PluginSetup): Icons | undefined {
  const icons = setup.services.icons?.();
  const fallback = setup.config.fallbacks.img_url;
  return icons && { image: () => icons.image().orElse(fallback), alt: () => icons.alt(), sticker: () => icons.sticker() };
}

/** the event with [fallbacks] stop_url as its stop photo when the webhook carries none */
function withStopPhoto(event: QuestEvent, fallback: string): QuestEvent {
  return event.stopUrl !== '' || fallback === '' ? event : { ...event, stopUrl: fallback };
}

/** the config keys and disable switches this plugin contributes (read before the file is validated) */
export { QUEST_CONFIG as config } from './config.ts';

/** the zone of schedules of humans without a location: [general] default_timezone, else the server's */
function defaultZone(configured: string): string {
  if (configured === '') return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  if (!knownZone(configured)) throw new ConfigError(`[general] default_timezone: unknown time zone "${configured}"`, { key: 'general.default_timezone', expected: 'an IANA time zone name', found: configured });
  return configured;
}

/** the quest summary when [tracking] quest_summary_enabled is on, else null (nothing is held) */
function questSummary(setup: PluginSetup, enrich: (event: QuestEvent) => Promise<View>, languageView: QuestSummaryLanguage): QuestSummary | null {
  const { tracking, summariser, alert_limits: limits, general } = QUEST_CONFIG.read(setup.config);
  if (!tracking.quest_summary_enabled) return null;
  return new QuestSummary({
    rootDir: setup.rootDir,
    views: { base: (quest) => enrich(quest.event), language: (quest, base, scope) => languageView(quest.event, base, scope) },
    gameData: () => setup.services.gameData(),
    expiresAt: (event) => questExpiresAt(event.seenAt, event.latitude, event.longitude),
    perMessage: summariser.max_per_message,
    maxAgeMs: tracking.quest_summary_buffer_ttl_hours * 3_600_000,
    limits: { periodMs: setup.config.alert_limits.timing_period * 1000, dmLimit: limits.dm_summary_limit, channelLimit: limits.channel_summary_limit },
    defaultZone: defaultZone(general.default_timezone),
  });
}

type QuestSummaryLanguage = (event: QuestEvent, view: View, scope: { language: string; platform: string }) => View;

export default function questPlugin(setup: PluginSetup) {
  const shinyImages = setup.config.general.request_shiny_images;
  const shinyRateOf = (event: QuestEvent) => {
    const pokemonId = firstPokemon(event);
    return pokemonId === null ? null : (setup.services.shinyRates?.().rate(pokemonId) ?? null);
  };
  const clock = eventClock(setup.config.locale, setup.log);
  const mapLinks = mapSiteLinks(setup.config.general);
  const stopPhoto = setup.config.fallbacks.stop_url;
  const enrich = async (event: QuestEvent): Promise<View> => {
    const missing = missingFortName(setup, 'pokestop', event.pokestopId, event.stopName);
    const named = missing ? { ...event, stopName: await missing } : event;
    return questView(withStopPhoto(named, stopPhoto), setup.services.gameData(), {
      images: questImages(iconsWithFallback(setup), event, shinyImages),
      clock: await clock(),
      expiresAt: questExpiresAt(event.seenAt, event.latitude, event.longitude),
      mapLinks: mapLinks(MAP_ENTITY.pokestop(event.pokestopId), event),
      shinyRate: shinyRateOf(event),
    });
  };
  const languageView: QuestSummaryLanguage = (event, view, scope) => questLanguageView(event, setup.services.gameData(), scope, view['shinyPossible'] === true);
  const summary = questSummary(setup, enrich, languageView);
  return defineAlertPlugin<QuestEvent, QuestIndex>({
    kind: 'alert',
    name: 'quest',
    webhookTypes: ['quest'],
    alertTypes: ['quest', SUMMARY_ALERT_TYPE],
    fallbacks: fileURLToPath(new URL('./fallbacks/', import.meta.url)),
    disableSwitches: QUEST_CONFIG.disableSwitches,
    trackingTables: [{ table: QUEST_TABLE, blockKind: 'quest', title: 'Quests', order: 40, read: readQuestRule, api: questApi }],
    testData: { kind: 'quest', webhooks: TEST_WEBHOOKS },
    templateVariables: QUEST_VARIABLES,
    commands: [questCommand, summaryCommand(summary)],
    describeRule: (table, row, ctx) => (table === QUEST_TABLE ? describeQuestRule(row, ctx) : ''),
    buildIndex: buildQuestIndex,
    parse: (raw, ctx) => parseQuest(raw, ctx.now()),
    dedupeKey: questDedupeKey,
    alertTypeOf: () => 'quest',
    expiresAt: (event) => questExpiresAt(event.seenAt, event.latitude, event.longitude),
    locate: (event) => ({ latitude: event.latitude, longitude: event.longitude }),
    match: (event, snapshot, index, ctx) => matchQuest(event, snapshot, index, ctx),
    explainRule: (event, rule, ctx) => explainQuestRule(event, rule, ctx, setup.services.gameData()),
    eventIds: (event) => [event.pokestopId],
    enrich,
    enrichLanguage: languageView,
    previewVariables: (alertType, event, view, scope) => (alertType === SUMMARY_ALERT_TYPE ? exampleDigestView(event, view, setup.services.gameData(), scope.language) : null),
    ...(summary
      ? {
          hold: (event: QuestEvent, matches: readonly Match[], ctx: HookContext) => summary.hold(event, matches, ctx),
          start: (runtime: AlertPluginRuntime) => summary.start(runtime),
          stop: () => summary.stop(),
        }
      : {}),
    apiRoutes: [questsRoute(() => setup.services.gameData()), ...summaryRoutes(summary)],
  });
}
