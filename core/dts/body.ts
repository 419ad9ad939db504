/**
 * Message bodies: a string template (TOML `template`, a `templateFile`'s contents, or a string in JSON) is
 * parsed as JSON when it is the text of a JSON object, and otherwise stays message text.
 */
import type { DtsBody } from './types.ts';

export function bodyFromText(text: string): DtsBody {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{')) return text;
  try {
    const parsed: unknown = JSON.parse(trimmed);
    if (isPlainObject(parsed)) return parsed;
  } catch {
    // not JSON: message text (it may still render to JSON, see render.ts)
  }
  return text;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** A non-empty array of only strings: one template written as lines, joined before compiling (render.ts). */
export function isStringLines(value: unknown): value is string[] {
  return Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'string');
}

/** Every Handlebars string of a body with its path (`embed.fields[0].name`); a text body is one string at path ``. */
export function bodyStrings(body: DtsBody): { readonly path: string; readonly text: string }[] {
  const out: { path: string; text: string }[] = [];
  const walk = (value: unknown, path: string): void => {
    if (typeof value === 'string') out.push({ path, text: value });
    else if (isStringLines(value)) out.push({ path, text: value.join('') });
    else if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${path}[${i}]`));
    else if (isPlainObject(value)) for (const [k, v] of Object.entries(value)) walk(v, path ? `${path}.${k}` : k);
  };
  walk(body, '');
  return out;
}
