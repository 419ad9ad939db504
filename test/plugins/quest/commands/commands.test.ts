/**
 * `quest` run against a real database on both engines: the reward selectors (pokemon with form, items by
 * name, stardust with its minimum, candy and energy with or without pokemon, everything), amount and shiny,
 * the shared arguments, the rule errors, unchanged/updated rules, removal by selector and by id, and how the
 * rules read in `tracked`.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Knex } from 'knex';
import type { CommandReply, CommandServices } from '../../../../core/commands/types.ts';
import type { Human, TrackingRow } from '../../../../core/model.ts';
import { describeQuestRule, questCommand } from '../../../../plugins/quest/commands/index.ts';
import { forEachDatabase } from '../../../helpers/databases.ts';
import { commandServices, fill, invocation } from '../../monster/commands/support.ts';

let nextId = 0;

async function register(services: CommandServices, overrides: Partial<Human> = {}): Promise<Human> {
  const id = `quester-${++nextId}`;
  return services.stores.humans.create({ id, type: 'discord:user', name: `Trainer ${nextId}`, enabled: true, area: ['downtown'], latitude: 51.5, longitude: -0.12, ...overrides });
}

async function run(services: CommandServices, target: Human, text: string): Promise<CommandReply> {
  const replies = await questCommand.run(invocation({ name: 'quest', text, target, services }));
  assert.equal(replies.length, 1);
  return replies[0]!;
}

async function rowsOf(knex: Knex, target: Human): Promise<TrackingRow[]> {
  return (await knex('quest').where({ id: target.id }).orderBy('uid')) as TrackingRow[];
}

const pick = (r: TrackingRow) => [Number(r.reward_type), Number(r.reward), Number(r.form), Number(r.amount), Number(r.shiny)];

forEachDatabase(
  'quest command',
  (db) => {
    let services: CommandServices;
    const setup = async (): Promise<CommandServices> => (services = await commandServices(db.knex, { tracking: { default_distance: 0 } }));

    it('pokemon, items by name, stardust minimum, candy and energy', async () => {
      await setup();
      const ash = await register(services);
      const reply = await run(services, ash, 'pikachu rare_candy stardust1000 energy charizard candy');
      assert.equal(reply.reaction, '✅');
      const rows = await rowsOf(db.knex, ash);
      assert.deepEqual(rows.map(pick).sort(), [[7, 25, 0, 0, 0], [2, 1301, 0, 0, 0], [3, 1000, 0, 0, 0], [12, 6, 0, 0, 0], [4, 0, 0, 0, 0]].sort());
      assert.match(reply.text ?? '', /New: Reward: \*\*Pikachu\*\*/);
      assert.match(reply.text ?? '', /New: Reward: \*\*Stardust\*\* \| at least 1000/);
      assert.match(reply.text ?? '', /New: Reward: \*\*Charizard Mega Energy\*\*/);
    });

    it('energy:<pokemon>, stardust:<min>, amount, shiny, form, template, clean and d', async () => {
      await setup();
      const ash = await register(services);
      await run(services, ash, 'energy:charizard amount20 template:2 clean d:700');
      await run(services, ash, 'stardust:500');
      await run(services, ash, 'rattata form:alola shiny');
      const rows = await rowsOf(db.knex, ash);
      assert.deepEqual(rows.map(pick), [[12, 6, 0, 20, 0], [3, 500, 0, 0, 0], [7, 19, 46, 0, 1]]);
      assert.deepEqual([rows[0]!.template, Number(rows[0]!.clean), Number(rows[0]!.distance)], ['2', 1, 700]);
    });

    it('everything tracks every reward type', async () => {
      await setup();
      const ash = await register(services);
      await run(services, ash, 'everything');
      assert.deepEqual((await rowsOf(db.knex, ash)).map((r) => Number(r.reward_type)).sort(), [12, 2, 3, 4, 7].sort());
    });

    it('xp, pokecoins and stickers track those reward types; amount is their minimum; remove by keyword', async () => {
      await setup();
      const ash = await register(services);
      const reply = await run(services, ash, 'xp coins stickers amount5');
      assert.equal(reply.reaction, '✅');
      assert.deepEqual((await rowsOf(db.knex, ash)).map(pick).sort(), [[1, 0, 0, 5, 0], [8, 0, 0, 5, 0], [11, 0, 0, 5, 0]].sort());
      assert.match(reply.text ?? '', /New: Reward: \*\*XP\*\* \| amount: 5\+/);
      assert.match(reply.text ?? '', /New: Reward: \*\*PokéCoins\*\* \| amount: 5\+/);
      assert.match(reply.text ?? '', /New: Reward: \*\*Sticker\*\* \| amount: 5\+/);
      await run(services, ash, 'experience pokecoin sticker amount5');
      assert.equal((await rowsOf(db.knex, ash)).length, 3, 'the other spellings are the same rules');
      const removed = await run(services, ash, 'remove sticker');
      assert.match(removed.text ?? '', /Removed: Reward: \*\*Sticker\*\*/);
      assert.deepEqual((await rowsOf(db.knex, ash)).map((r) => Number(r.reward_type)).sort(), [1, 8]);
    });

    it('the same rule again is unchanged; a new distance updates it', async () => {
      await setup();
      const ash = await register(services);
      await run(services, ash, 'stardust');
      const again = await run(services, ash, 'stardust');
      assert.equal(again.reaction, '👌');
      assert.match(again.text ?? '', /Unchanged: Reward: \*\*Stardust\*\*/);
      const moved = await run(services, ash, 'stardust d:900');
      assert.equal(moved.reaction, '✅');
      assert.match(moved.text ?? '', /Updated: Reward: \*\*Stardust\*\* \| distance: 900m/);
      assert.equal((await rowsOf(db.knex, ash)).length, 1);
    });

    it('area: and location: overrides, and the rule errors', async () => {
      await setup();
      const ash = await register(services);
      await services.stores.locations.create({ humanId: ash.id, label: 'Home', latitude: 51.51, longitude: -0.13 });
      const inArea = await run(services, ash, 'pikachu area:old_town');
      assert.equal(inArea.reaction, '✅');
      assert.match(inArea.text ?? '', / in old town/);
      const refused: [string, RegExp][] = [
        ['pikachu d:500 area:downtown', /mutually exclusive/],
        ['pikachu area:downtown location:home', /area: or location:/],
        ['pikachu location:home', /location: requires d:/],
        ['pikachu area:nowhere', /Unknown area: nowhere/],
        ['pikachu d:500 location:nowhere', /Unknown location "nowhere"/],
        ['pikachu bogus', /Unrecognized: bogus/],
        ['pikachu form:nonsense', /Form `nonsense` not recognised/],
        ['', /No quest type specified/],
        ['shiny', /No quest type specified/],
      ];
      for (const [text, reason] of refused) {
        const reply = await run(services, ash, text);
        assert.equal(reply.reaction, '🙅', text);
        assert.match(reply.text ?? '', reason, text);
      }
      assert.equal((await rowsOf(db.knex, ash)).length, 1, 'refused commands wrote nothing');
    });

    it('remove by selector, by id, and bare remove removes everything', async () => {
      await setup();
      const ash = await register(services);
      await run(services, ash, 'pikachu charizard stardust energy');
      const removed = await run(services, ash, 'remove pikachu');
      assert.equal(removed.reaction, '✅');
      assert.match(removed.text ?? '', /Removed: Reward: \*\*Pikachu\*\*/);
      const rows = await rowsOf(db.knex, ash);
      assert.equal(rows.length, 3);
      const byId = await run(services, ash, `remove id:${rows[0]!.uid} id:999999`);
      assert.match(byId.text ?? '', /Removed: Reward: \*\*Charizard\*\*/);
      assert.match(byId.text ?? '', /id:999999 not found/);
      const all = await run(services, ash, 'remove');
      assert.equal(all.reaction, '✅');
      assert.equal((await rowsOf(db.knex, ash)).length, 0);
      const none = await run(services, ash, 'remove');
      assert.equal(none.reaction, '👌');
      assert.match(none.text ?? '', /Nothing to remove/);
    });

    it('describeRule: the reward and the non-default parts', async () => {
      await setup();
      const ctx = { language: 'en', gameData: services.gameData(), t: fill };
      const row = (o: Record<string, unknown>): TrackingRow => ({ uid: 1, id: 'x', profile_no: 1, reward: 0, form: 0, amount: 0, shiny: 0, distance: 0, template: null, clean: 0, ...o }) as TrackingRow;
      assert.equal(describeQuestRule(row({ reward_type: 7, reward: 19, form: 46, shiny: 1 }), ctx), 'Reward: **Rattata Alola** | shiny');
      assert.equal(describeQuestRule(row({ reward_type: 2, reward: 1301, amount: 3, distance: 500, template: '2', clean: 1 }), ctx), 'Reward: **Rare Candy** | amount: 3+ | distance: 500m | template: 2 | clean');
      assert.equal(describeQuestRule(row({ reward_type: 12, reward: 0 }), ctx), 'Reward: **Any Mega Energy**');
      assert.equal(describeQuestRule(row({ reward_type: 4, reward: 6 }), ctx), 'Reward: **Charizard Candy**');
      assert.equal(describeQuestRule(row({ reward_type: 3, reward: 0 }), ctx), 'Reward: **Stardust**');
      assert.equal(describeQuestRule(row({ reward_type: 1, reward: 0, amount: 500 }), ctx), 'Reward: **XP** | amount: 500+');
      assert.equal(describeQuestRule(row({ reward_type: 16, reward: 0 }), ctx), 'Reward: **Pokémon Egg**');
      assert.equal(describeQuestRule(row({ reward_type: 99, reward: 0 }), ctx), 'Reward: **Reward type 99**');
    });
  },
  { migrate: true },
);
