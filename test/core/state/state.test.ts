import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { LookoutError } from '../../../core/errors.ts';
import { createMetrics } from '../../../core/metrics/metrics.ts';
import type { SnapshotData } from '../../../core/state/snapshot.ts';
import type { Snapshot } from '../../../core/model.ts';
import type { ValuePage } from '../../../core/db/read-table.ts';
import { indexInSteps } from '../../../core/match/index-steps.ts';
import { StateManager, type StateSource, type StateTable } from '../../../core/state/state.ts';
import { human, sightingRule } from '../../helpers/humans.ts';
import { captureLog } from '../../helpers/log-capture.ts';

function source(): StateSource & { data: SnapshotData; loads: number; fail: boolean; gate: Promise<void> | null } {
  const s = {
    data: { humans: [human('a')], profiles: [], locations: [], tables: new Map([['t', [sightingRule('a', 1)]]]) } as SnapshotData,
    loads: 0,
    fail: false,
    gate: null as Promise<void> | null,
    async loadPeople() {
      s.loads++;
      if (s.gate) await s.gate;
      if (s.fail) throw new Error('db gone');
      return s.data;
    },
    async readRows(table: string, onPage: (page: ValuePage) => void) {
      // two pages of value arrays, as a database source hands them over
      const rows = s.data.tables.get(table) ?? [];
      const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
      const layout = { columns, integer: columns.map((c) => rows.every((row) => row[c] === null || Number.isInteger(row[c]))) };
      const half = Math.ceil(rows.length / 2);
      for (const page of [rows.slice(0, half), rows.slice(half)]) if (page.length > 0) onPage({ layout, rows: page.map((row) => columns.map((c) => row[c] ?? null)) });
    },
  };
  return s;
}

function manager(src: StateSource, debounceMs = 30, tables: readonly StateTable[] = [{ table: 't' }]) {
  const captured = captureLog();
  const state = new StateManager({ source: src, tables, indexers: [{ plugin: 'p', build: (s) => s.activeRules('t').length }], log: captured.log, metrics: createMetrics({ collectProcess: false }), reloadIntervalMs: 0, debounceMs });
  return { state, captured };
}

describe('state', () => {
  test('builds the first snapshot with plugin indexes, then swaps on reload', async () => {
    const src = source();
    const { state } = manager(src);
    await state.start();
    const first = state.current;
    assert.equal(first.humans.get('a')?.name, 'user a');
    assert.equal(first.index<number>('p'), 1);
    src.data = { ...src.data, humans: [human('a'), human('b')] };
    assert.equal(await state.reload(), true);
    assert.equal(state.current.humans.size, 2);
    assert.equal(first.humans.size, 1, 'the old snapshot is never mutated');
    assert.ok(state.current.version > first.version);
    assert.ok(Object.isFrozen(state.current));
  });

  test('an index built in steps is finished before the snapshot is swapped in', async () => {
    const src = source();
    function* steps(snapshot: Snapshot): Generator<void, number, undefined> {
      yield;
      return snapshot.activeRules('t').length * 10;
    }
    const state = new StateManager({ source: src, tables: [{ table: 't', indexed: true }], indexers: [{ plugin: 'p', build: (s) => indexInSteps(steps(s)) }], log: captureLog().log, metrics: createMetrics({ collectProcess: false }), reloadIntervalMs: 0 });
    await state.start();
    assert.equal(state.current.index<number>('p'), 10);
    assert.deepEqual(state.current.activeRules('t'), [], 'the indexed list is let go once the index is built');
  });

  test('matching keeps reading the old snapshot while a reload is in progress', async () => {
    const src = source();
    const { state } = manager(src);
    await state.start();
    const before = state.current;
    let open!: () => void;
    src.gate = new Promise((r) => (open = r));
    const reloading = state.reload();
    assert.equal(state.current, before);
    open();
    await reloading;
    assert.notEqual(state.current, before);
  });

  test('a failed reload keeps the previous snapshot and logs why', async () => {
    const src = source();
    const { state, captured } = manager(src);
    await state.start();
    const before = state.current;
    src.fail = true;
    assert.equal(await state.reload(), false);
    assert.equal(state.current, before);
    const line = captured.find(/state reload failed/);
    assert.ok(line);
    assert.equal(line.err, 'db gone');
  });

  test('requestReload is debounced: a burst of mutations gives one rebuild', async () => {
    const src = source();
    const { state } = manager(src, 40);
    await state.start();
    const loads = src.loads;
    for (let i = 0; i < 10; i++) state.requestReload();
    await state.settled();
    assert.equal(src.loads, loads + 1);
  });

  test('activeRows hides disabled humans, other profiles and orphans', async () => {
    const src = source();
    src.data = {
      humans: [human('on'), human('off', { enabled: false }), human('admin', { adminDisable: true }), human('p2', { currentProfileNo: 2 })],
      profiles: [],
      locations: [],
      tables: new Map([['t', [sightingRule('on', 1), sightingRule('off', 1), sightingRule('admin', 1), sightingRule('p2', 1), sightingRule('p2', 1, { profile_no: 2 }), sightingRule('orphan', 1)]]]),
    };
    const { state } = manager(src, 30, [{ table: 't', read: (row) => ({ who: row.id, profile: row.profile_no }) }]);
    await state.start();
    assert.deepEqual(state.current.activeRules('t'), [{ who: 'on', profile: 1 }, { who: 'p2', profile: 2 }], 'only active rows are kept, as the reader typed them');
    assert.deepEqual(state.current.activeRules('unknown'), []);
    assert.equal(state.current.index<number>('p'), 2);
  });

  test('a table whose plugin builds an index is released once the index is built; the index keeps what it took', async () => {
    const src = source();
    src.data = { ...src.data, humans: [human('a'), human('b')], tables: new Map([['t', [sightingRule('a', 1), sightingRule('b', 2)]]]) };
    const { state } = manager(src, 30, [{ table: 't', read: (row) => row.id, indexed: true }]);
    await state.start();
    assert.deepEqual(state.current.activeRules('t'), [], 'the loaded list is not kept beside the index');
    assert.equal(state.current.index<number>('p'), 2, 'the index was built from the full list');
  });

  test('an indexed table\'s rules are pending while its index is built: read in the index\'s order, grouped by a column first', async () => {
    const src = source();
    const rows = [sightingRule('a', 3), sightingRule('off', 1), sightingRule('b', 1), sightingRule('a', 2, { profile_no: 2 }), sightingRule('a', 1)];
    src.data = { ...src.data, humans: [human('a'), human('b'), human('off', { enabled: false })], tables: new Map([['t', rows], ['u', [sightingRule('a', 9)]]]) };
    const captured = captureLog();
    const seen: unknown[] = [];
    const state = new StateManager({
      source: src,
      tables: [{ table: 't', read: (row) => ({ who: row.id, species: row.species }), indexed: true }, { table: 'u', read: (row) => row.species }],
      indexers: [
        {
          plugin: 'p',
          build: (s) => {
            const pending = s.pendingRules<{ who: string; species: number }>('t');
            const species = pending.column('species');
            const order = Array.from({ length: pending.length }, (_, i) => i).sort((x, y) => Number(species(x)) - Number(species(y)));
            seen.push(pending.read(0) !== pending.read(0), s.pendingRules('none').length, s.activeRules('u'));
            assert.throws(() => s.pendingRules('u'), (err: unknown) => err instanceof LookoutError && err.code === 'INTERNAL' && /indexed/.test(err.message));
            return order.map((i) => pending.read(i));
          },
        },
      ],
      log: captured.log,
      metrics: createMetrics({ collectProcess: false }),
      reloadIntervalMs: 0,
    });
    await state.start();
    assert.deepEqual(state.current.index('p'), [
      { who: 'b', species: 1 },
      { who: 'a', species: 1 },
      { who: 'a', species: 3 },
    ]);
    assert.deepEqual(seen, [true, 0, [9]], 'a new rule on every read; no rules for an unknown table; an unindexed table is read at once');
    assert.deepEqual(state.current.activeRules('u'), [9]);
  });
});
