/**
 * Graceful stop end to end (the SIGTERM path: core/main.ts calls app.stop()): a batch of alerts is accepted and
 * app.stop() is called at once, while the first send of each platform is held back by a 429; when stop()
 * resolves, every alert has reached the Discord user and the Telegram user, exactly once.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { tooManyRequests } from '../fakes/telegram/errors.ts';
import { forEachDatabase } from '../helpers/databases.ts';
import { fixtureGameData, monsterRow, pokemonHook } from '../plugins/monster/support.ts';
import { DC, TG } from './chat-world.ts';
import { e2e, IN_OLD_TOWN } from './harness.ts';

const rule = (id: string) => {
  const { uid: _uid, ...row } = monsterRow(id);
  return row;
};

const SIGHTINGS = 25;
/** IV 0…24 of 45 (attack and defense split it): 25 sightings with distinct titles */
const hook = (n: number, despawn: number) =>
  pokemonHook({ encounter_id: `e-stop-${n}`, ...IN_OLD_TOWN, individual_attack: Math.min(n, 15), individual_defense: Math.max(0, n - 15), individual_stamina: 0, disappear_time: despawn });
const ivOf = (n: number) => `${Math.round((n / 45) * 100)}%`;

describe('stopping with alerts queued', () => {
  test('app.stop() resolves only after every queued alert is sent', async (t) => {
    await forEachDatabase(
      t,
      async (db) => {
        // more alerts than the default dm_limit (20) in one period
        const s = await e2e(db, { gameData: await fixtureGameData(), chat: true, config: { alert_limits: { dm_limit: 100 } } });
        const { chat } = s;
        const dm = chat.dm(DC.user);
        let discordAtStop = 0;
        let telegramAtStop = 0;
        /** what had arrived when stop() resolved */
        let discordTitles: string[] = [];
        let telegramTexts: string[] = [];
        try {
          await s.addHuman({ id: DC.user, type: 'discord:user', name: 'ash', area: ['old town'] });
          await s.addHuman({ id: String(TG.user), type: 'telegram:user', name: 'misty', area: ['old town'] });
          await s.addRule('monsters', rule(DC.user));
          await s.addRule('monsters', rule(String(TG.user)));
          await s.start();
          chat.discord.failNext('POST /channels/:id/messages', { status: 429, retryAfterSeconds: 1 });
          chat.telegram.fail('sendMessage', tooManyRequests(1));
          const despawn = Math.floor(Date.now() / 1000) + 1500;
          const res = await s.post(Array.from({ length: SIGHTINGS }, (_, n) => ({ type: 'pokemon', message: hook(n, despawn) })));
          assert.equal(res.status, 200);
          discordAtStop = chat.discord.requests.length;
          telegramAtStop = chat.telegram.requests.length;
          await s.app.stop();
          discordTitles = chat.discordAlerts(dm).map((m) => (m.embeds[0] as { title: string }).title);
          telegramTexts = chat.telegramTexts(TG.user);
        } finally {
          await s.stop();
        }

        const sentAfterStopBegan = chat.discord.requests.slice(discordAtStop).filter((r) => r.method === 'POST' && r.path === `/channels/${dm}/messages` && r.status === 200);
        assert.ok(sentAfterStopBegan.length > 0, 'alerts were still queued when stop() was called');
        assert.ok(chat.telegram.requests.slice(telegramAtStop).some((r) => r.method === 'sendMessage'));
        const expected = Array.from({ length: SIGHTINGS }, (_, n) => ivOf(n)).sort();
        const discordIvs = discordTitles.map((title) => /(\d+%)/.exec(title)?.[1]);
        assert.deepEqual(discordIvs.sort(), expected, 'every Discord alert, once');
        const telegramIvs = telegramTexts.map((text) => /(\d+%)/.exec(text)?.[1]);
        assert.deepEqual(telegramIvs.sort(), expected, 'every Telegram alert, once');
      },
      { migrate: true },
    );
  });
});
