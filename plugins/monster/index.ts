/**
 * The monster plugin: wild pokemon from Golbat and RDM `pokemon` webhooks → `monster` (with IV) and
 * `monsterNoIv` alerts for the rules of the `monsters` table. See README.md in this folder.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineAlertPlugin, type PluginSetup, type TestWebhook } from '../../core/contract.ts';
import { MONSTER_CONFIG } from './config.ts';
import { monsterApi } from './api.ts';
import { MONSTER_CLIENT_CONFIG } from './client-config.ts';
import { describeMonsterRule, trackCommand, untrackCommand } from './commands/index.ts';
import { monsterView, type MonsterImages } from './enrich.ts';
import { monsterLanguageView } from './enrich-language.ts';
import type { MonsterEvent } from './event.ts';
import { matchMonster, type MonsterFacts, type MonsterMatch, type MonsterMatchSettings } from './match.ts';
import { parseMonster } from './parse.ts';
import { displayBounds, filterBounds, rankSelector, selectRanks } from './pvp-select.ts';
import { buildMonsterIndex, type MonsterIndex } from './rule-index.ts';
import { REFRESH_ROUTE } from './refresh-route.ts';
import { MONSTERS_TABLE, readMonsterRule } from './rule.ts';
import { SightingStats } from './sightings.ts';
import { MONSTER_VARIABLES } from './variables.ts';

const TEST_WEBHOOKS = JSON.parse(readFileSync(new URL('./testdata.json', import.meta.url), 'utf8')) as TestWebhook[];

function imagesOf(setup: PluginSetup, event: MonsterEvent): MonsterImages {
  const icons = setup.services.icons?.();
  const fallback = setup.config.fallbacks.img_url;
  if (!icons) return { imgUrl: fallback, imgUrlAlt: '', stickerUrl: '' };
  const look = { form: event.form, gender: event.gender, costume: event.costume, shiny: setup.config.general.request_shiny_images && event.shiny === true };
  return {
    imgUrl: icons.image().orElse(fallback).pokemon(event.pokemonId, look),
    imgUrlAlt: icons.alt()?.pokemon(event.pokemonId, look) ?? '',
    stickerUrl: icons.sticker()?.pokemon(event.pokemonId, look) ?? '',
  };
}

/** the config keys and disable switches this plugin contributes (read before the file is validated) */
export { MONSTER_CONFIG as config } from './config.ts';

export default function monsterPlugin(setup: PluginSetup) {
  const { config } = setup;
  const stats = new SightingStats(config.stats);
  const { pvp } = MONSTER_CONFIG.read(config);
  const filter = filterBounds(pvp);
  const displayRanks = rankSelector(displayBounds(pvp));
  const settings: MonsterMatchSettings = {
    alertMinimumTime: config.general.alert_minimum_time,
    evolutionDirectTracking: pvp.evolution_direct_tracking,
  };
  const facts = (event: MonsterEvent, now: number): MonsterFacts => ({
    secondsLeft: event.disappearTime ? event.disappearTime - now / 1000 : null,
    rarity: stats.rarityOf(event.pokemonId),
    ranks: selectRanks(event, filter),
  });

  return defineAlertPlugin<MonsterEvent, MonsterIndex>({
    kind: 'alert',
    name: 'monster',
    webhookTypes: ['pokemon'],
    alertTypes: ['monster', 'monsterNoIv'],
    fallbacks: fileURLToPath(new URL('./fallbacks/', import.meta.url)),
    disableSwitches: MONSTER_CONFIG.disableSwitches,
    trackingTables: [{ table: MONSTERS_TABLE, blockKind: 'monster', title: 'Pokemon', order: 10, read: readMonsterRule, api: monsterApi }],
    testData: { kind: 'creature', webhooks: TEST_WEBHOOKS },
    templateVariables: MONSTER_VARIABLES,
    commands: [trackCommand, untrackCommand],
    describeRule: (table, row, ctx) => (table === MONSTERS_TABLE ? describeMonsterRule(row, ctx) : ''),
    buildIndex: buildMonsterIndex,
    parse: (raw) => parseMonster(raw),
    dedupeKey: (event) => `${event.encounterId}:${event.stats?.cp ?? ''}:${event.disappearTime}`,
    alertTypeOf: (event) => (event.stats ? 'monster' : 'monsterNoIv'),
    expiresAt: (event) => (event.disappearTime ? event.disappearTime * 1000 : null),
    locate: (event) => ({ latitude: event.latitude, longitude: event.longitude }),
    observe: (event, ctx) => stats.record(event.pokemonId, event.stats !== null, event.shiny, ctx.now()),
    match: (event, snapshot, index, ctx) => matchMonster(event, facts(event, ctx.now()), snapshot, index, ctx, settings),
    enrich: (event) =>
      monsterView({
        event,
        gameData: setup.services.gameData(),
        displayRanks: displayRanks(event),
        levelCaps: pvp.level_caps,
        rarity: stats.rarityOf(event.pokemonId),
        shinyRate: stats.shinyRate(event.pokemonId),
        images: imagesOf(setup, event),
      }),
    enrichLanguage: (event, view, scope) =>
      monsterLanguageView({
        event,
        gameData: setup.services.gameData(),
        scope,
        displayRanks: displayRanks(event),
        levelCaps: pvp.level_caps,
        rarity: stats.rarityOf(event.pokemonId),
        shinyPossible: view.shinyPossible === true,
      }),
    enrichTarget: (_event, _view, match) => ((match as MonsterMatch).userHasPvpTracks ? { userHasPvpTracks: true } : {}),
    apiRoutes: [REFRESH_ROUTE],
    clientConfig: MONSTER_CLIENT_CONFIG,
  });
}
