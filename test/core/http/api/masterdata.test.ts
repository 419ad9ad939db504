import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { GameData } from '../../../../core/gamedata/game-data.ts';
import { CONFIG_SECRET, configHarness, type ConfigHarness } from './config-harness.ts';

const MASTERDATA = ['creatures', 'monsters', 'items', 'moves', 'grunts', 'quests'];

describe('master data API on the fixture game data', () => {
  let h: ConfigHarness;
  before(async () => {
    h = await configHarness();
  });
  after(() => h.app.close());

  it('GET /api/masterdata/creatures lists every species by dex number with forms, types and stats', async () => {
    const res = await h.get('/api/masterdata/creatures');
    assert.equal(res.statusCode, 200);
    const { status, creatures } = res.json();
    assert.equal(status, 'ok');
    const ids = creatures.map((c: { id: number }) => c.id);
    assert.deepEqual(ids, [...ids].sort((a: number, b: number) => a - b));
    assert.ok(ids.includes(25));
    const bulbasaur = creatures.find((c: { id: number }) => c.id === 1);
    assert.equal(bulbasaur.name, 'Bulbasaur');
    assert.equal(bulbasaur.generation, 1);
    assert.deepEqual(bulbasaur.forms.map((f: { id: number }) => f.id), [0, 163]);
    const normal = bulbasaur.forms[1];
    assert.equal(normal.name, 'Normal');
    assert.deepEqual(normal.types.map((t: { name: string }) => t.name), ['Poison', 'Grass']);
    assert.deepEqual(normal.stats, { baseAttack: 118, baseDefense: 111, baseStamina: 128 });
    assert.deepEqual(normal.evolutions, [{ id: 2, form: 166, candyCost: 25 }]);
  });

  it('GET /api/masterdata/monsters answers the previous shape: keyed <id>_<form>, no status wrapper', async () => {
    const res = await h.get('/api/masterdata/monsters');
    assert.equal(res.statusCode, 200);
    const body = res.json();
    assert.equal(body.status, undefined);
    assert.ok(Object.keys(body).every((k) => /^\d+_\d+$/.test(k)));
    assert.deepEqual(Object.keys(body).slice(0, 3), ['1_0', '1_163', '3_0']);
    assert.deepEqual(body['1_163'], {
      name: 'Bulbasaur',
      id: 1,
      types: [{ id: 4, name: 'Poison' }, { id: 12, name: 'Grass' }],
      form: { name: 'Normal', id: 163 },
      stats: { baseAttack: 118, baseDefense: 111, baseStamina: 128 },
      evolutions: [{ evoId: 2, id: 166, candyCost: 25 }],
    });
  });

  it('GET /api/masterdata/items and /moves list the known ones by id with English names', async () => {
    const items = (await h.get('/api/masterdata/items')).json();
    assert.equal(items.status, 'ok');
    assert.deepEqual(items.items.slice(0, 3), [{ id: 1, name: 'Poké Ball' }, { id: 2, name: 'Great Ball' }, { id: 3, name: 'Ultra Ball' }]);
    assert.deepEqual(items.items.map((i: { id: number }) => i.id), [1, 2, 3, 701, 1301]);
    const moves = (await h.get('/api/masterdata/moves')).json();
    assert.equal(moves.status, 'ok');
    assert.deepEqual(moves.moves.map((m: { id: number }) => m.id), [13, 14, 16, 214, 221]);
    assert.deepEqual(moves.moves[2], { id: 16, name: 'Dark Pulse', type: { id: 17, name: 'Dark' } });
  });

  it('GET /api/masterdata/grunts answers the previous shape keyed by grunt id, encounters as {id, form}', async () => {
    const res = await h.get('/api/masterdata/grunts');
    assert.equal(res.statusCode, 200);
    const body = res.json();
    assert.equal(body.status, undefined);
    const ids = Object.keys(body).map(Number);
    assert.deepEqual(ids, [...ids].sort((a, b) => a - b));
    const grunt = body['4'];
    assert.deepEqual(Object.keys(grunt), ['type', 'gender', 'grunt', 'firstReward', 'secondReward', 'thirdReward', 'encounters']);
    assert.equal(grunt.type, 'Mixed');
    assert.equal(grunt.gender, 1);
    assert.equal(grunt.grunt, 'Grunt');
    assert.equal(grunt.firstReward, true);
    assert.equal(grunt.secondReward, false);
    assert.deepEqual(grunt.encounters.first[0], { id: 1, form: 163 });
    assert.equal(grunt.encounters.third.length, 3);
  });

  it('GET /api/masterdata/quests answers the quest and reward types the translations know (none in the fixture)', async () => {
    assert.deepEqual((await h.get('/api/masterdata/quests')).json(), { status: 'ok', questTypes: [], rewardTypes: [] });
  });

  it('every master data route answers 401 without or with a wrong secret, and accepts the previous header name', async () => {
    for (const kind of MASTERDATA) {
      const missing = await h.get(`/api/masterdata/${kind}`, null);
      assert.equal(missing.statusCode, 401, kind);
      assert.equal(missing.json().status, 'authError');
      assert.equal((await h.get(`/api/masterdata/${kind}`, 'wrong')).statusCode, 401, kind);
      const legacy = await h.app.inject({ method: 'GET', url: `/api/masterdata/${kind}`, headers: { 'x-poracle-secret': CONFIG_SECRET } });
      assert.equal(legacy.statusCode, 200, kind);
    }
  });

  it('an unknown master data kind is a 404 in the error shape; junk query strings change nothing', async () => {
    const res = await h.get('/api/masterdata/..%2f..%2fetc');
    assert.equal(res.statusCode, 404);
    assert.equal(res.json().status, 'error');
    assert.equal((await h.get('/api/masterdata/items?locale=%00%ff&x[]=1')).statusCode, 200);
  });
});

describe('master data API on other game data', () => {
  it('quest and reward types come from the translations, by id', async () => {
    const data = GameData.build({ locales: { en: { quest_4: 'Catch %{amount} Pokemon', quest_0: 'Unknown Quest Type', quest_reward_7: 'Pokémon Encounter', quest_reward_2: 'Item' } } });
    const h = await configHarness({ gameData: data });
    try {
      assert.deepEqual((await h.get('/api/masterdata/quests')).json(), {
        status: 'ok',
        questTypes: [{ id: 0, name: 'Unknown Quest Type' }, { id: 4, name: 'Catch %{amount} Pokemon' }],
        rewardTypes: [{ id: 2, name: 'Item' }, { id: 7, name: 'Pokémon Encounter' }],
      });
    } finally {
      await h.app.close();
    }
  });

  it('without any game data every route answers empty lists, never a 500', async () => {
    const h = await configHarness({ gameData: GameData.empty() });
    try {
      assert.deepEqual((await h.get('/api/masterdata/creatures')).json(), { status: 'ok', creatures: [] });
      assert.deepEqual((await h.get('/api/masterdata/monsters')).json(), {});
      assert.deepEqual((await h.get('/api/masterdata/items')).json(), { status: 'ok', items: [] });
      assert.deepEqual((await h.get('/api/masterdata/moves')).json(), { status: 'ok', moves: [] });
      assert.deepEqual((await h.get('/api/masterdata/grunts')).json(), {});
      assert.deepEqual((await h.get('/api/masterdata/quests')).json(), { status: 'ok', questTypes: [], rewardTypes: [] });
    } finally {
      await h.app.close();
    }
  });
});
