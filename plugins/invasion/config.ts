/**
 * The invasion plugin's config keys: the lineup switches of [general] and its disable switches (its own, and
 * `disable_stop` for invasions carried by `pokestop` webhooks).
 */
import { definePluginConfig } from '../../core/config/index.ts';

export const INVASION_CONFIG = definePluginConfig({
  keys: { general: { process_confirmed_invasion_lineups: false, disable_unconfirmed_invasion: false } },
  disableSwitches: [
    { key: 'disable_invasion', clientNames: ['invasion'] },
    { key: 'disable_stop', webhookTypes: ['pokestop'], clientNames: ['pokestop', 'invasion'] },
  ],
});
