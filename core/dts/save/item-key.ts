/**
 * The identity (type, platform, id, language) of an entry as written in a file, read the way the loader reads
 * it (entry.ts, keys.ts) but without checking the rest: an entry whose body is broken still has a key, so
 * saving a template with that key replaces it. Null when the entry does not say which template it is.
 */
import { isPlainObject } from '../body.ts';
import { entryKey, normaliseLanguage } from '../keys.ts';
import { normalisePlatform, type TemplatePlatforms } from '../platforms.ts';

export function itemKey(item: unknown, platforms: TemplatePlatforms): string | null {
  if (!isPlainObject(item)) return null;
  const { type, id, platform, language } = item;
  if (typeof type !== 'string' || type.trim() === '') return null;
  const idText = typeof id === 'number' && Number.isFinite(id) ? String(id) : typeof id === 'string' && id.trim() !== '' ? id.trim() : null;
  if (idText === null) return null;
  if (platform !== undefined && platform !== null && typeof platform !== 'string') return null;
  const canonical = normalisePlatform(platforms, platform ?? '');
  if (canonical === null) return null;
  if (language !== undefined && language !== null && typeof language !== 'string') return null;
  return entryKey(type.trim(), canonical, idText, normaliseLanguage(language));
}
