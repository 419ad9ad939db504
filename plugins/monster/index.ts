/**
 * The monster plugin: wild pokemon from Golbat and RDM `pokemon` webhooks → `monster` (with IV), `monsterChanged` and
 * `monsterNoIv` alerts for the rules of the `monsters` table. See README.md in this folder.
 */
import { ENGLISH_TEXTS } from '../../core/service-texts.ts';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineAlertPlugin, type PluginSetup, type TestWebhook, type View } from '../../core/contract.ts';
import { eventClock, type EventClock } from '../../core/enrich/event-clock.ts';
import { MAP_ENTITY, mapSiteLinks } from '../../core/enrich/map-sites.ts';
import { missingFortName } from '../../core/scanner-db/index.ts';
import { MONSTER_CONFIG } from './config.ts';
import { monsterApi } from './api.ts';
import { MONSTER_CLIENT_CONFIG } from './client-config.ts';
import { describeMonsterRule, trackCommand, untrackCommand } from './commands/index.ts';
import { monsterView, type MonsterImages } from './enrich.ts';
import { monsterLanguageView } from './enrich-language.ts';
import type { MonsterEvent } from './event.ts';
import { explainMonsterRule } from './explain.ts';
import { matchMonster, type MonsterFacts, type MonsterMatch, type MonsterMatchSettings } from './match.ts';
import { parseMonster } from './parse.ts';
import { displayBounds, filterBounds, rankSelector, selectRanks } from './pvp-select.ts';
import { pvpVariables, trackedRanks } from './pvp-view.ts';
import { buildMonsterIndex, type MonsterIndex } from './rule-index.ts';
import { REFRESH_ROUTE } from './refresh-route.ts';
import { MONSTERS_TABLE, readMonsterRule } from './rule.ts';
import { SightingStats } from './sightings.ts';
import { CHANGED_ALERT_TYPE, ChangeTracking, exampleChangeVariables, trackingDedupeKey } from './change-tracking.ts';
import { MONSTER_VARIABLES } from './variables.ts';
import { EVENTS_SOURCE, futureEventFor } from './game-events.ts';
import { changeTimeText, forecastChange, forecastVariables, NO_FORECAST_VARIABLES, staysPastTheHour, type ForecastChange } from '../../core/weather-forecast/index.ts';

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

/**
 * The recipient's own variables: the defaults are in the event's view, only what differs is laid on. With
 * `[pvp] filter_by_track`, a recipient whose matching rules filter on PVP ranks sees only those ranks listed.
 */
function targetVariables(match: MonsterMatch, tracked: View | null): View {
  const ranking = match.pvpUserRanking ?? 0;
  const distance = match.trackDistance ?? 0;
  if (!match.userHasPvpTracks && ranking === 0 && distance === 0 && !tracked) return {};
  return { userHasPvpTracks: match.userHasPvpTracks === true, pvpUserRanking: ranking, userDistanceTrack: distance > 0, userTrackDistance: distance, ...tracked };
}

/** the raw webhook of a sighting the explain history keeps: left out */
const NO_RAW: Readonly<Record<string, unknown>> = Object.freeze({});

export default function monsterPlugin(setup: PluginSetup) {
  const { config } = setup;
  const texts = setup.services.texts?.() ?? ENGLISH_TEXTS;
  // the shiny rates are shared for the shinyPossible of raids, nests and quests
  const stats = new SightingStats(config.stats, (rates) => setup.services.shinyRates?.().publish(rates));
  const { pvp, tracking } = MONSTER_CONFIG.read(config);
  // change events of one encounter: with the key off (or no sent-message memory to find earlier alerts in), no
  // encounter memory and no hook of its own
  const changes = tracking.pokemon_change_tracking && config.tuning.sent_message_memory > 0 ? new ChangeTracking() : null;
  if (tracking.pokemon_change_tracking && !changes) setup.log.warn('[tracking] pokemon_change_tracking does nothing while [tuning] sent_message_memory is 0');
  const filter = filterBounds(pvp);
  const displayRanks = rankSelector(displayBounds(pvp));
  // every rank of the event for `pvp_rankings_<league>_league` (megas only when the operator includes them)
  const allRanks = rankSelector({ maxRank: Number.POSITIVE_INFINITY, minCp: { 500: 0, 1500: 0, 2500: 0 }, levelCaps: [], includeMega: pvp.include_mega_evolution });
  const pvpDisplay = { maxRank: pvp.display_max_rank, greatMinCp: pvp.display_great_min_cp, ultraMinCp: pvp.display_ultra_min_cp, littleMinCp: pvp.display_little_min_cp };
  const mapLinks = mapSiteLinks(config.general);
  const settings: MonsterMatchSettings = {
    alertMinimumTime: config.general.alert_minimum_time,
    evolutionDirectTracking: pvp.evolution_direct_tracking,
    filterByTrack: pvp.filter_by_track,
  };
  const clock = eventClock(config.locale, setup.log);
  /** the forecast notice; without an installed forecast ([weather] enable_forecast off) one check and nothing else */
  const foreseenChange = (event: MonsterEvent, now: number, preview: boolean): ForecastChange | null => {
    const forecast = setup.services.weatherForecast?.().forecast;
    if (!forecast || !staysPastTheHour(event.disappearTime, now)) return null;
    const hours = preview ? forecast.known(event.latitude, event.longitude, now) : forecast.at(event.latitude, event.longitude, now);
    const gameData = setup.services.gameData();
    const typeIds = gameData.pokemon(event.pokemonId, event.form).types.map((t) => t.id);
    return forecastChange(gameData, { typeIds, weather: event.weather, endsAt: event.disappearTime }, hours, now);
  };
  const speciesName = (pokemonId: number, form: number): string => {
    if (pokemonId === 0) return 'every pokemon';
    const info = setup.services.gameData().pokemon(pokemonId, form);
    return form === 0 || info.formName === '' ? info.name : `${info.name} (${info.formName})`;
  };
  const facts = (event: MonsterEvent, now: number): MonsterFacts => ({
    secondsLeft: event.disappearTime ? event.disappearTime - now / 1000 : null,
    rarity: stats.rarityOf(event.pokemonId),
    ranks: selectRanks(event, filter),
  });

  const forecastOf = (c: EventClock, change: ForecastChange, event: MonsterEvent): Readonly<Record<string, unknown>> =>
    forecastVariables(setup.services.gameData(), change, changeTimeText(c, change.changeHour, c.zoneAt(event.latitude, event.longitude), config.locale.time));
  const monsterViewOf = (event: MonsterEvent, now: number, forecast: Readonly<Record<string, unknown>>): View =>
    monsterView({
      event,
      gameData: setup.services.gameData(),
      now,
      pvpDisplay,
      mapLinks: mapLinks(MAP_ENTITY.pokemon(event.encounterId), event),
      displayRanks: displayRanks(event),
      levelCaps: pvp.level_caps,
      rarity: stats.rarityOf(event.pokemonId),
      shinyRate: stats.shinyRate(event.pokemonId),
      images: imagesOf(setup, event),
      futureEvent: futureEventFor(setup.services.gameData(), event, now),
      forecast,
    });

  return defineAlertPlugin<MonsterEvent, MonsterIndex>({
    kind: 'alert',
    name: 'monster',
    webhookTypes: ['pokemon'],
    alertTypes: ['monster', 'monsterNoIv', CHANGED_ALERT_TYPE],
    fallbacks: fileURLToPath(new URL('./fallbacks/', import.meta.url)),
    disableSwitches: MONSTER_CONFIG.disableSwitches,
    trackingTables: [{ table: MONSTERS_TABLE, blockKind: 'monster', title: 'Pokemon', order: 10, read: readMonsterRule, api: monsterApi }],
    testData: { kind: 'creature', webhooks: TEST_WEBHOOKS },
    gameDataSources: [EVENTS_SOURCE],
    templateVariables: MONSTER_VARIABLES,
    commands: [trackCommand, untrackCommand],
    describeRule: (table, row, ctx) => (table === MONSTERS_TABLE ? describeMonsterRule(row, ctx) : ''),
    buildIndex: buildMonsterIndex,
    parse: (raw) => parseMonster(raw),
    dedupeKey: changes ? trackingDedupeKey : (event) => `${event.encounterId}:${event.stats?.cp ?? ''}:${event.disappearTime}`,
    alertTypeOf: (event) => (event.stats ? 'monster' : 'monsterNoIv'),
    expiresAt: (event) => (event.disappearTime ? event.disappearTime * 1000 : null),
    locate: (event) => ({ latitude: event.latitude, longitude: event.longitude }),
    observe: changes
      ? (event, ctx) => {
          stats.record(event.pokemonId, event.stats !== null, event.shiny, ctx.now());
          changes.observe(event, ctx.now());
        }
      : (event, ctx) => stats.record(event.pokemonId, event.stats !== null, event.shiny, ctx.now()),
    ...(changes
      ? { editKey: (event: MonsterEvent) => changes.editKey(event), followUpKey: (event: MonsterEvent) => changes.followUpKey(event), repliesToEarlier: true }
      : {}),
    match: (event, snapshot, index, ctx) => matchMonster(event, facts(event, ctx.now()), snapshot, index, ctx, settings),
    explainRule: (event, rule, ctx) => explainMonsterRule(event, rule, ctx, facts(event, ctx.now()), settings, speciesName),
    eventIds: (event) => [event.encounterId, ...(event.spawnpointId ? [event.spawnpointId] : [])],
    // the explanation never reads the raw webhook (its PVP lists are already parsed): half a sighting's memory
    historyCopy: (event) => ({ ...event, raw: NO_RAW }),
    previewVariables: (alertType, event, _view, scope) => (alertType === CHANGED_ALERT_TYPE ? exampleChangeVariables(event, setup.services.gameData(), scope.language) : null),
    enrich: (event, ctx) => {
      const now = ctx.now();
      const missing = missingFortName(setup, 'pokestop', event.pokestopId, event.pokestopName);
      const change = foreseenChange(event, now, ctx.preview === true);
      if (!missing && !change) return monsterViewOf(event, now, NO_FORECAST_VARIABLES);
      return (async () => {
        const named = missing ? { ...event, pokestopName: await missing } : event;
        const forecast = change ? forecastOf(await clock(), change, event) : NO_FORECAST_VARIABLES;
        return monsterViewOf(named, now, forecast);
      })();
    },
    enrichLanguage: (event, view, scope) => {
      const own = monsterLanguageView({
        event,
        gameData: setup.services.gameData(),
        scope,
        displayRanks: displayRanks(event),
        allRanks: allRanks(event),
        levelCaps: pvp.level_caps,
        rarity: stats.rarityOf(event.pokemonId),
        shinyPossible: view.shinyPossible === true,
        despawnTime: typeof view['time'] === 'string' ? view['time'] : '',
        view,
        texts,
      });
      const changed = changes?.languageVariables(event, setup.services.gameData(), scope.language);
      return changed ? { ...own, ...changed } : own;
    },
    enrichTarget: (event, _view, match) => {
      const filters = pvp.filter_by_track ? (match as MonsterMatch).pvpFilters : undefined;
      const lang = match.human.language ?? config.general.locale;
      const tracked = filters ? pvpVariables(setup.services.gameData(), trackedRanks(displayRanks(event), filters), pvp.level_caps, lang) : null;
      return targetVariables(match as MonsterMatch, tracked);
    },
    apiRoutes: [REFRESH_ROUTE],
    clientConfig: MONSTER_CLIENT_CONFIG,
  });
}
