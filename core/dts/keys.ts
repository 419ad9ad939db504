/**
 * Normalisation of the fields that identify a template: platform names (with the neutral aliases),
 * languages (missing / empty / `%` = any language), ids (strings, compared case-insensitively).
 */
import { PLATFORM_NAME_ALIASES } from '../config/enums.ts';
import type { DtsPlatform } from './types.ts';

const PLATFORM_ALIASES: Readonly<Record<string, DtsPlatform>> = {
  discord: 'discord',
  telegram: 'telegram',
  ...PLATFORM_NAME_ALIASES,
  '': '',
};

/** The canonical platform for a written value, or null when the value is not a known platform. */
export function normalisePlatform(value: string): DtsPlatform | null {
  const key = value.trim().toLowerCase();
  return Object.hasOwn(PLATFORM_ALIASES, key) ? (PLATFORM_ALIASES[key] ?? null) : null;
}

/** `''` for a language-independent entry. */
export function normaliseLanguage(value: string | undefined | null): string {
  const lang = (value ?? '').trim();
  return lang === '%' ? '' : lang;
}

export function idKey(id: string): string {
  return id.trim().toLowerCase();
}

/** The identity of an entry: the last loaded entry with the same key wins. */
export function entryKey(type: string, platform: string, id: string, language: string): string {
  return `${type}\u0000${platform}\u0000${idKey(id)}\u0000${language}`;
}

/** The key of the `default` entry of a (type, platform, language). */
export function defaultKey(type: string, platform: string, language: string): string {
  return `${type}\u0000${platform}\u0000${language}`;
}
