/**
 * Reply translation: game-data translations first, then the bundled tables; placeholders filled afterwards;
 * English untouched. And the bundled table files are loaded from a folder.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { loadLocaleTables } from '../../../core/commands/locale-files.ts';
import { fillPlaceholders, translatorFor } from '../../../core/commands/translate.ts';
import { buildGameData } from '../../../core/gamedata/index.ts';

const gameData = buildGameData({ locales: { en: { msg_resume: 'Alert messages resumed.' }, de: { msg_resume: 'Alarme wieder an.' } } });
const sources = {
  gameData: (text: string, lang: string) => gameData.translate(text, lang),
  tables: new Map([['de', { 'Location set to {latitude},{longitude}': 'Standort: {latitude},{longitude}', 'Alert messages resumed.': 'not used' }]]),
};

describe('translation', () => {
  test('fills placeholders and leaves unknown ones', () => {
    assert.equal(fillPlaceholders('a {x} b {y}', { x: 1 }), 'a 1 b {y}');
  });

  test('English and untranslated texts stay as written', () => {
    assert.equal(translatorFor('en', sources)('Alert messages resumed.'), 'Alert messages resumed.');
    assert.equal(translatorFor('de', sources)('Nothing known {n}', { n: 2 }), 'Nothing known 2');
  });

  test('game-data translations come first, then the bundled table; a regional code falls back to its language', () => {
    assert.equal(translatorFor('de', sources)('Alert messages resumed.'), 'Alarme wieder an.');
    assert.equal(translatorFor('de', sources)('Location set to {latitude},{longitude}', { latitude: 1, longitude: 2 }), 'Standort: 1,2');
    assert.equal(translatorFor('de_AT', sources)('Location set to {latitude},{longitude}', { latitude: 1, longitude: 2 }), 'Standort: 1,2');
  });

  test('locale files: one table per <lang>.json; broken files are reported, a missing folder is empty', async (t) => {
    const dir = mkdtempSync(join(tmpdir(), 'lookout-locale-'));
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    writeFileSync(join(dir, 'de.json'), JSON.stringify({ Hello: 'Hallo' }));
    writeFileSync(join(dir, 'pt_BR.json'), JSON.stringify({ Hello: 'Olá' }));
    writeFileSync(join(dir, 'fr.json'), '{ broken');
    writeFileSync(join(dir, 'it.json'), JSON.stringify({ Hello: 3 }));
    const { tables, problems } = await loadLocaleTables(dir);
    assert.deepEqual([...tables.keys()].sort(), ['de', 'pt-br']);
    assert.equal(tables.get('de')!.Hello, 'Hallo');
    assert.equal(problems.length, 2);
    assert.deepEqual(await loadLocaleTables(join(dir, 'missing')), { tables: new Map(), problems: [] });
  });
});
