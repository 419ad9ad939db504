/**
 * Splitting reply text into Discord-sized pieces.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { splitText } from '../../../platforms/discord/split-text.ts';

test('short text stays one piece', () => {
  assert.deepEqual(splitText('one\ntwo'), ['one\ntwo']);
});

test('pieces are cut at line ends and keep every line whole', () => {
  const lines = ['aaaa', 'bbbb', 'cccc', 'dddd'];
  assert.deepEqual(splitText(lines.join('\n'), 9), ['aaaa\nbbbb', 'cccc\ndddd']);
});

test('a line longer than the limit is cut at a space, else hard', () => {
  assert.deepEqual(splitText('hello big world', 10), ['hello big', 'world']);
  assert.deepEqual(splitText('abcdefghij', 4), ['abcd', 'efgh', 'ij']);
});

test('a surrogate pair is never cut in half', () => {
  const pieces = splitText('abc😀def', 4);
  assert.deepEqual(pieces, ['abc', '😀de', 'f']);
});

test('blank pieces are dropped: Discord refuses empty messages', () => {
  assert.deepEqual(splitText('  \n\n  '), []);
  assert.deepEqual(splitText(''), []);
});

test('every piece fits the limit', () => {
  const text = Array.from({ length: 300 }, (_, i) => `line ${i} ${'z'.repeat(i % 40)}`).join('\n');
  const pieces = splitText(text, 2000);
  assert.ok(pieces.length > 1);
  assert.ok(pieces.every((p) => p.length <= 2000));
  assert.equal(pieces.join('\n'), text);
});
