/**
 * Splitting one rendered params value into positional arguments.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { splitArguments } from '../../../../../platforms/discord/autocreate/rules/split-args.ts';

test('whitespace separates arguments; runs of whitespace and the ends do not make empty ones', () => {
  assert.deepEqual(splitArguments('  north   london\tcentre \n'), ['north', 'london', 'centre']);
  assert.deepEqual(splitArguments(''), []);
  assert.deepEqual(splitArguments('   '), []);
});

test('a double-quoted segment is one argument without its quotes', () => {
  assert.deepEqual(splitArguments('"New York" north'), ['New York', 'north']);
  assert.deepEqual(splitArguments('x “Rock & Roll” y'), ['x', 'Rock & Roll', 'y']);
});

test('a quoted segment touching unquoted text joins it; "" is an empty argument; an unclosed quote runs to the end', () => {
  assert.deepEqual(splitArguments('a"b c"d e'), ['ab cd', 'e']);
  assert.deepEqual(splitArguments('one "" two'), ['one', '', 'two']);
  assert.deepEqual(splitArguments('say "hello world'), ['say', 'hello world']);
});

test("single quotes are ordinary characters (apostrophes in names)", () => {
  assert.deepEqual(splitArguments("St John's Wood"), ['St', "John's", 'Wood']);
  assert.deepEqual(splitArguments(`"St John's Wood"`), ["St John's Wood"]);
});

test('underscores are kept', () => {
  assert.deepEqual(splitArguments('gent_centrum "a_b c"'), ['gent_centrum', 'a_b c']);
});
