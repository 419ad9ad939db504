/**
 * `raid` and `egg` run against a real database on both engines, with a hand-built invocation over the real
 * stores: rows written with the table's sentinels, unchanged / updated in place, removed by selector and by
 * id, refusals that write nothing, and the plugin's `tracked` lines.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Knex } from 'knex';
import type { CommandReply, CommandServices } from '../../../../core/commands/types.ts';
import type { Human, TrackingRow } from '../../../../core/model.ts';
import { eggCommand, raidCommand } from '../../../../plugins/raid/commands/index.ts';
import { forEachDatabase } from '../../../helpers/databases.ts';
import { testEntry } from '../../../fixtures/dts/render.ts';
import { TEMPLATE_CASES, templateFixture, withTemplates } from '../../monster/commands/support.ts';
import { commandServices, invocation } from './support.ts';

let nextId = 0;

async function register(services: CommandServices): Promise<Human> {
  const id = `raider-${++nextId}`;
  return services.stores.humans.create({ id, type: 'discord:user', name: `Raider ${nextId}`, enabled: true, area: ['downtown'], latitude: 51.5, longitude: -0.12 });
}

async function run(services: CommandServices, target: Human, name: 'raid' | 'egg', text: string, isAdmin = false): Promise<CommandReply> {
  const command = name === 'raid' ? raidCommand : eggCommand;
  const replies = await command.run(invocation({ name, text, target, services, isAdmin }));
  assert.equal(replies.length, 1);
  return replies[0]!;
}

async function rowsOf(knex: Knex, table: string, target: Human): Promise<TrackingRow[]> {
  return (await knex(table).where({ id: target.id }).orderBy('uid')) as TrackingRow[];
}

forEachDatabase(
  'raid commands',
  (db) => {
  let services: CommandServices;
  const setup = async (): Promise<void> => {
    services = await commandServices(db.knex);
  };

  it('raid by level and by boss write the sentinels and answer New:', async () => {
    await setup();
    const ash = await register(services);
    const reply = await run(services, ash, 'raid', 'level5 mewtwo valor ex move:tackle');
    assert.equal(reply.reaction, '✅');
    assert.equal(reply.text, ['New: **Mewtwo** | controlled by Valor | must be an EX Gym | with move Tackle', 'New: **Level 5 raids (Legendary)** | controlled by Valor | must be an EX Gym | with move Tackle'].join('\n'));
    const rows = await rowsOf(db.knex, 'raid', ash);
    assert.deepEqual(
      rows.map((r) => [r.pokemon_id, r.level, r.form, r.team, Number(r.exclusive), r.move, r.evolution, r.gym_id, r.rsvp_changes, r.distance, r.profile_no]),
      [
        [150, 9000, 0, 2, 1, 221, 9000, null, 0, 0, 1],
        [9000, 5, 0, 2, 1, 221, 9000, null, 0, 0, 1],
      ],
    );
  });

  it('the same command again is unchanged (👌); a new distance updates in place', async () => {
    await setup();
    const ash = await register(services);
    await run(services, ash, 'egg', 'level5 d500');
    const [before] = await rowsOf(db.knex, 'egg', ash);
    assert.deepEqual(await run(services, ash, 'egg', 'level5 d500'), { reaction: '👌', text: 'Unchanged: **Level 5 eggs (Legendary)** | distance: 500m' });
    assert.deepEqual(await run(services, ash, 'egg', 'level5 d800'), { reaction: '✅', text: 'Updated: **Level 5 eggs (Legendary)** | distance: 800m' });
    const after = await rowsOf(db.knex, 'egg', ash);
    assert.deepEqual(after.map((r) => [r.uid, r.distance]), [[before!.uid, 800]]);
  });

  it('egg rsvp, gym, area override, clean and template read back in the reply', async () => {
    await setup();
    const ash = await register(services);
    const reply = await run(services, ash, 'egg', 'everything rsvp_only gym:abc.16 area:downtown clean template:2');
    assert.equal(reply.text, 'New: **All level eggs** | at gym abc.16 | only with RSVPs | template: 2 | clean in downtown');
    const [row] = await rowsOf(db.knex, 'egg', ash);
    assert.deepEqual([row!.level, row!.rsvp_changes, row!.gym_id, row!.override_areas, Number(row!.clean), row!.template], [90, 2, 'abc.16', '["downtown"]', 1, '2']);
  });

  it('remove by level, by boss and by id; unknown ids are reported', async () => {
    await setup();
    const ash = await register(services);
    await run(services, ash, 'raid', 'level5 level6 mewtwo');
    const rows = await rowsOf(db.knex, 'raid', ash);
    const removeLevel = await run(services, ash, 'raid', 'remove level6');
    assert.deepEqual(removeLevel, { reaction: '✅', text: 'Removed: **Level 6 raids (Mega)**' });
    const level5 = rows.find((r) => r.level === 5)!;
    const byId = await run(services, ash, 'raid', `remove id:${level5.uid} id:999999`);
    assert.equal(byId.reaction, '✅');
    assert.equal(byId.text, 'Removed: **Level 5 raids (Legendary)**\nid:999999 not found');
    assert.deepEqual((await rowsOf(db.knex, 'raid', ash)).map((r) => r.pokemon_id), [150]);
    assert.deepEqual(await run(services, ash, 'raid', 'remove level3'), { reaction: '👌', text: 'Nothing to remove' });
    assert.equal((await run(services, ash, 'raid', 'remove everything')).text, 'Removed: **Mewtwo**');
  });

  it('refusals write nothing', async () => {
    await setup();
    const ash = await register(services);
    assert.deepEqual(await run(services, ash, 'raid', 'valor'), { reaction: '🙅', text: 'No raid levels or pokemon specified' });
    assert.deepEqual(await run(services, ash, 'egg', 'level5 banana'), { reaction: '🙅', text: 'Unrecognized: banana' });
    assert.equal((await run(services, ash, 'egg', 'level5 d500 area:downtown')).reaction, '🙅');
    assert.equal((await run(services, ash, 'egg', 'level5 location:home')).reaction, '🙅');
    assert.deepEqual(await rowsOf(db.knex, 'egg', ash), []);
    assert.deepEqual(await rowsOf(db.knex, 'raid', ash), []);
  });

  it('template<N> must exist for the command\'s alert type (raid: raid, egg: egg): refused for users, a warning for admins', async () => {
    await setup();
    const commands = [
      { name: 'raid', table: 'raid', args: 'level5', line: '**Level 5 raids (Legendary)**' },
      { name: 'egg', table: 'egg', args: 'level5', line: '**Level 5 eggs (Legendary)**' },
    ] as const;
    for (const command of commands) {
      // `9` exists only for the other command's alert type: it does not count
      const other = command.name === 'raid' ? 'egg' : 'raid';
      const withOther = withTemplates(services, [...templateFixture([command.name]), testEntry({ content: '9' }, { type: other, id: '9' })]);
      for (const { id, exists, why } of TEMPLATE_CASES) {
        for (const isAdmin of [false, true]) {
          const ash = await register(withOther);
          const reply = await run(withOther, ash, command.name, `${command.args} template:${id}`, isAdmin);
          const rows = await rowsOf(db.knex, command.table, ash);
          const what = `${command.name}: ${why}, ${isAdmin ? 'admin' : 'user'}`;
          if (!exists && !isAdmin) {
            assert.deepEqual(reply, { reaction: '🙅', text: `Template "${id}" does not exist.` }, what);
            assert.deepEqual(rows, [], what);
            continue;
          }
          const warning = exists ? [] : [`Template "${id}" does not exist.`];
          assert.deepEqual(reply, { reaction: '✅', text: [`New: ${command.line} | template: ${id}`, ...warning].join('\n') }, what);
          assert.deepEqual(rows.map((r) => r.template), [id], what);
        }
      }
    }
  });

  it('describeRule gives the tracked lines', async () => {
    await setup();
    const ash = await register(services);
    await run(services, ash, 'raid', 'level5 d:700');
    await run(services, ash, 'egg', 'level1 instinct');
    const [raid] = await rowsOf(db.knex, 'raid', ash);
    const [egg] = await rowsOf(db.knex, 'egg', ash);
    assert.equal(services.describeRule('raid', raid!, 'en'), '**Level 5 raids (Legendary)** | distance: 700m');
    assert.equal(services.describeRule('egg', egg!, 'en'), '**Level 1 eggs** | controlled by Instinct');
  });
},
  { migrate: true },
);
