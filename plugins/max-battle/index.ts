/**
 * The max battle plugin: Golbat `max_battle` webhooks (Dynamax and Gigantamax battles at power spots) →
 * `maxbattle` alerts for the rules of the `maxbattle` table. See README.md in this folder.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { eventClock } from '../../core/enrich/event-clock.ts';
import { MAP_ENTITY, mapSiteLinks } from '../../core/enrich/map-sites.ts';
import { defineAlertPlugin, type PluginSetup, type TestWebhook } from '../../core/contract.ts';
import { missingFortName } from '../../core/scanner-db/index.ts';
import { MAX_BATTLE_CONFIG } from './config.ts';
import { maxBattleApi } from './api.ts';
import { describeMaxBattleRule } from './commands/describe.ts';
import { maxBattleCommand } from './commands/maxbattle.ts';
import { maxBattleLanguageView, maxBattleView, type MaxBattleImages } from './enrich.ts';
import type { MaxBattleEvent } from './event.ts';
import { explainMaxBattleRule } from './explain.ts';
import { matchMaxBattle } from './match.ts';
import { parseMaxBattle } from './parse.ts';
import { buildMaxBattleIndex, MAXBATTLE_TABLE, readMaxBattleRule, type MaxBattleIndex } from './rule.ts';
import { MAXBATTLE_VARIABLES } from './variables.ts';

const TEST_WEBHOOKS = JSON.parse(readFileSync(new URL('./testdata.json', import.meta.url), 'utf8')) as TestWebhook[];

function imagesOf(setup: PluginSetup, event: MaxBattleEvent): MaxBattleImages {
  const icons = setup.services.icons?.();
  const fallback = setup.config.fallbacks.img_url;
  if (!icons) return { imgUrl: fallback, imgUrlAlt: '', stickerUrl: '' };
  if (event.pokemonId === 0) return { imgUrl: '', imgUrlAlt: '', stickerUrl: '' };
  const look = { form: event.form, gender: event.gender, costume: event.costume, alignment: event.alignment, bread: event.breadMode };
  return {
    imgUrl: icons.image().orElse(fallback).pokemon(event.pokemonId, look),
    imgUrlAlt: icons.alt()?.pokemon(event.pokemonId, look) ?? '',
    stickerUrl: icons.sticker()?.pokemon(event.pokemonId, look) ?? '',
  };
}

/** the config keys and disable switches this plugin contributes (read before the file is validated) */
export { MAX_BATTLE_CONFIG as config } from './config.ts';

export default function maxBattlePlugin(setup: PluginSetup) {
  const clock = eventClock(setup.config.locale, setup.log);
  const mapLinks = mapSiteLinks(setup.config.general);
  return defineAlertPlugin<MaxBattleEvent, MaxBattleIndex>({
    kind: 'alert',
    name: 'max-battle',
    webhookTypes: ['max_battle'],
    alertTypes: ['maxbattle'],
    fallbacks: fileURLToPath(new URL('./fallbacks/', import.meta.url)),
    disableSwitches: MAX_BATTLE_CONFIG.disableSwitches,
    trackingTables: [{ table: MAXBATTLE_TABLE, blockKind: 'maxbattle', title: 'Max Battles', order: 100, read: readMaxBattleRule, api: maxBattleApi }],
    testData: { kind: 'max-battle', webhooks: TEST_WEBHOOKS },
    templateVariables: MAXBATTLE_VARIABLES,
    commands: [maxBattleCommand],
    describeRule: (table, row, ctx) => (table === MAXBATTLE_TABLE ? describeMaxBattleRule(row, ctx) : ''),
    buildIndex: buildMaxBattleIndex,
    parse: (raw) => parseMaxBattle(raw),
    dedupeKey: (event) => `${event.stationId}:${event.battleEnd}:${event.level}:${event.pokemonId}:${event.form}`,
    expiresAt: (event) => (event.battleEnd ? event.battleEnd * 1000 : null),
    locate: (event) => ({ latitude: event.latitude, longitude: event.longitude }),
    match: (event, snapshot, index, ctx) => matchMaxBattle(event, snapshot, index, ctx),
    explainRule: (event, rule, ctx) => explainMaxBattleRule(event, rule, ctx, setup.services.gameData()),
    eventIds: (event) => [event.stationId],
    enrich: async (event) => {
      const missing = missingFortName(setup, 'station', event.stationId, event.stationName);
      const named = missing ? { ...event, stationName: await missing } : event;
      return maxBattleView(named, setup.services.gameData(), {
        images: imagesOf(setup, event),
        clock: await clock(),
        cellWeather: setup.services.weatherCells?.().at(event.latitude, event.longitude) ?? null,
        mapLinks: mapLinks(MAP_ENTITY.station(event.stationId), event),
      });
    },
    enrichLanguage: (event, view, scope) =>
      maxBattleLanguageView(event, setup.services.gameData(), scope, Number(view['boostWeatherId']) || 0, Number(view['gameWeatherId']) || 0),
  });
}
