/**
 * The gym plugin: Golbat `gym_details` and RDM `gym` webhooks → `gym` alerts (team change, slot change, battle)
 * for the rules of the `gym` table. The last known state of every gym survives a restart
 * (`.cache/gym-state.json`). See README.md in this folder.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { eventClock } from '../../core/enrich/event-clock.ts';
import { MAP_ENTITY, mapSiteLinks } from '../../core/enrich/map-sites.ts';
import { defineAlertPlugin, type PluginSetup, type TestWebhook } from '../../core/contract.ts';
import { missingFortName } from '../../core/scanner-db/index.ts';
import { GYM_CONFIG } from './config.ts';
import { gymApi } from './api.ts';
import { GYM_CLIENT_CONFIG } from './client-config.ts';
import { describeGymRule, gymCommand } from './commands/index.ts';
import { gymView, trainerCount, type GymImages } from './enrich.ts';
import { gymLanguageView } from './enrich-language.ts';
import type { GymEvent } from './event.ts';
import { explainGymRule } from './explain.ts';
import { matchGym } from './match.ts';
import { parseGym } from './parse.ts';
import { buildGymIndex, GYM_TABLE, readGymRule, type GymIndex } from './rule.ts';
import { GymStateStore } from './state-file.ts';
import { GYM_VARIABLES } from './variables.ts';

const TEST_WEBHOOKS = JSON.parse(readFileSync(new URL('./testdata.json', import.meta.url), 'utf8')) as TestWebhook[];

function imagesOf(setup: PluginSetup, event: GymEvent): GymImages {
  const icons = setup.services.icons?.();
  const fallback = setup.config.fallbacks.img_url_gym;
  if (!icons) return { imgUrl: fallback, imgUrlAlt: '', stickerUrl: '' };
  const look = { trainerCount: trainerCount(event), inBattle: event.state.inBattle, ex: event.exEligible };
  return {
    imgUrl: icons.image().orElse(fallback).gym(event.state.team, look),
    imgUrlAlt: icons.alt()?.gym(event.state.team, look) ?? '',
    stickerUrl: icons.sticker()?.gym(event.state.team, look) ?? '',
  };
}

/** the config keys and disable switches this plugin contributes (read before the file is validated) */
export { GYM_CONFIG as config } from './config.ts';

export interface GymPluginOptions {
  /** how long after a change the state file is written; default 5 s */
  readonly stateDebounceMs?: number;
}

export async function createGymPlugin(setup: PluginSetup, options: GymPluginOptions = {}) {
  const states = new GymStateStore({ rootDir: setup.rootDir, log: setup.log, debounceMs: options.stateDebounceMs });
  await states.load();
  const settings = { battleAlerts: GYM_CONFIG.read(setup.config).tracking.enable_gym_battle };
  const clock = eventClock(setup.config.locale, setup.log);
  const mapLinks = mapSiteLinks(setup.config.general);

  const plugin = defineAlertPlugin<GymEvent, GymIndex>({
    kind: 'alert',
    name: 'gym',
    webhookTypes: ['gym', 'gym_details'],
    alertTypes: ['gym'],
    fallbacks: fileURLToPath(new URL('./fallbacks/', import.meta.url)),
    disableSwitches: GYM_CONFIG.disableSwitches,
    trackingTables: [{ table: GYM_TABLE, blockKind: 'gym', title: 'Gyms', order: 70, read: readGymRule, api: gymApi }],
    testData: { kind: 'gym', webhooks: TEST_WEBHOOKS },
    templateVariables: GYM_VARIABLES,
    commands: [gymCommand],
    describeRule: (table, row, ctx) => (table === GYM_TABLE ? describeGymRule(row, ctx) : ''),
    buildIndex: buildGymIndex,
    parse: (raw) => parseGym(raw, (gymId) => states.get(gymId)),
    observe: (event) => states.set(event.gymId, event.state),
    // `gym_details` webhooks too
    validationType: () => 'gym',
    locate: (event) => ({ latitude: event.latitude, longitude: event.longitude }),
    match: (event, snapshot, index, ctx) => matchGym(event, snapshot, index, ctx, settings),
    // the change is the event's own (parse compared it with the state then), so a later explanation sees the same one
    explainRule: (event, rule, ctx) => explainGymRule(event, rule, ctx, settings, setup.services.gameData()),
    eventIds: (event) => [event.gymId],
    enrich: async (event, ctx) => {
      const missing = missingFortName(setup, 'gym', event.gymId, event.name);
      const named = missing ? { ...event, name: await missing } : event;
      return gymView(named, setup.services.gameData(), { images: imagesOf(setup, event), clock: await clock(), now: ctx.now(), mapLinks: mapLinks(MAP_ENTITY.gym(event.gymId), event) });
    },
    enrichLanguage: (event, _view, scope) => gymLanguageView(event, setup.services.gameData(), scope),
    clientConfig: GYM_CLIENT_CONFIG,
  });
  return { plugin, states };
}

export default async function gymPlugin(setup: PluginSetup) {
  return (await createGymPlugin(setup)).plugin;
}
