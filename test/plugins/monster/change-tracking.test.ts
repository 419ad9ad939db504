/**
 * Monster change events (`[tracking] pokemon_change_tracking`): the classification of a re-sent encounter, the
 * bounded encounter memory, the `original.*` view, and the plugin's hooks with the key on and off.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { classifyChange, type ChangeKind, type EncounterState } from '../../../plugins/monster/encounter-change.ts';
import { EncounterMemory } from '../../../plugins/monster/encounter-memory.ts';
import { originalView } from '../../../plugins/monster/original-view.ts';
import { buildPlugin, fixtureGameData, hookContext, NOW_S, parsed, pokemonHook, unencounteredHook, type MonsterPlugin } from './support.ts';

const WILD: EncounterState = { pokemonId: 25, form: 0, gender: 1, weather: 0, cp: 0, atk: 0, def: 0, sta: 0, iv: 0, level: 0, weight: 0, height: 0 };
const SEEN: EncounterState = { ...WILD, cp: 500, atk: 15, def: 14, sta: 13, iv: 93.33, level: 20, weight: 6.5, height: 0.4 };

describe('classifyChange', () => {
  const rows: readonly [string, EncounterState, EncounterState, ChangeKind | null][] = [
    ['the same sighting', SEEN, SEEN, null],
    ['a new species', SEEN, { ...SEEN, pokemonId: 26 }, 'species'],
    ['a new species before the encounter', WILD, { ...WILD, pokemonId: 132 }, 'species'],
    ['a species change wins over the IVs arriving', WILD, { ...SEEN, pokemonId: 26 }, 'species'],
    ['a new form', SEEN, { ...SEEN, form: 598 }, 'form'],
    ['a new gender', SEEN, { ...SEEN, gender: 2 }, 'gender'],
    ['a gender learnt (unknown before) is no change', { ...SEEN, gender: 0 }, SEEN, null],
    ['a gender forgotten is no change', SEEN, { ...SEEN, gender: 0 }, null],
    ['the IVs arriving (CP 0 → 500)', WILD, SEEN, 'encountered'],
    ['IV noise after the encounter', SEEN, { ...SEEN, atk: 14, iv: 91.11 }, null],
    ['IV noise moving the CP, same weather', SEEN, { ...SEEN, atk: 14, cp: 495 }, null],
    ['a weather boost moving the CP', SEEN, { ...SEEN, weather: 3, cp: 620, level: 25 }, 'weather_boost'],
    ['a weather change without a CP change', SEEN, { ...SEEN, weather: 3 }, null],
    ['a weather change before the encounter', WILD, { ...WILD, weather: 3 }, null],
    ['a wild re-scan of an encountered pokemon', SEEN, WILD, null],
  ];
  for (const [name, before, after, kind] of rows) {
    test(name, () => assert.equal(classifyChange(before, after), kind));
  }
});

describe('EncounterMemory', () => {
  const t0 = NOW_S * 1000;
  const despawn = NOW_S + 1200;

  test('an encounter nobody was told about is not compared', () => {
    const memory = new EncounterMemory(10);
    assert.equal(memory.compare('e1', SEEN, t0), null);
    assert.equal(memory.compare('e1', { ...SEEN, pokemonId: 26 }, t0), null);
    assert.equal(memory.size, 0);
  });

  test('a change reports the sighting told about, and becomes the next original', () => {
    const memory = new EncounterMemory(10);
    memory.remember('e1', WILD, despawn, t0);
    assert.equal(memory.compare('e1', { ...WILD, weather: 2 }, t0), null, 'no change: only compared');
    const encountered = memory.compare('e1', SEEN, t0);
    assert.deepEqual(encountered, { kind: 'encountered', original: WILD });
    const ditto = { ...SEEN, pokemonId: 132 };
    assert.deepEqual(memory.compare('e1', ditto, t0), { kind: 'species', original: SEEN });
    assert.equal(memory.compare('e1', ditto, t0), null);
    memory.remember('e1', { ...SEEN, pokemonId: 1 }, despawn, t0);
    assert.deepEqual(memory.compare('e1', { ...ditto, form: 1 }, t0), { kind: 'form', original: ditto }, 'remember keeps what it knows');
  });

  test('a wild re-scan does not make the next encounter look new', () => {
    const memory = new EncounterMemory(10);
    memory.remember('e1', SEEN, despawn, t0);
    assert.equal(memory.compare('e1', WILD, t0), null);
    assert.equal(memory.compare('e1', SEEN, t0), null);
  });

  test('bounded: forgotten five minutes after the despawn, the oldest first beyond the capacity', () => {
    const memory = new EncounterMemory(2);
    memory.remember('e1', SEEN, despawn, t0);
    memory.remember('e2', SEEN, despawn, t0);
    memory.remember('e3', SEEN, despawn, t0);
    assert.equal(memory.size, 2);
    assert.equal(memory.compare('e1', { ...SEEN, pokemonId: 26 }, t0), null, 'e1 went first');
    const over = despawn * 1000 + 5 * 60_000 + 1;
    assert.equal(memory.compare('e2', { ...SEEN, pokemonId: 26 }, over), null, 'over');
    assert.equal(memory.size, 1, 'an expired entry seen again is dropped');
    memory.remember('e4', SEEN, despawn + 3600, over);
    assert.equal(memory.size, 1, 'a new entry drops expired ones from the oldest end');
    assert.deepEqual(memory.compare('e4', { ...SEEN, gender: 2 }, over)?.kind, 'gender');
  });

  test('an unknown despawn is remembered for an hour', () => {
    const memory = new EncounterMemory(10);
    memory.remember('e1', SEEN, 0, t0);
    assert.equal(memory.compare('e1', { ...SEEN, gender: 2 }, t0 + 59 * 60_000)?.kind, 'gender');
    assert.equal(memory.compare('e1', { ...SEEN, gender: 1 }, t0 + 61 * 60_000), null);
  });
});

describe('original view', () => {
  test('names in the language, stats as the monster view gives them', async () => {
    const gameData = await fixtureGameData();
    const view = originalView({ ...SEEN, weather: 3 }, gameData, 'en');
    assert.deepEqual(view, {
      pokemonId: 25, formId: 0, name: 'Pikachu', formName: '', fullName: 'Pikachu', encountered: true,
      cp: 500, iv: 93.33, atk: 15, def: 14, sta: 13, level: 20, weight: '6.50', height: '0.40',
      gender: 1, genderName: gameData.genderName(1, 'en'), weatherId: 3, weatherName: gameData.weatherName(3, 'en'),
    });
    assert.notEqual(view.genderName, '');
    assert.notEqual(view.weatherName, '');
  });

  test('a sighting without IVs: stats empty, encountered false', async () => {
    const view = originalView(WILD, await fixtureGameData(), 'en');
    assert.equal(view.encountered, false);
    assert.deepEqual([view.cp, view.iv, view.atk, view.level, view.weight, view.weatherName], ['', '', '', '', '', '']);
  });
});

describe('the monster plugin with change tracking', () => {
  const sight = (plugin: MonsterPlugin, hook: Record<string, unknown>) => {
    const event = parsed(plugin, hook);
    plugin.observe!(event, hookContext());
    return event;
  };

  test('on (the default): a species change follows up as monsterChanged with original.*; the encounter as monster', async () => {
    const plugin = await buildPlugin();
    assert.equal(plugin.repliesToEarlier, true);
    assert.ok(plugin.alertTypes.includes('monsterChanged'));
    const first = sight(plugin, unencounteredHook({ encounter_id: 'e1' }));
    const key = plugin.editKey!(first)!;
    assert.deepEqual(key, { key: 'monster:e1', until: (NOW_S + 1200) * 1000 + 5 * 60_000 });

    const encountered = sight(plugin, pokemonHook({ encounter_id: 'e1' }));
    assert.equal(plugin.editKey!(encountered)!.followUpAlertType, undefined, 'the IVs arriving re-fire the plain alert');

    const raichu = pokemonHook({ encounter_id: 'e1', pokemon_id: 26 });
    assert.notEqual(plugin.dedupeKey!(parsed(plugin, raichu)), plugin.dedupeKey!(encountered), 'same CP, new species: no repeat');
    const changed = sight(plugin, raichu);
    assert.equal(plugin.editKey!(changed)!.followUpAlertType, 'monsterChanged');
    const view = plugin.enrichLanguage!(changed, {}, { language: 'en', platform: 'discord' }, hookContext());
    assert.equal((view['original'] as { fullName: string }).fullName, 'Pikachu');
    assert.equal((view['original'] as { cp: number }).cp, 500);
    assert.equal(view['fullName'], 'Raichu');
    assert.equal(view['changeType'], 'species');
    assert.equal(view['changeKind'], 'species');

    const again = sight(plugin, pokemonHook({ encounter_id: 'e1', pokemon_id: 26, individual_attack: 14 }));
    assert.equal(plugin.editKey!(again)!.followUpAlertType, undefined, 'IV noise is no change');
    assert.equal(plugin.enrichLanguage!(again, {}, { language: 'en', platform: 'discord' }, hookContext())['original'], undefined);
  });

  test('a sighting that reached nobody is not remembered', async () => {
    const plugin = await buildPlugin();
    sight(plugin, pokemonHook({ encounter_id: 'e2' }));
    const changed = sight(plugin, pokemonHook({ encounter_id: 'e2', pokemon_id: 26 }));
    assert.equal(plugin.editKey!(changed)!.followUpAlertType, undefined);
  });

  test('off: no editKey, no replies, the plain dedupe key, no original', async () => {
    const plugin = await buildPlugin({ tracking: { pokemon_change_tracking: false } });
    assert.equal(plugin.editKey, undefined);
    assert.equal(plugin.repliesToEarlier, undefined);
    const event = sight(plugin, pokemonHook({ encounter_id: 'e3' }));
    assert.equal(plugin.dedupeKey!(event), `e3:500:${NOW_S + 1200}`);
    assert.equal(plugin.dedupeKey!(parsed(plugin, pokemonHook({ encounter_id: 'e3', pokemon_id: 26 }))), `e3:500:${NOW_S + 1200}`, 'a species change with the same CP is a repeat');
    const changed = sight(plugin, pokemonHook({ encounter_id: 'e3', pokemon_id: 26 }));
    assert.equal(plugin.enrichLanguage!(changed, {}, { language: 'en', platform: 'discord' }, hookContext())['original'], undefined);
  });

  test('without a sent-message memory change tracking is off too (nothing to find earlier alerts in)', async () => {
    const plugin = await buildPlugin({ tuning: { sent_message_memory: 0 } });
    assert.equal(plugin.editKey, undefined);
    assert.equal(plugin.repliesToEarlier, undefined);
  });
});
