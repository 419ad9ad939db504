/**
 * A human's type in the spelling the platforms serve, as a pure function: the spec's neutral platform names
 * (`chat_a:channel`, `chat_b:user`) become the platforms they stand for (`discord:channel`, `telegram:user`);
 * every other type is returned as it is. The mapping is the configuration's (PLATFORM_NAME_ALIASES in
 * config/enums.ts), which holds the spec's other neutral spellings, so it applies whether or not that platform
 * runs.
 */
import { PLATFORM_NAME_ALIASES } from './config/enums.ts';

const REAL_NAMES: ReadonlyMap<string, string> = new Map(Object.entries(PLATFORM_NAME_ALIASES));

/** The neutral heads a stored type may start with: `chat_a:`, `chat_b:`. */
export const NEUTRAL_TYPE_HEADS: readonly string[] = [...REAL_NAMES.keys()].map((name) => `${name}:`);

/** `chat_b:user` → `telegram:user` (the neutral head matched case-insensitively); anything else unchanged. */
export function canonicalHumanType(type: string): string {
  const colon = type.indexOf(':');
  if (colon < 0) return type;
  const real = REAL_NAMES.get(type.slice(0, colon).trim().toLowerCase());
  return real === undefined ? type : `${real}${type.slice(colon)}`;
}
