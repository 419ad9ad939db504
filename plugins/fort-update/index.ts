/**
 * The fort-update plugin: Golbat `fort_update` webhooks (a gym or stop appeared, was edited or removed) →
 * `fort-update` alerts for the rules of the `forts` table. See README.md in this folder.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MAP_ENTITY, mapSiteLinks, type MapEntity } from '../../core/enrich/map-sites.ts';
import { defineAlertPlugin, type PluginSetup, type TestWebhook } from '../../core/contract.ts';
import { missingFortName } from '../../core/scanner-db/index.ts';
import { FORT_UPDATE_CONFIG } from './config.ts';
import { fortApi } from './api.ts';
import { describeFortRule, fortCommand } from './commands/index.ts';
import { fortView, type FortImages } from './enrich.ts';
import { fortLanguageView } from './enrich-language.ts';
import type { FortEvent } from './event.ts';
import { explainFortRule } from './explain.ts';
import { matchFortUpdate } from './match.ts';
import { parseFortUpdate } from './parse.ts';
import { buildFortIndex, FORTS_TABLE, readFortRule, type FortIndex } from './rule.ts';
import { FORT_VARIABLES } from './variables.ts';

const TEST_WEBHOOKS = JSON.parse(readFileSync(new URL('./testdata.json', import.meta.url), 'utf8')) as TestWebhook[];

function imagesOf(setup: PluginSetup, event: FortEvent): FortImages {
  const picture = event.new?.imageUrl ?? event.old?.imageUrl ?? '';
  const icons = setup.services.icons?.();
  const { fallbacks } = setup.config;
  const fallback = event.fortType === 'gym' ? fallbacks.img_url_gym : fallbacks.img_url_stop;
  if (!icons) return { imgUrl: picture || fallback, imgUrlAlt: '', stickerUrl: '' };
  const icon = (set: ReturnType<typeof icons.alt>): string => (!set ? '' : event.fortType === 'gym' ? set.gym(0) : set.pokestop());
  return { imgUrl: picture || icon(icons.image().orElse(fallback)), imgUrlAlt: icon(icons.alt()), stickerUrl: icon(icons.sticker()) };
}

/** the config keys and disable switches this plugin contributes (read before the file is validated) */
export { FORT_UPDATE_CONFIG as config } from './config.ts';

/** the fort on the scanner map sites, by its kind */
function mapEntity(event: FortEvent): MapEntity {
  if (event.fortType === 'gym') return MAP_ENTITY.gym(event.fortId);
  return event.fortType === 'station' ? MAP_ENTITY.station(event.fortId) : MAP_ENTITY.pokestop(event.fortId);
}

export default function fortUpdatePlugin(setup: PluginSetup) {
  const mapLinks = mapSiteLinks(setup.config.general);
  return defineAlertPlugin<FortEvent, FortIndex>({
    kind: 'alert',
    name: 'fort-update',
    webhookTypes: ['fort_update'],
    alertTypes: ['fort-update'],
    fallbacks: fileURLToPath(new URL('./fallbacks/', import.meta.url)),
    disableSwitches: FORT_UPDATE_CONFIG.disableSwitches,
    trackingTables: [{ table: FORTS_TABLE, blockKind: 'forts', title: 'Fort Updates', order: 90, read: readFortRule, api: fortApi }],
    testData: { kind: 'fort-update', webhooks: TEST_WEBHOOKS },
    templateVariables: FORT_VARIABLES,
    commands: [fortCommand],
    describeRule: (table, row, ctx) => (table === FORTS_TABLE ? describeFortRule(row, ctx) : ''),
    buildIndex: buildFortIndex,
    parse: (raw) => parseFortUpdate(raw),
    locate: (event) => ({ latitude: event.latitude, longitude: event.longitude }),
    match: (event, snapshot, index, ctx) => matchFortUpdate(event, snapshot, index, ctx),
    explainRule: (event, rule, ctx) => explainFortRule(event, rule, ctx),
    eventIds: (event) => [event.fortId],
    enrich: async (event) => {
      const missing = missingFortName(setup, event.fortType, event.fortId, event.new?.name ?? event.old?.name ?? '');
      const view = fortView(event, imagesOf(setup, event), mapLinks(mapEntity(event), event));
      return missing ? { ...view, name: await missing } : view;
    },
    enrichLanguage: (event, _view, scope) => fortLanguageView(event, setup.services.gameData(), scope),
  });
}
