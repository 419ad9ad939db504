/**
 * `weather` runs against a real database on both engines: rules written in the target's current profile,
 * the same rule again unchanged, a changed template updated in place, removal by condition and by id, the
 * refusals, and how the rules read in `tracked` (describeRule).
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Knex } from 'knex';
import type { CommandReply, CommandServices } from '../../../../core/commands/types.ts';
import type { Human, TrackingRow } from '../../../../core/model.ts';
import { describeWeatherRule, weatherCommand } from '../../../../plugins/weather/commands/index.ts';
import { weatherCellId } from '../../../../core/geo/s2-cell.ts';
import { forEachDatabase } from '../../../helpers/databases.ts';
import { commandServices, fill, invocation, templateFixture, withTemplates } from '../../monster/commands/support.ts';
import { fixtureGameData } from '../support.ts';

let nextId = 0;

async function register(services: CommandServices, overrides: Partial<Human> = {}): Promise<Human> {
  const id = `weather-user-${++nextId}`;
  return services.stores.humans.create({ id, type: 'discord:user', name: `Trainer ${nextId}`, enabled: true, area: ['downtown'], latitude: 51.28, longitude: 1.08, ...overrides });
}

async function run(services: CommandServices, target: Human, text: string): Promise<CommandReply> {
  const replies = await weatherCommand.run(invocation({ name: 'weather', text, target, services }));
  assert.equal(replies.length, 1);
  return replies[0]!;
}

async function rowsOf(knex: Knex, target: Human): Promise<TrackingRow[]> {
  return (await knex('weather').where({ id: target.id }).orderBy('uid')) as TrackingRow[];
}

const HOME_CELL = weatherCellId(51.28, 1.08);

forEachDatabase('weather command', (db) => {
  let services: CommandServices;
  const setup = async (config: Record<string, unknown> = { weather: { change_alert: true } }) => (services = await commandServices(db.knex, config));

  it('writes rules, answers New:, and the same again is unchanged', async () => {
    await setup();
    const ash = await register(services);
    assert.deepEqual(await run(services, ash, 'rain here'), { reaction: '✅', text: `New: **Rain** | cell: ${HOME_CELL} | template: 1` });
    const rows = await rowsOf(db.knex, ash);
    assert.deepEqual(rows.map((r) => [Number(r.condition), String(r.cell), Number(r.template), Number(r.clean), Number(r.profile_no)]), [[2, HOME_CELL, 1, 0, 1]]);
    assert.deepEqual(await run(services, ash, 'rain here'), { reaction: '👌', text: `Unchanged: **Rain** | cell: ${HOME_CELL} | template: 1` });
  });

  it('updates the template and clean of the same condition and cell in place', async () => {
    await setup();
    const ash = await register(services);
    await run(services, ash, 'everything');
    const [before] = await rowsOf(db.knex, ash);
    const reply = await run(services, ash, 'everything template2 clean');
    assert.deepEqual(reply, { reaction: '✅', text: 'Updated: **Any weather** | in your areas | template: 2 | clean' });
    const after = await rowsOf(db.knex, ash);
    assert.deepEqual(after.map((r) => [r.uid, Number(r.template), Number(r.clean)]), [[before!.uid, 2, 1]]);
  });

  it('removes by condition and by id, and says when nothing was there', async () => {
    await setup();
    const ash = await register(services);
    await run(services, ash, 'rain snow fog');
    const rows = await rowsOf(db.knex, ash);
    assert.equal(rows.length, 3);
    assert.deepEqual(await run(services, ash, 'remove rain'), { reaction: '✅', text: 'Removed: **Rain** | in your areas | template: 1' });
    const snow = (await rowsOf(db.knex, ash)).find((r) => Number(r.condition) === 6)!;
    assert.deepEqual(await run(services, ash, `remove id:${snow.uid} id:999999`), { reaction: '✅', text: 'Removed: **Snow** | in your areas | template: 1\nid:999999 not found' });
    assert.deepEqual(await run(services, ash, 'remove rain'), { reaction: '👌', text: 'Nothing to remove' });
    assert.deepEqual((await rowsOf(db.knex, ash)).map((r) => Number(r.condition)), [7]);
  });

  it('refuses with the reason and writes nothing; warns when change alerts are off', async () => {
    await setup({});
    const ash = await register(services);
    assert.deepEqual(await run(services, ash, 'drizzle'), { reaction: '🙅', text: 'Unknown weather condition: drizzle' });
    assert.deepEqual(await run(services, ash, 'rain area:nowhere'), { reaction: '🙅', text: 'Unknown area: nowhere. Use !area list to see the areas you can use' });
    assert.equal((await rowsOf(db.knex, ash)).length, 0);
    const reply = await run(services, ash, 'rain');
    assert.match(reply.text ?? '', /Weather change alerts are switched off/);
  });

  it('template<N> must exist for weatherchange (numeric ids; the default filled in is not checked)', async () => {
    await setup();
    services = withTemplates(services, templateFixture(['weatherchange']));
    const ash = await register(services);
    assert.equal((await run(services, ash, 'rain here template9')).text, 'Template "9" does not exist.');
    assert.equal((await rowsOf(db.knex, ash)).length, 0);
    assert.equal((await run(services, ash, 'rain here template2')).reaction, '✅', 'an entry in another language counts');
    assert.equal((await run(services, ash, 'snow here')).reaction, '✅', 'no template typed: the default is not checked');
    const admin = await register(services);
    const warned = await weatherCommand.run(invocation({ name: 'weather', text: 'fog here template9', target: admin, services, isAdmin: true }));
    assert.match(warned[0]?.text ?? '', /New: \*\*Fog\*\*[\s\S]*Template "9" does not exist\./);
  });

  it('describes rules for tracked', async () => {
    const gameData = await fixtureGameData();
    const ctx = { language: 'en', gameData, t: fill };
    assert.equal(describeWeatherRule({ uid: 1, id: 'x', profile_no: 1, condition: 0, cell: '', template: 1, clean: 0 }, ctx), '**Any weather** | in your areas | template: 1');
    assert.equal(describeWeatherRule({ uid: 1, id: 'x', profile_no: 1, condition: 7, cell: '123', template: 2, clean: 1 }, ctx), '**Fog** | cell: 123 | template: 2 | clean');
  });
}, { migrate: true });
