/**
 * `@include <file>` in template bodies, as both previous generations expand it: the rest of the line after
 * `@include ` names a file of the template folder (config/dts/, read through the same guarded reader as
 * `templateFile`), and the directive is replaced by the file's text. An included file may include others, up to
 * MAX_DEPTH deep (a loop stops there). A file that cannot be read leaves the directive out and is reported, as the
 * previous generation drops it with a warning. Done once, when the entry loads.
 */
import { isPlainObject, isStringLines } from './body.ts';
import type { TemplateFileReader } from './template-file-read.ts';
import type { DtsBody } from './types.ts';

const DIRECTIVE = '@include ';
export const MAX_DEPTH = 8;

export interface Expanded<T> {
  readonly value: T;
  /** what could not be included, and why (file names only) */
  readonly problems: readonly string[];
}

/** Expands every directive of one text. */
export async function expandText(text: string, read: TemplateFileReader, depth = 0): Promise<Expanded<string>> {
  if (!text.includes(DIRECTIVE)) return { value: text, problems: [] };
  const problems: string[] = [];
  let out = '';
  let rest = text;
  for (let at = rest.indexOf(DIRECTIVE); at !== -1; at = rest.indexOf(DIRECTIVE)) {
    const lineEnd = rest.indexOf('\n', at);
    const end = lineEnd === -1 ? rest.length : lineEnd;
    const name = rest.slice(at + DIRECTIVE.length, end).trim();
    out += rest.slice(0, at);
    rest = rest.slice(end);
    if (depth >= MAX_DEPTH) {
      problems.push(`@include ${name}: includes nested more than ${MAX_DEPTH} deep (a loop?); left out`);
      continue;
    }
    const file = await read(name);
    if (!file.ok) {
      problems.push(`@include ${name}: ${file.message}; left out`);
      continue;
    }
    const inner = await expandText(file.text, read, depth + 1);
    problems.push(...inner.problems);
    out += inner.value;
  }
  return { value: out + rest, problems };
}

/** Expands the directives in every string of a body (object bodies keep their shape; string lines stay lines). */
export async function expandBody(body: DtsBody, read: TemplateFileReader): Promise<Expanded<DtsBody>> {
  const problems: string[] = [];
  const walk = async (value: unknown): Promise<unknown> => {
    if (typeof value === 'string') {
      const expanded = await expandText(value, read);
      problems.push(...expanded.problems);
      return expanded.value;
    }
    if (isStringLines(value) || Array.isArray(value)) return Promise.all(value.map(walk));
    if (isPlainObject(value)) return Object.fromEntries(await Promise.all(Object.entries(value).map(async ([k, v]) => [k, await walk(v)] as const)));
    return value;
  };
  return { value: (await walk(body)) as DtsBody, problems };
}
