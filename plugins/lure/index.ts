/**
 * The lure plugin: lure modules on stops from `pokestop` webhooks (Golbat, RDM) → `lure` alerts for the rules
 * of the `lures` table. See README.md in this folder.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { eventClock } from '../../core/enrich/event-clock.ts';
import { MAP_ENTITY, mapSiteLinks } from '../../core/enrich/map-sites.ts';
import { defineAlertPlugin, type PluginSetup, type TestWebhook } from '../../core/contract.ts';
import { missingFortName } from '../../core/scanner-db/index.ts';
import { LURE_CONFIG } from './config.ts';
import { lureApi } from './api.ts';
import { describeLureRule, lureCommand } from './commands/index.ts';
import { lureLanguageView, lureView, type LureImages } from './enrich.ts';
import type { LureEvent } from './event.ts';
import { explainLureRule } from './explain.ts';
import { buildLureIndex, LURES_TABLE, matchLure, readLureRule, type LureIndex } from './match.ts';
import { parseLure } from './parse.ts';
import { LURE_VARIABLES } from './variables.ts';

const TEST_WEBHOOKS = JSON.parse(readFileSync(new URL('./testdata.json', import.meta.url), 'utf8')) as TestWebhook[];

function imagesOf(setup: PluginSetup, event: LureEvent): LureImages {
  const icons = setup.services.icons?.();
  const fallback = setup.config.fallbacks.img_url_stop;
  if (!icons) return { imgUrl: fallback, imgUrlAlt: '', stickerUrl: '' };
  const opts = { lure: event.lureId };
  return { imgUrl: icons.image().orElse(fallback).pokestop(opts), imgUrlAlt: icons.alt()?.pokestop(opts) ?? '', stickerUrl: icons.sticker()?.pokestop(opts) ?? '' };
}

/** the event with [fallbacks] stop_url as its stop photo when the webhook carries none */
function withStopPhoto(event: LureEvent, fallback: string): LureEvent {
  return event.stopUrl !== '' || fallback === '' ? event : { ...event, stopUrl: fallback };
}

/** the config keys and disable switches this plugin contributes (read before the file is validated) */
export { LURE_CONFIG as config } from './config.ts';

export default function lurePlugin(setup: PluginSetup) {
  const clock = eventClock(setup.config.locale, setup.log);
  const mapLinks = mapSiteLinks(setup.config.general);
  return defineAlertPlugin<LureEvent, LureIndex>({
    kind: 'alert',
    name: 'lure',
    webhookTypes: ['pokestop'],
    alertTypes: ['lure'],
    fallbacks: fileURLToPath(new URL('./fallbacks/', import.meta.url)),
    disableSwitches: LURE_CONFIG.disableSwitches,
    trackingTables: [{ table: LURES_TABLE, blockKind: 'lure', title: 'Lures', order: 60, read: readLureRule, api: lureApi }],
    testData: { kind: 'stop', webhooks: TEST_WEBHOOKS },
    templateVariables: LURE_VARIABLES,
    commands: [lureCommand],
    describeRule: (table, row, ctx) => (table === LURES_TABLE ? describeLureRule(row, ctx) : ''),
    buildIndex: buildLureIndex,
    parse: (raw) => parseLure(raw),
    dedupeKey: (event) => `${event.stopId}:${event.lureId}:${event.expiration}`,
    alertTypeOf: () => 'lure',
    expiresAt: (event) => event.expiration * 1000,
    // the same lure on the same stop, whatever its (revised) expiry: an `edit` rule's message is edited in place
    editKey: (event) => ({ key: `lure:${event.stopId}:${event.lureId}`, until: event.expiration * 1000 }),
    locate: (event) => ({ latitude: event.latitude, longitude: event.longitude }),
    match: (event, snapshot, index, ctx) => matchLure(event, snapshot, index, ctx),
    explainRule: (event, rule, ctx) => explainLureRule(event, rule, ctx),
    eventIds: (event) => [event.stopId],
    enrich: async (event) => {
      const missing = missingFortName(setup, 'pokestop', event.stopId, event.stopName);
      const named = missing ? { ...event, stopName: await missing } : event;
      return lureView(withStopPhoto(named, setup.config.fallbacks.stop_url), { gameData: setup.services.gameData(), images: imagesOf(setup, event), clock: await clock(), mapLinks: mapLinks(MAP_ENTITY.pokestop(event.stopId), event) });
    },
    enrichLanguage: (event, _view, scope) => lureLanguageView(event, setup.services.gameData(), scope),
  });
}
