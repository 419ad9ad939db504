/**
 * `[pvp] filter_by_track`: a recipient whose matching rules filter on PVP ranks sees only the ranks they track
 * (league, worst rank, level cap) in its listings, with the best of each and pvpAvailable following; without the
 * setting, or for a recipient without such rules, every displayed rank stays.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { MonsterMatch } from '../../../plugins/monster/match.ts';
import { fullView } from '../../helpers/alias-views.ts';
import { human } from '../../helpers/humans.ts';
import { buildPlugin, hookContext, monsterRow, NOW_S, pokemonHook, snapshotWith, matchContext, parsed } from './support.ts';

const PVP = {
  great: [
    { pokemon: 26, cap: 50, capped: true, level: 21.5, cp: 1496, percentage: 0.99, rank: 2 },
    { pokemon: 25, cap: 50, capped: false, level: 40, cp: 1450, percentage: 0.95, rank: 40 },
  ],
  ultra: [{ pokemon: 26, cap: 50, capped: true, level: 50, cp: 2400, percentage: 0.97, rank: 8 }],
};
const inArea = (id: string) => ({ ...human(id), area: ['old town'], latitude: 48.1365, longitude: 11.572 });

describe('[pvp] filter_by_track', () => {
  test('the listings follow the rules that matched the recipient', async () => {
    const plugin = await buildPlugin({ pvp: { filter_by_track: true, display_max_rank: 50, display_great_min_cp: 1400, display_ultra_min_cp: 2300 } });
    const hook = pokemonHook({ pvp: PVP, disappear_time: NOW_S + 600 });
    const rows = [
      monsterRow('great5', { pvp_ranking_league: 1500, pvp_ranking_worst: 5 }),
      monsterRow('ultra10', { pvp_ranking_league: 2500, pvp_ranking_worst: 10 }),
      monsterRow('plain', {}),
    ];
    const snapshot = snapshotWith(plugin, [inArea('great5'), inArea('ultra10'), inArea('plain')], rows);
    const event = parsed(plugin, hook);
    const matches = plugin.match(event, snapshot, snapshot.index(plugin.name), matchContext(['old town'])) as MonsterMatch[];
    const byId = new Map(matches.map((m) => [m.human.id, m]));
    assert.deepEqual(byId.get('great5')?.pvpFilters, [{ league: 1500, worst: 5, cap: 0 }]);
    assert.equal(byId.get('plain')?.pvpFilters, undefined);

    const great = await fullView(plugin, hook, hookContext(), { match: byId.get('great5')! });
    assert.deepEqual((great['pvpGreat'] as { rank: number }[]).map((r) => r.rank), [2]);
    assert.deepEqual(great['pvpUltra'], []);
    assert.equal(great['bestGreatLeagueRank'], 2);
    assert.equal(great['pvpAvailable'], true);
    const ultra = await fullView(plugin, hook, hookContext(), { match: byId.get('ultra10')! });
    assert.deepEqual(ultra['pvpGreat'], []);
    assert.deepEqual((ultra['pvpUltra'] as { rank: number }[]).map((r) => r.rank), [8]);
    const plain = await fullView(plugin, hook, hookContext(), { match: byId.get('plain')! });
    assert.deepEqual((plain['pvpGreat'] as { rank: number }[]).map((r) => r.rank), [2, 40], 'no PVP rule: every displayed rank');
  });

  test('off (the default): every recipient sees every displayed rank', async () => {
    const plugin = await buildPlugin({ pvp: { display_max_rank: 50, display_great_min_cp: 1400 } });
    const hook = pokemonHook({ pvp: PVP, disappear_time: NOW_S + 600 });
    const snapshot = snapshotWith(plugin, [inArea('great5')], [monsterRow('great5', { pvp_ranking_league: 1500, pvp_ranking_worst: 5 })]);
    const [match] = plugin.match(parsed(plugin, hook), snapshot, snapshot.index(plugin.name), matchContext(['old town']));
    const view = await fullView(plugin, hook, hookContext(), { match: match! });
    assert.deepEqual((view['pvpGreat'] as { rank: number }[]).map((r) => r.rank), [2, 40]);
  });
});
