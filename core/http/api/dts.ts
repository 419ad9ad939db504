/**
 * The template API: POST /api/dts/templates saves templates (core/dts/save), GET|POST /api/dts/reload
 * reloads them from disk (422 with the problems when the files are broken; the previous set stays in use).
 * Only a DtsEngine renderer manages template files; with any other renderer both routes answer 503.
 */
import type { Renderer } from '../../contract.ts';
import { DtsEngine } from '../../dts/engine.ts';
import { TemplateFiles } from '../../dts/save/index.ts';
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

function unmanagedRoutes(): RouteSpec[] {
  // answered here: the error handler hides the message of every 5xx
  const unavailable: Handler = async () => answer(503, errorBody('templates are not managed by the DTS engine'));
  return [{ method: 'POST', path: '/dts/templates', handler: unavailable }, ...reloadRoutes(unavailable)];
}

export function dtsApiRoutes(deps: DtsApiDeps): ApiRoutes {
  return (api) => {
    if (!(deps.renderer instanceof DtsEngine)) return registerRoutes(api, unmanagedRoutes());
    const files = new TemplateFiles({ rootDir: deps.rootDir, log: deps.log, engine: deps.renderer, ...(deps.now ? { now: deps.now } : {}) });
    registerRoutes(api, managedRoutes(files));
  };
}
