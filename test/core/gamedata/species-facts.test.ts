/**
 * Species facts: weaknesses by multiplier from the masterfile's type matchups, evolutions forward and backward,
 * boosting weathers, in the language and platform asked for, built once and kept.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { alteringWeathers, speciesFacts, type GameData } from '../../../core/gamedata/index.ts';
import { fixtureGameData } from '../../helpers/plugin-setup.ts';

describe('species facts', () => {
  let gameData: GameData;
  before(async () => (gameData = await fixtureGameData()));

  test('Pikachu: weak to ground, resists flying, steel and electric; its emoji on the platform', () => {
    const facts = speciesFacts(gameData, 25, 0, 'en', 'discord');
    assert.deepEqual(facts.weaknessList.map((c) => [c.value, c.text, c.types.map((t) => t.nameEng)]), [
      [2, 'Vulnerable to', ['Ground']],
      [0.5, 'Resistant to', ['Flying', 'Steel', 'Electric']],
    ]);
    const [weak, resist] = facts.weaknessList;
    assert.equal(facts.weaknessEmoji, `2x${weak!.typeEmoji} 0.5x${resist!.typeEmoji} `);
    assert.equal(weak!.typeEmoji, gameData.emoji(gameData.type(5).emojiKey, 'discord'));
    assert.deepEqual(facts.typeNameEng, ['Electric']);
    assert.deepEqual(facts.boostingWeatherIds, [2]);
    assert.equal(facts.boostingWeathersEmoji, gameData.emoji(gameData.weather(2).emojiKey, 'discord'));
  });

  test('evolutions forward with their requirement, megas, and back to the species they come from', () => {
    const pikachu = speciesFacts(gameData, 25, 0, 'de', 'telegram');
    const raichu = pikachu.evolutions.find((e) => e.id === 26 && e.form === 0)!;
    assert.equal(raichu.nameEng, 'Raichu');
    assert.equal(raichu.evolutionRequirement, '50 candies');
    assert.equal(pikachu.hasEvolutions, true);
    assert.ok(pikachu.megaEvolutions.length > 0 && pikachu.megaEvolutions.every((m) => m.fullNameEng.includes('Raichu')), 'the megas of its evolutions');
    const back = speciesFacts(gameData, 26, 0, 'en', 'discord').prevEvolutions;
    assert.deepEqual(back.map((p) => [p.id, p.fullName]), [[25, 'Pikachu']]);
  });

  test('kept: the same species, language and platform is one object', () => {
    assert.equal(speciesFacts(gameData, 25, 0, 'en', 'discord'), speciesFacts(gameData, 25, 0, 'en', 'discord'));
    assert.notEqual(speciesFacts(gameData, 25, 0, 'en', 'discord'), speciesFacts(gameData, 25, 0, 'en', 'telegram'));
  });

  test('altering weathers: every other weather while boosted, the boosting ones while not', () => {
    assert.deepEqual(alteringWeathers([2], true), [1, 3, 4, 5, 6, 7]);
    assert.deepEqual(alteringWeathers([2, 5], false), [2, 5]);
  });
});
