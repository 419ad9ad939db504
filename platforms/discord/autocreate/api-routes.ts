/**
 * Auto-create below /api (spec: "Auto-create run" and "Templates"; shapes as PoracleNG's editor expects):
 * - `POST /autocreate/run` `{rule, dry_run, removals, force, reset}` → `{status: 'ok', rules: [SyncReport…]}`;
 *   404 for an unknown rule, 503 while the Discord bot is not running, 400 for a wrong body;
 * - `GET /autocreate/templates` → `{status: 'ok', templates: [...]}` (the file as written; `[]` when missing);
 * - `POST /autocreate/templates` `{templates: [...]}` → lints, backs the file up to config/backups/ and writes it
 *   (`{status: 'ok', backup, warnings}`), or 400 `{status: 'error', errors}` and nothing written;
 * - `POST /autocreate/templates/validate` `{templates: [...]}` → `{status: 'ok', warnings}` or 400 with the errors;
 * - `DELETE /autocreate/templates/:name` → `{status: 'ok', backup}`, 404 when there is no such template.
 * Every problem carries its path in the file (`[0].definition.channels[1].buttonStyle`).
 */
import { LookoutError } from '../../../core/errors.ts';
import { badField, objectBody } from '../../../core/http/api/loose-json.ts';
import type { ApiRoute } from '../../../core/http/api/plugin-routes.ts';
import { answer } from '../../../core/http/api/route-table.ts';
import type { Autocreate } from './service.ts';
import { CHANNEL_TEMPLATE_FILE as TEMPLATE_FILE, lintChannelTemplates, readChannelTemplateFile, removeChannelTemplate, writeChannelTemplateFile, type TemplateProblem } from './template/index.ts';

function flag(body: Record<string, unknown>, field: string): boolean {
  const value = body[field];
  if (value === undefined || value === null) return false;
  if (typeof value !== 'boolean') throw badField(field, 'true or false');
  return value;
}

function templatesOf(body: unknown): unknown[] {
  const templates = objectBody(body).templates;
  if (!Array.isArray(templates)) throw badField('templates', 'an array of channel templates');
  return templates;
}

/** Lint problems that stop a save; the rest are warnings. */
function split(problems: readonly TemplateProblem[]): { errors: TemplateProblem[]; warnings: TemplateProblem[] } {
  return { errors: problems.filter((p) => p.severity !== 'warning'), warnings: problems.filter((p) => p.severity === 'warning') };
}

export function autocreateApiRoutes(autocreate: Autocreate, rootDir: string): ApiRoute[] {
  return [
    {
      method: 'POST',
      path: '/autocreate/run',
      async handler(request) {
        const body = objectBody(request.body);
        const rule = body.rule ?? '';
        if (typeof rule !== 'string') throw badField('rule', 'a rule name (empty for every rule)');
        const rules = await autocreate.sync(rule.trim(), { dryRun: flag(body, 'dry_run'), removals: flag(body, 'removals'), force: flag(body, 'force'), reset: flag(body, 'reset') });
        return { status: 'ok', rules };
      },
    },
    {
      method: 'GET',
      path: '/autocreate/templates',
      async handler() {
        const file = await readChannelTemplateFile(autocreate.templatePath);
        return { status: 'ok', templates: Array.isArray(file.raw) ? file.raw : [], problems: file.problems };
      },
    },
    {
      method: 'POST',
      path: '/autocreate/templates/validate',
      async handler(request) {
        const { errors, warnings } = split(lintChannelTemplates(templatesOf(request.body)));
        return errors.length > 0 ? answer(400, { status: 'error', errors, warnings }) : { status: 'ok', warnings };
      },
    },
    {
      method: 'POST',
      path: '/autocreate/templates',
      async handler(request) {
        const templates = templatesOf(request.body);
        const { errors, warnings } = split(lintChannelTemplates(templates));
        if (errors.length > 0) return answer(400, { status: 'error', errors, warnings });
        const { backup } = await writeChannelTemplateFile(rootDir, TEMPLATE_FILE, templates, new Date());
        return { status: 'ok', backup, warnings };
      },
    },
    {
      method: 'DELETE',
      path: '/autocreate/templates/:name',
      async handler(request) {
        const name = request.params.name ?? '';
        const result = await removeChannelTemplate(rootDir, TEMPLATE_FILE, name, new Date());
        if (result === false) throw new LookoutError('NOT_FOUND', `no channel template named "${name}"`, { name });
        return { status: 'ok', backup: result.backup };
      },
    },
  ];
}
