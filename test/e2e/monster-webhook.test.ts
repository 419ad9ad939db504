/**
 * Monster alerts end to end, on SQLite and MariaDB: scanner webhooks posted to `/` are matched against rules
 * of every mode (areas, area override, distance from the human, distance from a saved location, PVP) and
 * arrive at webhook URLs (a local receiver) as rendered Discord messages; events matching no rule send nothing.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { forEachDatabase } from '../helpers/databases.ts';
import { fixtureGameData, monsterRow, pokemonHook, unencounteredHook } from '../plugins/monster/support.ts';
import { e2e, IN_OLD_TOWN, IN_RIVERSIDE } from './harness.ts';
import { textOf, type ReceivedPost } from './receiver.ts';

const rule = (id: string, extra: Record<string, unknown> = {}) => {
  const { uid: _uid, ...row } = monsterRow(id, extra);
  return row;
};

const nowS = () => Math.floor(Date.now() / 1000);
const near = (p: { latitude: number; longitude: number }, dLat: number) => ({ latitude: p.latitude + dLat, longitude: p.longitude });

describe('monster alerts reach webhook targets', () => {
  test('every rule mode, rendered with the bundled templates; no rule, no message', async (t) => {
    await forEachDatabase(
      t,
      async (db) => {
        const s = await e2e(db, { gameData: await fixtureGameData() });
        try {
          const area = s.hookUrl('area');
          const override = s.hookUrl('override');
          const distance = s.hookUrl('distance');
          const saved = s.hookUrl('saved');
          const pvp = s.hookUrl('pvp');
          const other = s.hookUrl('other');
          await s.addHuman({ id: area, name: 'Area watchers', area: ['old town'] });
          await s.addHuman({ id: override, name: 'Riverside only', area: ['old town'] });
          await s.addHuman({ id: distance, name: 'Near home', ...near(IN_OLD_TOWN, 0.001) });
          await s.addHuman({ id: saved, name: 'Near the park', latitude: 10, longitude: 10 });
          await s.addHuman({ id: pvp, name: 'PVP', area: ['old town'] });
          await s.addHuman({ id: other, name: 'Mewtwo hunters', area: ['old town', 'riverside'] });
          await s.addLocation(saved, 'Park', near(IN_RIVERSIDE, 0.0005));
          await s.addRule('monsters', rule(area, { min_iv: 90 }));
          await s.addRule('monsters', rule(override, { override_areas: '["riverside"]' }));
          await s.addRule('monsters', rule(distance, { pokemon_id: 0, distance: 500 }));
          await s.addRule('monsters', rule(saved, { distance: 300, override_location_label: 'park' }));
          await s.addRule('monsters', rule(pvp, { pvp_ranking_league: 1500, pvp_ranking_worst: 5, template: '2' }));
          await s.addRule('monsters', rule(other, { pokemon_id: 150 }));
          await s.start();

          const despawn = nowS() + 1500;
          const hundo = pokemonHook({ encounter_id: 'e-old-town', ...IN_OLD_TOWN, disappear_time: despawn, pvp: { great: [{ pokemon: 26, cap: 50, capped: true, level: 21.5, cp: 1496, percentage: 0.99, rank: 2 }] } });
          const riverside = unencounteredHook({ encounter_id: 'e-riverside', ...IN_RIVERSIDE, disappear_time: despawn });
          const nobody = pokemonHook({ encounter_id: 'e-nowhere', pokemon_id: 19, latitude: 40, longitude: -3, disappear_time: despawn });
          const res = await s.post([
            { type: 'pokemon', message: hundo },
            { type: 'pokemon', message: riverside },
            { type: 'pokemon', message: nobody },
            { type: 'pokemon', message: hundo }, // a repeat: deduplicated
          ]);
          assert.equal(res.status, 200);
        } finally {
          await s.stop();
        }

        const byPath = new Map<string, ReceivedPost[]>();
        for (const p of s.receiver.posts) byPath.set(p.path, [...(byPath.get(p.path) ?? []), p]);
        assert.deepEqual([...byPath.keys()].sort(), ['/hooks/area', '/hooks/distance', '/hooks/override', '/hooks/pvp', '/hooks/saved']);
        for (const [path, posts] of byPath) assert.equal(posts.length, 1, `${path} gets exactly one message`);

        const areaMsg = byPath.get('/hooks/area')![0]!;
        const embed = areaMsg.body.embeds![0]!;
        assert.match(embed.title!, /^Pikachu ♂️ 93%/);
        assert.equal(embed.color, 0xa335ee, 'IV colour as an integer');
        const text = textOf(areaMsg);
        assert.match(text, /15\/14\/13 · CP 500 · level 20/);
        assert.match(text, /Tackle/);
        assert.match(text, /Hyper Beam/);
        assert.match(text, /<t:\d+:R>/);
        assert.match(text, /Old Town/);
        assert.match(text, /\*\*Great league\*\*\n#2 Raichu · 1496 CP/);
        assert.match(text, /google\.com\/maps/);

        const countdown = /<t:(\d+):R>/.exec(textOf(byPath.get('/hooks/distance')![0]!));
        assert.ok(countdown, 'countdown on the distance rule message');
        assert.match(textOf(byPath.get('/hooks/distance')![0]!), /📏 1\d\d m/);

        const overrideText = textOf(byPath.get('/hooks/override')![0]!);
        assert.match(overrideText, /Pikachu/);
        assert.doesNotMatch(overrideText, /%/, 'the riverside sighting had no IVs (monsterNoIv)');
        assert.match(overrideText, /Riverside/);
        assert.match(textOf(byPath.get('/hooks/saved')![0]!), /📏 \d\d m/, 'measured from the saved location');

        const pvpMsg = byPath.get('/hooks/pvp')![0]!;
        assert.ok(textOf(pvpMsg).length < textOf(areaMsg).length, 'template 2 (compact) was used for the PVP rule');
      },
      { migrate: true },
    );
  });

  test('a malformed item is rejected with a reason and the rest of the batch still alerts', async (t) => {
    await forEachDatabase(
      t,
      async (db) => {
        const s = await e2e(db, { gameData: await fixtureGameData() });
        try {
          const url = s.hookUrl('all');
          await s.addHuman({ id: url, name: 'All', area: ['old town'] });
          await s.addRule('monsters', rule(url, { pokemon_id: 0 }));
          await s.start();
          const res = await s.post([
            { type: 'pokemon', message: pokemonHook({ encounter_id: 'bad', individual_attack: 99, disappear_time: nowS() + 900 }) },
            { type: 'pokemon', message: pokemonHook({ encounter_id: 'good', disappear_time: nowS() + 900 }) },
            { type: 'pokemon', message: pokemonHook({ encounter_id: 'late', disappear_time: nowS() + 60 }) },
          ]);
          assert.equal(res.status, 200);
        } finally {
          await s.stop();
        }
        assert.equal(s.receiver.posts.length, 1, 'only the good sighting: the bad one is malformed, the late one has under alert_minimum_time left');
        assert.match(s.receiver.posts[0]!.body.embeds![0]!.title!, /Pikachu/);
      },
      { migrate: true },
    );
  });
});
