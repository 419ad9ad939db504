/**
 * The lure plugin's config keys: the stop fallback images and its disable switches (its own, and `disable_stop`,
 * which stops everything carried by `pokestop` webhooks).
 */
import { definePluginConfig } from '../../core/config/index.ts';

const FALLBACK_IMAGES = 'https://raw.githubusercontent.com/KartulUdus/PoracleJS/images/fallback';

export const LURE_CONFIG = definePluginConfig({
  keys: { fallbacks: { img_url_stop: `${FALLBACK_IMAGES}/pokestop.png`, stop_url: `${FALLBACK_IMAGES}/pokestop.png` } },
  disableSwitches: [
    { key: 'disable_lure', clientNames: ['lure'] },
    { key: 'disable_stop', webhookTypes: ['pokestop'], clientNames: ['pokestop', 'lure'] },
  ],
});
