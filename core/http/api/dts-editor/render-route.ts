/**
 * POST /api/dts/render: a template (a loaded entry, or the editor's unsaved one) rendered as the recipient will
 * see it, with a plugin's test webhook, a recent real event or a webhook sent along — through the pipeline's own
 * enrichment (pipeline/preview.ts) — or with a ready `view` (the previous generation's editor's shape).
 * Answers `{ status: 'ok', message, platform, alertType, plugin, view? }`, or an error with the template
 * member, line and column (render-error.ts).
 */
import { randomInt } from 'node:crypto';
import type { Renderer, TestWebhook } from '../../../contract.ts';
import { prepareTestWebhook } from '../../../commands/test-webhook.ts';
import type { DtsEntry } from '../../../dts/types.ts';
import type { RenderPlatform } from '../../../pipeline/event-renders.ts';
import { answer, type Handler } from '../route-table.ts';
import type { DtsEditorDeps } from './deps.ts';
import { renderErrorBody, renderErrorStatus } from './render-error.ts';
import { checkRenderBody, type DataSource, type RenderBody } from './render-request.ts';

const fail = (code: number, message: string) => answer(code, { status: 'error', message });

/**
 * The template platform a request names, or the first registered one when it names none (the previous editor
 * leaves it out for its first platform, Discord).
 */
export function requestedPlatform(deps: DtsEditorDeps, written: string): string {
  return written === '' ? (deps.engine.platforms.names[0] ?? '') : written;
}

/** The platform a template platform's messages go to (its command prefix is a template variable). */
export function renderPlatformFor(deps: DtsEditorDeps, templatePlatform: string): RenderPlatform {
  const running = deps.registry.platforms.find((p) => p.templatePlatform === templatePlatform);
  return running ? { name: running.name, templatePlatform, commandPrefix: running.commandPrefix ?? '' } : { name: templatePlatform, templatePlatform, commandPrefix: '!' };
}

/** The test kind whose plugin renders an alert type (e.g. `egg` → the raid plugin's kind). */
export function testKindFor(deps: DtsEditorDeps, alertType: string): string | null {
  const plugin = deps.registry.alertPlugins.find((p) => p.alertTypes.includes(alertType));
  return plugin ? (plugin.testData?.kind ?? plugin.name) : null;
}

/** The kind's first sample whose event is of the alert type (a raid kind's egg for `egg`), else its first. */
function sampleOfType(deps: DtsEditorDeps, samples: readonly TestWebhook[], alertType: string): TestWebhook | undefined {
  const ofType = samples.find((sample) => {
    for (const plugin of deps.registry.pluginsForWebhook(sample.type)) {
      try {
        const parsed = plugin.parse(sample.webhook, { meta: { eventId: 'sample', webhookType: sample.type, receivedAt: deps.now() }, log: deps.log, now: deps.now });
        if (parsed.ok && (plugin.alertTypeOf?.(parsed.event) ?? plugin.alertTypes[0]) === alertType) return true;
      } catch {
        // a sample that does not parse is not the one
      }
    }
    return false;
  });
  return ofType ?? samples[0];
}

type Webhook = { readonly type: string; readonly message: unknown };

function webhookOf(deps: DtsEditorDeps, body: RenderBody, data: Exclude<DataSource, { kind: 'view' }>): Webhook | string {
  if (data.kind === 'event') return { type: data.type, message: data.webhook };
  if (data.kind === 'recent') {
    const event = deps.recent.find(data.id);
    return event ? { type: event.type, message: event.webhook } : `no recent event ${data.id} (recent events are kept in memory, a few per webhook type)`;
  }
  const kind = data.testKind ?? testKindFor(deps, body.type);
  const samples = kind === null ? undefined : deps.testCatalog.get(kind);
  if (!samples || samples.length === 0) return `no test data for ${kind ?? `alert type ${body.type}`}; kinds: ${[...deps.testCatalog.keys()].join(', ')}`;
  const sample = data.test === null ? sampleOfType(deps, samples, body.type) : samples.find((s) => s.test.toLowerCase() === data.test!.toLowerCase());
  if (!sample) return `no test "${data.test ?? ''}" in ${kind}; tests: ${samples.map((s) => s.test).join(', ')}`;
  const encounter = `9${String(randomInt(0, 1e9)).padStart(9, '0')}${String(randomInt(0, 1e9)).padStart(9, '0')}`;
  return { type: sample.type, message: prepareTestWebhook(sample, null, deps.now(), encounter) };
}

/** A renderer of one unsaved entry, whatever entry the request asks for. */
function entryRenderer(deps: DtsEditorDeps, entry: DtsEntry): Renderer {
  return { render: (request) => deps.engine.renderEntry(entry, request.view, { language: request.language, platform: entry.platform, id: entry.id }) };
}

async function rendererFor(deps: DtsEditorDeps, body: RenderBody, platform: string): Promise<Renderer | string> {
  if (body.template === undefined) return deps.engine;
  const raw = { type: body.type, platform, language: body.language, id: body.id ?? '1', template: body.template, ...(body.buttons !== undefined ? { buttons: body.buttons } : {}) };
  const outcome = await deps.engine.unsavedEntry(raw);
  return outcome.ok ? entryRenderer(deps, outcome.entry) : outcome.message;
}

export function renderRoute(deps: DtsEditorDeps): Handler {
  return async (request) => {
    const checked = checkRenderBody(request.body);
    if (!checked.ok) return fail(400, checked.message);
    const body = checked.value;
    let platform: string;
    try {
      platform = deps.engine.platformName(requestedPlatform(deps, body.platform));
    } catch (err) {
      return fail(400, err instanceof Error ? err.message : String(err));
    }
    const renderer = await rendererFor(deps, body, platform);
    if (typeof renderer === 'string') return fail(422, renderer);
    const request0 = { alertType: body.type, platform, language: body.language, templateId: body.id, meta: { eventId: 'studio', webhookType: '', receivedAt: deps.now() } };
    if (body.data.kind === 'view') {
      try {
        return { status: 'ok', message: renderer.render({ ...request0, view: body.data.view }).body, platform, alertType: body.type };
      } catch (err) {
        return answer(renderErrorStatus(err), renderErrorBody(err, body.template));
      }
    }
    const webhook = webhookOf(deps, body, body.data);
    if (typeof webhook === 'string') return fail(404, webhook);
    const outcome = await deps.preview(webhook, { platform: renderPlatformFor(deps, platform), language: body.language, templateId: body.id, alertType: body.type, renderer });
    if (!outcome.ok) return fail(422, outcome.reason);
    const result = outcome.results.find((r) => r.alertType === body.type);
    if (!result) return fail(422, `the webhook is ${outcome.results.map((r) => `a ${r.alertType} event`).join(' and ')}, not ${body.type}; pick data of that type`);
    if (result.error !== undefined || !result.message) return answer(renderErrorStatus(result.error), renderErrorBody(result.error, body.template));
    return { status: 'ok', message: result.message.body, platform, alertType: result.alertType, plugin: result.plugin, ...(body.includeView ? { view: result.view } : {}) };
  };
}
