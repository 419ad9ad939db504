/**
 * What the fake remembers about the traffic: every REST request with its answer's status, matchers that pick
 * requests by method and path (`'POST /channels/:id/messages'`, a RegExp over `"METHOD /path"`, or a predicate),
 * promises that resolve once enough matching requests arrived, and injected failures for the next matches.
 */
import type { FakeFailure } from './errors.ts';
import type { UploadedFile } from './http-io.ts';

export interface RecordedRequest {
  readonly method: string;
  /** the path under /api/v10, without the query */
  readonly path: string;
  /** the query string without `?`, '' when none */
  readonly query: string;
  /** the parsed JSON body (the `payload_json` of a multipart body); undefined when there is none */
  readonly body: unknown;
  /** the file parts of a multipart body (`files[n]`), with their bytes; empty for a JSON body */
  readonly files: readonly UploadedFile[];
  /** the bot token of `Authorization: Bot …`, null when absent */
  readonly token: string | null;
  /** the status the fake answered with */
  readonly status: number;
}

export type RouteMatcher =
  | string
  | RegExp
  | { readonly method?: string; readonly path?: string | RegExp }
  | ((request: { readonly method: string; readonly path: string }) => boolean);

type Predicate = (request: { readonly method: string; readonly path: string }) => boolean;

function pathRegex(pattern: string): RegExp {
  const source = pattern
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}$`);
}

/** A matcher as a predicate. A string is `"METHOD /path"` or `"/path"`; `:name` segments match any one segment. */
export function toPredicate(matcher: RouteMatcher): Predicate {
  if (typeof matcher === 'function') return matcher;
  if (matcher instanceof RegExp) return (r) => matcher.test(`${r.method} ${r.path}`);
  if (typeof matcher === 'string') {
    const [first, second] = matcher.trim().split(/\s+/, 2);
    return toPredicate(second === undefined ? { path: first } : { method: first, path: second });
  }
  const method = matcher.method?.toUpperCase();
  const path = typeof matcher.path === 'string' ? pathRegex(matcher.path) : matcher.path;
  return (r) => (method === undefined || r.method === method) && (path === undefined || path.test(r.path));
}

interface PlannedFailure {
  readonly matches: Predicate;
  readonly failure: FakeFailure;
  remaining: number;
}

interface Waiter {
  readonly matches: Predicate;
  readonly count: number;
  resolve(found: RecordedRequest[]): void;
}

export class RequestRecorder {
  readonly requests: RecordedRequest[] = [];
  private readonly failures: PlannedFailure[] = [];
  private waiters: Waiter[] = [];

  planFailure(matcher: RouteMatcher, failure: FakeFailure, times: number): void {
    if (!Number.isInteger(times) || times < 1) throw new TypeError('fake discord: failNext times must be a positive integer');
    this.failures.push({ matches: toPredicate(matcher), failure, remaining: times });
  }

  /** The failure planned for this request, used up by it; undefined when none is planned. */
  takeFailure(request: { method: string; path: string }): FakeFailure | undefined {
    const planned = this.failures.find((f) => f.remaining > 0 && f.matches(request));
    if (!planned) return undefined;
    planned.remaining -= 1;
    return planned.failure;
  }

  record(request: RecordedRequest): void {
    this.requests.push(request);
    this.waiters = this.waiters.filter((waiter) => {
      const found = this.matching(waiter.matches);
      if (found.length < waiter.count) return true;
      waiter.resolve(found);
      return false;
    });
  }

  matching(matcher: RouteMatcher | Predicate): RecordedRequest[] {
    const matches = toPredicate(matcher);
    return this.requests.filter((r) => matches(r));
  }

  /** Resolves with the matching requests once there are at least `count` of them (at once if there already are). */
  waitFor(matcher: RouteMatcher, count: number): Promise<RecordedRequest[]> {
    const matches = toPredicate(matcher);
    const found = this.matching(matches);
    if (found.length >= count) return Promise.resolve(found);
    return new Promise((resolve) => this.waiters.push({ matches, count, resolve }));
  }
}
