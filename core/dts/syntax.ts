/**
 * Load-time template check: every Handlebars string must compile (parse + Handlebars' compiler, without
 * keeping the result: the engine compiles lazily on first render). Unknown helpers are not detected here
 * (Handlebars resolves helpers only when rendering); they fail at render with an error naming the entry.
 */
import Handlebars from 'handlebars';
import { bodyStrings } from './body.ts';
import type { DtsBody } from './types.ts';

/** The compile error of a Handlebars string, or null. */
export function templateError(text: string): string | null {
  try {
    Handlebars.precompile(text);
    return null;
  } catch (err) {
    return (err instanceof Error ? err.message : String(err)).replace(/\s+/g, ' ').trim();
  }
}

/** The first compile error of a body, naming the member (`embed.title`), or null. */
export function bodyError(body: DtsBody): string | null {
  for (const { path, text } of bodyStrings(body)) {
    const error = templateError(text);
    if (error !== null) return `broken Handlebars in ${path || 'template'}: ${error}`;
  }
  return null;
}
