/**
 * `track` and `untrack` run against a real database on both engines, with a hand-built invocation over the
 * real stores: rows written, diffed and removed in the target's current profile, and the replies.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Knex } from 'knex';
import type { CommandReply, CommandServices } from '../../../../core/commands/types.ts';
import type { Human, TrackingRow } from '../../../../core/model.ts';
import type { NewHuman } from '../../../../core/db/index.ts';
import { trackCommand, untrackCommand } from '../../../../plugins/monster/commands/index.ts';
import { forEachDatabase } from '../../../helpers/databases.ts';
import { commandServices, invocation, TEMPLATE_CASES, templateFixture, withTemplates } from './support.ts';

let nextId = 0;

async function register(services: CommandServices, overrides: Partial<NewHuman> = {}): Promise<Human> {
  const id = `user-${++nextId}`;
  return services.stores.humans.create({ id, type: 'discord:user', name: `Trainer ${nextId}`, enabled: true, area: ['downtown'], latitude: 51.5, longitude: -0.12, ...overrides });
}

async function run(services: CommandServices, target: Human, name: 'track' | 'untrack', text: string, isAdmin = false): Promise<CommandReply> {
  const command = name === 'track' ? trackCommand : untrackCommand;
  const replies = await command.run(invocation({ name, text, target, services, isAdmin }));
  assert.equal(replies.length, 1);
  return replies[0]!;
}

async function rowsOf(knex: Knex, target: Human): Promise<TrackingRow[]> {
  return (await knex('monsters').where({ id: target.id }).orderBy('uid')) as TrackingRow[];
}

forEachDatabase(
  'monster commands',
  (db) => {
    let services: CommandServices;
    const setup = async (config: Record<string, unknown> = {}): Promise<CommandServices> => (services = await commandServices(db.knex, config));

    it('track writes a rule and answers New:', async () => {
      await setup();
      const ash = await register(services);
      const reply = await run(services, ash, 'track', 'pikachu iv90');
      assert.deepEqual(reply, { reaction: '✅', text: 'New: **Pikachu** | iv: 90%-100%' });
      const rows = await rowsOf(db.knex, ash);
      assert.equal(rows.length, 1);
      assert.deepEqual(
        [rows[0]!.pokemon_id, rows[0]!.min_iv, rows[0]!.max_iv, rows[0]!.profile_no, rows[0]!.distance, rows[0]!.template, rows[0]!.ping],
        [25, 90, 100, 1, 0, null, ''],
      );
    });

    it('the same command again changes nothing (👌); one updatable difference updates the row in place', async () => {
      await setup();
      const ash = await register(services);
      await run(services, ash, 'track', 'pikachu iv90');
      const [before] = await rowsOf(db.knex, ash);
      assert.deepEqual(await run(services, ash, 'track', 'pikachu iv90'), { reaction: '👌', text: 'Unchanged: **Pikachu** | iv: 90%-100%' });
      assert.deepEqual(await run(services, ash, 'track', 'pikachu iv95'), { reaction: '✅', text: 'Updated: **Pikachu** | iv: 95%-100%' });
      const after = await rowsOf(db.knex, ash);
      assert.deepEqual(after.map((r) => [r.uid, r.min_iv]), [[before!.uid, 95]]);
      const reply = await run(services, ash, 'track', 'pikachu iv90 d500');
      assert.equal(reply.text, 'New: **Pikachu** | distance: 500m | iv: 90%-100%');
      assert.equal((await rowsOf(db.knex, ash)).length, 2);
    });

    it('unknown keywords and the rule errors are refused and nothing is written', async () => {
      await setup();
      const ash = await register(services);
      await services.stores.locations.create({ humanId: ash.id, label: 'Home', latitude: 51.5, longitude: -0.1 });
      const refused = async (text: string): Promise<string> => {
        const reply = await run(services, ash, 'track', text);
        assert.equal(reply.reaction, '🙅', text);
        return reply.text ?? '';
      };
      assert.equal(await refused('pikachu iv90 frobnicate'), 'Unrecognized: frobnicate');
      assert.match(await refused('pikachu d500 area:downtown'), /distance and area filters are mutually exclusive/i);
      assert.match(await refused('pikachu area:downtown location:home'), /use area: or location:, not both/i);
      assert.match(await refused('pikachu location:home'), /location: requires d:/);
      assert.match(await refused('pikachu area:atlantis'), /^Unknown area: atlantis\. Use !area list/);
      assert.equal(await refused('iv90'), 'No pokemon specified');
      assert.deepEqual(await rowsOf(db.knex, ash), []);
    });

    it('location: and area: overrides are stored and shown', async () => {
      await setup();
      const ash = await register(services);
      await services.stores.locations.create({ humanId: ash.id, label: 'Home', latitude: 51.5, longitude: -0.1 });
      assert.equal((await run(services, ash, 'track', 'snorlax d500 location:HOME')).text, 'New: **Snorlax** | distance: 500m @ Home');
      assert.equal((await run(services, ash, 'track', 'lapras area:Old_Town')).text, 'New: **Lapras** in old town');
      const rows = await rowsOf(db.knex, ash);
      assert.deepEqual(rows.map((r) => [r.pokemon_id, r.override_location_label, r.override_areas]), [[143, 'Home', null], [131, null, '["old town"]']]);
    });

    it('warnings: alerts paused, distance without a location, area rule without areas; the cap note', async () => {
      await setup({ tracking: { max_distance: 1000 } });
      const misty = await register(services, { enabled: false, area: [], latitude: 0, longitude: 0 });
      const distance = await run(services, misty, 'track', 'snorlax d5000');
      assert.equal(
        distance.text,
        [
          'New: **Snorlax** | distance: 1000m',
          'Distance has been capped to the maximum of 1000m.',
          'Your alerts are currently paused. Use !start to resume them',
          'You are tracking by distance but have no location set. Use !location to set one',
        ].join('\n'),
      );
      const area = await run(services, misty, 'track', 'lapras');
      assert.match(area.text ?? '', /You are tracking by area but have no areas set\. Use !area add/);
    });

    it('more than 20 changes are summarised', async () => {
      await setup();
      const ash = await register(services);
      const reply = await run(services, ash, 'track', 'gen1 great5 ultra5');
      assert.deepEqual(reply, { reaction: '✅', text: 'I have made a lot of changes. See !tracked for details' });
      assert.equal((await rowsOf(db.knex, ash)).length, 24);
    });

    it('everything follows [tracking] everything_flag_permissions', async () => {
      await setup({ tracking: { everything_flag_permissions: 'deny' } });
      const ash = await register(services);
      assert.equal((await run(services, ash, 'track', 'everything iv100')).reaction, '🙅');
      assert.equal((await run(services, ash, 'track', 'everything iv100', true)).text, 'New: **All pokemon** | iv: 100%-100%');
      assert.deepEqual((await rowsOf(db.knex, ash)).map((r) => r.pokemon_id), [0]);
    });

    it('rules go to the current profile, and untrack touches only that profile', async () => {
      await setup();
      const ash = await register(services);
      await run(services, ash, 'track', 'pikachu');
      const second = await services.stores.humans.update(ash.id, { currentProfileNo: 2 });
      await run(services, second, 'track', 'pikachu iv90');
      assert.deepEqual((await rowsOf(db.knex, ash)).map((r) => [r.profile_no, r.min_iv]), [[1, -1], [2, 90]]);
      assert.deepEqual(await run(services, second, 'untrack', 'pikachu'), { reaction: '✅', text: 'Removed: **Pikachu** | iv: 90%-100%' });
      assert.deepEqual((await rowsOf(db.knex, ash)).map((r) => r.profile_no), [1]);
    });

    it('untrack by name, id: and everything; nothing left → 👌; other humans untouched', async () => {
      await setup();
      const ash = await register(services);
      const brock = await register(services);
      await run(services, brock, 'track', 'pikachu');
      await run(services, ash, 'track', 'pikachu snorlax lapras mewtwo');
      const [, snorlax] = await rowsOf(db.knex, ash);
      assert.deepEqual(await run(services, ash, 'untrack', 'pikachu'), { reaction: '✅', text: 'Removed: **Pikachu**' });
      assert.deepEqual(await run(services, ash, 'untrack', 'pikachu'), { reaction: '👌', text: 'Nothing to remove' });
      assert.deepEqual(await run(services, ash, 'untrack', `id:${snorlax!.uid} id:999999`), { reaction: '✅', text: 'Removed: **Snorlax**\nid:999999 not found' });
      assert.equal((await run(services, ash, 'untrack', 'everything')).reaction, '✅');
      assert.deepEqual(await rowsOf(db.knex, ash), []);
      assert.equal((await rowsOf(db.knex, brock)).length, 1);
      assert.equal((await run(services, ash, 'untrack', 'foo')).text, 'Unrecognized: foo');
    });

    it('template<N> must exist for monster or monsterNoIv on the target\'s platform: refused for users, a warning for admins', async () => {
      await setup();
      services = withTemplates(services, templateFixture(['monster', 'monsterNoIv']));
      const cases = [...TEMPLATE_CASES, { id: '5', exists: true, why: 'an entry of the second alert type (monsterNoIv)' }];
      for (const { id, exists, why } of cases) {
        for (const isAdmin of [false, true]) {
          const ash = await register(services);
          const reply = await run(services, ash, 'track', `pikachu template:${id}`, isAdmin);
          const rows = await rowsOf(db.knex, ash);
          const what = `${why}, ${isAdmin ? 'admin' : 'user'}`;
          if (!exists && !isAdmin) {
            assert.deepEqual(reply, { reaction: '🙅', text: `Template "${id}" does not exist.` }, what);
            assert.deepEqual(rows, [], what);
            continue;
          }
          const warning = exists ? [] : [`Template "${id}" does not exist.`];
          assert.deepEqual(reply, { reaction: '✅', text: [`New: **Pikachu** | template: ${id}`, ...warning].join('\n') }, what);
          assert.deepEqual(rows.map((r) => r.template), [id], what);
        }
      }
      const misty = await register(services);
      assert.equal((await run(services, misty, 'track', 'pikachu')).reaction, '✅', 'no template named: nothing to check');
      assert.deepEqual(await run(services, misty, 'track', 'pikachu template:9 remove'), { reaction: '✅', text: 'Removed: **Pikachu**' }, 'remove checks nothing');
    });

    it('track … remove behaves as untrack, ignoring the rule filters', async () => {
      await setup();
      const ash = await register(services);
      await run(services, ash, 'track', 'pikachu iv90');
      assert.deepEqual(await run(services, ash, 'track', 'pikachu iv90 remove'), { reaction: '✅', text: 'Removed: **Pikachu** | iv: 90%-100%' });
      assert.deepEqual(await rowsOf(db.knex, ash), []);
    });
  },
  { migrate: true },
);
