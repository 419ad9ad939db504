/** The quest plugin's disable switches: its own, and `disable_stop` (quests are stop data too). */
import { definePluginConfig } from '../../core/config/index.ts';

export const QUEST_CONFIG = definePluginConfig({
  keys: {},
  disableSwitches: [
    { key: 'disable_quest', clientNames: ['quest'] },
    { key: 'disable_stop', clientNames: ['quest'] },
  ],
});
