/**
 * A replay run with an injected clock (sleeping moves it on, nothing waits) and an injected fetch: the waits
 * follow the log's pacing scaled by the speed, every batch's times keep their distance to the moment it is
 * sent, --from/--to pick batches by receive time, the concurrency limit holds, and the report counts batches,
 * items by type, statuses, failures, bad lines and the achieved rate.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import type { Clock } from '../../../core/replay-log/pacing.ts';
import type { FetchLike } from '../../../core/replay-log/poster.ts';
import { formatReport } from '../../../core/replay-log/report.ts';
import { replayLogs, type ReplayOptions } from '../../../core/replay-log/replay.ts';
import { NO_WINDOW } from '../../../core/replay-log/time-window.ts';

const dir = mkdtempSync(join(tmpdir(), 'lookout-replay-run-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** receive time of the log's first batch: 2024-05-01T18:00:00Z */
const R0 = Date.UTC(2024, 4, 1, 18);
/** the replay's clock starts two days later */
const C0 = R0 + 2 * 86_400_000;

interface Sent {
  readonly at: number;
  readonly headers: Record<string, string>;
  readonly body: unknown;
}

function fakeClock(start: number): Clock & { sleeps: number[] } {
  let t = start;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => t,
    sleep: async (ms) => {
      sleeps.push(ms);
      t += ms;
    },
  };
}

function jsonOrText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function fakeTarget(clock: Clock, answer: (n: number) => Response | Error = () => Response.json({ status: 'ok', received: 1, queued: 1, rejected: 0 })): { fetch: FetchLike; sent: Sent[]; maxInFlight: () => number } {
  const sent: Sent[] = [];
  let inFlight = 0;
  let most = 0;
  const fetch: FetchLike = async (_url, init) => {
    inFlight++;
    most = Math.max(most, inFlight);
    const n = sent.push({ at: clock.now(), headers: init.headers, body: jsonOrText(init.body) });
    await new Promise((resolve) => setImmediate(resolve));
    inFlight--;
    const outcome = answer(n);
    if (outcome instanceof Error) throw outcome;
    return outcome;
  };
  return { fetch, sent, maxInFlight: () => most };
}

const s = (ms: number) => Math.floor(ms / 1000);
const entry = (receivedAt: number, body: unknown) => JSON.stringify({ time: new Date(receivedAt).toISOString(), ip: '10.0.0.1', body: typeof body === 'string' ? body : JSON.stringify(body) });
/** a pokemon received at `receivedAt` with 15 minutes left */
const pokemonAt = (receivedAt: number, id: string) => ({ type: 'pokemon', message: { encounter_id: id, disappear_time: s(receivedAt) + 900, first_seen: s(receivedAt) - 60 } });

function writeLog(name: string, lines: readonly string[]): string {
  const file = join(dir, name);
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

const LOG = writeLog('webhooks.log', [
  entry(R0, [pokemonAt(R0, 'a')]),
  entry(R0 + 10_000, [pokemonAt(R0 + 10_000, 'b'), { type: 'raid', message: { gym_id: 'g', start: s(R0) + 600, end: s(R0) + 3300 } }]),
  entry(R0 + 40_000, [pokemonAt(R0 + 40_000, 'c')]),
]);

const options = (o: Partial<ReplayOptions> = {}): ReplayOptions => ({ files: [LOG], target: 'http://127.0.0.1:9/', speed: 1, window: NO_WINDOW, secret: null, concurrency: 4, timeoutMs: 5000, ...o });

type Item = { type: string; message: Record<string, number> };

describe('replay run', () => {
  test('speed 1: the log\'s own pacing, and each item as far from its sending as it was from its receipt', async () => {
    const clock = fakeClock(C0);
    const target = fakeTarget(clock);
    const report = await replayLogs(options(), { clock, fetch: target.fetch });
    assert.deepEqual(clock.sleeps, [10_000, 30_000]);
    assert.deepEqual(target.sent.map((p) => p.at - C0), [0, 10_000, 40_000]);
    for (const post of target.sent) {
      const pokemon = (post.body as Item[]).find((i) => i.type === 'pokemon')!;
      assert.equal(pokemon.message.disappear_time! - s(post.at), 900, '15 minutes left when sent, as when received');
      assert.equal(pokemon.message.first_seen! - s(post.at), -60);
    }
    const raid = (target.sent[1]!.body as Item[])[1]!;
    assert.deepEqual(raid.message, { gym_id: 'g', start: s(C0) + 600, end: s(C0) + 3300 });
    assert.equal(report.batches, 3);
    assert.deepEqual(report.itemsByType, { pokemon: 3, raid: 1 });
    assert.deepEqual(report.statuses, { 200: 3 });
    assert.deepEqual(report.answered, { received: 3, queued: 3, rejected: 0 });
    assert.equal(report.elapsedMs, 40_000);
    assert.equal(report.maxLateMs, 0);
  });

  test('speed 2 halves the waits and the distances to now still hold; max sends everything at once', async () => {
    const clock = fakeClock(C0);
    const target = fakeTarget(clock);
    await replayLogs(options({ speed: 2 }), { clock, fetch: target.fetch });
    assert.deepEqual(clock.sleeps, [5_000, 15_000]);
    for (const post of target.sent) assert.equal((post.body as Item[])[0]!.message.disappear_time! - s(post.at), 900);

    const fast = fakeClock(C0);
    const all = fakeTarget(fast);
    const report = await replayLogs(options({ speed: Infinity }), { clock: fast, fetch: all.fetch });
    assert.deepEqual(fast.sleeps, []);
    assert.deepEqual(all.sent.map((p) => p.at), [C0, C0, C0]);
    // sent together, each still has the 15 minutes it had when it was received
    assert.deepEqual(all.sent.map((p) => (p.body as Item[])[0]!.message.disappear_time! - s(C0)), [900, 900, 900]);
    assert.equal(report.batches, 3);
  });

  test('--from/--to pick batches by receive time; the pacing starts at the first one picked', async () => {
    const clock = fakeClock(C0);
    const target = fakeTarget(clock);
    const report = await replayLogs(options({ window: { from: R0 + 5_000, to: R0 + 40_000 } }), { clock, fetch: target.fetch });
    assert.deepEqual(target.sent.map((p) => (p.body as Item[])[0]!.message.encounter_id), ['b', 'c']);
    assert.deepEqual(clock.sleeps, [30_000]);
    assert.equal(report.outsideWindow, 1);
    assert.equal(report.firstReceivedAt, R0 + 10_000);
    const none = await replayLogs(options({ window: { from: R0 + 50_000, to: null } }), { clock: fakeClock(C0), fetch: fakeTarget(clock).fetch });
    assert.equal(none.batches, 0);
    assert.equal(none.outsideWindow, 3);
  });

  test('at most `concurrency` requests in flight; the secret goes in X-Service-Secret', async () => {
    const lines = Array.from({ length: 12 }, (_, i) => entry(R0, [pokemonAt(R0, `p${i}`)]));
    const clock = fakeClock(C0);
    const target = fakeTarget(clock);
    const report = await replayLogs(options({ files: [writeLog('burst.log', lines)], speed: Infinity, concurrency: 3, secret: 's3cret' }), { clock, fetch: target.fetch });
    assert.equal(report.batches, 12);
    assert.equal(target.maxInFlight(), 3);
    assert.ok(target.sent.every((p) => p.headers['x-service-secret'] === 's3cret' && p.headers['content-type'] === 'application/json'));
  });

  test('statuses, failures, bad lines and bodies that are not JSON are all counted, and the run goes on', async () => {
    const file = writeLog('mixed.log', [entry(R0, [pokemonAt(R0, 'a')]), '{oops', entry(R0 + 1000, 'not json at all'), entry(R0 + 2000, [pokemonAt(R0, 'b')]), entry(R0 + 3000, { type: 'quest', message: { updated: s(R0) } })]);
    const clock = fakeClock(C0);
    const problems: string[] = [];
    const answers = [Response.json({ status: 'ok' }), new Response('not json', { status: 400 }), Response.json({ queued: 0, refused: 1 }, { status: 503 }), Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } })];
    const target = fakeTarget(clock, (n) => answers[n - 1]!);
    const report = await replayLogs(options({ files: [file, join(dir, 'missing.log')] }), { clock, fetch: target.fetch, onProblem: (p) => problems.push(`${p.file.slice(dir.length + 1)}:${p.line} ${p.reason}`) });
    assert.equal(report.batches, 4);
    assert.equal(report.unshifted, 1);
    assert.equal((target.sent[1] as { body: unknown }).body, 'not json at all');
    assert.deepEqual(report.itemsByType, { pokemon: 2, quest: 1 });
    assert.deepEqual(report.statuses, { 200: 1, 400: 1, 503: 1 });
    assert.deepEqual(report.errors, { ECONNREFUSED: 1 });
    assert.equal(report.answered.rejected, 1);
    assert.equal(report.badLines, 1);
    assert.equal(report.unreadableFiles, 1);
    assert.equal(report.lines, 5);
    assert.deepEqual(problems, [`mixed.log:2 not JSON (Expected property name or '}' in JSON at position 1)`, 'missing.log:0 cannot be read: no such file']);
    const text = formatReport(report);
    assert.match(text, /batches sent +4 \(1 not JSON: sent as logged, unshifted\)/);
    assert.match(text, /items sent +3: pokemon 2, quest 1/);
    assert.match(text, /HTTP statuses +200 1, 400 1, 503 1/);
    assert.match(text, /no answer +ECONNREFUSED 1/);
    assert.match(text, /mixed\.log:2: not JSON/);
    assert.match(text, /missing\.log: cannot be read: no such file/);
    assert.match(text, /rate +1\.3\/s batches, 1\.0\/s items/);
  });
});
