/**
 * canonicalHumanType: the spec's neutral platform names in a human type become the real platform names;
 * every other type is left as it is.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { canonicalHumanType, NEUTRAL_TYPE_HEADS } from '../../core/human-type.ts';

test('neutral heads become the platforms they stand for; the rest of the type is kept', () => {
  assert.equal(canonicalHumanType('chat_a:user'), 'discord:user');
  assert.equal(canonicalHumanType('chat_a:channel'), 'discord:channel');
  assert.equal(canonicalHumanType('chat_a:thread'), 'discord:thread');
  assert.equal(canonicalHumanType('chat_b:user'), 'telegram:user');
  assert.equal(canonicalHumanType('chat_b:group'), 'telegram:group');
  assert.equal(canonicalHumanType('CHAT_B:channel'), 'telegram:channel');
});

test('real spellings, webhooks and unknown heads are unchanged', () => {
  for (const type of ['discord:user', 'telegram:topic', 'webhook', 'chat_a', 'chat_c:user', 'chatxa:user', '']) {
    assert.equal(canonicalHumanType(type), type);
  }
});

test('the heads a stored type may start with', () => {
  assert.deepEqual([...NEUTRAL_TYPE_HEADS].sort(), ['chat_a:', 'chat_b:']);
});
