/**
 * Compiling and rendering one body. An object body is rendered member by member: every string (at any depth:
 * embed.title, embed.fields[i].value, thumbnail.url, content, sticker…) is a Handlebars template; other values
 * are kept. An array of only strings is joined into one template (the multi-line convention of DTS files).
 * A text body is rendered whole; a result that is a JSON object becomes the body, any other text is `content`.
 * Members of an object body read what is inserted into them as JSON string content, as the previous generations
 * do (json-escapes.ts); a text body gets that from being parsed as JSON after rendering.
 */
import type { TemplateDelegate } from 'handlebars';
import { isPlainObject, isStringLines } from './body.ts';
import type { HandlebarsEnv } from './helpers/env.ts';
import type { RenderData } from './helpers/options.ts';
import { invokerFor, type Call, type Invoke } from './invoke.ts';
import { decodeJsonEscapes, escapeMeetsToken, protectLiteralBackslashes } from './json-escapes.ts';
import { bodyFiller, textFiller, TOKEN_START } from './shared-tokens.ts';
import type { DtsBody } from './types.ts';

type Node =
  | { readonly kind: 'template'; readonly path: string; readonly fn: TemplateDelegate }
  | { readonly kind: 'object'; readonly members: readonly (readonly [string, Node])[] }
  | { readonly kind: 'array'; readonly items: readonly Node[] }
  | { readonly kind: 'value'; readonly value: unknown };

export interface CompiledBody {
  readonly text: boolean;
  readonly root: Node;
  readonly invoke: Invoke;
}

/** A template failed while rendering; `path` names the member (`embed.description`, `` for a text body). */
export class TemplateRenderError extends Error {
  readonly path: string;
  constructor(path: string, cause: unknown) {
    super(`${path ? `${path}: ` : ''}${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'TemplateRenderError';
    this.path = path;
  }
}

function compileNode(env: HandlebarsEnv, value: unknown, path: string): Node {
  if (typeof value === 'string') return { kind: 'template', path, fn: env.compile(protectLiteralBackslashes(value)) };
  if (Array.isArray(value)) {
    if (isStringLines(value)) return { kind: 'template', path, fn: env.compile(protectLiteralBackslashes(value.join(''))) };
    return { kind: 'array', items: value.map((v, i) => compileNode(env, v, `${path}[${i}]`)) };
  }
  if (isPlainObject(value)) {
    return { kind: 'object', members: Object.entries(value).map(([k, v]) => [k, compileNode(env, v, path ? `${path}.${k}` : k)] as const) };
  }
  return { kind: 'value', value };
}

/** Compiles lazily: Handlebars parses each string on its first render. */
export function compileBody(env: HandlebarsEnv, body: DtsBody): CompiledBody {
  const invoke = invokerFor(env);
  return typeof body === 'string'
    ? { text: true, root: { kind: 'template', path: '', fn: env.compile(body) }, invoke }
    : { text: false, root: compileNode(env, body, ''), invoke };
}

/**
 * `decode`: the JSON escapes of each member are decoded (object bodies; not before shared tokens are filled in).
 * `escapes.seen` is set when a member holds a backslash (only such a member can have an escape to decode).
 */
function renderNode(node: Node, call: Call, decode: boolean, escapes: { seen: boolean }): unknown {
  switch (node.kind) {
    case 'template': {
      let out: unknown;
      try {
        out = call(node.fn);
      } catch (err) {
        throw new TemplateRenderError(node.path, err);
      }
      if (typeof out !== 'string' || !out.includes('\\')) return out;
      escapes.seen = true;
      return decode ? decodeJsonEscapes(out) : out;
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, child] of node.members) out[key] = renderNode(child, call, decode, escapes);
      return out;
    }
    case 'array':
      return node.items.map((item) => renderNode(item, call, decode, escapes));
    case 'value':
      return node.value;
  }
}

function textToBody(text: string): Record<string, unknown> {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      if (isPlainObject(parsed)) return parsed;
    } catch {
      // plain text that happens to start with a brace
    }
  }
  return { content: text };
}

export function renderBody(compiled: CompiledBody, view: object, data: RenderData): Record<string, unknown> {
  const rendered = renderNode(compiled.root, compiled.invoke(view, data), !compiled.text, { seen: false });
  if (compiled.text) return textToBody(String(rendered));
  return isPlainObject(rendered) ? rendered : { content: rendered };
}

/**
 * Renders once over a view holding shared tokens (shared-tokens.ts) and answers the body for one recipient's
 * values: a text body is filled in before it is read as JSON, so the result is what a render with the values
 * themselves gives.
 */
export function renderShared(compiled: CompiledBody, view: object, data: RenderData): (values: readonly string[]) => Record<string, unknown> {
  const escapes = { seen: false };
  const rendered = renderNode(compiled.root, compiled.invoke(view, data), false, escapes);
  if (compiled.text) {
    const fill = textFiller(String(rendered));
    return (values) => textToBody(fill(values));
  }
  const body = isPlainObject(rendered) ? rendered : { content: rendered };
  // no backslash: nothing to decode. Else decoded once for the group, unless a value filled in could complete
  // an escape: then per recipient, after filling in
  if (!escapes.seen) {
    const fill = bodyFiller(body);
    return (values) => fill(values) as Record<string, unknown>;
  }
  if (!someString(body, (text) => escapeMeetsToken(text, TOKEN_START))) {
    const fill = bodyFiller(mapStrings(body, decodeJsonEscapes));
    return (values) => fill(values) as Record<string, unknown>;
  }
  const fill = bodyFiller(body);
  return (values) => mapStrings(fill(values), decodeJsonEscapes) as Record<string, unknown>;
}

function someString(value: unknown, test: (text: string) => boolean): boolean {
  if (typeof value === 'string') return test(value);
  if (Array.isArray(value)) return value.some((v) => someString(v, test));
  if (isPlainObject(value)) return Object.values(value).some((v) => someString(v, test));
  return false;
}

function mapStrings(value: unknown, map: (text: string) => string): unknown {
  if (typeof value === 'string') return map(value);
  if (Array.isArray(value)) return value.map((v) => mapStrings(v, map));
  if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapStrings(v, map)]));
  return value;
}
