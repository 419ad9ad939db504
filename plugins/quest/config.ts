/**
 * The quest plugin's config keys and disable switches. The summary keys are PoracleNG's, in the sections it keeps
 * them in: `[tracking] quest_summary_*`, `[summariser] max_per_message`, `[alert_limits] *_summary_limit` and
 * `[general] default_timezone` (the zone of schedules of humans without a location).
 */
import { definePluginConfig } from '../../core/config/index.ts';

/** An IANA zone name as written (`Europe/London`, `UTC`); checked against the runtime's zones at start. */
const ZONE_NAME = /^$|^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;

export const QUEST_CONFIG = definePluginConfig({
  keys: {
    tracking: { quest_summary_enabled: true, quest_summary_buffer_ttl_hours: 24 },
    summariser: { max_per_message: 25 },
    alert_limits: { dm_summary_limit: 10, channel_summary_limit: 40 },
    general: { default_timezone: '' },
  },
  rules: {
    'tracking.quest_summary_buffer_ttl_hours': { kind: 'integer', min: 0, max: 8760 },
    'summariser.max_per_message': { kind: 'integer', min: 0, max: 1000 },
    'alert_limits.dm_summary_limit': { kind: 'integer', min: 0, max: 100000 },
    'alert_limits.channel_summary_limit': { kind: 'integer', min: 0, max: 100000 },
    'general.default_timezone': { kind: 'string', pattern: ZONE_NAME, patternText: 'an IANA time zone name such as "Europe/London", or empty' },
  },
  disableSwitches: [
    { key: 'disable_quest', clientNames: ['quest'] },
    { key: 'disable_stop', clientNames: ['quest'] },
  ],
});
