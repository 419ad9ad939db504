/**
 * The fake's REST route table: `METHOD /path/:param` patterns compiled once, matched against a request path
 * under /api/v10, with what a handler receives and answers.
 */
import type { GatewayHub } from './gateway.ts';
import type { UploadedFile } from './http-io.ts';
import type { FakeDiscordState, FakeUser } from './state.ts';

export interface RouteContext {
  readonly params: Readonly<Record<string, string>>;
  readonly query: URLSearchParams;
  readonly body: unknown;
  /** files uploaded with a multipart body */
  readonly files: readonly UploadedFile[];
  /** the bot whose token authorised the request; null on routes that need no token */
  readonly bot: FakeUser | null;
  readonly state: FakeDiscordState;
  readonly gateway: GatewayHub;
  /** `ws://…` address of the fake's gateway */
  readonly gatewayUrl: string;
}

export interface RouteAnswer {
  readonly status: number;
  readonly body?: unknown;
}

export interface RouteSpec {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly pattern: string;
  /** false: no `Authorization: Bot …` needed (webhook tokens, interaction callbacks) */
  readonly auth?: boolean;
  handle(ctx: RouteContext): RouteAnswer;
}

export interface CompiledRoute extends RouteSpec {
  readonly regex: RegExp;
  readonly names: readonly string[];
}

export interface RouteMatch {
  readonly route: CompiledRoute;
  readonly params: Record<string, string>;
}

export function compileRoutes(specs: readonly RouteSpec[]): CompiledRoute[] {
  return specs.map((spec) => {
    const names: string[] = [];
    const source = spec.pattern
      .split('/')
      .map((part) => {
        if (!part.startsWith(':')) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        names.push(part.slice(1));
        return '([^/]+)';
      })
      .join('/');
    return { ...spec, regex: new RegExp(`^${source}$`), names };
  });
}

/** The route for a method and a (decoded) path, `'method'` when the path exists under another method, or null. */
export function matchRoute(routes: readonly CompiledRoute[], method: string, path: string): RouteMatch | 'method' | null {
  let pathKnown = false;
  for (const route of routes) {
    const found = route.regex.exec(path);
    if (!found) continue;
    pathKnown = true;
    if (route.method !== method) continue;
    const params: Record<string, string> = {};
    route.names.forEach((name, i) => {
      params[name] = found[i + 1]!;
    });
    return { route, params };
  }
  return pathKnown ? 'method' : null;
}
