/**
 * The typed view of what Handlebars passes a helper: positional arguments, then an options object with the
 * block (`fn`/`inverse`), the hash and the private data. The render language, alt language and platform are
 * private data: `@language`, `@altLanguage`, `@platform` in templates, `options.data` in helpers.
 */

export interface RenderData {
  readonly language: string;
  /** [locale] language: the secondary language of the `…Alt` helpers */
  readonly altLanguage: string;
  readonly platform: string;
}

export interface FrameOptions {
  readonly data?: Record<string, unknown>;
  readonly blockParams?: unknown[];
}

export interface HelperOptions {
  readonly name: string;
  readonly hash: Readonly<Record<string, unknown>>;
  readonly data?: Readonly<Record<string, unknown>>;
  /** present only when the helper is used as a block */
  readonly fn?: (context: unknown, options?: FrameOptions) => string;
  readonly inverse?: (context: unknown, options?: FrameOptions) => string;
}

/** A helper as the templates call it: `this` is the current context. */
export type Helper = (this: unknown, ...args: unknown[]) => unknown;

function isHelperOptions(value: unknown): value is HelperOptions {
  return value !== null && typeof value === 'object' && 'hash' in value && 'name' in value;
}

/** Splits a helper's arguments into its parameters and the Handlebars options (always the last argument). */
export function split(args: readonly unknown[]): { readonly params: unknown[]; readonly options: HelperOptions } {
  const last = args[args.length - 1];
  if (!isHelperOptions(last)) throw new Error('helper called without Handlebars options');
  return { params: args.slice(0, -1), options: last };
}

function dataString(options: HelperOptions, key: keyof RenderData, fallback: string): string {
  const value = options.data?.[key];
  return typeof value === 'string' && value !== '' ? value : fallback;
}

export const languageOf = (options: HelperOptions): string => dataString(options, 'language', 'en');
export const altLanguageOf = (options: HelperOptions): string => dataString(options, 'altLanguage', 'en');
/** `''` (no platform: the platform-independent emoji) when a helper runs outside a render */
export const platformOf = (options: HelperOptions): string => dataString(options, 'platform', '');

/** A finite number from a number or numeric string; null otherwise. */
export function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

/** A positive whole id (dex number, form, move); null for 0, missing or non-numeric values. */
export function toId(value: unknown): number | null {
  const n = toNumber(value);
  return n !== null && n > 0 ? Math.trunc(n) : null;
}

/** Block use renders `fn` or `inverse`; inline (or sub-expression) use returns the boolean. */
export function blockOrValue(context: unknown, result: boolean, options: HelperOptions): unknown {
  if (!options.fn) return result;
  return result ? options.fn(context) : (options.inverse?.(context) ?? '');
}

/** A child data frame, as Handlebars' own block helpers make them. */
export function childFrame(options: HelperOptions, extra: Record<string, unknown>): Record<string, unknown> {
  return { ...(options.data ?? {}), _parent: options.data, ...extra };
}
