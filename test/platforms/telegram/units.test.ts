/**
 * The telegram platform's pure parts: message plans, text splitting, reply markup, target ids and how a
 * Telegram message becomes an IncomingCommand.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Message } from 'grammy/types';
import { incomingCommandOf, withoutBotName } from '../../../platforms/telegram/incoming.ts';
import { escapeFor, replyPiece } from '../../../platforms/telegram/markup.ts';
import { isEmptyPlan, planMessage } from '../../../platforms/telegram/message-plan.ts';
import { splitText } from '../../../platforms/telegram/split-text.ts';
import { telegramChatOf } from '../../../platforms/telegram/target.ts';

describe('planMessage', () => {
  test('defaults: Markdown, previews off, no pin; the ping goes in front with its @mentions escaped', () => {
    assert.deepEqual(planMessage({ content: 'Pikachu' }, '@ash_k'), { texts: ['@ash\\_k Pikachu'], parseMode: 'Markdown', linkPreview: { is_disabled: true }, location: false });
  });

  test('parse_mode in any case, string booleans, a sticker; no ping without content', () => {
    const plan = planMessage({ content: '', parse_mode: 'html', webpage_preview: 'true', location: 'true', sticker: ' https://s/1.webp ' }, '@x');
    assert.deepEqual(plan, { sticker: 'https://s/1.webp', texts: [], parseMode: 'HTML', linkPreview: { is_disabled: false }, location: true });
    assert.equal(isEmptyPlan(plan, false), false);
    assert.equal(planMessage({ parse_mode: 'bbcode', content: 'x' }).parseMode, 'Markdown');
  });

  test('empty: nothing, or only a pin without a position', () => {
    assert.equal(isEmptyPlan(planMessage({ location: true }), false), true);
    assert.equal(isEmptyPlan(planMessage({ location: true }), true), false);
  });
});

describe('splitText', () => {
  test('keeps short text whole, splits at line breaks, cuts a line longer than the limit', () => {
    assert.deepEqual(splitText('a\nb', 10), ['a\nb']);
    assert.deepEqual(splitText('aaaa\nbbbb\ncccc', 9), ['aaaa\nbbbb', 'cccc']);
    assert.deepEqual(splitText('abcdefghij', 4), ['abcd', 'efgh', 'ij']);
    assert.deepEqual(splitText(''), []);
  });

  test('never splits a surrogate pair', () => {
    const pieces = splitText('abc😀def', 4);
    assert.deepEqual(pieces, ['abc', '😀de', 'f']);
  });
});

describe('reply markup', () => {
  test('Discord bold becomes Telegram Markdown only when nothing else could break it', () => {
    assert.deepEqual(replyPiece('New: **Pikachu** | iv: 90%'), { text: 'New: *Pikachu* | iv: 90%', parseMode: 'Markdown' });
    assert.deepEqual(replyPiece('New: **Mr_Mime**'), { text: 'New: Mr_Mime' });
    assert.deepEqual(replyPiece('plain [text]'), { text: 'plain [text]' });
    assert.deepEqual(replyPiece('5 * 3 **x**'), { text: '5 * 3 x' });
  });

  test('escaping per parse mode', () => {
    assert.equal(escapeFor('Markdown', 'a_b*c'), 'a\\_b\\*c');
    assert.equal(escapeFor('MarkdownV2', 'a.b!'), 'a\\.b\\!');
    assert.equal(escapeFor('HTML', '<a&b>'), '&lt;a&amp;b&gt;');
  });
});

describe('telegramChatOf', () => {
  test('numeric ids, topics and @channel names; anything else is no chat', () => {
    assert.deepEqual(telegramChatOf('12345'), { chatId: 12345 });
    assert.deepEqual(telegramChatOf('-1001234567890:17'), { chatId: -1001234567890, threadId: 17 });
    assert.deepEqual(telegramChatOf('@pokenews'), { chatId: '@pokenews' });
    assert.equal(telegramChatOf('https://discord.com/api/webhooks/1/x'), null);
    assert.equal(telegramChatOf('12:ab'), null);
  });
});

describe('incoming commands', () => {
  const settings = { botUsername: 'LookoutBot', admins: new Set(['7']), registrationChats: new Set<string>(), prefixes: ['/', '!'] };
  const message = (fields: Record<string, unknown>) => ({ message_id: 1, date: 0, ...fields }) as unknown as Message;

  test('the bot name is dropped from every command line (any case); another bot or no prefix → null', () => {
    assert.equal(withoutBotName('/track@lookoutbot pikachu\n/track@LookoutBot eevee', ['/', '!'], 'LookoutBot'), '/track pikachu\n/track eevee');
    assert.equal(withoutBotName('/start@other_bot', ['/', '!'], 'LookoutBot'), null);
    assert.equal(withoutBotName('hello /track', ['/', '!'], 'LookoutBot'), null);
    assert.equal(withoutBotName('!track pikachu @ash', ['/', '!'], 'LookoutBot'), '!track pikachu @ash');
    assert.equal(withoutBotName('/', ['/', '!'], 'LookoutBot'), null, 'a prefix alone is no command');
  });

  test('messages from bots are ignored; an anonymous admin speaks as the group', () => {
    const group = { id: -5, type: 'supergroup', title: 'G' };
    assert.equal(incomingCommandOf(message({ chat: group, from: { id: 9, is_bot: true, first_name: 'B' }, text: '/track x' }), settings), null);
    const anonymous = incomingCommandOf(message({ chat: group, from: { id: 1087968824, is_bot: true, first_name: 'Group' }, sender_chat: group, text: '/track x' }), settings);
    assert.equal(anonymous?.sender.id, '-5');
    assert.equal(anonymous?.place.humanType, 'telegram:group');
  });

  test('a user without a username is named by first and last name', () => {
    const incoming = incomingCommandOf(message({ chat: { id: 7, type: 'private', first_name: 'Ash' }, from: { id: 7, is_bot: false, first_name: 'Ash', last_name: 'K' }, text: '!help' }), settings);
    assert.deepEqual(incoming?.sender, { id: '7', name: 'Ash K', humanType: 'telegram:user', isAdmin: true });
    assert.equal(incoming?.place.kind, 'dm');
  });
});
