/**
 * The `autocreate` command's argument reading: the sync keywords in any order and in the invocation's language,
 * a rule name, an unknown extra argument, the guild argument forms, and the answers when there is nothing to run.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { CommandInvocation, IncomingCommand } from '../../../../core/commands/types.ts';
import type { AutocreateRule } from '../../../../core/config/index.ts';
import { LookoutError } from '../../../../core/errors.ts';
import { autocreateCommand, type AutocreateRunner } from '../../../../platforms/discord/autocreate/command.ts';
import { report, type SyncRequest } from '../../../../platforms/discord/autocreate/sync.ts';
import { normaliseChannelTemplates } from '../../../../platforms/discord/autocreate/template/index.ts';

const RULE: AutocreateRule = { name: 'areas', guild: '1', template: 'area', filter: '', params: ['{{name}}'], remove_missing: false };
const TEMPLATES = normaliseChannelTemplates([{ name: 'area', definition: { channels: [{ channelName: '{0}' }] } }]).templates;

interface Calls {
  syncs: { rule: string; request: SyncRequest }[];
  builds: { args: readonly string[]; guildId: string }[];
}

function runner(rules: readonly AutocreateRule[] = [RULE], fail?: Error): { runner: AutocreateRunner; calls: Calls } {
  const calls: Calls = { syncs: [], builds: [] };
  return {
    calls,
    runner: {
      rules,
      async sync(rule, request) {
        if (fail) throw fail;
        calls.syncs.push({ rule, request });
        return [report(rule || 'areas', { DryRun: request.dryRun })];
      },
      templates: async () => TEMPLATES,
      async runTemplate(_template, args, guildId) {
        calls.builds.push({ args, guildId });
        return { lines: ['done'], errors: [] };
      },
    },
  };
}

const GERMAN: Readonly<Record<string, string>> = { sync: 'abgleich', dryrun: 'probelauf', force: 'zwingen' };

function invocation(rawArgs: readonly string[], o: { guildId?: string; german?: boolean; platform?: string } = {}): CommandInvocation {
  const incoming: IncomingCommand = {
    platform: o.platform ?? 'discord',
    text: `!autocreate ${rawArgs.join(' ')}`,
    sender: { id: '9', name: 'oak', humanType: 'discord:user', isAdmin: true },
    place: { kind: o.guildId ? 'channel' : 'dm', id: '5', name: 'x', humanType: 'discord:channel', isRegistrationChannel: false, ...(o.guildId ? { guildId: o.guildId } : {}) },
    prefixes: ['!'],
  };
  const t = (text: string, vars: Readonly<Record<string, string | number>> = {}): string =>
    (o.german ? (GERMAN[text] ?? text) : text).replace(/\{(\w+)\}/g, (whole, name: string) => String(vars[name] ?? whole));
  const partial: Partial<CommandInvocation> = { name: 'autocreate', args: rawArgs.map((a) => a.toLowerCase()), rawArgs, incoming, prefix: '!', isAdmin: true, language: 'en', t };
  return partial as CommandInvocation;
}

const textOf = (replies: readonly { text?: string }[]): string => replies.map((r) => r.text ?? '').join('\n');

describe('autocreate command', () => {
  test('sync keywords in any order, English or translated, with a rule name', async () => {
    const { runner: r, calls } = runner();
    const command = autocreateCommand(r);
    await command.run(invocation(['sync', 'force', 'areas', 'DryRun', 'removals']));
    await command.run(invocation(['abgleich', 'probelauf', 'zwingen'], { german: true }));
    assert.deepEqual(calls.syncs, [
      { rule: 'areas', request: { dryRun: true, reset: false, removals: true, force: true } },
      { rule: '', request: { dryRun: true, reset: false, removals: false, force: true } },
    ]);
  });

  test('a second rule name, an unknown rule and no rules at all are answered without syncing', async () => {
    const { runner: r, calls } = runner();
    assert.match(textOf(await autocreateCommand(r).run(invocation(['sync', 'areas', 'other']))), /Unknown argument: other/);
    assert.match(textOf(await autocreateCommand(r).run(invocation(['sync', 'nope']))), /no autocreate rule named "nope"/i);
    assert.match(textOf(await autocreateCommand(runner([]).runner).run(invocation(['sync']))), /No \[\[autocreate.rules\]\]/);
    assert.deepEqual(calls.syncs, []);
  });

  test('the guild argument forms select the guild and leave the positional arguments', async () => {
    for (const form of ['guild123', 'guild:123', 'guild<123>', 'GUILD123']) {
      const { runner: r, calls } = runner();
      await autocreateCommand(r).run(invocation(['area', form, 'Old Town', 'x'], { guildId: '777' }));
      assert.deepEqual(calls.builds, [{ args: ['Old Town', 'x'], guildId: '123' }], form);
    }
    const { runner: r, calls } = runner();
    await autocreateCommand(r).run(invocation(['area', 'north'], { guildId: '777' }));
    assert.deepEqual(calls.builds, [{ args: ['north'], guildId: '777' }], 'the channel\'s guild by default');
  });

  test('typed on another platform it is refused', async () => {
    const { runner: r, calls } = runner();
    assert.match(textOf(await autocreateCommand(r).run(invocation(['sync'], { platform: 'telegram' }))), /runs from Discord/);
    assert.match(textOf(await autocreateCommand(r).run(invocation(['area', 'x', 'guild123'], { platform: 'telegram' }))), /runs from Discord/);
    assert.deepEqual(calls, { syncs: [], builds: [] });
  });

  test('errors: no guild in a DM, a template name in the wrong case, the bot not running', async () => {
    const { runner: r } = runner();
    assert.match(textOf(await autocreateCommand(r).run(invocation(['area', 'x']))), /No guild has been set/);
    assert.match(textOf(await autocreateCommand(r).run(invocation(['Area', 'x'], { guildId: '1' }))), /can't find the channel template "Area".*case-sensitive.*Templates: area/);
    const down = runner([RULE], new LookoutError('UNAVAILABLE', 'the Discord bot is not running', {}));
    assert.match(textOf(await autocreateCommand(down.runner).run(invocation(['sync']))), /The Discord bot is not running/);
  });
});
