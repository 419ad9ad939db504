/**
 * Quest digests end to end, on SQLite and MariaDB, through the real Discord client against the fake Discord: a
 * user's `quest … summary` rule holds the matching quests of posted webhooks instead of alerting; when the schedule
 * set with `summary quest settime` comes (a test clock moved to it: nothing waits), one digest message arrives in
 * the DM listing both stops, with the map the tile server (a local fake) pre-generated from the stops' pins.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { forEachDatabase } from '../helpers/databases.ts';
import { ManualClock } from '../helpers/manual-clock.ts';
import { metricValue } from '../helpers/metrics.ts';
import { fakeServer } from '../core/enrich/fake-server.ts';
import { fixtureGameData, questHook, reward } from '../plugins/quest/support.ts';
import { DC } from './chat-world.ts';
import { e2e, IN_OLD_TOWN } from './harness.ts';
import { until } from './wait.ts';

/**
 * Monday 2037-01-12 11:55 in Munich (10:55 UTC): the quests are seen then, the digest is due at 12:00. Far ahead of
 * the real clock, which the delivery queue keeps: a digest whose quests expired by it would be dropped as stale.
 */
const MONDAY_1155 = Date.UTC(2037, 0, 12, 10, 55);

describe('quest digests through the real Discord client', () => {
  test('summary rules hold quests until the schedule; one digest with the pinned map arrives', async (t) => {
    await forEachDatabase(
      t,
      async (db) => {
        const tiles = await fakeServer(() => ({ body: 'digest-map-1' }));
        t.after(() => tiles.close());
        const clock = new ManualClock(MONDAY_1155);
        const s = await e2e(db, {
          gameData: await fixtureGameData(),
          chat: true,
          clock,
          config: { geocoding: { static_provider: 'tileservercache', static_provider_url: tiles.url }, general: { default_timezone: 'Europe/Berlin' } },
        });
        const { chat } = s;
        const dm = chat.dm(DC.user);
        let before = 0;
        try {
          await s.start();
          assert.equal((await chat.discordSays(DC.register, DC.user, '!poracle')).reaction, '✅');
          await until(() => chat.discordPosts(dm).length > 0, 'the greeting in the DM');
          assert.equal((await chat.discordSays(dm, DC.user, '!area add old_town')).reaction, '✅');
          const rule = await chat.discordSays(dm, DC.user, '!quest rare_candy summary');
          assert.equal(rule.reaction, '✅');
          assert.match(rule.text, /summary/);
          assert.equal((await chat.discordSays(dm, DC.user, '!summary quest settime mon12:00')).reaction, '✅');
          await s.settled();
          before = chat.discordAlerts(dm).length;

          const seen = MONDAY_1155 / 1000;
          const candy = [reward(2, { item_id: 1301, amount: 3 })];
          const res = await s.post([
            { type: 'quest', message: questHook({ ...IN_OLD_TOWN, pokestop_id: 'stop-a', pokestop_name: 'Old Mill', updated: seen, rewards: candy }) },
            { type: 'quest', message: questHook({ latitude: 48.138, longitude: 11.575, pokestop_id: 'stop-b', pokestop_name: 'Fountain', updated: seen, rewards: candy }) },
          ]);
          assert.equal(res.status, 200);
          await until(async () => (await metricValue(s.app.metrics, 'lookout_quest_summary_held_total', {})) === 2, 'both quests held');
          const status = await chat.discordSays(dm, DC.user, '!summary quest');
          assert.match(status.text, /2 quests are held/);
          assert.equal(chat.discordAlerts(dm).length, before, 'no alert while the quests are held');

          await clock.advanceTo(MONDAY_1155 + 6 * 60_000);
          const [digest] = await until(() => {
            const alerts = chat.discordAlerts(dm).slice(before);
            return alerts.length > 0 ? alerts : null;
          }, 'the digest in the DM');
          const embed = digest!.embeds[0] as { title: string; description: string; image?: { url: string } };
          assert.match(embed.title, /^2 × Rare Candy/);
          assert.match(embed.description, /Old Mill/);
          assert.match(embed.description, /Fountain/);
          assert.equal(embed.image?.url, `${tiles.url}/staticmap/pregenerated/digest-map-1`);

          const map = tiles.requests.find((r) => r.path === '/staticmap/poracle-questsummary');
          assert.ok(map, 'the tile server was asked for the digest map');
          const body = JSON.parse(map.body) as { points: Array<{ name: string; latitude: number; longitude: number }>; zoom: number };
          assert.deepEqual(body.points.map((p) => [p.name, p.latitude, p.longitude]), [['Old Mill', IN_OLD_TOWN.latitude, IN_OLD_TOWN.longitude], ['Fountain', 48.138, 11.575]]);
          assert.equal(typeof body.zoom, 'number');
          assert.equal(await metricValue(s.app.metrics, 'lookout_quest_summary_digests_total', {}), 1);
        } finally {
          await s.stop();
        }
        assert.equal(chat.discordAlerts(dm).length, before + 1, 'exactly one digest message');
      },
      { migrate: true },
    );
  });
});
