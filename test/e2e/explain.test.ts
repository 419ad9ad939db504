/**
 * "Why didn't I get this alert?" end to end, on SQLite and MariaDB: monster webhooks go through the real pipeline
 * and the delivery queue to a Discord user (the real discord.js client against the fake Discord); then
 * GET /api/explain answers for the user — the delivered hundo with its time and latency, the 85 % one with the rule
 * that wanted 90, the far one beyond the distance rule, the rule of an inactive profile — and `!why` answers the same
 * in the chat, in German for a German user; an admin asks about the user with `user<id>`.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { forEachDatabase } from '../helpers/databases.ts';
import { fixtureGameData, monsterRow, pokemonHook } from '../plugins/monster/support.ts';
import { DC } from './chat-world.ts';
import { e2e, IN_OLD_TOWN } from './harness.ts';
import { until } from './wait.ts';

const SECRET = 'explain-e2e-secret';
const nowS = () => Math.floor(Date.now() / 1000);
const rule = (id: string, extra: Record<string, unknown> = {}) => {
  const { uid: _uid, ...row } = monsterRow(id, extra);
  return row;
};

interface Answer {
  readonly status: string;
  readonly explanations: {
    readonly event: { readonly id: string; readonly ids: readonly string[]; readonly plugin: string };
    readonly outcome: { readonly code: string; readonly message: string; readonly values?: Record<string, unknown> };
    readonly rules: { readonly uid: number; readonly fires: boolean; readonly code: string; readonly message: string; readonly profileNo: number }[];
  }[];
}

describe('explain: why an alert did or did not arrive', () => {
  test('the API and the why command answer from the pipeline\'s own checks and its record of deliveries', async (t) => {
    await forEachDatabase(
      t,
      async (db) => {
        const s = await e2e(db, { gameData: await fixtureGameData(), chat: true, config: { processor: { host: '127.0.0.1', port: 0, api_secret: SECRET } } });
        const { chat } = s;
        const dm = chat.dm(DC.user);
        try {
          await s.addHuman({ id: DC.user, type: 'discord:user', name: 'ash', area: ['old town'], latitude: IN_OLD_TOWN.latitude, longitude: IN_OLD_TOWN.longitude });
          await s.addRule('monsters', rule(DC.user, { pokemon_id: 25, min_iv: 90 }));
          await s.addRule('monsters', rule(DC.user, { pokemon_id: 25, distance: 1000 }));
          await s.addRule('monsters', rule(DC.user, { pokemon_id: 25, profile_no: 2 }));
          await s.start();
          const despawn = nowS() + 1500;
          const hundo = pokemonHook({ encounter_id: 'enc-hundo', ...IN_OLD_TOWN, disappear_time: despawn, individual_attack: 15, individual_defense: 15, individual_stamina: 15 });
          // 85 %, 3 km north: outside the 1 km distance rule and outside Old Town
          const far = pokemonHook({ encounter_id: 'enc-far', latitude: IN_OLD_TOWN.latitude + 0.027, longitude: IN_OLD_TOWN.longitude, disappear_time: despawn, individual_attack: 13, individual_defense: 13, individual_stamina: 12 });
          assert.equal((await s.post([{ type: 'pokemon', message: hundo }, { type: 'pokemon', message: far }])).status, 200);
          await until(() => chat.discordAlerts(dm).length >= 1, 'the hundo in the DM');

          const api = (path: string) => fetch(`${s.baseUrl}/api${path}`, { headers: { 'x-poracle-secret': SECRET } });
          let delivered: Answer | null = null;
          await until(async () => {
            const res = await api(`/explain/${DC.user}?event=enc-hundo`);
            delivered = (await res.json()) as Answer;
            return delivered.explanations?.[0]?.outcome.code === 'delivered';
          }, 'the hundo explained as delivered');
          const hundoAnswer = delivered!.explanations[0]!;
          assert.equal(hundoAnswer.event.plugin, 'monster');
          assert.ok(hundoAnswer.event.ids.includes('enc-hundo'));
          assert.match(hundoAnswer.outcome.message, /^delivered at \d\d:\d\d:\d\d \(latency \d+ ms\) through discord$/);
          assert.deepEqual(hundoAnswer.rules.map((r) => [r.fires, r.code]), [[true, 'fires'], [true, 'fires'], [false, 'profile_inactive']]);

          const farAnswer = ((await (await api(`/explain/${DC.user}?event=enc-far`)).json()) as Answer).explanations[0]!;
          assert.equal(farAnswer.outcome.code, 'no_rule_fires');
          const [iv, distance, profile] = farAnswer.rules;
          assert.equal(iv!.code, 'iv');
          assert.equal(iv!.message, 'IV 84.44 below the minimum 90');
          assert.equal(distance!.code, 'too_far');
          assert.match(distance!.message, /^3(\.\d+)? km away, beyond the rule's 1 km from your location$/);
          assert.equal(profile!.message, 'the rule is in profile 2; your active profile is 1');

          const near = (await (await api(`/explain/${DC.user}?type=monster&limit=5`)).json()) as Answer;
          assert.deepEqual(near.explanations.map((e) => e.event.ids[0]), ['enc-far', 'enc-hundo'], 'the latest events near the user, newest first');
          assert.equal((await api(`/explain/${DC.user}?event=nope`)).status, 404);
          assert.equal((await api(`/explain/${DC.user}?type=nonsense`)).status, 400);
          assert.equal((await api(`/explain/${DC.user}`)).status, 400);
          assert.equal((await api('/explain/999?event=enc-far')).status, 404);

          const why = await chat.discordSays(dm, DC.user, '!why enc-far');
          assert.match(why.text, /\*\*monster\*\* enc-far at \d\d:\d\d:\d\d: none of your monster rules fires for this event/);
          assert.match(why.text, /IV 84\.44 below the minimum 90/);
          const latest = await chat.discordSays(dm, DC.user, '!why');
          assert.match(latest.text, /\*\*monster\*\* enc-far at [\s\S]*\*\*monster\*\* enc-hundo at /, 'bare why: the latest events of every type near the user, newest first');
          const usage = await chat.discordSays(dm, DC.user, '!why a b c');
          assert.equal(usage.reaction, '🙅');
          const unknown = await chat.discordSays(dm, DC.user, '!why nope');
          assert.match(unknown.text, /I do not know event nope/);

          const adminDm = chat.dm(DC.admin);
          const asAdmin = await chat.discordSays(adminDm, DC.admin, `!why enc-hundo user${DC.user}`);
          assert.match(asAdmin.text, /Acting as ash/);
          await until(() => chat.discordPosts(adminDm).some((m) => /enc-hundo at \d\d:\d\d:\d\d: delivered at/.test(m.content)), 'the answer about the user, to the admin');
          const notAdmin = await chat.discordSays(dm, DC.user, `!why enc-hundo user${DC.admin}`);
          assert.equal(notAdmin.reaction, '🙅');

          assert.equal((await chat.discordSays(dm, DC.user, '!language de')).reaction, '✅');
          await s.settled();
          const german = await chat.discordSays(dm, DC.user, '!why enc-far');
          assert.match(german.text, /IV 84\.44 unter dem Minimum 90/);

          const metrics = await (await fetch(`${s.baseUrl}/metrics`)).text();
          assert.match(metrics, /lookout_explain_events\{plugin="monster"\} 2/);
          assert.match(metrics, /lookout_explain_memory_bytes\{plugin="monster"\} [1-9]/);
        } finally {
          await s.stop();
        }
      },
      { migrate: true },
    );
  });
});
