/**
 * Edits in place and reply chains end to end, on SQLite and MariaDB, through the real discord.js and grammy clients
 * against the fakes and a Discord webhook: an egg, then (after a restart of the service) its boss, then an RSVP
 * update. Rules with the `edit` bit see their one message edited (Discord PATCH, webhook PATCH, Telegram
 * editMessageText); rules without it get replies chained to their previous message (Discord message_reference,
 * Telegram reply_parameters), the RSVP update in the compact `raidRsvp` template. The restart in between keeps the
 * sent-message memory (config/.cache is not involved: `<root>/.cache/sent-messages.json`).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { forEachDatabase } from '../helpers/databases.ts';
import { eggRow, fixtureGameData, raidHook, raidRow } from '../plugins/raid/support.ts';
import { DC, TG } from './chat-world.ts';
import { e2e, IN_OLD_TOWN } from './harness.ts';
import { until } from './wait.ts';

const HOOK_CHANNEL = '710000000000000005';

const rule = (make: typeof raidRow, id: string, extra: Record<string, unknown>) => {
  const { uid: _uid, ...rest } = make(id, extra);
  return rest;
};

describe('edit in place and reply chains through Discord, Telegram and a webhook', () => {
  test('egg → restart → raid → RSVP update: edit rules see one message edited, the others a reply chain', async (t) => {
    await forEachDatabase(
      t,
      async (db) => {
        const s = await e2e(db, { gameData: await fixtureGameData(), chat: true, config: { tracking: { reply_chains: true } } });
        const { chat } = s;
        const { discord, telegram } = chat;
        const dm = chat.dm(DC.user);
        discord.seedChannel({ id: HOOK_CHANNEL, guildId: DC.guild, name: 'hooked' });
        const hook = discord.seedWebhook({ channelId: HOOK_CHANNEL, name: 'Raids' });
        const editing = [
          { id: DC.user, type: 'discord:user' },
          { id: String(TG.user), type: 'telegram:user' },
          { id: hook.url, type: 'webhook' },
        ];
        const replying = [
          { id: DC.alerts, type: 'discord:channel' },
          { id: String(TG.alertGroup), type: 'telegram:group' },
        ];
        for (const [i, h] of [...editing, ...replying].entries()) await s.addHuman({ ...h, name: `target ${i}`, area: ['old town'] });
        for (const h of editing) {
          await s.addRule('egg', rule(eggRow, h.id, { clean: 2 }));
          await s.addRule('raid', rule(raidRow, h.id, { clean: 2, rsvp_changes: 1 }));
        }
        for (const h of replying) {
          await s.addRule('egg', rule(eggRow, h.id, {}));
          await s.addRule('raid', rule(raidRow, h.id, { rsvp_changes: 1 }));
        }
        const now = Math.floor(Date.now() / 1000);
        const times = { start: now + 600, end: now + 3300, spawn: now - 3000 };
        const egg = raidHook({ ...IN_OLD_TOWN, ...times, pokemon_id: 0, cp: 0, move_1: 0, move_2: 0 });
        const raid = raidHook({ ...IN_OLD_TOWN, ...times });
        const rsvp = { ...raid, rsvps: [{ timeslot: (now + 1200) * 1000, going_count: 3, maybe_count: 2 }] };
        const tgTexts = (chatId: number) => telegram.messages(chatId).filter((m) => m.method === 'sendMessage');
        const hookMessages = () => discord.messagesIn(HOOK_CHANNEL);
        const patches = (path: string) => discord.requestsMatching({ method: 'PATCH', path: new RegExp(`^${path}`) }).length;
        try {
          await s.start();
          assert.equal((await s.post([{ type: 'raid', message: egg }])).status, 200);
          await until(
            () => chat.discordAlerts(dm).length === 1 && chat.discordPosts(DC.alerts).length === 1 && tgTexts(TG.user).length === 1 && tgTexts(TG.alertGroup).length === 1 && hookMessages().length === 1,
            'the egg everywhere',
          );

          await s.restart();
          assert.equal((await s.post([{ type: 'raid', message: raid }])).status, 200);
          await until(
            () => patches(`/channels/${dm}/messages/`) === 1 && chat.discordPosts(DC.alerts).length === 2 && telegram.calls('editMessageText').length === 1 && tgTexts(TG.alertGroup).length === 2 && patches('/webhooks/') === 1,
            'the boss: edits and replies',
          );

          assert.equal((await s.post([{ type: 'raid', message: rsvp }])).status, 200);
          await until(
            () => patches(`/channels/${dm}/messages/`) === 2 && chat.discordPosts(DC.alerts).length === 3 && telegram.calls('editMessageText').length === 2 && tgTexts(TG.alertGroup).length === 3 && patches('/webhooks/') === 2,
            'the RSVP update: edits and replies',
          );
          const metrics = await (await fetch(`${s.baseUrl}/metrics`)).text();
          assert.match(metrics, /lookout_alert_followups_total\{platform="discord",outcome="edited"\} 2/);
          assert.match(metrics, /lookout_alert_followups_total\{platform="discord",outcome="replied"\} 2/);
          assert.match(metrics, /lookout_alert_followups_total\{platform="telegram",outcome="edited"\} 2/);
          assert.match(metrics, /lookout_alert_followups_total\{platform="webhook",outcome="edited"\} 2/);
        } finally {
          await s.stop();
        }

        // edit rules: one message each, now showing the raid
        const [dmAlert, ...moreDm] = chat.discordAlerts(dm);
        assert.equal(moreDm.length, 0);
        assert.equal((dmAlert!.embeds[0] as { title: string }).title, 'Raid: Mewtwo (Legendary)');
        assert.match((dmAlert!.embeds[0] as { description: string }).description, /🗓️ RSVPs: .* · 3 going, 2 maybe/, 'the edit shows the new counts');
        assert.ok(dmAlert!.editedAt !== null);
        const [hookAlert, ...moreHook] = hookMessages();
        assert.equal(moreHook.length, 0);
        assert.match((hookAlert!.embeds[0] as { title: string }).title, /^Raid: Mewtwo/);
        const [tgAlert, ...moreTg] = tgTexts(TG.user);
        assert.equal(moreTg.length, 0);
        assert.match(tgAlert!.text!, /^\*Raid: Mewtwo/);
        assert.match(tgAlert!.text!, /3 going, 2 maybe/);
        assert.equal(telegram.messages(TG.user).filter((m) => m.method === 'sendLocation').length, 1, 'the pin is not sent again');

        // the others: a chain of replies, the RSVP update in the compact template
        const [first, second, third] = chat.discordPosts(DC.alerts);
        assert.equal(first!.referencedId, null);
        assert.equal((first!.embeds[0] as { title: string }).title, 'Egg: Legendary');
        assert.equal(second!.referencedId, first!.id);
        assert.match((second!.embeds[0] as { title: string }).title, /^Raid: Mewtwo/);
        assert.equal(third!.referencedId, second!.id);
        assert.match(third!.content, /^🗓️ \*\*RSVP update\*\* · Mewtwo at \*\*Town Hall Fountain\*\*\n.* · 3 going, 2 maybe$/);
        const [tgFirst, tgSecond, tgThird] = tgTexts(TG.alertGroup);
        assert.equal(tgFirst!.reply_to_message_id, undefined);
        assert.equal(tgSecond!.reply_to_message_id, tgFirst!.message_id);
        assert.equal(tgThird!.reply_to_message_id, tgSecond!.message_id);
        assert.match(tgThird!.text!, /^🗓️ \*RSVP update\* · Mewtwo at \*Town Hall Fountain\*/);
      },
      { migrate: true },
    );
  });
});
