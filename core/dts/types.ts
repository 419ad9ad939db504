/**
 * The shapes of the Dynamic Template System: one loaded entry, where it came from, what went wrong while
 * loading, and the whole loaded set the engine swaps atomically on reload.
 */
import type { LinkButtonDef } from './buttons/definition.ts';

/**
 * A canonical template platform: the `templatePlatform` of a registered platform plugin (platforms.ts); `''` is
 * an entry written for every platform (e.g. shipped help pages).
 */
export type DtsPlatform = string;

/**
 * A message body as loaded: an object whose string members are Handlebars templates (rendered member by
 * member), or a text whose rendered result is parsed as a JSON object when it is one and is otherwise the
 * message `content`.
 */
export type DtsBody = Readonly<Record<string, unknown>> | string;

export type DtsFormat = 'json' | 'toml';

/** Where an entry was loaded from; `file` is relative to the root directory, `index` counts from 0 in that file. */
export interface EntrySource {
  readonly file: string;
  readonly index: number;
  readonly format: DtsFormat;
  /** `fallback` = bundled: fallbacks/dts.json or a plugin's `fallbacks` folder; `config` = an operator file under config/ */
  readonly origin: 'fallback' | 'config';
}

export interface DtsEntry {
  /** normalised to a string (JSON files often write numbers) */
  readonly id: string;
  readonly type: string;
  readonly platform: DtsPlatform;
  /** `''` = language independent (written as missing, empty or `%`) */
  readonly language: string;
  readonly default: boolean;
  /** the body to render (from `template`, or from the file named by `templateFile`) */
  readonly body: DtsBody;
  readonly description?: string;
  /** `[[entry.buttons]]` tables as written (saved back as they are) */
  readonly buttons?: readonly Readonly<Record<string, unknown>>[];
  /** the buttons that are sent: the link buttons of `buttons` that passed their checks (buttons/definition.ts); absent when none */
  readonly linkButtons?: readonly LinkButtonDef[];
  readonly templateFile?: string;
  readonly source: EntrySource;
  /** the entry exactly as written in its file (for the editor to re-emit it) */
  readonly raw: Readonly<Record<string, unknown>>;
}

/** A load problem: the file (relative to the root), the entry index when it concerns one entry, and why. */
export interface DtsProblem {
  readonly file: string;
  /** entry index in the file (from 0); null for a file-level problem; for partials, null with `partial` set */
  readonly entry: number | null;
  readonly partial?: string;
  readonly message: string;
}

/** Everything one load produced. Immutable; the engine swaps whole sets. */
export interface DtsSet {
  /** every accepted entry in load order, including entries later overridden by the same key */
  readonly all: readonly DtsEntry[];
  /** the winners: one entry per (type, platform, id, language), in load order */
  readonly entries: readonly DtsEntry[];
  /** partial name → Handlebars source */
  readonly partials: Readonly<Record<string, string>>;
  readonly problems: readonly DtsProblem[];
  /** informational notices (e.g. a user help entry marked default) */
  readonly advisories: readonly string[];
  readonly loadedAt: number;
}

/** One line naming an entry in messages: `monster/1/discord/en (config/dts.json entry 3)`. */
export function describeEntry(entry: Pick<DtsEntry, 'type' | 'id' | 'platform' | 'language' | 'source'>): string {
  const where = `${entry.source.file} entry ${entry.source.index}`;
  return `${entry.type}/${entry.id}/${entry.platform || '*'}/${entry.language || '*'} (${where})`;
}

export function describeProblem(problem: DtsProblem): string {
  const where = problem.partial !== undefined ? `partial "${problem.partial}"` : problem.entry === null ? '' : `entry ${problem.entry}`;
  return `${problem.file}${where ? ` ${where}` : ''}: ${problem.message}`;
}
