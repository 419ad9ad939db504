/**
 * What is written for one saved template: its key fields as the loader normalised them (canonical platform,
 * `''` for every platform / language), `default`, the other fields as sent (`description`, `name`, `hidden`…),
 * then the body: `templateFile` when it names one (the file is the body, so `template` is not written), else
 * `template` as a string — an object body becomes its JSON text (2 spaces), which the loader reads back as the
 * same object. `buttons` stay tables. Fields that only describe an entry in the previous editor (`readonly`,
 * `templateFileContent`) and null values are left out.
 */
import type { DtsEntry } from '../types.ts';

const WRITTEN_APART = new Set(['id', 'type', 'platform', 'language', 'default', 'template', 'templateFile', 'buttons']);
const NOT_WRITTEN = new Set(['readonly', 'templateFileContent']);

/** The body text of a `template` value the loader accepted (a string, or an object). */
export function templateText(template: unknown): string {
  return typeof template === 'string' ? template : `${JSON.stringify(template, null, 2)}\n`;
}

export function savedRecord(entry: DtsEntry): Record<string, unknown> {
  const record: Record<string, unknown> = {
    id: entry.id,
    type: entry.type,
    platform: entry.platform,
    language: entry.language,
    default: entry.default,
  };
  for (const [field, value] of Object.entries(entry.raw)) {
    if (!WRITTEN_APART.has(field) && !NOT_WRITTEN.has(field) && value !== null && value !== undefined) record[field] = value;
  }
  if (entry.templateFile !== undefined) record['templateFile'] = entry.templateFile;
  else record['template'] = templateText(entry.raw['template']);
  if (entry.buttons !== undefined) record['buttons'] = entry.buttons;
  return record;
}
