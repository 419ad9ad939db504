/**
 * The admin-only `autocreate` chat command (spec: "Chat commands"):
 * - `autocreate <template> <args…>` builds one set of channels from a channel template in the guild the command
 *   was typed in, or the one named by `guild<id>`, `guild:<id>` or `guild<digits>` (taken out of the arguments);
 *   reused channels get their commands again (reset);
 * - `autocreate sync [rule] [dryrun] [reset] [removals] [force]` runs the `[[autocreate.rules]]` (keywords in any
 *   order, English or translated).
 * Every reply is one text: the build's lines (command echoes included) or each rule's summary. It runs for
 * Discord admins only: typed on another platform it is refused.
 */
import type { CommandDefinition, CommandInvocation, CommandReply } from '../../../core/commands/types.ts';
import { describeError, LookoutError } from '../../../core/errors.ts';
import { PLATFORM_NAME } from '../incoming.ts';
import type { Autocreate } from './service.ts';

/** What the command needs of the service. */
export type AutocreateRunner = Pick<Autocreate, 'rules' | 'sync' | 'templates' | 'runTemplate'>;
import type { SyncReport, SyncRequest } from './sync.ts';

const DONE = '✅';
const REFUSED = '🙅';

const GUILD_ARG = /^guild[:<]?(\d{1,20})>?$/i;
const SYNC_FLAGS = { dryrun: 'dryRun', reset: 'reset', removals: 'removals', force: 'force' } as const;

export const TEXTS = {
  noGuild: 'No guild has been set: run the command inside a channel of the server or add guild<id>.',
  noTemplates: 'No channel templates are defined: create config/channelTemplate.json.',
  noTemplateName: 'Name a channel template as the first argument.',
  templateNotFound: 'I can\'t find the channel template "{name}" (template names are case-sensitive). Templates: {names}',
  noRules: 'No [[autocreate.rules]] are configured.',
  unknownRule: 'There is no autocreate rule named "{name}".',
  unknownArgument: 'Unknown argument: {arg}',
  notRunning: 'The Discord bot is not running.',
  discordOnly: 'autocreate runs from Discord (or POST /api/autocreate/run).',
  failed: 'Auto-create failed: {reason}',
} as const;

/** Whether `arg` is the keyword, in English or in the invocation's language. */
function isWord(arg: string, word: string, invocation: CommandInvocation): boolean {
  const lower = arg.toLowerCase();
  return lower === word || lower === invocation.t(word).toLowerCase();
}

function summary(r: SyncReport): string {
  const c = r.Counts;
  const lines = [
    `Sync ${r.Rule}${r.DryRun ? ' (dry run: nothing was changed)' : ''}: ${r.Status}`,
    `Fences: ${r.Created.length} created, ${r.Reused.length} reused, ${r.Orphans.length} orphan(s), ${r.Removed.length} removed, ${r.Skipped.length} skipped`,
    `Channels: ${c.channelsCreated} created, ${c.channelsMoved} moved, ${c.channelsReused} reused, ${c.channelsRemoved} removed; threads: ${c.threadsCreated} created, ${c.threadsReused} reused`,
  ];
  if (r.Note !== '') lines.push(`Note: ${r.Note}`);
  for (const skipped of r.Skipped) lines.push(`Skipped ${skipped}`);
  for (const error of r.Errors) lines.push(`⚠️ ${error}`);
  return lines.join('\n');
}

async function runSync(invocation: CommandInvocation, autocreate: AutocreateRunner): Promise<CommandReply[]> {
  const { t } = invocation;
  const request: { -readonly [K in keyof SyncRequest]: boolean } = { dryRun: false, reset: false, removals: false, force: false };
  let rule = '';
  for (const arg of invocation.rawArgs.slice(1)) {
    const flag = (Object.keys(SYNC_FLAGS) as (keyof typeof SYNC_FLAGS)[]).find((word) => isWord(arg, word, invocation));
    if (flag) request[SYNC_FLAGS[flag]] = true;
    else if (rule === '') rule = arg;
    else return [{ text: t(TEXTS.unknownArgument, { arg }), reaction: REFUSED }];
  }
  if (autocreate.rules.length === 0) return [{ text: t(TEXTS.noRules), reaction: REFUSED }];
  if (rule !== '' && !autocreate.rules.some((r) => r.name === rule)) return [{ text: t(TEXTS.unknownRule, { name: rule }), reaction: REFUSED }];
  const reports = await autocreate.sync(rule, request, { id: invocation.incoming.sender.id, name: invocation.incoming.sender.name });
  return [{ text: reports.map(summary).join('\n\n'), reaction: reports.every((r) => r.Status === 'ok' && r.Errors.length === 0) ? DONE : REFUSED }];
}

async function runTemplate(invocation: CommandInvocation, autocreate: AutocreateRunner): Promise<CommandReply[]> {
  const { t } = invocation;
  let guildId = invocation.incoming.place.guildId ?? '';
  const args: string[] = [];
  for (const arg of invocation.rawArgs) {
    const guild = GUILD_ARG.exec(arg);
    if (guild) guildId = guild[1]!;
    else args.push(arg);
  }
  if (guildId === '') return [{ text: t(TEXTS.noGuild), reaction: REFUSED }];
  const templates = await autocreate.templates();
  if (templates.length === 0) return [{ text: t(TEXTS.noTemplates), reaction: REFUSED }];
  const [name, ...positional] = args;
  if (name === undefined) return [{ text: t(TEXTS.noTemplateName), reaction: REFUSED }];
  const template = templates.find((tpl) => tpl.name === name);
  if (!template) return [{ text: t(TEXTS.templateNotFound, { name, names: templates.map((tpl) => tpl.name).join(', ') }), reaction: REFUSED }];
  const run = await autocreate.runTemplate(template, positional, guildId, { id: invocation.incoming.sender.id, name: invocation.incoming.sender.name });
  return [{ text: [...run.lines, ...run.errors.map((e) => `⚠️ ${e}`)].join('\n'), reaction: run.errors.length === 0 ? DONE : REFUSED }];
}

export function autocreateCommand(autocreate: AutocreateRunner): CommandDefinition {
  return {
    name: 'autocreate',
    adminOnly: true,
    allowUnregistered: true,
    async run(invocation) {
      if (invocation.incoming.platform !== PLATFORM_NAME) return [{ text: invocation.t(TEXTS.discordOnly), reaction: REFUSED }];
      try {
        const first = invocation.rawArgs[0];
        return first !== undefined && isWord(first, 'sync', invocation) ? await runSync(invocation, autocreate) : await runTemplate(invocation, autocreate);
      } catch (err) {
        if (err instanceof LookoutError && err.code === 'UNAVAILABLE') return [{ text: invocation.t(TEXTS.notRunning), reaction: REFUSED }];
        return [{ text: invocation.t(TEXTS.failed, { reason: describeError(err) }), reaction: REFUSED }];
      }
    },
  };
}
