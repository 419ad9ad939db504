/**
 * What an editor reads: the loaded entries with their templates (GET /dts/templates, filtered like the previous
 * generation's editor asks), the partials, the variables of an alert type (GET /dts/variables and the previous
 * editor's GET /dts/fields[/:type]), the test webhooks (GET /dts/testdata), the last real webhooks
 * (GET /dts/recent) and the emoji table (GET /dts/emoji).
 */
import { templateFolderReader, type TemplateFileReader } from '../../../dts/template-file-read.ts';
import type { DtsEntry } from '../../../dts/types.ts';
import type { RouteSpec } from '../route-table.ts';
import type { DtsEditorDeps } from './deps.ts';
import { renderPlatformFor, requestedPlatform, testKindFor } from './render-route.ts';

const queryText = (query: Readonly<Record<string, unknown>>, key: string): string => (typeof query[key] === 'string' ? (query[key] as string).trim() : '');

/**
 * An entry as editors show it: its fields as written, the template with `@include`s expanded, and for a
 * templateFile entry the file's own text (what PUT /dts/templates/file writes back, formatting kept).
 */
export async function entryForEditor(entry: DtsEntry, read: TemplateFileReader): Promise<Record<string, unknown>> {
  const file = entry.templateFile === undefined ? null : await read(entry.templateFile);
  return {
    ...entry.raw,
    id: entry.id,
    type: entry.type,
    platform: entry.platform,
    language: entry.language,
    default: entry.default,
    template: entry.body,
    ...(file?.ok ? { templateFileContent: file.text } : {}),
    readonly: entry.source.origin === 'fallback',
    file: entry.source.file,
  };
}

function matches(entry: DtsEntry, filter: Readonly<Record<string, string>>): boolean {
  return (!filter['type'] || entry.type === filter['type']) && (!filter['platform'] || entry.platform === filter['platform']) && (!filter['language'] || entry.language === filter['language']) && (!filter['id'] || entry.id === filter['id']);
}

/** The variables of a preview of the alert type's first test webhook ({} without test data). */
async function sampleView(deps: DtsEditorDeps, alertType: string): Promise<Readonly<Record<string, unknown>>> {
  const kind = testKindFor(deps, alertType);
  const sample = kind === null ? undefined : deps.testCatalog.get(kind)?.[0];
  if (!sample) return {};
  const outcome = await deps.preview({ type: sample.type, message: sample.webhook }, { platform: renderPlatformFor(deps, requestedPlatform(deps, '')), language: 'en', templateId: null, alertType, renderer: null });
  return outcome.ok ? (outcome.results.find((r) => r.alertType === alertType) ?? outcome.results[0])?.view ?? {} : {};
}

/** The names an alert type's plugin declares (templateVariables). */
function declaredVariables(deps: DtsEditorDeps, alertType: string): Set<string> {
  return new Set(deps.registry.alertPlugins.flatMap((p) => p.templateVariables?.[alertType] ?? []));
}

/** Every variable an alert type's messages have: those of a preview of its test webhook and those its plugin declares. */
export async function variablesOf(deps: DtsEditorDeps, alertType: string): Promise<string[]> {
  const names = new Set([...declaredVariables(deps, alertType), ...Object.keys(await sampleView(deps, alertType))]);
  return [...names].sort((a, b) => a.localeCompare(b));
}

/** The alert types editors can pick: every registered plugin's. */
function alertTypes(deps: DtsEditorDeps): string[] {
  return [...new Set(deps.registry.alertPlugins.flatMap((p) => p.alertTypes))];
}

function fieldType(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  return value === null ? 'string' : typeof value;
}

export function catalogRoutes(deps: DtsEditorDeps): RouteSpec[] {
  return [
    {
      method: 'GET',
      path: '/dts/templates',
      handler: async (request) => {
        const filter = Object.fromEntries(['type', 'platform', 'language', 'id'].map((k) => [k, queryText(request.query, k)]));
        if (filter['platform']) filter['platform'] = deps.engine.platformName(filter['platform']);
        const read = templateFolderReader(deps.rootDir);
        return { status: 'ok', templates: await Promise.all(deps.engine.entries().filter((e) => matches(e, filter)).map((e) => entryForEditor(e, read))) };
      },
    },
    { method: 'GET', path: '/dts/partials', handler: async () => ({ status: 'ok', partials: deps.engine.current().partials }) },
    {
      method: 'GET',
      path: '/dts/variables',
      handler: async (request) => {
        const type = queryText(request.query, 'type');
        if (!type) return { status: 'ok', types: alertTypes(deps) };
        return { status: 'ok', type, variables: await variablesOf(deps, type) };
      },
    },
    { method: 'GET', path: '/dts/fields', handler: async () => ({ status: 'ok', types: alertTypes(deps) }) },
    {
      method: 'GET',
      path: '/dts/fields/:type',
      handler: async (request) => {
        const type = request.params['type'] ?? '';
        const view = await sampleView(deps, type);
        const declared = declaredVariables(deps, type);
        const names = [...new Set([...declared, ...Object.keys(view)])].sort((a, b) => a.localeCompare(b));
        const fields = names.map((name) => ({ name, type: fieldType(view[name]), description: '', category: declared.has(name) ? type : 'common' }));
        return { status: 'ok', type, fields };
      },
    },
    {
      method: 'GET',
      path: '/dts/testdata',
      handler: async (request) => {
        const type = queryText(request.query, 'type');
        const testdata = [...deps.testCatalog.entries()].flatMap(([kind, hooks]) => hooks.map((h) => ({ type: h.type, kind, test: h.test, ...(h.location !== undefined ? { location: h.location } : {}), webhook: h.webhook })));
        return { status: 'ok', testdata: type ? testdata.filter((t) => t.type === type || t.kind === type) : testdata };
      },
    },
    { method: 'GET', path: '/dts/recent', handler: async (request) => ({ status: 'ok', events: deps.recent.list(queryText(request.query, 'type') || undefined) }) },
    {
      method: 'GET',
      path: '/dts/emoji',
      handler: async (request) => {
        const tables = deps.gameData().emojiTables();
        const platform = queryText(request.query, 'platform');
        if (!platform) return { status: 'ok', defaults: tables.defaults, platforms: tables.platforms };
        return { status: 'ok', platform, emoji: { ...tables.defaults, ...(tables.platforms[platform] ?? {}) } };
      },
    },
  ];
}
