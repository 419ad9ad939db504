/**
 * config/.cache/autocreate-threads.json: load (missing, corrupt, unknown, PoracleNG), atomic save, prune
 * against the live guild, immutable updates, the thread ids for the keep-alive sweeper.
 */
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import {
  allThreadIds,
  emptyThreadCache,
  loadThreadCache,
  pickerOf,
  pruneThreadCache,
  saveThreadCache,
  withoutParent,
  withParent,
} from '../../../../../platforms/discord/autocreate/cache/thread-cache.ts';
import type { CachedPicker, ThreadCacheFile } from '../../../../../platforms/discord/autocreate/cache/types.ts';
import { captureLog } from '../../../../helpers/log-capture.ts';

const dir = await mkdtemp(join(tmpdir(), 'autocreate-threads-'));
after(() => rm(dir, { recursive: true, force: true }));
let n = 0;
const file = (): string => join(dir, `case-${++n}`, 'config', '.cache', 'autocreate-threads.json');

const pickerA: CachedPicker = {
  guild: 'g1',
  threads: [
    { label: 'Raids', name: 'soho-raids', threadId: 't1', style: 'primary' },
    { label: 'Quests', name: 'soho-quests', threadId: 't2', style: 'secondary' },
  ],
  pickerMessageIds: ['m1'],
};
const pickerB: CachedPicker = { guild: 'g1', threads: [{ label: 'PVP', name: 'mayfair-pvp', threadId: 't3', style: 'danger' }], pickerMessageIds: ['m2', 'm3'] };
const pickerOther: CachedPicker = { guild: 'g2', threads: [{ label: 'Raids', name: 'dublin-raids', threadId: 't9', style: 'success' }], pickerMessageIds: [] };
const sample: ThreadCacheFile = { version: 1, parents: { c1: pickerA, c2: pickerB, c9: pickerOther } };

test('missing file → empty, no warning; save then load round-trips and creates the directories', async () => {
  const path = file();
  const cap = captureLog();
  assert.deepEqual(await loadThreadCache(path, cap.log), emptyThreadCache());
  await saveThreadCache(path, sample);
  assert.deepEqual(await loadThreadCache(path, cap.log), sample);
  assert.equal(cap.lines.length, 0);
  assert.deepEqual(await readdir(join(path, '..')), ['autocreate-threads.json']);
});

test('a corrupt file → empty and a warning naming the file and the reason', async () => {
  const path = file();
  await saveThreadCache(path, sample);
  await writeFile(path, '{"version":1,"parents":{"c1":', 'utf8');
  const cap = captureLog();
  assert.deepEqual(await loadThreadCache(path, cap.log), emptyThreadCache());
  const line = cap.find(/thread cache is unreadable/);
  assert.ok(line);
  assert.equal(line.file, path);
  assert.match(String(line.reason), /invalid JSON/);
});

test('an unknown shape or version → empty and a warning', async () => {
  for (const content of ['[]', '{"version":7,"parents":{}}', '{"c1": 5}']) {
    const path = file();
    await saveThreadCache(path, sample);
    await writeFile(path, content, 'utf8');
    const cap = captureLog();
    assert.deepEqual(await loadThreadCache(path, cap.log), emptyThreadCache(), content);
    assert.ok(cap.find(/not in a known format/), content);
  }
});

test('a PoracleNG thread cache: parents, threads and picker messages are kept, names taken from labels', async () => {
  const path = file();
  await saveThreadCache(path, sample);
  const poracle = {
    '111': { guildId: 'g1', pickerMessageIds: ['m1', 'm2'], threads: [{ threadId: 't1', label: 'Raids', style: 'primary' }, { threadId: 't2', label: 'Quests' }, { label: 'no id' }] },
    '222': { guildId: 'g1', threads: [] },
  };
  await writeFile(path, JSON.stringify(poracle), 'utf8');
  const cap = captureLog();
  assert.deepEqual(await loadThreadCache(path, cap.log), {
    version: 1,
    parents: {
      '111': {
        guild: 'g1',
        pickerMessageIds: ['m1', 'm2'],
        threads: [
          { label: 'Raids', name: 'Raids', threadId: 't1', style: 'primary' },
          { label: 'Quests', name: 'Quests', threadId: 't2', style: 'secondary' },
        ],
      },
      '222': { guild: 'g1', pickerMessageIds: [], threads: [] },
    },
  });
  assert.ok(cap.find(/written by PoracleNG/));
  assert.equal(cap.find(/unexpected shape/)?.dropped, 1);
});

test('prune drops a parent whose channel is gone and threads that are gone; other guilds are left alone', () => {
  const r = pruneThreadCache(sample, new Set(['t1', 't3']), new Set(['c1']), 'g1');
  assert.deepEqual(r.prunedParents, ['c2']);
  assert.equal(r.prunedThreads, 2);
  assert.deepEqual(Object.keys(r.file.parents), ['c1', 'c9']);
  assert.deepEqual(r.file.parents.c1!.threads.map((t) => t.threadId), ['t1']);
  assert.deepEqual(r.file.parents.c1!.pickerMessageIds, ['m1']);
  assert.equal(r.file.parents.c9, pickerOther);
  assert.equal(sample.parents.c1!.threads.length, 2, 'the input is not changed');
});

test('prune keeps a parent with no thread left (its picker messages still need cleaning up); null guild looks at all', () => {
  const r = pruneThreadCache(sample, new Set(), new Set(['c1', 'c2']), null);
  assert.deepEqual(r.prunedParents, ['c9']);
  assert.equal(r.prunedThreads, 4);
  assert.deepEqual(r.file.parents.c2, { ...pickerB, threads: [] });
});

test('prune with everything alive returns the same file', () => {
  const r = pruneThreadCache(sample, new Set(['t1', 't2', 't3', 't9']), new Set(['c1', 'c2', 'c9']), null);
  assert.equal(r.file, sample);
  assert.deepEqual([r.prunedParents, r.prunedThreads], [[], 0]);
});

test('withParent adds or replaces, withoutParent removes, pickerOf reads; the input is never changed', () => {
  const added = withParent(emptyThreadCache(), 'c1', pickerA);
  assert.equal(pickerOf(added, 'c1'), pickerA);
  assert.equal(pickerOf(added, 'constructor'), undefined);
  const replaced = withParent(sample, 'c1', pickerB);
  assert.equal(replaced.parents.c1, pickerB);
  assert.equal(sample.parents.c1, pickerA);
  const removed = withoutParent(sample, 'c2');
  assert.deepEqual(Object.keys(removed.parents), ['c1', 'c9']);
  assert.deepEqual(Object.keys(sample.parents), ['c1', 'c2', 'c9']);
  assert.equal(withoutParent(sample, 'nope'), sample);
});

test('allThreadIds lists every cached thread once, in file order', () => {
  const dup = withParent(sample, 'c3', { guild: 'g1', threads: [{ label: 'x', name: 'x', threadId: 't1', style: 'secondary' }], pickerMessageIds: [] });
  assert.deepEqual(allThreadIds(dup), ['t1', 't2', 't3', 't9']);
  assert.deepEqual(allThreadIds(emptyThreadCache()), []);
});

test('the saved file is this service\'s format', async () => {
  const path = file();
  await saveThreadCache(path, sample);
  assert.deepEqual(JSON.parse(await readFile(path, 'utf8')), sample);
});

test('an empty JSON object (an empty PoracleNG thread cache) is an empty cache without a warning', async () => {
  const path = file();
  await saveThreadCache(path, sample);
  await writeFile(path, '{}', 'utf8');
  const cap = captureLog();
  assert.deepEqual(await loadThreadCache(path, cap.log), emptyThreadCache());
  assert.equal(cap.lines.length, 0);
});
