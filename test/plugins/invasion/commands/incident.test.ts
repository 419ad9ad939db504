/**
 * The `incident` command (alias `invasion`) against a real database on both engines: grunt types, gender,
 * everything, the d:/area:/location: rule errors, template and clean, unchanged/updated rules, `remove` and
 * `id:` untracking, and how the rules read in `tracked`.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Knex } from 'knex';
import type { CommandReply, CommandServices } from '../../../../core/commands/types.ts';
import type { Human, TrackingRow } from '../../../../core/model.ts';
import { describeInvasionRule, incidentCommand } from '../../../../plugins/invasion/commands/index.ts';
import { forEachDatabase } from '../../../helpers/databases.ts';
import { commandServices, fill, invocation } from '../../monster/commands/support.ts';
import { fixtureGameData } from '../../monster/support.ts';

let nextId = 0;

async function register(services: CommandServices, overrides: Record<string, unknown> = {}): Promise<Human> {
  const id = `grunt-user-${++nextId}`;
  return services.stores.humans.create({ id, type: 'discord:user', name: `Trainer ${nextId}`, enabled: true, area: ['downtown'], latitude: 51.5, longitude: -0.12, ...overrides });
}

async function run(services: CommandServices, target: Human, text: string): Promise<CommandReply> {
  const replies = await incidentCommand.run(invocation({ name: 'incident', text, target, services }));
  assert.equal(replies.length, 1);
  return replies[0]!;
}

async function rowsOf(knex: Knex, target: Human): Promise<TrackingRow[]> {
  return (await knex('invasion').where({ id: target.id }).orderBy('uid')) as TrackingRow[];
}

it('incident is also invasion', () => {
  assert.equal(incidentCommand.name, 'incident');
  assert.deepEqual(incidentCommand.aliases, ['invasion']);
});

it('describes rules for tracked', async () => {
  const gameData = await fixtureGameData();
  const ctx = { language: 'en', gameData, t: fill };
  const row = (extra: Record<string, unknown>): TrackingRow => ({ uid: 1, id: 'x', profile_no: 1, grunt_type: 'everything', gender: 0, distance: 0, template: null, clean: 0, ...extra });
  assert.equal(describeInvasionRule(row({}), ctx), '**All invasions**');
  assert.equal(describeInvasionRule(row({ grunt_type: 'dragon', gender: 2, distance: 500, template: '2', clean: 1 }), ctx), '**Dragon** | gender: ♀ | distance: 500m | template: 2 | clean');
  assert.equal(describeInvasionRule(row({ grunt_type: 'kecleon' }), ctx), '**Kecleon**');
  assert.equal(describeInvasionRule(row({ grunt_type: 'boss' }), ctx), '**Any boss**');
});

forEachDatabase(
  'incident command',
  (db) => {
    let services: CommandServices;
    const setup = async (): Promise<CommandServices> => (services = await commandServices(db.knex));

    it('no type tracks everything; types and gender write one row each', async () => {
      await setup();
      const ash = await register(services);
      assert.deepEqual(await run(services, ash, ''), { reaction: '✅', text: 'New: **All invasions**' });
      const reply = await run(services, ash, 'dragon metal female');
      assert.equal(reply.reaction, '✅');
      assert.equal(reply.text, 'New: **Dragon** | gender: ♀\nNew: **Steel** | gender: ♀');
      const rows = await rowsOf(db.knex, ash);
      assert.deepEqual(rows.map((r) => [r.grunt_type, Number(r.gender), Number(r.distance), r.profile_no]), [['everything', 0, 0, 1], ['dragon', 2, 0, 1], ['steel', 2, 0, 1]]);
    });

    it('events, leaders, boss and everything are grunt types', async () => {
      await setup();
      const ash = await register(services);
      await run(services, ash, 'kecleon gold-stop giovanni boss mixed');
      assert.deepEqual((await rowsOf(db.knex, ash)).map((r) => r.grunt_type), ['kecleon', 'gold-stop', 'giovanni', 'boss', 'mixed']);
    });

    it('the same again is unchanged; one new distance, template or clean updates the row, several make a new one (§10)', async () => {
      await setup();
      const ash = await register(services);
      await run(services, ash, 'dragon');
      assert.deepEqual(await run(services, ash, 'dragon'), { reaction: '👌', text: 'Unchanged: **Dragon**' });
      assert.deepEqual(await run(services, ash, 'dragon d500'), { reaction: '✅', text: 'Updated: **Dragon** | distance: 500m' });
      assert.deepEqual(await run(services, ash, 'dragon d500 clean'), { reaction: '✅', text: 'Updated: **Dragon** | distance: 500m | clean' });
      const rows = await rowsOf(db.knex, ash);
      assert.equal(rows.length, 1);
      assert.deepEqual([Number(rows[0]!.distance), rows[0]!.template, Number(rows[0]!.clean)], [500, null, 1]);
      assert.deepEqual(await run(services, ash, 'dragon d600 template2'), { reaction: '✅', text: 'New: **Dragon** | distance: 600m | template: 2' });
      assert.equal((await rowsOf(db.knex, ash)).length, 2);
    });

    it('area: and location: overrides are stored and shown', async () => {
      await setup();
      const ash = await register(services);
      await services.stores.locations.create({ humanId: ash.id, label: 'Home', latitude: 51.5, longitude: -0.1 });
      assert.equal((await run(services, ash, 'water area:downtown')).text, 'New: **Water** in downtown');
      assert.equal((await run(services, ash, 'fire d:300 location:home')).text, 'New: **Fire** | distance: 300m @ Home');
      const rows = await rowsOf(db.knex, ash);
      assert.deepEqual(rows.map((r) => [r.override_areas, r.override_location_label]), [['["downtown"]', null], [null, 'Home']]);
    });

    it('unknown types and the rule errors are refused and nothing is written', async () => {
      await setup();
      const ash = await register(services);
      await services.stores.locations.create({ humanId: ash.id, label: 'Home', latitude: 51.5, longitude: -0.1 });
      const refused = async (text: string): Promise<string> => {
        const reply = await run(services, ash, text);
        assert.equal(reply.reaction, '🙅', text);
        return reply.text ?? '';
      };
      assert.match(await refused('frobnicate'), /^No valid invasion types found/);
      assert.match(await refused('dragon d500 area:downtown'), /mutually exclusive/);
      assert.match(await refused('dragon area:downtown location:home'), /use area: or location:, not both/i);
      assert.match(await refused('dragon location:home'), /location: requires d:/);
      assert.match(await refused('dragon area:atlantis'), /^Unknown area: atlantis\. Use !area list/);
      assert.match(await refused('dragon d500 location:office'), /^Unknown location "office"/);
      assert.deepEqual(await rowsOf(db.knex, ash), []);
    });

    it('remove by type, by id:, and everything', async () => {
      await setup();
      const ash = await register(services);
      const brock = await register(services);
      await run(services, ash, 'dragon fire water');
      await run(services, brock, 'dragon');
      assert.deepEqual(await run(services, ash, 'dragon remove'), { reaction: '✅', text: 'Removed: **Dragon**' });
      const fire = (await rowsOf(db.knex, ash)).find((r) => r.grunt_type === 'fire')!;
      assert.deepEqual(await run(services, ash, `remove id:${fire.uid} id:999999`), { reaction: '✅', text: 'Removed: **Fire**\nid:999999 not found' });
      assert.deepEqual(await run(services, ash, 'remove everything'), { reaction: '✅', text: 'Removed: **Water**' });
      assert.deepEqual(await run(services, ash, 'remove'), { reaction: '👌', text: 'Nothing to remove' });
      assert.equal((await rowsOf(db.knex, brock)).length, 1);
    });
  },
  { migrate: true },
);
