import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { GameData, buildGameData } from '../../../core/gamedata/game-data.ts';
import { gameDataFromFiles } from '../../../core/gamedata/load.ts';
import { FIXTURES } from './support.ts';

describe('unknown ids degrade to readable fallbacks', () => {
  test('on loaded data', async () => {
    const g = await gameDataFromFiles(FIXTURES);
    const unknown = g.pokemon(9999, 7);
    assert.deepEqual([unknown.name, unknown.formName, unknown.known, unknown.types.length], ['Pokemon 9999', 'Form 7', false, 0]);
    assert.equal(unknown.generation.id, 0);
    assert.equal(g.pokemonName(9999, 'de'), 'Pokemon 9999');
    assert.deepEqual(g.move(9999), { id: 9999, name: 'Move 9999', type: null, known: false });
    assert.equal(g.item(9999).name, 'Item 9999');
    assert.equal(g.type(77).name, 'Type 77');
    assert.equal(g.type(77).known, false);
    assert.equal(g.weather(42).name, 'Weather 42');
    assert.equal(g.team(9).name, 'Team 9');
    assert.equal(g.generationName(12, 'de'), 'Generation 12');
    assert.equal(g.tempEvolutionName(9, 'de'), 'Evolution 9');
    assert.equal(g.emoji(g.type(77).emojiKey), '');
  });

  test('a new form of a known pokemon keeps the species data', async () => {
    const g = await gameDataFromFiles(FIXTURES);
    const newForm = g.pokemon(25, 424242);
    assert.deepEqual([newForm.name, newForm.form, newForm.formName, newForm.known], ['Pikachu', 424242, 'Form 424242', true]);
    assert.deepEqual(newForm.types.map((t) => t.name), ['Electric']);
    assert.equal(g.formName(424242, 'de'), 'Form 424242');
  });

  test('a masterfile with a new Mega kind, a new type and odd entries builds without throwing', () => {
    const g = buildGameData({
      masterfile: {
        monsters: {
          '9000_0': { id: 9000, name: 'Futuremon', form: { id: 0, name: '' }, types: [{ id: 19, name: 'Stellar' }], tempEvolutions: [{ tempEvoId: 6 }] },
          '9001_0': { name: 'No id' },
          '9002_0': 'not an object',
          '9003_5': { id: 9003, form: { id: 5 }, stats: { baseAttack: 'x' } },
        },
        moves: { '1': { name: 'Stellar Move', type: 'Stellar' }, '2': {}, x: { name: 'bad id' } },
        items: { '1': { name: 7 } },
        grunts: 'nope',
      },
      files: { invasions: { '7': { character: 'broken', lineup: { team: 'x' } }, '8': 5 } },
    });
    const future = g.pokemon(9000);
    assert.equal(future.tempEvolutions[0]!.name, 'Evolution 6');
    assert.deepEqual(future.types, [{ id: 19, name: 'Stellar' }]);
    assert.equal(g.type(19).name, 'Stellar', 'types seen in the data are learned');
    assert.deepEqual(g.move(1).type, { id: 19, name: 'Stellar' });
    assert.equal(g.pokemon(9003, 5).name, 'Pokemon 9003');
    assert.equal(g.pokemon(9003, 5).baseStats.baseAttack, 0);
    assert.equal(g.move(2).known, false);
    assert.equal(g.item(1).known, false);
  });

  test('GameData.empty(): every lookup answers', () => {
    const g = GameData.empty();
    assert.equal(g, GameData.empty());
    assert.deepEqual(g.sources, { masterfile: false, files: [], languages: [] });
    assert.equal(g.pokemonName(1, 'en'), 'Pokemon 1');
    assert.equal(g.translate('poke_1', 'de'), 'poke_1');
    assert.equal(g.emoji('type-fire'), '');
    assert.deepEqual(g.resolvePokemon('pikachu'), []);
    assert.equal(g.typeName(10, 'de'), 'Fire');
  });
});
