/**
 * The lure plugin's config: its disable switches (its own, and `disable_stop`, which stops everything carried by
 * `pokestop` webhooks).
 */
import { definePluginConfig } from '../../core/config/index.ts';

export const LURE_CONFIG = definePluginConfig({
  keys: {},
  disableSwitches: [
    { key: 'disable_lure', clientNames: ['lure'] },
    { key: 'disable_stop', webhookTypes: ['pokestop'], clientNames: ['pokestop', 'lure'] },
  ],
});
