/**
 * The body of POST /api/dts/render, checked: what to render (a loaded entry by type/platform/language/id, or an
 * unsaved `template`) and with which data (a plugin's test webhook, a recent event, a webhook given inline, or a
 * ready `view` as the previous generation's editor sends). Wrong bodies get a message saying what is wrong.
 */
export type DataSource =
  | { readonly kind: 'test'; readonly testKind: string | null; readonly test: string | null }
  | { readonly kind: 'event'; readonly type: string; readonly webhook: Readonly<Record<string, unknown>> }
  | { readonly kind: 'recent'; readonly id: string }
  | { readonly kind: 'view'; readonly view: Readonly<Record<string, unknown>> };

export interface RenderBody {
  /** the DTS alert type, e.g. `monster` */
  readonly type: string;
  /** '' = the first registered template platform */
  readonly platform: string;
  readonly language: string;
  /** null = the default template id */
  readonly id: string | null;
  /** an unsaved template (object, or the editor's text); absent = the loaded entry */
  readonly template?: unknown;
  readonly buttons?: unknown;
  readonly data: DataSource;
  /** answer the variables too */
  readonly includeView: boolean;
}

export type Checked<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly message: string };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function text(body: Record<string, unknown>, key: string): string | undefined | null {
  const v = body[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'number') return String(v);
  return typeof v === 'string' ? v.trim() : null;
}

function dataSource(body: Record<string, unknown>): Checked<DataSource> {
  if (body['view'] !== undefined) return isObject(body['view']) ? { ok: true, value: { kind: 'view', view: body['view'] } } : { ok: false, message: '"view" must be an object of variables' };
  const event = body['event'];
  if (event !== undefined) {
    if (!isObject(event) || typeof event['type'] !== 'string' || !isObject(event['webhook'])) return { ok: false, message: '"event" must be { type: <webhook type>, webhook: { … } }' };
    return { ok: true, value: { kind: 'event', type: event['type'], webhook: event['webhook'] } };
  }
  const recent = text(body, 'eventId');
  if (recent === null) return { ok: false, message: '"eventId" must be a string' };
  if (recent) return { ok: true, value: { kind: 'recent', id: recent } };
  const test = body['test'];
  if (test === undefined || test === null) return { ok: true, value: { kind: 'test', testKind: null, test: null } };
  if (typeof test === 'string') return { ok: true, value: { kind: 'test', testKind: null, test } };
  if (!isObject(test)) return { ok: false, message: '"test" must be a test name or { kind, test }' };
  const testKind = test['kind'];
  const name = test['test'];
  if ((testKind !== undefined && typeof testKind !== 'string') || (name !== undefined && typeof name !== 'string')) return { ok: false, message: '"test.kind" and "test.test" must be strings' };
  return { ok: true, value: { kind: 'test', testKind: testKind ?? null, test: name ?? null } };
}

export function checkRenderBody(body: unknown): Checked<RenderBody> {
  if (!isObject(body)) return { ok: false, message: 'the body must be a JSON object' };
  const type = text(body, 'type');
  if (!type) return { ok: false, message: '"type" (the alert type, e.g. monster) is required' };
  const platform = text(body, 'platform');
  const language = text(body, 'language');
  const id = text(body, 'id');
  if (platform === null || language === null || id === null) return { ok: false, message: '"platform", "language" and "id" must be strings' };
  const data = dataSource(body);
  if (!data.ok) return data;
  const template = body['template'];
  if (template !== undefined && typeof template !== 'string' && !isObject(template)) return { ok: false, message: '"template" must be an object or a string' };
  return {
    ok: true,
    value: {
      type,
      platform: platform ?? '',
      language: language || 'en',
      id: id || null,
      ...(template !== undefined ? { template } : {}),
      ...(body['buttons'] !== undefined ? { buttons: body['buttons'] } : {}),
      data: data.value,
      includeView: body['includeView'] === true,
    },
  };
}
