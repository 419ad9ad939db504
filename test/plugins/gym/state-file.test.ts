/**
 * The last known gym state survives a restart: a new plugin on the same root reads `.cache/gym-state.json`,
 * so a gym's first update after the restart is compared with what was known (no false team change). The file
 * is written atomically after the debounce; a damaged file or entry is skipped.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { silentLogger } from '../../../core/log/logger.ts';
import { GYM_STATE_FILE, GymStateStore } from '../../../plugins/gym/state-file.ts';
import type { GymIndex } from '../../../plugins/gym/rule.ts';
import { human } from '../../helpers/humans.ts';
import { buildGym, gymHook, gymRow, matchContext, receive, snapshotWith } from './support.ts';

const roots: string[] = [];
after(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));

function root(): string {
  const dir = mkdtempSync(join(tmpdir(), 'lookout-gym-state-'));
  roots.push(dir);
  return dir;
}

test('after a restart the same team is no change, another team is', async () => {
  const dir = root();
  const first = await buildGym({}, dir);
  receive(first, gymHook({ team: 2 }));
  await first.states.flush();
  const stored = JSON.parse(readFileSync(join(dir, GYM_STATE_FILE), 'utf8')) as { gyms: Record<string, unknown> };
  assert.deepEqual(stored.gyms['gym-1.16'], { team: 2, slotsAvailable: 3, inBattle: false });

  const second = await buildGym({}, dir);
  const ash = human('ash', { area: ['downtown'] });
  const rule = gymRow('ash');
  const snapshot = snapshotWith(second, [ash], [rule]);
  const index = snapshot.index<GymIndex>('gym');
  assert.deepEqual(second.plugin.match(receive(second, gymHook({ team: 2 })), snapshot, index, matchContext(['downtown'])), []);
  const changed = second.plugin.match(receive(second, gymHook({ team: 3 })), snapshot, index, matchContext(['downtown']));
  assert.deepEqual(changed.map((m) => m.ruleUid), [rule.uid]);
});

test('many updates make one write of the latest state; flush waits for it', async () => {
  const dir = root();
  const store = new GymStateStore({ rootDir: dir, log: silentLogger(), debounceMs: 60_000 });
  store.set('a', { team: 1, slotsAvailable: 6, inBattle: false });
  store.set('a', { team: 2, slotsAvailable: 5, inBattle: true });
  store.set('b', { team: 0, slotsAvailable: 6, inBattle: false });
  await store.flush();
  const stored = JSON.parse(readFileSync(join(dir, GYM_STATE_FILE), 'utf8')) as { version: number; gyms: Record<string, unknown> };
  assert.equal(stored.version, 1);
  assert.deepEqual(stored.gyms, { a: { team: 2, slotsAvailable: 5, inBattle: true }, b: { team: 0, slotsAvailable: 6, inBattle: false } });
});

test('a damaged file or entry is skipped; the good entries load', async () => {
  const dir = root();
  mkdirSync(join(dir, '.cache'), { recursive: true });
  writeFileSync(join(dir, GYM_STATE_FILE), '{not json');
  const broken = new GymStateStore({ rootDir: dir, log: silentLogger() });
  await broken.load();
  assert.equal(broken.size, 0);

  writeFileSync(join(dir, GYM_STATE_FILE), JSON.stringify({ version: 1, gyms: { good: { team: 3, slotsAvailable: 2, inBattle: false }, bad: { team: 9 } } }));
  const partial = new GymStateStore({ rootDir: dir, log: silentLogger() });
  await partial.load();
  assert.equal(partial.size, 1);
  assert.deepEqual(partial.get('good'), { team: 3, slotsAvailable: 2, inBattle: false });
});
