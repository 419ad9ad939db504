/**
 * The command registry: the core's generic commands plus every alert plugin's and platform plugin's
 * `commands`, looked up by the word a user types — the canonical name, an alias, or a translation from
 * [general.available_languages.<lang>] (a translated word also sets the reply language). A name or alias
 * claimed twice stops the start with an error naming both owners; [general] disabled_commands are ignored; a
 * command whose contributing alert plugin is switched off ([general] disable switch) is found as `switched-off`.
 */
import { LookoutError } from '../errors.ts';
import type { CommandDefinition } from './types.ts';

/** Who contributes commands: `core` or a plugin (as named in clash errors, e.g. `plugin "monster"`). */
export interface CommandSource {
  readonly owner: string;
  /** the contributing plugin's name, which labels its commands' errors; none for the core's own commands */
  readonly plugin?: string;
  readonly commands: readonly CommandDefinition[];
  /** the owner is an alert plugin whose [general] disable switch is on: its commands refuse to run */
  readonly switchedOff?: boolean;
}

export interface CommandRegistryOptions {
  /** [general.available_languages]: language → { canonical command name → translated word } */
  readonly languages?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** [general] disabled_commands: names, aliases or translated words */
  readonly disabled?: readonly string[];
}

export type CommandLookup =
  | { readonly kind: 'command'; readonly definition: CommandDefinition; readonly wordLanguage?: string }
  /** the command exists, but the alert plugin contributing it is switched off */
  | { readonly kind: 'switched-off'; readonly definition: CommandDefinition; readonly wordLanguage?: string }
  | { readonly kind: 'disabled' }
  | { readonly kind: 'unknown' };

interface Claim {
  readonly definition: CommandDefinition;
  readonly owner: string;
  readonly plugin: string;
  readonly switchedOff: boolean;
}

/** The `plugin` label of the core's own commands. */
export const CORE_OWNER = 'core';

const norm = (word: string): string => word.trim().toLowerCase();

function claimWords(sources: readonly CommandSource[]): Map<string, Claim> {
  const byWord = new Map<string, Claim>();
  const problems: string[] = [];
  for (const { owner, plugin = CORE_OWNER, commands, switchedOff = false } of sources) {
    for (const definition of commands) {
      for (const word of new Set([definition.name, ...(definition.aliases ?? [])].map(norm))) {
        const earlier = byWord.get(word);
        if (earlier) {
          problems.push(`command word "${word}" of ${owner} ("${definition.name}") clashes with ${earlier.owner} ("${earlier.definition.name}")`);
          continue;
        }
        byWord.set(word, { definition, owner, plugin, switchedOff });
      }
    }
  }
  if (problems.length > 0) throw new LookoutError('PLUGIN_INVALID', `command registration failed:\n  - ${problems.join('\n  - ')}`, { problems });
  return byWord;
}

export class CommandRegistry {
  private constructor(
    private readonly byWord: ReadonlyMap<string, Claim>,
    private readonly translations: ReadonlyMap<string, { readonly name: string; readonly language: string }>,
    private readonly disabled: ReadonlySet<string>,
  ) {}

  static create(sources: readonly CommandSource[], options: CommandRegistryOptions = {}): CommandRegistry {
    const byWord = claimWords(sources);
    const names = new Set([...byWord.values()].map((c) => norm(c.definition.name)));
    const translations = new Map<string, { name: string; language: string }>();
    for (const [language, words] of Object.entries(options.languages ?? {})) {
      for (const [name, word] of Object.entries(words)) {
        const w = norm(word);
        if (w === '' || !names.has(norm(name)) || translations.has(w)) continue;
        translations.set(w, { name: norm(name), language });
      }
    }
    return new CommandRegistry(byWord, translations, new Set((options.disabled ?? []).map(norm)));
  }

  /** What a typed word (already lower-cased, without prefix) runs. */
  lookup(word: string): CommandLookup {
    const w = norm(word);
    const translated = this.translations.get(w);
    const direct = this.byWord.get(w);
    const claim = direct ?? (translated ? this.byWord.get(translated.name) : undefined);
    if (!claim) return { kind: 'unknown' };
    if (this.disabled.has(w) || this.disabled.has(norm(claim.definition.name))) return { kind: 'disabled' };
    const language = translated && translated.name === norm(claim.definition.name) ? translated.language : undefined;
    const kind = claim.switchedOff ? 'switched-off' : 'command';
    return language === undefined ? { kind, definition: claim.definition } : { kind, definition: claim.definition, wordLanguage: language };
  }

  /** The word users of `language` type for a command (its translation, else its name). */
  wordFor(name: string, language: string): string {
    for (const [word, t] of this.translations) if (t.name === norm(name) && t.language === language) return word;
    return name;
  }

  /** The plugin contributing a registered command (its name), or `core` for the core's own. */
  pluginOf(definition: CommandDefinition): string {
    for (const claim of this.byWord.values()) if (claim.definition === definition) return claim.plugin;
    return CORE_OWNER;
  }

  /** Every registered command, once each. */
  definitions(): readonly CommandDefinition[] {
    return [...new Set([...this.byWord.values()].map((c) => c.definition))];
  }
}
