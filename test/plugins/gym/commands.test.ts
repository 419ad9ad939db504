/**
 * The `gym` command on both databases: teams, everything, slot/battle changes (refused unless [tracking]
 * enable_gym_battle), gym:<id>, clean, template, the rule modes and their errors, unchanged/updated replies,
 * remove by team or id:, and the `tracked` line.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Knex } from 'knex';
import type { CommandReply, CommandServices } from '../../../core/commands/types.ts';
import type { Human, TrackingRow } from '../../../core/model.ts';
import { describeGymRule, gymCommand } from '../../../plugins/gym/commands/index.ts';
import { forEachDatabase } from '../../helpers/databases.ts';
import { commandServices, fill, invocation } from '../monster/commands/support.ts';
import { fixtureGameData } from '../monster/support.ts';

let nextId = 0;

async function register(services: CommandServices, overrides: Partial<Human> = {}): Promise<Human> {
  const id = `gym-user-${++nextId}`;
  return services.stores.humans.create({ id, type: 'discord:user', name: `Trainer ${nextId}`, enabled: true, area: ['downtown'], latitude: 51.5, longitude: -0.12, ...overrides });
}

async function run(services: CommandServices, target: Human, text: string): Promise<CommandReply> {
  const replies = await gymCommand.run(invocation({ name: 'gym', text, target, services }));
  assert.equal(replies.length, 1);
  return replies[0]!;
}

async function rowsOf(knex: Knex, target: Human): Promise<TrackingRow[]> {
  return (await knex('gym').where({ id: target.id }).orderBy('uid')) as TrackingRow[];
}

forEachDatabase(
  'gym command',
  (db) => {
  let services: CommandServices;
  const setup = async (config: Record<string, unknown> = {}): Promise<void> => {
    services = await commandServices(db.knex, config);
  };

  it('no team = any team; a team word writes that team', async () => {
    await setup();
    const ash = await register(services);
    assert.deepEqual(await run(services, ash, ''), { reaction: '✅', text: "New: **All team's gyms**" });
    assert.deepEqual(await run(services, ash, 'red slot_changes d500 template2 clean'), {
      reaction: '✅',
      text: 'New: **Valor gyms** | distance: 500m | including slot changes | template: 2 | clean',
    });
    const rows = await rowsOf(db.knex, ash);
    assert.deepEqual(
      rows.map((r) => [r.team, Number(r.slot_changes), Number(r.battle_changes), r.gym_id, r.distance, r.template, Number(r.clean), r.profile_no]),
      [
        [4, 0, 0, null, 0, '', 0, 1],
        [2, 1, 0, null, 500, '2', 1, 1],
      ],
    );
  });

  it('everything writes one rule per team; the same again is unchanged; a new distance updates', async () => {
    await setup();
    const ash = await register(services);
    const first = await run(services, ash, 'everything slot changes');
    assert.equal(first.reaction, '✅');
    assert.deepEqual((await rowsOf(db.knex, ash)).map((r) => r.team), [0, 1, 2, 3]);
    assert.equal((await run(services, ash, 'everything slot changes')).reaction, '👌');
    const updated = await run(services, ash, 'mystic slot changes d200');
    assert.deepEqual(updated, { reaction: '✅', text: 'Updated: **Mystic gyms** | distance: 200m | including slot changes' });
    assert.equal((await rowsOf(db.knex, ash)).length, 4);
  });

  it('battle changes need [tracking] enable_gym_battle', async () => {
    await setup();
    const ash = await register(services);
    assert.deepEqual(await run(services, ash, 'battle changes'), { reaction: '🙅', text: 'Battle changes tracking is not enabled' });
    assert.equal((await rowsOf(db.knex, ash)).length, 0);
    await setup({ tracking: { enable_gym_battle: true } });
    const misty = await register(services);
    assert.deepEqual(await run(services, misty, 'blue battle_changes'), { reaction: '✅', text: 'New: **Mystic gyms** | including battle changes' });
  });

  it('gym:<id> keeps its case; area and location overrides show in the line', async () => {
    await setup();
    const ash = await register(services);
    assert.deepEqual(await run(services, ash, 'gym:AbC.16 area:downtown'), { reaction: '✅', text: "New: **All team's gyms** | at gym AbC.16 in downtown" });
    const rows = await rowsOf(db.knex, ash);
    assert.equal(rows[0]!.gym_id, 'AbC.16');
    assert.equal(rows[0]!.override_areas, '["downtown"]');
  });

  it('the rule errors and unknown words refuse without writing', async () => {
    await setup();
    const ash = await register(services);
    const refusals = await Promise.all(['d500 area:downtown', 'area:nowhere', 'location:home', 'purple', 'id:3'].map((t) => run(services, ash, t)));
    assert.deepEqual(refusals.map((r) => r.reaction), ['🙅', '🙅', '🙅', '🙅', '🙅']);
    assert.match(refusals[0]!.text!, /mutually exclusive/);
    assert.match(refusals[1]!.text!, /Unknown area: nowhere/);
    assert.match(refusals[2]!.text!, /location: requires d:/);
    assert.equal(refusals[3]!.text, 'Unrecognized: purple');
    assert.equal((await rowsOf(db.knex, ash)).length, 0);
  });

  it('remove by team, by id:, and all', async () => {
    await setup();
    const ash = await register(services);
    await run(services, ash, 'everything');
    const rows = await rowsOf(db.knex, ash);
    assert.deepEqual(await run(services, ash, 'valor remove'), { reaction: '✅', text: 'Removed: **Valor gyms**' });
    const mystic = rows.find((r) => r.team === 1)!;
    assert.deepEqual(await run(services, ash, `remove id:${mystic.uid}`), { reaction: '✅', text: 'Removed: **Mystic gyms**' });
    assert.deepEqual(await run(services, ash, 'remove id:999999'), { reaction: '👌', text: 'Nothing to remove\nid:999999 not found' });
    assert.equal((await run(services, ash, 'remove')).reaction, '✅');
    assert.equal((await rowsOf(db.knex, ash)).length, 0);
  });
  },
  { migrate: true },
);

it('describeGymRule: the tracked line', async () => {
  const gameData = await fixtureGameData();
  const ctx = { language: 'en', gameData, t: fill };
  const row = (extra: Record<string, unknown>): TrackingRow => ({ uid: 1, id: 'a', profile_no: 1, team: 4, distance: 0, template: '', clean: 0, slot_changes: 0, battle_changes: 0, gym_id: null, ...extra });
  assert.equal(describeGymRule(row({}), ctx), "**All team's gyms**");
  assert.equal(describeGymRule(row({ team: 3, battle_changes: 1, gym_id: 'x' }), ctx), '**Instinct gyms** | including battle changes | at gym x');
});
