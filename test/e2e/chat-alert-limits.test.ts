/**
 * [alert_limits] end to end: a Discord user and a Telegram user who receive more alerts than dm_limit within
 * timing_period are told once and further alerts are held back; when they hit the limit
 * max_limits_before_stop times they are stopped (humans.enabled false), told so, and later alerts no longer
 * reach them. Hits are counted once per period, so a second hit needs a second period: the period is short (2 s)
 * and the test keeps sending sightings until each notice has come, instead of sleeping — however slow the machine,
 * the limiter decides what is sent, and the assertions only count what it let through.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { forEachDatabase } from '../helpers/databases.ts';
import { fixtureGameData, monsterRow, pokemonHook } from '../plugins/monster/support.ts';
import { DC, TG } from './chat-world.ts';
import { e2e, IN_OLD_TOWN } from './harness.ts';
import { until } from './wait.ts';

const rule = (id: string) => {
  const { uid: _uid, ...row } = monsterRow(id);
  return row;
};

const DM_LIMIT = 3;
const PERIOD_S = 2;
const LIMIT_NOTICE = /^You have received 3 alerts in 2 seconds/;
const STOP_NOTICE = /hit the alert limit \(3 alerts in 2 seconds\) 2 times, so your alerts have been stopped/;

describe('alert limits on the chat platforms', () => {
  test('over dm_limit: told once; after max_limits_before_stop hits stopped, told, and sent nothing more', async (t) => {
    await forEachDatabase(
      t,
      async (db) => {
        const s = await e2e(db, {
          gameData: await fixtureGameData(),
          chat: true,
          config: { alert_limits: { dm_limit: DM_LIMIT, timing_period: PERIOD_S, max_limits_before_stop: 2 } },
        });
        const { chat } = s;
        const dm = chat.dm(DC.user);
        const telegramUser = String(TG.user);
        const discordNotices = (pattern: RegExp) => chat.discordPosts(dm).filter((m) => pattern.test(m.content));
        const telegramNotices = (pattern: RegExp) => chat.telegramTexts(TG.user).filter((text) => pattern.test(text));
        let sightings = 0;
        const despawn = Math.floor(Date.now() / 1000) + 1500;
        const sighting = (extra: Record<string, unknown> = {}) => ({ type: 'pokemon', message: pokemonHook({ encounter_id: `e-limit-${++sightings}`, ...IN_OLD_TOWN, disappear_time: despawn, ...extra }) });
        /** posts two more sightings whenever `done` does not hold yet, until it does */
        const keepSending = (done: () => boolean, what: string) =>
          until(
            async () => {
              if (done()) return true;
              assert.equal((await s.post([sighting(), sighting()])).status, 200);
              return false;
            },
            what,
            { everyMs: 200 },
          );
        try {
          await s.addHuman({ id: DC.user, type: 'discord:user', name: 'ash', area: ['old town'] });
          await s.addHuman({ id: telegramUser, type: 'telegram:user', name: 'misty', area: ['old town'] });
          await s.addRule('monsters', rule(DC.user));
          await s.addRule('monsters', rule(telegramUser));
          await s.start();

          assert.equal((await s.post([sighting(), sighting(), sighting(), sighting(), sighting()])).status, 200);
          await keepSending(() => discordNotices(LIMIT_NOTICE).length > 0 && telegramNotices(LIMIT_NOTICE).length > 0, 'the limit notice on both platforms');
          // once the period has passed, the next run over the limit is the second hit
          await keepSending(() => discordNotices(STOP_NOTICE).length > 0 && telegramNotices(STOP_NOTICE).length > 0, 'the stop notice on both platforms');
          await until(() => s.app.state.current.humans.get(DC.user)?.enabled === false && s.app.state.current.humans.get(telegramUser)?.enabled === false, 'both users stopped in the state');
          await s.post([sighting({ individual_attack: 0, individual_defense: 0, individual_stamina: 0 })]);
        } finally {
          await s.stop();
        }

        const enabled = await db.knex('humans').whereIn('id', [DC.user, telegramUser]).orderBy('type').select('type', 'enabled', 'admin_disable');
        assert.deepEqual(enabled.map((h) => [h.type, Number(h.enabled), Number(h.admin_disable)]), [['discord:user', 0, 0], ['telegram:user', 0, 0]]);
        assert.equal(discordNotices(LIMIT_NOTICE).length, 1, 'Discord: the limit notice once');
        assert.equal(telegramNotices(LIMIT_NOTICE).length, 1, 'Telegram: the limit notice once');
        assert.equal(discordNotices(STOP_NOTICE).length, 1, 'Discord: the stop notice once');
        assert.match(discordNotices(STOP_NOTICE)[0]!.content, /send !start to resume/);
        const discordPosts = chat.discordPosts(dm).map((m) => m.content);
        assert.ok(discordPosts.findIndex((c) => LIMIT_NOTICE.test(c)) < discordPosts.findIndex((c) => STOP_NOTICE.test(c)), 'told of the limit before the stop');
        assert.ok(chat.discordAlerts(dm).length <= sightings - 2, 'alerts over the limit were held back');
        assert.equal(telegramNotices(STOP_NOTICE).length, 1, 'Telegram: the stop notice once');
        assert.match(telegramNotices(STOP_NOTICE)[0]!, /send \/start to resume/);
        assert.ok(!chat.discordAlerts(dm).some((m) => /\b0%/.test((m.embeds[0] as { title: string }).title)), 'nothing after the stop (Discord)');
        assert.ok(!chat.telegramTexts(TG.user).some((text) => /\b0%/.test(text)), 'nothing after the stop (Telegram)');
      },
      { migrate: true },
    );
  });
});
