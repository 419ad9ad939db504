import assert from 'node:assert/strict';
import { after, it } from 'node:test';
import { monsterApi } from '../../../plugins/monster/api.ts';
import { FILTER_DEFAULTS } from '../../../plugins/monster/defaults.ts';
import { apiHarness } from '../../helpers/tracking-api.ts';

const h = await apiHarness(monsterApi, { pvp: { level_caps: [50, 51] } });
after(() => h.close());

it('serves type pokemon (alias monster); min_iv, distance, template and clean update in place', () => {
  assert.equal(monsterApi.type, 'pokemon');
  assert.deepEqual(monsterApi.aliases, ['monster']);
  assert.deepEqual([...(monsterApi.updatable ?? [])].sort(), ['clean', 'distance', 'min_iv', 'template']);
});

it('every filter column at its documented default, costume 9000 (any)', () => {
  assert.deepEqual(h.draft({ pokemon_id: 25 }), [{ pokemon_id: 25, form: 0, costume: 9000, ...FILTER_DEFAULTS }]);
  assert.deepEqual(h.draft({ pokemon_id: 0 })[0]?.pokemon_id, 0);
});

it('reads loose values (numbers as text)', () => {
  const [row] = h.draft({ pokemon_id: '25', form: '598', min_iv: '90', max_cp: '2500', gender: '2', pvp_ranking_league: '1500', pvp_ranking_worst: '10', pvp_ranking_cap: '50', size: '5' });
  assert.deepEqual(
    { ...row },
    { ...FILTER_DEFAULTS, pokemon_id: 25, form: 598, costume: 9000, min_iv: 90, max_cp: 2500, gender: 2, pvp_ranking_league: 1500, pvp_ranking_worst: 10, pvp_ranking_cap: 50, size: 5 },
  );
});

it('refuses a missing pokemon_id with the previous wording', () => {
  assert.throws(() => h.draft({ min_iv: 90 }), /body\[0\]\.pokemon_id: Pokemon id must be specified/);
  assert.throws(() => h.draft({ pokemon_id: null }), /body\[0\]\.pokemon_id: Pokemon id must be specified/);
});

it('refuses values out of range, naming the field', () => {
  const cases: [Record<string, unknown>, RegExp][] = [
    [{ pokemon_id: -1 }, /body\[0\]\.pokemon_id must be a whole number of at least 0/],
    [{ pokemon_id: 'pikachu' }, /body\[0\]\.pokemon_id must be/],
    [{ pokemon_id: 1, form: -2 }, /body\[0\]\.form must be/],
    [{ pokemon_id: 1, costume: 'party hat' }, /body\[0\]\.costume must be/],
    [{ pokemon_id: 1, min_iv: 101 }, /body\[0\]\.min_iv must be a whole number from -1 to 100/],
    [{ pokemon_id: 1, max_iv: -2 }, /body\[0\]\.max_iv must be a whole number from -1 to 100/],
    [{ pokemon_id: 1, min_cp: -5 }, /body\[0\]\.min_cp must be/],
    [{ pokemon_id: 1, max_level: -1 }, /body\[0\]\.max_level must be/],
    [{ pokemon_id: 1, atk: 16 }, /body\[0\]\.atk must be a whole number from 0 to 15/],
    [{ pokemon_id: 1, max_sta: 20 }, /body\[0\]\.max_sta must be a whole number from 0 to 15/],
    [{ pokemon_id: 1, min_weight: 1.5 }, /body\[0\]\.min_weight must be/],
    [{ pokemon_id: 1, gender: 4 }, /body\[0\]\.gender must be a whole number from 0 to 3/],
    [{ pokemon_id: 1, size: 6 }, /body\[0\]\.size must be a whole number from -1 to 5/],
    [{ pokemon_id: 1, max_rarity: 7 }, /body\[0\]\.max_rarity must be a whole number from -1 to 6/],
    [{ pokemon_id: 1, min_time: -60 }, /body\[0\]\.min_time must be/],
    [{ pokemon_id: 1, pvp_ranking_league: 1000 }, /body\[0\]\.pvp_ranking_league must be 0, 500, 1500, 2500/],
    [{ pokemon_id: 1, pvp_ranking_best: 0 }, /body\[0\]\.pvp_ranking_best must be a whole number from 1 to 4096/],
    [{ pokemon_id: 1, pvp_ranking_worst: 5000 }, /body\[0\]\.pvp_ranking_worst must be a whole number from 1 to 4096/],
    [{ pokemon_id: 1, pvp_ranking_min_cp: -1 }, /body\[0\]\.pvp_ranking_min_cp must be/],
    [{ pokemon_id: 1, pvp_ranking_cap: -1 }, /body\[0\]\.pvp_ranking_cap must be a whole number of at least 0/],
  ];
  for (const [body, error] of cases) assert.throws(() => h.draft(body), error, JSON.stringify(body));
});

it('refuses a lower bound above its upper one, naming the lower field', () => {
  assert.throws(() => h.draft({ pokemon_id: 1, min_iv: 90, max_iv: 80 }), /body\[0\]\.min_iv: min_iv \(90\) must not be above max_iv \(80\)/);
  assert.throws(() => h.draft({ pokemon_id: 1, min_cp: 10000 }), /body\[0\]\.min_cp: min_cp \(10000\) must not be above max_cp \(9000\)/);
  assert.throws(() => h.draft({ pokemon_id: 1, pvp_ranking_best: 20, pvp_ranking_worst: 10 }), /body\[0\]\.pvp_ranking_best/);
  assert.deepEqual(h.draft({ pokemon_id: 1, min_level: 30, max_level: 30 })[0]?.min_level, 30);
});

it('reads the legacy verified_only and PoracleNG pvp_ranking_evolution without storing them; leaves unknown fields unread', () => {
  assert.deepEqual(h.unread({ pokemon_id: 1, verified_only: 0, pvp_ranking_evolution: 0, shiny: 1 }), ['shiny']);
  assert.equal('verified_only' in (h.draft({ pokemon_id: 1, verified_only: 1 })[0] ?? {}), false);
});

it('takes back a whole rule as GET returns it: every column read, the same rule again', async () => {
  const rows = h.draft({ pokemon_id: 25, form: 598, costume: 3, min_iv: 90, max_iv: 98, min_cp: 10, max_cp: 2000, min_level: 20, max_level: 35, atk: 10, def: 11, sta: 12, max_atk: 14, max_def: 13, max_sta: 15, min_weight: 100, max_weight: 9000, gender: 1, size: 2, max_size: 4, rarity: 2, max_rarity: 5, min_time: 300, pvp_ranking_league: 500, pvp_ranking_best: 2, pvp_ranking_worst: 100, pvp_ranking_min_cp: 400, pvp_ranking_cap: 51 });
  const [stored] = await h.storedAsGet('monsters', rows);
  assert.ok(stored);
  assert.deepEqual(h.unread(stored), []);
  assert.deepEqual(h.draft(stored), rows);
});
