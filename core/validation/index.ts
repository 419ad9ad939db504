/**
 * The external validation hook ([validation]): the recipients of each event put to an outside service before
 * enrichment (see filter.ts, docs/reliability.md "Validation hook"). `matchValidatorFrom` gives none when no URL is
 * set, so the pipeline pays nothing for a hook that is off.
 */
import type { Config } from '../config/index.ts';
import type { Logger } from '../log/logger.ts';
import type { Metrics } from '../metrics/metrics.ts';
import type { Human } from '../model.ts';
import { timeExternal, type ExternalOutcome } from '../metrics/external-call.ts';
import type { CallOutcome } from './answer.ts';
import { validationClient, type FetchLike } from './client.ts';
import { createMatchValidator, type MatchValidator } from './filter.ts';

export type { MatchValidator, ValidationSubject } from './filter.ts';
export type { ValidationRequest } from './answer.ts';

export interface ValidatorSetup {
  readonly config: Config;
  readonly metrics: Metrics;
  readonly log: Logger;
  readonly notify?: (human: Human, text: string) => Promise<unknown>;
  readonly fetch?: FetchLike;
}

/** a validation call as lookout_external_call_seconds counts it: answered (allowed or denied), timed out, or failed */
function outcomeOf(outcome: CallOutcome): ExternalOutcome {
  if (outcome.kind !== 'failed') return 'ok';
  return outcome.reason === 'timeout' ? 'timeout' : 'error';
}

/** The validator [validation] asks for; null when its url is empty. */
export function matchValidatorFrom(s: ValidatorSetup): MatchValidator | null {
  const { url, fail_mode: failMode } = s.config.validation;
  if (url === '') return null;
  const { validation_timeout_ms: timeoutMs, validation_max_concurrent: maxConcurrent } = s.config.tuning;
  s.log.info({ failMode, timeoutMs, maxConcurrent }, 'validation hook on: every matched recipient is put to [validation] url before enrichment');
  const call = validationClient({ url, timeoutMs, ...(s.fetch ? { fetch: s.fetch } : {}) });
  return createMatchValidator({
    call: (request) => timeExternal(s.metrics, 'validation', () => call(request), outcomeOf),
    failMode,
    maxConcurrent,
    metrics: s.metrics,
    log: s.log,
    ...(s.notify ? { notify: s.notify } : {}),
  });
}
