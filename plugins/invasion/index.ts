/**
 * The invasion plugin: Team Rocket invasions and stop events from `invasion` webhooks (Golbat, RDM) and from
 * the legacy incident fields of `pokestop` payloads → `invasion` alerts for the rules of the `invasion`
 * table. See README.md in this folder.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { eventClock } from '../../core/enrich/event-clock.ts';
import { MAP_ENTITY, mapSiteLinks } from '../../core/enrich/map-sites.ts';
import { defineAlertPlugin, type PluginSetup, type TestWebhook } from '../../core/contract.ts';
import { missingFortName } from '../../core/scanner-db/index.ts';
import { INVASION_CONFIG } from './config.ts';
import { invasionApi } from './api.ts';
import { describeInvasionRule, incidentCommand } from './commands/index.ts';
import { invasionLanguageView, invasionView, type InvasionImages } from './enrich.ts';
import type { InvasionEvent } from './event.ts';
import { explainInvasionRule } from './explain.ts';
import { gruntsOf, INVASIONS_SOURCE } from './gamedata/grunts.ts';
import { gruntsRoute } from './gamedata/route.ts';
import { gruntTypeKey, isStopEvent } from './grunt-type.ts';
import { buildInvasionIndex, matchInvasion, type GruntFacts, type InvasionIndex } from './match.ts';
import { parseInvasionMessage, parseStopIncident } from './parse.ts';
import { INVASION_TABLE, readInvasionRule } from './rule.ts';
import { INVASION_VARIABLES } from './variables.ts';
import { INVASION_ICON } from './icons.ts';

const TEST_WEBHOOKS = JSON.parse(readFileSync(new URL('./testdata.json', import.meta.url), 'utf8')) as TestWebhook[];

/** [general] settings the plugin reads. */
export interface InvasionSettings {
  /** alert again when Golbat confirms the lineup of an incident already alerted */
  readonly processConfirmedLineups: boolean;
  /** ignore grunt invasions whose lineup is not confirmed (stop events still alert) */
  readonly disableUnconfirmed: boolean;
}

function imagesOf(setup: PluginSetup, event: InvasionEvent): InvasionImages {
  const icons = setup.services.icons?.();
  const fallback = setup.config.fallbacks.img_url_stop;
  if (!icons) return { imgUrl: fallback, imgUrlAlt: '', stickerUrl: '' };
  const id = event.gruntTypeId;
  return { imgUrl: icons.image().orElse(fallback).icon(INVASION_ICON, id), imgUrlAlt: icons.alt()?.icon(INVASION_ICON, id) ?? '', stickerUrl: icons.sticker()?.icon(INVASION_ICON, id) ?? '' };
}

/** the event with [fallbacks] stop_url as its stop photo when the webhook carries none */
function withStopPhoto(event: InvasionEvent, fallback: string): InvasionEvent {
  return event.stopUrl !== '' || fallback === '' ? event : { ...event, stopUrl: fallback };
}

/** the dedupe key: the same incident with or without its lineup is one alert, unless confirmed lineups re-alert */
export function invasionDedupeKey(event: InvasionEvent, settings: InvasionSettings): string {
  const base = `${event.stopId}:${event.incidentId}:${event.gruntTypeId}:${event.expiration}`;
  return settings.processConfirmedLineups && event.confirmed ? `${base}:confirmed` : base;
}

/** the config keys and disable switches this plugin contributes (read before the file is validated) */
export { INVASION_CONFIG as config } from './config.ts';

export default function invasionPlugin(setup: PluginSetup) {
  const { general } = INVASION_CONFIG.read(setup.config);
  const clock = eventClock(setup.config.locale, setup.log);
  const mapLinks = mapSiteLinks(setup.config.general);
  const settings: InvasionSettings = {
    processConfirmedLineups: general.process_confirmed_invasion_lineups,
    disableUnconfirmed: general.disable_unconfirmed_invasion,
  };
  const factsOf = (event: InvasionEvent): GruntFacts => {
    const info = gruntsOf(setup.services.gameData()).grunt(event.gruntTypeId);
    const stopEvent = isStopEvent(event.displayType);
    return { typeKey: gruntTypeKey(info, event.displayType), gender: stopEvent ? 0 : info.gender, boss: !stopEvent && info.boss };
  };

  return defineAlertPlugin<InvasionEvent, InvasionIndex>({
    kind: 'alert',
    name: 'invasion',
    webhookTypes: ['invasion', 'pokestop'],
    alertTypes: ['invasion'],
    fallbacks: fileURLToPath(new URL('./fallbacks/', import.meta.url)),
    disableSwitches: INVASION_CONFIG.disableSwitches,
    trackingTables: [{ table: INVASION_TABLE, blockKind: 'invasion', title: 'Invasions', order: 50, read: readInvasionRule, api: invasionApi }],
    testData: { kind: 'stop', webhooks: TEST_WEBHOOKS },
    templateVariables: INVASION_VARIABLES,
    commands: [incidentCommand],
    describeRule: (table, row, ctx) => (table === INVASION_TABLE ? describeInvasionRule(row, ctx) : ''),
    buildIndex: buildInvasionIndex,
    parse: (raw, ctx) => {
      const outcome = ctx.meta.webhookType === 'pokestop' ? parseStopIncident(raw) : parseInvasionMessage(raw);
      if (outcome.ok && settings.disableUnconfirmed && !outcome.event.confirmed && !isStopEvent(outcome.event.displayType)) {
        return { ok: false, reason: 'unconfirmed invasion ([general] disable_unconfirmed_invasion)', skip: true };
      }
      return outcome;
    },
    dedupeKey: (event) => invasionDedupeKey(event, settings),
    alertTypeOf: () => 'invasion',
    // an invasion carried by a `pokestop` webhook too
    validationType: () => 'invasion',
    expiresAt: (event) => (event.expiration > 0 ? event.expiration * 1000 : null),
    locate: (event) => ({ latitude: event.latitude, longitude: event.longitude }),
    match: (event, snapshot, index, ctx) => matchInvasion(event, factsOf(event), snapshot, index, ctx),
    explainRule: (event, rule, ctx) => explainInvasionRule(event, rule, ctx, factsOf(event)),
    // the stop, and the incident when the scanner names it apart (parse falls back to the stop id)
    eventIds: (event) => (event.incidentId === '' || event.incidentId === event.stopId ? [event.stopId] : [event.stopId, event.incidentId]),
    enrich: async (event) => {
      const missing = missingFortName(setup, 'pokestop', event.stopId, event.stopName);
      const named = missing ? { ...event, stopName: await missing } : event;
      return invasionView(withStopPhoto(named, setup.config.fallbacks.stop_url), setup.services.gameData(), {
        images: imagesOf(setup, event),
        clock: await clock(),
        cellWeather: setup.services.weatherCells?.().at(event.latitude, event.longitude) ?? null,
        mapLinks: mapLinks(MAP_ENTITY.pokestop(event.stopId), event),
      });
    },
    enrichLanguage: (event, view, scope) => invasionLanguageView(event, setup.services.gameData(), scope, Number(view['gameWeatherId']) || 0),
    gameDataSources: [INVASIONS_SOURCE],
    iconKinds: [INVASION_ICON],
    apiRoutes: [gruntsRoute(() => setup.services.gameData())],
  });
}
