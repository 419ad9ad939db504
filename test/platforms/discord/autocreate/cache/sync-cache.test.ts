/**
 * config/.cache/autocreate.json: load (missing, corrupt, unknown, PoracleNG), atomic save, prune against the
 * live guild, immutable updates.
 */
import assert from 'node:assert/strict';
import { mkdtemp, open, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import {
  emptyRuleState,
  emptySyncCache,
  loadSyncCache,
  pruneSyncCache,
  ruleStateOf,
  saveSyncCache,
  withFence,
  withoutFence,
  withRule,
} from '../../../../../platforms/discord/autocreate/cache/sync-cache.ts';
import { UNKNOWN_CHANNEL_INDEX, type CachedFence, type RuleSyncState, type SyncCacheFile } from '../../../../../platforms/discord/autocreate/cache/types.ts';
import { captureLog } from '../../../../helpers/log-capture.ts';

const dir = await mkdtemp(join(tmpdir(), 'autocreate-cache-'));
after(() => rm(dir, { recursive: true, force: true }));
let n = 0;
const file = (): string => join(dir, `case-${++n}`, 'config', '.cache', 'autocreate.json');

function cachedFence(name: string, over: Partial<CachedFence> = {}): CachedFence {
  return {
    fence: name,
    args: ['London', name],
    categoryId: 'cat-1',
    channels: [
      { index: 0, name: `${name.toLowerCase()}-alerts`, channelId: `${name}-c0`, webhookId: `${name}-w0`, webhookUrl: `https://discord.invalid/api/webhooks/${name}` },
      { index: 1, name: `${name.toLowerCase()}-chat`, channelId: `${name}-c1` },
    ],
    updatedAt: '2025-01-02T03:04:05.000Z',
    ...over,
  };
}

const state: RuleSyncState = { rule: 'uk', guild: '123', template: 'area', fences: { Soho: cachedFence('Soho'), Mayfair: cachedFence('Mayfair') }, lastRun: '2025-01-02T03:04:05.000Z' };
const sample: SyncCacheFile = { version: 1, rules: { uk: state } };

test('a missing file is an empty cache, without a warning', async () => {
  const cap = captureLog();
  assert.deepEqual(await loadSyncCache(file(), cap.log), emptySyncCache());
  assert.equal(cap.lines.length, 0);
});

test('save then load gives the same content back, creating the directories', async () => {
  const path = file();
  await saveSyncCache(path, sample);
  const cap = captureLog();
  assert.deepEqual(await loadSyncCache(path, cap.log), sample);
  assert.equal(cap.lines.length, 0);
  assert.deepEqual(JSON.parse(await readFile(path, 'utf8')), sample);
});

test('save is atomic: the file is replaced by a rename (a reader of the old file sees it whole), no temp file stays', async () => {
  const path = file();
  await saveSyncCache(path, sample);
  const before = await stat(path);
  const reader = await open(path, 'r');
  try {
    await saveSyncCache(path, withRule(sample, emptyRuleState('ie', '9', 'area')));
    assert.notEqual((await stat(path)).ino, before.ino);
    assert.deepEqual(JSON.parse(await reader.readFile('utf8')), sample);
  } finally {
    await reader.close();
  }
  assert.deepEqual(Object.keys((await loadSyncCache(path, captureLog().log)).rules), ['uk', 'ie']);
  assert.deepEqual(await readdir(join(path, '..')), ['autocreate.json']);
});

test('a corrupt file is an empty cache and a warning naming the file and the reason', async () => {
  const path = file();
  await saveSyncCache(path, sample);
  await writeFile(path, '{"version": 1, "rules": {', 'utf8');
  const cap = captureLog();
  assert.deepEqual(await loadSyncCache(path, cap.log), emptySyncCache());
  const line = cap.find(/auto-create cache is unreadable/);
  assert.ok(line);
  assert.equal(line.level, 'warn');
  assert.equal(line.file, path);
  assert.match(String(line.reason), /invalid JSON/);
});

test('an unknown shape or version is an empty cache and a warning', async () => {
  for (const content of ['[1,2]', '{"version": 2, "rules": {}}', '{"something": "else"}', '"text"']) {
    const path = file();
    await saveSyncCache(path, sample);
    await writeFile(path, content, 'utf8');
    const cap = captureLog();
    assert.deepEqual(await loadSyncCache(path, cap.log), emptySyncCache(), content);
    const line = cap.find(/not in a known format/);
    assert.ok(line, content);
    assert.equal(line.file, path);
    assert.ok(typeof line.reason === 'string' && line.reason !== '');
  }
});

test('entries of a wrong shape are dropped with a warning; the rest is kept', async () => {
  const path = file();
  await saveSyncCache(path, sample);
  const raw = JSON.parse(await readFile(path, 'utf8')) as { rules: Record<string, unknown> };
  raw.rules.broken = { guild: 5 };
  (raw.rules.uk as { fences: Record<string, unknown> }).fences.Bad = 'nope';
  ((raw.rules.uk as { fences: Record<string, { channels: unknown[] }> }).fences.Soho!.channels).push({ index: 2, name: 'no-id' });
  await writeFile(path, JSON.stringify(raw), 'utf8');
  const cap = captureLog();
  const loaded = await loadSyncCache(path, cap.log);
  assert.deepEqual(Object.keys(loaded.rules), ['uk']);
  assert.deepEqual(Object.keys(loaded.rules.uk!.fences), ['Soho', 'Mayfair']);
  assert.equal(loaded.rules.uk!.fences.Soho!.channels.length, 2);
  assert.equal(cap.find(/unexpected shape/)?.dropped, 3);
});

test("a PoracleNG cache file: guild, fences, categories and channels are kept; the master channel is index 0", async () => {
  const path = file();
  await saveSyncCache(path, sample);
  const poracle = {
    uk: {
      guild_id: '123',
      categories: [{ name: 'London', id: 'cat-9' }],
      fences: {
        Soho: { category_id: 'cat-9', channel_id: 'c-master', channel_ids: { 'soho-chat': 'c-chat', soho: 'c-master' }, threads: { soho: { Raids: 't-1' } } },
        Old: { category_id: '', channel_id: 'c-old' },
        Cleared: { category_id: '', channel_id: '' },
      },
      last_sync: '2025-05-06T07:08:09Z',
    },
    never: { guild_id: '77', categories: null, fences: null, last_sync: '0001-01-01T00:00:00Z' },
  };
  await writeFile(path, JSON.stringify(poracle, null, 2), 'utf8');
  const cap = captureLog();
  const loaded = await loadSyncCache(path, cap.log);
  assert.ok(cap.find(/written by PoracleNG/));
  assert.deepEqual(loaded, {
    version: 1,
    rules: {
      uk: {
        rule: 'uk',
        guild: '123',
        template: '',
        lastRun: '2025-05-06T07:08:09Z',
        fences: {
          Soho: { fence: 'Soho', args: [], categoryId: 'cat-9', updatedAt: '2025-05-06T07:08:09Z', channels: [{ index: 0, name: 'soho', channelId: 'c-master' }, { index: UNKNOWN_CHANNEL_INDEX, name: 'soho-chat', channelId: 'c-chat' }] },
          Old: { fence: 'Old', args: [], categoryId: null, updatedAt: '2025-05-06T07:08:09Z', channels: [{ index: 0, name: '', channelId: 'c-old' }] },
          Cleared: { fence: 'Cleared', args: [], categoryId: null, updatedAt: '2025-05-06T07:08:09Z', channels: [] },
        },
      },
      never: { rule: 'never', guild: '77', template: '', fences: {} },
    },
  });
});

test('prune drops channels that no longer exist and counts them', () => {
  const live = { channelIds: new Set(['Soho-c0', 'Mayfair-c0', 'Mayfair-c1']), categoryIds: new Set(['cat-1']) };
  const r = pruneSyncCache(state, live);
  assert.deepEqual(r.prunedFences, []);
  assert.equal(r.prunedChannels, 1);
  assert.deepEqual(r.state.fences.Soho!.channels.map((c) => c.index), [0]);
  assert.equal(r.state.fences.Soho!.channels[0]!.webhookUrl, 'https://discord.invalid/api/webhooks/Soho');
  assert.equal(r.state.fences.Mayfair, state.fences.Mayfair);
  assert.equal(state.fences.Soho!.channels.length, 2, 'the input is not changed');
});

test('prune: a fence whose category is gone keeps its channels with categoryId null', () => {
  const live = { channelIds: new Set(['Soho-c0', 'Soho-c1', 'Mayfair-c0', 'Mayfair-c1']), categoryIds: new Set<string>() };
  const r = pruneSyncCache(state, live);
  assert.deepEqual(r.prunedFences, []);
  assert.equal(r.clearedCategories, 2);
  assert.equal(r.state.fences.Soho!.categoryId, null);
  assert.equal(r.state.fences.Soho!.channels.length, 2);
});

test('prune: a fence with no channel left and no category is dropped (the sync makes it again as toCreate); one that keeps its category stays', () => {
  const live = { channelIds: new Set(['Mayfair-c1']), categoryIds: new Set<string>() };
  const r = pruneSyncCache(state, live);
  assert.deepEqual(r.prunedFences, ['Soho']);
  assert.equal(r.prunedChannels, 3);
  assert.deepEqual(Object.keys(r.state.fences), ['Mayfair']);

  const keepCategory = pruneSyncCache(state, { channelIds: new Set(), categoryIds: new Set(['cat-1']) });
  assert.deepEqual(keepCategory.prunedFences, []);
  assert.deepEqual(keepCategory.state.fences.Soho!.channels, []);
  assert.equal(keepCategory.state.fences.Soho!.categoryId, 'cat-1');

  const topLevel = withFence(state, cachedFence('Top', { categoryId: null }));
  assert.deepEqual(pruneSyncCache(topLevel, { channelIds: new Set(['Soho-c0', 'Mayfair-c0']), categoryIds: new Set(['cat-1']) }).prunedFences, ['Top']);
});

test('prune with everything alive returns the same state', () => {
  const live = { channelIds: new Set(['Soho-c0', 'Soho-c1', 'Mayfair-c0', 'Mayfair-c1']), categoryIds: new Set(['cat-1']) };
  const r = pruneSyncCache(state, live);
  assert.equal(r.state, state);
  assert.deepEqual([r.prunedFences, r.prunedChannels, r.clearedCategories], [[], 0, 0]);
});

test('withFence adds or replaces, withoutFence removes; the input is never changed', () => {
  const added = withFence(state, cachedFence('Camden'));
  assert.deepEqual(Object.keys(added.fences), ['Soho', 'Mayfair', 'Camden']);
  assert.deepEqual(Object.keys(state.fences), ['Soho', 'Mayfair']);
  const replaced = withFence(state, cachedFence('Soho', { args: ['x'] }));
  assert.deepEqual(replaced.fences.Soho!.args, ['x']);
  assert.deepEqual(state.fences.Soho!.args, ['London', 'Soho']);
  const removed = withoutFence(state, 'Soho');
  assert.deepEqual(Object.keys(removed.fences), ['Mayfair']);
  assert.equal(removed.lastRun, state.lastRun);
  assert.equal(withoutFence(state, 'Nowhere'), state);
});

test('ruleStateOf reads a rule; withRule adds or replaces one', () => {
  assert.equal(ruleStateOf(sample, 'uk'), state);
  assert.equal(ruleStateOf(sample, 'ie'), undefined);
  assert.equal(ruleStateOf(sample, 'toString'), undefined);
  const next = withRule(sample, { ...emptyRuleState('uk', '123', 'area2') });
  assert.deepEqual(next.rules.uk!.fences, {});
  assert.equal(sample.rules.uk, state);
});

test('an empty JSON object (an empty PoracleNG cache) is an empty cache without a warning', async () => {
  const path = file();
  await saveSyncCache(path, sample);
  await writeFile(path, '{}', 'utf8');
  const cap = captureLog();
  assert.deepEqual(await loadSyncCache(path, cap.log), emptySyncCache());
  assert.equal(cap.lines.length, 0);
});
