/**
 * Raid and egg tracking by chat command through the real Discord and Telegram clients (against the fakes):
 * `!egg` / `/raid` write rules, `tracked` lists them under Raids and Eggs with their ids, untrack by id, and
 * a matching egg webhook reaches the Discord DM and the Telegram private chat.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { forEachDatabase } from '../helpers/databases.ts';
import { eggHook, fixtureGameData } from '../plugins/raid/support.ts';
import { DC, TG } from './chat-world.ts';
import { e2e, IN_OLD_TOWN } from './harness.ts';
import { until } from './wait.ts';

const nowS = () => Math.floor(Date.now() / 1000);

describe('raid and egg commands and alerts through the real Discord and Telegram clients', () => {
  test('egg / raid commands, tracked, remove by id; an egg reaches both users', async (t) => {
    await forEachDatabase(
      t,
      async (db) => {
        const s = await e2e(db, { gameData: await fixtureGameData(), chat: true });
        const { chat } = s;
        const dm = chat.dm(DC.user);
        try {
          await s.start();
          assert.equal((await chat.discordSays(DC.register, DC.user, '!poracle')).reaction, '✅');
          await until(() => chat.discordAlerts(dm).length > 0, 'the greeting in the DM');
          assert.equal((await chat.discordSays(dm, DC.user, '!area add old_town')).reaction, '✅');

          const egg = await chat.discordSays(dm, DC.user, '!egg legendary ex');
          assert.equal(egg.reaction, '✅');
          assert.match(egg.text, /New: \*\*Level 5 eggs \(Legendary\)\*\* \| must be an EX Gym/);
          const raid = await chat.discordSays(dm, DC.user, '!raid mewtwo valor');
          assert.match(raid.text, /New: \*\*Mewtwo\*\* \| controlled by Valor/);
          const refused = await chat.discordSays(dm, DC.user, '!raid level5 d500 area:old_town');
          assert.equal(refused.reaction, '🙅');

          const [eggRule] = await db.knex('egg').where({ id: DC.user });
          const [raidRule] = await db.knex('raid').where({ id: DC.user });
          assert.equal((await chat.discordSays(dm, DC.user, '!lure glacial')).reaction, '✅');
          assert.equal((await chat.discordSays(dm, DC.user, '!quest stardust1000')).reaction, '✅');
          const listing = await chat.discordSays(dm, DC.user, '!tracked');
          const sections = ['Raids', 'Eggs', 'Quests', 'Lures'].map((title) => listing.text.indexOf(`**${title}:**`));
          assert.ok(sections.every((at, i) => at >= 0 && (i === 0 || at > sections[i - 1]!)), `sections in the reference order:\n${listing.text}`);
          assert.match(listing.text, new RegExp(`\\[id:${raidRule.uid}\\] \\*\\*Mewtwo\\*\\*`));
          assert.match(listing.text, new RegExp(`\\[id:${eggRule.uid}\\] \\*\\*Level 5 eggs`));
          const removed = await chat.discordSays(dm, DC.user, `!raid remove id:${raidRule.uid}`);
          assert.match(removed.text, /Removed: \*\*Mewtwo\*\*/);
          assert.equal((await db.knex('raid').where({ id: DC.user })).length, 0);

          assert.match(await chat.telegramSays(TG.registerGroup, TG.user, '/poracle'), /^✅/);
          await until(() => chat.telegramTexts(TG.user).some((text) => text.startsWith('*Welcome to Lookout*')), 'the greeting in the private chat');
          assert.match(await chat.telegramSays(TG.user, TG.user, '/area add old_town'), /^✅/);
          assert.match(await chat.telegramSays(TG.user, TG.user, '/egg level5'), /^✅ .*Level 5 eggs/);

          await s.settled();
          const now = nowS();
          const res = await s.post([
            { type: 'raid', message: eggHook({ ...IN_OLD_TOWN, gym_id: 'other.16', level: 3, start: now + 1200, end: now + 3900 }) },
            { type: 'raid', message: eggHook({ ...IN_OLD_TOWN, start: now + 1200, end: now + 3900 }) },
          ]);
          assert.equal(res.status, 200);
          await until(() => chat.discordAlerts(dm).length > 1 && chat.telegramTexts(TG.user).some((text) => text.includes('Hatches')), 'the egg on both platforms');
        } finally {
          await s.stop();
        }

        const [, alert, ...more] = chat.discordAlerts(dm);
        assert.equal(more.length, 0, 'the level 3 egg sent nothing');
        const embed = alert!.embeds[0] as { title: string; description: string };
        assert.equal(embed.title, 'Egg: Legendary');
        assert.match(embed.description, /Town Hall Fountain/);
        const tgAlerts = chat.telegramTexts(TG.user).filter((text) => text.includes('Hatches'));
        assert.equal(tgAlerts.length, 1);
        assert.match(tgAlerts[0]!, /^\*Egg: Legendary\*/);
      },
      { migrate: true },
    );
  });
});
