/**
 * The start-up repair of human types in the spec's neutral spelling, on both engines: `chat_a:` / `chat_b:`
 * rows become `discord:` / `telegram:` with everything keyed by their id kept, each rewrite is reported and
 * logged, other types (including look-alikes the LIKE pattern catches) are untouched, and a second start finds
 * nothing to do.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { prepareDatabase } from '../../../core/db/migrate.ts';
import { forEachDatabase } from '../../helpers/databases.ts';
import { captureDbLog } from './support.ts';

const human = (id: string, type: string) => ({ id, type, name: id, area: '[]', community_membership: '[]' });

it('rewrites neutral human types at start, keeps their rules, and is a no-op the next time', async (t) => {
  await forEachDatabase(
    t,
    async (db) => {
      await db.knex('humans').insert([
        human('1001', 'chat_b:user'),
        human('1002', 'chat_a:channel'),
        human('1003', 'CHAT_A:thread'),
        human('1004', 'discord:user'),
        human('1005', 'chatxa:user'),
        human('https://example.invalid/hook', 'webhook'),
      ]);
      await db.knex('profiles').insert({ id: '1001', profile_no: 1, name: 'Home', area: '[]' });
      await db.knex('egg').insert({ id: '1001', profile_no: 1, ping: '', clean: 0, distance: 0, template: '1', team: 4, level: 5, exclusive: 0 });

      const log = captureDbLog();
      const result = await prepareDatabase(db.knex, log);
      assert.deepEqual([...result.repairs].sort(), [
        'human_type 1001 chat_b:user -> telegram:user',
        'human_type 1002 chat_a:channel -> discord:channel',
        'human_type 1003 CHAT_A:thread -> discord:thread',
      ]);
      const types = Object.fromEntries(((await db.knex('humans').select('id', 'type')) as { id: string; type: string }[]).map((r) => [r.id, r.type]));
      assert.deepEqual(types, {
        '1001': 'telegram:user',
        '1002': 'discord:channel',
        '1003': 'discord:thread',
        '1004': 'discord:user',
        '1005': 'chatxa:user',
        'https://example.invalid/hook': 'webhook',
      });
      assert.equal((await db.knex('egg').where({ id: '1001' })).length, 1, 'the rules stay with the id');
      assert.equal((await db.knex('profiles').where({ id: '1001' })).length, 1);
      const logged = log.entries.filter((e) => e.msg.startsWith('start-up repair: human type')).map((e) => e.obj);
      assert.deepEqual(logged.find((o) => (o as { id: string }).id === '1001'), { id: '1001', from: 'chat_b:user', to: 'telegram:user' });
      assert.equal(logged.length, 3);

      assert.deepEqual((await prepareDatabase(db.knex, captureDbLog())).repairs, []);
    },
    { migrate: true },
  );
});
