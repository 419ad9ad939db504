/**
 * Start-up step: the reply translations (fallbacks/locale, the plugins' locale folders and config/locale) and the translator of a recipient's
 * language built on them and the game data's names.
 */
import type { Config } from '../config/index.ts';
import type { CoreServices } from '../contract.ts';
import { translatorFor, type LocaleTables, type Translate } from '../commands/translate.ts';
import { loadReplyTranslations } from '../commands/wiring.ts';
import type { Logger } from '../log/logger.ts';

export interface Replies {
  readonly tables: LocaleTables;
  /** replies in a language (null = the default locale) */
  readonly translator: (language: string | null) => Translate;
}

/** `pluginFallbacks`: the plugins' fallback folders, whose locale/ tables load between the core's and config/'s */
export async function loadReplies(config: Config, rootDir: string, log: Logger, services: CoreServices, pluginFallbacks: readonly string[]): Promise<Replies> {
  const tables = await loadReplyTranslations(rootDir, log, pluginFallbacks);
  return {
    tables,
    translator: (language) => translatorFor(language ?? config.general.locale, { gameData: (text, lang) => services.gameData().translate(text, lang), tables }),
  };
}
