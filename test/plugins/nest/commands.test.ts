/**
 * The `nest` command on both databases, through a hand-built invocation over the real stores: rules written,
 * diffed and removed (by pokemon, `everything`, `id:`) in the target's current profile, the d:/area:/location:
 * overrides and rule errors, and the replies.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Knex } from 'knex';
import type { CommandReply, CommandServices } from '../../../core/commands/types.ts';
import type { Human, TrackingRow } from '../../../core/model.ts';
import type { NewHuman } from '../../../core/db/index.ts';
import { nestCommand } from '../../../plugins/nest/commands/nest.ts';
import { forEachDatabase } from '../../helpers/databases.ts';
import { commandServices, invocation } from '../monster/commands/support.ts';

let nextId = 0;

async function register(services: CommandServices, overrides: Partial<NewHuman> = {}): Promise<Human> {
  const id = `nester-${++nextId}`;
  return services.stores.humans.create({ id, type: 'discord:user', name: `Trainer ${nextId}`, enabled: true, area: ['downtown'], latitude: 51.5, longitude: -0.12, ...overrides });
}

async function nest(services: CommandServices, target: Human, text: string): Promise<CommandReply> {
  const replies = await nestCommand.run(invocation({ name: 'nest', text, target, services }));
  assert.equal(replies.length, 1);
  return replies[0]!;
}

async function rowsOf(knex: Knex, target: Human): Promise<TrackingRow[]> {
  return (await knex('nests').where({ id: target.id }).orderBy('uid')) as TrackingRow[];
}

forEachDatabase(
  'nest command',
  (db) => {
    let services: CommandServices;
    const setup = async (): Promise<CommandServices> => (services = await commandServices(db.knex));

    it('writes one rule per pokemon with minspawn, template and clean', async () => {
      await setup();
      const ash = await register(services);
      const reply = await nest(services, ash, 'pikachu snorlax minspawn5 template2 clean');
      assert.deepEqual(reply, {
        reaction: '✅',
        text: 'New: **Pikachu** | Min avg. spawn 5/hour | template: 2 | clean\nNew: **Snorlax** | Min avg. spawn 5/hour | template: 2 | clean',
      });
      const rows = await rowsOf(db.knex, ash);
      assert.deepEqual(
        rows.map((r) => [r.pokemon_id, r.form, r.min_spawn_avg, r.template, r.clean, r.distance, r.profile_no]),
        [[25, 0, 5, '2', 1, 0, 1], [143, 0, 5, '2', 1, 0, 1]],
      );
    });

    it('everything is pokemon 0; the same command again is 👌; one updatable difference updates in place', async () => {
      await setup();
      const ash = await register(services);
      assert.equal((await nest(services, ash, 'everything')).text, 'New: **All pokemon**');
      assert.deepEqual(await nest(services, ash, 'everything'), { reaction: '👌', text: 'Unchanged: **All pokemon**' });
      const [before] = await rowsOf(db.knex, ash);
      assert.deepEqual(await nest(services, ash, 'everything d750'), { reaction: '✅', text: 'Updated: **All pokemon** | distance: 750m' });
      const after = await rowsOf(db.knex, ash);
      assert.deepEqual(after.map((r) => [r.uid, r.pokemon_id, r.distance]), [[before!.uid, 0, 750]]);
      assert.equal((await nest(services, ash, 'everything minspawn3')).text!.split('\n')[0], 'New: **All pokemon** | Min avg. spawn 3/hour');
    });

    it('area: and location: overrides are stored and shown; the rule errors refuse and write nothing', async () => {
      await setup();
      const ash = await register(services);
      await services.stores.locations.create({ humanId: ash.id, label: 'Home', latitude: 51.5, longitude: -0.1 });
      assert.equal((await nest(services, ash, 'pikachu d500 location:HOME')).text, 'New: **Pikachu** | distance: 500m @ Home');
      assert.equal((await nest(services, ash, 'snorlax area:Old_Town')).text, 'New: **Snorlax** in old town');
      const rows = await rowsOf(db.knex, ash);
      assert.deepEqual(rows.map((r) => [r.override_location_label, r.override_areas]), [['Home', null], [null, '["old town"]']]);
      const refused = async (text: string): Promise<string> => {
        const reply = await nest(services, ash, text);
        assert.equal(reply.reaction, '🙅', text);
        return reply.text ?? '';
      };
      assert.equal(await refused('pikachu frobnicate'), 'Unrecognized: frobnicate');
      assert.equal(await refused('minspawn5'), 'No pokemon specified');
      assert.match(await refused('pikachu d500 area:downtown'), /distance and area filters are mutually exclusive/i);
      assert.match(await refused('pikachu area:downtown location:home'), /use area: or location:, not both/i);
      assert.match(await refused('pikachu location:home'), /location: requires d:/);
      assert.match(await refused('pikachu area:atlantis'), /^Unknown area: atlantis/);
      assert.equal((await rowsOf(db.knex, ash)).length, 2);
    });

    it('remove by pokemon, by id: and everything; other humans untouched; warnings for rules that cannot alert', async () => {
      await setup();
      const ash = await register(services);
      const misty = await register(services, { enabled: false, area: [], latitude: 0, longitude: 0 });
      await nest(services, ash, 'pikachu snorlax lapras');
      await nest(services, misty, 'pikachu d100');
      assert.deepEqual(await nest(services, ash, 'remove pikachu'), { reaction: '✅', text: 'Removed: **Pikachu**' });
      const snorlax = (await rowsOf(db.knex, ash)).find((r) => r.pokemon_id === 143)!;
      assert.deepEqual(await nest(services, ash, `remove id:${snorlax.uid} id:999999`), { reaction: '✅', text: 'Removed: **Snorlax**\nid:999999 not found' });
      assert.deepEqual(await nest(services, ash, 'remove everything'), { reaction: '✅', text: 'Removed: **Lapras**' });
      assert.deepEqual(await nest(services, ash, 'remove everything'), { reaction: '👌', text: 'Nothing to remove' });
      assert.equal((await nest(services, ash, 'remove')).reaction, '🙅');
      assert.equal((await rowsOf(db.knex, misty)).length, 1);
      const warned = (await nest(services, misty, 'snorlax')).text!.split('\n');
      assert.deepEqual(warned, [
        'New: **Snorlax**',
        'Your alerts are currently paused. Use !start to resume them',
        'You are tracking by area but have no areas set. Use !area add to choose some',
      ]);
    });
  },
  { migrate: true },
);
