import assert from 'node:assert/strict';
import { readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { loadDts } from '../../../core/dts/load.ts';
import { templatePlatforms } from '../../../core/dts/platforms.ts';
import type { DtsEntry } from '../../../core/dts/types.ts';
import { silentLogger } from '../../../core/log/logger.ts';
import { dtsTree, entry } from '../../fixtures/dts/tree.ts';
import { captureLog } from '../../helpers/log-capture.ts';
import { SHIPPED_PLATFORMS } from '../../fixtures/dts/platforms.ts';

const log = silentLogger();
const sampleToml = readFileSync(new URL('../../fixtures/dts/sample.toml', import.meta.url), 'utf8');

function find(entries: readonly DtsEntry[], type: string, id: string): DtsEntry | undefined {
  return entries.find((e) => e.type === type && e.id === id);
}

describe('dts loading', () => {
  test('loads fallbacks, config/dts.json, then config/dts/* alphabetically; the last entry with the same key wins', async (t) => {
    const tree = dtsTree({
      'fallbacks/dts.json': [entry({ template: { content: 'fallback' } }), entry({ id: 2, template: { content: 'fallback 2' } })],
      'config/dts.json': [entry({ template: { content: 'config' } })],
      'config/dts/b.json': [entry({ template: { content: 'b' } })],
      'config/dts/a.json': [entry({ template: { content: 'a' } }), entry({ id: 3, template: { content: 'a3' } })],
      'config/dts/notes.txt': 'ignored',
    });
    t.after(() => tree.remove());
    const set = await loadDts({ rootDir: tree.root, log, platforms: SHIPPED_PLATFORMS });
    assert.deepEqual(set.problems, []);
    assert.deepEqual(
      set.all.map((e) => e.source.file),
      ['fallbacks/dts.json', 'fallbacks/dts.json', 'config/dts.json', 'config/dts/a.json', 'config/dts/a.json', 'config/dts/b.json'],
    );
    assert.equal(set.entries.length, 3);
    const winner = find(set.entries, 'monster', '1');
    assert.deepEqual(winner?.body, { content: 'b' });
    assert.deepEqual(winner?.source, { file: 'config/dts/b.json', index: 0, format: 'json', origin: 'config' });
    assert.deepEqual(find(set.entries, 'monster', '2')?.source.origin, 'fallback');
    assert.deepEqual(find(set.entries, 'monster', '3')?.source, { file: 'config/dts/a.json', index: 1, format: 'json', origin: 'config' });
  });

  test('without config/dts.json the bundled file is loaded once', async (t) => {
    const tree = dtsTree({ 'fallbacks/dts.json': [entry()] });
    t.after(() => tree.remove());
    const set = await loadDts({ rootDir: tree.root, log, platforms: SHIPPED_PLATFORMS });
    assert.equal(set.all.length, 1);
    assert.equal(set.entries[0]?.source.file, 'fallbacks/dts.json');
  });

  test('ids are strings; language missing or % is language independent', async (t) => {
    const tree = dtsTree({ 'config/dts.json': [entry({ id: 12 }), entry({ id: 'abc', language: '%' }), entry({ id: 'x', language: undefined })] });
    t.after(() => tree.remove());
    const set = await loadDts({ rootDir: tree.root, log, platforms: SHIPPED_PLATFORMS });
    assert.deepEqual(set.entries.map((e) => [e.id, e.language]), [['12', 'en'], ['abc', ''], ['x', '']]);
  });

  test('platform aliases chat_a/chat_b become discord/telegram; an empty platform means every platform', async (t) => {
    const tree = dtsTree({ 'config/dts.json': [entry({ platform: 'chat_a' }), entry({ platform: 'chat_b' }), entry({ platform: '', type: 'help' }), entry({ platform: 'irc' })] });
    t.after(() => tree.remove());
    const set = await loadDts({ rootDir: tree.root, log, platforms: SHIPPED_PLATFORMS });
    assert.deepEqual(set.entries.map((e) => e.platform), ['discord', 'telegram', '']);
    // no registered platform renders "irc": the entry is not loaded, and said so (an advisory: it is not broken)
    assert.deepEqual(set.problems, []);
    assert.deepEqual(set.advisories, ['config/dts.json: 1 entry for platform "irc", which no registered platform renders, not loaded']);
  });

  test('a plugin\'s fallbacks folder: its dts.json loads after fallbacks/dts.json and before config/, which overrides it', async (t) => {
    const tree = dtsTree({
      'fallbacks/dts.json': [entry({ type: 'help', id: 'index', template: { content: 'core index' } }), entry({ type: 'showcase', template: { content: 'core' } })],
      'plugins/showcase/fallbacks/dts.json': [
        entry({ type: 'showcase', template: { content: 'plugin' } }),
        entry({ type: 'showcase', id: 2, template: { content: 'plugin 2' } }),
        entry({ type: 'help', id: 'showcase', platform: '', template: { content: 'plugin help' } }),
      ],
      'config/dts.json': [entry({ type: 'showcase', id: 2, template: { content: 'operator 2' } })],
    });
    t.after(() => tree.remove());
    const outside = dtsTree({ 'fallbacks/dts.json': [entry({ type: 'elsewhere' })] });
    t.after(() => outside.remove());
    const pluginFallbacks = [join(tree.root, 'plugins/showcase/fallbacks/'), join(tree.root, 'plugins/no-templates/fallbacks'), join(outside.root, 'fallbacks')];
    const set = await loadDts({ rootDir: tree.root, log, platforms: SHIPPED_PLATFORMS, pluginFallbacks });
    assert.deepEqual(set.problems, []);
    assert.deepEqual(
      set.entries.map((e) => [e.type, e.id, e.source.file, e.source.origin]),
      [
        ['help', 'index', 'fallbacks/dts.json', 'fallback'],
        ['showcase', '1', 'plugins/showcase/fallbacks/dts.json', 'fallback'],
        ['help', 'showcase', 'plugins/showcase/fallbacks/dts.json', 'fallback'],
        ['elsewhere', '1', join(outside.root, 'fallbacks/dts.json'), 'fallback'],
        ['showcase', '2', 'config/dts.json', 'config'],
      ],
    );
    assert.deepEqual(find(set.entries, 'showcase', '1')?.body, { content: 'plugin' });
  });

  test('a broken plugin dts.json is reported and skipped, as a broken core file is; everything else loads', async (t) => {
    const tree = dtsTree({
      'fallbacks/dts.json': [entry()],
      'plugins/broken/fallbacks/dts.json': '[{ "id": 1,',
      'plugins/half/fallbacks/dts.json': [entry({ type: 'half', template: { content: '{{#if}}' } }), entry({ type: 'half', id: 2 }), entry({ type: 'half', id: 3, platform: 'irc' })],
    });
    t.after(() => tree.remove());
    const captured = captureLog('warn');
    const pluginFallbacks = ['broken', 'half'].map((name) => join(tree.root, 'plugins', name, 'fallbacks'));
    const set = await loadDts({ rootDir: tree.root, log: captured.log, platforms: SHIPPED_PLATFORMS, pluginFallbacks });
    assert.deepEqual(set.entries.map((e) => [e.type, e.id]), [['monster', '1'], ['half', '2']]);
    assert.deepEqual(set.problems.map((p) => [p.file, p.entry]), [['plugins/broken/fallbacks/dts.json', null], ['plugins/half/fallbacks/dts.json', 0]]);
    assert.ok(captured.find(/plugins\/broken\/fallbacks\/dts\.json/), JSON.stringify(captured.lines));
    assert.deepEqual(set.advisories, ['plugins/half/fallbacks/dts.json: 1 entry for platform "irc", which no registered platform renders, not loaded']);
  });

  test('the platforms are the registered ones: a new platform is accepted, a platform not registered is not loaded', async (t) => {
    const tree = dtsTree({
      'fallbacks/dts.json': [entry({ platform: 'discord' }), entry({ platform: 'telegram' }), entry({ platform: 'telegram', id: 2 })],
      'config/dts.json': [entry({ platform: 'matrix' }), entry({ platform: 'MX', id: 2 }), entry({ platform: 'chat_a' })],
    });
    t.after(() => tree.remove());
    const platforms = templatePlatforms([{ templatePlatform: 'matrix', templatePlatformAliases: ['mx'] }, { templatePlatform: 'discord' }]);
    const set = await loadDts({ rootDir: tree.root, log, platforms });
    assert.deepEqual(set.entries.map((e) => [e.source.file, e.platform, e.id]), [['fallbacks/dts.json', 'discord', '1'], ['config/dts.json', 'matrix', '1'], ['config/dts.json', 'matrix', '2']]);
    assert.deepEqual(set.problems, []);
    assert.deepEqual(set.advisories, [
      'fallbacks/dts.json: 2 entries for platform "telegram", which no registered platform renders, not loaded',
      'config/dts.json: 1 entry for platform "chat_a", which no registered platform renders, not loaded',
    ]);
  });

  test('TOML: [[entry]] tables, multi-line template strings, description, buttons, string ids', async (t) => {
    const tree = dtsTree({ 'config/dts/raid.toml': sampleToml });
    t.after(() => tree.remove());
    const set = await loadDts({ rootDir: tree.root, log, platforms: SHIPPED_PLATFORMS });
    assert.deepEqual(set.problems, []);
    const [rich, plain] = set.entries;
    assert.equal(rich?.id, '7');
    assert.equal(rich?.platform, 'discord');
    assert.equal(rich?.description, 'Raid with a countdown');
    assert.deepEqual(rich?.buttons, [{ id: 'mute_gym', action: 'mute', scope: 'gym' }, { id: 'details', action: 'link' }]);
    assert.deepEqual(rich?.body, { embed: { title: '{{name}} raid', description: 'Ends <t:{{endTimestamp}}:R>\nat {{{gymName}}}' } });
    assert.deepEqual(rich?.source, { file: 'config/dts/raid.toml', index: 0, format: 'toml', origin: 'config' });
    assert.equal(plain?.platform, 'telegram');
    assert.equal(plain?.body, '*{{name}}* raid at {{{gymName}}}\nEnds {{time}}\n');
    assert.equal(plain?.raw['template'], '*{{name}}* raid at {{{gymName}}}\nEnds {{time}}\n');
  });

  test('templateFile: in the template folder config/dts/ (written relative to it, or to config/ as dts/…); a missing file is a problem of that entry', async (t) => {
    const tree = dtsTree({
      'config/dts/templates/monster.json': { embed: { title: '{{name}}' } },
      'config/dts/near.txt': 'near {{name}}',
      'config/dts/files.json': [entry({ templateFile: 'dts/templates/monster.json', template: undefined }), entry({ id: 2, templateFile: 'near.txt' }), entry({ id: 3, templateFile: 'gone.json' })],
    });
    t.after(() => tree.remove());
    const set = await loadDts({ rootDir: tree.root, log, platforms: SHIPPED_PLATFORMS });
    assert.deepEqual(find(set.entries, 'monster', '1')?.body, { embed: { title: '{{name}}' } });
    assert.equal(find(set.entries, 'monster', '2')?.body, 'near {{name}}');
    assert.equal(find(set.entries, 'monster', '3'), undefined);
    assert.deepEqual(set.problems.map((p) => [p.file, p.entry]), [['config/dts/files.json', 2]]);
    assert.match(set.problems[0]!.message, /templateFile "gone.json" not found/);
  });

  test('templateFile entries that leave the template folder or name a binary file are refused with a logged problem; the rest loads', async (t) => {
    const secret = 'api_secret = "TOP-SECRET-42"';
    const tree = dtsTree({
      'config/config.toml': secret,
      'config/dts/raid.txt': '{"embed": {"title": "{{name}}"}}',
      'config/dts/broken.hbs': `${secret} {{#if x}}`,
      'config/dts.json': [
        entry({ id: 1, template: undefined, templateFile: 'config.toml' }),
        entry({ id: 2, template: undefined, templateFile: '../config.toml' }),
        entry({ id: 3, template: undefined, templateFile: '/etc/passwd' }),
        entry({ id: 4, template: undefined, templateFile: 'dts/../../x' }),
        entry({ id: 5, template: undefined, templateFile: 'leak.txt' }),
        entry({ id: 6, template: undefined, templateFile: 'image.png' }),
        entry({ id: 7, template: undefined, templateFile: 'broken.hbs' }),
        entry({ id: 8, template: undefined, templateFile: 'dts/raid.txt' }),
        entry({ id: 9, template: { content: 'inline' } }),
      ],
    });
    t.after(() => tree.remove());
    symlinkSync('../config.toml', join(tree.root, 'config/dts/leak.txt'));
    writeFileSync(join(tree.root, 'config/dts/image.png'), Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0]), Buffer.from(secret)]));
    const captured = captureLog('warn');
    const set = await loadDts({ rootDir: tree.root, log: captured.log, platforms: SHIPPED_PLATFORMS });
    assert.deepEqual(set.entries.map((e) => e.id), ['8', '9']);
    assert.deepEqual(find(set.entries, 'monster', '8')?.body, { embed: { title: '{{name}}' } });
    assert.deepEqual(set.problems.map((p) => [p.file, p.entry]), [1, 2, 3, 4, 5, 6, 7].map((id) => ['config/dts.json', id - 1]));
    const reasons = [/"config\.toml" not found in the template folder/, /refused: it has a "\.\." segment/, /refused: it is an absolute path/, /refused: it has a "\.\." segment/, /refused: it leads outside the folder/, /refused: it is not a UTF-8 text file/, /templateFile "broken\.hbs": broken Handlebars \(parse error on line 1/];
    for (const [i, reason] of reasons.entries()) assert.match(set.problems[i]!.message, reason);
    for (const problem of set.problems) assert.doesNotMatch(problem.message, /TOP-SECRET|PNG/);
    const line = captured.find(/config\/dts\.json entry 4: templateFile "leak\.txt" refused/);
    assert.ok(line, JSON.stringify(captured.lines));
    assert.deepEqual([line['file'], line['entry']], ['config/dts.json', 4]);
    assert.doesNotMatch(JSON.stringify(captured.lines), /TOP-SECRET|PNG/);
  });

  test('broken entries are reported with file and entry and skipped; the rest loads', async (t) => {
    const tree = dtsTree({
      'config/dts.json': [
        entry({ id: 1 }),
        entry({ id: 2, template: { embed: { title: '{{#if x}}open' } } }),
        entry({ id: 3, default: 'yes' }),
        entry({ id: null }),
        'not an entry',
        entry({ id: 6, type: '' }),
        entry({ id: 7, template: 42 }),
        entry({ id: 8, buttons: 'no' }),
        entry({ id: 9 }),
      ],
      'config/dts/broken.json': '[{"id": 1,',
      'config/dts/broken.toml': '[[entry]\nid = ',
      'config/dts/object.json': { id: 1 },
    });
    t.after(() => tree.remove());
    const set = await loadDts({ rootDir: tree.root, log, platforms: SHIPPED_PLATFORMS });
    assert.deepEqual(set.entries.map((e) => e.id), ['1', '9']);
    const where = set.problems.map((p) => `${p.file}#${p.entry}`);
    assert.deepEqual(where, [
      'config/dts.json#1', 'config/dts.json#2', 'config/dts.json#3', 'config/dts.json#4', 'config/dts.json#5', 'config/dts.json#6', 'config/dts.json#7',
      'config/dts/broken.json#null', 'config/dts/broken.toml#null', 'config/dts/object.json#null',
    ]);
    const messages = set.problems.map((p) => p.message);
    assert.match(messages[0]!, /monster\/2\/discord\/en .*broken Handlebars in embed\.title/);
    assert.match(messages[1]!, /"default" must be true or false/);
    assert.match(messages[2]!, /"id" must be a string or a number/);
    assert.match(messages[3]!, /an entry must be an object/);
    assert.match(messages[4]!, /"type" is missing/);
    assert.match(messages[5]!, /"template" must be an object or a string/);
    assert.match(messages[6]!, /"buttons" must be an array of tables/);
    assert.match(messages[7]!, /invalid JSON/);
    assert.match(messages[8]!, /invalid TOML/);
    assert.match(messages[9]!, /expected a JSON array/);
  });

  test('problems are logged with file and entry', async (t) => {
    const tree = dtsTree({ 'config/dts.json': [entry({ id: 1, template: { content: '{{/if}}' } })] });
    t.after(() => tree.remove());
    const captured = captureLog('warn');
    await loadDts({ rootDir: tree.root, log: captured.log, platforms: SHIPPED_PLATFORMS });
    const line = captured.find(/config\/dts\.json entry 0: .*broken Handlebars/);
    assert.ok(line, JSON.stringify(captured.lines));
    assert.equal(line['file'], 'config/dts.json');
    assert.equal(line['entry'], 0);
  });

  test('partials: fallbacks then config (config wins per name); broken partials are problems', async (t) => {
    const tree = dtsTree({
      'fallbacks/partials.json': { a: 'fallback a', b: 'fallback b' },
      'config/partials.json': { b: 'config b', c: '{{#if x}}', d: 5 },
    });
    t.after(() => tree.remove());
    const set = await loadDts({ rootDir: tree.root, log, platforms: SHIPPED_PLATFORMS });
    assert.deepEqual(set.partials, { a: 'fallback a', b: 'config b' });
    assert.deepEqual(set.problems.map((p) => [p.file, p.partial]), [['config/partials.json', 'c'], ['config/partials.json', 'd']]);
  });

  test('advisory when a user help entry is marked default (not for the bundled one)', async (t) => {
    const tree = dtsTree({
      'fallbacks/dts.json': [entry({ type: 'help', id: 'track', default: true, platform: '', language: '' })],
      'config/dts/help.json': [entry({ type: 'help', id: 'index', default: true })],
    });
    t.after(() => tree.remove());
    const captured = captureLog('info');
    const set = await loadDts({ rootDir: tree.root, log: captured.log, platforms: SHIPPED_PLATFORMS });
    assert.equal(set.advisories.length, 1);
    assert.match(set.advisories[0]!, /help\/index\/discord\/en \(config\/dts\/help\.json entry 0\) has default: true.*shadows all per-topic/);
    assert.ok(captured.find(/shadows all per-topic help entries/));
  });
});
