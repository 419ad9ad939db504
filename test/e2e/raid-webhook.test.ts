/**
 * Raid and egg alerts end to end, on SQLite and MariaDB: scanner `raid` webhooks posted to `/` are matched
 * against `raid` and `egg` rules (by level, by boss, by area, by distance, for a specific gym) and arrive at
 * webhook URLs (a local receiver) rendered with the bundled Discord templates; a repeat is deduplicated and
 * an RSVP update reaches only the rule that asked for RSVP changes. A `weather` webhook for the gym's cell
 * reaches the core's weather cells, where the raid plugin reads the boss's weather boost (the bundled templates
 * do not show `boosted`; the variable itself is checked in test/plugins/raid/enrich.test.ts).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { forEachDatabase } from '../helpers/databases.ts';
import { eggHook, eggRow, fixtureGameData, raidHook, raidRow } from '../plugins/raid/support.ts';
import { e2e, IN_OLD_TOWN } from './harness.ts';
import { textOf, type ReceivedPost } from './receiver.ts';
import { until } from './wait.ts';

const row = (make: typeof raidRow, id: string, extra: Record<string, unknown> = {}) => {
  const { uid: _uid, ...rest } = make(id, extra);
  return rest;
};

const nowS = () => Math.floor(Date.now() / 1000);

describe('raid and egg alerts reach webhook targets', () => {
  test('eggs and raids by level, boss, distance and gym, rendered with the bundled templates', async (t) => {
    await forEachDatabase(
      t,
      async (db) => {
        const s = await e2e(db, { gameData: await fixtureGameData() });
        try {
          const eggs = s.hookUrl('eggs');
          const boss = s.hookUrl('boss');
          const near = s.hookUrl('near');
          const gym = s.hookUrl('gym');
          const rsvp = s.hookUrl('rsvp');
          const riverside = s.hookUrl('riverside');
          await s.addHuman({ id: eggs, name: 'Egg watchers', area: ['old town'] });
          await s.addHuman({ id: boss, name: 'Mewtwo fans', area: ['old town'] });
          await s.addHuman({ id: near, name: 'Near the fountain', latitude: IN_OLD_TOWN.latitude + 0.001, longitude: IN_OLD_TOWN.longitude });
          await s.addHuman({ id: gym, name: 'One gym only' });
          await s.addHuman({ id: rsvp, name: 'RSVP followers', area: ['old town'] });
          await s.addHuman({ id: riverside, name: 'Riverside', area: ['riverside'] });
          await s.addRule('egg', row(eggRow, eggs, { level: 5 }));
          await s.addRule('raid', row(raidRow, boss, { pokemon_id: 150, level: 9000 }));
          await s.addRule('raid', row(raidRow, near, { level: 90, distance: 500 }));
          await s.addRule('egg', row(eggRow, gym, { level: 90, gym_id: 'a1b2c3d4.16' }));
          await s.addRule('raid', row(raidRow, rsvp, { rsvp_changes: 1 }));
          await s.addRule('raid', row(raidRow, riverside, { level: 90 }));
          await s.start();

          const now = nowS();
          const egg = eggHook({ ...IN_OLD_TOWN, start: now + 1200, end: now + 3900, spawn: now - 2400 });
          const raid = raidHook({ ...IN_OLD_TOWN, start: now - 900, end: now + 1800, spawn: now - 4500 });
          const rsvpUpdate = { ...raid, rsvps: [{ timeslot: (now + 600) * 1000, going_count: 4, maybe_count: 1 }] };
          const elsewhere = raidHook({ gym_id: 'far.16', latitude: 40, longitude: -3, start: now - 900, end: now + 1800 });
          const res = await s.post([
            { type: 'raid', message: egg },
            { type: 'raid', message: raid },
            { type: 'raid', message: raid }, // a repeat: deduplicated
            { type: 'raid', message: elsewhere },
          ]);
          assert.equal(res.status, 200);
          await s.post([{ type: 'raid', message: rsvpUpdate }]);
        } finally {
          await s.stop();
        }

        const byPath = new Map<string, ReceivedPost[]>();
        for (const p of s.receiver.posts) byPath.set(p.path, [...(byPath.get(p.path) ?? []), p]);
        assert.deepEqual([...byPath.keys()].sort(), ['/hooks/boss', '/hooks/eggs', '/hooks/gym', '/hooks/near', '/hooks/rsvp']);
        assert.equal(byPath.get('/hooks/rsvp')!.length, 2, 'the raid, then its RSVP update');
        for (const path of ['/hooks/boss', '/hooks/eggs', '/hooks/gym', '/hooks/near']) assert.equal(byPath.get(path)!.length, 1, `${path} gets exactly one message`);

        const eggText = textOf(byPath.get('/hooks/eggs')![0]!);
        assert.match(eggText, /Egg: Legendary/);
        assert.match(eggText, /Hatches <t:\d+:R>/);
        assert.match(eggText, /Town Hall Fountain/);
        assert.match(eggText, /EX raid gym/);
        assert.match(eggText, /Held by Valor/);
        assert.match(eggText, /Old Town/);
        assert.match(textOf(byPath.get('/hooks/gym')![0]!), /Egg: Legendary/, 'the specific gym rule needs no area');

        const bossPost = byPath.get('/hooks/boss')![0]!;
        const embed = bossPost.body.embeds![0]!;
        assert.match(embed.title!, /^Raid: Mewtwo \(Legendary\)/);
        assert.equal(embed.color, 0xe0241e, 'the team colour as an integer');
        const bossText = textOf(bossPost);
        assert.match(bossText, /Ends <t:\d+:R>/);
        assert.match(bossText, /CP 54148/);
        assert.match(bossText, /Tackle/);
        assert.match(textOf(byPath.get('/hooks/near')![0]!), /📏 1\d\d m/);
      },
      { migrate: true },
    );
  });

  test('a weather webhook tells the core the weather of the cell a later raid is in', async (t) => {
    await forEachDatabase(
      t,
      async (db) => {
        const s = await e2e(db, { gameData: await fixtureGameData() });
        try {
          const boss = s.hookUrl('boss');
          await s.addHuman({ id: boss, name: 'Mewtwo fans', area: ['old town'] });
          await s.addRule('raid', row(raidRow, boss, { pokemon_id: 150, level: 9000 }));
          await s.start();
          const cells = s.app.services.weatherCells?.();
          assert.ok(cells, 'the app offers the weather cells service');
          assert.equal(cells.at(IN_OLD_TOWN.latitude, IN_OLD_TOWN.longitude), null, 'nothing known before a report');

          const now = nowS();
          const windy = { s2_cell_id: 5170709059331571712, ...IN_OLD_TOWN, gameplay_condition: 5, cloud_level: 0, rain_level: 0, wind_level: 1, snow_level: 0, fog_level: 0, special_effect_level: 0, severity: 0, warn_weather: false, updated: now };
          assert.equal((await s.post([{ type: 'weather', message: windy }])).status, 200);
          await until(() => cells.at(IN_OLD_TOWN.latitude, IN_OLD_TOWN.longitude) === 5, 'the windy report in the weather cells');
          const raid = raidHook({ ...IN_OLD_TOWN, latitude: IN_OLD_TOWN.latitude + 0.0005, start: now - 900, end: now + 1800, spawn: now - 4500 });
          assert.equal((await s.post([{ type: 'raid', message: raid }])).status, 200);
        } finally {
          await s.stop();
        }
        assert.equal(s.receiver.posts.filter((p) => p.path === '/hooks/boss').length, 1, 'the raid is delivered');
      },
      { migrate: true },
    );
  });
});
