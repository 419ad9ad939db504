/**
 * The current index of one icon repository: replaced by each successful download, kept when a later download
 * fails. Success and failure are logged when the state changes, so a repeated failure is not repeated in the log.
 */
import type { Logger } from '../log/logger.ts';
import { fetchIconIndex, indexUrl, type IndexFetchOutcome } from './fetch-index.ts';
import type { IconIndex } from './index-file.ts';

export interface IndexSource {
  readonly base: string;
  current(): IconIndex | null;
  /** one download attempt; resolves when it has finished, whatever the outcome */
  load(signal: AbortSignal): Promise<void>;
}

export interface IndexSourceOptions {
  readonly base: string;
  readonly fetch: typeof fetch;
  readonly timeoutMs: number;
  readonly log: Logger;
}

type FailedFetch = Extract<IndexFetchOutcome, { ok: false }>;

/** What the previous attempt gave, so only a change is logged above debug. */
type LastOutcome = 'none' | 'ok' | FailedFetch['reason'];

function logFailure(log: Logger, outcome: FailedFetch, kept: boolean, fields: Record<string, unknown>): void {
  const keeping = kept ? '; keeping the previous index' : '; using the standard file names';
  if (outcome.reason === 'not_found') log.verbose({ ...fields, reason: outcome.reason }, `icons: the repository has no index.json${keeping}`);
  else if (outcome.reason === 'invalid') log.warn({ ...fields, reason: outcome.reason, err: outcome.detail }, `icons: index.json is not a UICONS index (${outcome.detail})${keeping}`);
  else log.warn({ ...fields, reason: outcome.reason, err: outcome.detail }, `icons: could not download index.json (${outcome.detail})${keeping}`);
}

export function createIndexSource(options: IndexSourceOptions): IndexSource {
  const { base, log } = options;
  const url = indexUrl(base);
  let index: IconIndex | null = null;
  let last: LastOutcome = 'none';

  return {
    base,
    current: () => index,
    async load(signal) {
      if (signal.aborted) return;
      const outcome = await fetchIconIndex(base, { fetch: options.fetch, timeoutMs: options.timeoutMs, signal });
      if (signal.aborted) return;
      if (outcome.ok) {
        index = outcome.index;
        const fields = { url, files: outcome.index.fileCount, folders: outcome.index.folders.size };
        if (last !== 'ok') log.info(fields, 'icons: index loaded');
        else log.debug(fields, 'icons: index refreshed');
        last = 'ok';
        return;
      }
      if (last !== outcome.reason) logFailure(log, outcome, index !== null, { url });
      else log.debug({ url, reason: outcome.reason, err: outcome.detail }, 'icons: index still unavailable');
      last = outcome.reason;
    },
  };
}
