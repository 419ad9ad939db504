import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { lastWins } from '../../../core/dts/load.ts';
import { indexEntries, selectEntry, templateIdsOf, type TemplateQuery } from '../../../core/dts/select.ts';
import type { DtsEntry, DtsPlatform } from '../../../core/dts/types.ts';

let counter = 0;
function e(type: string, platform: DtsPlatform, id: string, language: string, isDefault = false): DtsEntry {
  const index = counter++;
  return { id, type, platform, language, default: isDefault, body: { content: `${type}/${platform}/${id}/${language}/${index}` }, source: { file: 'config/dts.json', index, format: 'json', origin: 'config' }, raw: {} };
}

function pick(entries: readonly DtsEntry[], q: Partial<TemplateQuery>): string | null {
  const query: TemplateQuery = { type: 'monster', platform: 'discord', id: '1', language: 'en', fallbackLanguage: 'en', ...q };
  const found = selectEntry(indexEntries(lastWins(entries)), query);
  return found ? `${found.type}/${found.platform}/${found.id}/${found.language}${found.default ? '*' : ''}` : null;
}

describe('template selection', () => {
  const entries = [
    e('monster', 'discord', '1', 'en', true),
    e('monster', 'discord', '2', 'en'),
    e('monster', 'discord', '3', 'de'),
    e('monster', 'discord', '1', 'de', true),
    e('monster', 'telegram', '1', 'en', true),
    e('monster', 'discord', '9', ''),
    e('raid', 'discord', '5', ''),
    e('quest', '', '1', 'en', true),
  ];

  test('exact (type, platform, id, language) first', () => {
    assert.equal(pick(entries, { id: '2' }), 'monster/discord/2/en');
    assert.equal(pick(entries, { id: '3', language: 'de' }), 'monster/discord/3/de');
    assert.equal(pick(entries, { platform: 'telegram' }), 'monster/telegram/1/en*');
  });

  test('then the default of (type, platform, language); it does not compare the id', () => {
    assert.equal(pick(entries, { id: '42' }), 'monster/discord/1/en*');
    assert.equal(pick(entries, { id: '2', language: 'de' }), 'monster/discord/1/de*');
  });

  test('then the same two steps in the fallback language', () => {
    assert.equal(pick(entries, { id: '2', language: 'fr' }), 'monster/discord/2/en');
    assert.equal(pick(entries, { id: '42', language: 'fr' }), 'monster/discord/1/en*');
    assert.equal(pick(entries, { id: '3', language: 'fr', fallbackLanguage: 'de' }), 'monster/discord/3/de');
  });

  test('then language-independent entries, then nothing', () => {
    assert.equal(pick(entries, { type: 'raid', id: '5', language: 'fr' }), 'raid/discord/5/');
    assert.equal(pick(entries, { type: 'raid', id: '6' }), null);
    assert.equal(pick(entries, { type: 'egg' }), null);
    assert.equal(pick([e('monster', 'discord', '1', 'en', true)], { platform: 'telegram' }), null);
  });

  test('ids compare case-insensitively; entries for every platform serve each platform', () => {
    const list = [e('help', '', 'Track', '')];
    assert.equal(pick(list, { type: 'help', id: 'track', platform: 'telegram' }), 'help//Track/');
    assert.equal(pick(entries, { type: 'quest', platform: 'telegram', id: '7' }), 'quest//1/en*');
  });

  test('a later default for the same (type, platform, language) replaces an earlier one', () => {
    const list = [e('monster', 'discord', '1', 'en', true), e('monster', 'discord', '5', 'en', true)];
    assert.equal(pick(list, { id: '3' }), 'monster/discord/5/en*');
    assert.equal(pick(list, { id: '1' }), 'monster/discord/1/en*');
  });

  test('templateIds lists the ids of a type on a platform, numbers first', () => {
    const list = [e('monster', 'discord', '10', 'en'), e('monster', 'discord', '2', 'de'), e('monster', '', 'pvp', ''), e('monster', 'telegram', '3', 'en'), e('monster', 'discord', '2', 'en')];
    assert.deepEqual(templateIdsOf(list, 'monster', 'discord'), ['2', '10', 'pvp']);
    assert.deepEqual(templateIdsOf(list, 'monster', 'telegram'), ['3', 'pvp']);
  });
});

describe('help selection', () => {
  const shipped = [e('help', '', 'index', ''), e('help', '', 'track', ''), e('help', '', 'raid', '')];

  test('id index is the landing page, any other id is the topic', () => {
    assert.equal(pick(shipped, { type: 'help', id: 'index' }), 'help//index/');
    assert.equal(pick(shipped, { type: 'help', id: 'raid', language: 'de' }), 'help//raid/');
    assert.equal(pick(shipped, { type: 'help', id: 'nope' }), null);
  });

  test('a user landing page with default false replaces only index', () => {
    const list = [...shipped, e('help', 'discord', 'index', 'en')];
    assert.equal(pick(list, { type: 'help', id: 'index' }), 'help/discord/index/en');
    assert.equal(pick(list, { type: 'help', id: 'track' }), 'help//track/');
  });

  test('a help entry marked default shadows every per-topic entry, even an exact one', () => {
    const list = [...shipped, e('help', 'discord', 'index', 'en', true), e('help', 'discord', 'track', 'en')];
    assert.equal(pick(list, { type: 'help', id: 'track' }), 'help/discord/index/en*');
    assert.equal(pick(list, { type: 'help', id: 'raid' }), 'help/discord/index/en*');
    assert.equal(pick(list, { type: 'help', id: 'raid', platform: 'telegram' }), 'help//raid/');
  });
});
