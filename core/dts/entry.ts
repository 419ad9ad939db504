/**
 * One written entry → a checked DtsEntry, or the reason it is refused. Field rules:
 * id string|number (→ string), type non-empty string, platform: a registered template platform or one of its
 * aliases (platforms.ts), or '' (missing = ''),
 * language string (missing, '' or '%' = any), default boolean, template object|string or templateFile string,
 * description string, buttons array of tables (the link buttons among them are read by buttons/definition.ts; a
 * button left out is an advisory, never a refusal of the entry). A templateFile is read through the given reader (the template
 * folder only, template-file-read.ts).
 */
import { bodyFromText, isPlainObject } from './body.ts';
import { readLinkButtons } from './buttons/definition.ts';
import { describeType } from './formats/json.ts';
import { normaliseLanguage } from './keys.ts';
import { acceptedPlatforms, normalisePlatform, type TemplatePlatforms } from './platforms.ts';
import { expandBody, expandText } from './includes.ts';
import { templateFileNameProblem, templateFileRefusal } from './template-file-name.ts';
import type { TemplateFileReader } from './template-file-read.ts';
import type { DtsBody, DtsEntry, EntrySource } from './types.ts';

/** A refusal; `platform` is set when the entry names a platform no registered platform plugin renders (checked first). */
export type EntryOutcome =
  | {
      readonly ok: true;
      readonly entry: DtsEntry;
      /** what `@include` could not include and the buttons left out (the entry loads without them) */
      readonly advisories?: readonly string[];
    }
  | { readonly ok: false; readonly message: string; readonly platform?: string };

class FieldError extends Error {}

class PlatformError extends FieldError {
  constructor(readonly platform: string, accepted: string) {
    super(`unknown platform "${platform}" (expected ${accepted})`);
  }
}

function optionalString(raw: Record<string, unknown>, key: string): string | undefined {
  const value = raw[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new FieldError(`"${key}" must be a string, found ${describeType(value)}`);
  return value;
}

function readId(raw: Record<string, unknown>): string {
  const id = raw['id'];
  if (typeof id === 'number' && Number.isFinite(id)) return String(id);
  if (typeof id === 'string' && id.trim() !== '') return id.trim();
  throw new FieldError(id === undefined ? '"id" is missing' : `"id" must be a string or a number, found ${describeType(id)}`);
}

function readButtons(raw: Record<string, unknown>): readonly Readonly<Record<string, unknown>>[] | undefined {
  const buttons = raw['buttons'];
  if (buttons === undefined || buttons === null) return undefined;
  if (!Array.isArray(buttons) || !buttons.every(isPlainObject)) throw new FieldError('"buttons" must be an array of tables');
  return buttons;
}

/** A body from text, its `@include` directives expanded first (as the previous generations read the text whole). */
async function bodyFromIncluding(text: string, read: TemplateFileReader, problems: string[]): Promise<DtsBody> {
  const expanded = await expandText(text, read);
  problems.push(...expanded.problems);
  return bodyFromText(expanded.value);
}

async function readBody(raw: Record<string, unknown>, templateFile: string | undefined, read: TemplateFileReader, problems: string[]): Promise<DtsBody> {
  if (templateFile !== undefined) {
    // checked here too, so no reader is ever handed a name that could leave the template folder
    const problem = templateFileNameProblem(templateFile);
    if (problem !== null) throw new FieldError(templateFileRefusal(templateFile, problem));
    const file = await read(templateFile);
    if (!file.ok) throw new FieldError(file.message);
    return bodyFromIncluding(file.text, read, problems);
  }
  const template = raw['template'];
  if (typeof template === 'string') return bodyFromIncluding(template, read, problems);
  if (isPlainObject(template)) {
    const expanded = await expandBody(template, read);
    problems.push(...expanded.problems);
    return expanded.value;
  }
  if (template === undefined) throw new FieldError('neither "template" nor "templateFile" is given');
  throw new FieldError(`"template" must be an object or a string, found ${describeType(template)}`);
}

export async function toEntry(value: unknown, source: EntrySource, read: TemplateFileReader, platforms: TemplatePlatforms): Promise<EntryOutcome> {
  if (!isPlainObject(value)) return { ok: false, message: `an entry must be an object, found ${describeType(value)}` };
  try {
    const type = optionalString(value, 'type')?.trim();
    if (!type) throw new FieldError('"type" is missing');
    const platformText = optionalString(value, 'platform') ?? '';
    const platform = normalisePlatform(platforms, platformText);
    if (platform === null) throw new PlatformError(platformText, acceptedPlatforms(platforms));
    const isDefault = value['default'] ?? false;
    if (typeof isDefault !== 'boolean') throw new FieldError(`"default" must be true or false, found ${describeType(isDefault)}`);
    const templateFile = optionalString(value, 'templateFile');
    const description = optionalString(value, 'description');
    const buttons = readButtons(value);
    const links = buttons === undefined ? undefined : readLinkButtons(buttons);
    const advisories: string[] = [...(links?.advisories ?? [])];
    const entry: DtsEntry = {
      id: readId(value),
      type,
      platform,
      language: normaliseLanguage(optionalString(value, 'language')),
      default: isDefault,
      body: await readBody(value, templateFile, read, advisories),
      ...(description !== undefined ? { description } : {}),
      ...(buttons !== undefined ? { buttons } : {}),
      ...(links !== undefined && links.buttons.length > 0 ? { linkButtons: links.buttons } : {}),
      ...(templateFile !== undefined ? { templateFile } : {}),
      source,
      raw: value,
    };
    return advisories.length > 0 ? { ok: true, entry, advisories } : { ok: true, entry };
  } catch (err) {
    if (err instanceof PlatformError) return { ok: false, message: err.message, platform: err.platform };
    if (err instanceof FieldError) return { ok: false, message: err.message };
    throw err;
  }
}
