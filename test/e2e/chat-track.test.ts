/**
 * Registration, tracking and a first alert through both bots, end to end: a user registers in a registration
 * channel (Discord) or group (Telegram), tracks pikachu iv90 by chat command, sees the rule with its id in
 * `tracked`, picks an area, and a matching pokemon webhook reaches the Discord DM and the Telegram private chat
 * with the right body, while a non-matching one sends nothing.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { forEachDatabase } from '../helpers/databases.ts';
import { fixtureGameData, pokemonHook } from '../plugins/monster/support.ts';
import { DC, TG } from './chat-world.ts';
import { e2e, IN_OLD_TOWN } from './harness.ts';
import { until } from './wait.ts';

const nowS = () => Math.floor(Date.now() / 1000);

describe('chat commands and alerts through the real Discord and Telegram clients', () => {
  test('register, track, tracked, area; a matching webhook reaches both users, a non-matching one nobody', async (t) => {
    await forEachDatabase(
      t,
      async (db) => {
        const s = await e2e(db, { gameData: await fixtureGameData(), chat: true });
        const { chat } = s;
        const dm = chat.dm(DC.user);
        try {
          await s.start();

          const registered = await chat.discordSays(DC.register, DC.user, '!poracle');
          assert.equal(registered.reaction, '✅');
          await until(() => chat.discordAlerts(dm).length > 0, 'the greeting in the DM');
          const [greeting] = chat.discordAlerts(dm);
          assert.equal((greeting!.embeds[0] as { title: string }).title, 'Welcome to Lookout');
          const tracked = await chat.discordSays(dm, DC.user, '!track pikachu iv90');
          assert.equal(tracked.reaction, '✅');
          assert.match(tracked.text, /Pikachu.*iv: 90%-100%/);
          const rules = await db.knex('monsters').where({ id: DC.user });
          assert.equal(rules.length, 1);
          assert.equal(rules[0].pokemon_id, 25);
          assert.equal(rules[0].min_iv, 90);
          const listing = await chat.discordSays(dm, DC.user, '!tracked');
          assert.match(listing.text, new RegExp(`\\[id:${rules[0].uid}\\] .*Pikachu.*iv: 90%-100%`));
          assert.equal((await chat.discordSays(dm, DC.user, '!area add old_town')).reaction, '✅');

          assert.match(await chat.telegramSays(TG.registerGroup, TG.user, '/poracle'), /^✅/);
          await until(() => chat.telegramTexts(TG.user).some((text) => text.startsWith('*Welcome to Lookout*')), 'the greeting in the private chat');
          const tgTracked = await chat.telegramSays(TG.user, TG.user, '/track pikachu iv90');
          assert.match(tgTracked, /^✅ .*Pikachu.*iv: 90%-100%/);
          const [tgRule] = await db.knex('monsters').where({ id: String(TG.user) });
          assert.equal(tgRule.min_iv, 90);
          assert.match(await chat.telegramSays(TG.user, TG.user, '/tracked'), new RegExp(`\\[id:${tgRule.uid}\\] .*Pikachu`));
          assert.match(await chat.telegramSays(TG.user, TG.user, '/area add old_town'), /^✅/);

          const humans = await db.knex('humans').whereIn('id', [DC.user, String(TG.user)]).orderBy('type');
          assert.deepEqual(humans.map((h) => [h.type, JSON.parse(h.area)]), [['discord:user', ['old town']], ['telegram:user', ['old town']]]);

          await s.settled();
          const despawn = nowS() + 1500;
          const res = await s.post([
            { type: 'pokemon', message: pokemonHook({ encounter_id: 'e-weak', ...IN_OLD_TOWN, individual_attack: 1, individual_defense: 2, individual_stamina: 3, disappear_time: despawn }) },
            { type: 'pokemon', message: pokemonHook({ encounter_id: 'e-hundo', ...IN_OLD_TOWN, disappear_time: despawn }) },
          ]);
          assert.equal(res.status, 200);
          await until(() => chat.discordAlerts(dm).length > 1 && chat.telegramTexts(TG.user).some((text) => text.includes('Despawns')), 'the alert on both platforms');
        } finally {
          await s.stop();
        }

        const [, alert, ...more] = chat.discordAlerts(dm);
        assert.equal(more.length, 0, 'the weak pikachu sent nothing');
        const embed = alert!.embeds[0] as { title: string; description: string };
        assert.match(embed.title, /^Pikachu ♂️ 93%/);
        assert.match(embed.description, /15\/14\/13/);

        const tgAlerts = chat.telegramTexts(TG.user).filter((text) => text.includes('Despawns'));
        assert.equal(tgAlerts.length, 1, 'one Telegram alert');
        assert.match(tgAlerts[0]!, /^\*Pikachu ♂️ 93%\*/);
        assert.match(tgAlerts[0]!, /15\/14\/13/);
        const pins = chat.telegram.messages(TG.user).filter((m) => m.method === 'sendLocation');
        assert.deepEqual(pins.map((m) => m.location), [IN_OLD_TOWN], 'the location pin follows the text');
      },
      { migrate: true },
    );
  });
});
