/**
 * One replay run: the log files in time order, each logged batch inside the time window sent to the target
 * when the pacing says (pacing.ts), its items moved to the present at the moment it is sent (time-shift.ts),
 * through the poster's concurrency limit; bad lines and unreadable files are counted, reported as they are met
 * and skipped. Returns the report. The clock and fetch are injected so tests run without waiting.
 */
import { orderLogFiles, readLogFiles } from './log-files.ts';
import type { LoggedBatch } from './log-line.ts';
import { dueAt, systemClock, waitFor, type Clock, type Pace } from './pacing.ts';
import { createPoster, type FetchLike } from './poster.ts';
import { createTally, type Problem, type ReplayReport } from './report.ts';
import { itemTypes, shiftBody } from './time-shift.ts';
import { inWindow, type TimeWindow } from './time-window.ts';

export interface ReplayOptions {
  readonly files: readonly string[];
  readonly target: string;
  /** 1 = as logged, 2 = twice as fast, Infinity = as fast as the target answers */
  readonly speed: number;
  readonly window: TimeWindow;
  readonly secret: string | null;
  readonly concurrency: number;
  readonly timeoutMs: number;
}

export interface ReplayDeps {
  readonly clock?: Clock;
  readonly fetch?: FetchLike;
  /** each bad line or unreadable file as it is met */
  readonly onProblem?: (problem: Problem) => void;
}

/** The body to send for a batch sent `offsetMs` after it was received, and the types of its items. */
export function replayedBody(batch: LoggedBatch, offsetMs: number): { readonly body: string; readonly types: readonly string[]; readonly shifted: boolean } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(batch.body);
  } catch {
    return { body: batch.body, types: [], shifted: false };
  }
  return { body: JSON.stringify(shiftBody(parsed, offsetMs)), types: itemTypes(parsed), shifted: true };
}

export async function replayLogs(o: ReplayOptions, deps: ReplayDeps = {}): Promise<ReplayReport> {
  const clock = deps.clock ?? systemClock;
  const tally = createTally();
  const poster = createPoster({ target: o.target, secret: o.secret, concurrency: o.concurrency, timeoutMs: o.timeoutMs, now: clock.now, ...(deps.fetch ? { fetch: deps.fetch } : {}) });
  const files = await orderLogFiles(o.files);
  for (const file of files) tally.file(file);
  let pace: Pace | null = null;
  for await (const record of readLogFiles(files)) {
    if (record.kind !== 'batch') {
      const problem = { file: record.file, line: record.line, reason: record.reason };
      if (record.kind === 'bad-line') tally.line();
      tally.problem(problem, record.kind);
      deps.onProblem?.(problem);
      continue;
    }
    tally.line();
    const { batch } = record;
    if (!inWindow(o.window, batch.receivedAt)) {
      tally.outside();
      continue;
    }
    pace ??= { firstReceivedAt: batch.receivedAt, startedAt: clock.now(), speed: o.speed };
    const due = dueAt(pace, batch.receivedAt);
    const wait = waitFor(due, clock.now());
    if (wait > 0) await clock.sleep(wait);
    await poster.send(
      () => {
        const sentAt = clock.now();
        const out = replayedBody(batch, sentAt - batch.receivedAt);
        tally.sent(batch.receivedAt, out.types, out.shifted, sentAt - due);
        return out.body;
      },
      (result) => tally.result(result),
    );
  }
  await poster.idle();
  tally.finished(pace ? clock.now() - pace.startedAt : 0);
  return tally.report();
}
