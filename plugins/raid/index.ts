/**
 * The raid plugin: Golbat and RDM `raid` webhooks → `raid` alerts (boss known) for the rules of the `raid`
 * table and `egg` alerts (boss unknown) for the rules of the `egg` table. See README.md in this folder.
 */
import { ENGLISH_TEXTS } from '../../core/service-texts.ts';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { eventClock } from '../../core/enrich/event-clock.ts';
import { MAP_ENTITY, mapSiteLinks } from '../../core/enrich/map-sites.ts';
import { defineAlertPlugin, type PluginSetup, type TestWebhook } from '../../core/contract.ts';
import { missingFortName } from '../../core/scanner-db/index.ts';
import { changeTimeText, forecastChange, forecastVariables, NO_FORECAST_VARIABLES, staysPastTheHour, type ForecastChange } from '../../core/weather-forecast/index.ts';
import { RAID_CONFIG } from './config.ts';
import { eggApi, raidApi } from './api.ts';
import { describeEggRule, describeRaidRule, eggCommand, raidCommand } from './commands/index.ts';
import { raidView, type RaidImages } from './enrich.ts';
import { raidLanguageView } from './enrich-language.ts';
import { RAID_EGG_ICON } from './icons.ts';
import { isEgg, type RaidEvent } from './event.ts';
import { explainRaidRule } from './explain.ts';
import { matchRaid, type RaidFacts, type RaidMatchSettings } from './match.ts';
import { parseRaid } from './parse.ts';
import { buildRaidIndex, type RaidIndex } from './rule-index.ts';
import { EGG_TABLE, RAID_TABLE, readEggRule, readRaidRule } from './rule.ts';
import { raidEditKey, RSVP_UPDATE_TYPE } from './edit-key.ts';
import { raidIdentity, RsvpMemory, rsvpSignature } from './rsvp-memory.ts';
import { RAID_VARIABLES } from './variables.ts';

const TEST_WEBHOOKS = JSON.parse(readFileSync(new URL('./testdata.json', import.meta.url), 'utf8')) as TestWebhook[];

function imagesOf(setup: PluginSetup, event: RaidEvent): RaidImages {
  const icons = setup.services.icons?.();
  const fallback = isEgg(event) ? setup.config.fallbacks.img_url_egg : setup.config.fallbacks.img_url;
  if (!icons) return { imgUrl: fallback, imgUrlAlt: '', stickerUrl: '' };
  const look = { form: event.form, evolution: event.evolution, gender: event.gender, costume: event.costume, alignment: event.alignment };
  const egg = { ex: event.exEligible };
  const pick = (set: ReturnType<typeof icons.image> | null): string => {
    if (!set) return '';
    return isEgg(event) ? set.icon(RAID_EGG_ICON, event.level, egg) : set.pokemon(event.pokemonId, look);
  };
  return { imgUrl: pick(icons.image().orElse(fallback)), imgUrlAlt: pick(icons.alt()), stickerUrl: pick(icons.sticker()) };
}

/** the current weather of the gym's weather cell as some plugin published it; null when unknown */
function cellWeatherOf(setup: PluginSetup, event: RaidEvent): number | null {
  return setup.services.weatherCells?.().at(event.latitude, event.longitude) ?? null;
}

/** unix seconds the alert counts down to: the hatch for an egg, the end for a raid */
function countdownEnd(event: RaidEvent): number {
  return isEgg(event) ? event.start : event.end;
}

/** the config keys and disable switches this plugin contributes (read before the file is validated) */
export { RAID_CONFIG as config } from './config.ts';

export default function raidPlugin(setup: PluginSetup) {
  const { config } = setup;
  const texts = setup.services.texts?.() ?? ENGLISH_TEXTS;
  const clock = eventClock(config.locale, setup.log);
  const mapLinks = mapSiteLinks(config.general);
  const rsvps = new RsvpMemory();
  /** the forecast notice of a hatched raid (as the previous generation gave it); forecasts off: one check */
  const foreseenChange = (event: RaidEvent, cellWeather: number | null, now: number, preview: boolean): ForecastChange | null => {
    const forecast = setup.services.weatherForecast?.().forecast;
    if (!forecast || isEgg(event) || !staysPastTheHour(event.end, now)) return null;
    const hours = preview ? forecast.known(event.latitude, event.longitude, now) : forecast.at(event.latitude, event.longitude, now);
    const gameData = setup.services.gameData();
    const typeIds = gameData.pokemon(event.pokemonId, event.form).types.map((t) => t.id);
    return forecastChange(gameData, { typeIds, weather: cellWeather ?? 0, endsAt: event.end }, hours, now);
  };
  /**
   * What the matcher is told besides the event's fields. `rsvpUpdate` is what `observe` found when the event came in
   * (kept with the event object, rsvp-memory.ts), so an explanation made later for the same event gets the same
   * facts however the memory moved on since; an event the memory never saw counts as a first announcement.
   */
  const facts = (event: RaidEvent, now: number): RaidFacts => ({ secondsLeft: countdownEnd(event) - now / 1000, rsvpUpdate: rsvps.isUpdate(event) });
  const settings: RaidMatchSettings = {
    alertMinimumTime: config.general.alert_minimum_time,
    ignoreLongRaids: RAID_CONFIG.read(config).general.ignore_long_raids,
  };

  return defineAlertPlugin<RaidEvent, RaidIndex>({
    kind: 'alert',
    name: 'raid',
    webhookTypes: ['raid'],
    alertTypes: ['raid', 'egg', RSVP_UPDATE_TYPE],
    fallbacks: fileURLToPath(new URL('./fallbacks/', import.meta.url)),
    disableSwitches: RAID_CONFIG.disableSwitches,
    trackingTables: [
      { table: RAID_TABLE, blockKind: 'raid', title: 'Raids', order: 20, read: readRaidRule, api: raidApi },
      { table: EGG_TABLE, blockKind: 'egg', title: 'Eggs', order: 30, read: readEggRule, api: eggApi },
    ],
    testData: { kind: 'raid', webhooks: TEST_WEBHOOKS },
    templateVariables: RAID_VARIABLES,
    commands: [raidCommand, eggCommand],
    describeRule: (table, row, ctx) => {
      if (table === RAID_TABLE) return describeRaidRule(row, ctx);
      return table === EGG_TABLE ? describeEggRule(row, ctx) : '';
    },
    buildIndex: buildRaidIndex,
    parse: (raw) => parseRaid(raw),
    dedupeKey: (event) => `${raidIdentity(event)}:${rsvpSignature(event)}`,
    alertTypeOf: (event) => (isEgg(event) ? 'egg' : 'raid'),
    validationType: (event) => (isEgg(event) ? 'egg' : 'raid'),
    expiresAt: (event) => countdownEnd(event) * 1000,
    editKey: (event) => raidEditKey(event, rsvps.isUpdate(event)),
    locate: (event) => ({ latitude: event.latitude, longitude: event.longitude }),
    observe: (event, ctx) => rsvps.record(event, ctx.now()),
    match: (event, snapshot, index, ctx) => matchRaid(event, facts(event, ctx.now()), snapshot, index, ctx, settings),
    explainRule: (event, rule, ctx) => explainRaidRule(event, rule, ctx, facts(event, ctx.now()), settings, setup.services.gameData()),
    eventIds: (event) => [event.gymId],
    enrich: async (event, ctx) => {
      const missing = missingFortName(setup, 'gym', event.gymId, event.gymName);
      const c = await clock();
      const cellWeather = cellWeatherOf(setup, event);
      const change = foreseenChange(event, cellWeather, ctx.now(), ctx.preview === true);
      return raidView({
        event: missing ? { ...event, gymName: await missing } : event,
        gameData: setup.services.gameData(),
        images: imagesOf(setup, event),
        cellWeather,
        clock: c,
        now: ctx.now(),
        mapLinks: mapLinks(MAP_ENTITY.gym(event.gymId), event),
        shinyPossible: setup.services.shinyRates?.().possible(event.pokemonId) ?? false,
        forecast: change
          ? forecastVariables(setup.services.gameData(), change, changeTimeText(c, change.changeHour, c.zoneAt(event.latitude, event.longitude), config.locale.time))
          : NO_FORECAST_VARIABLES,
      });
    },
    enrichLanguage: (event, view, scope) =>
      raidLanguageView(event, setup.services.gameData(), scope, {
        boostWeatherId: Number(view['boostWeatherId']) || 0,
        gameWeatherId: Number(view['gameWeatherId']) || 0,
        shinyPossible: view['shinyPossible'] === true,
      }, view, texts),
    iconKinds: [RAID_EGG_ICON],
  });
}
