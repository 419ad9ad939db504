/**
 * The weather forecast end to end, on SQLite and MariaDB: with `[weather] enable_forecast` pointed at a local
 * fake of AccuWeather, the first sighting of a cell is delivered at once (without the notice) while the forecast
 * is fetched in the background and cached on disk; the next sighting there crossing the hour is delivered with
 * the bundled template's `weatherChange` line, its words in the recipient's language. With the provider down,
 * alerts still go out.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { forEachDatabase } from '../helpers/databases.ts';
import { fixtureGameData, monsterRow, pokemonHook } from '../plugins/monster/support.ts';
import { startFakeAccuWeather, type FakeAccuWeather } from '../fakes/accuweather/server.ts';
import { e2e, IN_OLD_TOWN } from './harness.ts';
import { textOf } from './receiver.ts';
import { until } from './wait.ts';

const nowS = () => Math.floor(Date.now() / 1000);

/** the next twelve hours, all clear: a rain-boosted Pikachu loses its boost whichever hour comes next */
function clearHours(): { epoch: number; icon: number }[] {
  const hour = nowS() - (nowS() % 3600);
  return Array.from({ length: 13 }, (_, i) => ({ epoch: hour + 3600 * i, icon: 1 }));
}

const rule = (id: string) => {
  const { uid: _uid, ...row } = monsterRow(id);
  return row;
};

/** a rain-boosted Pikachu in Old Town staying past the next hour (whenever the test runs) */
const sighting = (encounter: string) => pokemonHook({ encounter_id: encounter, ...IN_OLD_TOWN, weather: 2, disappear_time: nowS() + 3600 + 600 });

/** each alert's text by receiving webhook: `watchers` (English) and `beobachter` (German) */
interface Received {
  readonly texts: string[];
  readonly german: string[];
  readonly cacheFile: string;
}

async function scenario(db: Parameters<Parameters<typeof forEachDatabase>[1]>[0], fake: FakeAccuWeather, url: string): Promise<Received> {
  const s = await e2e(db, { gameData: await fixtureGameData(), config: { weather: { enable_forecast: true, forecast_api_keys: ['E2E-KEY'], forecast_api_url: url } } });
  const cacheFile = join(s.rootDir, '.cache', 'weather-forecast.json');
  try {
    const hook = s.hookUrl('watchers');
    await s.addHuman({ id: hook, name: 'Watchers', area: ['old town'] });
    await s.addRule('monsters', rule(hook));
    const german = s.hookUrl('beobachter');
    await s.addHuman({ id: german, name: 'Beobachter', area: ['old town'], language: 'de' });
    await s.addRule('monsters', rule(german));
    await s.start();
    await s.post([{ type: 'pokemon', message: sighting('e-first') }]);
    await until(() => s.receiver.posts.length === 2, 'the first alerts');
    if (url === fake.url) await until(() => existsSync(cacheFile) && readFileSync(cacheFile, 'utf8').includes('"hours":{"'), 'the forecast in the disk cache');
    await s.post([{ type: 'pokemon', message: sighting('e-second') }]);
    await until(() => s.receiver.posts.length === 4, 'the second alerts');
  } finally {
    await s.stop();
  }
  const textsAt = (path: string) => s.receiver.posts.filter((p) => p.path === path).map(textOf);
  return { texts: textsAt('/hooks/watchers'), german: textsAt('/hooks/beobachter'), cacheFile };
}

describe('weather forecast in monster alerts', () => {
  test('fetched in the background, then in the alert; the provider down: alerts without it', async (t) => {
    await forEachDatabase(
      t,
      async (db) => {
        const fake = await startFakeAccuWeather({ hours: clearHours() });
        try {
          const { texts, german } = await scenario(db, fake, fake.url);
          assert.doesNotMatch(texts[0]!, /Possible weather change/, 'the first alert did not wait for the forecast');
          assert.match(texts[1]!, /⚠️ Possible weather change at \d{1,2}:\d{2} : Rain \S+ ➡️ Clear ☀️/);
          // the notice's own words from the reply translations (fallbacks/locale/de.json), the names from the game data's
          assert.match(german[1]!, /⚠️ Mögliche Wetteränderung um \d{1,2}:\d{2} : Regen \S+ ➡️ Klar ☀️/);
          assert.deepEqual(fake.calls.map((c) => c.kind), ['location', 'forecast']);
          await db.knex('monsters').del();
          await db.knex('humans').del();
          const down = await startFakeAccuWeather({ hours: [] });
          await down.close();
          const without = await scenario(db, fake, down.url);
          assert.equal(without.texts.length, 2);
          for (const text of [...without.texts, ...without.german]) assert.doesNotMatch(text, /Possible weather change|Mögliche Wetteränderung/);
        } finally {
          await fake.close();
        }
      },
      { migrate: true },
    );
  });
});
