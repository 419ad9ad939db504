/**
 * `channel add|remove` end to end with the real discord.js and grammy clients: an admin registers a Discord
 * channel, a Telegram group and a Telegram forum topic (`telegram:topic`, `<chatId>:<topicId>`) where the command
 * is typed, and a webhook by name and URL; a registered place takes rules and gets its alerts (the topic in its
 * thread); remove unregisters; non-admins are refused; the unregistered channel's refusal names the command.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { openTestDatabase } from '../helpers/databases.ts';
import { fixtureGameData } from '../plugins/monster/support.ts';
import { DC, TG } from './chat-world.ts';
import { e2e } from './harness.ts';
import { until } from './wait.ts';

describe('channel add|remove', () => {
  test('Discord channel, Telegram group and topic, a webhook; refusals', async (t) => {
    const db = await openTestDatabase('sqlite', { migrate: true });
    const s = await e2e(db, { gameData: await fixtureGameData(), chat: true });
    t.after(async () => {
      await s.stop();
      await db.cleanup();
    });
    await s.start();
    const { chat } = s;
    const human = (id: string) => db.knex('humans').where({ id }).first();

    // Discord: not registered yet → the refusal says how; a non-admin may not; the admin registers it
    const before = await chat.discordSays(DC.alerts, DC.user, '!track pikachu');
    assert.match(before.text, /channel add/);
    assert.equal((await chat.discordSays(DC.alerts, DC.user, '!channel add')).reaction, '🙅');
    const added = await chat.discordSays(DC.alerts, DC.admin, '!channel add language:de');
    assert.equal(added.reaction, '✅', added.text);
    const row = await human(DC.alerts);
    assert.equal(row?.type, 'discord:channel');
    assert.equal(row?.language, 'de');
    assert.equal((await db.knex('profiles').where({ id: DC.alerts })).length, 1);
    assert.equal((await chat.discordSays(DC.alerts, DC.admin, '!channel add')).reaction, '👌');
    assert.equal((await chat.discordSays(DC.alerts, DC.admin, '!track pikachu')).reaction, '✅', 'the channel takes rules now');

    // a webhook by name and URL, then removed by name
    assert.equal((await chat.discordSays(DC.alerts, DC.admin, '!channel add name:Raids https://hooks.test/raids area:old_town')).reaction, '✅');
    const hook = await human('https://hooks.test/raids');
    assert.equal(hook?.type, 'webhook');
    assert.equal(hook?.name, 'Raids');
    assert.equal(hook?.area, '["old town"]');
    assert.equal((await chat.discordSays(DC.alerts, DC.admin, '!channel add name:Bad https://hooks.test/bad area:atlantis')).reaction, '🙅');
    assert.equal((await chat.discordSays(DC.alerts, DC.admin, '!channel remove name:Raids')).reaction, '✅');
    assert.equal(await human('https://hooks.test/raids'), undefined);

    // Telegram: the group, then a forum topic of it
    const group = await chat.telegramSays(TG.alertGroup, TG.admin, '/channel add');
    assert.match(group, /Registered Hundo alerts/);
    assert.equal((await human(String(TG.alertGroup)))?.type, 'telegram:group');
    const topicId = 77;
    const before2 = chat.telegram.requests.length;
    chat.telegram.userSays({ chatId: TG.alertGroup, chatType: 'supergroup', fromId: TG.admin, text: '/channel add', fromUsername: 'brock', fromFirstName: 'Brock', threadId: topicId });
    const reply = await until(() => chat.telegram.requests.slice(before2).find((r) => r.method === 'sendMessage' && String(r.body.chat_id) === String(TG.alertGroup)), 'the topic reply');
    assert.equal(Number(reply.body.message_thread_id), topicId, 'answered in the topic');
    const topic = await human(`${TG.alertGroup}:${topicId}`);
    assert.equal(topic?.type, 'telegram:topic');

    // remove, and refusals
    assert.match(await chat.telegramSays(TG.alertGroup, TG.user, '/channel remove'), /admins/i);
    assert.match(await chat.telegramSays(TG.alertGroup, TG.admin, '/channel remove'), /Unregistered/);
    assert.equal(await human(String(TG.alertGroup)), undefined);
    assert.ok(await human(`${TG.alertGroup}:${topicId}`), 'the topic stays registered');
    assert.match(await chat.telegramSays(TG.admin, TG.admin, '/channel add'), /in the channel, group or topic/);
    assert.match(await chat.telegramSays(TG.alertGroup, TG.admin, '/channel'), /Usage/);
  });
});
