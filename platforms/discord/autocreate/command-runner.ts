/**
 * Runs a channel template's commands as the target they configure (spec: "Commands"): each with the prefix
 * prepended and its placeholders filled (quoted), in order, through the core's command framework as an admin
 * typing in the target's place — the framework reads the human afresh for every command, so a `track` sees the
 * area an earlier `area add` set. Each command echoes `>>> <text>` (`>>> [<thread>] <text>` for a thread) followed
 * by its replies; a refused command (🙅) is also reported as a problem.
 */
import type { CommandReply, IncomingCommand } from '../../../core/commands/types.ts';
import { describeError } from '../../../core/errors.ts';
import { TARGET_TYPES } from '../deliver.ts';
import { PLATFORM_NAME } from '../incoming.ts';
import { fillCommand } from './template/index.ts';

const REFUSED = '🙅';

/** The human the commands act for: a channel, a thread (by its id) or a webhook (by its URL). */
export interface CommandTarget {
  readonly id: string;
  readonly name: string;
  readonly humanType: string;
  readonly guildId: string;
  /** thread name shown in the echo; null for a channel or webhook */
  readonly threadName: string | null;
}

export interface CommandRunnerDeps {
  readonly prefix: string;
  /** who the commands are run as (the admin who ran the command, or the bot for an API or config sync) */
  readonly actor: { readonly id: string; readonly name: string };
  handleCommand(incoming: IncomingCommand): Promise<readonly CommandReply[]>;
}

export interface CommandRun {
  /** echo lines and reply texts, in order */
  readonly lines: readonly string[];
  /** commands that were refused or failed */
  readonly problems: readonly string[];
}

function incomingFor(text: string, target: CommandTarget, deps: CommandRunnerDeps): IncomingCommand {
  return {
    platform: PLATFORM_NAME,
    text,
    sender: { id: deps.actor.id, name: deps.actor.name, humanType: TARGET_TYPES.user, isAdmin: true },
    place: { kind: 'channel', id: target.id, name: target.name, humanType: target.humanType, isRegistrationChannel: false, guildId: target.guildId },
    prefixes: [deps.prefix],
  };
}

export async function runTemplateCommands(commands: readonly string[], args: readonly string[], target: CommandTarget, deps: CommandRunnerDeps): Promise<CommandRun> {
  const lines: string[] = [];
  const problems: string[] = [];
  for (const command of commands) {
    const text = `${deps.prefix}${fillCommand(command, args)}`;
    lines.push(target.threadName === null ? `>>> ${text}` : `>>> [${target.threadName}] ${text}`);
    try {
      const replies = await deps.handleCommand(incomingFor(text, target, deps));
      for (const reply of replies) if (reply.text) lines.push(reply.text);
      const refusal = replies.find((r) => r.reaction === REFUSED);
      if (refusal) problems.push(`${target.name}: \`${text}\` was refused${refusal.text ? `: ${refusal.text}` : ''}`);
    } catch (err) {
      problems.push(`${target.name}: \`${text}\` failed: ${describeError(err)}`);
    }
  }
  return { lines, problems };
}
