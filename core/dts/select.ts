/**
 * Template selection. For each language in turn — the requested one, then the fallback language
 * ([general] locale), then language-independent entries — and within it for the requested platform and then
 * entries written for every platform: the exact (type, platform, id, language) entry, else the entry of that
 * (type, platform, language) marked `default`. Nothing found → null (the caller reports "no template").
 *
 * Help (type `help`): the id is the topic (`index` = landing page). A help entry marked `default` answers
 * every topic, so within a step it is tried before the per-topic entry (it shadows them).
 */
import { defaultKey, entryKey, normaliseLanguage } from './keys.ts';
import type { DtsEntry, DtsPlatform } from './types.ts';

export const HELP_TYPE = 'help';

export interface DtsIndex {
  readonly exact: ReadonlyMap<string, DtsEntry>;
  /** the last loaded default entry per (type, platform, language) */
  readonly defaults: ReadonlyMap<string, DtsEntry>;
}

export interface TemplateQuery {
  readonly type: string;
  readonly platform: DtsPlatform;
  readonly id: string;
  readonly language: string;
  /** [general] locale */
  readonly fallbackLanguage: string;
}

/** Builds the lookup maps from last-wins entries (in load order, so a later default replaces an earlier one). */
export function indexEntries(entries: readonly DtsEntry[]): DtsIndex {
  const exact = new Map<string, DtsEntry>();
  const defaults = new Map<string, DtsEntry>();
  for (const e of entries) {
    exact.set(entryKey(e.type, e.platform, e.id, e.language), e);
    if (e.default) defaults.set(defaultKey(e.type, e.platform, e.language), e);
  }
  return { exact, defaults };
}

function unique<T>(values: readonly T[]): T[] {
  return [...new Set(values)];
}

function pick(index: DtsIndex, q: TemplateQuery, platform: string, language: string): DtsEntry | null {
  const exact = index.exact.get(entryKey(q.type, platform, q.id, language)) ?? null;
  const byDefault = index.defaults.get(defaultKey(q.type, platform, language)) ?? null;
  return q.type === HELP_TYPE ? (byDefault ?? exact) : (exact ?? byDefault);
}

export function selectEntry(index: DtsIndex, query: TemplateQuery): DtsEntry | null {
  const languages = unique([normaliseLanguage(query.language), normaliseLanguage(query.fallbackLanguage), '']);
  const platforms = unique<string>([query.platform, '']);
  for (const language of languages) {
    for (const platform of platforms) {
      const found = pick(index, query, platform, language);
      if (found) return found;
    }
  }
  return null;
}

/** Distinct template ids of a type usable on a platform (its own entries and every-platform ones), numbers first. */
export function templateIdsOf(entries: readonly DtsEntry[], type: string, platform: DtsPlatform): string[] {
  const ids = unique(entries.filter((e) => e.type === type && (e.platform === platform || e.platform === '')).map((e) => e.id));
  return ids.sort((a, b) => {
    const na = Number(a);
    const nb = Number(b);
    const aNum = a.trim() !== '' && Number.isFinite(na);
    const bNum = b.trim() !== '' && Number.isFinite(nb);
    if (aNum && bNum) return na - nb;
    if (aNum !== bNum) return aNum ? -1 : 1;
    return a.localeCompare(b);
  });
}
