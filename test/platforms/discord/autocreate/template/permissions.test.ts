/**
 * Role-overwrite flags → Discord permission bits: each flag's bit, and a role entry's allow/deny pair with
 * null and absent flags inherited.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PermissionFlagsBits } from 'discord.js';
import {
  normaliseChannelTemplates,
  overwriteBits,
  PERMISSION_BITS,
  PERMISSION_FLAG_GROUPS,
  PERMISSION_FLAGS,
  type RoleOverwriteEntry,
} from '../../../../../platforms/discord/autocreate/template/index.ts';

/** The role entries of a one-channel template, as the lint normalises them. */
function roles(...entries: Record<string, unknown>[]): readonly RoleOverwriteEntry[] {
  const { templates, problems } = normaliseChannelTemplates([{ name: 't', definition: { channels: [{ channelName: 'c', roles: entries }] } }]);
  assert.deepEqual(problems, []);
  return templates[0]!.channels[0]!.roles;
}

test('the flag list is the spec\'s: 15 general, 9 voice, 6 admin, each with its own bit', () => {
  assert.equal(PERMISSION_FLAG_GROUPS.general.length, 15);
  assert.equal(PERMISSION_FLAG_GROUPS.voice.length, 9);
  assert.equal(PERMISSION_FLAG_GROUPS.admin.length, 6);
  assert.deepEqual(Object.keys(PERMISSION_BITS).sort(), [...PERMISSION_FLAGS].sort());
  const bits = Object.values(PERMISSION_BITS);
  assert.equal(new Set(bits).size, bits.length, 'no two flags share a bit');
});

test('flags map to the Discord permissions they are named for', () => {
  const expected: [string, bigint][] = [
    ['view', 1n << 10n],
    ['viewHistory', 1n << 16n],
    ['send', 1n << 11n],
    ['react', 1n << 6n],
    ['pingEveryone', 1n << 17n],
    ['sendTTS', 1n << 12n],
    ['externalEmoji', 1n << 18n],
    ['externalStickers', 1n << 37n],
    ['sendThreads', 1n << 38n],
    ['slashCommands', 1n << 31n],
    ['createInvite', 1n],
    ['autoMic', 1n << 25n],
    ['vcActivities', 1n << 39n],
    ['mute', 1n << 22n],
    ['channels', 1n << 4n],
    ['roles', 1n << 28n],
    ['threads', 1n << 34n],
    ['events', 1n << 33n],
  ];
  for (const [flag, bit] of expected) assert.equal(PERMISSION_BITS[flag as keyof typeof PERMISSION_BITS], bit, flag);
  assert.equal(PERMISSION_BITS.events, PermissionFlagsBits.ManageEvents);
});

test('true allows, false denies, null and absent inherit', () => {
  const [everyone, area] = roles({ name: '@everyone', view: false, send: null }, { name: '{0}', view: true, viewHistory: true, send: false, react: true, events: null });
  assert.deepEqual(overwriteBits(everyone!), { allow: 0n, deny: PermissionFlagsBits.ViewChannel });
  const { allow, deny } = overwriteBits(area!);
  assert.equal(allow, PermissionFlagsBits.ViewChannel | PermissionFlagsBits.ReadMessageHistory | PermissionFlagsBits.AddReactions);
  assert.equal(deny, PermissionFlagsBits.SendMessages);
  assert.equal((allow | deny) & PermissionFlagsBits.ManageEvents, 0n, 'null is neither allowed nor denied');
});

test('a role with every flag set allows or denies every bit exactly once', () => {
  const all = Object.fromEntries(PERMISSION_FLAGS.map((flag, i) => [flag, i % 2 === 0]));
  const [role] = roles({ name: 'r', ...all });
  const { allow, deny } = overwriteBits(role!);
  assert.equal(allow & deny, 0n);
  assert.equal(allow | deny, Object.values(PERMISSION_BITS).reduce((a, b) => a | b, 0n));
});
