/**
 * Weather changes end to end, on SQLite and MariaDB: a cell's condition arrives, a pokemon is seen in the cell,
 * then the condition changes — the `weather` rules that match (any cell in the human's areas, or that cell)
 * receive one rendered Discord message at their webhook URL listing the pokemon whose boost changed; a rule
 * for another condition, and a repeat of the change, send nothing.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { forEachDatabase } from '../helpers/databases.ts';
import { fixtureGameData, monsterRow, pokemonHook } from '../plugins/monster/support.ts';
import { weatherCellId } from '../../core/geo/s2-cell.ts';
import { e2e, IN_OLD_TOWN } from './harness.ts';
import { textOf, type ReceivedPost } from './receiver.ts';
import { until } from './wait.ts';

const nowS = () => Math.floor(Date.now() / 1000);

function weatherHook(condition: number, updated: number): Record<string, unknown> {
  return { s2_cell_id: 5170709059331571712, ...IN_OLD_TOWN, gameplay_condition: condition, cloud_level: 0, rain_level: 0, wind_level: 0, snow_level: 0, fog_level: 0, special_effect_level: 0, severity: 0, warn_weather: false, updated };
}

const rule = (id: string, extra: Record<string, unknown>) => ({ id, profile_no: 1, ping: '', template: 1, clean: 0, condition: 0, cell: '', ...extra });

describe('weather change alerts reach webhook targets', () => {
  test('a change in a tracked cell is delivered once, rendered with the bundled template', async (t) => {
    await forEachDatabase(
      t,
      async (db) => {
        // a weather alert lasts until the hour ends: no minimum time left, so the test passes in an hour's last minutes too
        const general = { img_url: '', sticker_url: '', alert_minimum_time: 0 };
        const s = await e2e(db, { gameData: await fixtureGameData(), config: { general, weather: { change_alert: true, show_altered_creatures: true } } });
        try {
          const areas = s.hookUrl('areas');
          const cell = s.hookUrl('cell');
          const snow = s.hookUrl('snow');
          await s.addHuman({ id: areas, name: 'Old Town weather', area: ['old town'] });
          await s.addHuman({ id: cell, name: 'One cell', area: [] });
          await s.addHuman({ id: snow, name: 'Snow only', area: ['old town'] });
          await s.addRule('weather', rule(areas, {}));
          await s.addRule('weather', rule(cell, { condition: 2, cell: weatherCellId(IN_OLD_TOWN.latitude, IN_OLD_TOWN.longitude) }));
          await s.addRule('weather', rule(snow, { condition: 6 }));
          // a pokemon watcher: its alert tells the test the sighting went through the pipeline
          const pokemon = s.hookUrl('pokemon');
          await s.addHuman({ id: pokemon, name: 'Pokemon', area: ['old town'] });
          const { uid: _uid, ...monsterRule } = monsterRow(pokemon, {});
          await s.addRule('monsters', monsterRule);
          await s.start();

          const now = nowS();
          const before = await s.post([
            { type: 'weather', message: weatherHook(1, now - 3600) },
            { type: 'pokemon', message: pokemonHook({ encounter_id: 'e-weather', ...IN_OLD_TOWN, latitude: IN_OLD_TOWN.latitude + 0.0005, disappear_time: now + 1500 }) },
          ]);
          assert.equal(before.status, 200);
          await until(() => s.receiver.posts.some((p) => p.path === '/hooks/pokemon') || null, 'the pokemon alert');
          const res = await s.post([
            { type: 'weather', message: weatherHook(2, now) },
            { type: 'weather', message: weatherHook(2, now + 5) }, // the same change again: deduplicated
          ]);
          assert.equal(res.status, 200);
        } finally {
          await s.stop();
        }

        const byPath = new Map<string, ReceivedPost[]>();
        for (const p of s.receiver.posts) byPath.set(p.path, [...(byPath.get(p.path) ?? []), p]);
        assert.deepEqual([...byPath.keys()].sort(), ['/hooks/areas', '/hooks/cell', '/hooks/pokemon']);
        for (const [path, posts] of byPath) assert.equal(posts.length, 1, `${path} gets exactly one message`);
        const text = textOf(byPath.get('/hooks/areas')![0]!);
        assert.match(text, /Weather: .*Rain/);
        assert.match(text, /Changed from .*Clear to .*Rain/);
        assert.match(text, /Pikachu 93% CP 500/);
        assert.match(text, /Old Town/);
      },
      { migrate: true },
    );
  });
});
