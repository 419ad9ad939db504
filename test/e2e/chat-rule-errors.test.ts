/**
 * Refused `track` commands through both bots, end to end: an unknown keyword and each of the spec's three rule
 * errors (d: with area:, area: with location:, location: without d:) get their message with 🙅, and no rule is
 * written.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { forEachDatabase } from '../helpers/databases.ts';
import { fixtureGameData } from '../plugins/monster/support.ts';
import { DC, TG } from './chat-world.ts';
import { e2e, IN_OLD_TOWN } from './harness.ts';

const REFUSALS: readonly (readonly [args: string, reply: RegExp])[] = [
  ['pikachu iv90 banana', /Unrecognized: banana/],
  ['pikachu d:500 area:old_town', /Distance and area filters are mutually exclusive/],
  ['pikachu area:old_town location:home', /Use area: or location:, not both/],
  ['pikachu location:home', /location: requires d:/],
];

describe('track refusals through the real Discord and Telegram clients', () => {
  test('an unknown keyword and each rule error get their message; nothing is written', async (t) => {
    await forEachDatabase(
      t,
      async (db) => {
        const s = await e2e(db, { gameData: await fixtureGameData(), chat: true });
        const { chat } = s;
        const dm = chat.dm(DC.user);
        try {
          await s.addHuman({ id: DC.user, type: 'discord:user', name: 'ash', area: ['old town'] });
          await s.addHuman({ id: String(TG.user), type: 'telegram:user', name: 'misty', area: ['old town'] });
          await s.addLocation(DC.user, 'home', IN_OLD_TOWN);
          await s.addLocation(String(TG.user), 'home', IN_OLD_TOWN);
          await s.start();
          for (const [args, reply] of REFUSALS) {
            const discord = await chat.discordSays(dm, DC.user, `!track ${args}`);
            assert.equal(discord.reaction, '🙅', `!track ${args}`);
            assert.match(discord.text, reply);
            const telegram = await chat.telegramSays(TG.user, TG.user, `/track ${args}`);
            assert.match(telegram, /^🙅 /, `/track ${args}`);
            assert.match(telegram, reply);
          }
          assert.deepEqual(await db.knex('monsters').select('uid'), [], 'no rule written');
        } finally {
          await s.stop();
        }
      },
      { migrate: true },
    );
  });
});
