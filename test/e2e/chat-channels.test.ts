/**
 * Alerts to registered chats, end to end: a Discord channel and a thread (humans of type discord:channel and
 * discord:thread) and a Telegram group (telegram:group), each with a rule, receive a matching alert in that
 * channel, thread or group, once.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { forEachDatabase } from '../helpers/databases.ts';
import { fixtureGameData, monsterRow, pokemonHook } from '../plugins/monster/support.ts';
import { DC, TG } from './chat-world.ts';
import { e2e, IN_OLD_TOWN } from './harness.ts';
import { until } from './wait.ts';

const rule = (id: string, extra: Record<string, unknown> = {}) => {
  const { uid: _uid, ...row } = monsterRow(id, extra);
  return row;
};

describe('alerts to Discord channels and threads and Telegram groups', () => {
  test('each registered chat with a matching rule gets the alert where it lives', async (t) => {
    await forEachDatabase(
      t,
      async (db) => {
        const s = await e2e(db, { gameData: await fixtureGameData(), chat: true });
        const { chat } = s;
        try {
          await s.addHuman({ id: DC.alerts, type: 'discord:channel', name: 'alerts', area: ['old town'] });
          await s.addHuman({ id: DC.thread, type: 'discord:thread', name: 'hundos', area: ['old town'] });
          await s.addHuman({ id: String(TG.alertGroup), type: 'telegram:group', name: 'Hundo alerts', area: ['old town'] });
          await s.addRule('monsters', rule(DC.alerts));
          await s.addRule('monsters', rule(DC.thread, { min_iv: 90 }));
          await s.addRule('monsters', rule(String(TG.alertGroup), { template: '2' }));
          await s.start();
          const res = await s.post([{ type: 'pokemon', message: pokemonHook({ encounter_id: 'e-channels', ...IN_OLD_TOWN, disappear_time: Math.floor(Date.now() / 1000) + 1500 }) }]);
          assert.equal(res.status, 200);
          await until(() => chat.discordAlerts(DC.alerts).length > 0 && chat.discordAlerts(DC.thread).length > 0 && chat.telegramTexts(TG.alertGroup).length > 0, 'the alert in all three chats');
        } finally {
          await s.stop();
        }

        for (const channel of [DC.alerts, DC.thread]) {
          const alerts = chat.discordAlerts(channel);
          assert.equal(alerts.length, 1, `one alert in ${channel}`);
          assert.match((alerts[0]!.embeds[0] as { title: string }).title, /^Pikachu ♂️ 93%/);
        }
        assert.deepEqual(chat.discordPosts(DC.register), [], 'nothing where no one registered');
        const group = chat.telegramTexts(TG.alertGroup);
        assert.equal(group.length, 1);
        assert.match(group[0]!, /^\*Pikachu 93% CP 500 L20\*/, 'the group rule\'s template 2');
        assert.deepEqual(chat.telegramTexts(TG.registerGroup), []);
      },
      { migrate: true },
    );
  });
});
