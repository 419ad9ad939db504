import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { buildPlugin, hookContext, NOW_S, parsed, pokemonHook, unencounteredHook, type MonsterPlugin } from './support.ts';

describe('monster parse', () => {
  let plugin: MonsterPlugin;
  before(async () => (plugin = await buildPlugin()));

  test('a Golbat encounter becomes an event with IVs, moves and PVP ranks', () => {
    const outcome = plugin.parse(
      pokemonHook({ pvp: { great: [{ pokemon: 26, form: 0, cap: 50, capped: true, level: 21.5, cp: 1496, percentage: 0.987, rank: 3 }], master: [{ rank: 1 }] } }),
      hookContext(),
    );
    assert.ok(outcome.ok);
    const e = outcome.event;
    assert.equal(e.encounterId, '1234567890123');
    assert.deepEqual(e.stats, { atk: 15, def: 14, sta: 13, iv: 93.33, cp: 500, level: 20 });
    assert.equal(e.move1, 221);
    assert.equal(e.seenType, 'encounter');
    assert.deepEqual([...e.pvp.keys()], [1500]);
    assert.deepEqual(e.pvp.get(1500), [{ pokemon: 26, form: 0, evolution: 0, cap: 50, capped: true, level: 21.5, cp: 1496, percentage: 0.987, rank: 3 }]);
  });

  test('no IVs → unencountered, no PVP; nearby_stop is a pokestop sighting', () => {
    const outcome = plugin.parse(unencounteredHook({ seen_type: 'nearby_stop', spawnpoint_id: 'None', pokestop_id: 'abc.16' }), hookContext());
    assert.ok(outcome.ok);
    assert.equal(outcome.event.stats, null);
    assert.equal(outcome.event.seenType, 'pokestop');
    assert.equal(outcome.event.pvp.size, 0);
  });

  test('RDM and older spellings: verified, boosted_weather, base_catch, legacy pvp arrays, display_form, numeric spawnpoint', () => {
    const hook = pokemonHook({
      disappear_time_verified: undefined,
      verified: true,
      weather: undefined,
      boosted_weather: 3,
      capture_1: undefined,
      base_catch: 0.3333,
      great_catch: 0.45,
      ultra_catch: 0.6,
      seen_type: undefined,
      spawnpoint_id: 123456,
      display_pokemon_form: undefined,
      display_form: 7,
      pvp: undefined,
      pvp_rankings_ultra_league: [{ pokemon: 26, cp: 2400, level: 40, percentage: 95.5, rank: 12 }],
    });
    const outcome = plugin.parse(hook, hookContext());
    assert.ok(outcome.ok, outcome.ok ? '' : outcome.reason);
    const e = outcome.event;
    assert.equal(e.disappearTimeVerified, true);
    assert.equal(e.weather, 3);
    assert.deepEqual(e.capture, [0.3333, 0.45, 0.6]);
    assert.equal(e.spawnpointId, '123456');
    assert.equal(e.displayForm, 7);
    assert.equal(e.seenType, 'encounter');
    assert.equal(e.pvp.get(2500)?.[0]?.percentage, 0.955);
  });

  test('malformed fields reject the item with a reason naming the field', () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [pokemonHook({ encounter_id: undefined }), /encounter_id must be a non-empty string/],
      [pokemonHook({ pokemon_id: 'pikachu' }), /pokemon_id must be an integer/],
      [pokemonHook({ latitude: 123 }), /latitude must be a number from -90 to 90/],
      [pokemonHook({ individual_attack: 16 }), /individual_attack must be an integer from 0 to 15/],
      [pokemonHook({ gender: 'male' }), /gender must be an integer/],
      [pokemonHook({ seen_type: 'teleported' }), /seen_type must be one of/],
      [pokemonHook({ pvp: 'great' }), /pvp must be an object/],
    ];
    for (const [hook, reason] of cases) {
      const outcome = plugin.parse(hook, hookContext());
      assert.equal(outcome.ok, false);
      if (!outcome.ok) assert.match(outcome.reason, reason);
    }
    const notObject = plugin.parse([1, 2], hookContext());
    assert.equal(notObject.ok, false);
  });

  test('dedupe key: encounter id + cp + despawn time, so an encounter after a sighting alerts again', () => {
    const seen = plugin.dedupeKey!(parsed(plugin, unencounteredHook()));
    const encountered = parsed(plugin, pokemonHook());
    assert.notEqual(plugin.dedupeKey!(encountered), seen);
    assert.equal(plugin.dedupeKey!(parsed(plugin, pokemonHook())), plugin.dedupeKey!(encountered));
    assert.notEqual(plugin.dedupeKey!(parsed(plugin, pokemonHook({ disappear_time: NOW_S + 1800 }))), plugin.dedupeKey!(encountered));
    assert.equal(plugin.expiresAt!(encountered), encountered.disappearTime * 1000);
  });
});
