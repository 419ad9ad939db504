/**
 * The validation step of the pipeline ([validation]): after matching and before enrichment, every recipient of an
 * event is put to the outside validator, once per recipient however many of their rules matched, at most
 * [tuning] validation_max_concurrent calls at once per event. An allowed recipient keeps its matches; a denied one
 * loses them (counted in lookout_matches_dropped_total, reason validation_denied) and is sent the validator's
 * `failure_message` when there is one; a failed call (timeout, unreachable, bad status, malformed answer) allows
 * the recipient with fail_mode open (lookout_validation_fail_open_total) and drops it with fail_mode closed
 * (reason validation_failed, no message). Failures are logged once per run of them (warn), then at debug.
 */
import type { ValidationFailMode } from '../config/index.ts';
import type { HookContext, Match } from '../contract.ts';
import { loggableTargetId } from '../delivery/redact.ts';
import { describeError } from '../errors.ts';
import type { Logger } from '../log/logger.ts';
import type { Metrics } from '../metrics/metrics.ts';
import type { Human } from '../model.ts';
import type { CallOutcome } from './answer.ts';
import type { ValidationCall } from './client.ts';

export interface MatchValidatorOptions {
  readonly call: ValidationCall;
  readonly failMode: ValidationFailMode;
  /** calls in flight at once for one event */
  readonly maxConcurrent: number;
  readonly metrics: Metrics;
  readonly log: Logger;
  /** sends a denied recipient the validator's failure_message (none: not sent) */
  readonly notify?: (human: Human, text: string) => Promise<unknown>;
}

/** The event the matches are for, as the validator is told about it. */
export interface ValidationSubject {
  readonly plugin: string;
  readonly webhookType: string;
  /** the scanner's message as received */
  readonly webhook: unknown;
  /** names of the geofences containing the event */
  readonly areas: readonly string[];
}

export interface MatchValidator {
  /** the matches whose recipients the validator allows, in their order */
  filter(subject: ValidationSubject, matches: readonly Match[], ctx: HookContext): Promise<readonly Match[]>;
}

type Verdict = 'allow' | 'validation_denied' | 'validation_failed';

export function createMatchValidator(o: MatchValidatorOptions): MatchValidator {
  let failuresInARow = 0;

  function failed(outcome: Extract<CallOutcome, { kind: 'failed' }>, human: Human, ctx: HookContext): Verdict {
    failuresInARow++;
    const open = o.failMode === 'open';
    const fields = { eventId: ctx.meta.eventId, target: loggableTargetId(human.id), reason: outcome.reason, detail: outcome.detail, failMode: o.failMode, failures: failuresInARow };
    const text = open ? 'validation call failed; the recipient is let through (fail_mode open)' : 'validation call failed; the recipient is dropped (fail_mode closed)';
    if (failuresInARow === 1) o.log.warn(fields, text);
    else o.log.debug(fields, text);
    if (!open) return 'validation_failed';
    o.metrics.validationFailOpen.inc();
    return 'allow';
  }

  function denied(message: string, human: Human, ctx: HookContext): Verdict {
    o.log.verbose({ eventId: ctx.meta.eventId, target: loggableTargetId(human.id), targetType: human.type, withMessage: message !== '' }, 'validation denied the recipient');
    if (message !== '' && o.notify) {
      o.notify(human, message).catch((err: unknown) => o.log.warn({ eventId: ctx.meta.eventId, target: loggableTargetId(human.id), err: describeError(err) }, 'the validation failure message could not be queued'));
    }
    return 'validation_denied';
  }

  async function decide(human: Human, subject: ValidationSubject, ctx: HookContext): Promise<Verdict> {
    const started = performance.now();
    const outcome = await o.call({ human: { id: human.id, type: human.type, name: human.name }, areas: subject.areas, webhook_type: subject.webhookType, webhook: subject.webhook });
    o.metrics.validationSeconds.observe((performance.now() - started) / 1000);
    o.metrics.validationCalls.inc({ result: outcome.kind === 'failed' ? outcome.reason : outcome.kind });
    if (outcome.kind === 'failed') return failed(outcome, human, ctx);
    if (failuresInARow > 0) {
      o.log.info({ failures: failuresInARow }, 'the validation hook answers again');
      failuresInARow = 0;
    }
    return outcome.kind === 'allowed' ? 'allow' : denied(outcome.message, human, ctx);
  }

  return {
    async filter(subject, matches, ctx) {
      const recipients = [...new Map(matches.map((m) => [m.human.id, m.human])).values()];
      const verdicts = new Map<string, Verdict>();
      let next = 0;
      const worker = async (): Promise<void> => {
        while (next < recipients.length) {
          const human = recipients[next++]!;
          verdicts.set(human.id, await decide(human, subject, ctx));
        }
      };
      await Promise.all(Array.from({ length: Math.min(Math.max(1, o.maxConcurrent), recipients.length) }, worker));
      const kept = matches.filter((m) => {
        const verdict = verdicts.get(m.human.id) ?? 'allow';
        if (verdict === 'allow') return true;
        o.metrics.matchesDropped.inc({ plugin: subject.plugin, reason: verdict });
        return false;
      });
      return kept.length === matches.length ? matches : kept;
    },
  };
}
