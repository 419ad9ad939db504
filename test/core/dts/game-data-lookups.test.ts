import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { POWER_UP_STEPS } from '../../../core/dts/cp-tables.ts';
import { CUSTOM_MAPS_DIR } from '../../../core/dts/custom-maps.ts';
import { gameDataLookups } from '../../../core/dts/game-data-lookups.ts';
import type { GameLookups } from '../../../core/dts/game-lookups.ts';
import type { GameData } from '../../../core/gamedata/game-data.ts';
import { gameDataFromFiles } from '../../../core/gamedata/load.ts';
import { silentLogger } from '../../../core/log/logger.ts';
import { stringRenderer } from '../../fixtures/dts/render.ts';
import { captureLog } from '../../helpers/log-capture.ts';
import { FIXTURES, tempRoot } from '../gamedata/support.ts';

const cp = (stats: readonly number[], cpm: number, iv = 15): number =>
  Math.max(10, Math.floor(((stats[0]! + iv) * Math.sqrt(stats[1]! + iv) * Math.sqrt(stats[2]! + iv) * cpm ** 2) / 10));

describe('gameDataLookups on the gamedata fixtures', () => {
  let data: GameData;
  let lookups: GameLookups;
  before(async () => {
    data = await gameDataFromFiles(FIXTURES);
    lookups = gameDataLookups(data, { rootDir: tempRoot(), log: silentLogger() });
  });

  test('pokemon, form and move names: English without a language, translated with one, "" for unknown', () => {
    assert.equal(lookups.pokemonName(1), 'Bulbasaur');
    assert.equal(lookups.pokemonName(1, 'de'), 'Bisasam');
    assert.equal(lookups.pokemonName(9999), '');
    assert.equal(lookups.pokemonName(0), '');
    assert.equal(lookups.formName(46), 'Alola');
    assert.equal(lookups.formName(598, 'de'), 'Normal');
    assert.equal(lookups.formName(0), '');
    assert.equal(lookups.formName(99999), '');
    assert.equal(lookups.moveName(14), 'Hyper Beam');
    assert.equal(lookups.moveName(14, 'de'), 'Hyperstrahl');
  });

  test('type names, type emoji and move types', () => {
    assert.equal(lookups.typeName('Grass'), 'Grass');
    assert.equal(lookups.typeName('Grass', 'de'), 'Pflanze');
    assert.equal(lookups.typeName('electric', 'de'), 'Elektro');
    assert.equal(lookups.typeName('Shadow', 'de'), 'Shadow');
    assert.equal(lookups.typeEmoji('Grass', 'discord'), data.emoji('type-grass', 'discord'));
    assert.notEqual(lookups.typeEmoji('Grass', 'discord'), '');
    assert.equal(lookups.typeEmoji('Shadow', 'discord'), '');
    assert.equal(lookups.moveType(214), 'Grass');
    assert.equal(lookups.moveType(214, 'de'), 'Pflanze');
    assert.equal(lookups.moveType(9999), '');
    assert.equal(lookups.emoji('shiny', 'discord'), data.emoji('shiny', 'discord'));
    assert.equal(lookups.translate('Grass', 'de'), 'Pflanze');
    assert.equal(lookups.translate('No such text', 'de'), 'No such text');
  });

  test('pokemonInfo: English types, base stats, evolutions; null when unknown', () => {
    assert.deepEqual(lookups.pokemonInfo(25, 0), {
      types: ['Electric'],
      baseStats: { baseAttack: 112, baseDefense: 96, baseStamina: 111 },
      hasEvolutions: true,
    });
    assert.deepEqual(lookups.pokemonInfo(19, 46)?.types, ['Normal', 'Dark']);
    assert.equal(lookups.pokemonInfo(6, 0)?.hasEvolutions, true, 'megas count as evolutions');
    assert.equal(lookups.pokemonInfo(9999, 0), null);
    assert.equal(lookups.pokemonInfo(0, 0), null);
  });

  test('cpMultiplier: whole and half levels 1 … 55, null off the table', () => {
    assert.equal(lookups.cpMultiplier(1), 0.094);
    assert.ok(Math.abs(lookups.cpMultiplier(40)! - 0.7903) < 1e-6);
    assert.ok(Math.abs(lookups.cpMultiplier(50)! - 0.8403) < 1e-6);
    assert.ok(Math.abs(lookups.cpMultiplier(1.5)! - 0.1351374) < 1e-6);
    assert.ok(Math.abs(lookups.cpMultiplier(40.5)! - 0.7928039) < 1e-6);
    assert.ok(lookups.cpMultiplier(55)! > lookups.cpMultiplier(54.5)!);
    for (const level of [0, 0.5, 20.25, 55.5, 56, Number.NaN]) assert.equal(lookups.cpMultiplier(level), null, `level ${level}`);
  });

  test('CP with the standard formula and the table', () => {
    const pikachu = lookups.pokemonInfo(25, 0)!.baseStats;
    const stats = [pikachu.baseAttack, pikachu.baseDefense, pikachu.baseStamina];
    assert.equal(cp(stats, lookups.cpMultiplier(20)!), 536);
    assert.equal(cp([118, 111, 128], lookups.cpMultiplier(20)!), 637, 'Bulbasaur, level 20 hundo');
    assert.equal(cp([300, 182, 214], lookups.cpMultiplier(40)!), 4178, 'Mewtwo, level 40 hundo');
  });

  test('calculateCp and getPowerUpCost through a real DtsEngine render', () => {
    const render = stringRenderer({ lookups, numberLocale: 'en-gb' });
    assert.equal(render('{{calculateCp 25 0 20 15 15 15}}'), '536');
    assert.equal(render('{{calculateCp (pokemonBaseStats 25 0) 20 15 15 15}}'), '536');
    assert.equal(render('{{getPowerUpCost 1 40}}'), '270,000 Stardust and 304 Candies');
    assert.equal(render('{{#getPowerUpCost 40 50}}{{stardust}}/{{candy}}/{{xlCandy}}{{/getPowerUpCost}}'), '250000/0/296');
  });

  test('powerUpSteps: every half level from 1 to 49.5, ascending', () => {
    const steps = lookups.powerUpSteps();
    assert.equal(steps, POWER_UP_STEPS);
    assert.equal(steps.length, 98);
    assert.deepEqual(steps[0], { level: 1, stardust: 200, candy: 1, xlCandy: 0 });
    assert.deepEqual(steps.find((s) => s.level === 39.5), { level: 39.5, stardust: 10000, candy: 15, xlCandy: 0 });
    assert.deepEqual(steps.at(-1), { level: 49.5, stardust: 15000, candy: 0, xlCandy: 20 });
    assert.ok(steps.every((s, i) => i === 0 || s.level > steps[i - 1]!.level));
  });
});

describe('gameDataLookups custom maps (config/customMaps/)', () => {
  test('maps by name and language with a language-less fallback; broken files logged and skipped', async () => {
    const root = tempRoot();
    const dir = join(root, CUSTOM_MAPS_DIR);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'teams.json'), JSON.stringify([
      { name: 'team', language: 'de', map: { '1': 'Weisheit' } },
      { name: 'team', map: { '1': 'Mystic', '2': 'Valor' } },
      { name: 'broken entry' },
    ]));
    writeFileSync(join(dir, 'single.json'), '// operator note\n{ "name": "size", "map": { "5": "XXL" } }');
    writeFileSync(join(dir, 'bad.json'), '{ not json');
    writeFileSync(join(dir, 'notes.txt'), 'ignored');
    const captured = captureLog('warn');
    const lookups = gameDataLookups(await gameDataFromFiles(FIXTURES), { rootDir: root, log: captured.log });

    assert.deepEqual(lookups.customMap('team', 'de'), { '1': 'Weisheit' });
    assert.deepEqual(lookups.customMap('team', 'fr'), { '1': 'Mystic', '2': 'Valor' });
    assert.deepEqual(lookups.customMap('size', 'en'), { '5': 'XXL' });
    assert.equal(lookups.customMap('nothing', 'en'), null);
    assert.ok(captured.find(/bad\.json is not valid JSON/));
    assert.ok(captured.find(/teams\.json entry 2/));
    assert.equal(captured.lines.length, 2, 'read once');

    const render = stringRenderer({ lookups });
    assert.equal(render("{{map 'team' 2}}"), 'Valor');
    assert.equal(render("{{map 'team' 1}}", {}, { language: 'de' }), 'Weisheit');
  });

  test('no customMaps directory: no maps, no warnings', async () => {
    const captured = captureLog('warn');
    const lookups = gameDataLookups(await gameDataFromFiles(FIXTURES), { rootDir: tempRoot(), log: captured.log });
    assert.equal(lookups.customMap('team', 'en'), null);
    assert.equal(captured.lines.length, 0);
  });
});
