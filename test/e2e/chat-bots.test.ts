/**
 * Several bots per platform, end to end through the config file: `[discord] token` lists two delivery bots and
 * `command_token` the gateway bot; `[telegram] token` two delivery bots and `command_token` the bot users talk to.
 * A matching webhook reaches a Discord user, a Discord channel, a Telegram group and a Telegram user: the Discord
 * alerts and the group's come from delivery bots, the Telegram user's from the command bot; commands are
 * answered by the command bots.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { forEachDatabase } from '../helpers/databases.ts';
import { fixtureGameData, monsterRow, pokemonHook } from '../plugins/monster/support.ts';
import { DC, DISCORD_TOKEN, TELEGRAM_EXTRA_TOKENS, TG } from './chat-world.ts';
import { e2e, IN_OLD_TOWN } from './harness.ts';
import { until } from './wait.ts';

const DISCORD_DELIVERY = ['e2e-delivery-a', 'e2e-delivery-b'];

const rule = (id: string) => {
  const { uid: _uid, ...row } = monsterRow(id);
  return row;
};

describe('several bots per platform and a command bot, from the config file', () => {
  test('alerts go through the delivery bots (a Telegram user through the command bot), commands through the command bots', async (t) => {
    await forEachDatabase(
      t,
      async (db) => {
        const fakeTelegramToken = '123456789:FAKE-TOKEN';
        const s = await e2e(db, {
          gameData: await fixtureGameData(),
          chat: true,
          config: {
            discord: { token: DISCORD_DELIVERY, command_token: DISCORD_TOKEN },
            telegram: { token: [...TELEGRAM_EXTRA_TOKENS], command_token: fakeTelegramToken },
          },
        });
        const { chat } = s;
        try {
          await s.addHuman({ id: DC.user, type: 'discord:user', name: 'ash', area: ['old town'] });
          await s.addHuman({ id: DC.alerts, type: 'discord:channel', name: 'alerts', area: ['old town'] });
          await s.addHuman({ id: String(TG.alertGroup), type: 'telegram:group', name: 'Hundo alerts', area: ['old town'] });
          await s.addHuman({ id: String(TG.user), type: 'telegram:user', name: 'misty', area: ['old town'] });
          for (const id of [DC.user, DC.alerts, String(TG.alertGroup), String(TG.user)]) await s.addRule('monsters', rule(id));
          await s.start();
          assert.deepEqual(chat.discord.gateway.identifies.map((i) => i.token), [DISCORD_TOKEN], 'only the command bot is on the gateway');

          const res = await s.post([{ type: 'pokemon', message: pokemonHook({ encounter_id: 'e-bots', ...IN_OLD_TOWN, disappear_time: Math.floor(Date.now() / 1000) + 1500 }) }]);
          assert.equal(res.status, 200);
          const alertPosts = () => chat.discord.requestsMatching('POST /channels/:id/messages').filter((r) => ((r.body as { embeds?: unknown[] }).embeds ?? []).length > 0);
          await until(() => alertPosts().length >= 2 && chat.telegramTexts(TG.alertGroup).length > 0 && chat.telegramTexts(TG.user).length > 0, 'the alert on both platforms');

          assert.ok(alertPosts().every((r) => r.token !== null && DISCORD_DELIVERY.includes(r.token)), 'Discord alerts come from the delivery bots');
          const dmOpened = chat.discord.requestsMatching('POST /users/@me/channels');
          assert.ok(dmOpened.length > 0 && dmOpened.every((r) => DISCORD_DELIVERY.includes(r.token ?? '')), 'the DM is opened by a delivery bot');
          const sendsTo = (chatId: number) => chat.telegram.calls('sendMessage').filter((r) => String(r.body.chat_id) === String(chatId));
          assert.ok(sendsTo(TG.alertGroup).every((r) => (TELEGRAM_EXTRA_TOKENS as readonly string[]).includes(r.token)), 'the group alert comes from a delivery bot');
          assert.deepEqual([...new Set(sendsTo(TG.user).map((r) => r.token))], [fakeTelegramToken], 'the private chat is served by the bot the user talks to');

          const before = chat.discord.requests.length;
          await chat.discordSays(chat.dm(DC.user), DC.user, '!version');
          assert.ok(chat.discord.requests.slice(before).filter((r) => r.method !== 'GET').every((r) => r.token === DISCORD_TOKEN), 'the command bot answers');
          const tgBefore = chat.telegram.requests.length;
          await chat.telegramSays(TG.user, TG.user, '/version');
          assert.ok(chat.telegram.requests.slice(tgBefore).every((r) => r.token === fakeTelegramToken));
        } finally {
          await s.stop();
        }
      },
      { migrate: true },
    );
  });
});
