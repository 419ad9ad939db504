/**
 * An entry's `buttons` tables → the link buttons the service sends, and why any other is left out. Field names
 * and meanings are PoracleNG's (`id`, `label`, `style`, `show_if`, `applies_to`, `visible_to`, and the
 * dispatch fields `action`, `response_template_id`, `response_template_inline`, `response_text`), plus `url`:
 * a button with a `url` opens it. PoracleNG's interactive buttons (a dispatch field, no url) need its snapshot
 * store and click handlers; they are left out here, as PoracleNG itself leaves them out while its snapshots are
 * off (its default). A broken button is left out with its reason and the entry loads without it, as PoracleNG
 * does.
 */
import { templateError } from '../syntax.ts';

/** Where a message goes, as `applies_to` names it. */
export type ButtonDestination = 'dm' | 'channel' | 'webhook';

export interface LinkButtonDef {
  /** the button's `id`, or its position (`#2`) when it has none: for log lines */
  readonly name: string;
  /** position in the entry's `buttons` (from 0) */
  readonly index: number;
  /** Handlebars */
  readonly label: string;
  /** Handlebars */
  readonly url: string;
  /** the `show_if` expression as a Handlebars template (`{{…}}` added when written bare); absent = always */
  readonly showIf?: string;
  /** null = every destination (`any`, or no `applies_to`) */
  readonly appliesTo: readonly ButtonDestination[] | null;
}

export interface LinkButtons {
  readonly buttons: readonly LinkButtonDef[];
  /** one line per button left out or field ignored */
  readonly advisories: readonly string[];
}

const DISPATCH_FIELDS = ['action', 'response_template_id', 'response_template_inline', 'response_text'] as const;
const DESTINATIONS: readonly string[] = ['dm', 'channel', 'webhook'];
/** the styles PoracleNG accepts; a link button is always drawn in Discord's link style */
const STYLES: readonly string[] = ['primary', 'secondary', 'success', 'danger', 'link'];

class ButtonError extends Error {}

function present(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '';
}

function nameOf(table: Readonly<Record<string, unknown>>, index: number): string {
  const id = table['id'];
  return (typeof id === 'string' && id.trim() !== '') || typeof id === 'number' ? `"${String(id).trim()}"` : `#${index + 1}`;
}

function templateField(table: Readonly<Record<string, unknown>>, key: string): string {
  const value = table[key];
  if (typeof value !== 'string' || value.trim() === '') throw new ButtonError(value === undefined || value === null ? `"${key}" is missing` : `"${key}" must be a non-empty string`);
  const broken = templateError(value);
  if (broken !== null) throw new ButtonError(`broken Handlebars in "${key}": ${broken}`);
  return value;
}

/** PoracleNG's reading: `{{x}}` or bare `x`, which means `{{x}}`. */
function showIfTemplate(table: Readonly<Record<string, unknown>>): string | undefined {
  const value = table['show_if'];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new ButtonError('"show_if" must be a string');
  const expression = value.trim();
  if (expression === '') return undefined;
  const template = expression.startsWith('{{') ? expression : `{{${expression}}}`;
  const broken = templateError(template);
  if (broken !== null) throw new ButtonError(`broken Handlebars in "show_if": ${broken}`);
  return template;
}

function appliesToOf(table: Readonly<Record<string, unknown>>): readonly ButtonDestination[] | null {
  const value = table['applies_to'];
  if (value === undefined || value === null) return null;
  const list = typeof value === 'string' ? [value] : value;
  if (!Array.isArray(list) || list.length === 0 || !list.every((v) => typeof v === 'string')) throw new ButtonError('"applies_to" must be a list of dm, channel, webhook or any');
  const unknown = list.find((v) => v !== 'any' && !DESTINATIONS.includes(v));
  if (unknown !== undefined) throw new ButtonError(`"applies_to" has "${unknown}" (expected dm, channel, webhook or any)`);
  return list.includes('any') ? null : (list as ButtonDestination[]);
}

function checkVisibleTo(table: Readonly<Record<string, unknown>>): void {
  const value = table['visible_to'];
  if (value === undefined || value === null || value === '' || value === 'anyone') return;
  if (value === 'admin' || value === 'registered') throw new ButtonError(`"visible_to" is "${value}", but anyone who sees a link can open it`);
  throw new ButtonError(`"visible_to" must be anyone, registered or admin, found ${JSON.stringify(value)}`);
}

function readOne(table: Readonly<Record<string, unknown>>, index: number, advisories: string[]): LinkButtonDef | null {
  const name = nameOf(table, index);
  const dispatch = DISPATCH_FIELDS.filter((key) => present(table[key]));
  try {
    if (!present(table['url'])) {
      if (dispatch.length > 0) throw new ButtonError(`"${dispatch[0]}" makes it an interactive button, which is not sent: only link buttons (with a "url") are`);
      throw new ButtonError('"url" is missing');
    }
    if (dispatch.length > 0) throw new ButtonError(`has both "url" and "${dispatch[0]}": a link button only opens its url`);
    const def: LinkButtonDef = { name, index, label: templateField(table, 'label'), url: templateField(table, 'url'), appliesTo: appliesToOf(table) };
    const showIf = showIfTemplate(table);
    checkVisibleTo(table);
    const style = table['style'];
    if (style !== undefined && style !== null && style !== '' && style !== 'link') {
      if (typeof style !== 'string' || !STYLES.includes(style)) throw new ButtonError(`"style" must be primary, secondary, success, danger or link, found ${JSON.stringify(style)}`);
      advisories.push(`button ${name}: "style" ${style} is ignored: a link button is always drawn as a link`);
    }
    return showIf === undefined ? def : { ...def, showIf };
  } catch (err) {
    if (!(err instanceof ButtonError)) throw err;
    advisories.push(`button ${name} left out: ${err.message}`);
    return null;
  }
}

/** The link buttons of an entry's `buttons` tables, in order, and a line for each one left out. */
export function readLinkButtons(tables: readonly Readonly<Record<string, unknown>>[]): LinkButtons {
  const advisories: string[] = [];
  const buttons: LinkButtonDef[] = [];
  tables.forEach((table, index) => {
    const def = readOne(table, index, advisories);
    if (def) buttons.push(def);
  });
  return { buttons, advisories };
}

/** The destination a humans.type is: a user's own chat is a DM, `webhook` a webhook, anything else a channel. */
export function destinationOf(targetType: string): ButtonDestination {
  if (targetType === 'webhook') return 'webhook';
  return targetType.endsWith(':user') ? 'dm' : 'channel';
}
