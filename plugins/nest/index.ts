/**
 * The nest plugin: `nest` webhooks from a nest tool → `nest` alerts for the rules of the `nests` table (which
 * pokemon nests where, and how often it spawns). See README.md in this folder.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineAlertPlugin, type PluginSetup, type TestWebhook } from '../../core/contract.ts';
import { NEST_CONFIG } from './config.ts';
import { loadDayLocale } from '../../core/enrich/day-locale.ts';
import { eventClock } from '../../core/enrich/event-clock.ts';
import { MAP_ENTITY, mapSiteLinks } from '../../core/enrich/map-sites.ts';
import { nestApi } from './api.ts';
import { nestCommand } from './commands/nest.ts';
import { describeNestRule } from './commands/describe.ts';
import { nestLanguageView, nestView, type NestImages } from './enrich.ts';
import type { NestEvent } from './event.ts';
import { explainNestRule } from './explain.ts';
import { matchNest } from './match.ts';
import { parseNest } from './parse.ts';
import { buildNestIndex, NESTS_TABLE, readNestRule, type NestIndex } from './rule.ts';
import { NEST_VARIABLES } from './variables.ts';
import { NEST_ICON } from './icons.ts';

const TEST_WEBHOOKS = JSON.parse(readFileSync(new URL('./testdata.json', import.meta.url), 'utf8')) as TestWebhook[];

/** Nest reports repeat for the whole cycle; two weeks after the reset they may be forgotten. */
const NEST_LIFETIME_MS = 14 * 24 * 3600 * 1000;

function imagesOf(setup: PluginSetup, event: NestEvent): NestImages {
  const icons = setup.services.icons?.();
  const fallback = setup.config.fallbacks.img_url;
  if (!icons) return { imgUrl: fallback, imgUrlAlt: '', stickerUrl: '' };
  const look = { form: event.form };
  return {
    imgUrl: icons.image().orElse(fallback).pokemon(event.pokemonId, look),
    imgUrlAlt: icons.alt()?.pokemon(event.pokemonId, look) ?? '',
    stickerUrl: icons.sticker()?.pokemon(event.pokemonId, look) ?? '',
  };
}

/** the config keys and disable switches this plugin contributes (read before the file is validated) */
export { NEST_CONFIG as config } from './config.ts';

export default function nestPlugin(setup: PluginSetup) {
  // [locale] timeformat, loaded on the first alert (as the core's date variables do)
  let locale: Promise<string> | null = null;
  const clock = eventClock(setup.config.locale, setup.log);
  const mapLinks = mapSiteLinks(setup.config.general);
  return defineAlertPlugin<NestEvent, NestIndex>({
    kind: 'alert',
    name: 'nest',
    webhookTypes: ['nest'],
    alertTypes: ['nest'],
    fallbacks: fileURLToPath(new URL('./fallbacks/', import.meta.url)),
    disableSwitches: NEST_CONFIG.disableSwitches,
    trackingTables: [{ table: NESTS_TABLE, blockKind: 'nest', title: 'Nests', order: 80, read: readNestRule, api: nestApi }],
    testData: { kind: 'nest', webhooks: TEST_WEBHOOKS },
    templateVariables: NEST_VARIABLES,
    commands: [nestCommand],
    describeRule: (table, row, ctx) => (table === NESTS_TABLE ? describeNestRule(row, ctx) : ''),
    buildIndex: buildNestIndex,
    parse: (raw) => parseNest(raw),
    dedupeKey: (event) => `${event.nestId}_${event.pokemonId}_${event.resetTime}`,
    expiresAt: (event) => (event.resetTime > 0 ? event.resetTime * 1000 + NEST_LIFETIME_MS : null),
    locate: (event) => ({ latitude: event.latitude, longitude: event.longitude }),
    match: (event, snapshot, index, ctx) => matchNest(event, snapshot, index, ctx),
    explainRule: (event, rule, ctx) => explainNestRule(event, rule, ctx, setup.services.gameData()),
    eventIds: (event) => [event.nestId],
    enrich: async (event, ctx) => {
      locale ??= loadDayLocale(setup.config.locale.timeformat, setup.log);
      return nestView({
        event,
        gameData: setup.services.gameData(),
        images: imagesOf(setup, event),
        dateFormat: setup.config.locale.date,
        locale: await locale,
        clock: await clock(),
        now: ctx.now(),
        mapLinks: mapLinks(MAP_ENTITY.nest(event.nestId), event),
        shinyPossible: setup.services.shinyRates?.().possible(event.pokemonId) ?? false,
      });
    },
    enrichLanguage: (event, view, scope) => nestLanguageView(event, setup.services.gameData(), scope, view['shinyPossible'] === true),
    iconKinds: [NEST_ICON],
  });
}
