/**
 * A failed render as the editor shows it: the message, the template member (`embed.description`) and, when the
 * error tells, the line and column — in the editor's text when the template came from it, else inside the member.
 */
import { TemplateRenderError } from '../../../dts/render.ts';
import { LookoutError } from '../../../errors.ts';
import { memberAt, positionInEditor, positionInTemplate, type TemplatePosition } from './error-position.ts';

export interface RenderErrorBody {
  readonly status: 'error';
  readonly message: string;
  readonly path?: string;
  readonly line?: number;
  readonly column?: number;
}

function renderErrorIn(err: unknown): TemplateRenderError | null {
  for (let e: unknown = err; e instanceof Error; e = e.cause) if (e instanceof TemplateRenderError) return e;
  return null;
}

function parsedTemplate(template: unknown): unknown {
  if (typeof template !== 'string') return template;
  try {
    return JSON.parse(template) as unknown;
  } catch {
    return template;
  }
}

/** `template`: what the request sent (the editor's text or object), or undefined for a loaded entry. */
export function renderErrorBody(err: unknown, template: unknown): RenderErrorBody {
  const message = err instanceof Error ? err.message : String(err);
  const failed = renderErrorIn(err);
  if (!failed) return { status: 'error', message };
  const parsed = parsedTemplate(template);
  const member = typeof parsed === 'string' ? parsed : memberAt(parsed, failed.path);
  const inner = member === null ? null : positionInTemplate(failed.cause, member);
  let at: TemplatePosition | null = inner;
  if (inner && member !== null && typeof template === 'string' && typeof parsed !== 'string') at = positionInEditor(template, member, inner) ?? inner;
  return { status: 'error', message, ...(failed.path ? { path: failed.path } : {}), ...(at ? { line: at.line, column: at.column } : {}) };
}

/** The HTTP status of a render failure: 404 for a missing template, 400 for a bad request, 422 for a template error. */
export function renderErrorStatus(err: unknown): number {
  if (err instanceof LookoutError && err.code === 'NOT_FOUND') return 404;
  if (renderErrorIn(err)) return 422;
  return err instanceof LookoutError && err.kind === 'input' ? 400 : 500;
}
