/**
 * The tokenizer: prefixes, lines, `|` groups, quotes, `_`, lower-casing and mentions.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { tokenize } from '../../../core/commands/tokenizer.ts';

const words = (text: string, prefixes = ['!']) => tokenize(text, prefixes).map((c) => [c.word, ...c.args]);

describe('tokenize', () => {
  test('a message without the prefix holds no commands', () => {
    assert.deepEqual(tokenize('track pikachu', ['!']), []);
    assert.deepEqual(tokenize('', ['!']), []);
    assert.deepEqual(tokenize('   \n  ', ['!']), []);
  });

  test('the command word and arguments are lower-cased; raw arguments keep their case', () => {
    const [cmd] = tokenize('!Location add Work 51.5,-0.12', ['!']);
    assert.equal(cmd!.word, 'location');
    assert.deepEqual(cmd!.args, ['add', 'work', '51.5,-0.12']);
    assert.deepEqual(cmd!.rawArgs, ['add', 'Work', '51.5,-0.12']);
    assert.equal(cmd!.ping, '');
  });

  test('any of the prefixes works, the longest first', () => {
    assert.deepEqual(words('/track pikachu', ['/', '!']), [['track', 'pikachu']]);
    assert.deepEqual(words('!track pikachu', ['/', '!']), [['track', 'pikachu']]);
    assert.deepEqual(words('!!track pikachu', ['!', '!!']), [['track', 'pikachu']]);
  });

  test("telegram's /command@botname loses the bot name", () => {
    assert.deepEqual(words('/tracked@LookoutBot', ['/']), [['tracked']]);
  });

  test('each line is a command; later lines may leave the prefix out', () => {
    assert.deepEqual(words('!track pikachu iv90\n!area add harbour\n\nstart'), [['track', 'pikachu', 'iv90'], ['area', 'add', 'harbour'], ['start']]);
  });

  test('| splits into several invocations of the same command', () => {
    assert.deepEqual(words('!track pikachu iv90 | eevee iv100|snorlax'), [['track', 'pikachu', 'iv90'], ['track', 'eevee', 'iv100'], ['track', 'snorlax']]);
    assert.deepEqual(words('!track pikachu |'), [['track', 'pikachu']]);
  });

  test('double quotes keep spaces (and a | inside quotes); straight or curly quotes', () => {
    assert.deepEqual(words('!quest "Rare Candy" d:500'), [['quest', 'rare candy', 'd:500']]);
    assert.deepEqual(words('!location add “My Home” 1,2'), [['location', 'add', 'my home', '1,2']]);
    assert.deepEqual(words('!x "a | b"'), [['x', 'a | b']]);
    assert.deepEqual(tokenize('!x name:"My Hook"', ['!'])[0]!.rawArgs, ['name:My Hook']);
  });

  test('_ reads as a space outside quotes, but not inside quotes or URLs', () => {
    assert.deepEqual(words('!gym slot_changes "keep_this"'), [['gym', 'slot changes', 'keep_this']]);
    assert.deepEqual(tokenize('!channel add https://example.com/api/webhooks/1/ab_CD', ['!'])[0]!.rawArgs, ['add', 'https://example.com/api/webhooks/1/ab_CD']);
  });

  test('mentions leave the arguments and become the ping', () => {
    const [cmd] = tokenize('!track pikachu <@123> iv90 <@!456><@&789>', ['!']);
    assert.deepEqual(cmd!.args, ['pikachu', 'iv90']);
    assert.equal(cmd!.ping, '<@123><@!456><@&789>');
    assert.equal(tokenize('!track eevee <@1> | pikachu', ['!'])[1]!.ping, '');
  });
});
