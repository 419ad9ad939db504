/**
 * Start-up step: the reply translations (fallbacks/locale, the plugins' locale folders and config/locale) and the translator of a recipient's
 * language built on them and the game data's names; the same translations are installed as the service's texts
 * (services.texts(), the words of notices inside alerts).
 */
import type { Config } from '../config/index.ts';
import type { CoreServices } from '../contract.ts';
import { translatorFor, translateText, type LocaleTables, type Translate } from '../commands/translate.ts';
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
  const gameData = (text: string, lang: string): string => services.gameData().translate(text, lang);
  services.texts?.().install((text, language) => translateText(text, language, { gameData, tables }));
  return {
    tables,
    translator: (language) => translatorFor(language ?? config.general.locale, { gameData, tables }),
  };
}
