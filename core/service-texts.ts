/**
 * The service's own words inside alerts (the forecast notice's "Possible weather change at", "unknown"…) in a
 * recipient's language. They are translated like the replies: the game data's names first, then the reply
 * translations (fallbacks/locale, the plugins' locale folders, config/locale, where an operator adds or overrides a
 * language). The tables load after the plugins are built, so the core installs them here; until then, and for
 * English, a text stays as written.
 */

export interface ServiceTexts {
  /** `text` (English) in `language`; unchanged when nothing translates it */
  translate(text: string, language: string): string;
  install(translate: (text: string, language: string) => string): void;
}

export class ServiceTextSlot implements ServiceTexts {
  private translator: ((text: string, language: string) => string) | null = null;

  install(translate: (text: string, language: string) => string): void {
    this.translator = translate;
  }

  translate(text: string, language: string): string {
    return this.translator ? this.translator(text, language) : text;
  }
}

/** For views built without the service (tests, tools): every text as written. */
export const ENGLISH_TEXTS: ServiceTexts = new ServiceTextSlot();
