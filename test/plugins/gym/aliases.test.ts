import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { HookContext } from '../../../core/contract.ts';
import { silentLogger } from '../../../core/log/logger.ts';
import { GYM_ALIASES } from '../../../plugins/gym/variables.ts';
import { assertAliases, fullView } from '../../helpers/alias-views.ts';
import { buildGym, gymHook, receive } from './support.ts';

/** 2027-01-15 08:00:00 UTC: 09:00 at the Munich test gym */
const NOW_MS = 1_800_000_000_000;
const LOCALE = { locale: { time: 'HH:mm:ss', timeformat: 'en-gb' } };

function at(nowMs: number): HookContext {
  return { meta: { eventId: 'test-event', webhookType: 'gym_details', receivedAt: nowMs }, log: silentLogger(), now: () => nowMs };
}

describe('gym: the previous generations names', () => {
  test('every alias of every test sample holds its variable, on both platforms and in another language', async (t) => {
    const gym = await buildGym();
    t.after(() => gym.cleanup());
    for (const { test: name, webhook } of gym.plugin.testData!.webhooks) {
      for (const scope of [{ language: 'en', platform: 'discord' }, { language: 'de', platform: 'telegram' }]) {
        assertAliases(await fullView(gym.plugin, webhook, at(NOW_MS), scope), GYM_ALIASES, `${name} ${scope.language}/${scope.platform}: `);
      }
    }
  });

  test('a team change: the old team\'s name, the previous owner\'s emoji, old trainers and the time of the change', async (t) => {
    const gym = await buildGym(LOCALE);
    t.after(() => gym.cleanup());
    receive(gym, gymHook({ team: 1, slots_available: 0 }));
    for (const platform of ['discord', 'telegram']) {
      const view = await fullView(gym.plugin, gymHook({ team: 2, slots_available: 5 }), at(NOW_MS), { platform, config: LOCALE });
      assert.equal(view.name, 'Fountain Square');
      assert.equal(view.oldTeamId, 1);
      assert.equal(view.oldTeamName, 'Mystic');
      assert.equal(view.oldTeamNameEng, 'Mystic');
      assert.equal(view.previousControlNameEng, 'Mystic');
      assert.equal(view.oldTrainerCount, 6);
      assert.equal(view.trainerCount, 1);
      assert.notEqual(view.previousControlTeamEmoji, '');
      assert.notEqual(view.previousControlTeamEmoji, view.teamEmoji);
      assert.equal(view.teamColor, view.gymColor);
      assert.equal(view.conqueredTime, '09:00:00');
    }
    for (const name of ['name', 'oldTeamName', 'conqueredTime', 'previousControlTeamEmoji', 'teamColor']) assert.ok(gym.plugin.templateVariables!.gym!.includes(name), name);
  });

  test('the gym on the configured map sites', async (t) => {
    const gym = await buildGym({ general: { react_map_url: 'https://map.example/' } });
    t.after(() => gym.cleanup());
    const view = await fullView(gym.plugin, gymHook(), at(NOW_MS));
    assert.equal(view.reactMapUrl, 'https://map.example/id/gyms/gym-1.16');
  });
});
