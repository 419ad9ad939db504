/**
 * Invasion and lure alerts end to end, on SQLite and MariaDB: an `invasion` webhook and a `pokestop` webhook
 * carrying both a lure and an incident are posted to `/`, matched against `invasion` and `lures` rules and
 * arrive at webhook URLs (a local receiver) as Discord messages rendered with the bundled templates; the same
 * incident arriving again with its lineup does not alert twice.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { forEachDatabase } from '../helpers/databases.ts';
import { invasionHook, invasionRow } from '../plugins/invasion/support.ts';
import { lureRow, stopHook } from '../plugins/lure/support.ts';
import { fixtureGameData } from '../plugins/monster/support.ts';
import { e2e, IN_OLD_TOWN } from './harness.ts';
import { textOf, type ReceivedPost } from './receiver.ts';

const withoutUid = (row: Record<string, unknown>): Record<string, unknown> => {
  const { uid: _uid, ...rest } = row;
  return rest;
};

const nowS = () => Math.floor(Date.now() / 1000);

describe('invasion and lure alerts reach webhook targets', () => {
  test('one stop payload gives a lure and an invasion alert; a repeated incident with its lineup does not alert again', async (t) => {
    await forEachDatabase(
      t,
      async (db) => {
        const s = await e2e(db, { gameData: await fixtureGameData() });
        try {
          const grunts = s.hookUrl('grunts');
          const lures = s.hookUrl('lures');
          await s.addHuman({ id: grunts, name: 'Grunt hunters', area: ['old town'] });
          await s.addHuman({ id: lures, name: 'Lure fans', area: ['old town'] });
          await s.addRule('invasion', withoutUid(invasionRow(grunts, { grunt_type: 'bug' })));
          await s.addRule('invasion', withoutUid(invasionRow(grunts, { grunt_type: 'giovanni' })));
          await s.addRule('lures', withoutUid(lureRow(lures, { lure_id: 502 })));
          await s.start();

          const end = nowS() + 1500;
          const bug = invasionHook({ id: 'inc-1', pokestop_id: 'stop-a', ...IN_OLD_TOWN, grunt_type: 7, character: 7, incident_expire_timestamp: end, expiration: end });
          const bugConfirmed = { ...bug, confirmed: true, lineup: [{ slot: 1, pokemon_id: 1, form: 0 }] };
          const luredAndInvaded = stopHook({ pokestop_id: 'stop-b', name: 'Old Fountain', ...IN_OLD_TOWN, lure_id: 502, lure_expiration: end, incident_expiration: end, incident_grunt_type: 44 });
          const res = await s.post([
            { type: 'invasion', message: bug },
            { type: 'invasion', message: bugConfirmed },
            { type: 'pokestop', message: luredAndInvaded },
          ]);
          assert.equal(res.status, 200);
        } finally {
          await s.stop();
        }

        const byPath = new Map<string, ReceivedPost[]>();
        for (const p of s.receiver.posts) byPath.set(p.path, [...(byPath.get(p.path) ?? []), p]);
        assert.deepEqual([...byPath.keys()].sort(), ['/hooks/grunts', '/hooks/lures']);

        const gruntTexts = byPath.get('/hooks/grunts')!.map(textOf);
        assert.equal(gruntTexts.length, 2, 'the bug grunt once (its lineup repeat is a duplicate) and Giovanni from the stop payload');
        assert.equal(gruntTexts.filter((text) => /Invasion: .*Bug/.test(text)).length, 1);
        assert.equal(gruntTexts.filter((text) => /Invasion: .*Giovanni/.test(text)).length, 1);
        assert.ok(gruntTexts.every((text) => /<t:\d+:R>/.test(text) && /Old Town/.test(text)));

        const lureTexts = byPath.get('/hooks/lures')!.map(textOf);
        assert.equal(lureTexts.length, 1);
        assert.match(lureTexts[0]!, /🧊 Glacial/);
        assert.match(lureTexts[0]!, /Old Fountain/);
      },
      { migrate: true },
    );
  });
});
