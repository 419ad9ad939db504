/**
 * The `fort` command on both databases: fort types, change filters (photo → image_url), include empty, the
 * rule modes and their errors, unchanged replies, remove by type or id:, and the `tracked` line.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Knex } from 'knex';
import type { CommandReply, CommandServices } from '../../../core/commands/types.ts';
import type { Human, TrackingRow } from '../../../core/model.ts';
import { describeFortRule, fortCommand } from '../commands/index.ts';
import { forEachDatabase } from '../../../test/helpers/databases.ts';
import { commandServices, fill, invocation } from '../../../test/plugins/monster/commands/support.ts';
import { fixtureGameData } from '../../../test/plugins/monster/support.ts';

let nextId = 0;

async function register(services: CommandServices): Promise<Human> {
  const id = `fort-user-${++nextId}`;
  return services.stores.humans.create({ id, type: 'discord:user', name: `Trainer ${nextId}`, enabled: true, area: ['downtown'], latitude: 51.5, longitude: -0.12 });
}

async function run(services: CommandServices, target: Human, text: string): Promise<CommandReply> {
  const replies = await fortCommand.run(invocation({ name: 'fort', text, target, services }));
  assert.equal(replies.length, 1);
  return replies[0]!;
}

async function rowsOf(knex: Knex, target: Human): Promise<TrackingRow[]> {
  return (await knex('forts').where({ id: target.id }).orderBy('uid')) as TrackingRow[];
}

forEachDatabase(
  'fort command',
  (db) => {
    let services: CommandServices;
    const setup = async (): Promise<void> => {
      services = await commandServices(db.knex);
    };

    it('no type = everything; types, changes and include empty are stored', async () => {
      await setup();
      const ash = await register(services);
      assert.deepEqual(await run(services, ash, ''), { reaction: '✅', text: 'New: Fort updates: **everything**' });
      assert.deepEqual(await run(services, ash, 'pokestop gym photo name include_empty d300 template:2'), {
        reaction: '✅',
        text: [
          'New: Fort updates: **gym** | changes: photo, name | including empty | distance: 300m | template: 2',
          'New: Fort updates: **pokestop** | changes: photo, name | including empty | distance: 300m | template: 2',
        ].join('\n'),
      });
      const rows = await rowsOf(db.knex, ash);
      assert.deepEqual(
        rows.map((r) => [r.fort_type, Number(r.include_empty), r.change_types, r.distance, r.template]),
        [
          ['everything', 0, '[]', 0, ''],
          ['gym', 1, '["image_url","name"]', 300, '2'],
          ['pokestop', 1, '["image_url","name"]', 300, '2'],
        ],
      );
    });

    it('the same again is unchanged; a new distance updates; clean is accepted', async () => {
      await setup();
      const ash = await register(services);
      await run(services, ash, 'gym new removal');
      assert.deepEqual(await run(services, ash, 'gym removal new clean'), { reaction: '👌', text: 'Unchanged: Fort updates: **gym** | changes: new, removal' });
      assert.deepEqual(await run(services, ash, 'gym new removal d100'), { reaction: '✅', text: 'Updated: Fort updates: **gym** | changes: new, removal | distance: 100m' });
      assert.equal((await rowsOf(db.knex, ash)).length, 1);
    });

    it('rule errors and unknown words refuse without writing', async () => {
      await setup();
      const ash = await register(services);
      const replies = await Promise.all(['d10 area:downtown', 'area:atlantis', 'location:work', 'portal'].map((t) => run(services, ash, t)));
      assert.deepEqual(replies.map((r) => r.reaction), ['🙅', '🙅', '🙅', '🙅']);
      assert.equal(replies[3]!.text, 'Unrecognized: portal');
      assert.equal((await rowsOf(db.knex, ash)).length, 0);
    });

    it('remove by type, by id:, and everything', async () => {
      await setup();
      const ash = await register(services);
      await run(services, ash, 'pokestop gym station');
      assert.deepEqual(await run(services, ash, 'remove gym'), { reaction: '✅', text: 'Removed: Fort updates: **gym**' });
      const stop = (await rowsOf(db.knex, ash)).find((r) => r.fort_type === 'pokestop')!;
      assert.deepEqual(await run(services, ash, `remove id:${stop.uid}`), { reaction: '✅', text: 'Removed: Fort updates: **pokestop**' });
      assert.equal((await run(services, ash, 'remove everything')).reaction, '✅');
      assert.equal((await rowsOf(db.knex, ash)).length, 0);
    });
  },
  { migrate: true },
);

it('describeFortRule: the tracked line', async () => {
  const ctx = { language: 'en', gameData: await fixtureGameData(), t: fill };
  const row: TrackingRow = { uid: 1, id: 'a', profile_no: 1, fort_type: 'pokestop', include_empty: 0, change_types: '["location"]', distance: 0, template: '' };
  assert.equal(describeFortRule(row, ctx), 'Fort updates: **pokestop** | changes: location');
});
