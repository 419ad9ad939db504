/**
 * Reading webhook logs back: lines written by the service's own webhook logger (core/log/webhook-log.ts) in a
 * plain file and gzip-compressed under a rotated name, bad lines reported by file and line and skipped, a
 * missing file and a truncated .gz reported without stopping, several files put in time order.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { openWebhookLog } from '../../../core/log/webhook-log.ts';
import { orderByFirstTime, orderLogFiles, readLogFiles } from '../../../core/replay-log/log-files.ts';
import { parseLogLine } from '../../../core/replay-log/log-line.ts';
import { readLogFile, type LogRecord } from '../../../core/replay-log/read-log.ts';

const dir = mkdtempSync(join(tmpdir(), 'lookout-replay-read-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const BODIES = [
  JSON.stringify([{ type: 'pokemon', message: { encounter_id: '1', pokemon_name: 'Nidoran♀ "quoted"', disappear_time: 1_714_587_300 } }]),
  JSON.stringify([{ type: 'raid', message: { gym_id: 'g', end: 1_714_589_100 } }, { type: 'quest', message: { updated: 1_714_586_400 } }]),
  '{"type":"weather",\n"message":{"updated":1714586400}}',
];

async function writeWithServiceLogger(name: string): Promise<string> {
  const log = openWebhookLog({ filename: name, maxSizeMb: 10, maxAgeDays: 0, maxBackups: 2, compress: false }, dir);
  for (const body of BODIES) log.write('10.0.0.7', body);
  await log.close();
  return join(dir, name);
}

async function collect(records: AsyncIterable<LogRecord>): Promise<LogRecord[]> {
  const out: LogRecord[] = [];
  for await (const r of records) out.push(r);
  return out;
}

const line = (time: string, body: unknown) => JSON.stringify({ time, ip: '127.0.0.1', body: JSON.stringify(body) });

describe('reading webhook logs', () => {
  test('the service logger\'s lines read back as written: time, address and the body byte for byte', async () => {
    const before = Date.now();
    const file = await writeWithServiceLogger('webhooks.log');
    const records = await collect(readLogFile(file));
    assert.deepEqual(records.map((r) => r.kind), ['batch', 'batch', 'batch']);
    assert.deepEqual(records.map((r) => (r.kind === 'batch' ? r.batch.body : null)), BODIES);
    for (const r of records) {
      assert.ok(r.kind === 'batch');
      assert.equal(r.batch.ip, '10.0.0.7');
      assert.ok(r.batch.receivedAt >= before - 1000 && r.batch.receivedAt <= Date.now() + 1000);
    }
    assert.deepEqual(records.map((r) => r.line), [1, 2, 3]);
  });

  test('a gzip-compressed rotated file reads the same as the plain one', async () => {
    const plain = await writeWithServiceLogger('plain.log');
    const rotated = join(dir, 'webhooks.20240501-180000.1.log.gz');
    writeFileSync(rotated, gzipSync(readFileSync(plain)));
    const strip = (rs: LogRecord[]) => rs.map((r) => (r.kind === 'batch' ? r.batch : r.kind));
    assert.deepEqual(strip(await collect(readLogFile(rotated))), strip(await collect(readLogFile(plain))));
  });

  test('bad lines are named by file and line and skipped; blank lines are ignored; a cut-off last line is bad', async () => {
    const file = join(dir, 'bad.log');
    writeFileSync(file, [line('2024-05-01T18:00:00.000Z', []), '{not json', '', JSON.stringify({ time: 'yesterday', body: '[]' }), JSON.stringify({ time: '2024-05-01T18:00:01Z' }), line('2024-05-01T18:00:02.000Z', []), '{"time":"2024-05-01T18:00:03.0'].join('\n'));
    const records = await collect(readLogFile(file));
    assert.deepEqual(records.map((r) => `${r.kind}@${r.line}`), ['batch@1', 'bad-line@2', 'bad-line@4', 'bad-line@5', 'batch@6', 'bad-line@7']);
    const reasons = records.filter((r) => r.kind === 'bad-line').map((r) => (r.kind === 'bad-line' ? r.reason : ''));
    assert.match(reasons[0]!, /^not JSON/);
    assert.match(reasons[1]!, /"time" is not a date/);
    assert.match(reasons[2]!, /no "body" string/);
    assert.ok(records.every((r) => r.file === file));
  });

  test('a missing file and a truncated .gz end in an unreadable record, after what could be read', async () => {
    const missing = join(dir, 'nope.log');
    assert.deepEqual(await collect(readLogFile(missing)), [{ kind: 'unreadable', file: missing, line: 0, reason: 'cannot be read: no such file' }]);
    const lines = Array.from({ length: 200 }, (_, i) => line(new Date(Date.UTC(2024, 4, 1, 18, 0, i)).toISOString(), [{ type: 'quest', message: { n: i, pad: 'x'.repeat(200) } }])).join('\n');
    const zipped = gzipSync(lines);
    const cut = join(dir, 'cut.log.gz');
    writeFileSync(cut, zipped.subarray(0, Math.floor(zipped.length * 0.6)));
    const records = await collect(readLogFile(cut));
    const last = records.at(-1)!;
    assert.equal(last.kind, 'unreadable');
    assert.match(last.reason, /^breaks off after line \d+/);
    assert.ok(records.filter((r) => r.kind === 'batch').length > 10, 'the lines before the break are read');
  });

  test('several files are read in the order of their first receive time; files without one go last', async () => {
    const late = join(dir, 'late.log');
    const early = join(dir, 'early.log.gz');
    const empty = join(dir, 'empty.log');
    writeFileSync(late, `${line('2024-05-01T19:00:00.000Z', [{ type: 'quest', message: {} }])}\n`);
    writeFileSync(early, gzipSync(`{broken\n${line('2024-05-01T18:00:00.000Z', [])}\n`));
    writeFileSync(empty, '');
    const missing = join(dir, 'gone.log');
    const ordered = await orderLogFiles([missing, late, empty, early]);
    assert.deepEqual(ordered, [early, late, missing, empty]);
    const kinds = (await collect(readLogFiles(ordered))).map((r) => `${r.kind}:${r.file === early ? 'early' : r.file === late ? 'late' : 'other'}`);
    assert.deepEqual(kinds, ['bad-line:early', 'batch:early', 'batch:late', 'unreadable:other']);
    assert.deepEqual(orderByFirstTime([{ file: 'b', first: 2 }, { file: 'x', first: null }, { file: 'a', first: 1 }, { file: 'c', first: 2 }]), ['a', 'b', 'c', 'x']);
  });

  test('a log line as a pure function', () => {
    assert.equal(parseLogLine('   '), null);
    assert.deepEqual(parseLogLine('{"time":"2024-05-01T18:00:00.000Z","ip":"::1","body":"[]"}'), { ok: true, batch: { receivedAt: Date.UTC(2024, 4, 1, 18), ip: '::1', body: '[]' } });
    assert.deepEqual(parseLogLine('[1]'), { ok: false, reason: 'not a JSON object' });
  });
});
