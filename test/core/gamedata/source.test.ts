/**
 * Plugin game-data sources in GameData: parsed on first use, once per GameData, with the rest of the data at
 * hand; a file that is not valid reaches parse as undefined; the files the loader reads from resources/; and
 * the generic lookups plugins build on (translation, masterfileSection).
 */
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { buildGameData, type GameData } from '../../../core/gamedata/game-data.ts';
import { gameDataFromFiles } from '../../../core/gamedata/load.ts';
import type { GameDataSource } from '../../../core/gamedata/source.ts';
import { captureLog } from '../../helpers/log-capture.ts';
import { FIXTURES, tempRoot } from './support.ts';

function counting(): { source: GameDataSource<{ readonly raw: unknown; readonly pikachu: string }>; parses: () => number } {
  let parses = 0;
  return {
    source: {
      name: 'gizmos',
      url: () => '',
      looksValid: (raw) => Array.isArray(raw),
      parse: (raw, data: GameData) => {
        parses += 1;
        return { raw, pikachu: data.pokemonName(25) };
      },
    },
    parses: () => parses,
  };
}

describe('game-data sources', () => {
  test('parsed once per GameData, on first use, with the rest of the game data', async () => {
    const g = await gameDataFromFiles(FIXTURES);
    const { source, parses } = counting();
    assert.equal(parses(), 0);
    assert.deepEqual(g.source(source), { raw: undefined, pikachu: 'Pikachu' });
    assert.equal(g.source(source), g.source(source));
    assert.equal(parses(), 1);
  });

  test('a file that is not valid reaches parse as undefined; the files present are listed', () => {
    const { source } = counting();
    assert.deepEqual(buildGameData({ files: { gizmos: [1, 2] } }).source(source).raw, [1, 2]);
    const invalid = buildGameData({ files: { gizmos: { not: 'a list' } } });
    assert.equal(invalid.source(source).raw, undefined);
    assert.deepEqual(invalid.sources.files, ['gizmos']);
  });

  test('the loader reads the named files from the directory, checked, and warns about missing ones', async () => {
    const dir = tempRoot();
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'gizmos.json'), '{"not": "a list"}');
    writeFileSync(join(dir, 'other.json'), '[1]');
    const { log, lines } = captureLog('info');
    const g = await gameDataFromFiles(dir, { log, files: [{ name: 'gizmos', looksValid: Array.isArray }, { name: 'absent', looksValid: () => true, whenMissing: 'absent things stay unknown' }] });
    assert.deepEqual(g.sources.files, []);
    assert.ok(lines.some((l) => l.level === 'warn' && /cached gizmos does not look like game data/.test(String(l.msg))));
    assert.ok(lines.some((l) => l.level === 'warn' && /no absent available; absent things stay unknown/.test(String(l.msg))));
    const unnamed = await gameDataFromFiles(dir);
    assert.deepEqual(unnamed.sources.files, ['gizmos', 'other'], 'without names: every JSON file beside the masterfile, unchecked');
  });

  test('translation and masterfileSection: what plugins read the data through', async () => {
    const g = await gameDataFromFiles(FIXTURES);
    assert.equal(g.translation('poke_122', 'de'), 'Pantimos');
    assert.equal(g.translation('poke_122'), 'Mr. Mime');
    assert.equal(g.translation('move_16', 'de'), 'Dark Pulse', 'English for a key the language lacks');
    assert.equal(g.translation('no_such_key', 'de'), undefined);
    assert.equal(typeof g.masterfileSection('grunts'), 'object');
    assert.equal(g.masterfileSection('no_such_section'), undefined);
    assert.equal(g.masterfileSection('constructor'), undefined);
  });
});
