/**
 * Linting and normalising channel templates: every problem at once with its path, defaults filled in, a broken
 * entry left out while the others stay usable.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  hasTemplateErrors,
  lintChannelTemplates,
  normaliseChannelTemplates,
  type TemplateProblem,
} from '../../../../../platforms/discord/autocreate/template/index.ts';

/** path → severity of every problem, for comparing whole reports */
function byPath(problems: readonly TemplateProblem[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of problems) out[p.path] = out[p.path] ? `${out[p.path]},${p.severity}` : p.severity;
  return out;
}

function messageAt(problems: readonly TemplateProblem[], path: string): string {
  const found = problems.find((p) => p.path === path);
  assert.ok(found, `a problem at ${path}; got ${JSON.stringify(problems.map((p) => p.path))}`);
  return found.message;
}

const good = { name: 'ok', definition: { channels: [{ channelName: '{0}' }] } };

describe('channel template lint', () => {
  test('the file must be an array', () => {
    for (const value of [{}, 'x', null, 3]) {
      const problems = lintChannelTemplates(value);
      assert.equal(problems.length, 1);
      assert.equal(problems[0]!.path, '');
      assert.equal(problems[0]!.severity, 'error');
    }
    assert.deepEqual(lintChannelTemplates([]), []);
  });

  test('a broken file reports every problem at its own path', () => {
    const file = [
      'not an object',
      { name: 'has space', definition: { channels: [] } },
      { definition: { channels: [{ channelname: 'typo' }] } },
      {
        name: 'many',
        definition: {
          category: { categoryName: '', roles: [{ view: true }, { name: 'r', veiw: false, send: 'yes' }] },
          channels: [
            { channelName: 'a', channelType: 'stage', controlType: 'robot', webhookName: 'Hook', topic: 3, commands: 'area add {0}' },
            {
              channelName: 'b',
              controlType: 'bot',
              commands: ['ok', 7],
              threads: [{ name: 't', buttonstyle: 'primary' }, { name: 'u', buttonStyle: 'blue' }, { buttonLabel: 'x' }, 'thread'],
              threadPicker: { embedTitle: 'T', pinned: 'yes' },
            },
            { channelName: 'c', threadPicker: { embedTitle: 'nothing to pick' } },
            { channelName: 'v', channelType: 'voice', topic: 'talk', commands: ['area add {0}'] },
          ],
        },
      },
      { name: 'many', definition: { channels: [{ channelName: 'x' }] } },
      { name: 'nodef' },
      { name: 'empty', definition: {} },
    ];
    const problems = lintChannelTemplates(file);
    assert.deepEqual(byPath(problems), {
      '[0]': 'error',
      '[1].name': 'error',
      '[1].definition.channels': 'error',
      '[2].name': 'error',
      '[2].definition.channels[0].channelname': 'error',
      '[2].definition.channels[0].channelName': 'error',
      '[3].definition.category.categoryName': 'error',
      '[3].definition.category.roles[0].name': 'error',
      '[3].definition.category.roles[1].veiw': 'error',
      '[3].definition.category.roles[1].send': 'error',
      '[3].definition.channels[0].channelType': 'error',
      '[3].definition.channels[0].controlType': 'error',
      '[3].definition.channels[0].webhookName': 'warning',
      '[3].definition.channels[0].topic': 'error',
      '[3].definition.channels[0].commands': 'error',
      '[3].definition.channels[1].commands[1]': 'error',
      '[3].definition.channels[1].threads[0].buttonstyle': 'error',
      '[3].definition.channels[1].threads[1].buttonStyle': 'error',
      '[3].definition.channels[1].threads[2].name': 'error',
      '[3].definition.channels[1].threads[3]': 'error',
      '[3].definition.channels[1].threadPicker.pinned': 'error',
      '[3].definition.channels[2].threadPicker': 'warning',
      '[3].definition.channels[3]': 'warning',
      '[4].name': 'error',
      '[5].definition': 'error',
      '[6].definition.channels': 'error',
    });
    assert.match(messageAt(problems, '[1].name'), /spaces/);
    assert.match(messageAt(problems, '[2].definition.channels[0].channelname'), /unknown key "channelname".*did you mean "channelName"/);
    assert.match(messageAt(problems, '[3].definition.category.roles[1].veiw'), /unknown key "veiw".*did you mean "view"/);
    assert.match(messageAt(problems, '[3].definition.category.roles[1].send'), /true \(allow\), false \(deny\) or null/);
    assert.match(messageAt(problems, '[3].definition.channels[1].threads[0].buttonstyle'), /did you mean "buttonStyle"/);
    assert.match(messageAt(problems, '[3].definition.channels[1].threads[1].buttonStyle'), /"primary", "secondary", "success", "danger"/);
    assert.match(messageAt(problems, '[3].definition.channels[0].controlType'), /"", "bot", "webhook"/);
    assert.match(messageAt(problems, '[3].definition.channels[3]'), /voice channels ignore topic, commands/);
    assert.match(messageAt(problems, '[4].name'), /duplicate template name "many" \(also at \[3\]\)/);
    assert.ok(hasTemplateErrors(problems));
  });

  test('braces that are not placeholders are fine; a clean template has no problems', () => {
    const entry = {
      name: 'braces',
      definition: {
        category: { categoryName: '{0} {', roles: [{ name: '{1}', view: null, send: true }] },
        channels: [{ channelName: '{0}-}{', topic: 'a { b } {x} {0', controlType: 'webhook', webhookName: '{0} hook', commands: ['area add {0}'] }],
      },
    };
    assert.deepEqual(lintChannelTemplates([entry, good]), []);
    assert.equal(hasTemplateErrors([{ path: 'x', message: 'm', severity: 'warning' }]), false);
  });

  test('names are case-sensitive: Area and area are two templates', () => {
    const { templates, problems } = normaliseChannelTemplates([{ ...good, name: 'Area' }, { ...good, name: 'area' }]);
    assert.deepEqual(problems, []);
    assert.deepEqual(templates.map((t) => t.name), ['Area', 'area']);
  });

  test('two threads of one channel with the same button label are an error', () => {
    const channel = { channelName: 'm', controlType: 'bot', threads: [{ name: 'a', buttonLabel: 'Go' }, { name: 'b', buttonLabel: 'Go' }, { name: 'Go' }, { name: 'c' }] };
    const problems = lintChannelTemplates([{ name: 't', definition: { channels: [channel] } }]);
    assert.deepEqual(byPath(problems), { '[0].definition.channels[0].threads[1]': 'error', '[0].definition.channels[0].threads[2]': 'error' });
  });
});

describe('channel template normalisation', () => {
  test('defaults are filled in and tri-state flags split into allow and deny', () => {
    const { templates, problems } = normaliseChannelTemplates([
      {
        name: 'area',
        definition: {
          category: { categoryName: '{0}', roles: [{ name: '@everyone', view: false, send: null }] },
          channels: [
            {
              channelName: '{0}_master',
              controlType: 'bot',
              webhookName: '',
              roles: [{ name: '{0}', view: true, viewHistory: true, send: false, events: null }],
              threads: [{ name: '{0}-Hundo' }, { name: 'b', buttonLabel: 'B', buttonStyle: 'danger', commands: ['track everything iv100'] }],
              threadPicker: { embedTitle: 'Alerts for {0}' },
            },
          ],
        },
      },
    ]);
    assert.deepEqual(problems, []);
    assert.deepEqual(templates, [
      {
        name: 'area',
        category: { categoryName: '{0}', roles: [{ name: '@everyone', allow: [], deny: ['view'] }] },
        channels: [
          {
            channelName: '{0}_master',
            channelType: 'text',
            topic: '',
            controlType: 'bot',
            webhookName: null,
            roles: [{ name: '{0}', allow: ['view', 'viewHistory'], deny: ['send'] }],
            commands: [],
            threads: [
              { name: '{0}-Hundo', buttonLabel: null, buttonStyle: 'secondary', commands: [] },
              { name: 'b', buttonLabel: 'B', buttonStyle: 'danger', commands: ['track everything iv100'] },
            ],
            threadPicker: { embedTitle: 'Alerts for {0}', embedDescription: '', pinned: false },
          },
        ],
      },
    ]);
  });

  test('a voice channel drops topic, commands, threads and picker (with a warning); webhookName only for webhook', () => {
    const { templates, problems } = normaliseChannelTemplates([
      {
        name: 'v',
        definition: {
          channels: [
            { channelName: 'talk', channelType: 'voice', topic: 't', commands: ['x'], threads: [{ name: 'th' }], threadPicker: { pinned: true } },
            { channelName: 'hooked', controlType: 'webhook', webhookName: 'Apollo Hundos' },
            { channelName: 'botted', controlType: 'bot', webhookName: 'unused' },
          ],
        },
      },
    ]);
    assert.deepEqual(problems.map((p) => [p.path, p.severity]), [
      ['[0].definition.channels[0]', 'warning'],
      ['[0].definition.channels[2].webhookName', 'warning'],
    ]);
    const [voice, hooked, botted] = templates[0]!.channels;
    assert.deepEqual({ topic: voice!.topic, commands: voice!.commands, threads: voice!.threads, picker: voice!.threadPicker }, { topic: '', commands: [], threads: [], picker: null });
    assert.equal(hooked!.webhookName, 'Apollo Hundos');
    assert.equal(botted!.webhookName, null);
  });

  test('an entry with errors is left out, the others are kept, warnings do not exclude', () => {
    const warned = { name: 'warned', definition: { channels: [{ channelName: 'x', webhookName: 'w' }] } };
    const broken = { name: 'broken', definition: { channels: [{ channelName: 'x', buttonStyle: 'primary' }] } };
    const { templates, problems } = normaliseChannelTemplates([good, broken, warned, { ...good, name: 'ok' }]);
    assert.deepEqual(templates.map((t) => t.name), ['ok', 'warned']);
    assert.deepEqual(problems.map((p) => `${p.severity} ${p.path}`), [
      'error [1].definition.channels[0].buttonStyle',
      'warning [2].definition.channels[0].webhookName',
      'error [3].name',
    ]);
  });

  test('null stands for absent in optional fields', () => {
    const { templates, problems } = normaliseChannelTemplates([
      { name: 'n', definition: { category: null, channels: [{ channelName: 'c', channelType: null, topic: null, roles: null, commands: null, threads: null, threadPicker: null }] } },
    ]);
    assert.deepEqual(problems, []);
    assert.equal(templates[0]!.category, null);
    assert.equal(templates[0]!.channels[0]!.channelType, 'text');
  });
});
