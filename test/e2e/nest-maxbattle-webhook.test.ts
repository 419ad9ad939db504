/**
 * Nest and max battle alerts end to end, on SQLite and MariaDB: `nest` and `max_battle` webhooks posted to `/`
 * are matched against `nests` and `maxbattle` rules (areas, area override, distance) and arrive at webhook
 * URLs (a local receiver) rendered with the bundled Discord templates; events matching no rule send nothing,
 * and a repeat of the same battle is deduplicated. Then through the Discord fake: `!nest` and `!maxbattle` by
 * chat, both listed by `!tracked`, and the alerts arriving in the user's DM.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { forEachDatabase } from '../helpers/databases.ts';
import { maxBattleRow } from '../plugins/max-battle/support.ts';
import { fixtureGameData } from '../plugins/monster/support.ts';
import { nestHook, nestRow } from '../plugins/nest/support.ts';
import { maxBattleHook } from '../plugins/max-battle/support.ts';
import { DC } from './chat-world.ts';
import { e2e, IN_OLD_TOWN, IN_RIVERSIDE } from './harness.ts';
import { until } from './wait.ts';
import { textOf, type ReceivedPost } from './receiver.ts';

const withoutUid = (row: Record<string, unknown>) => {
  const { uid: _uid, ...rest } = row;
  return rest;
};
const nowS = () => Math.floor(Date.now() / 1000);
/** a nest cycle that began at midnight UTC three days ago (a nest alert is stale 14 days after its reset) */
const reset = (Math.floor(nowS() / 86_400) - 3) * 86_400;

describe('nest and max battle alerts reach webhook targets', () => {
  test('rules by area, area override and distance; rendered with the bundled templates; no rule, no message', async (t) => {
    await forEachDatabase(
      t,
      async (db) => {
        const s = await e2e(db, { gameData: await fixtureGameData() });
        try {
          const nests = s.hookUrl('nests');
          const battles = s.hookUrl('battles');
          const riverside = s.hookUrl('riverside');
          await s.addHuman({ id: nests, name: 'Nest watchers', area: ['old town'] });
          await s.addHuman({ id: battles, name: 'Battlers', latitude: IN_OLD_TOWN.latitude + 0.001, longitude: IN_OLD_TOWN.longitude });
          await s.addHuman({ id: riverside, name: 'Riverside', area: ['old town'] });
          await s.addRule('nests', withoutUid(nestRow(nests, { min_spawn_avg: 10 })));
          await s.addRule('maxbattle', withoutUid(maxBattleRow(battles, { pokemon_id: 9000, level: 3, distance: 500 })));
          await s.addRule('maxbattle', withoutUid(maxBattleRow(riverside, { gmax: 1, override_areas: '["riverside"]' })));
          await s.start();

          const end = nowS() + 1500;
          const res = await s.post([
            { type: 'nest', message: nestHook({ reset_time: reset, lat: IN_OLD_TOWN.latitude, lon: IN_OLD_TOWN.longitude }) },
            { type: 'nest', message: nestHook({ nest_id: 2, reset_time: reset, pokemon_avg: 3, lat: IN_OLD_TOWN.latitude, lon: IN_OLD_TOWN.longitude }) },
            { type: 'max_battle', message: maxBattleHook({ ...IN_OLD_TOWN, battle_end: end }) },
            { type: 'max_battle', message: maxBattleHook({ ...IN_OLD_TOWN, battle_end: end, updated: nowS() }) },
            { type: 'max_battle', message: maxBattleHook({ id: 'gmax.16', ...IN_RIVERSIDE, battle_level: 6, battle_pokemon_bread_mode: 2, battle_end: end }) },
            { type: 'max_battle', message: maxBattleHook({ id: 'far.16', latitude: 40, longitude: -3, battle_end: end }) },
          ]);
          assert.equal(res.status, 200);
        } finally {
          await s.stop();
        }

        const byPath = new Map<string, ReceivedPost[]>();
        for (const p of s.receiver.posts) byPath.set(p.path, [...(byPath.get(p.path) ?? []), p]);
        assert.deepEqual([...byPath.keys()].sort(), ['/hooks/battles', '/hooks/nests', '/hooks/riverside']);
        for (const [path, posts] of byPath) assert.equal(posts.length, 1, `${path} gets exactly one message`);

        const nest = byPath.get('/hooks/nests')![0]!;
        assert.match(nest.body.embeds![0]!.title!, /^Nest: Pikachu ⚡/);
        const nestText = textOf(nest);
        assert.match(nestText, /Englischer Garten/);
        assert.match(nestText, /About 14\.6 spawns an hour/);
        const resetDay = new Date(reset * 1000).toISOString();
        assert.ok(nestText.includes(`Nesting since ${resetDay.slice(8, 10)}/${resetDay.slice(5, 7)}/${resetDay.slice(0, 4)}`), `[locale] timeformat en-gb: ${nestText}`);
        assert.match(nestText, /Old Town/);

        const battle = byPath.get('/hooks/battles')![0]!;
        assert.match(battle.body.embeds![0]!.title!, /^Max battle: Snorlax \(Level 3\)/);
        const battleText = textOf(battle);
        assert.match(battleText, /<t:\d+:R>/);
        assert.match(battleText, /Rathausbrunnen/);
        assert.match(battleText, /Tackle/);
        assert.match(battleText, /📏 \d+ m/);

        assert.match(byPath.get('/hooks/riverside')![0]!.body.embeds![0]!.title!, /\(Gigantamax level 6\)/);
      },
      { migrate: true },
    );
  });
  test('tracked by chat on Discord: the alerts reach the DM', async (t) => {
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
          const nest = await chat.discordSays(dm, DC.user, '!nest pikachu minspawn10');
          assert.equal(nest.reaction, '✅');
          assert.match(nest.text, /New: \*\*Pikachu\*\* \| Min avg\. spawn 10\/hour/);
          assert.equal((await chat.discordSays(dm, DC.user, '!maxbattle level3')).reaction, '✅');
          assert.equal((await chat.discordSays(dm, DC.user, '!area add old_town')).reaction, '✅');
          const [nestRule] = await db.knex('nests').where({ id: DC.user });
          const [battleRule] = await db.knex('maxbattle').where({ id: DC.user });
          assert.deepEqual([nestRule.pokemon_id, nestRule.min_spawn_avg, battleRule.pokemon_id, battleRule.level], [25, 10, 9000, 3]);
          const listing = await chat.discordSays(dm, DC.user, '!tracked');
          assert.match(listing.text, new RegExp(`\\[id:\\s*${nestRule.uid}\\] \\*\\*Pikachu\\*\\*`));
          assert.match(listing.text, new RegExp(`\\[id:\\s*${battleRule.uid}\\] \\*\\*Level 3 max battles\\*\\*`));

          await s.settled();
          const res = await s.post([
            { type: 'nest', message: nestHook({ reset_time: reset, lat: IN_OLD_TOWN.latitude, lon: IN_OLD_TOWN.longitude }) },
            { type: 'max_battle', message: maxBattleHook({ ...IN_OLD_TOWN, battle_end: nowS() + 1500 }) },
          ]);
          assert.equal(res.status, 200);
          await until(() => chat.discordAlerts(dm).length >= 3, 'both alerts in the DM');
        } finally {
          await s.stop();
        }
        const titles = chat.discordAlerts(dm).slice(1).map((m) => (m.embeds[0] as { title: string }).title).sort();
        assert.equal(titles.length, 2);
        assert.match(titles[0]!, /^Max battle: Snorlax \(Level 3\)/);
        assert.match(titles[1]!, /^Nest: Pikachu/);
      },
      { migrate: true },
    );
  });
});
