import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import type { GameData } from '../../../core/gamedata/game-data.ts';
import { gameDataFromFiles } from '../../../core/gamedata/load.ts';
import { LookoutError } from '../../../core/errors.ts';
import { BUNDLED_FALLBACKS, FIXTURES, tempRoot } from './support.ts';

function configDir(files: Record<string, unknown>): string {
  const dir = join(tempRoot(), 'config');
  mkdirSync(dir, { recursive: true });
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), typeof content === 'string' ? content : JSON.stringify(content));
  return dir;
}

describe('translations', () => {
  let g: GameData;
  before(async () => (g = await gameDataFromFiles(FIXTURES)));

  test('translate a key per language', () => {
    assert.equal(g.translate('poke_122', 'de'), 'Pantimos');
    assert.equal(g.translate('poke_122', 'en'), 'Mr. Mime');
    assert.equal(g.translate('move_14', 'de'), 'Hyperstrahl');
  });

  test('a key missing in German falls back to English for that key only', () => {
    assert.equal(g.translate('move_16', 'de'), 'Dark Pulse');
    assert.equal(g.translate('move_13', 'de'), 'Wickel');
    assert.equal(g.pokemonName(150, 'de'), 'Mewtwo');
    assert.equal(g.itemName(701, 'de'), 'Razz Berry');
    assert.equal(g.itemName(1, 'de'), 'Pokéball');
  });

  test('English text translates through its key; unknown text comes back unchanged', () => {
    assert.equal(g.translate('Hyper Beam', 'de'), 'Hyperstrahl');
    assert.equal(g.translate('hyper beam', 'de'), 'Hyperstrahl');
    assert.equal(g.translate('Not a game word', 'de'), 'Not a game word');
    assert.equal(g.translate('poke_25', 'xx'), 'Pikachu', 'an unloaded language reads English');
  });

  test('name helpers use the pogo-translations keys', () => {
    assert.equal(g.pokemonName(25, 'de'), 'Pikachu');
    assert.equal(g.pokemonName(122, 'de'), 'Pantimos');
    assert.equal(g.formName(46, 'de'), 'Alola');
    assert.equal(g.formName(0, 'de'), '');
    assert.equal(g.typeName(13, 'de'), 'Elektro');
    assert.equal(g.weatherName(2, 'de'), 'Regen');
    assert.equal(g.weatherName(0, 'de'), 'None');
    assert.equal(g.teamName(1, 'de'), 'Weisheit');
    assert.equal(g.genderName(2, 'de'), 'Weiblich');
    assert.equal(g.generationName(5, 'de'), 'Einall');
    assert.equal(g.tempEvolutionName(4, 'de'), 'Proto');
    assert.equal(g.tempEvolutionName(5, 'de'), 'Mega Z');
  });

  test('without a language the helpers give the English name from the data', () => {
    assert.equal(g.pokemonName(122), 'Mr. Mime');
    assert.equal(g.moveName(14), 'Hyper Beam');
    assert.equal(g.teamName(0), 'Harmony');
    assert.equal(g.teamName(0, 'en'), 'No Team');
  });
});

describe('resolvePokemon', () => {
  let g: GameData;
  before(async () => (g = await gameDataFromFiles(FIXTURES)));

  test('dex numbers, names in any loaded language, case and punctuation ignored', () => {
    assert.deepEqual(g.resolvePokemon(25), [25]);
    assert.deepEqual(g.resolvePokemon('#150'), [150]);
    assert.deepEqual(g.resolvePokemon('PIKACHU'), [25]);
    assert.deepEqual(g.resolvePokemon('Pantimos', 'de'), [122]);
    assert.deepEqual(g.resolvePokemon('pantimos', 'en'), [122], 'other languages are searched too');
    assert.deepEqual(g.resolvePokemon('mr mime', 'de'), [122]);
    assert.deepEqual(g.resolvePokemon('Glurak'), [6]);
    assert.deepEqual(g.resolvePokemon('nothing-like-a-pokemon'), []);
    assert.deepEqual(g.resolvePokemon(''), []);
    assert.deepEqual(g.resolvePokemon(0), []);
  });

  test('bundled aliases', () => {
    assert.deepEqual(g.resolvePokemon('nidoran female'), [29]);
    assert.deepEqual(g.resolvePokemon('Nidoran Male'), [32]);
    assert.deepEqual(g.resolvePokemon('mime'), [122]);
    assert.deepEqual(g.resolvePokemon('lake-trio'), [480, 481, 482]);
  });

  test('config/pokemonAlias.json adds aliases and replaces bundled ones', async () => {
    const withConfig = await gameDataFromFiles(FIXTURES, { configDir: configDir({ 'pokemonAlias.json': { sparky: 25, mime: 439, 'fire starters': [4, 155] } }) });
    assert.deepEqual(withConfig.resolvePokemon('sparky'), [25]);
    assert.deepEqual(withConfig.resolvePokemon('Mime'), [439]);
    assert.deepEqual(withConfig.resolvePokemon('fire starters'), [4, 155]);
    assert.deepEqual(withConfig.resolvePokemon('nidoran female'), [29], 'bundled aliases stay');
  });

  test('a broken alias file is a configuration error naming the file and key', async () => {
    const dir = configDir({ 'pokemonAlias.json': { good: 1, bad: 'pikachu' } });
    await assert.rejects(gameDataFromFiles(FIXTURES, { configDir: dir }), (err: unknown) => {
      assert.ok(err instanceof LookoutError);
      assert.equal(err.code, 'CONFIG_INVALID');
      assert.match(err.message, /pokemonAlias\.json: alias "bad"/);
      return true;
    });
    await assert.rejects(gameDataFromFiles(FIXTURES, { configDir: configDir({ 'pokemonAlias.json': '{ nope' }) }), /invalid JSON/);
  });
});

describe('emoji', () => {
  test('bundled emoji by key, "" for unknown keys', async () => {
    const g = await gameDataFromFiles(FIXTURES, { fallbacksDir: BUNDLED_FALLBACKS });
    assert.equal(g.emoji('type-fire'), '🔥');
    assert.equal(g.emoji(g.weather(2).emojiKey), '🌧️');
    assert.equal(g.emoji(g.team(2).emojiKey, 'discord'), '🔴');
    assert.equal(g.emoji('no-such-key'), '');
  });

  test('config/emoji.json overrides per platform and by default', async () => {
    const dir = configDir({ 'emoji.json': { discord: { 'type-fire': '<:fire:123>' }, default: { shiny: '*' }, 'team-valor': 'V' } });
    const g = await gameDataFromFiles(FIXTURES, { configDir: dir });
    assert.equal(g.emoji('type-fire', 'discord'), '<:fire:123>');
    assert.equal(g.emoji('type-fire', 'telegram'), '🔥');
    assert.equal(g.emoji('type-fire'), '🔥');
    assert.equal(g.emoji('shiny', 'telegram'), '*');
    assert.equal(g.emoji('team-valor'), 'V', 'top-level strings count as default');
  });

  test('a broken emoji file is a configuration error', async () => {
    const dir = configDir({ 'emoji.json': { discord: { 'type-fire': 5 } } });
    await assert.rejects(gameDataFromFiles(FIXTURES, { configDir: dir }), /emoji "discord\.type-fire" must be a string/);
  });
});
