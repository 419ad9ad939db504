/**
 * Quest alerts end to end, on SQLite and MariaDB: quest webhooks posted to `/` (an AR and a non-AR quest of the
 * same stop, and a repeat) are matched against `quest` rules and arrive at a webhook URL (a local receiver) as
 * Discord messages rendered from the bundled quest template; a reward nobody tracks sends nothing.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { forEachDatabase } from '../helpers/databases.ts';
import { fixtureGameData, questHook, questRow, reward } from '../plugins/quest/support.ts';
import { e2e, IN_OLD_TOWN } from './harness.ts';
import { textOf } from './receiver.ts';

const rule = (id: string, extra: Record<string, unknown> = {}) => {
  const { uid: _uid, ...row } = questRow(id, extra);
  return row;
};

describe('quest alerts reach webhook targets', () => {
  test('tracked rewards alert once per quest, with the AR note; untracked rewards do not', async (t) => {
    await forEachDatabase(t, async (db) => {
      const s = await e2e(db, { gameData: await fixtureGameData() });
      const nowS = Math.floor(Date.now() / 1000);
      try {
        const candy = s.hookUrl('candy');
        const dust = s.hookUrl('dust');
        await s.addHuman({ id: candy, name: 'Candy fans', area: ['old town'] });
        await s.addHuman({ id: dust, name: 'Dust fans', area: ['old town'] });
        await s.addRule('quest', rule(candy, { reward_type: 2, reward: 1301 }));
        await s.addRule('quest', rule(dust, { reward_type: 3, reward: 1000 }));
        await s.start();

        const plain = questHook({ ...IN_OLD_TOWN, updated: nowS, title: '', with_ar: false });
        const ar = questHook({ ...IN_OLD_TOWN, updated: nowS, title: '', with_ar: true, type: 5, target: 3, rewards: [reward(2, { item_id: 1301, amount: 1 })] });
        const smallDust = questHook({ ...IN_OLD_TOWN, pokestop_id: 'stop-2', updated: nowS, rewards: [reward(3, { amount: 500 })] });
        const res = await s.post([
          { type: 'quest', message: plain },
          { type: 'quest', message: ar },
          { type: 'quest', message: smallDust },
          { type: 'quest', message: plain }, // a repeat: deduplicated
        ]);
        assert.equal(res.status, 200);
      } finally {
        await s.stop();
      }

      assert.deepEqual(s.receiver.posts.map((p) => p.path), ['/hooks/candy', '/hooks/candy']);
      const [first, second] = s.receiver.posts.map(textOf);
      assert.match(first!, /Quest: 3 Rare Candy/);
      assert.match(first!, /Catch 5 Pokémon/);
      assert.match(first!, /Old Mill/);
      assert.doesNotMatch(first!, /AR scan/);
      assert.match(second!, /Quest: 1 Rare Candy/);
      assert.match(second!, /Spin 3 PokéStops or Gyms/);
      assert.match(second!, /AR scan/);
    }, { migrate: true });
  });
});
