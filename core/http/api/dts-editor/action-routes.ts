/**
 * The previous generation's editor's actions: POST /dts/enrich (a webhook's variables as a template sees them),
 * POST /dts/sendtest (a template rendered with given variables and sent to one target through the delivery
 * queue), PUT /dts/templates/file (an entry's templateFile text replaced, backed up, reloaded) and DELETE
 * /dts/templates (a template taken out of the operator's files, backed up, reloaded).
 */
import type { TemplateFiles } from '../../../dts/save/index.ts';
import { answer, type RouteSpec } from '../route-table.ts';
import type { DtsEditorDeps } from './deps.ts';
import { renderErrorBody, renderErrorStatus } from './render-error.ts';
import { renderPlatformFor, requestedPlatform } from './render-route.ts';

const fail = (code: number, message: string) => answer(code, { status: 'error', message });
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const textOr = (v: unknown, fallback: string): string => (typeof v === 'string' && v.trim() !== '' ? v.trim() : fallback);

export function actionRoutes(deps: DtsEditorDeps, files: TemplateFiles): RouteSpec[] {
  return [
    {
      method: 'POST',
      path: '/dts/enrich',
      handler: async (request) => {
        const body = request.body;
        if (!isObject(body)) return fail(400, 'the body must be { type, webhook, language?, platform? }');
        if (typeof body['type'] !== 'string' || body['type'] === '') return fail(400, 'type is required');
        if (!isObject(body['webhook'])) return fail(400, 'webhook is required');
        let platform: string;
        try {
          platform = deps.engine.platformName(requestedPlatform(deps, textOr(body['platform'], '')));
        } catch (err) {
          return fail(400, err instanceof Error ? err.message : String(err));
        }
        const outcome = await deps.preview({ type: body['type'], message: body['webhook'] }, { platform: renderPlatformFor(deps, platform), language: textOr(body['language'], 'en'), templateId: null, renderer: null });
        if (!outcome.ok) return fail(422, outcome.reason);
        return { status: 'ok', variables: outcome.results[0]!.view, alertType: outcome.results[0]!.alertType };
      },
    },
    {
      method: 'POST',
      path: '/dts/sendtest',
      handler: async (request) => {
        const body = request.body;
        if (!isObject(body) || body['template'] === undefined || body['template'] === null) return fail(400, 'template is required');
        const target = isObject(body['target']) ? body['target'] : {};
        if (typeof target['id'] !== 'string' || target['id'] === '') return fail(400, 'target.id is required');
        const targetType = textOr(target['type'], 'discord:user');
        if (!deps.messages.serves(targetType)) return fail(503, `no running platform sends to ${targetType}`);
        const language = textOr(body['language'], 'en');
        const entry = await deps.engine.unsavedEntry({ type: 'sendtest', platform: requestedPlatform(deps, textOr(body['platform'], '')), language, id: 'editor', template: body['template'] });
        if (!entry.ok) return fail(400, `invalid template: ${entry.message}`);
        const view = isObject(body['variables']) ? body['variables'] : {};
        let message;
        try {
          message = deps.engine.renderEntry(entry.entry, view, { language, platform: entry.entry.platform });
        } catch (err) {
          return answer(renderErrorStatus(err), renderErrorBody(err, body['template']));
        }
        const queued = await deps.messages.sendBody({ id: target['id'], type: targetType, name: 'DTS Editor Test', language }, message.body, { reference: 'DtsEditor' });
        return queued ? { status: 'ok', message: 'sent' } : fail(503, `no running platform sends to ${targetType}`);
      },
    },
    {
      method: 'PUT',
      path: '/dts/templates/file',
      handler: async (request) => {
        const q = (k: string): string => (typeof request.query[k] === 'string' ? (request.query[k] as string) : '');
        const entry = deps.engine.entries().find((e) => e.type === q('type') && e.platform === q('platform') && e.id === q('id') && (q('language') === '' || e.language === q('language')));
        if (!entry) return fail(404, 'template not found');
        if (entry.templateFile === undefined) return fail(400, 'template uses inline JSON, not a templateFile');
        if (entry.source.origin === 'fallback') return fail(403, 'template is readonly (bundled default)');
        const body = request.body;
        if (!isObject(body) || typeof body['content'] !== 'string') return fail(400, 'the body must be { content: "<the file text>" }');
        return files.writeTemplateFile(entry.templateFile, body['content']);
      },
    },
    {
      method: 'DELETE',
      path: '/dts/templates',
      handler: async (request) => {
        const q = (k: string): string => (typeof request.query[k] === 'string' ? (request.query[k] as string).trim() : '');
        if (!q('type') || !q('platform') || !q('id')) return fail(400, 'type, platform, and id query parameters are required');
        return files.delete({ type: q('type'), platform: q('platform'), language: q('language'), id: q('id') });
      },
    },
  ];
}
