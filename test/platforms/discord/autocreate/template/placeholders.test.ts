/**
 * Filling `{n}` placeholders: underscores in visible names, values as given in prose, quoted values in commands
 * that the command tokenizer reads back unchanged.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { tokenize } from '../../../../../core/commands/tokenizer.ts';
import {
  fillCommand,
  fillField,
  fillText,
  fillVisible,
  placeholderIndexes,
  threadCommandArgs,
  type PlaceholderField,
} from '../../../../../platforms/discord/autocreate/template/index.ts';

/** The arguments the command tokenizer reads from one command line (prefix `!`). */
function argsOf(command: string): readonly string[] {
  const parsed = tokenize(`!${command}`, ['!']);
  assert.equal(parsed.length, 1, `one command from ${command}`);
  return parsed[0]!.rawArgs;
}

describe('placeholders', () => {
  test('every field fills its placeholders; names take underscores, prose and role names keep spaces', () => {
    const args = ['Old Town', 'North  Side'];
    const expected: Record<PlaceholderField, [string, string]> = {
      categoryName: ['{0} Pokemon', 'Old_Town Pokemon'],
      channelName: ['{0}_master-{1}', 'Old_Town_master-North__Side'],
      threadName: ['{0}-Hundo', 'Old_Town-Hundo'],
      buttonLabel: ['💯 {1}', '💯 North__Side'],
      webhookName: ['{0} hook', 'Old_Town hook'],
      topic: ['Master channel for {0}', 'Master channel for Old Town'],
      embedTitle: ['Area alerts for {0} ({1})', 'Area alerts for Old Town (North  Side)'],
      embedDescription: ['Pick {0}', 'Pick Old Town'],
      roleName: ['{0}', 'Old Town'],
    };
    for (const [field, [text, filled]] of Object.entries(expected)) {
      assert.equal(fillField(field as PlaceholderField, text, args), filled, field);
    }
    assert.equal(fillVisible('{0}', ['a\tb c']), 'a_b_c');
    assert.equal(fillText('{1}{0}{1}', ['x', 'y']), 'yxy');
  });

  test('a placeholder without an argument stays as written; lookalikes are not placeholders', () => {
    assert.equal(fillVisible('{0}-{2}', ['a']), 'a-{2}');
    assert.equal(fillCommand('area add {3}', []), 'area add {3}');
    assert.equal(fillText('{01} {x} { 0} {0', ['a']), '{01} {x} { 0} {0');
  });

  test('one pass: a value holding a placeholder is not filled again', () => {
    assert.equal(fillText('{0}/{1}', ['{1}', 'b']), '{1}/b');
    assert.equal(fillCommand('area add {0}', ['{0}']), 'area add "{0}"');
  });

  test('command values are quoted', () => {
    assert.equal(fillCommand('area add {0}', ['old town']), 'area add "old town"');
    assert.equal(fillCommand('track everything iv100', ['x']), 'track everything iv100');
    assert.equal(fillCommand('area add "{0} {1}"', ['old', 'town']), 'area add "old town"');
  });

  test('quoted values tokenize back to the very argument: spaces, underscores, pipes, mentions, quotes and line breaks', () => {
    const values = ['old town', 'gent_centrum', 'a|b', 'x <@123> y', 'Ünïcode straße', 'say "hi"', '\u201ccurly\u201d', 'two\nlines', 'https://e.x/a_b'];
    for (const value of values) {
      const expected = value.replace(/["\u201c\u201d\u201e]/g, '').replace(/\n/g, ' ');
      assert.deepEqual(argsOf(fillCommand('area add {0}', [value])), ['add', expected], value);
    }
    assert.deepEqual(argsOf(fillCommand('area add {0} {1}', ['old town', 'new_town'])), ['add', 'old town', 'new_town']);
    assert.deepEqual(argsOf(fillCommand('area add "{0}"', ['old_town'])), ['add', 'old_town']);
  });

  test('thread commands get the rendered thread name after the parent arguments', () => {
    const parent = ['old town'];
    const threadName = fillField('threadName', '{0}-Hundo', parent);
    const args = threadCommandArgs(parent, threadName);
    assert.deepEqual(args, ['old town', 'old_town-Hundo']);
    assert.deepEqual(argsOf(fillCommand('area add {0} {1}', args)), ['add', 'old town', 'old_town-Hundo']);
    assert.deepEqual(parent, ['old town'], 'the parent arguments are not changed');
  });

  test('placeholderIndexes lists the positions a text uses', () => {
    assert.deepEqual(placeholderIndexes('{2} {0} {2} {x} {10}'), [0, 2, 10]);
    assert.deepEqual(placeholderIndexes('none'), []);
  });
});
