import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import type { GameData } from '../../../core/gamedata/game-data.ts';
import { gameDataFromFiles } from '../../../core/gamedata/load.ts';
import { FIXTURES } from './support.ts';

describe('game data lookups (fixtures)', () => {
  let g: GameData;
  before(async () => (g = await gameDataFromFiles(FIXTURES)));

  test('sources: masterfile, the plugins\' files and the locale files present', () => {
    assert.deepEqual(g.sources, { masterfile: true, files: ['invasions'], languages: ['en', 'de'] });
  });

  test('pokemon: name, types with ids and names, base stats, generation', () => {
    const pikachu = g.pokemon(25);
    assert.equal(pikachu.name, 'Pikachu');
    assert.equal(pikachu.form, 0);
    assert.equal(pikachu.formName, '');
    assert.deepEqual(pikachu.types, [{ id: 13, name: 'Electric' }]);
    assert.deepEqual(pikachu.baseStats, { baseAttack: 112, baseDefense: 96, baseStamina: 111 });
    assert.deepEqual(pikachu.generation, { id: 1, name: 'Kanto', roman: 'I' });
    assert.deepEqual(pikachu.evolutions.map((e) => [e.id, e.form]), [[26, 0], [26, 50]]);
    assert.equal(pikachu.known, true);
    assert.equal(g.pokemon(445).generation.roman, 'IV');
  });

  test('forms: own entry per form, regional forms take their region’s generation', () => {
    const alola = g.pokemon(19, 46);
    assert.equal(alola.formName, 'Alola');
    assert.deepEqual(alola.types.map((t) => t.name), ['Normal', 'Dark']);
    assert.deepEqual(alola.generation, { id: 7, name: 'Alola', roman: 'VII' });
    assert.equal(g.pokemon(19, 45).generation.id, 1);
    assert.equal(g.pokemon(25, 598).formName, 'Normal');
    assert.deepEqual(g.forms(19).map((f) => f.form), [0, 45, 46]);
  });

  test('temporary evolutions: megas with their names, stats and types (base types when unchanged)', () => {
    const charizard = g.pokemon(6);
    assert.deepEqual(charizard.tempEvolutions.map((t) => [t.id, t.name]), [[2, 'Mega X'], [3, 'Mega Y']]);
    assert.deepEqual(charizard.tempEvolutions[0]!.types.map((t) => t.name), ['Fire', 'Dragon']);
    assert.deepEqual(charizard.tempEvolutions[1]!.types.map((t) => t.name), ['Flying', 'Fire']);
    assert.equal(charizard.tempEvolutions[1]!.baseStats.baseAttack, 319);
    assert.equal(g.pokemon(382).tempEvolutions[0]!.name, 'Primal');
    const garchomp = g.pokemon(445).tempEvolutions;
    assert.deepEqual(garchomp.map((t) => [t.name, t.unreleased]), [['Mega', false], ['Mega Z', true]]);
  });

  test('moves with their type, items', () => {
    assert.deepEqual(g.move(14), { id: 14, name: 'Hyper Beam', type: { id: 1, name: 'Normal' }, known: true });
    assert.deepEqual(g.move(214).type, { id: 12, name: 'Grass' });
    assert.deepEqual(g.item(1), { id: 1, name: 'Poké Ball', known: true });
    assert.equal(g.item(701).name, 'Razz Berry');
  });

  test('types: id, English name, colour and emoji key; lookup by name', () => {
    assert.deepEqual(g.type(10), { id: 10, name: 'Fire', color: '#f08030', emojiKey: 'type-fire', known: true });
    assert.equal(g.typeByName('electric')?.id, 13);
    assert.equal(g.typeByName('Shadow'), undefined);
  });

  test('weather: names, boosted types, emoji keys', () => {
    const rain = g.weather(2);
    assert.equal(rain.name, 'Rain');
    assert.deepEqual(rain.boostedTypes.map((t) => t.name), ['Bug', 'Water', 'Electric']);
    assert.equal(rain.emojiKey, 'weather-rain');
    assert.deepEqual(g.weather(7).boostedTypes.map((t) => t.id), [8, 17]);
  });

  test('teams with colours, genders, generations', () => {
    assert.deepEqual([0, 1, 2, 3].map((id) => g.team(id).name), ['Harmony', 'Mystic', 'Valor', 'Instinct']);
    assert.match(g.team(2).color, /^#[0-9a-f]{6}$/);
    assert.equal(g.team(1).emojiKey, 'team-mystic');
    assert.deepEqual(g.gender(2), { id: 2, name: 'female', emojiKey: 'gender-female' });
    assert.deepEqual(g.generation(9), { id: 9, name: 'Paldea', roman: 'IX' });
  });

  test('results are frozen', () => {
    assert.ok(Object.isFrozen(g.pokemon(25)));
    assert.ok(Object.isFrozen(g.pokemon(25).types));
    assert.ok(Object.isFrozen(g));
  });
});

describe('game data listings (fixtures)', () => {
  let g: GameData;
  before(async () => (g = await gameDataFromFiles(FIXTURES)));

  test('allMoves lists what the lookups know, by id', () => {
    const moves = g.allMoves();
    assert.ok(moves.length > 0);
    assert.ok(moves.every((m, i) => m.known && (i === 0 || m.id > moves[i - 1]!.id)));
    assert.deepEqual(g.move(moves[0]!.id), moves[0]);
  });

  test('translationKeys lists the English keys with a prefix', () => {
    const keys = g.translationKeys('poke_');
    assert.ok(keys.length > 0 && keys.every((k) => k.startsWith('poke_')));
    assert.deepEqual(g.translationKeys('no_such_prefix_'), []);
  });
});
