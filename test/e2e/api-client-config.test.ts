/**
 * The client configuration answers of the running service (on SQLite, over real HTTP) carry the registered alert
 * plugins' fields where the previous generation had them: the monster plugin's pvp settings, the gym plugin's
 * gymBattles; the weather plugin's forecast keys never appear.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { openTestDatabase } from '../helpers/databases.ts';
import { fixtureGameData } from '../helpers/plugin-setup.ts';
import { e2e } from './harness.ts';

const SECRET = 'client-config-secret';
const FORECAST_KEY = 'FORECAST-KEY-e2e-4711';

describe('client configuration answers of the running service', () => {
  test('webClient and poracleWeb hold the plugins\' fields in the previous places; plugin secrets are scrubbed', async () => {
    const db = await openTestDatabase('sqlite');
    const s = await e2e(db, {
      gameData: await fixtureGameData(),
      config: {
        processor: { host: '127.0.0.1', port: 0, api_secret: SECRET },
        pvp: { level_caps: [50, 51], filter_max_rank: 12 },
        tracking: { enable_gym_battle: true, default_user_tracking_level_cap: 51 },
        weather: { forecast_api_keys: [FORECAST_KEY] },
        locale: { address_format: `{{streetName}} ${FORECAST_KEY}` },
      },
    });
    try {
      await s.start();
      const base = `http://127.0.0.1:${(s.app.http.server.address() as { port: number }).port}/api/config`;
      const get = async (path: string): Promise<{ text: string; body: Record<string, unknown> }> => {
        const res = await fetch(`${base}/${path}`, { headers: { 'x-service-secret': SECRET } });
        assert.equal(res.status, 200);
        const text = await res.text();
        return { text, body: JSON.parse(text) as Record<string, unknown> };
      };
      const web = await get('webClient');
      assert.deepEqual(Object.keys(web.body), ['status', 'version', 'prefix', 'prefixes', 'locale', 'languages', 'defaultTemplateName', 'alertTypes', 'pvp', 'tracking', 'map']);
      assert.deepEqual(web.body.pvp, {
        levelCaps: [50, 51],
        filterMaxRank: 12,
        filterGreatMinCp: 1400,
        filterUltraMinCp: 2350,
        filterLittleMinCp: 450,
        displayMaxRank: 10,
        displayGreatMinCp: 1400,
        displayUltraMinCp: 2350,
        displayLittleMinCp: 450,
        defaultLevelCap: 51,
      });
      assert.deepEqual(Object.keys(web.body.tracking as object), ['defaultDistance', 'maxDistance', 'everythingFlagPermissions', 'gymBattles']);
      assert.equal((web.body.tracking as { gymBattles: unknown }).gymBattles, true);
      const legacy = await get('poracleWeb');
      assert.deepEqual(Object.keys(legacy.body).slice(6, 16), [
        'staticKey', 'pvpFilterMaxRank', 'pvpFilterGreatMinCP', 'pvpFilterUltraMinCP', 'pvpFilterLittleMinCP', 'pvpLittleLeagueAllowed', 'pvpCaps',
        'pvpRequiresMinCp', 'defaultPvpCap', 'defaultTemplateName',
      ]);
      assert.deepEqual([legacy.body.pvpCaps, legacy.body.defaultPvpCap, legacy.body.gymBattles], [[50, 51], 51, true]);
      assert.equal(Object.keys(legacy.body).at(-1), 'gymBattles');
      for (const { text } of [web, legacy]) assert.ok(!text.includes(FORECAST_KEY), 'a forecast key left the service');
    } finally {
      await s.stop();
      await db.cleanup();
    }
  });
});
