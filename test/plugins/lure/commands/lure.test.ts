/**
 * The `lure` command against a real database on both engines: lure type words (and translated names),
 * everything, the refusal without a type, the d:/area:/location: rule errors, template (checked against the DTS),
 * clean and edit, unchanged/updated rules, `remove` and `id:`, and how the rules read in `tracked`.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Knex } from 'knex';
import type { CommandReply, CommandServices } from '../../../../core/commands/types.ts';
import type { Human, TrackingRow } from '../../../../core/model.ts';
import { describeLureRule, lureCommand, readLureType } from '../../../../plugins/lure/commands/index.ts';
import { forEachDatabase } from '../../../helpers/databases.ts';
import { commandServices, fill, invocation, TEMPLATE_CASES, templateFixture, withTemplates } from '../../monster/commands/support.ts';
import { fixtureGameData } from '../../monster/support.ts';

let nextId = 0;

async function register(services: CommandServices): Promise<Human> {
  const id = `lure-user-${++nextId}`;
  return services.stores.humans.create({ id, type: 'discord:user', name: `Trainer ${nextId}`, enabled: true, area: ['downtown'], latitude: 51.5, longitude: -0.12 });
}

async function run(services: CommandServices, target: Human, text: string, isAdmin = false): Promise<CommandReply> {
  const replies = await lureCommand.run(invocation({ name: 'lure', text, target, services, isAdmin }));
  assert.equal(replies.length, 1);
  return replies[0]!;
}

async function rowsOf(knex: Knex, target: Human): Promise<TrackingRow[]> {
  return (await knex('lures').where({ id: target.id }).orderBy('uid')) as TrackingRow[];
}

it('lure words, translated names and describe', async () => {
  const gameData = await fixtureGameData();
  assert.deepEqual(['normal', 'glacial', 'mossy', 'magnetic', 'rainy', 'sparkly', 'golden', 'glacial lure'].map((w) => readLureType(w, gameData, 'en')), [501, 502, 503, 504, 505, 506, 506, 502]);
  assert.equal(readLureType('gletscher', gameData, 'de'), 502);
  assert.equal(readLureType('pikachu', gameData, 'en'), null);
  const row = (extra: Record<string, unknown>): TrackingRow => ({ uid: 1, id: 'x', profile_no: 1, lure_id: 0, distance: 0, template: null, clean: 0, ...extra });
  const ctx = { language: 'en', gameData, t: fill };
  assert.equal(describeLureRule(row({}), ctx), '**All lures**');
  assert.equal(describeLureRule(row({ lure_id: 503, distance: 200, clean: 1 }), ctx), '**Mossy** | distance: 200m | clean');
  assert.equal(describeLureRule(row({ lure_id: 502, clean: 2 }), ctx), '**Glacial** | edit');
  assert.equal(describeLureRule(row({ lure_id: 502, clean: 3 }), ctx), '**Glacial** | clean | edit');
});

forEachDatabase(
  'lure command',
  (db) => {
    let services: CommandServices;
    const setup = async (): Promise<CommandServices> => (services = await commandServices(db.knex));

    it('types write one row each; everything writes lure_id 0', async () => {
      await setup();
      const ash = await register(services);
      assert.deepEqual(await run(services, ash, 'glacial mossy'), { reaction: '✅', text: 'New: **Glacial**\nNew: **Mossy**' });
      assert.deepEqual(await run(services, ash, 'everything'), { reaction: '✅', text: 'New: **All lures**' });
      assert.deepEqual((await rowsOf(db.knex, ash)).map((r) => [Number(r.lure_id), r.profile_no]), [[502, 1], [503, 1], [0, 1]]);
    });

    it('the same again is unchanged; one differing d/template/clean updates the row, several make a new one (§10)', async () => {
      await setup();
      const ash = await register(services);
      await run(services, ash, 'rainy');
      assert.deepEqual(await run(services, ash, 'rainy'), { reaction: '👌', text: 'Unchanged: **Rainy**' });
      assert.deepEqual(await run(services, ash, 'rainy d:800'), { reaction: '✅', text: 'Updated: **Rainy** | distance: 800m' });
      assert.deepEqual(await run(services, ash, 'rainy d:800 template:5'), { reaction: '✅', text: 'Updated: **Rainy** | distance: 800m | template: 5' });
      assert.equal((await rowsOf(db.knex, ash)).length, 1);
      assert.deepEqual(await run(services, ash, 'rainy d:900 template:6'), { reaction: '✅', text: 'New: **Rainy** | distance: 900m | template: 6' });
      assert.equal((await rowsOf(db.knex, ash)).length, 2);
    });

    it('no type, unknown words and the rule errors are refused and nothing is written', async () => {
      await setup();
      const ash = await register(services);
      await services.stores.locations.create({ humanId: ash.id, label: 'Home', latitude: 51.5, longitude: -0.1 });
      const refused = async (text: string): Promise<string> => {
        const reply = await run(services, ash, text);
        assert.equal(reply.reaction, '🙅', text);
        return reply.text ?? '';
      };
      assert.equal(await refused(''), 'No lure type specified');
      assert.equal(await refused('d500'), 'No lure type specified');
      assert.match(await refused('glitter'), /^Unknown lure type: glitter/);
      assert.match(await refused('mossy d500 area:downtown'), /mutually exclusive/);
      assert.match(await refused('mossy area:downtown location:home'), /not both/);
      assert.match(await refused('mossy location:home'), /location: requires d:/);
      assert.match(await refused('mossy area:atlantis'), /^Unknown area: atlantis/);
      assert.deepEqual(await rowsOf(db.knex, ash), []);
      assert.equal((await run(services, ash, 'mossy area:downtown')).text, 'New: **Mossy** in downtown');
    });

    it('edit sets clean |= 2, with clean or alone; it updates an existing rule in place', async () => {
      await setup();
      const ash = await register(services);
      assert.deepEqual(await run(services, ash, 'glacial edit'), { reaction: '✅', text: 'New: **Glacial** | edit' });
      assert.deepEqual(await run(services, ash, 'mossy clean edit'), { reaction: '✅', text: 'New: **Mossy** | clean | edit' });
      assert.deepEqual(await run(services, ash, 'glacial clean'), { reaction: '✅', text: 'Updated: **Glacial** | clean' });
      assert.deepEqual((await rowsOf(db.knex, ash)).map((r) => [Number(r.lure_id), Number(r.clean)]), [[502, 1], [503, 3]]);
    });

    it('template<N> must exist for the lure alert type on the target\'s platform: refused for users, a warning for admins', async () => {
      await setup();
      services = withTemplates(services, templateFixture(['lure']));
      for (const { id, exists, why } of TEMPLATE_CASES) {
        for (const isAdmin of [false, true]) {
          const ash = await register(services);
          const reply = await run(services, ash, `rainy template:${id}`, isAdmin);
          const rows = await rowsOf(db.knex, ash);
          const what = `${why}, ${isAdmin ? 'admin' : 'user'}`;
          if (!exists && !isAdmin) {
            assert.deepEqual(reply, { reaction: '🙅', text: `Template "${id}" does not exist.` }, what);
            assert.deepEqual(rows, [], what);
            continue;
          }
          const warning = exists ? [] : [`Template "${id}" does not exist.`];
          assert.deepEqual(reply, { reaction: '✅', text: [`New: **Rainy** | template: ${id}`, ...warning].join('\n') }, what);
          assert.deepEqual(rows.map((r) => r.template), [id], what);
        }
      }
      const misty = await register(services);
      await run(services, misty, 'rainy');
      assert.deepEqual(await run(services, misty, 'rainy template:9'), { reaction: '🙅', text: 'Template "9" does not exist.' }, 'an update is refused too');
      assert.deepEqual((await rowsOf(db.knex, misty)).map((r) => r.template), [null]);
    });

    it('remove by type, by id:, and everything', async () => {
      await setup();
      const ash = await register(services);
      await run(services, ash, 'glacial mossy magnetic');
      assert.deepEqual(await run(services, ash, 'remove glacial'), { reaction: '✅', text: 'Removed: **Glacial**' });
      const mossy = (await rowsOf(db.knex, ash)).find((r) => Number(r.lure_id) === 503)!;
      assert.deepEqual(await run(services, ash, `id:${mossy.uid}`), { reaction: '✅', text: 'Removed: **Mossy**' });
      assert.deepEqual(await run(services, ash, 'remove everything'), { reaction: '✅', text: 'Removed: **Magnetic**' });
      assert.deepEqual(await rowsOf(db.knex, ash), []);
    });
  },
  { migrate: true },
);
