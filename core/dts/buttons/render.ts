/**
 * Rendering an entry's link buttons for one recipient: `show_if`, `label` and `url` rendered with the message's
 * view (the same call as the body, so the same helpers, partials and private data), then the checks: buttons
 * not meant for the recipient's destination (`applies_to`) or hidden by a falsy `show_if` are left out quietly;
 * a button whose template fails, whose label renders empty or whose url is not an absolute http(s) URL of at most
 * 512 characters is left out and reported; past 25 buttons (5 rows of 5, Discord's limit, kept on every
 * platform as PoracleNG keeps it) the rest are left out and reported. Rows are filled 5 at a time in order.
 * For a shared render (core/pipeline/shared-renders.ts) the texts are rendered once with tokens and each
 * recipient's values are filled in before the checks, so every recipient gets what a render of its own gives.
 */
import type { TemplateDelegate } from 'handlebars';
import type { MessageButton } from '../../model.ts';
import { replaceMarked } from '../../enrich/shortlink/marker.ts';
import type { HandlebarsEnv } from '../helpers/env.ts';
import type { Call } from '../invoke.ts';
import { textFiller } from '../shared-tokens.ts';
import { destinationOf, type LinkButtonDef } from './definition.ts';

export const BUTTONS_PER_ROW = 5;
export const MAX_ROWS = 5;
export const MAX_BUTTONS = BUTTONS_PER_ROW * MAX_ROWS;
/** Discord's limit on a link button's url */
export const MAX_URL_LENGTH = 512;

export interface CompiledButton {
  readonly def: LinkButtonDef;
  readonly label: TemplateDelegate;
  readonly url: TemplateDelegate;
  readonly showIf: TemplateDelegate | null;
}

/** What a button's templates gave for one recipient, or why they failed. */
export type ButtonTexts =
  | { readonly ok: true; readonly shown: string | null; readonly label: string; readonly url: string }
  | { readonly ok: false; readonly reason: string };

/** Why a button was left out of a recipient's message: `render` (a template threw), `label`, `url`, `limit` (past 25). */
export type DropKind = 'render' | 'label' | 'url' | 'limit';

/** Told about each button left out for a reason the operator should hear of. */
export type DropReport = (def: LinkButtonDef, kind: DropKind, detail: string) => void;

export type ButtonRows = readonly (readonly MessageButton[])[];

export function compileButtons(env: HandlebarsEnv, defs: readonly LinkButtonDef[]): readonly CompiledButton[] {
  return defs.map((def) => ({ def, label: env.compile(def.label), url: env.compile(def.url), showIf: def.showIf === undefined ? null : env.compile(def.showIf) }));
}

function textsOf(button: CompiledButton, call: Call): ButtonTexts {
  try {
    return { ok: true, shown: button.showIf ? call(button.showIf) : null, label: call(button.label), url: call(button.url) };
  } catch (err) {
    return { ok: false, reason: err instanceof Error ? err.message : String(err) };
  }
}

/** Every button's texts for one view. */
export function renderButtonTexts(buttons: readonly CompiledButton[], call: Call): ButtonTexts[] {
  return buttons.map((button) => textsOf(button, call));
}

/** Every button's texts rendered once over a tokenised view; the answer fills in one recipient's values. */
export function sharedButtonTexts(buttons: readonly CompiledButton[], call: Call): (values: readonly string[]) => ButtonTexts[] {
  const fillers = buttons.map((button) => {
    const texts = textsOf(button, call);
    if (!texts.ok) return () => texts;
    const shown = texts.shown === null ? null : textFiller(texts.shown);
    const label = textFiller(texts.label);
    const url = textFiller(texts.url);
    return (values: readonly string[]): ButtonTexts => ({ ok: true, shown: shown ? shown(values) : null, label: label(values), url: url(values) });
  });
  return (values) => fillers.map((fill) => fill(values));
}

/** PoracleNG's truthiness of a rendered `show_if`: anything but empty, `false` or `0`. */
function isShown(text: string): boolean {
  const value = text.trim();
  return value !== '' && value !== 'false' && value !== '0';
}

/** Why a rendered url cannot be sent, or null. Shortlink markers (`<S<…>S>`) are read as the URL they hold. */
function urlProblem(url: string): string | null {
  if (url === '') return 'its url rendered empty';
  const plain = replaceMarked(url, new Map());
  if (plain.length > MAX_URL_LENGTH) return `its url is longer than ${MAX_URL_LENGTH} characters`;
  try {
    const parsed = new URL(plain);
    if (parsed.protocol === 'http:' || parsed.protocol === 'https:') return null;
  } catch {
    // not a URL
  }
  return `its url is not an absolute http(s) URL: ${JSON.stringify(plain.slice(0, 120))}`;
}

/** The rows of buttons one recipient gets; undefined when none is left. `targetType` undefined keeps every destination's. */
export function finishButtons(buttons: readonly CompiledButton[], texts: readonly ButtonTexts[], targetType: string | undefined, report: DropReport): ButtonRows | undefined {
  const kept: MessageButton[] = [];
  const destination = targetType === undefined ? null : destinationOf(targetType);
  for (let i = 0; i < buttons.length; i++) {
    const { def } = buttons[i]!;
    const rendered = texts[i]!;
    if (destination !== null && def.appliesTo !== null && !def.appliesTo.includes(destination)) continue;
    if (!rendered.ok) {
      report(def, 'render', `a template failed: ${rendered.reason}`);
      continue;
    }
    if (rendered.shown !== null && !isShown(rendered.shown)) continue;
    const label = rendered.label.trim();
    if (label === '') {
      report(def, 'label', 'its label rendered empty');
      continue;
    }
    const url = rendered.url.trim();
    const problem = urlProblem(url);
    if (problem !== null) {
      report(def, 'url', problem);
      continue;
    }
    if (kept.length === MAX_BUTTONS) {
      report(def, 'limit', `a message holds at most ${MAX_BUTTONS} buttons (${MAX_ROWS} rows of ${BUTTONS_PER_ROW})`);
      continue;
    }
    kept.push({ label, url });
  }
  if (kept.length === 0) return undefined;
  const rows: MessageButton[][] = [];
  for (let i = 0; i < kept.length; i += BUTTONS_PER_ROW) rows.push(kept.slice(i, i + BUTTONS_PER_ROW));
  return rows;
}

/** Every Handlebars text of the buttons (for the shared-render analysis, output-variables.ts). */
export function buttonTemplateTexts(defs: readonly LinkButtonDef[]): string[] {
  return defs.flatMap((def) => (def.showIf === undefined ? [def.label, def.url] : [def.label, def.url, def.showIf]));
}
