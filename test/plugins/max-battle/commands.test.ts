/**
 * The `maxbattle` command on both databases, through a hand-built invocation over the real stores: rules by
 * boss (level 90), by level and range (pokemon 9000), `everything`, gmax, move:, station:, the overrides and
 * rule errors, the diff, removal (by boss, level, `everything`, `id:`) and the replies.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Knex } from 'knex';
import type { CommandReply, CommandServices } from '../../../core/commands/types.ts';
import type { Human, TrackingRow } from '../../../core/model.ts';
import type { NewHuman } from '../../../core/db/index.ts';
import { maxBattleCommand } from '../../../plugins/max-battle/commands/maxbattle.ts';
import { forEachDatabase } from '../../helpers/databases.ts';
import { commandServices, invocation } from '../monster/commands/support.ts';

let nextId = 0;

async function register(services: CommandServices, overrides: Partial<NewHuman> = {}): Promise<Human> {
  const id = `maxer-${++nextId}`;
  return services.stores.humans.create({ id, type: 'discord:user', name: `Trainer ${nextId}`, enabled: true, area: ['downtown'], latitude: 51.5, longitude: -0.12, ...overrides });
}

async function maxbattle(services: CommandServices, target: Human, text: string): Promise<CommandReply> {
  const replies = await maxBattleCommand.run(invocation({ name: 'maxbattle', text, target, services }));
  assert.equal(replies.length, 1);
  return replies[0]!;
}

async function rowsOf(knex: Knex, target: Human): Promise<TrackingRow[]> {
  return (await knex('maxbattle').where({ id: target.id }).orderBy('uid')) as TrackingRow[];
}

forEachDatabase(
  'maxbattle command',
  (db) => {
    let services: CommandServices;
    const setup = async (): Promise<CommandServices> => (services = await commandServices(db.knex));

    it('a boss with gmax, move:, station:, template and clean', async () => {
      await setup();
      const ash = await register(services);
      const reply = await maxbattle(services, ash, 'snorlax gmax move:hyper_beam station:AbC.16 template2 clean');
      assert.deepEqual(reply, { reaction: '✅', text: 'New: **Snorlax** | Gigantamax only | with move Hyper Beam | at station AbC.16 | template: 2 | clean' });
      const rows = await rowsOf(db.knex, ash);
      assert.deepEqual(
        rows.map((r) => [r.pokemon_id, r.form, r.level, Number(r.gmax), r.move, r.evolution, r.station_id, r.template, r.clean, r.distance]),
        [[143, 0, 90, 1, 14, 9000, 'AbC.16', '2', 1, 0]],
      );
    });

    it('levels and ranges write one by-level rule each; everything is every level; the diff', async () => {
      await setup();
      const ash = await register(services);
      assert.equal((await maxbattle(services, ash, 'level1-3')).text, 'New: **Level 1 max battles**\nNew: **Level 2 max battles**\nNew: **Level 3 max battles**');
      assert.equal((await maxbattle(services, ash, 'everything')).text, 'New: **All level max battles**');
      assert.deepEqual((await rowsOf(db.knex, ash)).map((r) => [r.pokemon_id, r.level]), [[9000, 1], [9000, 2], [9000, 3], [9000, 90]]);
      assert.deepEqual(await maxbattle(services, ash, 'level:2'), { reaction: '👌', text: 'Unchanged: **Level 2 max battles**' });
      assert.deepEqual(await maxbattle(services, ash, 'level2 d800'), { reaction: '✅', text: 'Updated: **Level 2 max battles** | distance: 800m' });
      assert.equal((await rowsOf(db.knex, ash)).length, 4);
    });

    it('type names and gen are accepted and ignored; refusals write nothing', async () => {
      await setup();
      const ash = await register(services);
      await services.stores.locations.create({ humanId: ash.id, label: 'Home', latitude: 51.5, longitude: -0.1 });
      assert.equal((await maxbattle(services, ash, 'lapras water gen1')).text, 'New: **Lapras**');
      assert.equal((await maxbattle(services, ash, 'level5 d500 location:home')).text, 'New: **Level 5 max battles** | distance: 500m @ Home');
      const refused = async (text: string): Promise<string> => {
        const reply = await maxbattle(services, ash, text);
        assert.equal(reply.reaction, '🙅', text);
        return reply.text ?? '';
      };
      assert.equal(await refused('gmax'), 'No levels or pokemon specified');
      assert.equal(await refused('water'), 'No levels or pokemon specified');
      assert.equal(await refused('level99'), 'Unrecognized: level99');
      assert.equal(await refused('snorlax move:splash_dance'), 'Unrecognized: move:splash dance');
      assert.match(await refused('snorlax d500 area:downtown'), /distance and area filters are mutually exclusive/i);
      assert.match(await refused('snorlax area:downtown location:home'), /use area: or location:, not both/i);
      assert.match(await refused('snorlax location:home'), /location: requires d:/);
      assert.match(await refused('snorlax area:atlantis'), /^Unknown area: atlantis/);
      assert.equal((await rowsOf(db.knex, ash)).length, 2);
    });

    it('remove by boss, level, id: and everything; other humans untouched', async () => {
      await setup();
      const ash = await register(services);
      const brock = await register(services);
      await maxbattle(services, ash, 'snorlax lapras level3 level5');
      await maxbattle(services, brock, 'snorlax');
      assert.deepEqual(await maxbattle(services, ash, 'snorlax remove'), { reaction: '✅', text: 'Removed: **Snorlax**' });
      assert.deepEqual(await maxbattle(services, ash, 'remove level3'), { reaction: '✅', text: 'Removed: **Level 3 max battles**' });
      const lapras = (await rowsOf(db.knex, ash)).find((r) => r.pokemon_id === 131)!;
      assert.deepEqual(await maxbattle(services, ash, `remove id:${lapras.uid} id:999999`), { reaction: '✅', text: 'Removed: **Lapras**\nid:999999 not found' });
      assert.deepEqual(await maxbattle(services, ash, 'remove everything'), { reaction: '✅', text: 'Removed: **Level 5 max battles**' });
      assert.deepEqual(await maxbattle(services, ash, 'remove everything'), { reaction: '👌', text: 'Nothing to remove' });
      assert.equal((await maxbattle(services, ash, 'remove')).reaction, '🙅');
      assert.equal((await rowsOf(db.knex, brock)).length, 1);
    });
  },
  { migrate: true },
);
