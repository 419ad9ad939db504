/**
 * `[general] disable_stop` end to end, on SQLite and MariaDB: everything that comes from stop data stops — a
 * `pokestop` webhook's lure and incident and a `quest` webhook deliver nothing, and the `lure` and `quest`
 * commands and API types are refused as switched off — while `invasion` webhooks, the incident command and
 * the invasion API type still work. Without the switch the same webhooks deliver.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { CommandReply, IncomingCommand } from '../../core/commands/types.ts';
import { forEachDatabase, type TestDatabase } from '../helpers/databases.ts';
import { invasionHook, invasionRow } from '../plugins/invasion/support.ts';
import { lureRow, stopHook } from '../plugins/lure/support.ts';
import { fixtureGameData } from '../plugins/monster/support.ts';
import { questHook, questRow } from '../plugins/quest/support.ts';
import { e2e, IN_OLD_TOWN, type E2E } from './harness.ts';

const SECRET = 'stop-secret';
const FAN = '800000000000000001';

const withoutUid = (row: Record<string, unknown>): Record<string, unknown> => {
  const { uid: _uid, ...rest } = row;
  return rest;
};

function said(text: string): IncomingCommand {
  const who = { id: FAN, name: 'fan', humanType: 'discord:user' };
  return { platform: 'discord', text, sender: { ...who, isAdmin: false }, place: { kind: 'dm', ...who, isRegistrationChannel: false }, prefixes: ['!'] };
}

const refusedAsDisabled = (replies: readonly CommandReply[]): boolean => replies.some((r) => r.text === 'This alert type is disabled');

/** Seeds one webhook target per alert kind, starts, posts a lured and invaded stop, a quest and an invasion. */
async function run(db: TestDatabase, general: Record<string, unknown>, check: (s: E2E) => Promise<void> = async () => {}): Promise<string[]> {
  const s = await e2e(db, { gameData: await fixtureGameData(), config: { general: { img_url: '', sticker_url: '', ...general }, processor: { host: '127.0.0.1', port: 0, api_secret: SECRET } } });
  try {
    for (const name of ['lures', 'quests', 'grunts']) await s.addHuman({ id: s.hookUrl(name), name, area: ['old town'] });
    await s.addHuman({ id: FAN, type: 'discord:user', name: 'fan', area: ['old town'] });
    await s.addRule('lures', withoutUid(lureRow(s.hookUrl('lures'), { lure_id: 502 })));
    await s.addRule('quest', withoutUid(questRow(s.hookUrl('quests'), { reward_type: 2, reward: 1301 })));
    await s.addRule('invasion', withoutUid(invasionRow(s.hookUrl('grunts'), { grunt_type: 'giovanni' })));
    await s.addRule('invasion', withoutUid(invasionRow(s.hookUrl('grunts'), { grunt_type: 'bug' })));
    await s.start();
    const nowS = Math.floor(Date.now() / 1000);
    const end = nowS + 1500;
    const res = await s.post([
      { type: 'pokestop', message: stopHook({ pokestop_id: 'stop-b', ...IN_OLD_TOWN, lure_id: 502, lure_expiration: end, incident_expiration: end, incident_grunt_type: 44 }) },
      { type: 'quest', message: questHook({ ...IN_OLD_TOWN, updated: nowS, title: '', with_ar: false }) },
      { type: 'invasion', message: invasionHook({ id: 'inc-1', pokestop_id: 'stop-a', ...IN_OLD_TOWN, grunt_type: 7, character: 7, incident_expire_timestamp: end, expiration: end }) },
    ]);
    assert.equal(res.status, 200);
    await check(s);
  } finally {
    await s.stop();
  }
  return s.receiver.posts.map((p) => p.path).sort();
}

async function apiPost(s: E2E, path: string, body: unknown): Promise<number> {
  const port = (s.app.http.server.address() as { port: number }).port;
  const res = await fetch(`http://127.0.0.1:${port}${path}`, { method: 'POST', headers: { 'x-service-secret': SECRET, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return res.status;
}

describe('[general] disable_stop', () => {
  test('stops lures, quests and stop-borne invasions, and their commands and API types; invasion webhooks still alert', async (t) => {
    await forEachDatabase(
      t,
      async (db) => {
        const paths = await run(db, { disable_stop: true }, async (s) => {
          assert.ok(refusedAsDisabled(await s.app.handleCommand(said('!lure glacial'))), 'lure command refused');
          assert.ok(refusedAsDisabled(await s.app.handleCommand(said('!quest stardust'))), 'quest command refused');
          assert.ok(!refusedAsDisabled(await s.app.handleCommand(said('!invasion giovanni'))), 'invasions still come from invasion webhooks');
          assert.equal(await apiPost(s, `/api/tracking/lure/${FAN}`, [{ lure_id: 501 }]), 400);
          assert.equal(await apiPost(s, `/api/tracking/quest/${FAN}`, [{ reward_type: 3, reward: 0 }]), 400);
          assert.equal(await apiPost(s, `/api/tracking/invasion/${FAN}`, [{ grunt_type: 'water' }]), 200);
        });
        assert.deepEqual(paths, ['/hooks/grunts'], 'only the invasion webhook alerts (the bug grunt)');
      },
      { migrate: true },
    );
  });

  test('without it the same webhooks deliver a lure, a quest and both invasions', async (t) => {
    await forEachDatabase(
      t,
      async (db) => {
        assert.deepEqual(await run(db, {}), ['/hooks/grunts', '/hooks/grunts', '/hooks/lures', '/hooks/quests']);
      },
      { migrate: true },
    );
  });
});
