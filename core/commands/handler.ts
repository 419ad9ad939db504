/**
 * The command handler a platform calls with one chat message: tokenize, look each command up, check who may
 * run it and for whom, run it, and collect the replies in order. An unknown command gets a clear answer; a
 * command of an alert type switched off by its [general] disable switch is refused instead of run; a command
 * that throws is counted like a hook error (`lookout_command_errors_total{plugin, command}`, `plugin` = the
 * plugin owning it or `core`), logged with its context, and the user gets a short apology, while the other
 * commands of the same message still run. A command the core could not even dispatch to (finding its target
 * failed) is counted against the core (`lookout_core_errors_total{part="commands"}`).
 */
import { isLookoutError } from '../errors.ts';
import type { Logger } from '../log/logger.ts';
import type { Metrics } from '../metrics/metrics.ts';
import type { Human } from '../model.ts';
import { commandSecurityOf, delegatedFor, mayUseCommand } from '../membership/index.ts';
import type { CommandRegistry } from './registry.ts';
import { refused } from './replies.ts';
import { resolveTarget, type TargetLookups } from './target.ts';
import { TEXTS } from './texts.ts';
import { tokenize, type TokenizedCommand } from './tokenizer.ts';
import { translatorFor, type TranslationSources } from './translate.ts';
import type { CommandDefinition, CommandInvocation, CommandReply, CommandServices, IncomingCommand } from './types.ts';

export interface CommandHandlerOptions {
  readonly services: CommandServices;
  readonly registry: CommandRegistry;
  /** bundled reply translations (fallbacks/locale); game-data translations are read from services */
  readonly localeTables?: TranslationSources['tables'];
  readonly log: Logger;
  readonly metrics: Pick<Metrics, 'commandErrors' | 'coreErrors'>;
}

export type CommandHandler = (incoming: IncomingCommand) => Promise<readonly CommandReply[]>;

/** Errors whose message is meant for the user (bad input, a name taken, something missing). */
function isUserFacing(err: unknown): err is Error {
  return isLookoutError(err) && (err.kind === 'input' || err.kind === 'conflict' || err.kind === 'not_found');
}

export function createCommandHandler(options: CommandHandlerOptions): CommandHandler {
  const { services, registry, log, metrics } = options;
  const sources: TranslationSources = {
    gameData: (text, language) => services.gameData().translate(text, language),
    tables: options.localeTables ?? new Map(),
  };
  const defaultLanguage = services.config.general.locale;
  const lookups: TargetLookups = {
    human: (id) => services.stores.humans.get(id),
    async humansNamed(name) {
      const wanted = name.toLowerCase();
      return (await services.stores.humans.list()).filter((h) => h.name.toLowerCase() === wanted);
    },
    delegatedFor: (incoming, human) => delegatedFor(services.config, incoming, human),
  };

  async function run(definition: CommandDefinition, invocation: CommandInvocation, actingAs: Human | null): Promise<readonly CommandReply[]> {
    const plugin = registry.pluginOf(definition);
    const context = { platform: invocation.incoming.platform, plugin, command: definition.name, sender: invocation.incoming.sender.id, target: invocation.target?.id ?? null, place: invocation.incoming.place.id };
    try {
      log.verbose({ ...context, args: invocation.args }, 'command');
      const replies = await definition.run(invocation);
      return actingAs ? [{ text: invocation.t(TEXTS.actingAs, { name: actingAs.name, id: actingAs.id }) }, ...replies] : replies;
    } catch (err) {
      if (isUserFacing(err)) return [refused(invocation.t(err.message))];
      metrics.commandErrors.inc({ plugin, command: definition.name });
      log.error({ ...context, err }, 'command failed');
      return [refused(invocation.t(TEXTS.commandFailed, { command: definition.name }))];
    }
  }

  async function runOne(command: TokenizedCommand, incoming: IncomingCommand): Promise<readonly CommandReply[]> {
    const prefix = incoming.prefixes[0] ?? '';
    const found = registry.lookup(command.word);
    if (found.kind === 'disabled') return [];
    if (found.kind === 'unknown') {
      return [refused(translatorFor(defaultLanguage, sources)(TEXTS.unknownCommand, { command: command.word, prefix }))];
    }
    const { definition, wordLanguage } = found;
    const outcome = await resolveTarget(incoming, definition, command.args, command.rawArgs, lookups);
    if (!outcome.ok) {
      const language = wordLanguage ?? defaultLanguage;
      const t = translatorFor(language, sources);
      return [refused(t(TEXTS[outcome.refusal], { prefix, service: registry.wordFor('service', language), command: command.word, ...outcome.vars }))];
    }
    const language = wordLanguage ?? outcome.target?.language ?? defaultLanguage;
    if (found.kind === 'switched-off') {
      log.verbose({ platform: incoming.platform, command: definition.name, sender: incoming.sender.id }, 'command of a disabled alert type refused');
      return [refused(translatorFor(language, sources)(TEXTS.alertTypeDisabled))];
    }
    if (!mayUseCommand(commandSecurityOf(services.config, incoming.platform), definition.name, incoming.sender)) {
      log.verbose({ platform: incoming.platform, command: definition.name, sender: incoming.sender.id }, 'command refused by command security');
      return [refused(translatorFor(language, sources)(TEXTS.commandDenied, { prefix, command: command.word }))];
    }
    const invocation: CommandInvocation = {
      name: definition.name,
      args: outcome.args,
      rawArgs: outcome.rawArgs,
      ping: command.ping,
      incoming,
      target: outcome.target,
      ...(wordLanguage === undefined ? {} : { wordLanguage }),
      prefix,
      language,
      isAdmin: incoming.sender.isAdmin,
      services,
      t: translatorFor(language, sources),
    };
    return run(definition, invocation, outcome.actingAs);
  }

  return async (incoming) => {
    const replies: CommandReply[] = [];
    for (const command of tokenize(incoming.text, incoming.prefixes)) {
      try {
        replies.push(...(await runOne(command, incoming)));
      } catch (err) {
        metrics.coreErrors.inc({ part: 'commands' });
        log.error({ platform: incoming.platform, word: command.word, sender: incoming.sender.id, err }, 'command could not be dispatched');
        replies.push(refused(translatorFor(defaultLanguage, sources)(TEXTS.commandFailed, { command: command.word })));
      }
    }
    return replies;
  };
}
