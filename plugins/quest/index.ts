/**
 * The quest plugin: field research from Golbat and RDM `quest` webhooks (AR and non-AR quests arrive
 * separately) → `quest` alerts for the rules of the `quest` table. See README.md in this folder.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { eventClock } from '../../core/enrich/event-clock.ts';
import { MAP_ENTITY, mapSiteLinks } from '../../core/enrich/map-sites.ts';
import { defineAlertPlugin, type PluginSetup, type TestWebhook } from '../../core/contract.ts';
import { missingFortName } from '../../core/scanner-db/index.ts';
import type { Icons } from '../../core/icons/index.ts';
import { QUEST_CONFIG } from './config.ts';
import { questApi } from './api.ts';
import { describeQuestRule, questCommand } from './commands/index.ts';
import { questImages, questLanguageView, questView } from './enrich.ts';
import { REWARD, type QuestEvent } from './event.ts';
import { questExpiresAt } from './expiry.ts';
import { questsRoute } from './masterdata-route.ts';
import { matchQuest } from './match.ts';
import { parseQuest } from './parse.ts';
import { buildQuestIndex, type QuestIndex } from './rule-index.ts';
import { QUEST_TABLE, readQuestRule } from './rule.ts';
import { QUEST_VARIABLES } from './variables.ts';

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

export default function questPlugin(setup: PluginSetup) {
  const shinyImages = setup.config.general.request_shiny_images;
  const shinyRateOf = (event: QuestEvent) => {
    const pokemonId = firstPokemon(event);
    return pokemonId === null ? null : (setup.services.shinyRates?.().rate(pokemonId) ?? null);
  };
  const clock = eventClock(setup.config.locale, setup.log);
  const mapLinks = mapSiteLinks(setup.config.general);
  const stopPhoto = setup.config.fallbacks.stop_url;
  return defineAlertPlugin<QuestEvent, QuestIndex>({
    kind: 'alert',
    name: 'quest',
    webhookTypes: ['quest'],
    alertTypes: ['quest'],
    fallbacks: fileURLToPath(new URL('./fallbacks/', import.meta.url)),
    disableSwitches: QUEST_CONFIG.disableSwitches,
    trackingTables: [{ table: QUEST_TABLE, blockKind: 'quest', title: 'Quests', order: 40, read: readQuestRule, api: questApi }],
    testData: { kind: 'quest', webhooks: TEST_WEBHOOKS },
    templateVariables: QUEST_VARIABLES,
    commands: [questCommand],
    describeRule: (table, row, ctx) => (table === QUEST_TABLE ? describeQuestRule(row, ctx) : ''),
    buildIndex: buildQuestIndex,
    parse: (raw, ctx) => parseQuest(raw, ctx.now()),
    dedupeKey: questDedupeKey,
    alertTypeOf: () => 'quest',
    expiresAt: (event) => questExpiresAt(event.seenAt, event.latitude, event.longitude),
    locate: (event) => ({ latitude: event.latitude, longitude: event.longitude }),
    match: (event, snapshot, index, ctx) => matchQuest(event, snapshot, index, ctx),
    enrich: async (event) => {
      const missing = missingFortName(setup, 'pokestop', event.pokestopId, event.stopName);
      const named = missing ? { ...event, stopName: await missing } : event;
      return questView(withStopPhoto(named, stopPhoto), setup.services.gameData(), {
        images: questImages(iconsWithFallback(setup), event, shinyImages),
        clock: await clock(),
        expiresAt: questExpiresAt(event.seenAt, event.latitude, event.longitude),
        mapLinks: mapLinks(MAP_ENTITY.pokestop(event.pokestopId), event),
        shinyRate: shinyRateOf(event),
      });
    },
    enrichLanguage: (event, view, scope) => questLanguageView(event, setup.services.gameData(), scope, view['shinyPossible'] === true),
    apiRoutes: [questsRoute(() => setup.services.gameData())],
  });
}
