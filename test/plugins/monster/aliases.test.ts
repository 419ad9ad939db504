import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import type { View } from '../../../core/contract.ts';
import { ShinyRateStore } from '../../../core/enrich/shiny-rates.ts';
import monsterPlugin from '../../../plugins/monster/index.ts';
import { MONSTER_ALIASES } from '../../../plugins/monster/variables.ts';
import { testPluginSetup } from '../../helpers/plugin-setup.ts';
import { assertAliases, fullView } from '../../helpers/alias-views.ts';
import { human } from '../../helpers/humans.ts';
import { buildPlugin, hookContext, NOW_S, pokemonHook, type MonsterPlugin } from './support.ts';

/** the plugin's sample webhooks, despawning 25 minutes after NOW_S (as service-test moves them) */
function samples(plugin: MonsterPlugin): { test: string; webhook: Record<string, unknown> }[] {
  return plugin.testData!.webhooks.map((w) => ({ test: w.test, webhook: { ...w.webhook, disappear_time: NOW_S + 1500 } }));
}

describe('monster: the previous generations names', () => {
  let plugin: MonsterPlugin;
  before(async () => (plugin = await buildPlugin()));

  test('every alias of every test sample holds its variable, on both platforms and in another language', async () => {
    for (const { test: name, webhook } of samples(plugin)) {
      for (const scope of [{ language: 'en', platform: 'discord' }, { language: 'de', platform: 'telegram' }]) {
        assertAliases(await fullView(plugin, webhook, hookContext(), scope), MONSTER_ALIASES, `${name} ${scope.language}/${scope.platform}: `);
      }
    }
  });

  test('the names templates of the issue use are all there', async () => {
    const view = await fullView(plugin, samples(plugin)[0]!.webhook, hookContext());
    const names = [
      'ivcolor', 'formname', 'boostemoji', 'boost', 'gameweather', 'quickMove', 'chargeMove', 'move1emoji', 'move2emoji', 'distime', 'pokestopId',
      'spawnpointId', 'disguisePokemonName', 'weaknessEmoji', 'boostingWeathersEmoji', 'pvpDisplayMaxRank', 'pvpDisplayGreatMinCP', 'pvpDisplayUltraMinCP',
      'pvp_rankings_great_league', 'tthd', 'tth', 'nightTime', 'matchedAreas', 'genderName', 'genderEmoji', 'evolutions', 'megaEvolutions', 'weaknessList',
    ];
    for (const name of names) assert.ok(name in view, name);
    for (const name of names) assert.ok(plugin.templateVariables!.monster!.includes(name) || ['tthd', 'tth', 'nightTime', 'matchedAreas'].includes(name), `${name} declared`);
  });

  test('disappearTime is the despawn clock time in the spot\'s zone and [locale] time; the timestamp stays', async () => {
    // 48.1365, 11.572 is Munich: 1_800_000_000 + 1500 s is 2027-01-15 08:25:00 UTC, 09:25 in Munich
    const locale = { locale: { time: 'HH:mm:ss', timeformat: 'en-gb' } };
    const webhook = pokemonHook({ disappear_time: NOW_S + 1500 });
    const view = await fullView(await buildPlugin(locale), webhook, hookContext(), { config: locale });
    assert.equal(view.disappearTime, '09:25:00');
    assert.equal(view.distime, '09:25:00');
    assert.equal(view.disappearTime, view.time);
    assert.equal(view.despawnTimestamp, NOW_S + 1500);
    assert.equal(view.disappear_time, NOW_S + 1500);
    assert.equal(view.tthSeconds, 1500);
    assert.deepEqual([view.tthd, view.tthh, view.tthm, view.tths], [0, 0, 25, 0]);
  });

  test('the emoji aliases are the platform\'s emoji', async () => {
    const webhook = pokemonHook({ weather: 3, disappear_time: NOW_S + 600 });
    const discord = await fullView(plugin, webhook, hookContext(), { platform: 'discord' });
    const telegram = await fullView(plugin, webhook, hookContext(), { platform: 'telegram' });
    for (const v of [discord, telegram]) {
      assert.notEqual(v.boostemoji, '');
      assert.equal(v.boostemoji, v.boostWeatherEmoji);
      assert.equal(v.move1emoji, v.quickMoveEmoji);
      assert.equal(v.genderEmoji, (v.genderData as { emoji: string }).emoji);
      assert.equal((v.emoji as string[]).join(''), v.typeEmoji);
    }
    assert.equal(discord.boost, 'Partly Cloudy');
  });

  test('names and species facts follow the language', async () => {
    const webhook = pokemonHook({ weather: 3, disappear_time: NOW_S + 600 });
    const de = await fullView(plugin, webhook, hookContext(), { language: 'de' });
    assert.equal(de.quickMove, de.quickMoveName);
    assert.equal(de.genderName, (de.genderData as { name: string }).name);
    assert.equal(de.genderNameEng, 'Male');
    const weak = de.weaknessList as { value: number; types: { nameEng: string; name: string; emoji: string }[] }[];
    assert.deepEqual(weak.map((c) => c.value), [2, 0.5]);
    assert.deepEqual(weak[0]!.types.map((t) => t.nameEng), ['Ground']);
    assert.equal(de.weaknessEmoji, `2x${weak[0]!.types[0]!.emoji} 0.5x${weak[1]!.types.map((t) => t.emoji).join('')} `);
    assert.ok((de.evolutions as { id: number }[]).some((e) => e.id === 26), 'Pikachu evolves into Raichu');
    assert.deepEqual(de.boostingWeatherIds, [2], 'rain boosts electric');
    assert.deepEqual(de.alteringWeathers, [1, 3, 4, 5, 6, 7], 'boosted now: every weather that does not boost it alters the boost');
  });

  test('PVP: every rank as pvp_rankings_<league>_league, the best with its tied list, and the display bounds', async () => {
    const pvp = { great: [{ pokemon: 26, cap: 50, capped: true, level: 21.5, cp: 1496, percentage: 0.98, rank: 3 }, { pokemon: 25, cap: 50, capped: true, level: 50, cp: 1100, percentage: 0.9, rank: 900 }] };
    const view = await fullView(plugin, pokemonHook({ pvp, disappear_time: NOW_S + 600 }), hookContext());
    const all = view.pvp_rankings_great_league as { rank: number; fullName: string }[];
    assert.deepEqual(all.map((r) => r.rank), [3, 900]);
    assert.deepEqual((view.pvpGreat as { rank: number }[]).map((r) => r.rank), [3], 'display bounds keep rank 3 only');
    assert.equal(all[0], (view.pvpGreat as View[])[0], 'one object for a rank in both lists');
    const best = view.pvpGreatBest as { rank: number; name: string; list: unknown[] };
    assert.equal(best.rank, 3);
    assert.equal(best.name, 'Raichu');
    assert.equal(best.list.length, 1);
    assert.equal(view.pvpDisplayMaxRank, 10);
    assert.equal(view.pvpDisplayGreatMinCP, 1400);
    assert.deepEqual(view.pvp_rankings_ultra_league, []);
  });

  test('the recipient\'s rule: pvpUserRanking and the distance it was tracked by', async () => {
    const webhook = pokemonHook({ disappear_time: NOW_S + 600 });
    const base = { human: human('u1'), table: 'monsters', ruleUid: 1, alertType: 'monster', templateId: null, ping: '', clean: 0 };
    const byDistance = await fullView(plugin, webhook, hookContext(), { match: { ...base, userHasPvpTracks: true, pvpUserRanking: 20, trackDistance: 500 } as never });
    assert.deepEqual([byDistance.userHasPvpTracks, byDistance.pvpUserRanking, byDistance.userDistanceTrack, byDistance.userTrackDistance], [true, 20, true, 500]);
    const byArea = await fullView(plugin, webhook, hookContext(), { match: { ...base, userHasPvpTracks: false, pvpUserRanking: 0, trackDistance: 0 } as never });
    assert.deepEqual([byArea.userHasPvpTracks, byArea.pvpUserRanking, byArea.userDistanceTrack, byArea.userTrackDistance], [false, 0, false, 0]);
  });

  test('a cell sighting has its cell corners; map site links follow [general]', async () => {
    const linked = await buildPlugin({ general: { react_map_url: 'https://map.example/', rdm_url: 'https://rdm.example', rocket_mad_url: 'https://rm.example/', diadem_url: 'https://diadem.example' } });
    const cell = await fullView(linked, pokemonHook({ seen_type: 'nearby_cell', disappear_time: NOW_S + 600 }), hookContext());
    assert.equal((cell.cell_coords as unknown[]).length, 4);
    assert.equal(cell.reactMapUrl, 'https://map.example/id/pokemon/1234567890123');
    assert.equal(cell.rdmUrl, 'https://rdm.example/@pokemon/1234567890123');
    assert.equal(cell.rocketMadUrl, 'https://rm.example/?lat=48.1365&lon=11.572&zoom=18.0');
    assert.equal(cell.diademUrl, 'https://diadem.example/pokemon/1234567890123');
    const plain = await fullView(plugin, pokemonHook({ disappear_time: NOW_S + 600 }), hookContext());
    assert.equal(plain.cell_coords, '');
    assert.equal(plain.reactMapUrl, '');
  });

  test('the shiny rates counted here are shared with the other plugins; shinyStats is n of 1/n', async () => {
    const rates = new ShinyRateStore();
    const shared = monsterPlugin(await testPluginSetup({ shinyRates: rates }));
    for (const [i, shiny] of [true, false, false, false].entries()) {
      const outcome = shared.parse(pokemonHook({ encounter_id: `e${i}`, shiny, disappear_time: NOW_S + 600 }), hookContext());
      assert.ok(outcome.ok);
      shared.observe!(outcome.event, hookContext());
    }
    const late = shared.parse(pokemonHook({ encounter_id: 'late', shiny: false, disappear_time: NOW_S + 600 }), hookContext(NOW_S + 3600));
    assert.ok(late.ok);
    shared.observe!(late.event, hookContext(NOW_S + 3600));
    assert.equal(rates.possible(25), true);
    assert.deepEqual(rates.rate(25), { encountered: 5, shiny: 1 });
    const view = await fullView(shared, pokemonHook({ disappear_time: NOW_S + 4000 }), hookContext(NOW_S + 3600));
    assert.deepEqual([view.shinyPossible, view.shinyStats], [true, 5]);
  });
});
