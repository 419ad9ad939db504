/**
 * A 429 storm end to end: while the fake Discord and the fake Telegram answer a run of sends with 429 and a short
 * Retry-After / retry_after, alerts to a Discord user and a Telegram user are delayed but none is lost and none
 * arrives twice.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { tooManyRequests } from '../fakes/telegram/errors.ts';
import { forEachDatabase } from '../helpers/databases.ts';
import { fixtureGameData, monsterRow, pokemonHook } from '../plugins/monster/support.ts';
import { DC, TG } from './chat-world.ts';
import { e2e, IN_OLD_TOWN } from './harness.ts';
import { until } from './wait.ts';

const rule = (id: string) => {
  const { uid: _uid, ...row } = monsterRow(id);
  return row;
};

/** attack 15…11 with defense 14 and stamina 13: five sightings told apart by their IV */
const ATTACKS = [15, 14, 13, 12, 11];
const titleIv = (attack: number) => `${Math.round(((attack + 14 + 13) / 45) * 100)}%`;
const STORM = 6;

describe('rate limits on the chat platforms', () => {
  test('a 429 storm delays alerts but every one arrives exactly once', async (t) => {
    await forEachDatabase(
      t,
      async (db) => {
        const s = await e2e(db, { gameData: await fixtureGameData(), chat: true });
        const { chat } = s;
        const dm = chat.dm(DC.user);
        try {
          await s.addHuman({ id: DC.user, type: 'discord:user', name: 'ash', area: ['old town'] });
          await s.addHuman({ id: String(TG.user), type: 'telegram:user', name: 'misty', area: ['old town'] });
          await s.addRule('monsters', rule(DC.user));
          await s.addRule('monsters', rule(String(TG.user)));
          await s.start();
          chat.discord.failNext('POST /channels/:id/messages', { status: 429, retryAfterSeconds: 0.2 }, STORM);
          chat.telegram.fail('sendMessage', tooManyRequests(0.2), { times: STORM });
          const despawn = Math.floor(Date.now() / 1000) + 1500;
          const res = await s.post(ATTACKS.map((attack) => ({ type: 'pokemon', message: pokemonHook({ encounter_id: `e-storm-${attack}`, ...IN_OLD_TOWN, individual_attack: attack, disappear_time: despawn }) })));
          assert.equal(res.status, 200);
          await until(() => chat.discordAlerts(dm).length >= ATTACKS.length && chat.telegramTexts(TG.user).length >= ATTACKS.length, 'every alert on both platforms');
        } finally {
          await s.stop();
        }

        assert.equal(chat.discord.requestsMatching('POST /channels/:id/messages').filter((r) => r.status === 429).length, STORM, 'the storm happened on Discord');
        assert.equal(chat.telegram.calls('sendMessage').length, ATTACKS.length + STORM, 'the storm happened on Telegram');
        const expected = ATTACKS.map(titleIv).sort();
        const discordIvs = chat.discordAlerts(dm).map((m) => /(\d+%)/.exec((m.embeds[0] as { title: string }).title)?.[1]);
        assert.deepEqual(discordIvs.sort(), expected, 'each Discord alert once');
        const telegramIvs = chat.telegramTexts(TG.user).map((text) => /(\d+%)/.exec(text)?.[1]);
        assert.deepEqual(telegramIvs.sort(), expected, 'each Telegram alert once');
      },
      { migrate: true },
    );
  });
});
