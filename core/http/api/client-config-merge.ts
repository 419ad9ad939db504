/**
 * Merges the alert plugins' parts (AlertPlugin.clientConfig) into a client configuration answer the core built.
 * Plugins are merged in plugin order. An object field merges key by key into the answer's object of the same name
 * (new keys after the existing ones); new top-level fields go before the part's `before` key, or last. A field
 * given twice (by the core and a plugin, or by two plugins) is a clash: the answers never depend on plugin order,
 * and no plugin can replace a core field (poracleWeb's `staticKey` stays `[]`).
 */
import type { Config } from '../../config/index.ts';
import type { ClientConfigAnswer, PluginClientConfig } from './client-config-parts.ts';

type Fields = Record<string, unknown>;
type Entry = [string, unknown];

const isObject = (value: unknown): value is Readonly<Fields> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Who gave a field: the plugin that added it or one of its parents, otherwise the core. */
function ownerOf(owners: ReadonlyMap<string, string>, path: string): string {
  for (let at = path; ; at = at.slice(0, at.lastIndexOf('.'))) {
    const owner = owners.get(at);
    if (owner !== undefined) return `plugin "${owner}"`;
    if (!at.includes('.')) return 'the core';
  }
}

interface MergeState {
  readonly answer: ClientConfigAnswer;
  readonly plugin: string;
  readonly owners: Map<string, string>;
  readonly clashes: string[];
}

/** `target` with the objects of `fields` merged in place, and the fields new to it (in the part's order). */
function mergeLevel(target: Readonly<Fields>, fields: Readonly<Fields>, path: string, state: MergeState): { readonly merged: Fields; readonly added: Entry[] } {
  const merged: Fields = { ...target };
  const added: Entry[] = [];
  for (const [key, value] of Object.entries(fields)) {
    const here = path === '' ? key : `${path}.${key}`;
    const existing = merged[key];
    if (!Object.hasOwn(merged, key)) {
      added.push([key, value]);
      state.owners.set(here, state.plugin);
    } else if (isObject(existing) && isObject(value)) {
      const inner = mergeLevel(existing, value, here, state);
      merged[key] = { ...inner.merged, ...Object.fromEntries(inner.added) };
    } else {
      state.clashes.push(`${state.answer} field "${here}" is given by ${ownerOf(state.owners, here)} and by plugin "${state.plugin}"`);
    }
  }
  return { merged, added };
}

/** `target`'s entries with `entries` placed before the key `before` (when it is there), otherwise after them all. */
function insertBefore(target: Readonly<Fields>, entries: readonly Entry[], before: string | undefined): Fields {
  const all = Object.entries(target);
  const found = before === undefined ? -1 : all.findIndex(([key]) => key === before);
  const at = found === -1 ? all.length : found;
  return Object.fromEntries([...all.slice(0, at), ...entries, ...all.slice(at)]);
}

/** The answer with every plugin's part merged in, and the clashes found (empty when the merge is sound). */
export function mergeClientConfig(
  answer: ClientConfigAnswer,
  base: Readonly<Fields>,
  sources: readonly PluginClientConfig[],
  config: Config,
): { readonly answer: Fields; readonly clashes: readonly string[] } {
  let out: Fields = { ...base };
  const owners = new Map<string, string>();
  const clashes: string[] = [];
  for (const { plugin, contribution } of sources) {
    const part = contribution[answer];
    if (part === undefined) continue;
    const { merged, added } = mergeLevel(out, part.fields(config), '', { answer, plugin, owners, clashes });
    out = insertBefore(merged, added, part.before);
  }
  return { answer: out, clashes };
}

/** The secret values the plugins name for this config. */
export function pluginSecrets(sources: readonly PluginClientConfig[], config: Config): readonly string[] {
  return sources.flatMap(({ contribution }) => contribution.secrets?.(config) ?? []);
}
