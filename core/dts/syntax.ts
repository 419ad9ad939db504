/**
 * Load-time template check: every Handlebars string must compile (parse + Handlebars' compiler, without
 * keeping the result: the engine compiles lazily on first render). Unknown helpers are not detected here
 * (Handlebars resolves helpers only when rendering); they fail at render with an error naming the entry.
 * A body read from a templateFile is reported without its text: Handlebars quotes the source in its messages,
 * so only the line and the tokens the parser expected are kept.
 */
import Handlebars from 'handlebars';
import { bodyStrings } from './body.ts';
import { quotedName } from './template-file-name.ts';
import type { DtsBody, DtsEntry } from './types.ts';

interface CompileFailure {
  /** the member (`embed.title`), `` for a text body */
  readonly path: string;
  readonly error: unknown;
}

function compileFailure(text: string, path = ''): CompileFailure | null {
  try {
    Handlebars.precompile(text);
    return null;
  } catch (error) {
    return { path, error };
  }
}

function fullReason(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').trim();
}

/** Where Handlebars failed, without the source it quotes: `parse error on line 3: Expecting 'ID', got 'EOF'`. */
function unquotedReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const located = /^(Parse|Lexical) error on line (\d+)/.exec(message);
  if (located) {
    // the last line of a parse error lists token kinds only (`Expecting 'ID', …, got 'EOF'`)
    const expected = /\n(Expecting '[^\n]*)$/.exec(message)?.[1];
    return `${located[1]!.toLowerCase()} error on line ${located[2]}${expected ? `: ${expected}` : ''}`;
  }
  const line = (error as { lineNumber?: unknown }).lineNumber;
  return typeof line === 'number' ? `a block or path error on line ${line}` : 'it does not compile';
}

/** The compile error of a Handlebars string, or null. */
export function templateError(text: string): string | null {
  const failure = compileFailure(text);
  return failure === null ? null : fullReason(failure.error);
}

function firstFailure(body: DtsBody): CompileFailure | null {
  for (const { path, text } of bodyStrings(body)) {
    const failure = compileFailure(text, path);
    if (failure !== null) return failure;
  }
  return null;
}

/** The first compile error of a body, naming the member (`embed.title`), or null. */
export function bodyError(body: DtsBody): string | null {
  const failure = firstFailure(body);
  return failure === null ? null : `broken Handlebars in ${failure.path || 'template'}: ${fullReason(failure.error)}`;
}

/** The first compile error of an entry's body; for a templateFile body it names the file and quotes none of it. */
export function entryBodyError(entry: Pick<DtsEntry, 'body' | 'templateFile'>): string | null {
  if (entry.templateFile === undefined) return bodyError(entry.body);
  const failure = firstFailure(entry.body);
  return failure === null ? null : `templateFile ${quotedName(entry.templateFile)}: broken Handlebars (${unquotedReason(failure.error)})`;
}
