/**
 * Assembles the command framework for the app: the command registry (core commands plus every plugin's,
 * checked at start), and the handler platforms call, with its services, the test catalog and the bundled reply
 * translations (fallbacks/locale and the plugins' fallbacks/locale, overridden by config/locale).
 */
import type { Config } from '../config/index.ts';
import { isSwitchedOff, switchReader } from '../switches.ts';
import type { PluginRegistry } from '../registry.ts';
import { CORE_COMMANDS } from './builtin/index.ts';
import { createCommandHandler, type CommandHandler } from './handler.ts';
import { loadLocaleFolders, localeFolders } from './locale-files.ts';
import type { LocaleTables } from './translate.ts';
import type { Logger } from '../log/logger.ts';
import type { Metrics } from '../metrics/metrics.ts';
import { CommandRegistry } from './registry.ts';
import { createCommandServices, type CommandServicesOptions } from './services.ts';

/**
 * Core commands plus every alert and platform plugin's (an alert plugin's marked switched off when its [general]
 * disable switches stop every webhook type it reads); throws PLUGIN_INVALID when two claim one word.
 */
export function commandRegistryFor(registry: PluginRegistry, config: Config): CommandRegistry {
  const isOn = switchReader(config);
  const sources = [
    { owner: 'core', commands: CORE_COMMANDS },
    ...registry.alertPlugins.map((p) => ({
      owner: `plugin "${p.name}"`,
      plugin: p.name,
      commands: p.commands ?? [],
      switchedOff: isSwitchedOff(p, isOn),
    })),
    ...registry.platforms.map((p) => ({ owner: `platform "${p.name}"`, plugin: p.name, commands: p.commands ?? [] })),
  ];
  return CommandRegistry.create(sources, {
    languages: Object.fromEntries(Object.entries(config.general.available_languages).map(([language, words]) => [language, Object.fromEntries(Object.entries(words))])),
    disabled: config.general.disabled_commands,
  });
}

export interface CommandSetup extends Omit<CommandServicesOptions, 'localeTables'> {
  readonly rootDir: string;
  readonly commands: CommandRegistry;
  /** the reply translations (loadReplyTranslations) */
  readonly localeTables: LocaleTables;
  /** counts commands that throw (lookout_command_errors_total) */
  readonly metrics: Metrics;
}

/** The reply translations: fallbacks/locale, the plugins' (their `fallbacks` folders), then config/locale; unusable files are logged. */
export async function loadReplyTranslations(rootDir: string, log: Logger, pluginFallbacks: readonly string[] = []): Promise<LocaleTables> {
  const locales = await loadLocaleFolders(localeFolders(rootDir, pluginFallbacks));
  for (const problem of locales.problems) log.warn({ problem }, 'commands: a translation file could not be used');
  return locales.tables;
}

export async function buildCommandHandler(setup: CommandSetup): Promise<CommandHandler> {
  const { log, localeTables } = setup;
  const services = createCommandServices({ ...setup, localeTables });
  return createCommandHandler({ services, registry: setup.commands, localeTables, log, metrics: setup.metrics });
}
