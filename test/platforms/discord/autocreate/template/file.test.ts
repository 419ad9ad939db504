/**
 * The channel template file: reading (missing, comments, broken JSON, the previous generations' real files),
 * writing with a backup in config/backups/ and the operator's raw fields kept, removing one template by name.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, test } from 'node:test';
import { parseJsonText } from '../../../../../core/geo/formats/json-text.ts';
import { LookoutError } from '../../../../../core/errors.ts';
import {
  CHANNEL_TEMPLATE_FILE,
  readChannelTemplateFile,
  removeChannelTemplate,
  writeChannelTemplateFile,
} from '../../../../../platforms/discord/autocreate/template/index.ts';

const REPO_ROOT = fileURLToPath(new URL('../../../../../../', import.meta.url));
const REFERENCE = join(REPO_ROOT, '..', 'shared', 'reference', 'autocreate');
const NOW = new Date(Date.UTC(2026, 10, 24, 13, 5, 1));

let root = '';
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'channel-template-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const live = (): string => join(root, CHANNEL_TEMPLATE_FILE);
const place = (text: string): void => {
  mkdirSync(join(root, 'config'), { recursive: true });
  writeFileSync(live(), text);
};

describe('reading the channel template file', () => {
  for (const file of ['js-channelTemplate.json', 'ng-channelTemplate.json', 'ng-channelTemplate-threads.json']) {
    test(`the reference file ${file} loads without errors`, { skip: !existsSync(REFERENCE) && 'shared reference files absent' }, async () => {
      const read = await readChannelTemplateFile(join(REFERENCE, file));
      assert.equal(read.exists, true);
      assert.deepEqual(read.problems.filter((p) => p.severity === 'error'), []);
      assert.equal(read.templates.length, (read.raw as unknown[]).length, 'every entry is usable');
    });
  }

  test('the reference files read as the spec describes them', { skip: !existsSync(REFERENCE) && 'shared reference files absent' }, async () => {
    const js = await readChannelTemplateFile(join(REFERENCE, 'js-channelTemplate.json'));
    const section = js.templates[0]!;
    assert.equal(section.name, 'newSection');
    assert.equal(section.category?.roles[0]?.allow.join(), 'view,viewHistory,react');
    assert.equal(section.category?.roles[0]?.deny.length, 27);
    const voice = section.channels.find((c) => c.channelType === 'voice')!;
    assert.equal(voice.topic, '', 'a voice channel has no topic');
    assert.deepEqual(js.problems.map((p) => `${p.severity} ${p.path}`), [`warning [0].definition.channels[${section.channels.indexOf(voice)}]`]);

    const threads = await readChannelTemplateFile(join(REFERENCE, 'ng-channelTemplate-threads.json'));
    const [area, stress] = threads.templates;
    assert.deepEqual(area!.channels[0]!.threads.map((t) => t.buttonStyle), ['success', 'danger', 'primary', 'primary']);
    assert.deepEqual(area!.channels[0]!.threadPicker, {
      embedTitle: 'Area alerts for {0}',
      embedDescription: 'Click the buttons below to activate the private thread for the alerts you want to follow.',
      pinned: true,
    });
    assert.equal(stress!.category, null);
    assert.equal(stress!.channels[0]!.threads.length, 30);
    assert.equal(stress!.channels[0]!.threads[0]!.buttonLabel, null);
  });

  test('a missing file is no templates', async () => {
    assert.deepEqual(await readChannelTemplateFile(live()), { templates: [], problems: [], exists: false, raw: [] });
  });

  test('comments are allowed', async () => {
    place('[ // the areas\n { "name": "a", /* one */ "definition": { "channels": [ { "channelName": "x//y" } ] } } ]');
    const read = await readChannelTemplateFile(live());
    assert.deepEqual(read.problems, []);
    assert.equal(read.templates[0]!.channels[0]!.channelName, 'x//y');
  });

  test('broken JSON is one problem for the whole file with the parser\'s message', async () => {
    place('[ { "name": "a", } ');
    const read = await readChannelTemplateFile(live());
    assert.equal(read.exists, true);
    assert.deepEqual(read.templates, []);
    assert.equal(read.problems.length, 1);
    assert.equal(read.problems[0]!.path, '');
    assert.equal(read.problems[0]!.severity, 'error');
    let parserMessage = '';
    try {
      JSON.parse('[ { "name": "a", } ');
    } catch (err) {
      parserMessage = (err as Error).message;
    }
    assert.ok(read.problems[0]!.message.includes(parserMessage), read.problems[0]!.message);
  });

  test('a file with problems still yields its good entries', async () => {
    place(JSON.stringify([{ name: 'bad' }, { name: 'good', definition: { channels: [{ channelName: 'c' }] } }]));
    const read = await readChannelTemplateFile(live());
    assert.deepEqual(read.templates.map((t) => t.name), ['good']);
    assert.deepEqual(read.problems.map((p) => p.path), ['[0].definition']);
  });
});

describe('writing the channel template file', () => {
  const operatorEntry = {
    name: 'area',
    definition: {
      channels: [{ channelName: '{0}', channelType: 'text', controlType: 'bot', webhookName: '', roles: [{ name: '@everyone', view: false, send: null }] }],
    },
  };

  test('the first write creates the file (and folder) without a backup', async () => {
    const written = await writeChannelTemplateFile(root, CHANNEL_TEMPLATE_FILE, [operatorEntry], NOW);
    assert.deepEqual(written, { backup: null });
    assert.deepEqual(JSON.parse(readFileSync(live(), 'utf8')), [operatorEntry]);
  });

  test('the previous file goes to config/backups/ first; the raw fields written survive, pretty-printed', async () => {
    const previous = '// old file\n[]\n';
    place(previous);
    const written = await writeChannelTemplateFile(root, CHANNEL_TEMPLATE_FILE, [operatorEntry], NOW);
    assert.equal(written.backup, 'config/backups/config/channelTemplate.json.bak.2026-11-24_130501');
    assert.equal(readFileSync(join(root, written.backup!), 'utf8'), previous);
    const text = readFileSync(live(), 'utf8');
    assert.match(text, /\n {2}\{\n {4}"name": "area"/);
    const read = await readChannelTemplateFile(live());
    assert.deepEqual(read.raw, [operatorEntry], 'explicit nulls, empty strings and defaults stay as the operator wrote them');
    assert.deepEqual(read.problems, []);
    assert.deepEqual(read.templates[0]!.channels[0]!.roles[0], { name: '@everyone', allow: [], deny: ['view'] });
  });

  test('the writer does not judge: a key the lint refuses is still written as given', async () => {
    const extra = { ...operatorEntry, note: 'kept as written' };
    await writeChannelTemplateFile(root, CHANNEL_TEMPLATE_FILE, [extra], NOW);
    const read = await readChannelTemplateFile(live());
    assert.deepEqual(read.raw, [extra]);
    assert.deepEqual(read.problems.map((p) => p.path), ['[0].note']);
  });

  test('no temp file is left next to the live file', async () => {
    await writeChannelTemplateFile(root, CHANNEL_TEMPLATE_FILE, [], NOW);
    await writeChannelTemplateFile(root, CHANNEL_TEMPLATE_FILE, [operatorEntry], NOW);
    assert.deepEqual(readdirSync(join(root, 'config')).sort(), ['backups', 'channelTemplate.json']);
  });
});

describe('removing a channel template', () => {
  test('removes the named entry, keeps the others as written, with a backup', async () => {
    place('[ // comment\n{ "name": "a", "definition": { "channels": [{ "channelName": "x" }] }, "extra": 1 },\n{ "name": "b" }, 5 ]');
    const removed = await removeChannelTemplate(root, CHANNEL_TEMPLATE_FILE, 'b', NOW);
    assert.ok(removed);
    assert.ok(removed.backup && existsSync(join(root, removed.backup)));
    assert.deepEqual(parseJsonText(readFileSync(join(root, removed.backup), 'utf8')), [{ name: 'a', definition: { channels: [{ channelName: 'x' }] }, extra: 1 }, { name: 'b' }, 5]);
    assert.deepEqual(JSON.parse(readFileSync(live(), 'utf8')), [{ name: 'a', definition: { channels: [{ channelName: 'x' }] }, extra: 1 }, 5]);
  });

  test('false when the name is not there (case-sensitive) or there is no file; the file is untouched', async () => {
    assert.equal(await removeChannelTemplate(root, CHANNEL_TEMPLATE_FILE, 'a', NOW), false);
    place('[{ "name": "Area" }]');
    assert.equal(await removeChannelTemplate(root, CHANNEL_TEMPLATE_FILE, 'area', NOW), false);
    assert.equal(readFileSync(live(), 'utf8'), '[{ "name": "Area" }]');
    assert.equal(existsSync(join(root, 'config', 'backups')), false);
  });

  test('a file that is not a JSON array cannot be edited', async () => {
    place('{ "name": "a" }');
    await assert.rejects(removeChannelTemplate(root, CHANNEL_TEMPLATE_FILE, 'a', NOW), (err: unknown) => err instanceof LookoutError && err.code === 'CONFIG_INVALID');
    place('[ broken');
    await assert.rejects(removeChannelTemplate(root, CHANNEL_TEMPLATE_FILE, 'a', NOW), (err: unknown) => err instanceof LookoutError && err.code === 'CONFIG_INVALID');
  });
});
