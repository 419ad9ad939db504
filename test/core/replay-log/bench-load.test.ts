/**
 * The bench's replayed load (test/bench/replay-load.ts, `npm run bench -- --replay <log>`): a log's items in
 * time order across files, each shifted to the bench's "now", starting over when used up, with pokemon
 * encounter ids unique per phase and pass; a log without items or a missing file is refused with its name.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { loadReplayItems, replayStream } from '../../bench/replay-load.ts';

const dir = mkdtempSync(join(tmpdir(), 'lookout-bench-replay-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const R0 = 1_714_586_400;
const line = (atS: number, body: unknown) => JSON.stringify({ time: new Date(atS * 1000).toISOString(), ip: '::1', body: JSON.stringify(body) });

test('the items of the log, in time order, shifted to now, again and again with fresh encounter ids', async () => {
  const later = join(dir, 'webhooks.log');
  const earlier = join(dir, 'webhooks.20240501-180000.1.log.gz');
  writeFileSync(later, `${line(R0 + 60, [{ type: 'raid', message: { gym_id: 'g', end: R0 + 960 } }])}\n{bad\n`);
  writeFileSync(earlier, gzipSync(`${line(R0, [{ type: 'pokemon', message: { encounter_id: 'e1', disappear_time: R0 + 600 } }, 'junk'])}\n`));
  const load = await loadReplayItems([later, earlier]);
  assert.deepEqual(load.files, [earlier, later]);
  assert.equal(load.badLines, 1);
  assert.deepEqual(load.items.map((i) => i.item.type), ['pokemon', 'raid']);

  const now = R0 + 86_400;
  const stream = replayStream(load, 'S-1-rate');
  assert.deepEqual(stream.batch(3, now), [
    { type: 'pokemon', message: { encounter_id: 'e1-S-1-rate-0', disappear_time: now + 600 } },
    { type: 'raid', message: { gym_id: 'g', end: now + 900 } },
    { type: 'pokemon', message: { encounter_id: 'e1-S-1-rate-1', disappear_time: now + 600 } },
  ]);
  assert.equal((replayStream(load, 'S-1-slow').next(now).message as { encounter_id: string }).encounter_id, 'e1-S-1-slow-0');
});

test('a log without items, or a file that cannot be read, is refused with its name', async () => {
  const empty = join(dir, 'empty.log');
  writeFileSync(empty, '{bad\n');
  await assert.rejects(loadReplayItems([empty]), /--replay: no webhook items in .*empty\.log \(1 bad lines\)/);
  await assert.rejects(loadReplayItems([join(dir, 'absent.log')]), /--replay .*absent\.log: cannot be read: no such file/);
});
