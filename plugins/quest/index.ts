/**
 * The quest plugin: field research from Golbat and RDM `quest` webhooks (AR and non-AR quests arrive
 * separately) → `quest` alerts for the rules of the `quest` table. See README.md in this folder.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineAlertPlugin, type PluginSetup, type TestWebhook } from '../../core/contract.ts';
import type { Icons } from '../../core/icons/index.ts';
import { QUEST_CONFIG } from './config.ts';
import { questApi } from './api.ts';
import { describeQuestRule, questCommand } from './commands/index.ts';
import { questImages, questLanguageView, questView } from './enrich.ts';
import type { QuestEvent } from './event.ts';
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
    enrich: (event) => questView(withStopPhoto(event, stopPhoto), setup.services.gameData(), questImages(iconsWithFallback(setup), event, shinyImages)),
    enrichLanguage: (event, _view, scope) => questLanguageView(event, setup.services.gameData(), scope),
    apiRoutes: [questsRoute(() => setup.services.gameData())],
  });
}
