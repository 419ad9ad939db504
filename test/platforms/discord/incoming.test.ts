/**
 * Which Discord messages are commands, and the IncomingCommand they become.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { incomingCommandOf, type ChatMessageFacts } from '../../../platforms/discord/incoming.ts';

const settings = { prefix: '!', admins: new Set(['9']), registrationChannels: new Set(['20']) };

function facts(overrides: Partial<ChatMessageFacts> = {}): ChatMessageFacts {
  return { content: '!track pikachu', authorId: '1', authorName: 'ash', automated: false, channelId: '20', channelName: 'register', where: 'channel', guildId: '5', ...overrides };
}

test('a prefixed message in a registration channel', () => {
  assert.deepEqual(incomingCommandOf(facts(), settings), {
    platform: 'discord',
    text: '!track pikachu',
    sender: { id: '1', name: 'ash', humanType: 'discord:user', isAdmin: false },
    place: { kind: 'channel', id: '20', name: 'register', humanType: 'discord:channel', isRegistrationChannel: true, guildId: '5' },
    prefixes: ['!'],
  });
});

test('several lines are handed over whole, surrounding blanks trimmed', () => {
  assert.equal(incomingCommandOf(facts({ content: '  !track pikachu\n!track eevee \n' }), settings)?.text, '!track pikachu\n!track eevee');
});

test('a DM: the place is the sender, never a registration channel', () => {
  const incoming = incomingCommandOf(facts({ where: 'dm', channelId: '20', channelName: '', guildId: null }), settings);
  assert.deepEqual(incoming?.place, { kind: 'dm', id: '20', name: 'ash', humanType: 'discord:user', isRegistrationChannel: false });
});

test('a thread is a discord:thread place; an admin is recognised', () => {
  const incoming = incomingCommandOf(facts({ where: 'thread', channelId: '30', authorId: '9' }), settings);
  assert.equal(incoming?.place.humanType, 'discord:thread');
  assert.equal(incoming?.place.isRegistrationChannel, false);
  assert.equal(incoming?.sender.isAdmin, true);
});

test('bots, webhooks and unprefixed text are not commands', () => {
  assert.equal(incomingCommandOf(facts({ automated: true }), settings), null);
  assert.equal(incomingCommandOf(facts({ content: 'track pikachu' }), settings), null);
  assert.equal(incomingCommandOf(facts({ content: 'hey !track' }), settings), null);
  assert.equal(incomingCommandOf(facts(), { ...settings, prefix: '' }), null);
});

test('another prefix', () => {
  assert.equal(incomingCommandOf(facts({ content: '?help' }), { ...settings, prefix: '?' })?.prefixes[0], '?');
});
