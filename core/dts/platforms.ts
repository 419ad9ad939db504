/**
 * The template platforms DTS files may name: the `templatePlatform` of every registered platform plugin, and the
 * other names each platform declares for it (`templatePlatformAliases`, e.g. the spec's neutral spellings).
 * The core names none itself; the app builds the set from the registry and hands it to the DTS engine.
 */
import { pluginInvalid } from '../errors.ts';

/** What a platform plugin declares about its templates (a PlatformPlugin fits). */
export interface TemplatePlatformDeclaration {
  readonly name?: string;
  readonly templatePlatform: string;
  readonly templatePlatformAliases?: readonly string[];
}

export interface TemplatePlatforms {
  /** the canonical template platforms, in registration order, each once */
  readonly names: readonly string[];
  /** a written name (lower case) → its canonical platform; the canonical names map to themselves */
  readonly byName: ReadonlyMap<string, string>;
}

const spelled = (name: string): string => name.trim().toLowerCase();

/**
 * The set of the given platforms. Throws PLUGIN_INVALID when one name would stand for two platforms (an alias
 * claimed twice, or an alias that is another platform's template platform).
 */
export function templatePlatforms(declared: readonly TemplatePlatformDeclaration[]): TemplatePlatforms {
  const names = [...new Set(declared.map((d) => spelled(d.templatePlatform)))];
  const byName = new Map(names.map((name) => [name, name]));
  const problems: string[] = [];
  for (const platform of declared) {
    const canonical = spelled(platform.templatePlatform);
    for (const alias of (platform.templatePlatformAliases ?? []).map(spelled)) {
      const taken = byName.get(alias);
      if (taken !== undefined && taken !== canonical) {
        problems.push(`platform "${platform.name ?? canonical}": template platform alias "${alias}" already stands for "${taken}"`);
      } else byName.set(alias, canonical);
    }
  }
  if (problems.length > 0) throw pluginInvalid(problems);
  return { names, byName };
}

/** The canonical platform for a written value (`''` = every platform), or null when no platform is called so. */
export function normalisePlatform(platforms: TemplatePlatforms, value: string): string | null {
  const key = spelled(value);
  if (key === '') return '';
  return platforms.byName.get(key) ?? null;
}

/** `discord, telegram or chat_a` — every name a file may write, for messages. */
export function acceptedPlatforms(platforms: TemplatePlatforms): string {
  const all = [...platforms.byName.keys()];
  if (all.length === 0) return 'none (no platform is registered)';
  return all.length === 1 ? all[0]! : `${all.slice(0, -1).join(', ')} or ${all[all.length - 1]!}`;
}
