/**
 * The template API: POST /api/dts/templates saves templates (core/dts/save), GET|POST /api/dts/reload
 * reloads them from disk (422 with the problems when the files are broken; the previous set stays in use), and
 * the editor routes (dts-editor/: render, entries, variables, test data, recent events, emoji, enrich, sendtest,
 * templateFile). Only a DtsEngine renderer manages templates; with any other renderer every route answers 503.
 */
import type { Renderer } from '../../contract.ts';
import { DtsEngine } from '../../dts/engine.ts';
import { TemplateFiles } from '../../dts/save/index.ts';
import type { DtsSet } from '../../dts/types.ts';
import { dtsEditorRoutes, type DtsEditorDeps } from './dts-editor/index.ts';
import type { Logger } from '../../log/logger.ts';
import { errorBody } from '../errors.ts';
import type { ApiRoutes } from '../server.ts';
import { answer, registerRoutes, type Handler, type RouteSpec } from './route-table.ts';

export interface DtsApiDeps {
  /** the app's render hook; routes work only when it is the DTS engine */
  readonly renderer: Renderer;
  readonly rootDir: string;
  readonly log: Logger;
  /** the clock of the backup names (tests) */
  readonly now?: () => Date;
  /** what the editor routes need besides the engine; without it only save and reload are served (unit tests) */
  readonly editor?: Omit<DtsEditorDeps, 'engine' | 'rootDir' | 'log'>;
}

const reloadRoutes = (handler: Handler): RouteSpec[] => [
  { method: 'GET', path: '/dts/reload', handler },
  { method: 'POST', path: '/dts/reload', handler },
];

function managedRoutes(files: TemplateFiles): RouteSpec[] {
  const reload: Handler = async () => {
    const result = await files.reload();
    if (result.ok) return { status: 'ok', entries: result.entries };
    const count = result.problems.length;
    return answer(422, {
      status: 'error',
      message: `templates not reloaded: ${count} problem${count === 1 ? '' : 's'}; the previous templates stay in use`,
      problems: result.problems,
    });
  };
  return [{ method: 'POST', path: '/dts/templates', handler: async (request) => files.save(request.body) }, ...reloadRoutes(reload)];
}

function unmanagedRoutes(managed: readonly RouteSpec[]): RouteSpec[] {
  // answered here: the error handler hides the message of every 5xx
  const unavailable: Handler = async () => answer(503, errorBody('templates are not managed by the DTS engine'));
  return managed.map((route) => ({ ...route, handler: unavailable }));
}

const NO_TEMPLATES: DtsSet = { all: [], entries: [], partials: {}, problems: [], advisories: [], loadedAt: 0 };

export function dtsApiRoutes(deps: DtsApiDeps): ApiRoutes {
  return (api) => {
    // with another renderer an engine over no templates only lists the routes, each answering 503
    const engine = deps.renderer instanceof DtsEngine ? deps.renderer : DtsEngine.fromSet(NO_TEMPLATES, { rootDir: deps.rootDir, log: deps.log, platforms: { names: [], byName: new Map() } });
    const files = new TemplateFiles({ rootDir: deps.rootDir, log: deps.log, engine, ...(deps.now ? { now: deps.now } : {}) });
    const editor = deps.editor ? dtsEditorRoutes({ ...deps.editor, engine, rootDir: deps.rootDir, log: deps.log }, files) : [];
    const routes = [...managedRoutes(files), ...editor];
    registerRoutes(api, deps.renderer instanceof DtsEngine ? routes : unmanagedRoutes(routes));
  };
}
