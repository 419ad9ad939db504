/**
 * What a replay did, counted as it goes and written out at the end: files and lines read, bad lines (the first
 * few with file and line), batches outside --from/--to, batches and items sent by webhook type, the target's
 * answers by HTTP status (and, from Lookout, the items it queued and rejected), requests that got no answer by
 * reason, the elapsed time, the achieved rates and speed, and how late the pacing fell behind at worst.
 */
import type { PostResult } from './poster.ts';

/** bad lines and unreadable files named one by one in the report; the rest are counted */
export const PROBLEMS_LISTED = 20;

export interface Problem {
  readonly file: string;
  /** 0 when the whole file is concerned */
  readonly line: number;
  readonly reason: string;
}

export interface ReplayReport {
  /** the files in the order they were read */
  readonly files: readonly string[];
  readonly unreadableFiles: number;
  readonly lines: number;
  readonly badLines: number;
  readonly problems: readonly Problem[];
  readonly outsideWindow: number;
  readonly batches: number;
  /** batches whose body was not JSON: sent as logged, nothing shifted */
  readonly unshifted: number;
  readonly itemsByType: Readonly<Record<string, number>>;
  readonly statuses: Readonly<Record<string, number>>;
  readonly errors: Readonly<Record<string, number>>;
  /** summed over the target's JSON answers that carry them (Lookout's) */
  readonly answered: { readonly received: number; readonly queued: number; readonly rejected: number };
  /** receive times of the first and last replayed batch, unix ms */
  readonly firstReceivedAt: number | null;
  readonly lastReceivedAt: number | null;
  readonly elapsedMs: number;
  /** the most a batch went out after it was due, ms */
  readonly maxLateMs: number;
}

export interface Tally {
  readonly report: () => ReplayReport;
  file(file: string): void;
  problem(problem: Problem, kind: 'bad-line' | 'unreadable'): void;
  line(): void;
  outside(): void;
  sent(receivedAt: number, types: readonly string[], shifted: boolean, lateMs: number): void;
  result(result: PostResult): void;
  finished(elapsedMs: number): void;
}

const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

export function createTally(): Tally {
  const files: string[] = [];
  const problems: Problem[] = [];
  const itemsByType: Record<string, number> = {};
  const statuses: Record<string, number> = {};
  const errors: Record<string, number> = {};
  const answered = { received: 0, queued: 0, rejected: 0 };
  let unreadableFiles = 0, lines = 0, badLines = 0, outsideWindow = 0, batches = 0, unshifted = 0, elapsedMs = 0, maxLateMs = 0;
  let firstReceivedAt: number | null = null;
  let lastReceivedAt: number | null = null;
  return {
    report: () => ({
      files: [...files], unreadableFiles, lines, badLines, problems: [...problems], outsideWindow, batches, unshifted,
      itemsByType: { ...itemsByType }, statuses: { ...statuses }, errors: { ...errors }, answered: { ...answered },
      firstReceivedAt, lastReceivedAt, elapsedMs, maxLateMs,
    }),
    file: (file) => void files.push(file),
    problem(problem, kind) {
      if (kind === 'bad-line') badLines++;
      else unreadableFiles++;
      if (problems.length < PROBLEMS_LISTED) problems.push(problem);
    },
    line: () => void lines++,
    outside: () => void outsideWindow++,
    sent(receivedAt, types, shifted, lateMs) {
      batches++;
      if (!shifted) unshifted++;
      for (const type of types) itemsByType[type] = (itemsByType[type] ?? 0) + 1;
      firstReceivedAt ??= receivedAt;
      lastReceivedAt = receivedAt;
      maxLateMs = Math.max(maxLateMs, lateMs);
    },
    result(r) {
      if (r.status !== null) statuses[String(r.status)] = (statuses[String(r.status)] ?? 0) + 1;
      if (r.error !== null) errors[r.error] = (errors[r.error] ?? 0) + 1;
      if (r.answer) {
        answered.received += num(r.answer.received);
        answered.queued += num(r.answer.queued);
        answered.rejected += num(r.answer.rejected) + num(r.answer.refused);
      }
    },
    finished: (ms) => void (elapsedMs = ms),
  };
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
const perSecond = (n: number, ms: number): string => (ms > 0 ? `${(n / (ms / 1000)).toFixed(1)}/s` : '-');
const counts = (record: Readonly<Record<string, number>>): string =>
  Object.entries(record)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, n]) => `${key} ${n}`)
    .join(', ') || 'none';

/** The report as the command prints it. */
export function formatReport(r: ReplayReport): string {
  const items = Object.values(r.itemsByType).reduce((a, b) => a + b, 0);
  const spanMs = r.firstReceivedAt !== null && r.lastReceivedAt !== null ? r.lastReceivedAt - r.firstReceivedAt : 0;
  const out = [
    `replayed ${r.files.length} file(s): ${r.files.join(', ') || 'none'}`,
    `lines read        ${r.lines} (bad ${r.badLines}, unreadable files ${r.unreadableFiles}, outside --from/--to ${r.outsideWindow})`,
    `batches sent      ${r.batches}${r.unshifted > 0 ? ` (${r.unshifted} not JSON: sent as logged, unshifted)` : ''}`,
    `items sent        ${items}: ${counts(r.itemsByType)}`,
    `HTTP statuses     ${counts(r.statuses)}`,
    `no answer         ${counts(r.errors)}`,
  ];
  if (r.answered.received > 0) out.push(`target answered   received ${r.answered.received}, queued ${r.answered.queued}, rejected/refused ${r.answered.rejected}`);
  if (r.firstReceivedAt !== null && r.lastReceivedAt !== null) {
    out.push(`log span          ${new Date(r.firstReceivedAt).toISOString()} → ${new Date(r.lastReceivedAt).toISOString()} (${seconds(spanMs)})`);
  }
  out.push(
    `elapsed           ${seconds(r.elapsedMs)}${spanMs > 0 && r.elapsedMs > 0 ? ` (achieved speed ×${(spanMs / r.elapsedMs).toFixed(2)})` : ''}, at worst ${seconds(r.maxLateMs)} behind the pacing`,
    `rate              ${perSecond(r.batches, r.elapsedMs)} batches, ${perSecond(items, r.elapsedMs)} items`,
  );
  for (const p of r.problems) out.push(`  ${p.line > 0 ? `${p.file}:${p.line}` : p.file}: ${p.reason}`);
  const unlisted = r.badLines + r.unreadableFiles - r.problems.length;
  if (unlisted > 0) out.push(`  … and ${unlisted} more`);
  return `${out.join('\n')}\n`;
}
