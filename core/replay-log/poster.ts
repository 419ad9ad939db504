/**
 * Posts replayed batches to the target: at most `concurrency` requests in flight (the next batch waits for a
 * free one, so a slow target slows the replay instead of piling requests up), each with a timeout, the
 * X-Service-Secret header when a secret is given. The body is built when its request starts, so the time shift
 * is measured from the moment it is sent. Every answer or failure goes to `onResult`.
 */

export type FetchLike = (url: string, init: { method: string; headers: Record<string, string>; body: string; signal: AbortSignal }) => Promise<Response>;

export interface PostResult {
  /** the HTTP status, or null when no answer came (connection refused, timeout…) */
  readonly status: number | null;
  /** why no answer came */
  readonly error: string | null;
  /** the answer's body when it was a JSON object (Lookout answers `{received, queued, rejected}`) */
  readonly answer: Readonly<Record<string, unknown>> | null;
  readonly ms: number;
}

export interface PosterOptions {
  readonly target: string;
  readonly secret: string | null;
  readonly concurrency: number;
  readonly timeoutMs: number;
  readonly fetch?: FetchLike;
  readonly now?: () => number;
}

export interface Poster {
  /** waits for a free request slot, then builds the body and starts its request (its end is not awaited) */
  send(build: () => string, onResult: (result: PostResult) => void): Promise<void>;
  /** resolves once every request started has ended */
  idle(): Promise<void>;
}

function errorText(err: unknown): string {
  if (err instanceof Error) {
    if (err.name === 'TimeoutError' || err.name === 'AbortError') return 'timed out';
    const cause = (err as { cause?: unknown }).cause;
    const code = typeof cause === 'object' && cause !== null ? (cause as { code?: unknown }).code : undefined;
    return typeof code === 'string' ? code : err.message;
  }
  return String(err);
}

async function answerOf(res: Response): Promise<Record<string, unknown> | null> {
  try {
    const value: unknown = await res.json();
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function createPoster(o: PosterOptions): Poster {
  const fetchFn: FetchLike = o.fetch ?? ((url, init) => fetch(url, init));
  const now = o.now ?? (() => performance.now());
  const headers: Record<string, string> = { 'content-type': 'application/json', ...(o.secret ? { 'x-service-secret': o.secret } : {}) };
  const inFlight = new Set<Promise<void>>();

  const post = async (body: string, onResult: (result: PostResult) => void): Promise<void> => {
    const started = now();
    let result: PostResult;
    try {
      const res = await fetchFn(o.target, { method: 'POST', headers, body, signal: AbortSignal.timeout(o.timeoutMs) });
      result = { status: res.status, error: null, answer: await answerOf(res), ms: now() - started };
    } catch (err) {
      result = { status: null, error: errorText(err), answer: null, ms: now() - started };
    }
    onResult(result);
  };

  return {
    async send(build, onResult) {
      while (inFlight.size >= Math.max(1, o.concurrency)) await Promise.race(inFlight);
      const request: Promise<void> = post(build(), onResult).finally(() => inFlight.delete(request));
      inFlight.add(request);
    },
    async idle() {
      await Promise.all(inFlight);
    },
  };
}
