/**
 * Gym and fort-update alerts end to end, on SQLite and MariaDB: a gym first seen as Valor then taken by Mystic
 * reaches the webhook target of a team rule (the first sighting alone alerts nobody), and a stop renamed in
 * Golbat's nested old/new format reaches a fort rule; both rendered with the bundled Discord templates.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { forEachDatabase } from '../helpers/databases.ts';
import { fixtureGameData } from '../plugins/monster/support.ts';
import { fortHook, fortRow, fortSide } from '../../plugins/fort-update/test/support.ts';
import { gymHook, gymRow } from '../plugins/gym/support.ts';
import { e2e, IN_OLD_TOWN } from './harness.ts';
import { textOf, type ReceivedPost } from './receiver.ts';

const withoutUid = ({ uid: _uid, ...row }: Record<string, unknown>) => row;
const location = { lat: IN_OLD_TOWN.latitude, lon: IN_OLD_TOWN.longitude };

describe('gym and fort-update alerts reach webhook targets', () => {
  test('a team change and a rename, each to its rule only', async (t) => {
    await forEachDatabase(
      t,
      async (db) => {
        const s = await e2e(db, { gameData: await fixtureGameData(), config: { tuning: { concurrent_matched_processors: 1 } } });
        try {
          const mystic = s.hookUrl('mystic');
          const instinct = s.hookUrl('instinct');
          const forts = s.hookUrl('forts');
          for (const [id, name] of [[mystic, 'Mystic fans'], [instinct, 'Instinct fans'], [forts, 'Map editors']] as const) {
            await s.addHuman({ id, name, area: ['old town'] });
          }
          await s.addRule('gym', withoutUid(gymRow(mystic, { team: 1 })));
          await s.addRule('gym', withoutUid(gymRow(instinct, { team: 3 })));
          await s.addRule('forts', withoutUid(fortRow(forts, { fort_type: 'pokestop', change_types: '["name"]' })));
          await s.start();

          assert.equal((await s.post([{ type: 'gym_details', message: gymHook({ ...IN_OLD_TOWN, team: 2 }) }])).status, 200);
          assert.equal((await s.post([{ type: 'gym', message: gymHook({ ...IN_OLD_TOWN, team: undefined, team_id: 1, slots_available: 5 }) }])).status, 200);
          const rename = fortHook({ old: fortSide({ name: 'Bench', location }), new: fortSide({ location }) });
          const gymRename = fortHook({ old: fortSide({ type: 'gym', name: 'Bench', location }), new: fortSide({ type: 'gym', location }) });
          assert.equal((await s.post([{ type: 'fort_update', message: rename }, { type: 'fort_update', message: gymRename }])).status, 200);
        } finally {
          await s.stop();
        }

        const byPath = new Map<string, ReceivedPost[]>();
        for (const p of s.receiver.posts) byPath.set(p.path, [...(byPath.get(p.path) ?? []), p]);
        assert.deepEqual([...byPath.keys()].sort(), ['/hooks/forts', '/hooks/mystic']);
        assert.equal(byPath.get('/hooks/mystic')!.length, 1);
        assert.equal(byPath.get('/hooks/forts')!.length, 1);

        const gymPost = byPath.get('/hooks/mystic')![0]!;
        assert.equal(gymPost.body.embeds![0]!.title, 'Gym: Fountain Square');
        const gymText = textOf(gymPost);
        assert.match(gymText, /Now held by \*\*Mystic\*\* \(was Valor\)/);
        assert.match(gymText, /5 free slots · 1 trainers/);
        assert.match(gymText, /Old Town/);

        const fortPost = byPath.get('/hooks/forts')![0]!;
        assert.equal(fortPost.body.embeds![0]!.title, 'Edit Stop: Painted Bench');
        assert.match(textOf(fortPost), /Name: Bench → Painted Bench/);
      },
      { migrate: true },
    );
  });
});
